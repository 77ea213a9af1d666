"""Checks every mpsz game makes of a written hand: the tile count, copies and red fives
(indicators are tiles too), situations that contradict the hand, and who discarded."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from mjscore.errors import Problem
from mjscore.families.mpsz.tiles import (
    DEALER,
    MAX_COPIES,
    RED_FIVES_IN_SET,
    RIICHI_KINDS,
    SUITS,
    TILE_OF_CODE,
    suit_of,
    tile_name,
)
from mjscore.families.mpsz.written import PLAIN_FIVES, Tile, TilePlaces, WrittenHand, is_flower, is_tile, of_kind
from mjscore.hand import Win, copies
from mjscore.notation.build import Items

HAND_TILES: Final = 14  # counting each kong as three


def flowers_not_hana(places: TilePlaces) -> Problem:
    """Flower tiles on a line of a rule set without them (at the first)."""
    message = "flower tiles (1f-4f, 1g-4g) are for hana: start the line with hana:"
    return Problem("flowers-not-hana", message, places.nth(is_flower))


def situation_problems(
    hand: WrittenHand,
    flags: Mapping[str, int],
    win: Win,
    seat: int | None,
    indicators: Sequence[Tile] = (),
    *,
    set_aside: bool = False,
) -> list[Problem]:
    """Situation flags (``flags``: word -> column) that contradict how the hand was won, the
    seat (None: unreadable, not checked), the melds, the indicators or each other: the checks
    riichi and the rule sets on its tiles share. ``set_aside``: the line sets bonus tiles aside
    besides the flowers written (sanma's kita=), each with a replacement draw."""
    if flags.keys() <= {"tsumo", "ron"}:
        return []  # every check needs a situation flag: most hands have none
    first_draw = "tenhou" if "tenhou" in flags else "chiihou"
    # a kong, or (hana) a flower, brings a replacement draw
    replacement = any(len(tiles) == 4 for _, tiles in hand.melds) or bool(hand.flowers) or set_aside
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
    written: WrittenHand,
    indicators: Sequence[Tile],
    win: Win | None,
    places: TilePlaces,
    *,
    aka: bool,
    red_options: Mapping[str, int] | None = None,
) -> list[Problem]:
    """Tile count (at the hand), copies (indicators are tiles too) and red fives, each at the
    copy that is one too many: with aka on, the red fives are among the four copies, so
    fewer plain fives exist. ``red_options``: the red fives of each suit as the rule options
    ``aka_m``, ``aka_p``, ``aka_s`` set them (messages name the option); None: the set's own."""
    problems = []
    size = written.size
    if size != HAND_TILES:
        message = f"tile count: {size} given, 14 needed (counting each meld as 3)"
        problems.append(Problem("tile-count", message, places.start))
    tiles = (*written.all_tiles, *indicators)
    # (loops and generator expressions, not map(): compiled, a loop is native, map() a call per item)
    kinds = [kind for kind, _ in tiles]
    kinds += written.flowers
    kinds.sort()
    # sorted, a kind held five times reaches four places on; a flower (one of each) is checked in full
    if any(kinds[i] == kinds[i + MAX_COPIES] for i in range(len(kinds) - MAX_COPIES)) or kinds[-1] >= RIICHI_KINDS:
        problems += _copy_problems(written, copies(kinds), win, places)
    red_set = RED_FIVES_IN_SET if red_options is None else red_options
    if written.red_fives or any(red for _, red in indicators):
        problems += _red_problems(tiles, places, red_set, named=red_options is not None)
    if aka:
        problems += _plain_five_problems(tiles, places, red_set, named=red_options is not None)
    return problems


def _copy_problems(written: WrittenHand, seen: Mapping[int, int], win: Win | None, places: TilePlaces) -> list[Problem]:
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


def _red_problems(
    tiles: Sequence[Tile], places: TilePlaces, red_set: Mapping[str, int], *, named: bool
) -> list[Problem]:
    """More red fives of a suit than the set holds (none, with its option at 0). A suit
    ``red_set`` leaves out has no five in the set (sanma's 5m): its rule set refuses the tile."""
    # copies, not a Counter: compiled, a Counter is made and filled through Python calls
    reds = copies([suit_of(k) for k, red in tiles if red])
    problems = []
    for suit, n in sorted(reds.items()):
        most = red_set.get(suit, n)
        if n > most:
            red = TILE_OF_CODE[f"0{suit}"]
            col = places.nth(is_tile(red), most + 1)
            message = f"{n} red 5{suit} (0{suit}) written, but the set holds {_red_count(most, suit, named)}"
            problems.append(Problem("too-many-red-fives", message, col))
    return problems


def _red_count(most: int, suit: str, named: bool) -> str:
    """ "2 red 5p (aka_p=2)", "no red 5p (aka_p=0)"; unnamed: "2 red 5p"."""
    return f"{most or 'no'} red 5{suit}" + (f" (aka_{suit}={most})" if named else "")


def _plain_five_problems(
    tiles: Sequence[Tile], places: TilePlaces, red_set: Mapping[str, int], *, named: bool
) -> list[Problem]:
    """With aka on, some fives of each suit are red, so fewer plain fives exist."""
    problems = []
    for suit, five in zip(SUITS, PLAIN_FIVES, strict=True):
        if suit not in red_set:  # no five of this suit in the set: its rule set refuses the tile
            continue
        n = sum(1 for kind, red in tiles if kind == five[0] and not red)  # (native, where count() compares tuples)
        allowed = MAX_COPIES - red_set[suit]
        if n > allowed:
            problems.append(
                Problem(
                    "too-many-copies",
                    f"{n} plain 5{suit}: with aka on, the set holds {_red_count(red_set[suit], suit, named)} "
                    f"among the four, so at most {allowed} are plain",
                    places.nth(is_tile(five), allowed + 1),
                )
            )
    return problems


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
