"""Reading a riichi line: tiles, melds, the winning tile and the table items,
with every problem of the hand collected before any is reported."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from mjscore.errors import Problem
from mjscore.hand import Hand, Meld, MeldKind, Win
from mjscore.notation.build import Items
from mjscore.notation.tokens import Token
from mjscore.tiles import (
    FLOWERS,
    HONOURS,
    RED_FIVES_IN_SET,
    RIICHI_KINDS,
    SEASONS,
    SEATS,
    TILE_NAMES,
    WINDS,
    read_tiles,
    suit_of,
    tile_name,
)

Tile = tuple[int, bool]  # (kind, is a red five)
HAND_TILES = 14  # counting each kong as three
MAX_COPIES = 4


@dataclass(frozen=True, slots=True)
class WrittenHand:
    """The tiles as written: concealed (winning tile last), melds, and the winner."""

    concealed: tuple[Tile, ...]  # without the winning tile
    melds: tuple[tuple[MeldKind, tuple[Tile, ...]], ...]
    winning: Tile
    explicit_winner: bool  # written as +TILE
    flowers: tuple[int, ...] = ()  # bonus tiles set aside (hana), as written
    all_tiles: tuple[Tile, ...] = field(init=False)  # concealed, winning, then meld tiles
    red_fives: int = field(init=False)

    def __post_init__(self) -> None:
        tiles = (*self.concealed, self.winning, *(t for _, tiles in self.melds for t in tiles))
        object.__setattr__(self, "all_tiles", tiles)  # frozen: derived once, at construction
        object.__setattr__(self, "red_fives", sum(red for _, red in tiles))

    def hand(self) -> Hand:
        concealed = tuple(sorted(k for k, _ in (*self.concealed, self.winning)))
        melds = tuple(Meld(tuple(sorted(k for k, _ in tiles)), 0, kind) for kind, tiles in self.melds)
        return Hand(concealed, 0, melds)


def read_hand(tokens: Sequence[Token], problems: list[Problem]) -> WrittenHand | None:
    concealed: list[Tile] = []
    melds: list[tuple[MeldKind, tuple[Tile, ...]]] = []
    winning: Tile | None = None
    col = tokens[0].loc + 1 if tokens else 0
    flowers: list[int] = []
    for tok in tokens:
        tiles = _tiles(tok, problems)
        bonus = [k for k, _ in tiles if k >= RIICHI_KINDS]
        if bonus and tok.tag != "cards":
            code, where = (
                ("flower-winning-tile", "the winning tile") if tok.tag == "winning" else ("flower-in-meld", "in a meld")
            )
            problems.append(
                Problem(code, f"a flower is set aside as soon as it is drawn: it cannot be {where}", tok.loc + 2)
            )
        if bonus:
            flowers += bonus
            tiles = tuple(t for t in tiles if t[0] < RIICHI_KINDS)
        if tok.tag == "cards":
            concealed += tiles
        elif tok.tag == "winning" and tiles:
            if winning is not None:
                problems.append(
                    Problem("two-winning-tiles", "only one +TILE: the tile that completed the hand", tok.loc + 1)
                )
            winning = tiles[0]
        elif tok.tag in ("open", "closed") and tiles:
            kind = MeldKind.OPEN if tok.tag == "open" else MeldKind.CLOSED_KAN
            problems.extend(meld_problems(kind, tiles, tok.loc + 1))
            melds.append((kind, tuple(tiles)))
    if winning is None and any(t.tag == "winning" for t in tokens):
        return None  # the winning tile was a flower: reported above; nothing more to check
    explicit = winning is not None
    if winning is None:
        if not concealed:
            problems.append(Problem("tile-count", "no concealed tile and no +TILE: which tile won the hand?", col))
            return None
        winning = concealed.pop()  # NOTATION.md: the last concealed tile written is the winner
    return WrittenHand(tuple(concealed), tuple(melds), winning, explicit, tuple(flowers))


def _tiles(tok: Token, problems: list[Problem]) -> tuple[Tile, ...]:
    tiles, faults = read_tiles(tok.text)
    start = tok.loc + (0 if tok.tag == "cards" else 1) + 1
    problems.extend(Problem("not-a-tile", message, start + offset) for offset, message in faults)
    return tiles


def meld_problems(kind: MeldKind, tiles: Sequence[Tile], col: int) -> list[Problem]:
    kinds = sorted(k for k, _ in tiles)
    same = len(set(kinds)) == 1
    if kind is MeldKind.CLOSED_KAN:
        if len(kinds) == 4 and same:
            return []
        return [Problem("bad-meld", "a closed kong [...] is four of one tile", col)]
    if len(kinds) in (3, 4) and same:
        return []
    is_chow = (
        len(kinds) == 3
        and kinds[0] < HONOURS
        and len({suit_of(k) for k in kinds}) == 1
        and kinds == list(range(kinds[0], kinds[0] + 3))
    )
    if is_chow:
        return []
    return [Problem("bad-meld", "an open meld (...) is a chow (three in a row of one suit), a pung or a kong", col)]


def count_problems(
    written: WrittenHand, indicators: Sequence[Tile], win: Win | None, col: int, *, aka: bool
) -> list[Problem]:
    """Tile count, copies (indicators are tiles too) and red fives: with aka on,
    the red fives are among the four copies, so fewer plain fives exist."""
    problems = []
    size = len(written.concealed) + 1 + 3 * len(written.melds)
    if size != HAND_TILES:
        problems.append(Problem("tile-count", f"tile count: {size} given, 14 needed (counting each meld as 3)", col))
    tiles = (*written.all_tiles, *indicators)
    seen = [0] * (RIICHI_KINDS + len(FLOWERS) + len(SEASONS))
    for kind, _ in tiles:
        seen[kind] += 1
    for kind in written.flowers:
        seen[kind] += 1
    if max(seen[:RIICHI_KINDS]) > MAX_COPIES or max(seen[RIICHI_KINDS:]) > 1:
        problems += _copy_problems(written, seen, win, col)
    if written.red_fives or any(red for _, red in indicators):
        problems += _red_problems(tiles, col)
    if aka:
        problems += _plain_five_problems(tiles, col)
    return problems


def _copy_problems(written: WrittenHand, seen: list[int], win: Win | None, col: int) -> list[Problem]:
    """Kinds held more often than the set has them (``seen``: a count per kind)."""
    problems = []
    for kind, n in enumerate(seen):
        if n <= (1 if kind >= RIICHI_KINDS else MAX_COPIES):  # one of each flower
            continue
        if win is Win.RON and kind == written.winning[0] and n == MAX_COPIES + 1:
            problems.append(
                Problem(
                    "fifth-copy-ron",
                    f"a ron on {tile_name(kind)} would need a fifth copy: four are already in the hand, "
                    "its melds or the indicators",
                    col,
                )
            )
        else:
            problems.append(Problem("too-many-copies", f"{n} copies of {tile_name(kind)} (at most four exist)", col))
    return problems


def _red_problems(tiles: Sequence[Tile], col: int) -> list[Problem]:
    reds = Counter(suit_of(k) for k, red in tiles if red)
    return [
        Problem("too-many-red-fives", f"{n} red fives 0{suit} (the set has {RED_FIVES_IN_SET[suit]})", col)
        for suit, n in sorted(reds.items())
        if n > RED_FIVES_IN_SET[suit]
    ]


def _plain_five_problems(tiles: Sequence[Tile], col: int) -> list[Problem]:
    """With aka on, some fives of each suit are red, so fewer plain fives exist."""
    plain = Counter(suit_of(k) for k, red in tiles if not red and tile_name(k)[0] == "5" and k < HONOURS)
    problems = []
    for suit, n in sorted(plain.items()):
        allowed = MAX_COPIES - RED_FIVES_IN_SET[suit]
        if n > allowed:
            problems.append(
                Problem(
                    "too-many-copies",
                    f"{n} plain 5{suit}: with aka on, {RED_FIVES_IN_SET[suit]} of the four are red, "
                    f"so at most {allowed} are plain",
                    col,
                )
            )
    return problems


def read_indicators(items: Items, key: str, problems: list[Problem]) -> tuple[Tile, ...]:
    if key not in items.values:
        return ()
    value, col = items.values[key]
    tiles, faults = read_tiles(value)
    problems.extend(Problem("not-a-tile", message, col + offset) for offset, message in faults)
    if not tiles and not faults:
        problems.append(Problem("bad-value", f"{key}= lists indicator tiles as they lie, e.g. {key}=4p3z", col))
    elif not value[-1:].isalpha():
        problems.append(Problem("bad-value", f"{key}={value}: a suit letter must follow the digits", col))
    return tuple(tiles)


def read_seat(items: Items, key: str, default: str | None, problems: list[Problem]) -> int | None:
    value, col = items.values.get(key, (default or "", 0))
    if not value:
        return None
    letter = value.upper()
    if len(letter) == 1 and letter in SEATS:
        return WINDS[SEATS.index(letter)]
    problems.append(Problem("bad-value", f"{key}= is a seat letter E, S, W or N, not {value!r}", col))
    return None


def read_count(items: Items, key: str, problems: list[Problem]) -> int:
    value, col = items.values.get(key, ("0", 0))
    if value.isascii() and value.isdigit():
        return int(value)
    problems.append(Problem("bad-value", f"{key}= is a whole number, not {value!r}", col))
    return 0


def format_tiles(tiles: Sequence[Tile]) -> str:
    """Compact mpsz: "123m05p" (a red five is written 0, before the other fives)."""
    parts: list[str] = []
    suit = ""
    for kind, red in sorted(tiles, key=_TILE_ORDER.__getitem__):
        name = TILE_NAMES[kind]
        if name[1] != suit:
            parts.append(suit)  # sorted by kind, each suit's tiles stand together
            suit = name[1]
        parts.append("0" if red else name[0])
    parts.append(suit)
    return "".join(parts)


# Sort key of every tile: by kind, a red five before the plain fives of its kind.
_TILE_ORDER = {(kind, red): 2 * kind + (not red) for kind in range(len(TILE_NAMES)) for red in (False, True)}
