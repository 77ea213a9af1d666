"""The shipped example games (examples/games/) replay to the hand-worked tables of their README:
every hand's line, each player's points and change, the sticks left on the table (BABA: KOBAN,
and the pot), and the standings. The README's numbers are the evidence, worked out by hand; this test reads them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli import main

GAMES = Path(__file__).resolve().parents[2] / "examples" / "games"
SECTION = re.compile(r"^## `([\w.-]+)`", re.MULTILINE)
CELL = re.compile(r"(-?\d+)(?: \(([+-]\d+)\))?")
POOLS = {"sticks": "sticks_after", "pot": "pot_after"}  # a hands table's last column: the document's key


def _rows(table: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip().strip("|").split("|")] for line in table.splitlines()[2:]]


def _tables(text: str, first_header: str) -> list[str]:
    """The Markdown tables of ``text`` whose header row starts with ``first_header``."""
    found = []
    for block in re.split(r"\n\s*\n", text):
        lines = [x for x in block.strip().splitlines() if x.startswith("|")]
        if lines and lines[0].startswith(f"| {first_header} |"):
            found.append("\n".join(lines))
    return found


def evidence() -> dict[str, tuple[str, str]]:
    """Each example game's README section: (its hands table, its standings table)."""
    text = (GAMES / "README.md").read_text(encoding="utf-8")
    parts = SECTION.split(text)[1:]
    games = {}
    for name, body in zip(parts[::2], parts[1::2], strict=True):
        (hands,) = _tables(body, "line")
        (standings,) = _tables(body, "place")
        games[name] = (hands, standings)
    return games


EVIDENCE = evidence()


def test_every_example_game_has_its_evidence() -> None:
    # why: a game file without its hand-worked table would be shipped unchecked
    assert sorted(EVIDENCE) == sorted(p.name for p in GAMES.glob("*.txt"))
    assert len(EVIDENCE) >= 2


def _documents(name: str) -> list[dict[str, object]]:
    result = CliRunner().invoke(main, ["game", str(GAMES / name), "--format", "json"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.mark.parametrize("name", sorted(EVIDENCE))
def test_each_hand_pays_what_the_readme_works_out(name: str) -> None:
    hands_table, _ = EVIDENCE[name]
    header, *_ = hands_table.splitlines()
    *players, pool = [c.strip() for c in header.strip().strip("|").split("|")][3:]
    docs = [d for d in _documents(name) if d["kind"] == "hand"]
    rows = _rows(hands_table)
    assert len(docs) == len(rows), "one row per hand line"
    for doc, row in zip(docs, rows, strict=True):
        line, hand, _why, *cells, sticks = row
        where = f"{name} line {line}"
        assert (doc["line"], str(doc["hand"])) == (int(line), hand), where
        expected_totals, expected_deltas = {}, {}
        for player, cell in zip(players, cells, strict=True):
            m = CELL.fullmatch(cell)
            assert m, f"{where}: cannot read {cell!r}"
            expected_totals[player] = int(m[1])
            expected_deltas[player] = int(m[2] or 0)
        assert doc["totals"] == expected_totals, where
        assert doc["deltas"] == expected_deltas, where
        assert doc[POOLS[pool]] == int(sticks), where


@pytest.mark.parametrize("name", sorted(EVIDENCE))
def test_the_standings_are_what_the_readme_works_out(name: str) -> None:
    _, standings_table = EVIDENCE[name]
    (final,) = [d for d in _documents(name) if d["kind"] == "standings"]
    assert final["finished"] is True
    if standings_table.startswith("| place | player | KOBAN |"):  # a BABA game's
        expected = [
            {"place": int(p), "player": who, "koban": int(k), "pot": int(pot), "final": int(f)}
            for p, who, k, pot, f in _rows(standings_table)
        ]
        assert final["standings"] == expected
        return
    expected = [
        {"place": int(p), "player": who, "points": int(pts), "sticks": int(s), "oka": int(o), "uma": int(u)}
        | {"penalty": 0, "final": int(f)}
        for p, who, pts, s, o, u, f in _rows(standings_table)
    ]
    assert final["standings"] == expected
