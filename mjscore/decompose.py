"""The generic decomposer: concealed kinds + wild cards -> every reading.

It knows nothing of any game. A caller says how many sets and pairs the
concealed part must make, which kinds may start a run (none, for BABA), and
whether wild cards alone may form a group; it gets back every distinct way to
split the cards, each as a sorted tuple of ``Group``.

Without wild cards the kinds fall into independent chunks: a suit (no run
crosses a suit's edge), or a stretch of kinds no run joins (honours). Each
chunk's tile count alone says how many sets it holds and whether it holds the
pair, and its counts say how it splits: splits are remembered per chunk, so a
batch mostly finds each suit already split. A suit not met before is split
block by block (a stretch of held kinds): blocks recur far more than suits.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, pairwise, product
from typing import Final

from mjscore.hand import Group, Shape
from mjscore.values import Value, kept, made, memo

Groups = tuple[Group, ...]
_SET: Final = Shape.SET
_PAIR: Final = Shape.PAIR
_RUN: Final = Shape.RUN


@dataclass(slots=True, init=False, repr=False, eq=False)
class Target(Value):
    """What the concealed cards must form."""

    sets: Final[int]
    pairs: Final[int]
    run_starts: Final[frozenset[int]]  # kinds k where k, k+1, k+2 is a run
    wild_only_groups: Final[bool]  # may wilds alone form a set or pair?

    def __init__(  # see result.ScoreLine
        self, sets: int, pairs: int = 0, run_starts: frozenset[int] = frozenset(), wild_only_groups: bool = False
    ) -> None:
        self.sets = sets
        self.pairs = pairs
        self.run_starts = run_starts
        self.wild_only_groups = wild_only_groups


def kind_counts(kinds: tuple[int, ...], size: int) -> tuple[int, ...]:
    """How many of each of ``size`` kinds: what ``decompose`` splits."""
    found = [0] * size
    for k in kinds:
        found[k] = found[k] + 1  # compiled, += on a list's item is a generic Python add
    return tuple(found)


def decompose(counts: tuple[int, ...], wilds: int, target: Target) -> tuple[Groups, ...]:
    """Every split of ``counts`` (a count per kind) plus ``wilds`` into the target."""
    if wilds == 0 and target.pairs <= 1 and target.run_starts:
        chunks = _chunks(target.run_starts, len(counts))
        if chunks is not None:
            return _by_chunks(counts, target, chunks)
    return _decompose(counts, wilds, target.sets, target.pairs, target.run_starts, target.wild_only_groups)


ChunkSplit = tuple[tuple[Groups, ...], int, int]  # the splits, and the sets and pairs each makes
# lo, hi, whether runs start in it (at every kind with two more after it), memo of splits by counts
Chunk = tuple[int, int, bool, dict[bytes, ChunkSplit]]

_CHUNK_MEMO: Final = 65536  # patterns remembered per chunk; past it the memo starts again


def _by_chunks(counts: tuple[int, ...], target: Target, chunks: tuple[Chunk, ...]) -> tuple[Groups, ...]:
    """Split each chunk on its own and join every combination.

    With at most one pair, a chunk of n tiles holds n // 3 sets, and the pair
    exactly when n % 3 == 2. Chunks come in kind order and each one's splits are
    sorted (and equally long), so ``product`` yields the joined splits in the
    order ``_decompose`` sorts them (see ``_joined``)."""
    parts: list[tuple[Groups, ...]] = []
    sets = pairs = 0
    row = bytes(counts)  # a count per kind, each below 256
    for lo, hi, runs, splits_of in chunks:
        held = row[lo:hi]
        found = splits_of.get(held)
        if found is None:
            found = kept(splits_of, _CHUNK_MEMO, held, _split_chunk(held, lo, runs))
        splits, chunk_sets, chunk_pairs = found
        if not splits:
            return ()
        if chunk_sets or chunk_pairs:  # an empty chunk adds nothing
            parts.append(splits)
            sets += chunk_sets
            pairs += chunk_pairs
    if (sets, pairs) != (target.sets, target.pairs):
        return ()
    return _joined(parts)


# The chunks of each set of run starts and size (in a one-item tuple, as the chunks may be
# None), each with its memo of splits. Plain dicts, not a functools cache: compiled, its call is
# a generic one that builds a key of its arguments, for every hand.
_CHUNKS: Final[dict[frozenset[int], dict[int, tuple[tuple[Chunk, ...] | None]]]] = memo()


def _chunks(run_starts: frozenset[int], size: int) -> tuple[Chunk, ...] | None:
    by_size = _CHUNKS.get(run_starts)
    if by_size is None:
        by_size = _CHUNKS[run_starts] = {}
    found = by_size.get(size)
    if found is None:
        found = by_size[size] = (_new_chunks(run_starts, size),)
    return found[0]


def _new_chunks(run_starts: frozenset[int], size: int) -> tuple[Chunk, ...] | None:
    """Each chunk: a stretch of kinds runs join (a suit of riichi), or of kinds no run
    passes through (the honours), taken whole. None when in some stretch a run starts at
    some kinds only (no rule set has such runs): the whole search serves those."""
    found: list[tuple[int, int]] = []
    for lo, hi in _segments(run_starts, size):
        # a segment of one kind has no run through it: join it to a run-free chunk before it
        if hi - lo == 1 and found and not _starts_in(found[-1], run_starts):
            found[-1] = (found[-1][0], hi)
        else:
            found.append((lo, hi))
    chunks: list[Chunk] = []
    for lo, hi in found:
        starts = _starts_in((lo, hi), run_starts)
        if starts and starts != set(range(lo, hi - 2)):
            return None
        chunks.append((lo, hi, bool(starts), {}))
    return tuple(chunks)


def _starts_in(chunk: tuple[int, int], run_starts: frozenset[int]) -> frozenset[int]:
    """The starts of the runs that hold a kind of the chunk."""
    lo, hi = chunk
    return run_starts.intersection(range(lo - 2, hi))


def _split_chunk(held: bytes, lo: int, runs: bool) -> ChunkSplit:
    """The splits of one chunk, whose counts ``held`` start at kind ``lo``."""
    n = sum(held)
    if n % 3 == 1:
        return (), 0, 0
    sets, pairs = n // 3, n % 3 // 2
    parts, block_pairs = [], 0
    for block, at in _blocks(held, lo, runs):
        split = _block_at(block, at)
        if not split:
            return (), 0, 0
        parts.append(split)
        block_pairs += sum(block) % 3 // 2
    return (_joined(parts) if block_pairs == pairs else ()), sets, pairs


def _blocks(held: bytes, lo: int, runs: bool) -> Iterator[tuple[bytes, int]]:
    """(counts, first kind) of each block of held kinds that splits alone: no run crosses a
    kind not held, nor joins two kinds of a run-free chunk. (Blocks recur far more than
    whole suits do, which matters for a batch of new hands.)"""
    if not runs:
        yield from ((held[i : i + 1], lo + i) for i, count in enumerate(held) if count)
        return
    at = lo
    for block in held.split(b"\0"):
        if block:
            yield block, at
        at += len(block) + 1  # past the block and the kind not held after it


def _joined(parts: list[tuple[Groups, ...]]) -> tuple[Groups, ...]:
    """Every combination of one split from each part, in order: parts in kind order, each
    one's splits sorted (and equally long), so ``product`` yields them sorted too."""
    if all(len(splits) == 1 for splits in parts):  # the usual case: one way to split each part
        groups: list[Group] = []
        for (split,) in parts:
            groups += split
        return (tuple(groups),)
    return tuple(tuple(chain.from_iterable(joined)) for joined in product(*parts))


# The splits of each block, kept by the kind it starts at, then its counts (as ``_chunks``').
_BLOCKS_AT: Final[dict[int, dict[bytes, tuple[Groups, ...]]]] = memo()


def _block_at(block: bytes, at: int) -> tuple[Groups, ...]:
    """The splits of a block of held kinds starting at kind ``at``, where runs fit anywhere
    (a block of one kind has no room for one). Kept as well as the splits at kind 0: moving
    a split's groups into place cost more than the lookup."""
    blocks = _BLOCKS_AT.get(at)
    if blocks is None:
        blocks = _BLOCKS_AT[at] = {}
    found = blocks.get(block)
    if found is None:
        found = kept(blocks, 4096, block, _new_block_at(block, at))
    return found


def _new_block_at(block: bytes, at: int) -> tuple[Groups, ...]:
    if sum(block) % 3 == 1:
        return ()
    return tuple(_moved(split, at) for split in _split_at_0(block))


def _moved(groups: Groups, by: int) -> Groups:
    """The same groups ``by`` kinds further on (wild-free, formed in the hand: every group has a kind)."""
    return tuple([_plain(g.shape, (g.kind or 0) + by) for g in groups])


@lru_cache(maxsize=4096)
def _split_at_0(held: bytes) -> tuple[Groups, ...]:
    """The splits of a block's counts set at kind 0, where a run may start wherever three
    kinds fit, into sets and at most one pair (the pair exactly when n % 3 == 2).

    The whole search (``_decompose``) serves wild cards and any run starts; without
    them a split is fixed kind by kind, lowest first, and is found once: at each kind,
    at most one pung, at most the pair, and every tile left starts a run (the tests
    check both searches agree)."""
    found: list[Groups] = []
    _splits_from(list(held), 0, sum(held) % 3 // 2, [], found)
    return tuple(sorted(found, key=lambda gs: [group_key(g) for g in gs]))


def _splits_from(counts: list[int], k: int, pairs: int, groups: list[Group], found: list[Groups]) -> None:
    """Add to ``found`` every split of ``counts`` from kind ``k`` on, after ``groups``."""
    while k < len(counts) and not counts[k]:
        k += 1
    if k == len(counts):
        if not pairs:
            found.append(tuple(groups))
        return
    have = counts[k]
    for pung in (1, 0) if have >= 3 else (0,):
        for pair in (1, 0) if pairs and have - 3 * pung >= 2 else (0,):
            runs = have - 3 * pung - 2 * pair
            if runs and not (k + 2 < len(counts) and counts[k + 1] >= runs and counts[k + 2] >= runs):
                continue
            formed = [_plain(_SET, k)] * pung + [_plain(_PAIR, k)] * pair + [_plain(_RUN, k)] * runs
            counts[k] = 0
            counts[k + 1 : k + 3] = [c - runs for c in counts[k + 1 : k + 3]]
            _splits_from(counts, k + 1, pairs - pair, groups + formed, found)
            counts[k + 1 : k + 3] = [c + runs for c in counts[k + 1 : k + 3]]
            counts[k] = have


def _plain(shape: Shape, kind: int) -> Group:
    """The wild-free group of ``shape`` at ``kind``, formed in the hand: one object for each,
    kept in ``_GROUPS`` and shared by every split the search makes (a group made for each
    split, even without Group's own ``__new__``, cost 6% of a scoring call with empty caches)."""
    key = _key(kind, shape, 0)
    found = _GROUPS.get(key)
    if found is None:
        found = _GROUPS[key] = made(Group, (shape, kind, 0, None))
    return found


def _segments(run_starts: frozenset[int], size: int) -> tuple[tuple[int, int], ...]:
    """(lo, hi) ranges of kinds no run joins: k and k + 1 are joined when a run starts at k - 1 or k."""
    cuts = [k + 1 for k in range(size - 1) if not {k - 1, k} & run_starts]
    edges = [0, *cuts, size]
    return tuple(pairwise(edges))


@lru_cache(maxsize=4096)
def _decompose(  # noqa: PLR0917
    counts: tuple[int, ...], wilds: int, sets: int, pairs: int, run_starts: frozenset[int], wild_only_groups: bool
) -> tuple[Groups, ...]:
    """Every split of ``counts`` and ``wilds`` into ``sets`` and ``pairs``, sorted, each one's
    groups sorted (by ``group_key``). The search runs on the groups' keys (``_keyed``); a
    caller's splits are kept for the next line of a batch, which often asks the same. It and
    ``_keyed`` are cached by what the search reads of the target, not by the ``Target``, whose
    generated ``__hash__`` runs as Python in a compiled build."""
    splits = _keyed(counts, wilds, sets, pairs, run_starts, wild_only_groups)
    return tuple([tuple([_GROUPS[key] for key in split]) for split in splits])


Keys = tuple[int, ...]  # a split as the sorted keys of its groups (``group_key``)
_GROUPS: Final[dict[int, Group]] = {}  # each group the search has made, by its key (one per kind, shape, wilds)


@lru_cache(maxsize=65536)
def _keyed(  # noqa: PLR0917
    counts: tuple[int, ...], wilds: int, sets: int, pairs: int, run_starts: frozenset[int], wild_only_groups: bool
) -> tuple[Keys, ...]:
    """``_decompose``'s splits as keys. The search sorts every split it makes and sets them
    apart, and numbers sort, compare and hash faster than groups; a tuple of numbers is also
    left alone by the garbage collector, which the many splits kept here would cost."""
    first = next((k for k, c in enumerate(counts) if c), None)
    if first is None:
        return tuple([_keys(split) for split in _wild_only(wilds, sets, pairs, wild_only_groups)])
    found: set[Keys] = set()
    for group, used, left in _groups_with(first, counts, wilds, (sets, pairs), run_starts):
        (key,) = _keys((group,))
        rest = list(counts)
        for k in used:
            rest[k] -= 1
        need_sets = sets - (group.shape is not Shape.PAIR)
        need_pairs = pairs - (group.shape is Shape.PAIR)
        for tail in _keyed(tuple(rest), left, need_sets, need_pairs, run_starts, wild_only_groups):
            found.add(tuple(sorted((key, *tail))))
    return tuple(sorted(found))


def _keys(groups: Groups) -> Keys:
    """The sorted keys of ``groups``, each group kept in ``_GROUPS`` by its key."""
    keys = []
    for g in groups:
        key = group_key(g)
        _GROUPS.setdefault(key, g)
        keys.append(key)
    return tuple(sorted(keys))


def _groups_with(
    k: int, counts: tuple[int, ...], wilds: int, need: tuple[int, int], run_starts: frozenset[int]
) -> Iterator[tuple[Group, tuple[int, ...], int]]:
    """Every group that uses the lowest remaining kind ``k``: (group, kinds used, wilds left).
    ``need`` is (sets, pairs) still to make. (Made with ``made``: the search of a hand with
    wild cards makes many, and Group's own ``__new__`` is Python.)"""
    sets, pairs = need
    have = counts[k]
    if sets:
        for real in range(min(have, 3), 0, -1):
            if 3 - real <= wilds:
                yield made(Group, (_SET, k, 3 - real, None)), (k,) * real, wilds - 3 + real
    if pairs:
        for real in range(min(have, 2), 0, -1):
            if 2 - real <= wilds:
                yield made(Group, (_PAIR, k, 2 - real, None)), (k,) * real, wilds - 2 + real
    if sets and run_starts:
        # k is the lowest real card left, so run places below it can only be wild.
        for start in (k - 2, k - 1, k):
            if start not in run_starts:
                continue
            places = range(start, start + 3)
            used = tuple(p for p in places if p >= k and counts[p])
            missing = 3 - len(used)
            if k in used and missing <= wilds:
                yield made(Group, (_RUN, start, missing, None)), used, wilds - missing


def _wild_only(wilds: int, sets: int, pairs: int, wild_only_groups: bool) -> tuple[Groups, ...]:
    if wilds != 3 * sets + 2 * pairs:
        return ()
    if wilds and not wild_only_groups:
        return ()
    return ((Group(Shape.SET, None, 3),) * sets + (Group(Shape.PAIR, None, 2),) * pairs,)


_SHAPE_ORDER: Final = {shape: i for i, shape in enumerate(Shape)}
_SHAPES: Final = len(_SHAPE_ORDER)
_WILDS: Final = 8  # more than a group holds (at most four tiles)


def group_key(g: Group) -> int:
    """The order of the groups of a split: by kind (wilds alone first), shape, wilds; as one
    number (numbers compare faster than tuples, and a split's groups are sorted often)."""
    return _key(-1 if g.kind is None else g.kind, g.shape, g.wilds)


def _key(kind: int, shape: Shape, wilds: int) -> int:
    """``group_key`` of a group of ``kind`` (-1: wilds alone), ``shape`` and ``wilds``."""
    return ((kind + 1) * _SHAPES + _SHAPE_ORDER[shape]) * _WILDS + wilds
