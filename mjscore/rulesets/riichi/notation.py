"""Reading a riichi line: tiles, melds, the winning tile and the table items,
with every problem of the hand collected before any is reported."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from operator import eq, itemgetter
from typing import NamedTuple

from mjscore.errors import Problem, quoted
from mjscore.hand import Hand, Meld, MeldKind, Win, bracketed
from mjscore.notation.build import Items
from mjscore.notation.tokens import Token
from mjscore.tiles import (
    CODE_OF_TILE,
    DEALER,
    MAX_COPIES,
    RED_FIVES_IN_SET,
    RIICHI_KINDS,
    RUN_STARTS,
    SUITS,
    TILE_NAMES,
    TILE_OF_CODE,
    WIND_OF_SEAT,
    read_tiles,
    suit_of,
    tile_name,
    tile_offsets,
    tiles_in,
)

Tile = tuple[int, bool]  # (kind, is a red five)
HAND_TILES = 14  # counting each kong as three
HAND_TAGS = frozenset(("cards", "open", "closed", "winning"))  # the tokens of the hand part
PLAIN_FIVES = tuple(TILE_OF_CODE[f"5{suit}"] for suit in SUITS)  # 5m 5p 5s, not red
RED_FIVES = tuple((kind, True) for kind, _ in PLAIN_FIVES)


@dataclass(frozen=True, slots=True)
class WrittenHand:
    """The tiles as written: concealed (the winning tile apart), melds, and the winner.
    Made by ``read_hand``, which also counts the tiles and red fives once."""

    concealed: tuple[Tile, ...]  # without the winning tile
    melds: tuple[tuple[MeldKind, tuple[Tile, ...]], ...]
    winning: Tile
    explicit_winner: bool  # written as +TILE
    flowers: tuple[int, ...]  # bonus tiles set aside (hana), as written
    all_tiles: tuple[Tile, ...]  # concealed, winning, then meld tiles
    red_fives: int

    def hand(self) -> Hand:
        concealed = list(map(_KIND, self.concealed))
        concealed.append(self.winning[0])
        concealed.sort()
        return Hand(tuple(concealed), 0, tuple([_meld(kind, tiles) for kind, tiles in self.melds]))


_KIND, _IS_RED = itemgetter(0), itemgetter(1)  # a tile's kind, and whether it is a red five


@lru_cache(maxsize=1024)
def _meld(kind: MeldKind, tiles: tuple[Tile, ...]) -> Meld:
    """The meld of tiles as written (cached: melds recur from line to line)."""
    return Meld(tuple(sorted(map(_KIND, tiles))), 0, kind)


class _Read(NamedTuple):
    """What one group of tiles as written holds."""

    tiles: tuple[Tile, ...]  # riichi tiles, bonus tiles left out
    faults: tuple[tuple[int, str], ...]  # (offset, message)
    bonus: tuple[int, ...]  # flowers and seasons, as written
    reds: int


def _read(text: str) -> _Read:
    tiles, faults = tiles_in(text)
    bonus: tuple[int, ...] = ()
    if tiles and max(tiles)[0] >= RIICHI_KINDS:
        bonus = tuple(k for k, _ in tiles if k >= RIICHI_KINDS)
        tiles = tuple(t for t in tiles if t[0] < RIICHI_KINDS)
    return _Read(tiles, faults, bonus, sum(map(tiles.count, RED_FIVES)))


# Melds and winning tiles recur from line to line; the concealed tiles seldom do (caching them would only churn).
_read_recurring = lru_cache(maxsize=4096)(_read)


def read_hand(tokens: Sequence[Token], problems: list[Problem]) -> WrittenHand | None:
    """The hand of a line's hand tokens (tags cards, open, closed, winning)."""
    concealed: list[Tile] = []
    melds: list[tuple[MeldKind, tuple[Tile, ...]]] = []
    meld_tiles: list[Tile] = []
    winning: Tile | None = None
    flowers: list[int] = []
    reds = 0  # of the concealed and meld tiles; the winning tile's is added at the end
    winning_written = False
    for tok in tokens:
        tag = tok.tag
        tiles, faults, bonus, red = (_read if tag == "cards" else _read_recurring)(tok.text)
        if faults or bonus:
            flowers += bonus
            problems += _token_problems(tok, faults, bonus)
        if tag == "cards":
            concealed += tiles
            reds += red
        elif tag == "winning":
            winning_written = True
            if tiles and winning is not None:
                problems.append(
                    Problem("two-winning-tiles", "only one +TILE: the tile that completed the hand", tok.loc + 1)
                )
            winning = tiles[0] if tiles else winning
        elif tiles:  # a meld: open (...) or closed [...]
            kind = MeldKind.OPEN if tag == "open" else MeldKind.CLOSED_KAN
            fault = meld_fault(kind, tiles)
            if fault:
                problems.append(Problem("bad-meld", fault, tok.loc + 1))
            melds.append((kind, tiles))
            meld_tiles += tiles
            reds += red
    if winning is None and winning_written:
        return None  # the winning tile was a flower: reported above; nothing more to check
    explicit = winning is not None
    if winning is None:
        if not concealed:
            col = tokens[0].loc + 1 if tokens else 0
            problems.append(Problem("tile-count", "no concealed tile and no +TILE: which tile won the hand?", col))
            return None
        winning = concealed.pop()  # docs/notation.md: the last concealed tile written is the winner
    else:
        reds += winning[1]
    all_tiles = (*concealed, winning, *meld_tiles)
    return WrittenHand(tuple(concealed), tuple(melds), winning, explicit, tuple(flowers), all_tiles, reds)


def _token_problems(tok: Token, faults: tuple[tuple[int, str], ...], bonus: tuple[int, ...]) -> list[Problem]:
    """Codes that are no tile; a flower written in a meld or as the winning tile (at the flower)."""
    start = tok.text_col
    problems = [Problem("not-a-tile", message, start + offset) for offset, message in faults]
    if bonus and tok.tag != "cards":
        code, where = (
            ("flower-winning-tile", "the winning tile") if tok.tag == "winning" else ("flower-in-meld", "in a meld")
        )
        flower = next(offset for offset, (kind, _) in tile_offsets(tok.text) if kind >= RIICHI_KINDS)
        problems.append(
            Problem(code, f"a flower is set aside as soon as it is drawn: it cannot be {where}", start + flower)
        )
    return problems


class TilePlaces(NamedTuple):
    """Where the tiles of a line stand, for a problem that points at one tile: the hand's tokens
    and the indicator values (value, column). They are read again only for such a problem."""

    tokens: Sequence[Token]
    indicators: Sequence[tuple[str, int]] = ()

    @property
    def start(self) -> int:
        """The hand's first column: where a problem about the hand as written points (its count)."""
        return self.tokens[0].loc + 1 if self.tokens else 0

    def _tiles(self) -> Iterator[tuple[int, Tile, str]]:
        """(column, tile, what holds it: a token's tag or "indicator") of every tile, in line order."""
        for tok in self.tokens:
            at = tok.text_col
            for offset, tile in tile_offsets(tok.text):
                yield at + offset, tile, tok.tag
        for value, col in sorted(self.indicators, key=itemgetter(1)):
            for offset, tile in tile_offsets(value):
                yield col + offset, tile, "indicator"

    def nth(self, match: TileMatch, n: int = 1) -> int:
        """The column of the ``n``-th tile (1-based, in line order) that ``match`` accepts, given
        the tile and what holds it; the hand's start if there are fewer."""
        found = (col for col, tile, tag in self._tiles() if match(tile, tag))
        return next(islice(found, n - 1, None), self.start)

    def winner(self) -> int:
        """The column of the winning tile: the +TILE, else the last concealed tile (``read_hand``)."""
        tiles = [(col, tag) for col, (kind, _), tag in self._tiles() if kind < RIICHI_KINDS]
        written = [col for col, tag in tiles if tag == "winning"] or [col for col, tag in tiles if tag == "cards"]
        return written[-1] if written else self.start


TileMatch = Callable[[Tile, str], bool]  # a tile, and what holds it (a token's tag, or "indicator")


def is_flower(tile: Tile, _holder: str) -> bool:
    return tile[0] >= RIICHI_KINDS


def of_kind(kind: int) -> TileMatch:
    return lambda tile, _holder: tile[0] == kind


def _is(wanted: Tile) -> TileMatch:
    return lambda tile, _holder: tile == wanted


@lru_cache(maxsize=1024)
def meld_fault(kind: MeldKind, tiles: tuple[Tile, ...]) -> str:
    """What is wrong with a meld as written ("": nothing)."""
    kinds = sorted(k for k, _ in tiles)
    same = len(set(kinds)) == 1
    if kind is MeldKind.CLOSED_KAN:
        return "" if len(kinds) == 4 and same else "a closed kong [...] is four of one tile"
    if len(kinds) in (3, 4) and same:
        return ""
    if len(kinds) == 3 and kinds[0] in RUN_STARTS and kinds == list(range(kinds[0], kinds[0] + 3)):
        return ""  # a chow: three in a row of one suit
    return "an open meld (...) is a chow (three in a row of one suit), a pung or a kong"


def flowers_not_hana(places: TilePlaces) -> Problem:
    """Flower tiles on a line of a rule set without them (at the first)."""
    message = "flower tiles (1f-4f, 1g-4g) are for hana: start the line with hana:"
    return Problem("flowers-not-hana", message, places.nth(is_flower))


def situation_problems(
    hand: WrittenHand, flags: Mapping[str, int], win: Win, seat: int | None, indicators: Sequence[Tile] = ()
) -> list[Problem]:
    """Situation flags (``flags``: word -> column) that contradict how the hand was won, the
    seat (None: unreadable, not checked), the melds, the indicators or each other: the checks
    riichi and the rule sets on its tiles share."""
    if flags.keys() <= {"tsumo", "ron"}:
        return []  # every check needs a situation flag: most hands have none
    first_draw = "tenhou" if "tenhou" in flags else "chiihou"
    # a kong, or (hana) a flower, brings a replacement draw
    replacement = any(len(tiles) == 4 for _, tiles in hand.melds) or bool(hand.flowers)
    checks = (
        (
            "haitei" in flags and win is Win.RON,
            "haitei-ron",
            "haitei is the last tile self-drawn: it needs tsumo",
            "haitei",
        ),
        ("houtei" in flags and win is Win.TSUMO, "houtei-tsumo", "houtei is the last discard: it needs ron", "houtei"),
        ("chankan" in flags and win is Win.TSUMO, "chankan-tsumo", "chankan robs a kong: it is a ron", "chankan"),
        (
            "rinshan" in flags and win is Win.RON,
            "rinshan-ron",
            "rinshan is the kong replacement draw: tsumo",
            "rinshan",
        ),
        (
            "rinshan" in flags and not replacement,
            "rinshan-without-kan",
            "rinshan needs a kong (or a flower) that brought a replacement draw",
            "rinshan",
        ),
        (
            "tenhou" in flags and seat not in (DEALER, None),
            "tenhou-not-dealer",
            "tenhou is the dealer's first draw",
            "tenhou",
        ),
        ("chiihou" in flags and seat == DEALER, "chiihou-dealer", "chiihou is a non-dealer's first draw", "chiihou"),
        (
            first_draw in flags and bool(hand.melds),
            "tenhou-with-melds",
            "a first-draw win has no melds (not even a closed kong)",
            first_draw,
        ),
        (
            "haitei" in flags and "rinshan" in flags,
            "haitei-rinshan",
            "a kong's replacement tile is not the last tile of the wall: haitei and rinshan exclude each other",
            "haitei",
        ),
        (
            "houtei" in flags and "chankan" in flags,
            "chankan-houtei",
            "a tile robbed from a kong is not a discard: houtei and chankan exclude each other",
            "houtei",
        ),
    )
    problems = [Problem(code, message, flags[flag]) for ok, code, message, flag in checks if ok]
    if "chankan" in flags and win is Win.RON:
        problems += _chankan_problems(hand, indicators, flags["chankan"])
    return problems


def _chankan_problems(hand: WrittenHand, indicators: Sequence[Tile], col: int) -> list[Problem]:
    """Chankan robs the fourth tile of another player's added kong: three are in
    their pung, so no other copy can be in the winner's hand or among the indicators."""
    kind = hand.winning[0]
    held = sum(k == kind for k, _ in hand.all_tiles)
    shown = held + sum(k == kind for k, _ in indicators)
    if held == 4:
        return [Problem("chankan-own-four", f"chankan on {tile_name(kind)}, but the hand holds all four", col)]
    if shown > 1:
        where = f"the hand holds {held}" if shown == held else f"the hand and the indicators show {shown}"
        message = f"chankan on {tile_name(kind)}: another player's kong holds the other three, yet {where}"
        return [Problem("chankan-own-four", message, col)]
    return []


def count_problems(
    written: WrittenHand, indicators: Sequence[Tile], win: Win | None, places: TilePlaces, *, aka: bool
) -> list[Problem]:
    """Tile count (at the hand), copies (indicators are tiles too) and red fives, each at the
    copy that is one too many: with aka on, the red fives are among the four copies, so
    fewer plain fives exist."""
    problems = []
    size = len(written.concealed) + 1 + 3 * len(written.melds)
    if size != HAND_TILES:
        message = f"tile count: {size} given, 14 needed (counting each meld as 3)"
        problems.append(Problem("tile-count", message, places.start))
    tiles = (*written.all_tiles, *indicators)
    kinds = list(map(_KIND, tiles))
    kinds += written.flowers
    kinds.sort()
    # sorted, a kind held five times reaches four places on; a flower (one of each) is checked in full
    if any(map(eq, kinds, kinds[MAX_COPIES:])) or kinds[-1] >= RIICHI_KINDS:
        problems += _copy_problems(written, Counter(kinds), win, places)
    if written.red_fives or any(map(_IS_RED, indicators)):
        problems += _red_problems(tiles, places)
    if aka:
        problems += _plain_five_problems(tiles, places)
    return problems


def _copy_problems(written: WrittenHand, seen: Counter[int], win: Win | None, places: TilePlaces) -> list[Problem]:
    """Kinds held more often than the set has them (``seen``: a count per kind): at the copy
    that is one too many, a ron's fifth copy at the winning tile."""
    problems = []
    for kind, n in sorted(seen.items()):
        one = kind >= RIICHI_KINDS  # one of each flower
        most = 1 if one else MAX_COPIES
        if n <= most:
            continue
        if win is Win.RON and kind == written.winning[0] and n == MAX_COPIES + 1:
            problems.append(
                Problem(
                    "fifth-copy-ron",
                    f"a ron on {tile_name(kind)} would need a fifth copy: four are already in the hand, "
                    "its melds or the indicators",
                    places.winner(),
                )
            )
        else:
            exist = "only one exists" if one else "at most four exist"
            col = places.nth(of_kind(kind), most + 1)
            problems.append(Problem("too-many-copies", f"{n} copies of {tile_name(kind)} ({exist})", col))
    return problems


def _red_problems(tiles: Sequence[Tile], places: TilePlaces) -> list[Problem]:
    reds = Counter(suit_of(k) for k, red in tiles if red)
    problems = []
    for suit, n in sorted(reds.items()):
        most = RED_FIVES_IN_SET[suit]
        if n > most:
            red = TILE_OF_CODE[f"0{suit}"]
            col = places.nth(_is(red), most + 1)
            problems.append(Problem("too-many-red-fives", f"{n} red fives 0{suit} (the set has {most})", col))
    return problems


def _plain_five_problems(tiles: Sequence[Tile], places: TilePlaces) -> list[Problem]:
    """With aka on, some fives of each suit are red, so fewer plain fives exist."""
    problems = []
    for suit, five in zip(SUITS, PLAIN_FIVES, strict=True):
        n = tiles.count(five)
        allowed = MAX_COPIES - RED_FIVES_IN_SET[suit]
        if n > allowed:
            problems.append(
                Problem(
                    "too-many-copies",
                    f"{n} plain 5{suit}: with aka on, {RED_FIVES_IN_SET[suit]} of the four are red, "
                    f"so at most {allowed} are plain",
                    places.nth(_is(five), allowed + 1),
                )
            )
    return problems


MAX_INDICATORS = 5  # the first, and one more for each of at most four kongs


def read_indicators(items: Items, key: str, problems: list[Problem]) -> tuple[Tile, ...]:
    if key not in items.values:
        return ()
    value, col = items.values[key]
    tiles, faults = read_tiles(value)
    problems.extend(Problem("not-a-tile", message, col + offset) for offset, message in faults)
    if not tiles and not faults:
        problems.append(Problem("bad-value", f"{key}= lists indicator tiles as they lie, e.g. {key}=4p3z", col))
    elif not value[-1:].isalpha():
        problems.append(Problem("bad-value", f"{key}={quoted(value)}: a suit letter must follow the digits", col))
    if len(tiles) > MAX_INDICATORS:
        message = f"{len(tiles)} {key} indicators: at most {MAX_INDICATORS} lie on the table (1, and 1 for each kong)"
        problems.append(Problem("too-many-indicators", message, col + tile_offsets(value)[MAX_INDICATORS][0]))
    return tuple(tiles)


def read_seat(items: Items, key: str, default: str | None, problems: list[Problem]) -> int | None:
    """The seat ``key=`` names; ``default`` when the line does not say (None: no seat)."""
    given = items.values.get(key)
    if given is None:
        return None if default is None else WIND_OF_SEAT[default]
    value, col = given
    wind = WIND_OF_SEAT.get(value.upper())
    if wind is not None:
        return wind
    found = f", not {quoted(value)}" if value else ""  # an empty value is no seat either: never the default
    problems.append(Problem("bad-value", f"{key}= is a seat letter E, S, W or N{found}", col))
    return None


def discarder_problems(items: Items, seat: int | None, win: Win, discarder: int | None) -> list[Problem]:
    """``from=`` names the discarder of a ron: another player than the winner."""
    if discarder is None:
        return []
    col = items.values["from"][1]
    problems = []
    if win is Win.TSUMO:
        problems.append(Problem("from-with-tsumo", "from= names the discarder of a ron; this is a tsumo", col))
    if discarder == seat:
        problems.append(Problem("from-winner", "the winner cannot discard their own winning tile", col))
    return problems


def format_tiles(tiles: tuple[Tile, ...]) -> str:
    """Compact mpsz: "123m05p" (a red five is written 0, before the other fives)."""
    codes = "".join(map(CODE_OF_TILE.__getitem__, sorted(tiles, key=_TILE_ORDER.__getitem__)))  # "1m2m3m0p5p"
    return _SAME_SUIT_NEXT.sub("", codes)


# ``format_tiles`` of melds, winning tiles and indicators, which recur from hand to hand.
format_recurring = lru_cache(maxsize=4096)(format_tiles)


def format_hand(hand: WrittenHand) -> str:
    """The tiles of a hand in canonical notation: "123m99p(789s)[1111z]+4p"."""
    melds = [bracketed(format_recurring(tiles), kind) for kind, tiles in hand.melds]
    return format_tiles(hand.concealed) + "".join(melds) + "+" + format_recurring((hand.winning,))


# Sort key of every tile: by kind, a red five before the plain fives of its kind.
_TILE_ORDER = {(kind, red): 2 * kind + (not red) for kind in range(len(TILE_NAMES)) for red in (False, True)}
_SAME_SUIT_NEXT = re.compile(r"([a-z])(?=[0-9]\1)")  # a suit letter the next tile repeats: written once, at the end
