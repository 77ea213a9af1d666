"""The generic decomposer: concealed kinds + wild cards -> every reading.

It knows nothing of any game. A caller says how many sets and pairs the
concealed part must make, which kinds may start a run (none, for BABA), and
whether wild cards alone may form a group; it gets back every distinct way to
split the cards, each as a sorted tuple of ``Group``.

Without wild cards the held kinds fall into independent blocks (no run crosses
a suit's edge or a kind not held), and each block's tile count alone says how
many sets and whether the pair it must hold. Blocks are split separately and
cached; they are short and few, so a batch of new hands mostly finds its blocks
already split.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import chain, pairwise, product

from mjscore.hand import Group, Shape

Groups = tuple[Group, ...]


@dataclass(frozen=True, slots=True)
class Target:
    """What the concealed cards must form."""

    sets: int
    pairs: int = 0
    run_starts: frozenset[int] = frozenset()  # kinds k where k, k+1, k+2 is a run
    wild_only_groups: bool = False  # may wilds alone form a set or pair?


def kind_counts(kinds: Iterable[int], size: int) -> tuple[int, ...]:
    """How many of each of ``size`` kinds: what ``decompose`` splits."""
    found = [0] * size
    for k in kinds:
        found[k] += 1
    return tuple(found)


def decompose(counts: tuple[int, ...], wilds: int, target: Target) -> tuple[Groups, ...]:
    """Every split of ``counts`` (a count per kind) plus ``wilds`` into the target."""
    if wilds == 0 and target.pairs <= 1 and target.run_starts:
        return _by_blocks(counts, target)
    return _decompose(counts, wilds, target.sets, target.pairs, target)


def _by_blocks(counts: tuple[int, ...], target: Target) -> tuple[Groups, ...]:
    """Split each block on its own and join every combination.

    A block is a stretch of held kinds inside one segment with no kind missing:
    without wilds a run needs all three of its kinds, so no run crosses a missing
    kind nor a segment's edge. With at most one pair, a block of n tiles holds
    n // 3 sets, and the pair exactly when n % 3 == 2. Blocks come in kind order
    and each split is sorted, so the joined splits are sorted too, and ``product``
    yields them in the order ``_decompose`` sorts them."""
    parts: list[tuple[Groups, ...]] = []
    sets = pairs = 0
    size, run_starts = len(counts), target.run_starts
    ends = _segment_ends(run_starts, size)
    row = bytes(counts)  # a count per kind, each below 256
    for found in _HELD.finditer(row):
        lo, hi = found.span()
        while lo < hi:  # a stretch of held kinds, cut where a segment ends
            end = min(hi, ends[lo])
            block = row[lo:end]
            n = sum(block)
            if n % 3 == 1:
                return ()
            split = _split_block(block, lo, size, run_starts)
            if not split:
                return ()
            sets += n // 3
            pairs += n % 3 // 2
            parts.append(split)
            lo = end
    if (sets, pairs) != (target.sets, target.pairs):
        return ()
    if sum(map(len, parts)) == len(parts):  # the usual case: one way to split each block (none is empty)
        return (tuple(chain.from_iterable([split[0] for split in parts])),)
    return tuple(tuple(chain.from_iterable(joined)) for joined in product(*parts))


_HELD = re.compile(rb"[^\0]+")  # a stretch of held kinds, in counts as bytes


@lru_cache(maxsize=65536)
def _split_block(block: bytes, lo: int, size: int, run_starts: frozenset[int]) -> tuple[Groups, ...]:
    """The splits of one block: its counts start at kind ``lo``. Keyed on ``run_starts``,
    all of the target a block's split depends on (a frozenset keeps its hash; a Target
    works its out at every lookup)."""
    if _runs_fit_anywhere(run_starts, size)[lo]:  # the same counts split alike in any suit, at any rank
        return tuple(_moved(split, lo) for split in _split_at_0(block))
    alone = (0,) * lo + tuple(block) + (0,) * (size - lo - len(block))
    n = sum(block)
    return _decompose(alone, 0, n // 3, n % 3 // 2, Target(n // 3, n % 3 // 2, run_starts))


def _moved(groups: Groups, by: int) -> Groups:
    """The same groups ``by`` kinds further on (wild-free: every group has a kind)."""
    return tuple(Group(g.shape, (g.kind or 0) + by, g.wilds, g.meld) for g in groups)


@lru_cache(maxsize=4096)
def _split_at_0(block: bytes) -> tuple[Groups, ...]:
    """The splits of a block set at kind 0, where a run may start wherever three kinds fit."""
    n = sum(block)
    starts = frozenset(range(len(block) - 2))
    return _decompose(tuple(block), 0, n // 3, n % 3 // 2, Target(n // 3, n % 3 // 2, starts))


@cache
def _runs_fit_anywhere(run_starts: frozenset[int], size: int) -> tuple[bool, ...]:
    """For each kind: does a run start at every kind of its segment that has two more after
    it (a suit of riichi, or one honour)? Then a block's split does not depend on where it lies."""
    fits = [False] * size
    for lo, hi in _segments(run_starts, size):
        fits[lo:hi] = [run_starts.intersection(range(lo, hi)) == set(range(lo, hi - 2))] * (hi - lo)
    return tuple(fits)


@cache
def _segment_ends(run_starts: frozenset[int], size: int) -> tuple[int, ...]:
    """For each kind, where its segment ends (the first kind past it)."""
    return tuple(hi for lo, hi in _segments(run_starts, size) for _ in range(lo, hi))


def _segments(run_starts: frozenset[int], size: int) -> tuple[tuple[int, int], ...]:
    """(lo, hi) ranges of kinds no run joins: k and k + 1 are joined when a run starts at k - 1 or k."""
    cuts = [k + 1 for k in range(size - 1) if not {k - 1, k} & run_starts]
    edges = [0, *cuts, size]
    return tuple(pairwise(edges))


@lru_cache(maxsize=65536)
def _decompose(counts: tuple[int, ...], wilds: int, sets: int, pairs: int, target: Target) -> tuple[Groups, ...]:
    first = next((k for k, c in enumerate(counts) if c), None)
    if first is None:
        return _wild_only(wilds, sets, pairs, target)
    found: set[Groups] = set()
    for group, used, left in _groups_with(first, counts, wilds, (sets, pairs), target):
        rest = list(counts)
        for k in used:
            rest[k] -= 1
        need_sets = sets - (group.shape is not Shape.PAIR)
        need_pairs = pairs - (group.shape is Shape.PAIR)
        for tail in _decompose(tuple(rest), left, need_sets, need_pairs, target):
            found.add(tuple(sorted((group, *tail), key=_group_key)))
    return tuple(sorted(found, key=lambda gs: [_group_key(g) for g in gs]))


def _groups_with(
    k: int, counts: tuple[int, ...], wilds: int, need: tuple[int, int], target: Target
) -> Iterator[tuple[Group, tuple[int, ...], int]]:
    """Every group that uses the lowest remaining kind ``k``: (group, kinds used, wilds left).
    ``need`` is (sets, pairs) still to make."""
    sets, pairs = need
    have = counts[k]
    if sets:
        for real in range(min(have, 3), 0, -1):
            if 3 - real <= wilds:
                yield Group(Shape.SET, k, 3 - real), (k,) * real, wilds - 3 + real
    if pairs:
        for real in range(min(have, 2), 0, -1):
            if 2 - real <= wilds:
                yield Group(Shape.PAIR, k, 2 - real), (k,) * real, wilds - 2 + real
    if sets and target.run_starts:
        # k is the lowest real card left, so run places below it can only be wild.
        for start in (k - 2, k - 1, k):
            if start not in target.run_starts:
                continue
            places = range(start, start + 3)
            used = tuple(p for p in places if p >= k and counts[p])
            missing = 3 - len(used)
            if k in used and missing <= wilds:
                yield Group(Shape.RUN, start, missing), used, wilds - missing


def _wild_only(wilds: int, sets: int, pairs: int, target: Target) -> tuple[Groups, ...]:
    if wilds != 3 * sets + 2 * pairs:
        return ()
    if wilds and not target.wild_only_groups:
        return ()
    return ((Group(Shape.SET, None, 3),) * sets + (Group(Shape.PAIR, None, 2),) * pairs,)


_SHAPE_ORDER = {shape: i for i, shape in enumerate(Shape)}


def _group_key(g: Group) -> tuple[int, int, int]:
    return (-1 if g.kind is None else g.kind, _SHAPE_ORDER[g.shape], g.wilds)
