"""Riichi with flower tiles (docs/rules/hana.md): the riichi rule set plus flower rows.

Flowers are bonus tiles, set aside as drawn and kept out of decomposition.
Everything else is riichi's: this module only adds rows to riichi's table and
fills riichi's hooks (flowers refused or checked, flower fu, the Pinfu choice,
eight flowers, chips).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

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
    DrawDeal,
    RiichiDeal,
    RiichiFamily,
    RiichiOptions,
    RiichiReading,
    RiichiScored,
    RiichiTable,
    dora,
    is_pinfu,
    limit_hand,
    reading_of,
    win_deal,
    yaku,
)

_SOURCE: Final = "docs/rules/hana.md §4"
_TILES: Final = "docs/rules/hana.md §1"
EIGHT_FLOWERS: Final = "eight flowers"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class HanaOptions(RiichiOptions):
    flowers: int = option(8, "flower tiles in the set: 8 (flowers and seasons) or 4 (flowers only)", _TILES, (4, 8))
    variant: int = option(
        1,
        "1: flower fu, seat flowers, Shoufaahou and Daifaahou; 2: each flower 1 han (nukidora); 3: chips only",
        _SOURCE,
        (1, 2, 3),
    )
    flower_fu: int = option(4, "fu per flower in variation 1 (2: the mild version)", _SOURCE, (2, 4))


HanaRule = Rule[RiichiReading, RiichiTable, HanaOptions]


def _is_season(tile: written.Tile, _holder: str) -> bool:
    return tile[0] in SEASONS


def _number(flower: int) -> int:
    """1-4: the seat a flower or season belongs to (1 East ... 4 North)."""
    return (flower - RIICHI_KINDS) % 4 + 1


def _seat_flowers(_r: RiichiReading, t: RiichiTable, o: HanaOptions) -> int:
    seat = rank_of(t.seat)  # 1 East ... 4 North
    return sum(_number(f) == seat for f in t.flowers) if o.variant == 1 else 0


def _complete_kinds(t: RiichiTable) -> int:
    held = set(t.flowers)
    return (set(FLOWERS) <= held) + (set(SEASONS) <= held)


def _shoufaahou(_r: RiichiReading, t: RiichiTable, o: HanaOptions) -> int:
    return _complete_kinds(t) if o.variant == 1 else 0


def _daifaahou(_r: RiichiReading, t: RiichiTable, o: HanaOptions) -> int:
    return o.variant == 1 and len(t.flowers) == len(FLOWERS) + len(SEASONS)


def _nukidora(_r: RiichiReading, t: RiichiTable, o: HanaOptions) -> int:
    return len(t.flowers) if o.variant == 2 else 0


# fmt: off
DAIFAAHOU: Final[HanaRule] = limit_hand("daifaahou", "Daifaahou", "大花糊", when=_daifaahou, gate=HAS_FLOWERS,
                                        condition="all eight flowers, whatever the hand (variation 1)")
HANA_RULES: Final[tuple[HanaRule, ...]] = (
    dora("seat-flower", "Seat Flower", "自風花", category=BONUS, when=_seat_flowers, gate=HAS_FLOWERS,
         condition="own seat's flower or season, each (variation 1; no yaku)"),
    yaku("shoufaahou", "Shoufaahou", "小花糊", han=1, when=_shoufaahou, gate=HAS_FLOWERS,
         condition="all four flowers, or all four seasons, each kind (variation 1)"),
    DAIFAAHOU,
    dora("flower", "Flower", "花", category=BONUS, when=_nukidora, gate=HAS_FLOWERS,
         condition="each flower (variation 2, nukidora; no yaku)"),
)
# fmt: on


class Hana(RiichiFamily[HanaOptions]):
    name = "hana"
    aliases: ClassVar[tuple[str, ...]] = ("flower", "riichi-hana")
    title = "Hana (riichi with flower tiles)"
    summary = "riichi plus four flowers and four seasons (or four flowers): variations 1, 2, 3"
    options_type = HanaOptions
    rules = RULES + HANA_RULES

    def bonus_problems(
        self,
        hand: written.WrittenHand,
        indicators: Sequence[written.Tile],
        options: HanaOptions,
        places: written.TilePlaces,
    ) -> list[Problem]:
        """With flowers=4 a season is refused (at the first written)."""
        if options.flowers == 4 and any(k in SEASONS for k in (*hand.flowers, *(k for k, _ in indicators))):
            message = "flowers=4 plays the four flowers only: no season (1g-4g)"
            return [Problem("season-with-four-flowers", message, places.nth(_is_season))]
        return []

    def flower_fu(self, flowers: tuple[int, ...], options: HanaOptions) -> int:
        return len(flowers) * options.flower_fu if options.variant == 1 else 0

    def tables(self, deal: RiichiDeal[HanaOptions] | DrawDeal, reading: RiichiReading) -> Sequence[RiichiTable]:
        """With Pinfu claimed the flower fu are ignored; the other choice drops Pinfu
        and counts them. Both are scored and the better one kept (docs/rules/hana.md §4)."""
        tables = []
        for t in super().tables(deal, reading):  # riichi's (renhou=mangan adds one)
            tables.append(t)
            # (a renhou mangan alone counts no Pinfu and no fu: nothing to choose)
            if t.flower_fu and is_pinfu(reading, t) and not self.renhou_alone(win_deal(deal), t):
                tables.append(t._replace(pinfu_allowed=False))
        return tables

    def outside_shape(
        self, deal: RiichiDeal[HanaOptions] | DrawDeal, scored: Sequence[RiichiScored]
    ) -> Sequence[RiichiScored]:
        """All eight flowers win Daifaahou whatever the rest of the hand, even one
        that is not complete (asked only when no reading completes it)."""
        t = win_deal(deal).table
        special = reading_of(EIGHT_FLOWERS, ())
        if scored or not _daifaahou(special, t, win_deal(deal).options):
            return ()
        return (self.scored(deal, special, t, (DAIFAAHOU.line(1, False),), ((), 0), is_limit=True),)

    def context(self, deal: RiichiDeal[HanaOptions]) -> dict[str, object]:
        flowers = [CODE_OF_TILE[(f, False)] for f in deal.hand.flowers]
        return {**super().context(deal), "flowers": flowers}

    def chips(self, deal: RiichiDeal[HanaOptions]) -> tuple[Payment, ...]:
        """Variation 3: each flower earns one chip from every other player."""
        flowers = len(deal.table.flowers)
        if deal.options.variant != 3 or not flowers:
            return ()
        return tuple(
            Payment(SEAT_LETTER[w], SEAT_LETTER[deal.table.seat], flowers, f"{flowers} flower(s): 1 chip each")
            for w in WINDS
            if w != deal.table.seat
        )


__all__ = ["HANA_RULES", "Hana", "HanaOptions"]
