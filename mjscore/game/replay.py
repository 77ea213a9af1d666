"""Replaying a game file: the header, then each hand through the rule set's ledger, in order.

``Replay`` reads the lines of a file (as ``scoring.read_lines`` gives them: comments, blank
lines, a byte-order mark and CR LF as in a batch). ``LEDGERS`` names each rule set's ledger.
``split_games`` cuts a games file into its games, each replayed on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final, Protocol

from mjscore.errors import HandError, Problem
from mjscore.front import DEFAULT_SETTINGS, undecoded_error
from mjscore.game.baba import BabaLedger
from mjscore.game.baida import BaidaLedger
from mjscore.game.hana import HanaLedger
from mjscore.game.ledger import Ledger, Played, Standings
from mjscore.game.read import GameError, GameLine, Header, read_header, read_line
from mjscore.game.riichi import RiichiLedger
from mjscore.game.tokens import is_games_separator
from mjscore.rulesets import AnyRuleSet
from mjscore.scoring import Overlong, hand_lines
from mjscore.values import Value


class LedgerKind(Protocol):
    """What keeps a rule set's games: its seat letters, and a ledger for a header."""

    def __call__(self, header: Header) -> Ledger: ...

    def seats(self, ruleset: AnyRuleSet) -> str: ...


# Each rule set's ledger: every built-in rule set keeps its games (one registered from outside
# mjscore has none, and its header is refused: game-ruleset-no-ledger).
LEDGERS: Final[Mapping[str, LedgerKind]] = {
    "riichi": RiichiLedger,
    "sanma": RiichiLedger,
    "hana": HanaLedger,
    "baida": BaidaLedger,
    "baba": BabaLedger,
    "baba-beginner": BabaLedger,
}


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameText(Value):
    """One game of a file: the number of its first line, and its lines as read (comments and
    blank lines included, so each line keeps its number in the file)."""

    first: int
    lines: tuple[str | Overlong, ...]


def split_games(lines: Iterable[str | Overlong]) -> Iterator[GameText]:
    """The games of a file, in order: its lines between separator lines (``---``). A stretch with
    no line that holds something is no game (a separator at the start, at the end, two in a
    row), except in a file that holds no game at all: that one empty game is told (no header)."""
    held: list[str | Overlong] = []
    first, filled, games = 1, False, 0
    for number, raw in enumerate(lines, 1):
        content = next(hand_lines((raw,), number), None)  # the line as a game reads it; None: nothing
        if content is not None and isinstance(content[1], str) and is_games_separator(content[1]):
            if filled:
                games += 1
                yield GameText(first, tuple(held))
            first, held, filled = number + 1, [], False
        else:
            held.append(raw)
            filled = filled or content is not None
    if filled or not games:
        yield GameText(first, tuple(held))


def game_lines(lines: Iterable[str | Overlong], start: int = 1) -> Iterator[GameLine]:
    """Each line of a game file that holds something, read by the game grammar; ``GameError`` at
    the first that cannot be read. ``start``: the number of the first line (a game of a games file)."""
    for number, text in hand_lines(lines, start):
        if isinstance(text, Overlong):
            raise GameError([(number, text.error(None))])
        undecoded = undecoded_error(text, DEFAULT_SETTINGS)
        if undecoded is not None:
            undecoded.ruleset = None
            raise GameError([(number, undecoded)])
        line = read_line(number, text)
        if line.kind == "separator":
            message = "'---' separates the games of a games file: each is replayed on its own (split_games)"
            raise GameError([(number, HandError(text, (Problem("game-separator", message, 1),)))])
        yield line


class Replay:
    """A game being replayed: ``header`` (read when made: ``GameError`` if it cannot be), then
    ``hands()``, each hand as played (``GameError`` stops at a line that cannot be), then
    ``standings()``. Given a ``GameText`` (a game of a games file), its lines are numbered from
    its first line in the file."""

    def __init__(self, lines: Iterable[str | Overlong] | GameText) -> None:
        if isinstance(lines, GameText):
            self._lines = game_lines(lines.lines, lines.first)
        else:
            self._lines = game_lines(lines)
        header_lines: list[GameLine] = []
        self._first: GameLine | None = None
        for line in self._lines:
            if line.kind != "header":
                self._first = line
                break
            header_lines.append(line)
        seats = {name: kind.seats for name, kind in LEDGERS.items()}
        self.header = read_header(header_lines, seats, self._first)
        self.ledger = LEDGERS[self.header.ruleset.name](self.header)

    def hands(self) -> Iterator[Played]:
        if self._first is not None:
            yield self.ledger.play(self._first)
        for line in self._lines:
            yield self.ledger.play(line)

    def standings(self) -> Standings:
        return self.ledger.standings()
