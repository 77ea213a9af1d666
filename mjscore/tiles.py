"""Tile and card kinds, and the sets they come in.

A *kind* is identified by its index into its tile set; hands and readings hold
indices only, so the decomposer and the rule engine never look at spellings.
A tile set may also have wild cards, which hands count separately.

The BABA deck is data (``data/baba_deck.toml``); a user can load another one
with ``--deck FILE``. ``load_deck`` checks every constraint docs/rules/baba.md §1 puts on
a deck, so a wrong deck file is refused with all its faults listed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from mjscore.errors import UsageError, printable, quoted, some_of

# Written spellings of the OBABA wild card; 婆 only counts when no deck kind uses it.
WILD_SPELLINGS = ("O", "o", "*", "お")
WILD_KANJI_ALT = "婆"
WILD_NAME = "OBABA"
DOUBLING_MARK = "々"  # "X々" is the kind written by the single-kanji shorthand "X"
_CODE_RE = re.compile(r"[A-NP-Z][A-Z]")  # two letters, not starting with the wild's O


@dataclass(frozen=True, slots=True)
class CardKind:
    """One BABA card kind: its two-kanji spelling and ASCII code."""

    index: int
    spelling: str
    code: str


@dataclass(frozen=True, eq=False)  # one deck per settings: compared and hashed by identity (cheap cache keys)
class Deck:
    """The nine BABA card kinds plus how many OBABA wild cards can be in play."""

    kinds: tuple[CardKind, ...]
    max_wilds: int
    source: str
    # Derived from ``kinds`` when the deck is made (a compiled class keeps no cached_property).
    by_spelling: Mapping[str, int] = field(init=False, repr=False)
    by_code: Mapping[str, int] = field(init=False, repr=False)
    by_shorthand: Mapping[str, int] = field(init=False, repr=False)  # "X" stands for the kind spelled "X々"
    wild_spellings: frozenset[str] = field(init=False, repr=False)
    _masks: dict[tuple[str, ...], tuple[int, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        set_once = object.__setattr__  # frozen: each is set once, as the deck is made
        set_once(self, "by_spelling", {k.spelling: k.index for k in self.kinds})
        set_once(self, "by_code", {k.code: k.index for k in self.kinds})
        set_once(self, "by_shorthand", {k.spelling[0]: k.index for k in self.kinds if k.spelling[1] == DOUBLING_MARK})
        in_deck = any(WILD_KANJI_ALT in k.spelling for k in self.kinds)
        set_once(self, "wild_spellings", frozenset(WILD_SPELLINGS + (() if in_deck else (WILD_KANJI_ALT,))))
        set_once(self, "_masks", {})

    def kanji_masks(self, kanji: tuple[str, ...]) -> tuple[int, ...]:
        """Per kind, a bit mask of which of ``kanji`` its spelling holds (bit i: kanji[i])."""
        masks = self._masks.get(kanji)
        if masks is None:
            masks = self._masks[kanji] = tuple(
                sum(1 << i for i, kj in enumerate(kanji) if kj in k.spelling) for k in self.kinds
            )
        return masks

    @cache  # noqa: B019 - a deck lives as long as the settings that loaded it
    def kinds_with(self, kanji: str) -> frozenset[int]:
        """The kinds whose spelling holds ``kanji``."""
        return frozenset(k.index for k in self.kinds if kanji in k.spelling)

    def name(self, index: int | None) -> str:
        return WILD_NAME if index is None else self.kinds[index].spelling

    def card_names(self) -> str:
        """The known cards, for error messages: "馬場 (MB), 馬庭 (MN), ..., OBABA (O)"."""
        names = [f"{k.spelling} ({k.code})" for k in self.kinds]
        return ", ".join([*names, f"{WILD_NAME} (O)"])


def default_deck() -> Deck:
    from importlib import resources  # here: only BABA reads it, and it costs start-up time

    text = resources.files("mjscore").joinpath("data/baba_deck.toml").read_text(encoding="utf-8")
    return parse_deck(text, "built-in deck (a reconstruction)")


def load_deck(path: Path) -> Deck:
    from mjscore.settings import load_toml

    return deck_from(load_toml(path, "deck"), printable(str(path)))


def parse_deck(text: str, source: str) -> Deck:
    from mjscore.settings import parse_toml

    return deck_from(parse_toml(text, source), source)


def deck_from(data: Mapping[str, object], source: str) -> Deck:
    """The deck a deck file's TOML holds; a ``UsageError`` lists what is wrong with it."""
    raw_kinds = data.get("kind", [])
    kinds: list[CardKind] = []
    for i, raw in enumerate(raw_kinds if isinstance(raw_kinds, list) else []):
        spelling = str(raw.get("spelling", "")) if isinstance(raw, dict) else ""
        code = str(raw.get("code", "")) if isinstance(raw, dict) else ""
        code = code.upper() if code.isascii() else code  # any case; "ß" would become "SS"
        kinds.append(CardKind(i, spelling, code))
    max_wilds = data.get("wild_cards", 4)
    faults = deck_faults(kinds, max_wilds)
    if faults:
        raise UsageError(f"{source}: not a usable BABA deck: {some_of(faults)}")
    assert isinstance(max_wilds, int)
    return Deck(tuple(kinds), max_wilds, source)


def deck_faults(kinds: list[CardKind], max_wilds: object) -> list[str]:
    """Every way a deck breaks docs/rules/baba.md §1 (and the notation's needs)."""
    faults = []
    if len(kinds) != 9:
        faults.append(f"a deck has nine kinds, this one has {len(kinds)}")
    for k in kinds:
        if len(k.spelling) != 2 or not k.spelling.isprintable() or any(ch.isspace() for ch in k.spelling):
            faults.append(f"kind {quoted(k.spelling)}: a spelling is two characters (no space, no control)")
        if not _CODE_RE.fullmatch(k.code):
            faults.append(
                f"kind {quoted(k.spelling)}: code {quoted(k.code)} must be two letters A-Z, not starting with O"
            )
    for what, values in (("spelling", [k.spelling for k in kinds]), ("code", [k.code for k in kinds])):
        dupes = sorted(v for v, n in Counter(values).items() if n > 1)
        if dupes:
            faults.append(f"{what}s must be unique: {some_of([quoted(v) for v in dupes], sep=', ')} repeated")
    ba_kinds = sum("場" in k.spelling for k in kinds)
    if ba_kinds != 6:
        faults.append(f"exactly six kinds contain 場 (Ba-ittsu), this deck has {ba_kinds}")
    for kanji in ("馬", DOUBLING_MARK):
        if sum(kanji in k.spelling for k in kinds) < 2:
            faults.append(f"at least two kinds must contain {kanji} (so its Chin-itsu can be made)")
    if isinstance(max_wilds, bool) or not isinstance(max_wilds, int) or not 0 <= max_wilds <= 4:
        faults.append("wild_cards is a whole number from 0 to 4")
    return faults


# --- the riichi tile set: 34 kinds, four copies each (136 tiles)
#
# Index = suit * 9 + rank - 1 for man (m), pin (p) and sou (s); honours (z)
# follow: 27 East, 28 South, 29 West, 30 North, 31 White, 32 Green, 33 Red.
# A red five is an ordinary five whose redness is counted on the hand. Hana's
# flowers and seasons (one tile each) follow the honours, past RIICHI_KINDS.

SUITS = "mps"
HONOURS = 27
MAX_COPIES = 4  # of each tile, and of each BABA card
RIICHI_KINDS = 34
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
SEATS = "ESWN"  # seat / round letters, in wind order
DEALER = WINDS[0]  # East's seat deals
SEAT_LETTER = dict(zip(WINDS, SEATS, strict=True))  # wind kind -> "E" ...
WIND_OF_SEAT = dict(zip(SEATS, WINDS, strict=True))  # "E" -> wind kind ...
TERMINALS_AND_HONOURS = frozenset((0, 8, 9, 17, 18, 26, *range(HONOURS, RIICHI_KINDS)))
GREENS = frozenset((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 sou and the green dragon
RUN_STARTS = frozenset(k for k in range(HONOURS) if k % 9 <= 6)
RED_FIVES_IN_SET = {"m": 1, "p": 2, "s": 1}  # how many red fives the 136-tile set holds
# Flower tiles (hana): bonus tiles after the 34 kinds, one copy each. 1f-4f flowers, 1g-4g seasons;
# number n belongs to seat n (1 East ... 4 North).
FLOWERS = tuple(range(RIICHI_KINDS, RIICHI_KINDS + 4))
SEASONS = tuple(range(RIICHI_KINDS + 4, RIICHI_KINDS + 8))
BONUS_SUITS = "fg"


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


TILE_NAMES = tuple(
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
TILE_OF_CODE = {
    f"{digit}{suit}": (kind, digit == "0")
    for suit in (*SUITS, "z", *BONUS_SUITS)
    for digit in "0123456789"
    if (kind := tile_kind(digit, suit)) is not None
}


# (kind, is red) -> its code, "0p" for the red five: writing tiles back.
CODE_OF_TILE = {tile: code for code, tile in TILE_OF_CODE.items()}


# The digits of each suit letter, looked up: "5" under "p" is (13, False).
_BY_SUIT = {
    suit: {code[0]: tile for code, tile in TILE_OF_CODE.items() if code[1] == suit}
    for suit in (*SUITS, "z", *BONUS_SUITS)
}
_ONLY_TILES = re.compile(r"(?:[0-9]+[mps]|[1-7]+z|[1-4]+[fg])*")  # every code a tile: the usual case
_DIGITS_SUIT = re.compile(r"([0-9]+)([a-z])")


@lru_cache(maxsize=4096)
def read_tiles(text: str) -> tuple[tuple[tuple[int, bool], ...], tuple[tuple[int, str], ...]]:
    """``tiles_in``, cached: melds, winning tiles and indicators recur from line to line."""
    return tiles_in(text)


def tiles_in(text: str) -> tuple[tuple[tuple[int, bool], ...], tuple[tuple[int, str], ...]]:
    """(kind, is_red) for each tile of "123m067p"; faults as (offset, message)."""
    if _ONLY_TILES.fullmatch(text):
        tiles: list[tuple[int, bool]] = []
        for digits, suit in _DIGITS_SUIT.findall(text):
            tiles += map(_BY_SUIT[suit].__getitem__, digits)
        return tuple(tiles), ()
    return _read_with_faults(text)


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


def _read_with_faults(text: str) -> tuple[tuple[tuple[int, bool], ...], tuple[tuple[int, str], ...]]:
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
