"""BABA's ledger (baba, baba-beginner): the KOBAN each player holds, the pot of penalty KOBAN,
the OBABA in play and who deals, carried from hand to hand until a player has no KOBAN left
(docs/rules/baba.md §6, §7; README, "Whole games").

A win line is read and scored as every seated ledger's (``game.seated``), with what the ledger
owns (the discarder, the pot, the OBABA in play, the number of players) blanked where it was
written and the ledger's ``pot=`` and ``players=`` written after it. Whatever the rules leave
open is a ``BabaGameOptions`` rule.
"""

from __future__ import annotations

from typing import Final

from mjscore.errors import Problem, quoted
from mjscore.families.baba.cards import nth_card, read_cards
from mjscore.families.baba.deck import WILD_NAME, deck_of
from mjscore.game.ledger import Played, Standing, Standings, Table, WinPlayed, balances_by_player, zero_sum
from mjscore.game.options import EXTRA_OBABA, BabaGameOptions
from mjscore.game.read import GameLine, Header
from mjscore.game.seated import HandPart, SeatedLedger, line_error
from mjscore.notation.build import ITEM_TAGS, closest_word
from mjscore.notation.tokens import Token
from mjscore.payment import DISCARDER, POT, WINNER, Payment
from mjscore.result import ScoreResult
from mjscore.rulesets import AnyRuleSet

SEATS: Final = "ESWN"  # turn order from the first dealer; the header's players say how many sit (3 or 4)
PENALTY: Final = 1  # KOBAN an offender puts in the pot (docs/rules/baba.md §7)
# The items a line may state that the ledger derives (and writes into a win it scores): the KOBAN
# in the pot while the hand is played, the OBABA in play, the players at the table; and from=.
STATE_KEYS: Final = ("pot", "obaba", "players")
WIN_KEYS: Final = frozenset(("from", *STATE_KEYS))
HAND_END_KEYS: Final = ("pot", "obaba")  # what a draw or a penalty line may state


def _cards(part: HandPart) -> tuple[Token, ...]:
    """The cards of a hand, apart from its items."""
    return tuple(tok for tok in part.rest if tok.tag not in ITEM_TAGS)


def _flags(part: HandPart) -> frozenset[str]:
    """A hand's flags (ron, tsumo ...): BABA writes them in lower case, so no other word is one."""
    return frozenset(tok.text.lower() for tok in part.rest if tok.tag == "flag")


class BabaLedger(SeatedLedger):
    """Plays a BABA game (Expert or Beginner rules): ``play`` each hand line in order, then
    ``standings``. Its players sit in turn order, named by name only."""

    @staticmethod
    def seats(ruleset: AnyRuleSet) -> str:
        """The seat letters of a full BABA table: turn order from the first dealer."""
        return SEATS

    def __init__(self, header: Header) -> None:
        super().__init__(header)
        assert isinstance(header.options, BabaGameOptions)  # BABA's games: options.game_options_type
        self.options = header.options
        self.koban = [self.options.start] * self.n
        self.deck = deck_of(header.settings)
        self.base_obaba = min(self.options.obaba, self.deck.max_wilds)  # in play when no hand has added one
        self.table = Table(0, 0, obaba=self.base_obaba)  # the next hand's: its dealer, the pot, the OBABA in play

    # -- the table as it stands

    def _where(self) -> str:
        t = self.table
        return f"hand {self.hands + 1}, {self.name(t.dealer)} deals, pot {t.sticks}, {t.obaba} {WILD_NAME} in play"

    def _state(self) -> dict[str, str]:
        """What the ledger has for the items a line may state."""
        return {"pot": str(self.table.sticks), "obaba": str(self.table.obaba), "players": str(self.n)}

    def who(self, text: str, col: int, problems: list[Problem]) -> int | None:
        """The player a name stands for (any case): BABA has no seat winds to name one by."""
        found = self.header.player_index(text)
        if found is None:
            guess = closest_word(text, list(self.header.players))
            hint = f"; did you mean {guess!r}?" if guess else ""
            message = f"{quoted(text)} is no player here{hint} (players: {', '.join(self.header.players)})"
            problems.append(Problem("game-unknown-player", message, col))
        return found

    # -- a line

    def play(self, line: GameLine) -> Played:
        """The hand of ``line`` played; ``GameError`` lists every problem of the line."""
        self._playable(line)
        kind = line.kind
        if kind == "abort":
            message = (
                "BABA has no abortive draw: a hand the pile ran out on is a draw line (draw), "
                "a wrong claim or card count a penalty (chombo NAME)"
            )
            raise line_error(line, [Problem("game-abort", message, 1)])
        if kind == "win":
            played = self._win(line)
        elif kind == "draw":
            played = self._draw(line)
        else:
            played = self._penalty(line)
        self.hands += 1
        return played

    # -- a win

    def _win(self, line: GameLine) -> Played:
        problems: list[Problem] = []
        if len(line.tokens) > 2:
            message = "BABA has one winner a hand: the line names one (the pot goes to the next winner)"
            raise line_error(line, [Problem("game-several-winners", message, line.tokens[2].loc + 1)])
        player_tok, hand_tok = line.tokens
        hand = self._read_part(line, hand_tok, problems, WIN_KEYS)
        winner = self.who(player_tok.text, player_tok.loc + 1, problems)
        discarder = self._discarder(hand, winner, problems)
        self._check_stated(hand.owned, self._state(), problems)
        result = self._score(hand, [("pot", str(self.table.sticks)), ("players", str(self.n))], problems)
        if result is not None:
            self._check_obaba(hand, problems)
        if problems or result is None or winner is None:
            raise line_error(line, problems)
        return self._settle(line, winner, discarder, result)

    def _discarder(self, hand: HandPart, winner: int | None, problems: list[Problem]) -> int | None:
        """Who discarded a ron's winning card (from=NAME): none for a tsumo."""
        item = hand.owned.get("from")
        flags = _flags(hand)
        ron = "ron" in flags
        if item is None:
            if ron:
                cards = _cards(hand)
                col = cards[0].loc + 1 if cards else 0
                message = "a ron in a game names its discarder: from=NAME"
                problems.append(Problem("game-discarder-missing", message, col))
            return None
        if not ron and "tsumo" in flags:
            message = "from= names the discarder of a ron; this is a tsumo (every other player pays)"
            problems.append(Problem("from-with-tsumo", message, item[1]))
            return None
        discarder = self.who(item[0], item[1], problems)
        if discarder is not None and discarder == winner:
            problems.append(Problem("from-winner", "the winner cannot discard their own winning card", item[1]))
        return discarder

    def _check_obaba(self, hand: HandPart, problems: list[Problem]) -> None:
        """A hand holds no more OBABA than are in play this hand. The rule set refuses more than
        the deck has; how many are in play is the ledger's to know (docs/rules/baba.md §1)."""
        cards = _cards(hand)
        held = sum(read_cards(tok.text, self.deck, tok.text_col)[0].count(None) for tok in cards)
        in_play = self.table.obaba
        if in_play < held <= self.deck.max_wilds:
            added = in_play - self.base_obaba
            why = f"{added} added by hands with no result" if added else "no hand with no result has added one"
            message = (
                f"{held} {WILD_NAME}, but {in_play} are in play this hand ({self.base_obaba} to start with; {why})"
            )
            problems.append(Problem("too-many-obaba", message, nth_card(cards, self.deck, None, in_play + 1)))

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
        hand = self._read_part(line, line.tokens[0], problems, frozenset(HAND_END_KEYS))
        for tok in hand.rest[1:]:  # what follows the word draw, but the stated values
            keys = " and ".join(k + "=" for k in HAND_END_KEYS)
            message = f"a BABA draw line (no result: the pile ran out) takes {keys}, not {quoted(tok.text)}"
            problems.append(Problem("unknown-word", message, tok.loc + 1))
        self._check_stated(hand.owned, self._state(), problems)
        if problems:
            raise line_error(line, problems)
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
        self._check_stated(stated, self._state(), problems)
        if problems or offender is None:
            raise line_error(line, problems)
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
