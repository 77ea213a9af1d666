"""Every reading of a complete riichi hand (RULES.md §2.3).

For each decomposition into four sets and a pair, every group the winning tile
could have completed is a separate reading: it decides the wait (and its fu),
Pinfu, and whether a pung completed by a discard counts as open. Seven Pairs
and Thirteen Orphans are readings of their own.
"""

from __future__ import annotations

from mjscore.decompose import Target, decompose
from mjscore.hand import Group, Hand, Meld, Shape, Win
from mjscore.rulesets.riichi.model import RiichiReading, Wait
from mjscore.tiles import RIICHI_KINDS, RUN_STARTS, TERMINALS_AND_HONOURS, rank_of

STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS = "standard", "seven pairs", "thirteen orphans"
_FOUR_SETS = 4


def counts34(kinds: tuple[int, ...]) -> tuple[int, ...]:
    counts = [0] * RIICHI_KINDS
    for k in kinds:
        counts[k] += 1
    return tuple(counts)


def readings(hand: Hand, winning: int, win: Win) -> list[RiichiReading]:
    counts = counts34(hand.concealed)
    found = _standard(hand, counts, winning, win)
    if not hand.melds:
        found += _seven_pairs(counts, winning) + _thirteen_orphans(counts)
    return found


def meld_group(m: Meld) -> Group:
    kinds = m.kinds
    if len(set(kinds)) == 3:
        return Group(Shape.RUN, min(kinds), 0, m.meld)
    return Group(Shape.KAN if len(kinds) == 4 else Shape.SET, kinds[0], 0, m.meld)


def _standard(hand: Hand, counts: tuple[int, ...], winning: int, win: Win) -> list[RiichiReading]:
    melded = tuple(meld_group(m) for m in hand.melds)
    target = Target(sets=_FOUR_SETS - len(melded), pairs=1, run_starts=RUN_STARTS)
    if target.sets < 0:
        return []
    found: list[RiichiReading] = []
    for concealed in decompose(counts, 0, target):
        groups = melded + concealed
        seen: set[tuple[Group, Wait]] = set()
        for i, g in enumerate(concealed):
            wait = wait_of(g, winning)
            if wait is None or (g, wait) in seen:
                continue
            seen.add((g, wait))
            ron_opened = win is Win.RON and wait is Wait.DUAL_PUNG
            found.append(RiichiReading(STANDARD, groups, len(melded) + i, wait, ron_opened))
    return found


def wait_of(g: Group, winning: int) -> Wait | None:
    """How group g waited, if the winning tile completed it."""
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
    pairs = [k for k, n in enumerate(counts) if n]
    if len(pairs) != 7 or any(counts[k] != 2 for k in pairs):
        return []  # seven *different* pairs: four of a kind is not two pairs
    groups = tuple(Group(Shape.PAIR, k) for k in pairs)
    return [RiichiReading(SEVEN_PAIRS, groups, pairs.index(winning), Wait.SINGLE, False)]


def _thirteen_orphans(counts: tuple[int, ...]) -> list[RiichiReading]:
    present = {k for k, n in enumerate(counts) if n}
    if present != TERMINALS_AND_HONOURS or sum(counts) != 14:
        return []
    groups = tuple(Group(Shape.PAIR if counts[k] == 2 else Shape.SINGLE, k) for k in sorted(present))
    return [RiichiReading(THIRTEEN_ORPHANS, groups, -1, Wait.SPECIAL, False)]
