"""BABA's ledger (baba, baba-beginner): the KOBAN each player holds, the pot of penalty KOBAN,
the OBABA in play and who deals, carried from hand to hand until a player has no KOBAN left
(docs/rules/baba.md §6, §7; README, "Whole games").

A win line is scored by the rule set as the user wrote it, with what the ledger owns (the
discarder, the pot, the OBABA in play, the number of players) blanked where it was written and
the ledger's ``pot=`` and ``players=`` written after it: a problem of the line keeps the column
it was typed at. Whatever the rules leave open is a ``BabaGameOptions`` rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mjscore.errors import HandError, Problem, quoted
from mjscore.families.baba.cards import nth_card, read_cards
from mjscore.families.baba.deck import WILD_NAME, deck_of
from mjscore.game.ledger import Played, Standing, Standings, Table, WinPlayed, balances_by_player, zero_sum
from mjscore.game.options import EXTRA_OBABA, BabaGameOptions
from mjscore.game.read import GameError, GameLine, Header
from mjscore.notation.build import ITEM_TAGS, closest_word
from mjscore.notation.tokens import Token
from mjscore.options import read_count_text
from mjscore.payment import DISCARDER, POT, WINNER, Payment
from mjscore.result import ScoreResult
from mjscore.rulesets import AnyRuleSet
from mjscore.scoring import read_tokens, score

SEATS = "ESWN"  # turn order from the first dealer; the header's players say how many sit (3 or 4)
PENALTY = 1  # KOBAN an offender puts in the pot (docs/rules/baba.md §7)
# The items a line may state that the ledger derives (and writes into a win it scores): the KOBAN
# in the pot while the hand is played, the OBABA in play, the players at the table; and from=.
STATE_KEYS = ("pot", "obaba", "players")
WIN_KEYS = ("from", *STATE_KEYS)
HAND_END_KEYS = ("pot", "obaba")  # what a draw or a penalty line may state
COUNT_MOST = 999  # a stated count is read up to this (a game has far fewer)
# A scored line's added items: (start, end) in its text and the column of the item the user wrote (0: none).
Added = tuple[tuple[int, int, int], ...]


def _fail(line: GameLine, problems: Sequence[Problem]) -> GameError:
    return GameError([(line.number, HandError(line.text, tuple(sorted(problems, key=lambda p: p.col))))])


@dataclass(frozen=True, slots=True)
class _Hand:
    """A hand of a line as the hand notation reads it: its text with the ledger's items blanked
    (columns as typed), those items (key -> value and the 1-based column of the value), its flag
    words (lower case), the tokens of its cards and whatever else it holds that is no item."""

    text: str
    owned: Mapping[str, tuple[str, int]]
    words: frozenset[str]
    cards: tuple[Token, ...]
    others: tuple[Token, ...]  # items the ledger does not own

    def written(self, items: Sequence[tuple[str, str]]) -> tuple[str, Added]:
        """The line scored: the text and the ledger's ``items`` after it."""
        text, added = self.text, []
        for key, value in items:
            start = len(text) + 1
            text += f" {key}={value}"
            added.append((start, len(text), self.owned.get(key, ("", 0))[1]))
        return text, tuple(added)


def _user_column(col: int, added: Added) -> int:
    """The column a problem of a scored line is told at: the user's item for one the ledger wrote."""
    for start, end, user in added:
        if start < col <= end:
            return user
    return col


class BabaLedger:
    """Plays a BABA game (Expert or Beginner rules): ``play`` each hand line in order, then
    ``standings``."""

    @staticmethod
    def seats(ruleset: AnyRuleSet) -> str:
        """The seat letters of a full BABA table: turn order from the first dealer."""
        return SEATS

    def __init__(self, header: Header) -> None:
        assert isinstance(header.options, BabaGameOptions)  # the header reads each rule set's own rules
        self.header = header
        self.options = header.options
        self.n = len(header.players)
        self.koban = [self.options.start] * self.n
        self.deck = deck_of(header.settings)
        self.base_obaba = min(self.options.obaba, self.deck.max_wilds)  # in play when no hand has added one
        self.table = Table(0, 0, obaba=self.base_obaba)  # the next hand's: its dealer, the pot, the OBABA in play
        self.ended: str | None = None
        self.hands = 0

    # -- the table as it stands

    def name(self, player: int) -> str:
        return self.header.players[player]

    def _where(self) -> str:
        t = self.table
        return f"hand {self.hands + 1}, {self.name(t.dealer)} deals, pot {t.sticks}, {t.obaba} {WILD_NAME} in play"

    def _state(self) -> dict[str, int]:
        return {"pot": self.table.sticks, "obaba": self.table.obaba, "players": self.n}

    def who(self, text: str, col: int, problems: list[Problem]) -> int | None:
        """The player a name stands for (any case): BABA has no seat winds to name one by."""
        found = self.header.player_index(text)
        if found is None:
            guess = closest_word(text, list(self.header.players))
            hint = f"; did you mean {guess!r}?" if guess else ""
            message = f"{quoted(text)} is no player here{hint} (players: {', '.join(self.header.players)})"
            problems.append(Problem("game-unknown-player", message, col))
        return found

    def _check_stated(self, stated: Mapping[str, tuple[str, int]], problems: list[Problem]) -> None:
        """Items a line states that the ledger derives: each must agree."""
        for key, value in self._state().items():
            if key in stated and read_count_text(stated[key][0], COUNT_MOST) != value:
                given, col = stated[key]
                message = f"{key}={given}, but the ledger has {key}={value} here ({self._where()})"
                problems.append(Problem("game-ledger-mismatch", message, col))

    # -- a line

    def play(self, line: GameLine) -> Played:
        """The hand of ``line`` played; ``GameError`` lists every problem of the line."""
        if self.ended is not None:
            message = f"the game is over ({self.ended}): this line is one hand too many"
            raise _fail(line, [Problem("game-over", message)])
        kind = line.kind
        if kind == "header":
            message = "header items stand before the first hand: the header ends where the hands begin"
            raise _fail(line, [Problem("game-header-late", message, 1)])
        if kind == "abort":
            message = (
                "BABA has no abortive draw: a hand the pile ran out on is a draw line (draw), "
                "a wrong claim or card count a penalty (chombo NAME)"
            )
            raise _fail(line, [Problem("game-abort", message, 1)])
        if kind == "win":
            played = self._win(line)
        elif kind == "draw":
            played = self._draw(line)
        else:
            played = self._penalty(line)
        self.hands += 1
        return played

    def _read(self, line: GameLine, token: Token, keys: Sequence[str], problems: list[Problem]) -> _Hand:
        """The hand text of ``token`` as the hand notation reads it (its notation errors stop the
        line), with the ledger's items (``keys``) taken out."""
        start, end = token.loc, token.loc + len(token.text)
        masked = " " * start + line.text[start:end]
        try:
            ruleset, tokens = read_tokens(masked, self.header.settings)
        except HandError as exc:
            raise GameError([(line.number, HandError(line.text, exc.problems))]) from None
        if ruleset.name != self.header.ruleset.name:  # nothing else of it can be judged
            message = f"this game is {self.header.ruleset.name}; the hand is written for {ruleset.name}"
            raise _fail(line, [Problem("game-ruleset-mismatch", message, start + 1)])
        chars = list(masked)
        owned: dict[str, tuple[str, int]] = {}
        words, cards, others = set(), [], []
        for tok in tokens:
            key = tok.text.lower()
            if tok.tag not in ITEM_TAGS:
                cards.append(tok)
            elif tok.tag != "option" or key not in keys:
                others.append(tok)
                if tok.tag == "flag":
                    words.add(key)
            else:
                if key in owned:
                    problems.append(Problem("duplicate-item", f"{quoted(tok.text)} is given twice", tok.loc + 1))
                owned.setdefault(key, (tok.value, tok.value_loc + 1))
                chars[tok.loc : tok.end] = " " * (tok.end - tok.loc)
        return _Hand("".join(chars).rstrip(), owned, frozenset(words), tuple(cards), tuple(others))

    # -- a win

    def _win(self, line: GameLine) -> Played:
        problems: list[Problem] = []
        if len(line.tokens) > 2:
            message = "BABA has one winner a hand: the line names one (the pot goes to the next winner)"
            raise _fail(line, [Problem("game-several-winners", message, line.tokens[2].loc + 1)])
        player_tok, hand_tok = line.tokens
        hand = self._read(line, hand_tok, WIN_KEYS, problems)
        winner = self.who(player_tok.text, player_tok.loc + 1, problems)
        discarder = self._discarder(hand, winner, problems)
        self._check_stated(hand.owned, problems)
        text, added = hand.written([("pot", str(self.table.sticks)), ("players", str(self.n))])
        result = None
        try:
            result = score(text, self.header.settings)
        except HandError as exc:
            problems.extend(Problem(p.code, p.message, _user_column(p.col, added)) for p in exc.problems)
        if result is not None:
            self._check_obaba(hand, problems)
        if problems or result is None or winner is None:
            raise _fail(line, problems)
        return self._settle(line, winner, discarder, result)

    def _discarder(self, hand: _Hand, winner: int | None, problems: list[Problem]) -> int | None:
        """Who discarded a ron's winning card (from=NAME): none for a tsumo."""
        item = hand.owned.get("from")
        ron = "ron" in hand.words
        if item is None:
            if ron:
                col = hand.cards[0].loc + 1 if hand.cards else 0
                message = "a ron in a game names its discarder: from=NAME"
                problems.append(Problem("game-discarder-missing", message, col))
            return None
        if not ron and "tsumo" in hand.words:
            message = "from= names the discarder of a ron; this is a tsumo (every other player pays)"
            problems.append(Problem("from-with-tsumo", message, item[1]))
            return None
        discarder = self.who(item[0], item[1], problems)
        if discarder is not None and discarder == winner:
            problems.append(Problem("from-winner", "the winner cannot discard their own winning card", item[1]))
        return discarder

    def _check_obaba(self, hand: _Hand, problems: list[Problem]) -> None:
        """A hand holds no more OBABA than are in play this hand. The rule set refuses more than
        the deck has; how many are in play is the ledger's to know (docs/rules/baba.md §1)."""
        held = sum(read_cards(tok.text, self.deck, tok.text_col)[0].count(None) for tok in hand.cards)
        in_play = self.table.obaba
        if in_play < held <= self.deck.max_wilds:
            added = in_play - self.base_obaba
            why = f"{added} added by hands with no result" if added else "no hand with no result has added one"
            message = (
                f"{held} {WILD_NAME}, but {in_play} are in play this hand ({self.base_obaba} to start with; {why})"
            )
            problems.append(Problem("too-many-obaba", message, nth_card(hand.cards, self.deck, None, in_play + 1)))

    def _settle(self, line: GameLine, winner: int, discarder: int | None, result: ScoreResult) -> Played:
        """The rule set's payments between players: on a tsumo each other player in turn order
        from the winner, on a ron the discarder; a payer short of KOBAN pays all they hold unless
        ``debt`` is on. The pot goes to the winner."""
        others = [(winner + i) % self.n for i in range(1, self.n)]
        roles = {WINNER: winner, **{f"other_{i}": p for i, p in enumerate(others, 1)}}
        if discarder is not None:
            roles[DISCARDER] = discarder
        how = "tsumo" if discarder is None else "ron"
        payments: list[Payment] = []
        short: list[str] = []  # payers who held less than they owed
        for p in result.payments:
            if p.payer == POT:
                payments.append(Payment(POT, self.name(winner), p.amount, "penalty KOBAN in the pot"))
            elif p.amount:
                payer = roles[p.payer]
                amount = p.amount if self.options.debt else min(p.amount, self.koban[payer])
                reason = how if amount == p.amount else f"{how}: all they hold, debt=off"
                payments.append(Payment(self.name(payer), self.name(winner), amount, reason))
                if amount < p.amount:
                    short.append(f"{self.name(payer)} held {amount} of the {p.amount} KOBAN owed")
        named = None if discarder is None else self.name(discarder)
        win = WinPlayed(self.name(winner), how, named, result, True, "; ".join(short))
        obaba, notes = self.table.obaba, []
        if self.options.obaba_reset == "win" and obaba > self.base_obaba:
            obaba = self.base_obaba
            notes.append(f"the extra {WILD_NAME} leave the game: {obaba} in play next hand")
        return self._finish(line, "win", payments, self._next_dealer(winner), notes, obaba=obaba, wins=(win,))

    def _next_dealer(self, winner: int) -> int:
        """Who deals after a win (``deal``)."""
        deal, dealer = self.options.deal, self.table.dealer
        if deal == "winner" or (deal == "repeat" and winner == dealer):
            return winner
        return (dealer + 1) % self.n

    # -- no result, a penalty

    def _draw(self, line: GameLine) -> Played:
        problems: list[Problem] = []
        hand = self._read(line, line.tokens[0], HAND_END_KEYS, problems)
        for tok in [*hand.cards[1:], *hand.others]:  # the first "card" is the word draw
            keys = " and ".join(k + "=" for k in HAND_END_KEYS)
            message = f"a BABA draw line (no result: the pile ran out) takes {keys}, not {quoted(tok.text)}"
            problems.append(Problem("unknown-word", message, tok.loc + 1))
        self._check_stated(hand.owned, problems)
        if problems:
            raise _fail(line, problems)
        before = self.table.obaba
        obaba = min(before + 1, self.base_obaba + EXTRA_OBABA, self.deck.max_wilds)
        if obaba > before:
            more = f"one more {WILD_NAME} next hand: {obaba} in play"
        else:
            more = f"{WILD_NAME} stay at {before} in play ({EXTRA_OBABA} extra at most, and no more than the deck has)"
        return self._finish(line, "draw", [], self.table.dealer, [f"no result: nobody pays; {more}"], obaba=obaba)

    def _penalty(self, line: GameLine) -> Played:
        problems: list[Problem] = []
        offender = self.who(line.tokens[1].text, line.tokens[1].loc + 1, problems)
        stated: dict[str, tuple[str, int]] = {}
        for tok in line.tokens[2:]:
            if tok.text.lower() in HAND_END_KEYS:
                stated[tok.text.lower()] = (tok.value, tok.value_loc + 1)
            else:
                keys = " and ".join(k + "=" for k in HAND_END_KEYS)
                message = f"a penalty line (chombo NAME) takes {keys}, not {quoted(tok.text)}="
                problems.append(Problem("unknown-word", message, tok.loc + 1))
        self._check_stated(stated, problems)
        if problems or offender is None:
            raise _fail(line, problems)
        payments = [Payment(self.name(offender), POT, PENALTY, "penalty")]
        notes = [f"penalty: {self.name(offender)} puts {PENALTY} KOBAN in the pot; the hand ends"]
        t = self.table
        return self._finish(line, "chombo", payments, t.dealer, notes, obaba=t.obaba, offender=offender)

    # -- after a hand: the KOBAN, the deal, the end

    def _finish(
        self,
        line: GameLine,
        outcome: str,
        payments: list[Payment],
        dealer: int,
        notes: list[str],
        *,
        obaba: int,
        wins: tuple[WinPlayed, ...] = (),
        offender: int | None = None,
    ) -> Played:
        """The hand's payments made, and the next hand's table: its ``dealer`` and ``obaba``."""
        before = self.table
        deltas, pool = balances_by_player(tuple(payments), self.header.players, POT)
        pot = before.sticks + pool
        self.koban = [k + d for k, d in zip(self.koban, deltas, strict=True)]
        zero_sum(self.header, self.koban, pot, f"line {line.number}", unit=1, pool="the pot")
        if dealer == before.dealer:
            notes.append(f"{self.name(dealer)} deals again")
        else:
            notes.append(f"the deal passes to {self.name(dealer)}")
        self.table = Table(0, dealer, 0, pot, obaba=obaba)
        out = [self._out(p) for p in range(self.n) if self.koban[p] <= 0]
        if out:
            self.ended = "; ".join(out)
            notes.append(f"the game ends: {self.ended}")
        return Played(
            line=line.number,
            text=line.text,
            label=str(self.hands + 1),
            table=before,
            dealer=self.name(before.dealer),
            seats=tuple(SEATS[(p - before.dealer) % self.n] for p in range(self.n)),
            outcome=outcome,
            wins=wins,
            draw=None,
            riichi=(),
            offender=None if offender is None else self.name(offender),
            reason="",
            payments=tuple(payments),
            deltas=deltas,
            totals=tuple(self.koban),
            sticks=pot,
            notes=tuple(notes),
            ended=self.ended,
        )

    def _out(self, player: int) -> str:
        held = self.koban[player]
        if held == 0:
            return f"{self.name(player)} has no KOBAN left"
        return f"{self.name(player)} owes {-held} KOBAN (debt=on)"

    def over(self) -> str | None:
        return self.ended

    # -- the end

    def standings(self) -> Standings:
        """Placement by KOBAN, ties by seat order from the first dealer (docs/rules/baba.md §7),
        and where the pot left at the end goes: at the end, or as the game stands when the file
        ends before it does (the pot then stays where it is)."""
        finished = self.ended is not None
        ended = self.ended if self.ended is not None else f"the file ends before the game does; next: {self._where()}"
        order = sorted(range(self.n), key=lambda p: (-self.koban[p], p))
        left = self.table.sticks
        to_first = finished and self.options.leftover_pot == "first" and left > 0
        rows = []
        for place, player in enumerate(order, 1):
            pot = left if to_first and place == 1 else 0
            held = self.koban[player]
            rows.append(Standing(self.name(player), place, held, pot, 0, 0, 0, held + pot))
        receivers = (self.name(order[0]),) if to_first else ()
        return Standings(finished, ended, tuple(rows), left, receivers, self.hands)
