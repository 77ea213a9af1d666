"""The mpsz family's part of ``mjscore waits``: a line's hand counted as the analysis counts it
(each meld 3, a flower none), where a tile is put in (``+TILE`` past the hand's last group), the
tiles its ``seen=`` and ``discards=`` list, and each kind as a made line writes it (a five also
as its red five). A rule set on mpsz tiles answers its ``waiting_line`` hook with
``waiting_line`` and names its kinds with ``wait_kinds`` (docs/adding-a-ruleset.md, "Analysis").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mjscore.errors import Problem
from mjscore.families.mpsz.items import read_tile_list
from mjscore.families.mpsz.tiles import HONOURS, MAX_COPIES, RIICHI_KINDS, rank_of, suit_of, tile_name, tile_offsets
from mjscore.families.mpsz.written import HAND_TAGS, format_tiles
from mjscore.notation.build import ANALYSIS_KEYS, Items
from mjscore.notation.tokens import Token
from mjscore.waiting import Spelling, WaitingLine, WaitKind

WAITING_TILES = 13  # a hand one tile short of a win, each meld counted as 3
SIZES = f"{WAITING_TILES} (one tile short of a win), counting each meld as 3"
SEEN, DISCARDS = ANALYSIS_KEYS
_LISTED = {SEEN: "tiles seen on the table", DISCARDS: "your own discards"}  # for messages


def waiting_line(
    text: str,
    tokens: Sequence[Token],
    items: Items,
    kinds: tuple[int, ...],
    title: str,
    *,
    avoid: frozenset[int] = frozenset(),
) -> WaitingLine:
    """The line as the analysis reads it (``mjscore.waiting.WaitingLine``): ``kinds`` are the
    kinds of the rule set's set, flowers aside (those a hand may wait on and ``seen=`` may list),
    ``title`` its name for messages, ``avoid`` kinds the probe must not be (Baida's wild ones).
    A problem of the lists goes to ``items.problems``."""
    hand = [t for t in tokens if t.tag in HAND_TAGS]
    indicators = [t.value for t in tokens if t.tag == "option" and t.text.lower() in ("dora", "ura")]
    shown = {kind for value in [t.text for t in hand] + indicators for _, (kind, _) in tile_offsets(value)}
    shown |= avoid
    probe = next(k for k in sorted(kinds, key=_is_five) if k not in shown)  # a five may be red: avoided
    return WaitingLine(
        size=sum([_size(t) for t in hand]),
        ready=WAITING_TILES,
        piece="tile",
        sizes=SIZES,
        count_code="tile-count",
        hand_col=hand[0].loc + 1 if hand else 0,
        winner_col=next((t.loc + 1 for t in hand if t.tag == "winning"), 0),
        hand_end=max([t.end for t in hand], default=len(text)),
        probe=f"+{tile_name(probe)}",
        probe_kind=probe,
        seen=_listed(items, SEEN, kinds, title),
        discards=_listed(items, DISCARDS, kinds, title),
    )


def _size(token: Token) -> int:
    """The tiles a token of the hand adds to its size: a meld 3 (a kong too), a flower none."""
    if token.tag in ("open", "closed"):
        return 3
    return sum([kind < RIICHI_KINDS for _, (kind, _) in tile_offsets(token.text)])


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
