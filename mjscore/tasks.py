"""The tasks of mjscore waits FILE, game and log, which ``batch.tasked_inputs`` runs as it runs
mjscore batch's ``Scoring``: in this process or over worker processes, in input order. They
stand apart from ``batch`` so that a batch, and every command but these, does not make their
classes at start-up (a frozen dataclass is about a millisecond to make)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from mjscore.batch import Lines, Rendered, Source
from mjscore.errors import printable
from mjscore.render import AnalysisRenderer
from mjscore.render.plot import Chart
from mjscore.settings import Settings
from mjscore.values import Value

if TYPE_CHECKING:
    from mjscore.game.ledger import Played, Standings
    from mjscore.game.read import Header
    from mjscore.game.replay import GameText
    from mjscore.logs.tenhou import LogText


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Analysing(Value):
    """mjscore waits FILE: each line's hand analysed (what it waits on, what each wait scores)."""

    settings: Settings
    renderer: AnalysisRenderer

    def rendered(self, lines: Lines, start: int, source: Source) -> Iterator[Rendered]:
        from mjscore.analysis import analyse_many  # it loads riichi: only for this task

        renderer = self.renderer
        for line in analyse_many(lines, self.settings, start):
            if line.analysis is not None:
                output = renderer.analysis(line.number, line.analysis, source.name)
                yield Rendered(line.number, output, (), source)
            elif line.error is not None:
                errors = renderer.error(line.number, line.error, source.name)
                yield Rendered(line.number, errors, line.error.problems, source)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameReport(Value):
    """One game of an input replayed and rendered: what goes to standard output, what is told on
    stderr, and how it went: finished, unfinished (the file ends first), failed (a line stopped
    it) or broken (the ledger's own check failed: an internal error)."""

    source: Source
    output: str  # lines, each ending with a line end
    messages: tuple[str, ...]
    outcome: str
    chart: Chart | None = None  # each player's total over the hands, when asked (--plot)


class GameReplay(Protocol):
    """A game being replayed (``game.replay.Replay``): its header, each hand as played, the end."""

    @property
    def header(self) -> Header: ...

    def hands(self) -> Iterator[Played]: ...

    def standings(self) -> Standings: ...


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Replaying(Value):
    """mjscore game: each game replayed by ``replay`` and rendered in ``fmt``; ``several``: the run
    has more than one game, so what is written says which game it is; ``chart``: keep each game's
    totals for a picture. ``replay`` is ``game.replay.Replay``, handed over by the command where it
    imports it, so that a test may replace it there (compiled code would call the class it was
    built with, and check that what it made is one: hence a protocol, not the class)."""

    replay: Callable[[GameText], GameReplay]
    fmt: str
    several: bool = False
    chart: bool = False

    def rendered(self, lines: Iterable[GameText], start: int, source: Source) -> Iterator[GameReport]:
        for index, game in enumerate(lines, start):
            yield self.replayed(game, index, source)

    def replayed(self, game: GameText, index: int, source: Source) -> GameReport:
        from mjscore.game.ledger import LedgerBroken
        from mjscore.game.read import GameError
        from mjscore.render.game import GamePlace, chart_of, get_game_renderer

        place = GamePlace(index, game.first) if self.several else None
        where = f"{source.name}:{game.first}: game {index}" if self.several else source.name
        renderer = get_game_renderer(self.fmt, source.name, place)
        out: list[str] = []
        played: list[Played] = []
        try:
            replay = self.replay(game)
            _put(out, renderer.start(replay.header))
            for hand in replay.hands():
                _put(out, renderer.hand(hand))
                played.append(hand)
        except GameError as stopped:
            told: list[str] = []
            for number, error in stopped.faults:
                _put(out, renderer.error(number, error))
                told += [f"{source.name}:{number}:{max(p.col, 1)}: {p.message} [{p.code}]" for p in error.problems]
            return GameReport(source, "".join(out), tuple(told), "failed")
        except LedgerBroken as broken:
            said = f"mjscore: {where}: {broken}" if self.several else f"mjscore: {broken}"
            return GameReport(source, "".join(out), (said,), "broken")
        standings = replay.standings()
        _put(out, renderer.standings(standings))
        chart = chart_of(replay.header, played, source.name) if self.chart else None
        if standings.finished:
            return GameReport(source, "".join(out), (), "finished", chart)
        unfinished = f"{where}: the game is unfinished: {standings.ended}"
        return GameReport(source, "".join(out), (unfinished,), "unfinished", chart)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class LogReport(Value):
    """One game of a log file checked and rendered: what goes to standard output, what is told on
    stderr (each part that cannot be read), and how its rounds went: ``agreed``, ``disagreed``
    (the game's end included: a ledger that does not end it as the log does marks its last round)
    and ``unreadable`` (the game, or one of its rounds)."""

    source: Source
    output: str  # lines, each ending with a line end
    messages: tuple[str, ...]
    agreed: int = 0
    disagreed: int = 0
    unreadable: int = 0


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Checking(Value):
    """mjscore log: each game of a file of logs (a ``logs.tenhou.LogText``) checked by the ledger
    and rendered in ``fmt`` (``game-file``: rebuilt as a game file, not checked)."""

    fmt: str

    def rendered(self, logs: Iterable[LogText], start: int, source: Source) -> Iterator[LogReport]:
        for number, log in enumerate(logs, start):
            yield self.checked(log, number, source)

    def checked(self, log: LogText, number: int, source: Source) -> LogReport:
        from mjscore.logs.report import check_game_text, read_game_text
        from mjscore.render.log import get_log_renderer

        if self.fmt == "game-file":
            game = read_game_text(log, source.name, number)
        else:
            game = check_game_text(log, source.name, number)
        out: list[str] = []
        _put(out, get_log_renderer(self.fmt).game(game))
        told = tuple(printable(str(u.error)) for u in game.unreadable)
        checks = game.checked.checks if game.checked is not None else ()
        agreed = sum(1 for check in checks if check.agree)
        return LogReport(source, "".join(out), told, agreed, len(checks) - agreed, len(told))


def _put(out: list[str], text: str | None) -> None:
    """A renderer's text as lines of output, unless there is none (as ``shell.emit`` writes it)."""
    if text is not None:
        out.append(text + "\n")
