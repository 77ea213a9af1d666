"""The segment-wise decomposer finds exactly what the whole-hand search finds, in the same order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore.decompose import Target, _decompose, decompose
from mjscore.tiles import RIICHI_KINDS, RUN_STARTS

# Near-complete hands: tiles drawn from few kinds so that many counts split at all.
KIND_POOLS = st.sampled_from([list(range(RIICHI_KINDS)), [0, 1, 2, 3, 4, 5, 6, 7, 8, 27], [9, 10, 11, 12, 13, 31, 32]])


@st.composite
def counts_and_target(draw: st.DrawFn) -> tuple[tuple[int, ...], Target]:
    sets = draw(st.integers(0, 4))
    pairs = draw(st.integers(0, 1))
    pool = draw(KIND_POOLS)
    kinds = draw(st.lists(st.sampled_from(pool), min_size=3 * sets + 2 * pairs, max_size=3 * sets + 2 * pairs))
    counts = [0] * RIICHI_KINDS
    for k in kinds:
        counts[k] += 1
    return tuple(counts), Target(sets=sets, pairs=pairs, run_starts=RUN_STARTS)


@settings(max_examples=400, deadline=None)
@given(counts_and_target())
def test_segments_agree_with_whole_search(case: tuple[tuple[int, ...], Target]) -> None:
    counts, target = case
    assert decompose(counts, 0, target) == _decompose(counts, 0, target.sets, target.pairs, target)


def test_ambiguous_shape_keeps_both_splits_in_order() -> None:
    # why: 111222333m 55p splits as three pungs or as three 123m runs; kind order puts the
    # pungs (SET sorts before RUN at kind 0) first, exactly as the whole-hand search sorts.
    counts = [0] * RIICHI_KINDS
    for k, n in ((0, 3), (1, 3), (2, 3), (13, 2)):
        counts[k] = n
    target = Target(sets=3, pairs=1, run_starts=RUN_STARTS)
    found = decompose(tuple(counts), 0, target)
    assert len(found) == 2
    assert found == _decompose(tuple(counts), 0, 3, 1, target)
