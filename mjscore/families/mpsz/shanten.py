"""How far an mpsz hand is from complete (its shanten number), and which draws bring it closer.

Kinds are those of ``tiles.py`` (0-8 man, 9-17 pin, 18-26 sou, 27-33 honours); ``counts``
are 34 ints, the concealed tiles only; ``wilds`` (Baida) are counted apart, never in
``counts``. A hand of 3n + 1 or 3n + 2 tiles (wilds included) with ``melds`` called sets,
n = 4 - melds, aims at n sets and a pair, or at Seven Pairs or Thirteen Orphans when it has
no meld. -1 is complete, 0 ready (one tile short), k: k + 1 tiles short.

The number is exact: a target is a complete hand the tiles could become, and the shanten
is the fewest tiles the hand lacks of any target, less one. A target never holds more
copies of a kind than the set has (four, less those in the melds: docs/rules/riichi.md §1;
none of 2m-8m in sanma, docs/rules/sanma.md §1), so a hand whose only wait is a fifth copy
is not ready. ``Room`` says what the set leaves; with wild tiles there is no such bound
(see ``Room``).

How it is computed: a target's sets and pair each lie in one suit or among the honours, so
each of those four chunks is solved alone, for every number of sets and pair it might
hold, and the chunks joined. A chunk's answer is a table keyed by its counts and
remembered: hands share suit patterns, and the three suits share one table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from mjscore.families.mpsz.tiles import HONOURS, MAX_COPIES, RIICHI_KINDS, TERMINALS_AND_HONOURS
from mjscore.values import Value, kept, memo

# Constants are Final: compiled, a Final int is a C constant, another global a dictionary look-up.
SETS: Final = 4  # a hand of no meld makes four sets and a pair
SEVEN_PAIRS: Final = 7
ORPHANS: Final = tuple(sorted(TERMINALS_AND_HONOURS))  # the 13 kinds of Thirteen Orphans
NO_LIMIT: Final = 14  # a cap no target reaches: a concealed part holds at most 14 tiles
# The most of one kind a count may say: four, and up to three more for the tests that put
# wilds in as the kinds they stand for (a fifth copy, in a game with wilds).
MOST_COUNTED: Final = 7
_FOUR: Final = 4  # copies of each kind in the set (tiles.MAX_COPIES)
_SUIT: Final = 9
_HONOURS: Final = 27  # the first honour (tiles.HONOURS)
_KINDS: Final = 34  # tiles.RIICHI_KINDS
# Each chunk: its first kind and its length. The suits come first, the honours last.
CHUNKS: Final = ((0, _SUIT), (_SUIT, _SUIT), (2 * _SUIT, _SUIT), (_HONOURS, _KINDS - _HONOURS))
# Tables remembered per memo; past it the memo starts again (flat memory). 100,000 random hands
# meet about 9,000 suits; a file of discard tables fills the capped memo faster, and each
# table is about 250 bytes: 1 << 14 keeps the memos under about 30 MiB in all.
_MEMO_SIZE: Final = 1 << 14
_PAIR: Final = 1  # a table's entry for m sets and p pairs is at 2 * m + p
_UNREACHED: Final = -1
assert (_FOUR, _HONOURS, _KINDS) == (MAX_COPIES, HONOURS, RIICHI_KINDS)


class Room:
    """What the tile set leaves a hand's concealed part to end with, kind by kind.

    ``held``: the copies of each kind in the hand's melds (34 ints, or none), which a target
    cannot use again; ``absent``: kinds the set does not have (sanma's 2m-8m); ``wild``: a game
    with wild tiles (Baida), where no copy limit binds: a wild may stand for a fifth copy of a
    kind (docs/rules/baida.md §2, §7; the Baida scorer accepts one) and any missing tile may
    be drawn as a wild. A hand with wilds is always counted as in such a game.

    ``held`` and ``absent`` also say what can be drawn: a kind whose copies are all in the
    hand and its melds, or that the set lacks (``can_draw``)."""

    __slots__ = ("absent", "caps", "chunk_caps", "chunk_plain", "held", "plain", "wild")

    def __init__(self, held: Sequence[int] = (), absent: Iterable[int] = (), *, wild: bool = False) -> None:
        held_copies = tuple(held) if held else (0,) * RIICHI_KINDS
        if len(held_copies) != RIICHI_KINDS:
            raise ValueError(f"held has {len(held_copies)} counts, not {RIICHI_KINDS}")
        self.held: Final = held_copies
        self.absent: Final = frozenset(absent)
        self.wild: Final = wild
        caps = tuple(
            NO_LIMIT if wild else 0 if k in self.absent else MAX_COPIES - held_copies[k] for k in range(RIICHI_KINDS)
        )
        self.caps: Final = caps
        # each chunk's caps, and whether they are the plain four of each (the memo all hands share)
        self.chunk_caps: Final = tuple(caps[lo : lo + size] for lo, size in CHUNKS)
        self.chunk_plain: Final = tuple(all(cap == MAX_COPIES for cap in chunk) for chunk in self.chunk_caps)
        self.plain: Final = all(self.chunk_plain)  # the usual case, asked first

    def can_draw(self, counts: Sequence[int], kind: int) -> bool:
        """Whether a tile of ``kind`` can still come: the set has it, and not every copy is in the hand."""
        return kind not in self.absent and counts[kind] + self.held[kind] < MAX_COPIES


FOUR_OF_EACH: Final = Room()  # riichi's 136 tiles, and a hand with no meld
WILD_GAME: Final = Room(wild=True)  # Baida: no copy limit binds


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Shanten(Value):
    """The shanten of each hand shape; ``pairs`` and ``orphans`` are None where that shape
    cannot be made (a hand with melds, or a rule set without it)."""

    standard: int
    pairs: int | None = None
    orphans: int | None = None

    @property
    def best(self) -> int:
        found = self.standard
        if self.pairs is not None and self.pairs < found:
            found = self.pairs
        if self.orphans is not None and self.orphans < found:
            found = self.orphans
        return found


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Discard(Value):
    """One discard of a hand of 3n + 2 tiles: the shanten after it and the kinds whose draw
    then lowers it (for a ready hand, its winning kinds). ``kind`` None: a wild discarded."""

    kind: int | None
    shanten: Shanten
    improving: tuple[int, ...]


# --- the standard shape: n sets and a pair


def standard_shanten(counts: Sequence[int], melds: int = 0, wilds: int = 0, *, room: Room = FOUR_OF_EACH) -> int:
    """The shanten of four sets and a pair, ``melds`` of the sets already called."""
    row = _row(counts)
    return _standard(row, _sets_to_make(row, melds, wilds), wilds, room)


def _standard(row: list[int], sets: int, wilds: int, room: Room) -> int:
    """3n + 2 tiles make a target; the tiles the hand has of it, ``_most_kept``, leave the rest
    to draw, and each wild stands for one of those (a target may take any tile for it)."""
    return 3 * sets + 1 - _most_kept(row, sets, room, wilds > 0 or room.wild) - wilds


def _most_kept(row: list[int], sets: int, room: Room, unlimited: bool) -> int:
    """The most tiles of ``row`` one target of ``sets`` sets and a pair keeps."""
    tables: list[list[int]] = []
    for chunk in range(len(CHUNKS)):
        table = _chunk_table(row, chunk, room, unlimited)
        if table is not None:
            tables.append(table)
    if not tables:
        return 0
    joined = tables[0]
    for table in tables[1:-1]:
        joined = _join(joined, table, sets)
    if len(tables) == 1:
        return joined[2 * sets + _PAIR]
    return _join_last(joined, tables[-1], sets)


def _join(a: list[int], b: list[int], sets: int) -> list[int]:
    """The table of two chunks together (see ``_chunk_table``), for at most ``sets`` sets."""
    joined = [0] * (2 * sets + 2)
    for m in range(sets + 1):
        bare = with_pair = 0
        for j in range(m + 1):
            a0, a1, b0, b1 = a[2 * j], a[2 * j + 1], b[2 * (m - j)], b[2 * (m - j) + 1]
            bare = _larger(bare, a0 + b0)
            with_pair = _larger(with_pair, _larger(a1 + b0, a0 + b1))
        joined[2 * m] = bare
        joined[2 * m + 1] = with_pair
    return joined


def _join_last(a: list[int], b: list[int], sets: int) -> int:
    """``_join``'s entry for ``sets`` sets and the pair, alone: the last join needs no other."""
    best = 0
    for j in range(sets + 1):
        best = _larger(best, _larger(a[2 * j + 1] + b[2 * (sets - j)], a[2 * j] + b[2 * (sets - j) + 1]))
    return best


def _larger(a: int, b: int) -> int:
    """max of two ints: compiled, a comparison (the builtin max is a generic call)."""
    return a if a > b else b


# The tables met before, each never changed once made. Suits by their counts (the
# three suits share them), blocks by ``_block_key``, the honours by how many kinds they hold
# once, twice, ... (``_HISTOGRAM``: honours have no runs, so which kinds does not matter);
# with no copy limit apart; caps of melds or sanma's set with the caps (``_capped_table``).
_SUIT_MEMO: Final[dict[int, list[int]]] = memo()
_OPEN_SUIT_MEMO: Final[dict[int, list[int]]] = memo()
_BLOCK_MEMO: Final[dict[int, list[int]]] = memo()
_OPEN_BLOCK_MEMO: Final[dict[int, list[int]]] = memo()
_HONOUR_MEMO: Final[dict[int, list[int]]] = memo()
_OPEN_HONOUR_MEMO: Final[dict[int, list[int]]] = memo()
_CAPPED_MEMO: Final[dict[tuple[int, tuple[int, ...]], list[int]]] = memo()
_BITS: Final = 3  # a count in a key: 0 to MOST_COUNTED
# a kind held c times adds _HISTOGRAM[c]: at most seven kinds hold as many, which fits 3 bits
_HISTOGRAM: Final = tuple(1 << _BITS * (c - 1) if c else 0 for c in range(MOST_COUNTED + 1))


def _chunk_table(row: list[int], chunk: int, room: Room, unlimited: bool) -> list[int] | None:
    """The table of one chunk of ``row`` (None when it holds no tile): entry 2 * m + p is the
    most of its tiles that at most m sets and p pairs (p at most one) keep."""
    runs = chunk < 3
    lo = _SUIT * chunk
    end = lo + _SUIT if runs else _KINDS
    plain = unlimited or room.plain or room.chunk_plain[chunk]
    key = 0
    if runs or not plain:
        for k in range(lo, end):
            key = key << _BITS | row[k]
    else:
        for k in range(lo, end):
            key += _HISTOGRAM[row[k]]
    if key == 0:
        return None
    if not plain:
        return _capped_table(row[lo:end], room.chunk_caps[chunk], runs, key)
    tables = _plain_memo(runs, unlimited)
    found = tables.get(key)
    if found is None:
        held = row[lo:end]
        cap = NO_LIMIT if unlimited else _FOUR
        found = kept(
            tables, _MEMO_SIZE, key, _by_blocks(held, cap) if runs else _solve(sorted(held), [cap] * len(held), False)
        )
    return found


def _plain_memo(runs: bool, unlimited: bool) -> dict[int, list[int]]:
    if runs:
        return _OPEN_SUIT_MEMO if unlimited else _SUIT_MEMO
    return _OPEN_HONOUR_MEMO if unlimited else _HONOUR_MEMO


def _capped_table(held: list[int], caps: tuple[int, ...], runs: bool, key: int) -> list[int]:
    """``_chunk_table`` for caps of a hand with melds or of sanma's set: remembered with the caps."""
    memo_key = (key * 2 + runs, caps)
    found = _CAPPED_MEMO.get(memo_key)
    if found is None:
        found = kept(_CAPPED_MEMO, _MEMO_SIZE, memo_key, _solve(held, list(caps), runs))
    return found


def _by_blocks(held: list[int], cap: int) -> list[int]:
    """A suit's table from its blocks: stretches of held kinds with no two kinds in a row
    missing. A group's tiles lie within three kinds in a row, so no group keeps tiles of two
    blocks; the runs of two blocks may pass through the same missing kinds, but a target has
    at most four sets, so at most four tiles there: no cap of four or more binds, and each
    block is solved alone, with the two kinds (or fewer, at a suit's end) on either side that
    its runs may reach. Blocks recur far more than suits do."""
    joined: list[int] | None = None
    tables = _OPEN_BLOCK_MEMO if cap == NO_LIMIT else _BLOCK_MEMO
    for first, last in _blocks(held):
        before, after = min(2, first), min(2, len(held) - 1 - last)
        key = _block_key(held, first, last, before, after)
        table = tables.get(key)
        if table is None:
            reach = held[first - before : last + after + 1]
            table = kept(tables, _MEMO_SIZE, key, _solve(reach, [cap] * len(reach), True))
        joined = table if joined is None else _join(joined, table, SETS)
    assert joined is not None  # a chunk with no tile has no table
    return joined


def _blocks(held: list[int]) -> list[tuple[int, int]]:
    """(first, last) kind of each block of ``held`` (see ``_by_blocks``)."""
    found: list[tuple[int, int]] = []
    first = last = -1
    for k, count in enumerate(held):
        if not count:
            continue
        if first < 0:
            first = k
        elif k - last > 2:  # two kinds or more missing between
            found.append((first, last))
            first = k
        last = k
    found.append((first, last))
    return found


def _block_key(held: list[int], first: int, last: int, before: int, after: int) -> int:
    """A block's counts (``_BITS`` each), with the room its runs have on either side (0 to 2)."""
    key = 0
    for k in range(first, last + 1):
        key = key << _BITS | held[k]
    return (key * 3 + before) * 3 + after


def _solve(held: list[int], caps: list[int], runs: bool) -> list[int]:
    """The table of a stretch of kinds (see ``_chunk_table``), by dynamic programming over its
    kinds.

    A target is read kind by kind, lowest first. At each kind it starts some runs (if
    ``runs``, at all kinds but the last two), pungs and at most one pair, and must hold the
    tiles of the runs started at the two kinds before: all of them at most the kind's cap.
    The tiles the hand keeps there are the least of what it holds and what the target holds.
    A state is (runs started two and one kinds back, sets so far, pairs so far), its value
    the most tiles kept. Kinds more than two before the first tile held, or after the last,
    keep nothing and are skipped."""
    size = len(held)
    first = next(k for k in range(size) if held[k])
    last = next(k for k in range(size - 1, -1, -1) if held[k])
    best = [_UNREACHED] * _STATES
    best[0] = 0
    states = [0]
    for i in range(max(0, first - 2) if runs else first, last + 1):
        ahead = held[i + 1] + held[i + 2] if runs and i + 2 < size else -1  # -1: no run starts here
        best, states = _next_kind(best, states, held[i], caps[i], ahead)
    for i in range(last + 1, min(size, last + 3)):  # the runs started last still take their tiles
        best, states = _next_kind(best, states, 0, caps[i], -1)
    table = [0] * (2 * SETS + 2)
    for state in states:
        if state % 25:  # a run still lacks its tiles past the stretch's end
            continue
        slot = 2 * (state // 25 % 5) + state // 125
        table[slot] = _larger(table[slot], best[state])
    for m in range(SETS + 1):  # at most m sets and p pairs: the best of any fewer
        if m:
            table[2 * m] = _larger(table[2 * m], table[2 * m - 2])
            table[2 * m + 1] = _larger(table[2 * m + 1], table[2 * m - 1])
        table[2 * m + 1] = _larger(table[2 * m + 1], table[2 * m])
    return table


_STATES: Final = 250  # x + 5y + 25m + 125p: x runs from two kinds back, y from one back, m sets, p pairs


def _next_kind(best: list[int], states: list[int], have: int, cap: int, ahead: int) -> tuple[list[int], list[int]]:
    """The states after one more kind, which the hand holds ``have`` of and a target at most
    ``cap``; ``ahead``: the hand's tiles of the next two kinds (-1: no run may start here).
    A choice that keeps no tile more is skipped: it would only spend a set."""
    after = [_UNREACHED] * _STATES
    reached: list[int] = []
    for state in states:
        kept = best[state]
        x, y, m, p = state % 5, state // 5 % 5, state // 25 % 5, state // 125
        due = x + y  # tiles of earlier runs this kind must hold
        if due > cap:
            continue
        most_runs = min(SETS - m, max(0, have - due) + ahead) if ahead >= 0 else 0
        for r in range(min(most_runs, cap - due) + 1):
            left = have - due - r  # tiles here no run keeps
            most_pungs = min(SETS - m - r, (left + 2) // 3) if left > 0 else 0
            for u in range(most_pungs + 1):
                for q in range(2 if p == 0 and left > 3 * u else 1):
                    target = due + r + 3 * u + 2 * q
                    if target > cap:
                        break
                    gained = kept + min(target, have)
                    nxt = y + 5 * r + 25 * (m + r + u) + 125 * (p + q)
                    if after[nxt] < gained:
                        if after[nxt] == _UNREACHED:
                            reached.append(nxt)
                        after[nxt] = gained
    return after, reached


# --- Seven Pairs and Thirteen Orphans (no melds)


def pairs_shanten(counts: Sequence[int], wilds: int = 0) -> int:
    """Seven Pairs: seven pairs of seven different kinds; four of a kind is one pair and two
    tiles more, never two pairs (docs/rules/riichi.md §3). A wild pairs a single or, with
    another, makes a pair of a kind the hand lacks (docs/rules/baida.md §7)."""
    row = _row(counts)
    _sets_to_make(row, 0, wilds)
    return _pairs(row, wilds)


def _pairs(row: list[int], wilds: int) -> int:
    """Each pair lacks nothing, each other kind held lacks one tile, each kind still to find two."""
    pairs = kinds = 0
    for n in row:
        if n:
            kinds += 1
            if n >= 2:
                pairs += 1
    pairs = min(pairs, SEVEN_PAIRS)
    singles = min(kinds - pairs, SEVEN_PAIRS - pairs)
    lacking = singles + 2 * (SEVEN_PAIRS - pairs - singles)
    return lacking - 1 - wilds


def orphans_shanten(counts: Sequence[int], wilds: int = 0) -> int:
    """Thirteen Orphans: one of each terminal and honour and a second of one of them."""
    row = _row(counts)
    _sets_to_make(row, 0, wilds)
    return _orphans(row, wilds)


def _orphans(row: list[int], wilds: int) -> int:
    """Each orphan kind not held lacks one tile, and the pair one more unless one is paired."""
    kinds = paired = 0
    for k in ORPHANS:
        if row[k]:
            kinds += 1
            if row[k] >= 2:
                paired = 1
    lacking = len(ORPHANS) - kinds + 1 - paired
    return lacking - 1 - wilds


# --- all shapes


def shanten(
    counts: Sequence[int],
    melds: int = 0,
    wilds: int = 0,
    *,
    pairs: bool = True,
    orphans: bool = True,
    room: Room = FOUR_OF_EACH,
) -> Shanten:
    """The shanten of every shape the rule set has (``pairs``, ``orphans``: whether it has
    Seven Pairs, Thirteen Orphans); the special shapes only for a hand with no meld."""
    row = _row(counts)
    return _shanten(row, melds, _sets_to_make(row, melds, wilds), wilds, pairs=pairs, orphans=orphans, room=room)


def _shanten(row: list[int], melds: int, sets: int, wilds: int, *, pairs: bool, orphans: bool, room: Room) -> Shanten:
    standard = _standard(row, sets, wilds, room)
    if melds:
        return Shanten(standard)
    return Shanten(standard, _pairs(row, wilds) if pairs else None, _orphans(row, wilds) if orphans else None)


def improving_kinds(
    counts: Sequence[int],
    melds: int = 0,
    wilds: int = 0,
    *,
    kinds: Iterable[int] = range(RIICHI_KINDS),
    pairs: bool = True,
    orphans: bool = True,
    room: Room = FOUR_OF_EACH,
    wild_kinds: Sequence[int] = (),
) -> tuple[int, ...]:
    """The kinds among ``kinds`` whose draw lowers the best shanten of a hand of 3n + 1 tiles:
    for a ready hand, the kinds it wins on. A kind that cannot be drawn (``Room.can_draw``:
    every copy in the hand and its melds, or absent from the set) is left out; one of
    ``wild_kinds`` (the Baida) is drawn as a wild, and always helps (it stands for a tile the
    best target lacks), and the hand is then in a game with no copy limit."""
    row = _row(counts)
    sets = _sets_to_make(row, melds, wilds)
    if (sum(row) + wilds) % 3 != 1:
        raise ValueError(f"a hand of {sum(row) + wilds} tiles has drawn already: discard first")
    if wild_kinds:
        room = _wild_room(room)
    before = _shanten(row, melds, sets, wilds, pairs=pairs, orphans=orphans, room=room).best
    found = []
    for kind in kinds:
        if kind in wild_kinds:
            found.append(kind)
            continue
        if not room.can_draw(row, kind):
            continue
        row[kind] += 1
        after = _shanten(row, melds, sets, wilds, pairs=pairs, orphans=orphans, room=room).best
        row[kind] -= 1
        if after < before:
            found.append(kind)
    return tuple(found)


def discards(
    counts: Sequence[int],
    melds: int = 0,
    wilds: int = 0,
    *,
    kinds: Iterable[int] = range(RIICHI_KINDS),
    pairs: bool = True,
    orphans: bool = True,
    room: Room = FOUR_OF_EACH,
    wild_kinds: Sequence[int] = (),
) -> tuple[Discard, ...]:
    """For a hand of 3n + 2 tiles, each distinct discard in kind order (a wild's last, kind
    None): the shanten after it and its improving kinds among ``kinds`` (``improving_kinds``).
    The caller ranks them."""
    row = _row(counts)
    _sets_to_make(row, melds, wilds)
    if (sum(row) + wilds) % 3 != 2:
        raise ValueError(f"a hand of {sum(row) + wilds} tiles has no tile to discard: draw first")
    candidates = tuple(kinds)
    if wild_kinds:
        room = _wild_room(room)  # as improving_kinds counts it: the rows' shanten and waits agree
    found = []
    for kind in [k for k in range(RIICHI_KINDS) if row[k]] + ([-1] if wilds else []):
        wild = kind < 0  # a wild discarded
        left = list(row)
        if not wild:
            left[kind] -= 1
        left_wilds = wilds - 1 if wild else wilds
        after = shanten(left, melds, left_wilds, pairs=pairs, orphans=orphans, room=room)
        improving = improving_kinds(
            left, melds, left_wilds, kinds=candidates, pairs=pairs, orphans=orphans, room=room, wild_kinds=wild_kinds
        )
        found.append(Discard(None if wild else kind, after, improving))
    return tuple(found)


def _wild_room(room: Room) -> Room:
    """``room`` in a game with wild tiles."""
    return room if room.wild else Room(room.held, room.absent, wild=True)


def _row(counts: Sequence[int]) -> list[int]:
    """The counts as a list of their own (compiled, a list is read fastest); ``_sets_to_make``
    checks them."""
    return list(counts)


def _sets_to_make(row: list[int], melds: int, wilds: int) -> int:
    """The sets the concealed part must make; a ValueError for counts that are no hand of that size."""
    if not 0 <= melds <= SETS or wilds < 0:
        raise ValueError(f"melds must be 0 to {SETS} and wilds at least 0, not {melds} and {wilds}")
    if len(row) != _KINDS:
        raise ValueError(f"counts are {_KINDS} numbers, not {len(row)}")
    tiles = wilds
    for count in row:
        if not 0 <= count <= MOST_COUNTED:
            raise ValueError(f"a count is 0 to {MOST_COUNTED}, not {count}")
        tiles += count
    sets = SETS - melds
    if tiles not in (3 * sets + 1, 3 * sets + 2):
        raise ValueError(f"a hand with {melds} melds has {3 * sets + 1} or {3 * sets + 2} concealed tiles, not {tiles}")
    return sets
