"""A hand of 14 (``mjscore waits``' table of discards) against hands of 13: each row must say
what the hand of 13 left by its discard says, with that discard among the player's own
(``discards=``): the same shanten and improving tiles, the same copies unseen, and for a ready
row the same waits, scored alike, and the same furiten. The hands of 14 are dealt at random
(seeded), a swap from complete, so most have ready rows; the corpus (corpus.txt) holds tables
worked out by hand.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from mjscore.analysis import DISCARDS, NOT_READY, WAITS, Analysis, Draw, Wait, analyse
from mjscore.errors import HandError
from mjscore.families.mpsz.tiles import RIICHI_KINDS, RUN_STARTS, TILE_NAMES
from mjscore.render.json import document_line

SCHEMA = Path(__file__).resolve().parents[2] / "mjscore" / "data" / "analysis.schema.json"
VALIDATOR = Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))

SEED = 1515
HANDS = 24


def _deal(rng: random.Random, melds: int) -> tuple[list[int], list[str]]:
    """A complete hand with ``melds`` of its sets called and one concealed tile swapped for
    another from the wall: its concealed kinds and its melds as written."""
    while True:
        wall = [k for k in range(RIICHI_KINDS) for _ in range(4)]
        concealed: list[int] = []
        called: list[str] = []
        for i in range(4):
            start = rng.choice(sorted(RUN_STARTS)) if rng.random() < 0.6 else rng.randrange(RIICHI_KINDS)
            tiles = [start, start + 1, start + 2] if start in RUN_STARTS and rng.random() < 0.6 else [start] * 3
            if any(wall.count(t) < tiles.count(t) for t in set(tiles)):
                break
            for t in tiles:
                wall.remove(t)
            if i < melds:
                called.append("(" + "".join(TILE_NAMES[t][0] for t in tiles) + TILE_NAMES[tiles[0]][1] + ")")
            else:
                concealed += tiles
        else:
            pair = rng.choice([k for k in range(RIICHI_KINDS) if wall.count(k) >= 2])
            wall.remove(pair)
            wall.remove(pair)
            concealed += [pair, pair]
            concealed[rng.randrange(len(concealed))] = wall.pop(rng.randrange(len(wall)))
            return sorted(concealed), called


def _written(kinds: list[int], melds: list[str]) -> str:
    return "riichi:" + "".join(TILE_NAMES[k] for k in kinds) + "".join(melds)


def _hands() -> list[tuple[list[int], list[str]]]:
    rng = random.Random(SEED)
    return [_deal(rng, i % 3) for i in range(HANDS)]


def _draws(analysis: Analysis) -> list[tuple[int, int]]:
    """The kinds that complete or improve a hand of 13, with their copies unseen."""
    if analysis.kind == WAITS:
        return [(w.kind, w.unseen) for w in analysis.waits]
    return _counted(analysis.improving)


def _counted(draws: tuple[Draw, ...]) -> list[tuple[int, int]]:
    return [(d.kind, d.unseen) for d in draws]


def _scored(wait: Wait) -> tuple[object, ...]:
    """A wait as scored: its tile, copies, and for each win its outcome and the hand's value."""
    found: list[object] = [wait.kind, wait.tile, wait.unseen]
    for outcome in (wait.ron, wait.tsumo):
        found.append(None if outcome is None else (outcome.kind, outcome.value and outcome.value.summary))
    return tuple(found)


DEALT = _hands()


@pytest.mark.parametrize(("concealed", "melds"), DEALT, ids=[_written(c, m) for c, m in DEALT])
def test_each_row_is_the_hand_of_13_it_leaves(concealed: list[int], melds: list[str]) -> None:
    table = analyse(_written(concealed, melds))
    assert table.kind == DISCARDS
    VALIDATOR.validate(json.loads(document_line(table.to_dict())))
    # why: one row per distinct kind held (no red fives here), best first
    assert sorted(r.kind for r in table.rows) == sorted(set(concealed))
    ranks = [(r.shanten.best, -r.unseen) for r in table.rows]
    assert ranks == sorted(ranks)
    for row in table.rows:
        left = list(concealed)
        left.remove(row.kind)
        thirteen = analyse(f"{_written(left, melds)} discards={TILE_NAMES[row.kind]}")
        # why: the hand of 13 is what the row describes: ready exactly when the row is, the same
        # tiles improve it with the same copies unseen (the discard seen either way)
        assert (thirteen.kind == WAITS) == (row.shanten.best == 0)
        assert _draws(thirteen) == _counted(row.improving)
        if thirteen.kind == NOT_READY:
            assert thirteen.shanten == row.shanten
            continue
        # why: the same waits, scored alike, and furiten when the discard (or an earlier one) is a wait
        assert [_scored(w) for w in thirteen.waits] == [_scored(w) for w in row.waits]
        assert thirteen.furiten == row.furiten


def test_the_tile_just_drawn_is_marked_and_a_complete_hand_says_so() -> None:
    table = analyse("23m456p55p567s789s+1m")
    # why: 123m 456p 55p 567s 789s is complete; +1m names the tile drawn, which is a discard like
    # any other (its row says so)
    assert (table.complete, table.drawn) == (True, "1m")
    assert [r.tile for r in table.rows if r.drawn] == ["1m"]
    assert "the tile drawn" in next(r for r in table.rows if r.drawn).notes
    assert table.shown.hand == "riichi:23m45556p567789s+1m seat=S round=E"
    assert ("drawn", "1m") in table.shown.header
    # why: without +TILE no tile is the one drawn, and the hand is written with all 14 tiles
    plain = analyse("23m456p55p567s789s1m")
    assert (plain.drawn, [r.tile for r in plain.rows if r.drawn]) == (None, [])
    assert plain.shown.hand == "riichi:123m45556p567789s seat=S round=E"


def test_the_tile_drawn_is_the_row_of_its_kind_when_the_hand_holds_another() -> None:
    table = analyse("11m456p55p567s789s+1m")
    # why: two 1m held and a third drawn: one row for 1m, the tile drawn (discarding either copy
    # leaves the same hand, and the row says the drawn one goes)
    [row] = [r for r in table.rows if r.tile == "1m"]
    assert (row.drawn, row.notes[0]) == (True, "the tile drawn")


def test_a_red_five_and_a_plain_five_are_two_rows() -> None:
    table = analyse("45069m123p789s111z")
    # why: 0m and 5m leave the same shape, but keeping the red five keeps a dora: two rows
    assert [r.tile for r in table.rows[:3]] == ["5m", "0m", "9m"]
    assert len(table.rows) == 12


def test_a_problem_after_the_tile_taken_out_is_told_where_it_was_typed() -> None:
    with pytest.raises(HandError) as caught:
        analyse("23m456p55p5z(789s)(124s)")
    # why: the probe takes out 5z (columns 11-12) before the bad meld, typed at column 19
    assert [(p.code, p.col) for p in caught.value.problems] == [("bad-meld", 19)]
