"""The game file's conformance cases (grammar/conformance/game-*.txt): every accepted file plays
to the points it says, every refused file reports exactly its problems, each at its line and
column. A case's file may be a games file: its games (split at ``---`` lines) are each replayed
on their own, as mjscore game does."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest

from mjscore.game.read import GameError
from mjscore.game.replay import Replay, split_games

CASES = Path(__file__).resolve().parents[2] / "grammar" / "conformance"
_PROBLEM = re.compile(r"([a-z][a-z-]*)@(\d+):(\d+)")


class Case(NamedTuple):
    title: str
    lines: tuple[str, ...]  # the game file's lines, as typed
    expected: str
    where: str  # file:line of the case, for failure messages


def read_cases(name: str) -> list[Case]:
    """``=== TITLE``, the file's lines, ``=> EXPECTED``; "#" lines before the first case are comments."""
    cases: list[Case] = []
    title, lines, start = None, [], 0
    for number, line in enumerate((CASES / name).read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("=== "):
            if title is not None:
                raise ValueError(f"{name}:{number}: a case starts before the last one ended with =>")
            title, lines, start = line[4:], [], number
        elif title is not None and line.startswith("=> "):
            cases.append(Case(title, tuple(lines), line[3:].strip(), f"{name}:{start}"))
            title = None
        elif title is not None:
            lines.append(line)
        elif line.strip() and not line.startswith("#"):
            raise ValueError(f"{name}:{number}: outside a case, only comments and blank lines: {line!r}")
    if title is not None:
        raise ValueError(f"{name}: the last case has no =>")
    return cases


def _params(name: str) -> list[object]:
    return [pytest.param(case, id=case.title) for case in read_cases(name)]


def _play(case: Case) -> list[Replay | GameError]:
    """Each game of the case's file replayed to its end, or what stopped it."""
    played: list[Replay | GameError] = []
    for game in split_games(line + "\n" for line in case.lines):
        try:
            replay = Replay(game)
            for _ in replay.hands():
                pass
            played.append(replay)
        except GameError as stopped:
            played.append(stopped)
    return played


def _points(replay: Replay) -> str:
    standings = replay.standings()
    points = {row.player: row.points for row in standings.rows}
    pool = "pot" if replay.header.ruleset.family == "baba" else "sticks"  # what is left on the table
    return " ".join([*(f"{name}={points[name]}" for name in replay.header.players), f"{pool}={standings.leftover}"])


@pytest.mark.parametrize("case", _params("game-accept.txt"))
def test_accepted(case: Case) -> None:
    found = []
    for game in _play(case):
        if isinstance(game, GameError):
            shown = "\n".join(f"line {n}: {error.describe()}" for n, error in game.faults)
            pytest.fail(f"{case.where}: refused:\n{shown}")
        found.append(_points(game))
    assert " --- ".join(found) == case.expected, case.where


@pytest.mark.parametrize("case", _params("game-reject.txt"))
def test_refused(case: Case) -> None:
    stopped = [game for game in _play(case) if isinstance(game, GameError)]
    assert stopped, f"{case.where}: every game was played"
    faults = [fault for game in stopped for fault in game.faults]
    found = sorted((p.code, number, p.col) for number, error in faults for p in error.problems)
    expected = sorted((m[1], int(m[2]), int(m[3])) for m in _PROBLEM.finditer(case.expected))
    assert len(expected) == len(case.expected.split()), f"{case.where}: expected CODE@LINE:COL ..."
    assert found == expected, case.where


def test_the_case_files_are_read_whole() -> None:
    # why: a case file that did not parse as cases would leave its cases untested
    assert len(read_cases("game-accept.txt")) >= 10
    assert len(read_cases("game-reject.txt")) >= 20
