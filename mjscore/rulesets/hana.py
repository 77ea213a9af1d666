"""Riichi with flower tiles (docs/rules/hana.md): the riichi rule set plus flower rows.

Flowers are bonus tiles, set aside as drawn and kept out of decomposition.
Everything else is riichi's: this module only adds rows to riichi's table and
fills riichi's hooks (flowers refused or checked, flower fu, the Pinfu choice,
eight flowers, chips).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from mjscore.engine import Rule
from mjscore.errors import Problem
from mjscore.families.mpsz import written
from mjscore.families.mpsz.tiles import CODE_OF_TILE, FLOWERS, RIICHI_KINDS, SEASONS, SEAT_LETTER, WINDS, rank_of
from mjscore.options import option
from mjscore.payment import Payment
from mjscore.rulesets.riichi import (
    BONUS,
    HAS_FLOWERS,
    RULES,
    YAKU,
    YAKUMAN,
    YAKUMAN_HAN,
    Riichi,
    RiichiDeal,
    RiichiOptions,
    RiichiReading,
    RiichiRule,
    RiichiTable,
    Scored,
    is_pinfu,
)

_SOURCE = "docs/rules/hana.md §4"
_TILES = "docs/rules/hana.md §1"
EIGHT_FLOWERS = "eight flowers"


@dataclass(frozen=True, slots=True)
class HanaOptions(RiichiOptions):
    flowers: int = option(8, "flower tiles in the set: 8 (flowers and seasons) or 4 (flowers only)", _TILES, (4, 8))
    variant: int = option(
        1,
        "1: flower fu, seat flowers, Shoufaahou and Daifaahou; 2: each flower 1 han (nukidora); 3: chips only",
        _SOURCE,
        (1, 2, 3),
    )
    flower_fu: int = option(4, "fu per flower in variation 1 (2: the mild version)", _SOURCE, (2, 4))


def _is_season(tile: written.Tile, _holder: str) -> bool:
    return tile[0] in SEASONS


def _variant(o: RiichiOptions) -> int:
    return o.variant if isinstance(o, HanaOptions) else 0


def _number(flower: int) -> int:
    """1-4: the seat a flower or season belongs to (1 East ... 4 North)."""
    return (flower - RIICHI_KINDS) % 4 + 1


def _seat_flowers(_r: RiichiReading, t: RiichiTable, o: RiichiOptions) -> int:
    seat = rank_of(t.seat)  # 1 East ... 4 North
    return sum(_number(f) == seat for f in t.flowers) if _variant(o) == 1 else 0


def _complete_kinds(t: RiichiTable) -> int:
    held = set(t.flowers)
    return (set(FLOWERS) <= held) + (set(SEASONS) <= held)


def _shoufaahou(_r: RiichiReading, t: RiichiTable, o: RiichiOptions) -> int:
    return _complete_kinds(t) if _variant(o) == 1 else 0


def _daifaahou(_r: RiichiReading, t: RiichiTable, o: RiichiOptions) -> int:
    return _variant(o) == 1 and len(t.flowers) == len(FLOWERS) + len(SEASONS)


def _nukidora(_r: RiichiReading, t: RiichiTable, o: RiichiOptions) -> int:
    return len(t.flowers) if _variant(o) == 2 else 0


DAIFAAHOU: RiichiRule = Rule(
    "daifaahou",
    "Daifaahou",
    "大花糊",
    YAKUMAN,
    YAKUMAN_HAN,
    "all eight flowers, whatever the hand (variation 1)",
    _daifaahou,
    gate=HAS_FLOWERS,
)
HANA_RULES: tuple[RiichiRule, ...] = (
    Rule(
        "seat-flower",
        "Seat Flower",
        "自風花",
        BONUS,
        1,
        "own seat's flower or season, each (variation 1; no yaku)",
        _seat_flowers,
        gate=HAS_FLOWERS,
    ),
    Rule(
        "shoufaahou",
        "Shoufaahou",
        "小花糊",
        YAKU,
        1,
        "all four flowers, or all four seasons, each kind (variation 1)",
        _shoufaahou,
        gate=HAS_FLOWERS,
    ),
    DAIFAAHOU,
    Rule(
        "flower", "Flower", "花", BONUS, 1, "each flower (variation 2, nukidora; no yaku)", _nukidora, gate=HAS_FLOWERS
    ),
)


class Hana(Riichi):
    name = "hana"
    aliases: ClassVar[tuple[str, ...]] = ("flower", "riichi-hana")
    title = "Hana (riichi with flower tiles)"
    summary = "riichi plus four flowers and four seasons (or four flowers): variations 1, 2, 3"
    options_type = HanaOptions
    rules: ClassVar[tuple[RiichiRule, ...]] = RULES + HANA_RULES

    def _bonus_problems(
        self,
        hand: written.WrittenHand,
        indicators: Sequence[written.Tile],
        options: RiichiOptions,
        places: written.TilePlaces,
    ) -> list[Problem]:
        """With flowers=4 a season is refused (at the first written)."""
        four = isinstance(options, HanaOptions) and options.flowers == 4
        if four and any(k in SEASONS for k in (*hand.flowers, *(k for k, _ in indicators))):
            message = "flowers=4 plays the four flowers only: no season (1g-4g)"
            return [Problem("season-with-four-flowers", message, places.nth(_is_season))]
        return []

    def _flower_fu(self, flowers: tuple[int, ...], options: RiichiOptions) -> int:
        if isinstance(options, HanaOptions) and options.variant == 1:
            return len(flowers) * options.flower_fu
        return 0

    def _tables(self, reading: RiichiReading, t: RiichiTable, options: RiichiOptions) -> tuple[RiichiTable, ...]:
        """With Pinfu claimed the flower fu are ignored; the other choice drops Pinfu
        and counts them. Both are scored and the better one kept (docs/rules/hana.md §4)."""
        if t.flower_fu and is_pinfu(reading, t):
            return (t, t._replace(pinfu_allowed=False))
        return (t,)

    def _extra_candidates(self, deal: RiichiDeal) -> list[Scored]:
        """All eight flowers win Daifaahou whatever the rest of the hand, even one
        that is not complete (riichi asks only when no reading completes it)."""
        t = deal.table
        special = RiichiReading.of(EIGHT_FLOWERS, ())
        if not _daifaahou(special, t, deal.options):
            return []
        return [self._scored(special, (DAIFAAHOU.line(1, False),), ((), 0), t, deal.options, is_limit=True)]

    def _context(self, deal: RiichiDeal) -> dict[str, object]:
        flowers = [CODE_OF_TILE[(f, False)] for f in deal.hand.flowers]
        return {**super()._context(deal), "flowers": flowers}

    def _chips(self, deal: RiichiDeal) -> tuple[Payment, ...]:
        """Variation 3: each flower earns one chip from every other player."""
        flowers = len(deal.table.flowers)
        if _variant(deal.options) != 3 or not flowers:
            return ()
        return tuple(
            Payment(SEAT_LETTER[w], SEAT_LETTER[deal.table.seat], flowers, f"{flowers} flower(s): 1 chip each")
            for w in WINDS
            if w != deal.table.seat
        )


__all__ = ["HANA_RULES", "Hana", "HanaOptions"]
