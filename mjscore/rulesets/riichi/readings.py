"""Every reading of a complete riichi hand (docs/rules/riichi.md §3).

For each decomposition into four sets and a pair, every group the winning tile
could have completed is a separate reading: it decides the wait (and its fu),
Pinfu, and whether a pung completed by a discard counts as open. Seven Pairs
and Thirteen Orphans are readings of their own.
"""

from __future__ import annotations

from typing import Final

from mjscore.decompose import Target, decompose, kind_counts
from mjscore.families.mpsz.groups import meld_group
from mjscore.families.mpsz.tiles import RIICHI_KINDS, RUN_STARTS, TERMINALS_AND_HONOURS, rank_of
from mjscore.hand import Group, Hand, Shape, Win
from mjscore.rulesets.riichi.model import RiichiReading, Wait, reading_of, readings_of
from mjscore.values import made

STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven pairs"
THIRTEEN_ORPHANS: Final = "thirteen orphans"
_FOUR_SETS: Final = 4
_SEVEN: Final = 7
_PAIR: Final = Shape.PAIR


def readings(hand: Hand, winning: int, win: Win) -> list[RiichiReading]:
    counts = kind_counts(hand.concealed, RIICHI_KINDS)
    found = _standard(hand, counts, winning, win)
    if not hand.melds:  # 14 tiles: Seven Pairs holds seven kinds, Thirteen Orphans thirteen
        held = len(set(hand.concealed))  # (cheaper than looking at all 34 counts for each shape)
        if held == _SEVEN:
            found += _seven_pairs(counts, winning)
        elif held == len(TERMINALS_AND_HONOURS):
            found += _thirteen_orphans(counts)
    return found


_TARGETS: Final = tuple(Target(sets=n, pairs=1, run_starts=RUN_STARTS) for n in range(_FOUR_SETS + 1))


def _standard(hand: Hand, counts: tuple[int, ...], winning: int, win: Win) -> list[RiichiReading]:
    melded = tuple([meld_group(m) for m in hand.melds])
    sets = _FOUR_SETS - len(melded)
    if sets < 0:
        return []
    found: list[RiichiReading] = []
    ron = win is Win.RON
    for concealed in decompose(counts, 0, _TARGETS[sets]):
        wins = []
        for i, g in enumerate(concealed):
            # No group holds a tile below its kind or more than two above: most groups need
            # not be asked. A group held twice (a split is sorted) makes one reading.
            kind = g.kind
            if kind is not None and 0 <= winning - kind <= 2:  # riichi groups always have a kind
                wait = wait_of(g, winning)
                if wait is not None and not (i and g == concealed[i - 1]):
                    wins.append((len(melded) + i, wait, ron and wait is Wait.DUAL_PUNG))
        if wins:
            found += readings_of(STANDARD, melded + concealed, wins)
    return found


def wait_of(g: Group, winning: int) -> Wait | None:
    """How group g waited, if the winning tile completed it (cached: a hand asks of every group)."""
    assert g.kind is not None
    if g.shape is Shape.PAIR:
        return Wait.SINGLE if g.kind == winning else None
    if g.shape is Shape.SET:
        return Wait.DUAL_PUNG if g.kind == winning else None
    place = winning - g.kind
    if g.shape is not Shape.RUN or place not in (0, 1, 2):
        return None
    if place == 1:
        return Wait.CLOSED
    if (place == 2 and rank_of(g.kind) == 1) or (place == 0 and rank_of(g.kind) == 7):
        return Wait.EDGE
    return Wait.TWO_SIDED


def _seven_pairs(counts: tuple[int, ...], winning: int) -> list[RiichiReading]:
    if counts.count(2) != _SEVEN:  # 14 tiles: seven kinds held twice is all of them
        return []  # seven *different* pairs: four of a kind is not two pairs
    pairs = [k for k, n in enumerate(counts) if n]
    groups = tuple([made(Group, (_PAIR, k, 0, None)) for k in pairs])  # (Group's own __new__ is Python)
    return [reading_of(SEVEN_PAIRS, groups, pairs.index(winning), Wait.SINGLE)]


def _thirteen_orphans(counts: tuple[int, ...]) -> list[RiichiReading]:
    if counts.count(0) != RIICHI_KINDS - len(TERMINALS_AND_HONOURS):
        return []  # not thirteen kinds exactly
    present = {k for k, n in enumerate(counts) if n}
    if present != TERMINALS_AND_HONOURS or sum(counts) != 14:
        return []
    groups = tuple(Group(Shape.PAIR if counts[k] == 2 else Shape.SINGLE, k) for k in sorted(present))
    return [reading_of(THIRTEEN_ORPHANS, groups)]
