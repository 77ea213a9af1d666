"""Tile codes: the one-pass reader of well-formed codes reads exactly what the
per-character reader reads, and the canonical writer writes what reads back.

``tiles_in`` (``read_tiles`` uncached) reads the codes in one pass and keeps them only when
every code is a tile; anything else goes to ``_read_with_faults``, which locates each fault.
Both must agree on every text, and the fast reader must never keep a text with a fault.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from mjscore.families.mpsz.tiles import TILE_NAMES, _read_with_faults, read_tiles, tiles_in
from mjscore.families.mpsz.written import format_tiles

CODE_CHARS = "0123456789mpszfgx5５"  # digits, every suit letter, a letter that is no suit, a wide digit
# Digits, then a suit letter, a few times: mostly codes the fast path takes (arbitrary text
# from CODE_CHARS seldom is), with a fault now and then (8z, 0z, 5f).
DIGITS_AND_SUITS = st.lists(
    st.tuples(st.text(alphabet="0123456789", min_size=1, max_size=4), st.sampled_from("mpszfg")), max_size=5
).map(lambda parts: "".join(digits + suit for digits, suit in parts))


@given(st.one_of(st.text(alphabet=CODE_CHARS, max_size=16), DIGITS_AND_SUITS))
@example("123m067p5z")  # why: every suit, a red five, digits run together
@example("0z")  # why: no red honour: a fault, whatever the fast path's pattern
@example("8z")  # why: seven honours only
@example("5f")  # why: four flowers only
@example("123")  # why: digits without their suit letter are no tiles
@example("1５m")  # why: a digit to str.isdigit, but no tile's: the fast reader must hand it on
@example("m")  # why: a suit letter with no digits before it
def test_fast_reader_agrees_with_the_per_character_reader(text: str) -> None:
    # why: the fast path is an optimisation; the per-character reader is the reference
    assert tiles_in(text) == _read_with_faults(text)


TILES = st.sampled_from([(k, False) for k in range(len(TILE_NAMES))] + [(4, True), (13, True), (22, True)])


@given(st.lists(TILES, max_size=18))
@example([(13, False), (13, True), (4, False)])  # why: the red five is written 0, before the plain 5p
def test_format_tiles_reads_back_sorted(tiles: list[tuple[int, bool]]) -> None:
    text = format_tiles(tuple(tiles))
    read, faults = read_tiles(text)
    # why: the canonical text names the same tiles, in kind order, a red five first
    assert not faults
    assert list(read) == sorted(tiles, key=lambda t: (t[0], not t[1]))
    # why: each suit letter is written once, after its digits (compact mpsz)
    letters = [c for c in text if c.isalpha()]
    assert len(letters) == len(set(letters))


def test_format_tiles_examples() -> None:
    # why: hand-written canonical forms (docs/notation.md: digits then their suit, red five as 0)
    assert format_tiles(((0, False), (1, False), (2, False), (13, True), (13, False), (27, False))) == "123m05p1z"
    assert format_tiles(()) == ""
