"""The shipped example games (examples/games/) replay to the hand-worked tables of their README:
every hand's line, each player's points and change, the sticks left on the table (BABA: KOBAN,
and the pot; a game without riichi sticks, Baida's, has no column for them), each player's
chips where the game keeps them (hana, variant=3: a table of its own), and the standings. The
README's numbers are the evidence, worked out by hand; this test reads them."""

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


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _rows(table: str) -> list[list[str]]:
    return [_cells(line) for line in table.splitlines()[2:]]


def _tables(text: str, first_header: str) -> list[str]:
    """The Markdown tables of ``text`` whose header row starts with ``first_header``."""
    found = []
    for block in re.split(r"\n\s*\n", text):
        lines = [x for x in block.strip().splitlines() if x.startswith("|")]
        if lines and lines[0].startswith(f"| {first_header} |"):
            found.append("\n".join(lines))
    return found


def evidence() -> dict[str, tuple[str, str, str | None]]:
    """Each example game's README section: (its hands table, its standings table, its chips
    table or None)."""
    text = (GAMES / "README.md").read_text(encoding="utf-8")
    parts = SECTION.split(text)[1:]
    games = {}
    for name, body in zip(parts[::2], parts[1::2], strict=True):
        (hands,) = _tables(body, "line")
        (standings,) = _tables(body, "place")
        chips = _tables(body, "line (chips)")
        games[name] = (hands, standings, chips[0] if chips else None)
    return games


EVIDENCE = evidence()


def test_every_example_game_has_its_evidence() -> None:
    # why: a game file without its hand-worked table would be shipped unchecked
    assert sorted(EVIDENCE) == sorted(p.name for p in GAMES.glob("*.txt"))
    assert len(EVIDENCE) >= 5
    # why: the hana game of variant=3 keeps chips, and its README works them out
    assert EVIDENCE["hana-flowers.txt"][2] is not None


def _documents(name: str) -> list[dict[str, object]]:
    result = CliRunner().invoke(main, ["game", str(GAMES / name), "--format", "json"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def _by_player(players: list[str], cells: list[str], where: str) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's total and change, from cells written "27900 (+2900)" (no change: "25000")."""
    totals, deltas = {}, {}
    for player, cell in zip(players, cells, strict=True):
        m = CELL.fullmatch(cell)
        assert m, f"{where}: cannot read {cell!r}"
        totals[player] = int(m[1])
        deltas[player] = int(m[2] or 0)
    return totals, deltas


@pytest.mark.parametrize("name", sorted(EVIDENCE))
def test_each_hand_pays_what_the_readme_works_out(name: str) -> None:
    hands_table, _, _ = EVIDENCE[name]
    header = _cells(hands_table.splitlines()[0])
    pool = header[-1] if header[-1] in POOLS else None  # riichi's sticks, BABA's pot; Baida has none
    players = header[3:-1] if pool else header[3:]
    docs = [d for d in _documents(name) if d["kind"] == "hand"]
    rows = _rows(hands_table)
    assert len(docs) == len(rows), "one row per hand line"
    for doc, row in zip(docs, rows, strict=True):
        line, hand, _why, *cells = row
        where = f"{name} line {line}"
        assert (doc["line"], str(doc["hand"])) == (int(line), hand), where
        totals, deltas = _by_player(players, cells[: len(players)], where)
        assert doc["totals"] == totals, where
        assert doc["deltas"] == deltas, where
        if pool is None:  # why: a game without riichi sticks (Baida) never has one on the table
            assert doc["sticks_after"] == 0, where
        else:
            assert doc[POOLS[pool]] == int(cells[-1]), where


@pytest.mark.parametrize("name", sorted(n for n, e in EVIDENCE.items() if e[2] is not None))
def test_each_hands_chips_are_what_the_readme_works_out(name: str) -> None:
    _, _, chips_table = EVIDENCE[name]
    assert chips_table is not None
    players = _cells(chips_table.splitlines()[0])[3:]
    docs = [d for d in _documents(name) if d["kind"] == "hand"]
    rows = _rows(chips_table)
    assert len(docs) == len(rows), "one row per hand line"
    for doc, row in zip(docs, rows, strict=True):
        line, hand, _why, *cells = row
        where = f"{name} line {line}"
        assert (doc["line"], doc["hand"]) == (int(line), hand), where
        totals, deltas = _by_player(players, cells, where)
        chips = doc["chips"]
        assert isinstance(chips, dict), where
        assert (chips["totals"], chips["deltas"]) == (totals, deltas), where


@pytest.mark.parametrize("name", sorted(EVIDENCE))
def test_the_standings_are_what_the_readme_works_out(name: str) -> None:
    _, standings_table, _ = EVIDENCE[name]
    (final,) = [d for d in _documents(name) if d["kind"] == "standings"]
    assert final["finished"] is True
    if standings_table.startswith("| place | player | KOBAN |"):  # a BABA game's
        expected = [
            {"place": int(p), "player": who, "koban": int(k), "pot": int(pot), "final": int(f)}
            for p, who, k, pot, f in _rows(standings_table)
        ]
        assert final["standings"] == expected
        return
    header = _cells(standings_table.splitlines()[0])
    # why: a column the table leaves out is 0 there (Baida: no sticks, oka or uma); no example takes a penalty
    expected = [
        {"sticks": 0, "oka": 0, "uma": 0, "penalty": 0}
        | {column: cell if column == "player" else int(cell) for column, cell in zip(header, row, strict=True)}
        for row in _rows(standings_table)
    ]
    assert final["standings"] == expected
