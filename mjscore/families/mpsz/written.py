"""A hand as written in mpsz: its tiles, melds and winning tile read once, where each tile
stands on the line, and the hand written back in canonical notation."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from operator import itemgetter
from typing import Final, NamedTuple

from mjscore.errors import Problem
from mjscore.families.mpsz.tiles import (
    CODE_OF_TILE,
    RIICHI_KINDS,
    RUN_STARTS,
    SUITS,
    TILE_NAMES,
    TILE_OF_CODE,
    tile_offsets,
    tiles_in,
)
from mjscore.hand import Hand, Meld, MeldKind, bracketed
from mjscore.notation.tokens import Token
from mjscore.values import Value, kept, made, memo

Tile = tuple[int, bool]  # (kind, is a red five)
HAND_TAGS: Final = frozenset(("cards", "open", "closed", "winning"))  # the tokens of the hand part
PLAIN_FIVES: Final = tuple(TILE_OF_CODE[f"5{suit}"] for suit in SUITS)  # 5m 5p 5s, not red


@dataclass(slots=True, init=False, repr=False, eq=False)
class WrittenHand(Value):
    """The tiles as written: concealed (the winning tile apart), melds, and the winner.
    Made by ``read_hand``, which also counts the tiles and red fives once."""

    concealed: Final[tuple[Tile, ...]]  # without the winning tile
    melds: Final[tuple[tuple[MeldKind, tuple[Tile, ...]], ...]]
    winning: Final[Tile]
    explicit_winner: Final[bool]  # written as +TILE
    flowers: Final[tuple[int, ...]]  # bonus tiles set aside (hana), as written
    all_tiles: Final[tuple[Tile, ...]]  # concealed, winning, then meld tiles
    red_fives: Final[int]

    def __init__(  # noqa: PLR0917 - the fields, in order, as dataclasses would take them (result.ScoreLine: why)
        self,
        concealed: tuple[Tile, ...],
        melds: tuple[tuple[MeldKind, tuple[Tile, ...]], ...],
        winning: Tile,
        explicit_winner: bool,
        flowers: tuple[int, ...],
        all_tiles: tuple[Tile, ...],
        red_fives: int,
    ) -> None:
        self.concealed = concealed
        self.melds = melds
        self.winning = winning
        self.explicit_winner = explicit_winner
        self.flowers = flowers
        self.all_tiles = all_tiles
        self.red_fives = red_fives

    @property
    def size(self) -> int:
        """Its tiles, the winning tile included, each meld counted as 3 (a kong too)."""
        return len(self.concealed) + 1 + 3 * len(self.melds)

    def hand(self) -> Hand:
        # a comprehension, not map(itemgetter): compiled, it reads each tile's kind in place
        concealed = [kind for kind, _ in self.concealed]
        concealed.append(self.winning[0])
        concealed.sort()
        return made(Hand, (tuple(concealed), 0, tuple([_meld(kind, tiles) for kind, tiles in self.melds])))


# Melds as written, kept by their kind, then their tiles: melds recur from line to line. By
# the tiles, not a (kind, tiles) pair: compiled, a pair would be made for each meld to be a key.
_MELDS: Final[dict[MeldKind, dict[tuple[Tile, ...], Meld]]] = memo()


def _meld(kind: MeldKind, tiles: tuple[Tile, ...]) -> Meld:
    """The meld of tiles as written."""
    of_kind = _MELDS.get(kind)
    if of_kind is None:
        of_kind = _MELDS[kind] = {}
    meld = of_kind.get(tiles)
    if meld is None:
        meld = kept(of_kind, 1024, tiles, Meld(tuple(sorted([k for k, _ in tiles])), 0, kind))
    return meld


class _Read(NamedTuple):
    """What one group of tiles as written holds."""

    tiles: tuple[Tile, ...]  # riichi tiles, bonus tiles left out
    faults: tuple[tuple[int, str], ...]  # (offset, message)
    bonus: tuple[int, ...]  # flowers and seasons, as written
    reds: int


def _read(text: str) -> _Read:
    tiles, faults = tiles_in(text)
    bonus: tuple[int, ...] = ()
    if any(kind >= RIICHI_KINDS for kind, _ in tiles):  # (loops: compiled, max() and map() are calls)
        bonus = tuple(k for k, _ in tiles if k >= RIICHI_KINDS)
        tiles = tuple(t for t in tiles if t[0] < RIICHI_KINDS)
    return made(_Read, (tiles, faults, bonus, sum(1 for _, red in tiles if red)))  # a red tile is a red five


# Melds and winning tiles recur from line to line; the concealed tiles seldom do (keeping them would only churn).
_RECURRING: Final[dict[str, _Read]] = memo()


def _read_recurring(text: str) -> _Read:
    read = _RECURRING.get(text)
    if read is None:
        read = kept(_RECURRING, 4096, text, _read(text))
    return read


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
        # two calls, not one of a chosen function: compiled, _read's is then direct
        tiles, faults, bonus, red = _read(tok.text) if tag == "cards" else _read_recurring(tok.text)
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


def is_tile(wanted: Tile) -> TileMatch:
    return lambda tile, _holder: tile == wanted


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


def format_tiles(tiles: tuple[Tile, ...]) -> str:
    """Compact mpsz: "123m05p" (a red five is written 0, before the other fives)."""
    out: list[str] = []
    suit = ""
    for key in sorted([2 * kind + (not red) for kind, red in tiles]):
        key_suit = _SUIT_BY_KEY[key]
        if key_suit != suit:  # a new suit: the letter of the last one closes its digits
            out.append(suit)
            suit = key_suit
        out.append(_DIGIT_BY_KEY[key])
    out.append(suit)
    return "".join(out)


# ``format_tiles`` of melds and indicators, which recur from hand to hand.
_FORMATTED: Final[dict[tuple[Tile, ...], str]] = memo()


def format_recurring(tiles: tuple[Tile, ...]) -> str:
    text = _FORMATTED.get(tiles)
    if text is None:
        text = kept(_FORMATTED, 4096, tiles, format_tiles(tiles))
    return text


def format_hand(hand: WrittenHand, winner: bool = True) -> str:
    """The tiles of a hand in canonical notation: "123m99p(789s)[1111z]+4p"; without the
    ``winner``, the hand that waits for it: "123m99p(789s)[1111z]"."""
    melds = [bracketed(format_recurring(tiles), kind) for kind, tiles in hand.melds]
    held = format_tiles(hand.concealed) + "".join(melds)
    return f"{held}+{CODE_OF_TILE[hand.winning]}" if winner else held


# The code of each tile by its sort key, 2 * kind + (not red): by kind, a red five before the
# plain fives of its kind. A plain loop over these, not a regular expression over the codes:
# twice as fast in Python, five times compiled. Keys of no tile (a red 1m) hold "".
_CODE_BY_KEY: Final = tuple(CODE_OF_TILE.get((key // 2, not key % 2), "") for key in range(2 * len(TILE_NAMES)))
# Its digit and its suit letter, each its own table: compiled, indexing a str is a call
_DIGIT_BY_KEY: Final = tuple(code[:1] for code in _CODE_BY_KEY)
_SUIT_BY_KEY: Final = tuple(code[1:] for code in _CODE_BY_KEY)
