"""The shanten engine against slower readings of the same definitions.

- ``by_targets``: the definition itself, searched by brute force: the fewest tiles the hand
  lacks of any complete target (n sets and a pair, no kind past its cap), less one.
- Wilds: a hand with wilds is as near as the nearest hand with each wild replaced by some
  kind (a fifth copy allowed: docs/rules/baida.md §2), in a game with no copy limit.
- Complete and ready hands: -1 exactly when the scorers' decomposer (and Baida's Seven
  Pairs and Thirteen Terminals checks) find a winning shape; a ready hand's improving kinds
  are exactly the kinds that make such a shape.
- The ``mahjong`` package (test extra absent in CI: skipped), on a few hundred seeded hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations_with_replacement

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mjscore.decompose import Target, decompose
from mjscore.families.mpsz.shanten import (
    NO_LIMIT,
    ORPHANS,
    WILD_GAME,
    Room,
    improving_kinds,
    orphans_shanten,
    pairs_shanten,
    shanten,
    standard_shanten,
)
from mjscore.families.mpsz.tiles import HONOURS, RIICHI_KINDS, RUN_STARTS
from mjscore.rulesets import baida

SANMA_ABSENT = frozenset(range(1, 8))
# Pools of few kinds, so that hands are dense (pungs, runs and pairs compete for the same
# tiles, kinds held four times) and the brute force stays small.
POOLS = (
    tuple(range(0, 9)),  # one suit
    (9, 10, 11, 12, 13, 14, 27, 28),  # a stretch of a suit and two honours
    (0, 1, 2, 8, 18, 19, 26, 31),  # suit ends and a dragon
    (0, 8, 27, 28, 29, 30, 31, 32, 33),  # sanma's characters and the honours
)


@st.composite
def hands(draw: st.DrawFn, *, largest_meld_count: int = 4) -> tuple[list[int], int, list[int]]:
    """(counts, melds, held): a concealed part of 3n + 1 or 3n + 2 tiles from one pool, and
    copies in the melds of some kinds (never more than four of a kind in all)."""
    pool = draw(st.sampled_from(POOLS))
    melds = draw(st.integers(0, largest_meld_count))
    size = 3 * (4 - melds) + draw(st.integers(1, 2))
    kinds = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    return _with_melds(draw, kinds, melds, pool)


def _with_melds(
    draw: st.DrawFn, kinds: list[int], melds: int, pool: tuple[int, ...]
) -> tuple[list[int], int, list[int]]:
    """(counts, melds, held) of the concealed ``kinds`` (never more than four of a kind), and
    copies of some kinds of ``pool`` in the melds when there are melds."""
    counts = [0] * RIICHI_KINDS
    held = [0] * RIICHI_KINDS
    for kind in kinds:
        counts[kind] += 1
    assume(max(counts) <= 4)
    if melds:
        for kind in draw(st.lists(st.sampled_from(pool), max_size=3)):
            held[kind] = draw(st.integers(0, 4 - counts[kind]))
    return counts, melds, held


def _groups_touching(counts: list[int], caps: list[int]) -> list[tuple[int, ...]]:
    """The sets that can hold a tile of the hand, as their kinds: pungs of held kinds and runs
    through them. A set that holds none of its tiles lacks three wherever it lies: ``None``."""
    groups: set[tuple[int, ...]] = set()
    for kind in range(RIICHI_KINDS):
        if not counts[kind]:
            continue
        if caps[kind] >= 3:
            groups.add((kind,) * 3)
        for start in (kind - 2, kind - 1, kind):
            if start in RUN_STARTS:
                groups.add((start, start + 1, start + 2))
    return sorted(groups)


def by_targets(counts: list[int], melds: int, caps: list[int]) -> int:
    """The shanten of n sets and a pair by its definition: every target (sets that touch the
    hand, others left empty; then the best pair) with no kind past its cap, the fewest tiles
    it lacks, less one. Slow: for hands of few kinds."""
    sets = 4 - melds
    choices: list[tuple[int, ...] | None] = [*_groups_touching(counts, caps), None]
    # the kinds a target can share with the hand: those it holds, and those of the sets through them
    near = sorted({k for k in range(RIICHI_KINDS) if counts[k]} | {k for group in choices for k in group or ()})
    best = 3 * sets + 2
    for chosen in combinations_with_replacement(choices, sets):
        target = dict.fromkeys(near, 0)
        for group in chosen:
            for kind in group or ():
                target[kind] += 1
        if any(target[k] > caps[k] for k in near):
            continue
        kept = sum(min(target[k], counts[k]) for k in near)
        pair_keeps = [
            min(target[k] + 2, counts[k]) - min(target[k], counts[k]) for k in near if target[k] + 2 <= caps[k]
        ]
        best = min(best, 3 * sets + 2 - kept - max(pair_keeps, default=0))
    return best - 1


def caps_of(held: list[int], absent: frozenset[int] = frozenset()) -> list[int]:
    return [0 if k in absent else 4 - held[k] for k in range(RIICHI_KINDS)]


@settings(max_examples=100, deadline=None)
@given(hands())
def test_standard_shanten_is_the_fewest_tiles_lacking(hand: tuple[list[int], int, list[int]]) -> None:
    counts, melds, held = hand
    assert standard_shanten(counts, melds, room=Room(held)) == by_targets(counts, melds, caps_of(held))
    # the same hand in a game with no copy limit
    assert standard_shanten(counts, melds, room=WILD_GAME) == by_targets(counts, melds, [NO_LIMIT] * RIICHI_KINDS)


@settings(max_examples=60, deadline=None)
@given(hands())
def test_sanma_shanten_is_the_fewest_tiles_lacking(hand: tuple[list[int], int, list[int]]) -> None:
    counts, melds, held = hand
    assume(not any(counts[k] or held[k] for k in SANMA_ABSENT))
    room = Room(held, SANMA_ABSENT)
    assert standard_shanten(counts, melds, room=room) == by_targets(counts, melds, caps_of(held, SANMA_ABSENT))


# --- wilds


def _with_wilds_as(counts: list[int], kinds: tuple[int, ...]) -> list[int]:
    replaced = list(counts)
    for kind in kinds:
        replaced[kind] += 1
    return replaced


def _every_replacement(counts: list[int], wilds: int) -> Iterator[list[int]]:
    """``counts`` with the wilds replaced by kinds, every way (order does not matter)."""
    for kinds in combinations_with_replacement(range(RIICHI_KINDS), wilds):
        yield _with_wilds_as(counts, kinds)


@st.composite
def hands_with_wilds(draw: st.DrawFn) -> tuple[list[int], int, int]:
    counts, melds, _held = draw(hands(largest_meld_count=2))
    wilds = draw(st.integers(1, 2))
    tiles = [k for k in range(RIICHI_KINDS) for _ in range(counts[k])]
    for kind in draw(st.permutations(tiles))[:wilds]:  # some of the tiles are wilds instead
        counts[kind] -= 1
    return counts, melds, wilds


@settings(max_examples=80, deadline=None)
@given(hands_with_wilds())
def test_a_wild_is_as_good_as_the_best_tile_it_could_be(hand: tuple[list[int], int, int]) -> None:
    counts, melds, wilds = hand
    expected = min(standard_shanten(row, melds, room=WILD_GAME) for row in _every_replacement(counts, wilds))
    assert standard_shanten(counts, melds, wilds) == expected
    if melds == 0:
        assert pairs_shanten(counts, wilds) == min(pairs_shanten(row) for row in _every_replacement(counts, wilds))
        assert orphans_shanten(counts, wilds) == min(orphans_shanten(row) for row in _every_replacement(counts, wilds))


def test_the_brute_force_by_replacement_can_fail() -> None:
    # why: the replacement search finds a fifth 1m for 1111m 234p 567p 789s + a wild (complete);
    # without the wild standing for it, riichi's set leaves the hand 1-shanten: the two
    # readings differ, so the property above compares something
    counts = [0] * RIICHI_KINDS
    for kind in (0, 0, 0, 0, 10, 11, 12, 13, 14, 15, 24, 25, 26):
        counts[kind] += 1
    assert min(standard_shanten(row, room=WILD_GAME) for row in _every_replacement(counts, 1)) == -1
    assert standard_shanten(counts) == 1


# --- complete and ready hands, as the scorers read them


def _complete_in_riichi(counts: list[int], melds: int) -> bool:
    target = Target(sets=4 - melds, pairs=1, run_starts=RUN_STARTS)
    if decompose(tuple(counts), 0, target):
        return True
    if melds:
        return False
    seven_pairs = sum(n == 2 for n in counts) == 7
    thirteen = all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14
    return seven_pairs or thirteen


@settings(max_examples=150, deadline=None)
@given(hands())
def test_complete_exactly_when_the_decomposer_finds_a_shape(hand: tuple[list[int], int, list[int]]) -> None:
    counts, melds, _held = hand
    assume(sum(counts) % 3 == 2)
    assert (shanten(counts, melds).best == -1) == _complete_in_riichi(counts, melds)


@st.composite
def ready_hands(draw: st.DrawFn) -> tuple[list[int], int, list[int]]:
    """(counts, melds, held): a complete hand of sets and a pair from one pool less one of its
    tiles, and copies of some kinds in the melds."""
    pool = draw(st.sampled_from(POOLS))
    melds = draw(st.integers(0, 4))
    kinds: list[int] = []
    for _ in range(4 - melds):
        kind = draw(st.sampled_from(pool))
        run = kind in RUN_STARTS and kind + 2 in pool and draw(st.booleans())
        kinds += [kind, kind + 1, kind + 2] if run else [kind] * 3
    kinds += [draw(st.sampled_from(pool))] * 2
    del kinds[draw(st.integers(0, len(kinds) - 1))]
    return _with_melds(draw, kinds, melds, pool)


@settings(max_examples=150, deadline=None)
@given(ready_hands())
def test_a_ready_hand_improves_on_exactly_its_winning_tiles(hand: tuple[list[int], int, list[int]]) -> None:
    counts, melds, held = hand
    room = Room(held)
    winning = tuple(
        k
        for k in range(RIICHI_KINDS)
        if room.can_draw(counts, k) and _complete_in_riichi(_with_wilds_as(counts, (k,)), melds)
    )
    # ready exactly when some tile that can still come completes it (a wait on a fifth copy,
    # or on a copy in a meld, is none)
    assert (shanten(counts, melds, room=room).best == 0) == bool(winning)
    if winning:
        assert improving_kinds(counts, melds, room=room) == winning


@settings(max_examples=150, deadline=None)
@given(hands_with_wilds())
def test_complete_with_wilds_exactly_when_the_baida_scorer_finds_a_shape(hand: tuple[list[int], int, int]) -> None:
    counts, melds, wilds = hand
    assume((sum(counts) + wilds) % 3 == 2)
    target = Target(sets=4 - melds, pairs=1, run_starts=RUN_STARTS, wild_only_groups=True)
    complete = bool(decompose(tuple(counts), wilds, target))
    assert (standard_shanten(counts, melds, wilds) == -1) == complete
    if melds == 0:
        as_tuple = tuple(counts)
        assert (pairs_shanten(counts, wilds) == -1) == baida._seven_pairs_possible(as_tuple, wilds)
        assert (orphans_shanten(counts, wilds) == -1) == baida._thirteen_possible(as_tuple, wilds)


# --- the mahjong package


def _random_hand(rng: random.Random, tiles: int, *, four: bool) -> list[int]:
    """``tiles`` drawn from the 136; with ``four``, four of one kind among them."""
    counts = [0] * RIICHI_KINDS
    wall = [k for k in range(RIICHI_KINDS) for _ in range(4)]
    if four:
        kind = rng.randrange(RIICHI_KINDS)
        counts[kind] = 4
        wall = [k for k in wall if k != kind]
        tiles -= 4
    for k in rng.sample(wall, tiles):
        counts[k] += 1
    return counts


def test_agrees_with_the_mahjong_package() -> None:
    """Its shanten sees the concealed part only, the sets still to make from its size; on hands
    with melds it cannot know the melds' copies, so ours is asked without them too."""
    package = pytest.importorskip("mahjong.shanten").Shanten()
    rng = random.Random(15)
    for i in range(600):
        melds = (0, 0, 1, 2, 3, 4)[i % 6]
        tiles = 13 + i % 2 - 3 * melds
        counts = _random_hand(rng, tiles, four=i % 5 == 0 and tiles >= 4)
        assert shanten(counts, melds).best == package.calculate_shanten(counts), counts


def test_honours_held_in_many_counts_keep_their_table() -> None:
    # why: the honours are remembered by how many kinds they hold once, twice, ...: East and
    # South twice (pairs) is not East twice and South once; 11z 22z 123m 456p 789s is complete
    counts = [0] * RIICHI_KINDS
    for kind in (0, 1, 2, 12, 13, 14, 24, 25, 26, HONOURS, HONOURS, HONOURS + 1, HONOURS + 1, HONOURS + 1):
        counts[kind] += 1
    assert standard_shanten(counts) == -1
    counts[HONOURS + 1] -= 1
    counts[HONOURS + 2] += 1
    assert standard_shanten(counts) == 0
