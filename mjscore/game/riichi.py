"""The riichi family's ledger (riichi, sanma; hana through ``game.hana``): seats, dealer, honba
and riichi sticks carried from hand to hand, each hand scored by the rule set's own pipeline,
and the standings with oka and uma (docs/rules/riichi.md §10, docs/rules/sanma.md §11; README,
"Whole games"). It reads and scores a hand line as every seated ledger does
(``game.seated``), owning seat, round, honba, sticks and the players named for seats (from=,
pao=, tenpai=, nagashi=, riichi=). What differs between tables is ``GameOptions``; what differs
between rule sets of the family is data (their seats, ``ABORT_REASONS``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from mjscore.errors import Problem, quoted
from mjscore.game.ledger import (
    ROUND_LETTERS,
    STICK,
    Played,
    Standing,
    Standings,
    Table,
    WinPlayed,
    balances_by_player,
    chips_even,
    shares,
    sticks_text,
    zero_sum,
)
from mjscore.game.options import GameOptions
from mjscore.game.read import GameLine, Header
from mjscore.game.seated import HandPart, SeatedLedger, line_error
from mjscore.notation.build import closest_word
from mjscore.payment import STICKS, Payment
from mjscore.presets import PRESET_KEY
from mjscore.result import ScoreResult
from mjscore.rulesets import AnyRuleSet
from mjscore.rulesets.riichi import RiichiFamily
from mjscore.values import Value

RIICHI_WORDS: Final = frozenset(("riichi", "double-riichi", "wriichi"))  # a winner's own declaration, in its hand
# What a table may abort a hand for (an abort line's reason), by the players at it: four winds
# and four riichi need four players.
ABORT_REASONS: Final = {
    4: ("nine-terminals", "four-winds", "four-riichi", "four-kongs", "triple-ron"),
    3: ("nine-terminals", "four-kongs"),
}
ALL_RIICHI: Final = "four-riichi"  # every player declared: their sticks stay on the table
# The items the ledger writes into a line it scores (a line may state them, and is held to
# them), and those that name players (by name or this hand's seat letter), on a win line and on
# a draw line; the ledger reads them, the rule set the rest (a draw has no seat=, a win no tenpai=).
STATE_KEYS: Final = ("seat", "round", "honba", "sticks")
PLAYER_KEYS: Final = ("from", "pao", "tenpai", "nagashi", "riichi")
WIN_KEYS: Final = frozenset(("seat", "round", "honba", "sticks", "from", "pao", "riichi", PRESET_KEY))
DRAW_KEYS: Final = frozenset(("round", "honba", "sticks", "tenpai", "nagashi", "riichi", PRESET_KEY))
_ABORT_KEYS: Final = ("riichi", "round", "honba", "sticks")
_CHOMBO_KEYS: Final = ("round", "honba", "sticks")


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class _Win(Value):
    """A winner of a line, read: who, how, from whom, and the hand."""

    winner: int
    ron: bool
    discarder: int | None
    liable: int | None
    part: HandPart
    col: int  # the winner's name


class RiichiLedger(SeatedLedger):
    """Plays a game of the riichi family (riichi, sanma, hana): ``play`` each hand line in order,
    then ``standings``. A member of the family that keeps more than points (hana's flower chips)
    derives from it and fills two hooks: ``line_keys`` and ``chip_payments``."""

    @staticmethod
    def seats(ruleset: AnyRuleSet) -> str:
        """The seat letters of a rule set of the riichi family, the rule sets this ledger plays."""
        assert isinstance(ruleset, RiichiFamily)
        return ruleset.seat_letters

    def __init__(self, header: Header) -> None:
        super().__init__(header)
        assert isinstance(header.options, GameOptions)  # the riichi family's games: options.game_options_type
        self.options = header.options
        self.points = list(header.start_points())
        self.rounds = 1 if self.options.length == "east" else 2
        resume = header.resume
        if resume is not None:  # the file starts in the middle of the game (docs/notation.md §7)
            extra = resume.round >= self.rounds
            self.table = Table(resume.round, resume.dealer, resume.honba, resume.sticks, extra)
        self.may_end: str | None = None  # the last dealer may stop here (last_hand=may-stop)
        self.penalties = [0] * self.n  # chombo points off the final score (chombo=final)
        # The hooks: items of a line the ledger reads besides its own (hana: aside=, variant=),
        # and whether it keeps chips beside the points (then chip_payments pays them).
        self.line_keys: frozenset[str] = frozenset()
        self.keeps_chips = False
        self.chips = [0] * self.n  # each player's chips (kept with keeps_chips)

    def _where(self) -> str:
        t = self.table
        return f"{super()._where()}, honba {t.honba}, {sticks_text(t.sticks)} on the table"

    # -- a line

    def play(self, line: GameLine) -> Played:
        """The hand of ``line`` played; ``GameError`` lists every problem of the line."""
        self._playable(line)
        kind = line.kind
        self.may_end = None
        if kind == "win":
            played = self._wins(line)
        elif kind == "draw":
            played = self._draw(line)
        elif kind == "abort":
            played = self._abort(line)
        else:
            played = self._chombo(line)
        self.hands += 1
        return played

    def _state(self, sticks: int) -> dict[str, str]:
        """What the ledger has for the items a line may state (``sticks``: on the table at its end)."""
        t = self.table
        return {"round": ROUND_LETTERS[t.round], "honba": str(t.honba), "sticks": str(sticks)}

    def _declarers(
        self, riichi: tuple[str, int] | None, problems: list[Problem], also: Sequence[int] = ()
    ) -> list[int]:
        """Who declared riichi this hand: ``riichi=`` and ``also`` (winners whose hand says riichi);
        with ``bust`` on, each needs a stick's points (docs/rules/riichi.md §10)."""
        declared = list(also)
        if riichi is not None:
            declared += [p for p in self.names(riichi, problems) if p not in declared]
        col = 0
        if riichi is not None:
            col = riichi[1]
        if self.options.bust:
            for player in declared:
                if self.points[player] < STICK:
                    message = (
                        f"{self.name(player)} has {self.points[player]} points: a riichi needs {STICK} "
                        "(bust=on: nobody plays below zero)"
                    )
                    problems.append(Problem("game-riichi-points", message, col))
        return sorted(declared)

    def _deposits(self, declared: Sequence[int]) -> list[Payment]:
        return [Payment(self.name(p), STICKS, STICK, "riichi") for p in declared]

    # -- wins

    def _wins(self, line: GameLine) -> Played:
        problems: list[Problem] = []
        wins: list[_Win] = []
        riichi: tuple[str, int] | None = None
        for i in range(0, len(line.tokens), 2):
            player_tok, hand_tok = line.tokens[i], line.tokens[i + 1]
            keys = WIN_KEYS | self.line_keys
            part = self._read_part(line, hand_tok, problems, keys)
            if part.is_draw:
                problems.append(Problem("game-win-line", "a win line holds the winner's hand, not a draw", part.col))
            if "riichi" in part.owned and riichi is not None:
                message = "riichi= is given twice on the line: name every declarer in one"
                problems.append(Problem("duplicate-item", message, part.owned["riichi"][1]))
            elif "riichi" in part.owned:
                riichi = part.owned["riichi"]
            winner = self.who(player_tok.text, player_tok.loc + 1, problems)
            if winner is None:
                continue
            if any(w.winner == winner for w in wins):
                problems.append(Problem("game-several-winners", f"{self.name(winner)} wins twice", player_tok.loc + 1))
            ron = "ron" in part.words
            discarder = self._player_item(part, "from", problems)
            if ron and "from" not in part.owned:
                message = "a ron in a game names its discarder: from=NAME (or the seat letter)"
                problems.append(Problem("game-discarder-missing", message, part.col))
            liable = self._player_item(part, "pao", problems)
            self._check_stated(part.owned, {"seat": self.seat_letter(winner)}, problems)
            wins.append(_Win(winner, ron, discarder, liable, part, player_tok.loc + 1))
        if len(wins) > 1:
            self._several(wins, problems)
        in_hand = [w.winner for w in wins if w.part.words & RIICHI_WORDS]
        declared = self._declarers(riichi, problems, in_hand)
        for player in declared:
            if riichi is not None and player not in in_hand and any(w.winner == player for w in wins):
                message = f"riichi= names {self.name(player)}, a winner: say a winner's riichi in the hand (riichi)"
                problems.append(Problem("game-riichi-winner", message, riichi[1]))
        sticks = self.table.sticks + len(declared)
        for w in wins:
            self._check_stated(w.part.owned, self._state(sticks), problems)
        return self._settle_wins(line, wins, declared, sticks, problems)

    def _several(self, wins: list[_Win], problems: list[Problem]) -> None:
        """Several winners share one discard: each a ron, from the same player."""
        first = wins[0].discarder
        for w in wins:
            if not w.ron:
                message = "several winners on a line won by ron on one discard: a tsumo has one winner"
                problems.append(Problem("game-several-winners", message, w.col))
            elif w.discarder is not None and first is not None and w.discarder != first:
                message = (
                    f"winners on one discard share its discarder: {self.name(first)}, not {self.name(w.discarder)}"
                )
                problems.append(Problem("game-several-winners", message, w.part.owned["from"][1]))
        if len(wins) >= self.n:
            problems.append(
                Problem("game-several-winners", f"{len(wins)} winners on one discard at a table of {self.n}", 1)
            )

    def _score_win(
        self, w: _Win, nearest: _Win, problems: list[Problem], *, sticks: int, on_table: int, unpaid: str
    ) -> WinPlayed | None:
        """One winner scored at the table's honba (the two-fan minimum holds for every winner) with
        ``sticks`` (the riichi sticks it takes); a winner beside the nearest is paid without the honba
        where ``ron_honba=nearest``. ``unpaid``: why it is not paid ("": it is)."""
        t = self.table
        items = [("seat", self.seat_letter(w.winner)), ("round", ROUND_LETTERS[t.round])]
        if w.discarder is not None:
            items.append(("from", self.seat_letter(w.discarder)))
        if w.liable is not None:
            items.append(("pao", self.seat_letter(w.liable)))
        result = self._score(w.part, [*items, ("honba", str(t.honba)), ("sticks", str(sticks))], problems)
        notes = [unpaid] if unpaid else []
        if not unpaid and w is not nearest:
            if t.honba and self.options.ron_honba == "nearest":
                result = self._score(w.part, [*items, ("honba", "0"), ("sticks", "0")], problems)
                notes.append(f"the honba go to {self.name(nearest.winner)}, nearest the discarder")
            if on_table:
                notes.append(f"the riichi sticks go to {self.name(nearest.winner)}")
        if result is None:
            return None
        discarder = None if w.discarder is None else self.name(w.discarder)
        how = "ron" if w.ron else "tsumo"
        return WinPlayed(self.name(w.winner), how, discarder, result, not unpaid, "; ".join(notes))

    def _settle_wins(
        self, line: GameLine, wins: list[_Win], declared: list[int], sticks: int, problems: list[Problem]
    ) -> Played:
        """Each winner scored and paid as the table's rules say: several on one discard, nearest the
        discarder in turn order first (docs/rules/riichi.md §10)."""
        o, t, n = self.options, self.table, self.n
        discarder = wins[0].discarder if wins else None
        if discarder is not None:
            wins = sorted(wins, key=lambda w: (t.seat_of(w.winner, n) - t.seat_of(discarder, n)) % n)
        aborted = len(wins) == 3 and o.triple_ron == "abort"
        paid_count = 0 if aborted else 1 if o.multiple_ron == "head" else len(wins)
        split = paid_count > 1 and o.ron_sticks == "split"
        unpaid = "an abortive draw (triple_ron=abort)" if aborted else "head bump: only the nearest winner is paid"
        played: list[WinPlayed] = []
        payments = self._deposits(declared)
        for i, w in enumerate(wins):
            paid = i < paid_count
            taken = sticks if i == 0 and paid and not split else 0
            left = sticks if not split else 0
            win = self._score_win(w, wins[0], problems, sticks=taken, on_table=left, unpaid="" if paid else unpaid)
            if win is None:
                continue
            if played:
                _same_tile(played[0], win, w.part.col, problems)
            played.append(win)
            payments += self._named(win.result.payments) if paid else []
        chips = self.chip_payments([w.part.owned for w in wins], played, problems)
        if problems:
            raise line_error(line, problems)
        if split and sticks:
            takers = [w.winner for w in played if w.paid]
            cuts = shares(sticks * STICK // 100, len(takers))
            payments += [
                Payment(STICKS, who, cut * 100, "riichi sticks, split") for who, cut in zip(takers, cuts, strict=True)
            ]
        if aborted:  # as an abortive draw: the dealer keeps the deal
            return self._finish(
                line,
                "abort",
                payments,
                declared,
                wins=tuple(played),
                reason="triple-ron",
                keeps=True,
                honba=t.honba + 1,
                chips=chips,
            )
        keeps = t.dealer in [w.winner for w in wins[:paid_count]]
        honba = t.honba + 1 if keeps else 0
        return self._finish(
            line, "win", payments, declared, wins=tuple(played), keeps=keeps, honba=honba, won=keeps, chips=chips
        )

    # -- draws, abortive draws, chombo

    def _draw(self, line: GameLine) -> Played:
        problems: list[Problem] = []
        tok = line.tokens[0]
        part = self._read_part(line, tok, problems, DRAW_KEYS | self.line_keys)
        owned = part.owned
        ready = self.names(owned["tenpai"], problems) if "tenpai" in owned else []
        nagashi = self.names(owned["nagashi"], problems) if "nagashi" in owned else []
        declared = self._declarers(owned.get("riichi"), problems)
        for player in declared:
            if player not in ready:
                message = (
                    f"{self.name(player)} declared riichi, so was ready: tenpai= names them "
                    "(a riichi that was not ready is a chombo line)"
                )
                problems.append(Problem("game-riichi-not-ready", message, owned.get("tenpai", owned["riichi"])[1]))
        sticks = self.table.sticks + len(declared)
        self._check_stated(owned, self._state(sticks), problems)
        items: list[tuple[str, str]] = []
        if nagashi:  # it replaces the no-ten payments; tenpai= still says who was ready, for the deal
            items.append(("nagashi", ",".join(self._in_seat_order(nagashi))))
        elif ready:
            items.append(("tenpai", ",".join(self._in_seat_order(ready))))
        result = self._score(part, [*items, ("honba", str(self.table.honba)), ("sticks", str(sticks))], problems)
        chips = self.chip_payments([owned], (), problems)
        if problems or result is None:
            raise line_error(line, problems)
        payments = self._deposits(declared) + self._named(result.payments)
        o, t = self.options, self.table
        keeps = o.repeat_draw == "always" or (o.repeat_draw == "tenpai" and t.dealer in ready)
        honba = t.honba + 1 if keeps or o.honba_draw == "always" else 0
        dealer_ready = t.dealer in ready
        return self._finish(
            line, "draw", payments, declared, draw=result, keeps=keeps, honba=honba, ready=dealer_ready, chips=chips
        )

    def _in_seat_order(self, players: Sequence[int]) -> list[str]:
        return sorted((self.seat_letter(p) for p in players), key=self.seat_letters.index)

    def _abort(self, line: GameLine) -> Played:
        problems: list[Problem] = []
        if not self.options.abortive:
            problems.append(Problem("game-abortive-off", "this table plays no abortive draws (abortive=off)", 1))
        reason = ""
        stated: dict[str, tuple[str, int]] = {}
        for tok in line.tokens[1:]:
            if tok.tag == "reason":
                reason = self._reason(tok.text, tok.loc + 1, problems)
            elif tok.text.lower() in _ABORT_KEYS or tok.text.lower() in self.line_keys:
                stated[tok.text.lower()] = (tok.value, tok.value_loc + 1)
            else:
                keys = ", ".join(k + "=" for k in (*_ABORT_KEYS, *sorted(self.line_keys)))
                message = f"an abort line takes a reason and {keys}, not {quoted(tok.text)}="
                problems.append(Problem("unknown-word", message, tok.loc + 1))
        declared = self._declarers(stated.get("riichi"), problems)
        if reason == ALL_RIICHI:
            if "riichi" in stated and len(declared) != self.n:
                message = "four-riichi: every player declared riichi (riichi= may be left out)"
                problems.append(Problem("game-abort", message, stated["riichi"][1]))
            declared = list(range(self.n))
        sticks = self.table.sticks + len(declared)
        self._check_stated(stated, self._state(sticks), problems)
        chips = self.chip_payments([stated], (), problems)
        if problems:
            raise line_error(line, problems)
        payments = self._deposits(declared)
        honba = self.table.honba + 1
        return self._finish(line, "abort", payments, declared, reason=reason, keeps=True, honba=honba, chips=chips)

    def _reason(self, word: str, col: int, problems: list[Problem]) -> str:
        reasons = ABORT_REASONS[self.n]
        if word.lower() in reasons:
            return word.lower()
        guess = closest_word(word, reasons)
        hint = f"; did you mean {guess!r}?" if guess else ""
        message = f"unknown abortive draw {quoted(word)}{hint} (at {self.n} players: {', '.join(reasons)})"
        problems.append(Problem("game-abort", message, col))
        return ""

    def _chombo(self, line: GameLine) -> Played:
        problems: list[Problem] = []
        offender = self.who(line.tokens[1].text, line.tokens[1].loc + 1, problems)
        stated: dict[str, tuple[str, int]] = {}
        for tok in line.tokens[2:]:
            if tok.text.lower() in _CHOMBO_KEYS:
                stated[tok.text.lower()] = (tok.value, tok.value_loc + 1)
            else:
                keys = ", ".join(k + "=" for k in _CHOMBO_KEYS)
                message = f"a chombo line takes {keys}, not {quoted(tok.text)}="
                problems.append(Problem("unknown-word", message, tok.loc + 1))
        self._check_stated(stated, self._state(self.table.sticks), problems)
        if problems or offender is None:
            raise line_error(line, problems)
        payments: list[Payment] = []
        if self.options.chombo == "mangan":  # what a mangan tsumo of theirs is paid, paid the other way round
            mangan = HandPart(f"draw nagashi={self.seat_letter(offender)} nagashi=on", {}, frozenset(), True, 1)
            result = self._score(mangan, [], problems)
            if result is None:  # the rule set's nagashi line never fails: a defect, told as the line's
                raise line_error(line, problems)
            reason = "chombo: a mangan, paid by the offender"
            payments = [Payment(p.payee, p.payer, p.amount, reason) for p in self._named(result.payments)]
        else:
            self.penalties[offender] += self.options.chombo_points
        return self._finish(
            line, "chombo", payments, [], offender=offender, keeps=True, honba=self.table.honba, chombo=True
        )

    # -- after a hand: the points, the deal, the end

    def _finish(
        self,
        line: GameLine,
        outcome: str,
        payments: list[Payment],
        declared: list[int],
        *,
        keeps: bool,
        honba: int,
        wins: tuple[WinPlayed, ...] = (),
        draw: ScoreResult | None = None,
        reason: str = "",
        offender: int | None = None,
        won: bool = False,
        ready: bool = False,
        chombo: bool = False,
        chips: Sequence[Payment] = (),
    ) -> Played:
        before = self.table
        if outcome in ("draw", "abort") and self.options.draw_sticks == "return":
            payments += [
                Payment(STICKS, self.name(p), STICK, "riichi stick back (draw_sticks=return)") for p in declared
            ]
        deltas, pool = balances_by_player(tuple(payments), self.header.players)
        sticks = before.sticks + pool // STICK
        self.points = [p + d for p, d in zip(self.points, deltas, strict=True)]
        zero_sum(self.header, self.points, sticks, f"line {line.number}")
        chip_deltas = self._keep_chips(chips, line)
        notes: list[str] = []
        if chombo:
            self.table = Table(before.round, before.dealer, before.honba, sticks, before.extra)
            notes.append("the hand is played again: same dealer, same honba")
        else:
            self._next(keeps, honba, sticks, won=won, ready=ready, notes=notes)
        if self.options.bust and self.ended is None and any(p < 0 for p in self.points):
            below = ", ".join(self.name(i) for i, p in enumerate(self.points) if p < 0)
            self.ended = f"{below} below zero (bust=on)"
            self.may_end = None
            notes.append(f"the game ends: {self.ended}")
        return Played(
            line=line.number,
            text=line.text,
            label=before.label(self.n),
            table=before,
            dealer=self.name(before.dealer),
            seats=tuple(self.seat_letters[before.seat_of(p, self.n)] for p in range(self.n)),
            outcome=outcome,
            wins=wins,
            draw=draw,
            riichi=tuple(self.name(p) for p in declared),
            offender=None if offender is None else self.name(offender),
            reason=reason,
            payments=tuple(payments),
            deltas=deltas,
            totals=tuple(self.points),
            sticks=sticks,
            notes=tuple(notes),
            ended=self.ended,
            chip_payments=tuple(chips),
            chip_deltas=chip_deltas,
            chip_totals=tuple(self.chips) if self.keeps_chips else (),
        )

    def chip_payments(
        self, items: Sequence[Mapping[str, tuple[str, int]]], wins: Sequence[WinPlayed], problems: list[Problem]
    ) -> list[Payment]:
        """The hook of a ledger that keeps chips: a hand's chips, players by name, from ``items`` (the
        ``line_keys`` of each hand of its line, with the column of each value) and its ``wins`` as
        scored; its problems join ``problems``. Riichi and sanma keep none."""
        return []

    def _keep_chips(self, chips: Sequence[Payment], line: GameLine) -> tuple[int, ...]:
        """Each player's change of chips (none where the game keeps none), added to their totals."""
        if not self.keeps_chips:
            return ()
        deltas, _ = balances_by_player(tuple(chips), self.header.players)
        self.chips = [c + d for c, d in zip(self.chips, deltas, strict=True)]
        chips_even(self.chips, f"line {line.number}")
        return deltas

    def _next(self, keeps: bool, honba: int, sticks: int, *, won: bool, ready: bool, notes: list[str]) -> None:
        """The table of the next hand, or the game's end (docs/rules/riichi.md §10)."""
        o, t, n = self.options, self.table, self.n
        # the honba and sticks as this hand left them: the next hand's if the deal stays, and
        # the standings' leftover if the game ends here (a win took the sticks)
        self.table = Table(t.round, t.dealer, honba, sticks, t.extra)
        if t.extra and any(p >= o.target for p in self.points):
            self.ended = f"{self._top()} reached {o.target} in the extra round"
            notes.append(f"the game ends: {self.ended}")
            return
        last_round = self.rounds - 1 + (1 if t.extra else 0)
        all_last = t.round == last_round and t.dealer == n - 1
        if keeps:
            notes.append(f"{self.name(t.dealer)} keeps the deal, honba {honba}")
            if all_last and self._dealer_first():
                if o.last_hand == "stops" and (won or ready):
                    self.ended = f"the last dealer, {self.name(t.dealer)}, is first and stops (last_hand=stops)"
                    notes.append(f"the game ends: {self.ended}")
                elif o.last_hand == "may-stop" and won:
                    self.may_end = (
                        f"the last dealer, {self.name(t.dealer)}, won in first place and stopped (last_hand=may-stop)"
                    )
                    notes.append(f"{self.name(t.dealer)} may stop the game here: it ends if the file does")
            return
        dealer = (t.dealer + 1) % n
        round_ = t.round + (1 if dealer == 0 else 0)
        self.table = Table(round_, dealer, honba, sticks, t.extra)
        if round_ <= last_round:
            notes.append(f"the deal passes to {self.name(dealer)}, honba {honba}")
        elif not t.extra and o.extension and not any(p >= o.target for p in self.points):
            self.table = Table(round_, dealer, honba, sticks, True)
            notes.append(f"nobody has {o.target}: an extra round, sudden death; the deal passes to {self.name(dealer)}")
        else:
            self.ended = "the extra round was played" if t.extra else "the last hand was played"
            notes.append(f"the game ends: {self.ended}")

    def _chips_of(self, player: int) -> int | None:
        """A player's chips at the end (None: the game keeps none)."""
        if self.keeps_chips:
            return self.chips[player]
        return None

    def _dealer_first(self) -> bool:
        """The dealer ranks first now (a tie broken by seat order from the first dealer, with ties=seat)."""
        d, points = self.table.dealer, self.points
        seat = self.options.ties == "seat"
        return all(points[d] > p or (p == points[d] and seat and d < q) for q, p in enumerate(points) if q != d)

    def _top(self) -> str:
        best = max(self.points)
        return ", ".join(self.name(i) for i, p in enumerate(self.points) if p == best)

    # -- the end

    def standings(self) -> Standings:
        """Placement, oka, uma and the final score (docs/rules/riichi.md §10): at the end, or as the
        game stands when the file ends before it does (the sticks then stay on the table)."""
        o, n = self.options, self.n
        finished = self.ended is not None or self.may_end is not None
        if self.ended is not None:
            ended = self.ended
        elif self.may_end is not None:
            ended = self.may_end
        else:
            ended = f"the file ends before the game does; next: {self._where()}"
        order = sorted(range(n), key=lambda p: (-self.points[p], p))
        groups = _places(order, self.points, o.ties == "split")
        leftover = self.table.sticks
        to_first = finished and o.leftover_sticks == "first" and leftover > 0
        rows: dict[int, Standing] = {}
        for place, group in groups:
            count = len(group)
            umas = shares(sum(self.header.uma[place - 1 : place - 1 + count]), count)
            okas = shares((o.target - o.start) * n if place == 1 else 0, count)
            sticks = shares(leftover * STICK if to_first and place == 1 else 0, count)
            for i, player in enumerate(group):
                points, penalty = self.points[player], self.penalties[player]
                final = points + sticks[i] - o.target + okas[i] + umas[i] - penalty
                chips = self._chips_of(player)
                rows[player] = Standing(
                    self.name(player), place, points, sticks[i], okas[i], umas[i], penalty, final, chips
                )
        receivers = tuple(self.name(p) for p in groups[0][1]) if to_first else ()
        return Standings(finished, ended, tuple(rows[p] for p in order), leftover, receivers, self.hands)


def _same_tile(first: WinPlayed, other: WinPlayed, col: int, problems: list[Problem]) -> None:
    """Winners on one discard won on that one tile."""
    tile, first_tile = other.result.context.get("winning_tile"), first.result.context.get("winning_tile")
    if tile != first_tile:
        message = (
            f"winners on one discard won on the same tile: {first.winner} on {first_tile}, {other.winner} on {tile}"
        )
        problems.append(Problem("game-several-winners", message, col))


def _places(order: list[int], points: list[int], split: bool) -> list[tuple[int, list[int]]]:
    """The players by place: one per place, or (``split``) those with equal points sharing the
    best of their places."""
    groups: list[tuple[int, list[int]]] = []
    for i, player in enumerate(order):
        if split and groups and points[groups[-1][1][0]] == points[player]:
            groups[-1][1].append(player)
        else:
            groups.append((i + 1, [player]))
    return groups
