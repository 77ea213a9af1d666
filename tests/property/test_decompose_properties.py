"""The chunk-wise decomposer (each suit, and the honours, split alone) finds what the whole search finds, in order."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mjscore.decompose import Target, _decompose, decompose
from mjscore.families.mpsz.tiles import HONOURS, RIICHI_KINDS, RUN_STARTS

# A made-up set of run starts where no run starts at rank 4: no rule set has such runs,
# so the whole search serves it (the chunk-wise path takes runs that fit anywhere).
NO_RANK_4 = RUN_STARTS - {3, 12, 21}
# Groups drawn from few kinds, so that groups touch and splits are ambiguous.
KIND_POOLS = st.sampled_from([list(range(RIICHI_KINDS)), [0, 1, 2, 3, 4, 5, 6, 7, 8, 27], [9, 10, 11, 12, 13, 31, 32]])


@st.composite
def counts_and_target(draw: st.DrawFn) -> tuple[tuple[int, ...], Target]:
    """Sets (runs or pungs) and at most one pair, as counts; sometimes a tile more or less."""
    pool = draw(KIND_POOLS)
    sets, pairs = draw(st.integers(0, 4)), draw(st.integers(0, 1))
    kinds: list[int] = []
    for _ in range(sets):
        k = draw(st.sampled_from(pool))
        run = k < HONOURS and k % 9 <= 6 and draw(st.booleans())
        kinds += [k, k + 1, k + 2] if run else [k] * 3
    kinds += [draw(st.sampled_from(pool))] * 2 * pairs
    if draw(st.booleans()):  # a near miss: one tile swapped for another
        assume(kinds)
        kinds[draw(st.integers(0, len(kinds) - 1))] = draw(st.sampled_from(pool))
    counts = [0] * RIICHI_KINDS
    for k in kinds:
        counts[k] += 1
    assume(max(counts) <= 4)
    return tuple(counts), Target(sets=sets, pairs=pairs, run_starts=RUN_STARTS)


def _counts(held: dict[int, int]) -> tuple[int, ...]:
    return tuple(held.get(k, 0) for k in range(RIICHI_KINDS))


# Complete shapes that split more than one way, so that the order of the splits is tested too:
# 111222333 (three pungs or three runs), and with a pair 11123444 (111 234 44 or 11 123 444) and
# 11223344 (11 234 234 or 123 123 44): the only eight-tile ones, found by search.
AMBIGUOUS_SETS = (0, 0, 0, 1, 1, 1, 2, 2, 2)
AMBIGUOUS_WITH_PAIR = [(0, 0, 0, 1, 2, 3, 3, 3), (0, 0, 1, 1, 2, 2, 3, 3)]


@st.composite
def ambiguous_counts(draw: st.DrawFn) -> tuple[tuple[int, ...], Target]:
    """An ambiguous shape with the pair in one suit, maybe 111222333 in another, and maybe
    an honour pung: complete hands that split more than one way."""
    counts = [0] * RIICHI_KINDS
    suits = draw(st.permutations([0, 9, 18]))
    shapes = [draw(st.sampled_from(AMBIGUOUS_WITH_PAIR))] + [AMBIGUOUS_SETS] * draw(st.integers(0, 1))
    for suit, shape in zip(suits, shapes, strict=False):
        rank = draw(st.integers(0, 8 - max(shape)))
        for offset in shape:
            counts[suit + rank + offset] += 1
    if draw(st.booleans()):
        counts[draw(st.sampled_from(range(HONOURS, RIICHI_KINDS)))] += 3
    n = sum(counts)
    return tuple(counts), Target(sets=n // 3, pairs=1, run_starts=RUN_STARTS)


@settings(max_examples=400, deadline=None)
@given(st.one_of(counts_and_target(), ambiguous_counts()))
def test_chunks_agree_with_whole_search(case: tuple[tuple[int, ...], Target]) -> None:
    counts, target = case
    assert decompose(counts, 0, target) == _decompose(
        counts, 0, target.sets, target.pairs, target.run_starts, target.wild_only_groups
    )


def test_made_up_run_starts_are_the_whole_search() -> None:
    # why: 456m and a 5p pair: one run from 4m, which NO_RANK_4 forbids, so no split at all
    counts = _counts({3: 1, 4: 1, 5: 1, 13: 2})
    assert decompose(counts, 0, Target(1, 1, NO_RANK_4)) == ()
    # why: with riichi's run starts the same tiles split once: 456m and the 5p pair
    (split,) = decompose(counts, 0, Target(1, 1, RUN_STARTS))
    assert [(g.shape.value, g.kind) for g in split] == [("run", 3), ("pair", 13)]


def test_ambiguous_shape_keeps_both_splits_in_order() -> None:
    # why: 111222333m 55p splits as three pungs or as three 123m runs; kind order puts the
    # pungs (SET sorts before RUN at kind 0) first, exactly as the whole-hand search sorts.
    counts = _counts({0: 3, 1: 3, 2: 3, 13: 2})
    target = Target(sets=3, pairs=1, run_starts=RUN_STARTS)
    found = decompose(counts, 0, target)
    assert [[(g.shape.value, g.kind) for g in split] for split in found] == [
        [("set", 0), ("set", 1), ("set", 2), ("pair", 13)],
        [("run", 0), ("run", 0), ("run", 0), ("pair", 13)],
    ]
    assert found == _decompose(counts, 0, 3, 1, target.run_starts, target.wild_only_groups)


def test_the_same_counts_split_alike_in_every_suit() -> None:
    # why: 123 of any suit is one run starting at its 1; held once in each suit plus 11z,
    # the counts "1 1 1" are split once, at kind 0, and moved to 1m, 1p and 1s.
    counts = _counts({0: 1, 1: 1, 2: 1, 9: 1, 10: 1, 11: 1, 18: 1, 19: 1, 20: 1, 27: 2})
    (split,) = decompose(counts, 0, Target(sets=3, pairs=1, run_starts=RUN_STARTS))
    assert [(g.shape.value, g.kind) for g in split] == [("run", 0), ("run", 9), ("run", 18), ("pair", 27)]


def test_honours_never_form_a_run() -> None:
    # why: the honours split as one chunk, kind by kind. 1z2z3z (27, 28, 29) held once each
    # with a 5z pair is no set at all; 111z222z333z with 55z are three pungs, never three runs.
    target = Target(sets=1, pairs=1, run_starts=RUN_STARTS)
    assert decompose(_counts({27: 1, 28: 1, 29: 1, 31: 2}), 0, target) == ()
    (split,) = decompose(_counts({27: 3, 28: 3, 29: 3, 31: 2}), 0, Target(sets=3, pairs=1, run_starts=RUN_STARTS))
    assert [(g.shape.value, g.kind) for g in split] == [("set", 27), ("set", 28), ("set", 29), ("pair", 31)]
