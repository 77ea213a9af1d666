"""Baida's ledger (docs/rules/baida.md §9; README, "Whole games"): a game's running totals of
its points.

The sheet scores a hand and says who pays it (docs/rules/baida.md §8), and nothing of a game:
no starting points, no length, no dealer, no end. What a Baida game is played by is
``BaidaGameOptions``, each rule chosen (the data file says why): everyone starts at 0, a total
may go below it; the deal moves as riichi's, kept by a dealer who wins and after a draw; the
game ends when the deal passes on from the last round's last dealer; the standings rank the
points, equal points by seat order from the first dealer. The dealer matters to the hand: East
deals, and a Blessing of Heaven is East's. A hand line is the winner's hand with ``from=``
naming the discarder of a ron; the ledger writes its ``seat=``; a draw is ``draw`` alone.
A discard pays one winner (docs/rules/baida.md §9); Baida has no abortive draw and no chombo.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from mjscore.errors import Problem, quoted
from mjscore.families.mpsz.tiles import SEATS
from mjscore.game.ledger import Played, Standing, Standings, Table, WinPlayed, balances_by_player, zero_sum
from mjscore.game.options import ROUNDS, BaidaGameOptions
from mjscore.game.read import GameLine, Header
from mjscore.game.seated import SeatedLedger, line_error
from mjscore.notation.tokens import BLANKS, DRAW_RE, RULESET_RE
from mjscore.payment import Payment
from mjscore.rulesets import AnyRuleSet, find_ruleset

WIN_KEYS: Final = frozenset(("seat", "from"))  # the items of a win line the ledger owns: it writes seat=
_DRAW: Final = re.compile(rf"(?:{RULESET_RE})?[{BLANKS}]*{DRAW_RE}")  # a draw line's start: [baida:] draw


class BaidaLedger(SeatedLedger):
    """Plays a Baida game: ``play`` each hand line in order, then ``standings``."""

    @staticmethod
    def seats(ruleset: AnyRuleSet) -> str:
        """Baida is played by four (docs/rules/baida.md §8): seats E S W N."""
        return SEATS

    def __init__(self, header: Header) -> None:
        super().__init__(header)
        assert isinstance(header.options, BaidaGameOptions)  # Baida's games: options.game_options_type
        self.options = header.options
        self.points = [self.options.start] * self.n
        self.rounds = ROUNDS[self.options.length]

    def play(self, line: GameLine) -> Played:
        """The hand of ``line`` played; ``GameError`` lists every problem of the line."""
        self._playable(line)
        if line.kind == "win":
            played = self._win(line)
        elif line.kind == "draw":
            played = self._draw(line)
        else:
            message = (
                f"a Baida game has no {line.kind} line: a hand is won (NAME: HAND) or drawn (draw); "
                "the sheet knows no abortive draw and no penalty"
            )
            raise line_error(line, [Problem("game-line-kind", message, 1)])
        self.hands += 1
        return played

    def _win(self, line: GameLine) -> Played:
        problems: list[Problem] = []
        player_tok, hand_tok = line.tokens[0], line.tokens[1]
        if len(line.tokens) > 2:
            message = "a discard pays one winner in Baida: the player nearest the discarder in turn takes it"
            problems.append(Problem("game-several-winners", message, line.tokens[2].loc + 1))
        part = self._read_part(line, hand_tok, problems, WIN_KEYS)
        winner = self.who(player_tok.text, player_tok.loc + 1, problems)
        discarder = self._player_item(part, "from", problems)
        ron = "ron" in part.words
        if ron and "from" not in part.owned:
            message = "a ron in a game names its discarder: from=NAME (or the seat letter)"
            problems.append(Problem("game-discarder-missing", message, part.col))
        if winner is None:
            raise line_error(line, problems)
        self._check_stated(part.owned, {"seat": self.seat_letter(winner)}, problems)
        items = [("seat", self.seat_letter(winner))]
        if discarder is not None:
            items.append(("from", self.seat_letter(discarder)))
        result = self._score(part, items, problems)
        if problems or result is None:
            raise line_error(line, problems)
        discarder_name = None if discarder is None else self.name(discarder)
        win = WinPlayed(self.name(winner), "ron" if ron else "tsumo", discarder_name, result, True)
        keeps = winner == self.table.dealer and self.options.repeat_win
        return self._finish(line, "win", self._named(result.payments), (win,), keeps=keeps)

    def _draw(self, line: GameLine) -> Played:
        """``draw`` alone (a ``baida:`` prefix if you like): nobody won, nothing is paid."""
        tok = line.tokens[0]
        problems: list[Problem] = []
        start = _DRAW.match(tok.text)
        assert start is not None  # the game grammar read the line as a draw
        prefix = start[1]
        ruleset = find_ruleset(prefix) if prefix else self.header.ruleset
        if ruleset is None or ruleset.name != self.header.ruleset.name:
            message = f"this game is {self.header.ruleset.name}; the draw is written for {quoted(prefix)}"
            problems.append(Problem("game-ruleset-mismatch", message, tok.loc + 1))
        for word in re.finditer(r"\S+", tok.text[start.end() :]):
            message = f"a Baida draw is the word draw alone (nobody won, nothing is paid), not {quoted(word[0])}"
            problems.append(Problem("unknown-word", message, tok.loc + start.end() + word.start() + 1))
        if problems:
            raise line_error(line, problems)
        return self._finish(line, "draw", [], (), keeps=self.options.repeat_draw == "always")

    def _finish(
        self, line: GameLine, outcome: str, payments: Sequence[Payment], wins: tuple[WinPlayed, ...], *, keeps: bool
    ) -> Played:
        before = self.table
        deltas, _ = balances_by_player(tuple(payments), self.header.players)
        self.points = [p + d for p, d in zip(self.points, deltas, strict=True)]
        zero_sum(self.header, self.points, 0, f"line {line.number}")
        notes: list[str] = []
        self._next(keeps, notes)
        return Played(
            line=line.number,
            text=line.text,
            label=before.label(self.n),
            table=before,
            dealer=self.name(before.dealer),
            seats=tuple(self.seat_letters[before.seat_of(p, self.n)] for p in range(self.n)),
            outcome=outcome,
            wins=wins,
            draw=None,
            riichi=(),
            offender=None,
            reason="",
            payments=tuple(payments),
            deltas=deltas,
            totals=tuple(self.points),
            sticks=0,
            notes=tuple(notes),
            ended=self.ended,
        )

    def _next(self, keeps: bool, notes: list[str]) -> None:
        """The next hand's dealer, or the game's end: after the last round's last dealer passes the deal."""
        t, n = self.table, self.n
        if keeps:
            notes.append(f"{self.name(t.dealer)} keeps the deal")
            return
        dealer = (t.dealer + 1) % n
        round_ = t.round + (1 if dealer == 0 else 0)
        self.table = Table(round_, dealer)
        if round_ < self.rounds:
            notes.append(f"the deal passes to {self.name(dealer)}")
        else:
            self.ended = "the last hand was played"
            notes.append(f"the game ends: {self.ended}")

    def standings(self) -> Standings:
        """The players by points (equal points by seat order from the first dealer); each one's
        final score is what they won or lost over the game, points - start."""
        ended = self.ended
        if ended is None:
            ended = f"the file ends before the game does; next: {self._where()}"
        order = sorted(range(self.n), key=lambda p: (-self.points[p], p))
        start = self.options.start
        rows = tuple(
            Standing(self.name(p), place, self.points[p], 0, 0, 0, 0, self.points[p] - start)
            for place, p in enumerate(order, 1)
        )
        return Standings(self.ended is not None, ended, rows, 0, (), self.hands)
