"""The tiles of the mpsz family: kinds, codes and names, red fives, flowers, winds and seats.

A *kind* is identified by its index into the tile set; hands and readings hold
indices only, so the decomposer and the rule engine never look at spellings.
"""

from __future__ import annotations

import re
from typing import Final, cast

from mjscore.errors import quoted
from mjscore.values import kept, memo

# --- the riichi tile set: 34 kinds, four copies each (136 tiles)
#
# Index = suit * 9 + rank - 1 for man (m), pin (p) and sou (s); honours (z)
# follow: 27 East, 28 South, 29 West, 30 North, 31 White, 32 Green, 33 Red.
# A red five is an ordinary five whose redness is counted on the hand. Hana's
# flowers and seasons (one tile each) follow the honours, past RIICHI_KINDS.

SUITS: Final = "mps"
HONOURS: Final = 27
MAX_COPIES: Final = 4  # of each tile
RIICHI_KINDS: Final = 34
WINDS: Final = (27, 28, 29, 30)
DRAGONS: Final = (31, 32, 33)
SEATS: Final = "ESWN"  # seat / round letters, in wind order
DEALER: Final = WINDS[0]  # East's seat deals
SEAT_LETTER: Final = dict(zip(WINDS, SEATS, strict=True))  # wind kind -> "E" ...
WIND_OF_SEAT: Final = dict(zip(SEATS, WINDS, strict=True))  # "E" -> wind kind ...
TERMINALS_AND_HONOURS: Final = frozenset((0, 8, 9, 17, 18, 26, *range(HONOURS, RIICHI_KINDS)))
GREENS: Final = frozenset((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 sou and the green dragon
RUN_STARTS: Final = frozenset(k for k in range(HONOURS) if k % 9 <= 6)
RED_FIVES_IN_SET: Final = {"m": 1, "p": 2, "s": 1}  # how many red fives the 136-tile set holds
# Flower tiles (hana): bonus tiles after the 34 kinds, one copy each. 1f-4f flowers, 1g-4g seasons;
# number n belongs to seat n (1 East ... 4 North).
FLOWERS: Final = tuple(range(RIICHI_KINDS, RIICHI_KINDS + 4))
SEASONS: Final = tuple(range(RIICHI_KINDS + 4, RIICHI_KINDS + 8))
BONUS_SUITS: Final = "fg"


def tile_kind(digit: str, suit: str) -> int | None:
    """The kind of "5p" (digit "0" is the red five); None if no such tile."""
    rank = 5 if digit == "0" else int(digit)
    if suit in BONUS_SUITS:
        return RIICHI_KINDS + 4 * BONUS_SUITS.index(suit) + rank - 1 if 1 <= rank <= 4 else None
    if suit == "z" and digit == "0":
        return None
    if suit == "z":
        return HONOURS + rank - 1 if 1 <= rank <= 7 else None
    return SUITS.index(suit) * 9 + rank - 1 if 1 <= rank <= 9 else None


TILE_NAMES: Final = tuple(
    f"{k - HONOURS + 1}z" if k >= HONOURS else f"{k % 9 + 1}{SUITS[k // 9]}" for k in range(RIICHI_KINDS)
) + tuple(f"{n}{suit}" for suit in BONUS_SUITS for n in range(1, 5))


def tile_name(kind: int) -> str:
    """ "5p" for the kind of the five of pins."""
    return TILE_NAMES[kind]


def suit_of(kind: int) -> str:
    return TILE_NAMES[kind][1]


def rank_of(kind: int) -> int:
    """1-9 for suited tiles, 1-7 for honours."""
    return kind - HONOURS + 1 if kind >= HONOURS else kind % 9 + 1


def dora_after(indicator: int) -> int:
    """The dora an indicator points at: the next of its kind, wrapping 9->1,
    North->East and Red->White."""
    if indicator < HONOURS:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator in WINDS:
        return WINDS[(WINDS.index(indicator) + 1) % 4]
    return DRAGONS[(DRAGONS.index(indicator) + 1) % 3]


# "5p" -> (kind, is red) for every tile code: reading a hand is a lookup per tile.
TILE_OF_CODE: Final = {
    f"{digit}{suit}": (kind, digit == "0")
    for suit in (*SUITS, "z", *BONUS_SUITS)
    for digit in "0123456789"
    if (kind := tile_kind(digit, suit)) is not None
}


# (kind, is red) -> its code, "0p" for the red five: writing tiles back.
CODE_OF_TILE: Final = {tile: code for code, tile in TILE_OF_CODE.items()}


# The digits of each suit letter, looked up: "5" under "p" is (13, False).
_BY_SUIT: Final = {
    suit: {code[0]: tile for code, tile in TILE_OF_CODE.items() if code[1] == suit}
    for suit in (*SUITS, "z", *BONUS_SUITS)
}
# The same tables, by the suit letter's code point, then the digit's value ("0" is 0; None:
# no tile), each tile typed as an object. Compiled, indexing a list is native where a dict's
# lookup is a call (``tiles_in``: 8,000 to 4,600 instructions a riichi line); and a tile read
# from a table typed as a pair is taken apart, then made again (a new tuple) where it is
# stored, where kept whole, the table's own tile is shared (eleven tuples a hand).
_ASCII: Final = 128
_ZERO: Final = ord("0")
_DIGITS_BY_SUIT_CODE: Final[list[list[object] | None]] = [
    [by_digit.get(str(value)) for value in range(10)] if (by_digit := _BY_SUIT.get(chr(code))) else None
    for code in range(_ASCII)
]
_DIGITS_SUIT: Final = re.compile(r"([0-9]+)([a-z])")


TilesRead = tuple[tuple[tuple[int, bool], ...], tuple[tuple[int, str], ...]]  # (tiles, faults): ``tiles_in``

# ``tiles_in`` of melds, winning tiles and indicators, which recur from line to line: kept in a
# plain dict by the text (a str keeps its hash), where compiled, an lru_cache's call goes through
# Python's generic call and builds the cache's key.
_READ_TILES: Final[dict[str, TilesRead]] = memo()


def read_tiles(text: str) -> TilesRead:
    """``tiles_in``, kept: melds, winning tiles and indicators recur from line to line."""
    read = _READ_TILES.get(text)
    if read is None:
        read = kept(_READ_TILES, 4096, text, tiles_in(text))
    return read


def tiles_in(text: str) -> TilesRead:
    """(kind, is_red) for each tile of "123m067p"; faults as (offset, message). One pass over
    the characters, not two regular expressions: compiled, half the instructions, and faster in
    Python too; anything that is no tile goes to ``_read_with_faults``, which says where."""
    tiles: list[object] = []
    start = 0  # where the digits before the next suit letter start
    for i, ch in enumerate(text):
        code = ord(ch)
        by_digit = _DIGITS_BY_SUIT_CODE[code] if code < _ASCII else None
        if by_digit is None:
            if ch.isdigit():  # (a digit of no tile, "５", is refused below, where it stands)
                continue
            return _read_with_faults(text)  # a character of no tile
        if i == start:
            return _read_with_faults(text)  # a suit letter with no digits
        for digit in text[start:i]:  # (a slice: interpreted, iterating it is cheaper than indexing)
            value = ord(digit) - _ZERO
            tile = by_digit[value] if 0 <= value <= 9 else None
            if tile is None:
                return _read_with_faults(text)  # no such tile: 8z, 5f
            tiles.append(tile)
        start = i + 1
    if start < len(text):
        return _read_with_faults(text)  # digits with no suit letter
    return cast(tuple[tuple[int, bool], ...], tuple(tiles)), ()


def tile_offsets(text: str) -> list[tuple[int, tuple[int, bool]]]:
    """(offset, tile) of each tile written in ``text``, at its digit, codes that are no tile
    left out: for a problem that points at one tile (``tiles_in`` reads them, faster)."""
    return [
        (m.start() + i, _BY_SUIT[m[2]][digit])
        for m in _DIGITS_SUIT.finditer(text)
        if m[2] in _BY_SUIT
        for i, digit in enumerate(m[1])
        if digit in _BY_SUIT[m[2]]
    ]


def _read_with_faults(text: str) -> TilesRead:
    """``tiles_in`` one code at a time, each code that is no tile reported where it stands."""
    tiles: list[tuple[int, bool]] = []
    faults: list[tuple[int, str]] = []
    start = 0
    for i, ch in enumerate(text):
        if ch.isdigit():
            continue
        if i == start:  # no digits before it: a character that belongs to no tile
            faults.append(
                (i, f"{quoted(ch)} is not part of a tile: a tile is a digit and its suit letter, e.g. 4p or 3z")
            )
        for j in range(start, i):
            tile = TILE_OF_CODE.get(text[j] + ch)
            if tile is None:
                faults.append(
                    (j, f"{text[j]}{ch} is not a tile (honours are 1z-7z, flowers 1f-4f and 1g-4g; 0 is a red five)")
                )
            else:
                tiles.append(tile)
        start = i + 1
    return tuple(tiles), tuple(faults)
