"""The mpsz family's part of ``mjscore waits``: a line's hand counted as the analysis counts it
(each meld 3, a flower none), where a tile is put in (``+TILE`` past the hand's last group), the
tiles its ``seen=`` and ``discards=`` list, its concealed tiles as typed with what takes each out
(a hand of 14 is discarded from), each kind as a made line writes it (a five also as its red
five), and the shanten engine on the line's hands (``MpszShape``). A rule set on mpsz tiles
answers its ``waiting_line`` hook with ``waiting_line``, names its kinds with ``wait_kinds``,
shows a hand of 14 with ``as_typed`` and tells how far a hand is with ``MpszShape``
(docs/adding-a-ruleset.md, "Analysis").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Final

from mjscore.errors import Problem
from mjscore.families.mpsz.items import read_tile_list
from mjscore.families.mpsz.shanten import Room, Shanten, improving_kinds, shanten
from mjscore.families.mpsz.tiles import (
    CODE_OF_TILE,
    HONOURS,
    MAX_COPIES,
    RIICHI_KINDS,
    rank_of,
    suit_of,
    tile_name,
    tile_offsets,
)
from mjscore.families.mpsz.written import HAND_TAGS, Tile, WrittenHand, format_tiles
from mjscore.hand import Meld
from mjscore.notation.build import ANALYSIS_KEYS, Items
from mjscore.notation.tokens import Token
from mjscore.waiting import SHAPE_NAMES, HandShape, Piece, Progress, Spelling, WaitingLine, WaitKind

WAITING_TILES: Final = 13  # a hand one tile short of a win, each meld counted as 3
DRAWN_TILES: Final = WAITING_TILES + 1  # a tile just drawn: which to discard
SIZES: Final = (
    f"{WAITING_TILES} (one tile short of a win) or {DRAWN_TILES} (a tile just drawn: which to discard), "
    "counting each meld as 3"
)
SIZES_SHORT: Final = f"{WAITING_TILES} (one tile short of a win), counting each meld as 3"  # a rule set not shaped
SEEN, DISCARDS = ANALYSIS_KEYS
_LISTED: Final = {SEEN: "tiles seen on the table", DISCARDS: "your own discards"}  # for messages


def waiting_line(
    text: str,
    tokens: Sequence[Token],
    items: Items,
    kinds: tuple[int, ...],
    title: str,
    *,
    avoid: frozenset[int] = frozenset(),
    shaped: bool = False,
) -> WaitingLine:
    """The line as the analysis reads it (``mjscore.waiting.WaitingLine``): ``kinds`` are the
        kinds of the rule set's set, flowers aside (those a hand may wait on and ``seen=`` may list),
        ``title`` its name for messages, ``avoid`` kinds the probe must not be nor cut (Baida's wild
        ones), ``shaped`` whether the rule set tells how far a hand is (it answers ``Waiting.shape``): the line
    then holds its tiles as typed (``WaitingLine.pieces``), and a hand of 14 is discarded from.
        A problem of the lists goes to ``items.problems``."""
    hand = [t for t in tokens if t.tag in HAND_TAGS]
    indicators = [t.value for t in tokens if t.tag == "option" and t.text.lower() in ("dora", "ura")]
    shown = Counter([kind for value in [t.text for t in hand] + indicators for _, (kind, _) in tile_offsets(value)])
    probe = next(k for k in sorted(kinds, key=_is_five) if k not in shown and k not in avoid)  # a five may be red
    size = sum([_size(t) for t in hand])
    pieces = _concealed(hand) if shaped else []
    cut = None
    if pieces and size == DRAWN_TILES:
        # the probe leaves out a tile of a kind the line shows fewest of (no wild one), a plain tile
        # before a red five: a count of the line that is wrong (five copies, a red five too many)
        # stays wrong without it
        cut = min(reversed(pieces), key=lambda p: (p.kind in avoid, shown[p.kind], _tile(p)[1]))
    return WaitingLine(
        size=size,
        ready=WAITING_TILES,
        piece="tile",
        sizes=SIZES if shaped else SIZES_SHORT,
        count_code="tile-count",
        hand_col=hand[0].loc + 1 if hand else 0,
        winner_col=next((t.loc + 1 for t in hand if t.tag == "winning"), 0),
        hand_end=max([t.end for t in hand], default=len(text)),
        probe=f"+{tile_name(probe)}",
        probe_kind=probe,
        seen=_listed(items, SEEN, kinds, title),
        discards=_listed(items, DISCARDS, kinds, title),
        pieces=tuple(pieces),
        cut=cut,
    )


def _size(token: Token) -> int:
    """The tiles a token of the hand adds to its size: a meld 3 (a kong too), a flower none."""
    if token.tag in ("open", "closed"):
        return 3
    return sum([kind < RIICHI_KINDS for _, (kind, _) in tile_offsets(token.text)])


def _concealed(hand: list[Token]) -> list[Piece]:
    """The concealed tiles of a hand as typed (flowers set aside), the +TILE among them. A tile is
    taken out by its digit, with the suit letter when no other digit shares the letter; a +TILE
    whole."""
    found = []
    for t in hand:
        if t.tag == "winning":
            found += [_piece(tile, True, t.loc, t.end - t.loc) for _, tile in tile_offsets(t.text)]
        elif t.tag == "cards":
            text = t.text
            for offset, tile in tile_offsets(text):
                if tile[0] < RIICHI_KINDS:
                    alone = not text[offset + 1].isdigit() and not (offset and text[offset - 1].isdigit())
                    found.append(_piece(tile, False, t.loc + offset, 2 if alone else 1))
    return found


def _piece(tile: Tile, drawn: bool, cut: int, width: int) -> Piece:
    return Piece(tile[0], CODE_OF_TILE[tile], drawn, cut, width)


def as_typed(hand: WrittenHand, line: WaitingLine) -> tuple[WrittenHand, bool]:
    """The hand of a deal read for the analysis (the probe its winning tile) as the line holds
    it, and whether to write its winning tile: a hand one short without the probe; a hand one
    over (``line.cut``) with every tile as typed, its +TILE (the tile just drawn) the winner."""
    if line.cut is None:
        return hand, False
    drawn = next((p for p in line.pieces if p.drawn), None)
    concealed = tuple([_tile(p) for p in line.pieces if p is not drawn])
    winning = hand.winning if drawn is None else _tile(drawn)
    return replace(hand, concealed=concealed, winning=winning), drawn is not None


def _tile(piece: Piece) -> Tile:
    return (piece.kind, piece.tile != tile_name(piece.kind))  # a red five is named 0m, 0p, 0s


def _listed(items: Items, key: str, kinds: tuple[int, ...], title: str) -> tuple[tuple[int, int], ...]:
    """(column, kind) of each tile a ``seen=`` or ``discards=`` item lists. A code that is no
    tile (as ``dora=`` tells it: ``read_tile_list``), a flower (never waited on) or a kind the
    rule set's set lacks is a problem in ``items.problems`` at its column."""
    read_tile_list(items, key, items.problems, _LISTED[key])  # for its problems: read below with columns
    if key not in items.values:
        return ()
    value, col = items.values[key]
    found = []
    for offset, (kind, _) in tile_offsets(value):
        if kind >= RIICHI_KINDS:
            message = f"{key}= lists the tiles a hand may wait on: a flower ({tile_name(kind)}) is never one"
            items.problems.append(Problem("bad-value", message, col + offset))
        elif kind not in kinds:
            message = f"{tile_name(kind)} is not a tile of {title}"
            items.problems.append(Problem("not-in-set", message, col + offset))
        else:
            found.append((col + offset, kind))
    return tuple(found)


@lru_cache(maxsize=8)
def wait_kinds(kinds: tuple[int, ...]) -> tuple[WaitKind, ...]:
    """``kinds`` as waits: four copies each, written ``+TILE``; a five also as its red five, scored
    when the plain fives are all accounted for (with aka, docs/rules/riichi.md §1)."""
    return tuple([WaitKind(kind, tile_name(kind), MAX_COPIES, _spellings(kind)) for kind in kinds])


def _spellings(kind: int) -> tuple[Spelling, ...]:
    plain = Spelling(f"+{tile_name(kind)}", tile_name(kind))
    if not _is_five(kind):
        return (plain,)
    red = f"0{suit_of(kind)}"
    return (
        plain,
        Spelling(f"+{red}", red, f"the plain {tile_name(kind)} are all accounted for: scored with the red {red}"),
    )


def list_text(kinds: Sequence[int]) -> str:
    """Tiles listed as ``seen=`` writes them back: ``11m5z``."""
    return format_tiles(tuple([(kind, False) for kind in kinds]))


def _is_five(kind: int) -> bool:
    return kind < HONOURS and rank_of(kind) == 5  # a red five may stand for it


class MpszShape(HandShape):
    """The shanten engine (``families.mpsz.shanten``) on the hands of one line: its ``melds``,
    the ``kinds`` of its rule set's set (sanma: no 2m-8m), whether the rule set has Seven Pairs
    (``pairs``; Thirteen Orphans it always has), and its ``wild_kinds`` (Baida: a game with no
    copy limit, docs/rules/baida.md §2); ``names`` as ``HandShape``'s."""

    def __init__(
        self,
        melds: Sequence[Meld],
        kinds: tuple[int, ...],
        *,
        pairs: bool = True,
        wild_kinds: tuple[int, ...] = (),
        names: tuple[str, str, str] = SHAPE_NAMES,
    ) -> None:
        super().__init__(names)
        held = [0] * RIICHI_KINDS
        for meld in melds:
            for kind in meld.kinds:
                held[kind] += 1
        self.melds = len(melds)
        self.kinds = kinds
        self.pairs = pairs
        self.wild_kinds = wild_kinds
        absent = frozenset(range(RIICHI_KINDS)) - frozenset(kinds)
        self.room = Room(held, absent, wild=bool(wild_kinds))
        self.free = Room(held, wild=True)  # no copy limit: what completes a hand in shape

    def shanten(self, concealed: Sequence[int]) -> Shanten:
        counts, wilds = self._split(concealed)
        return shanten(counts, self.melds, wilds, pairs=self.pairs, room=self.room)

    def progress(self, concealed: Sequence[int]) -> Progress:
        """The engine's shanten and improving kinds (a Baida kind the hand holds all four of cannot
        be drawn), and the kinds held in full that would complete the hand in shape."""
        counts, wilds = self._split(concealed)
        held = Counter(concealed)
        full = [k for k in self.kinds if held[k] + self.room.held[k] >= MAX_COPIES]
        drawable = tuple([k for k in self.wild_kinds if k not in full])
        found = shanten(counts, self.melds, wilds, pairs=self.pairs, room=self.room)
        improving = improving_kinds(
            counts, self.melds, wilds, kinds=self.kinds, pairs=self.pairs, room=self.room, wild_kinds=drawable
        )
        return Progress(found, improving, tuple([k for k in full if self._completes(counts, wilds, k)]))

    def _split(self, concealed: Sequence[int]) -> tuple[list[int], int]:
        """The engine's 34 counts, and the wild tiles apart."""
        counts = [0] * RIICHI_KINDS
        wilds = 0
        for kind in concealed:
            if kind in self.wild_kinds:
                wilds += 1
            else:
                counts[kind] += 1
        return counts, wilds

    def _completes(self, counts: list[int], wilds: int, kind: int) -> bool:
        """Whether a tile of ``kind`` makes the hand a winning shape, copies not counted."""
        more = list(counts)
        if kind in self.wild_kinds:
            wilds += 1
        else:
            more[kind] += 1
        return shanten(more, self.melds, wilds, pairs=self.pairs, room=self.free).best < 0
