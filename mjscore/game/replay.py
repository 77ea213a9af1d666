"""Replaying a game file: the header, then each hand through the rule set's ledger, in order.

``Replay`` reads the lines of a file (as ``scoring.read_lines`` gives them: comments, blank
lines, a byte-order mark and CR LF as in a batch). ``LEDGERS`` names each rule set's ledger.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Protocol

from mjscore.game.baba import BabaLedger
from mjscore.game.baida import BaidaLedger
from mjscore.game.hana import HanaLedger
from mjscore.game.ledger import Ledger, Played, Standings
from mjscore.game.read import GameError, GameLine, Header, read_header, read_line
from mjscore.game.riichi import RiichiLedger
from mjscore.rulesets import AnyRuleSet
from mjscore.scoring import Overlong, hand_lines, undecoded_error
from mjscore.settings import Settings


class LedgerKind(Protocol):
    """What keeps a rule set's games: its seat letters, and a ledger for a header."""

    def __call__(self, header: Header) -> Ledger: ...

    def seats(self, ruleset: AnyRuleSet) -> str: ...


# Each rule set's ledger: every built-in rule set keeps its games (one registered from outside
# mjscore has none, and its header is refused: game-ruleset-no-ledger).
LEDGERS: Mapping[str, LedgerKind] = {
    "riichi": RiichiLedger,
    "sanma": RiichiLedger,
    "hana": HanaLedger,
    "baida": BaidaLedger,
    "baba": BabaLedger,
    "baba-beginner": BabaLedger,
}
_READING = Settings()  # what a line that is not UTF-8 is told with


def game_lines(lines: Iterable[str | Overlong]) -> Iterator[GameLine]:
    """Each line of a game file that holds something, read by the game grammar; ``GameError`` at
    the first that cannot be read."""
    for number, text in hand_lines(lines):
        if isinstance(text, Overlong):
            raise GameError([(number, text.error(None))])
        undecoded = undecoded_error(text, _READING)
        if undecoded is not None:
            undecoded.ruleset = None
            raise GameError([(number, undecoded)])
        yield read_line(number, text)


class Replay:
    """A game being replayed: ``header`` (read when made: ``GameError`` if it cannot be), then
    ``hands()``, each hand as played (``GameError`` stops at a line that cannot be), then
    ``standings()``."""

    def __init__(self, lines: Iterable[str | Overlong]) -> None:
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
