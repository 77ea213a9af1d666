"""Three-player riichi, sanma (docs/rules/sanma.md): the riichi rule set on a 108-tile set.

Everything is riichi's but what three players change: no 2m-8m (a dora indicator 1m points
at 9m), seats E S W only, no chi, Norths set aside as bonus tiles (kita=N, each a dora), and
payments among three (the tsumo loss or Mahjong Soul's split, honba 200). This module fills
riichi's hooks; it adds one row (the Norths set aside).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from mjscore.engine import Rule
from mjscore.errors import Problem
from mjscore.families.mpsz import written
from mjscore.families.mpsz.checks import flowers_not_hana
from mjscore.families.mpsz.tiles import RIICHI_KINDS, RUN_STARTS, WINDS, dora_after, read_tiles
from mjscore.notation.build import Items, read_count
from mjscore.notation.tokens import Token
from mjscore.options import option
from mjscore.presets import PRESET_KEY
from mjscore.rulesets.riichi import (
    BONUS,
    HAS_FLOWERS,
    RULES,
    RiichiDeal,
    RiichiFamily,
    RiichiOptions,
    RiichiReading,
    RiichiTable,
    dora,
)

_PAYMENTS: Final = "docs/rules/sanma.md §6"
NORTH: Final = WINDS[3]
ONE_MAN: Final = 0  # the two characters the set keeps
NINE_MAN: Final = 8
MOST_KITA: Final = 4  # four Norths in the set
NO_MIDDLE_MAN: Final = "three-player riichi has no 2m-8m: the set keeps only 1m and 9m of the characters"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class SanmaOptions(RiichiOptions):
    aka_m: int = option(0, "red 5m the set holds: none, the set has no 5m", "docs/rules/sanma.md §1", (0,))
    sanma_tsumo: str = option(
        "loss",
        "a tsumo among three: loss (the four-player payments less the absent North's share) "
        "or split (half of North's share, rounded up to 100, added to each payer: Mahjong Soul)",
        _PAYMENTS,
        words=("loss", "split"),
    )
    honba_value: int = option(
        200, "points a honba adds to a ron; on a tsumo each of the two payers pays half", _PAYMENTS, (100, 200, 300)
    )

    def red_fives_in_set(self) -> dict[str, int]:
        """No 5m in the set: a 0m is refused as not-in-sanma, not counted as a red five."""
        return {"p": self.aka_p, "s": self.aka_s}


SanmaRule = Rule[RiichiReading, RiichiTable, SanmaOptions]


def _kita(_r: RiichiReading, t: RiichiTable, _o: SanmaOptions) -> int:
    return t.flowers.count(NORTH)


# fmt: off
KITA: Final[SanmaRule] = dora("kita", "North Set Aside", "抜きドラ", category=BONUS, when=_kita, gate=HAS_FLOWERS,
                                condition="each North set aside (kita=N; nukidora, not a yaku)")
SANMA_RULES: Final[tuple[SanmaRule, ...]] = (KITA,)
# fmt: on


class Sanma(RiichiFamily[SanmaOptions]):
    name = "sanma"
    aliases: ClassVar[tuple[str, ...]] = ("three-player", "riichi-3p")
    title = "Sanma (three-player riichi)"
    summary = "riichi for three: 108 tiles (no 2m-8m), no chi, Norths set aside as dora, tsumo loss or split"
    options_type = SanmaOptions
    rules = RULES + SANMA_RULES
    keys: ClassVar[tuple[str, ...]] = (*RiichiFamily.keys, "kita", PRESET_KEY)
    # mjscore/data/presets/sanma/*.toml (README, "Presets"); default, the first, is the defaults
    presets: ClassVar[tuple[str, ...]] = ("default", "tenhou", "mahjongsoul")
    preset_title: ClassVar[str] = "Sanma ({})"
    seat_letters: ClassVar[str] = "ESW"
    tile_kinds: ClassVar[tuple[int, ...]] = tuple(k for k in range(RIICHI_KINDS) if not ONE_MAN < k < NINE_MAN)
    no_seat_why: ClassVar[str] = "three-player riichi has no North seat (a North tile is set aside with kita=)"
    no_ten_total: ClassVar[int] = 2000  # docs/rules/sanma.md §9: the no-ten payments among three

    def bonus_problems(
        self,
        hand: written.WrittenHand,
        indicators: Sequence[written.Tile],
        options: SanmaOptions,
        places: written.TilePlaces,
    ) -> list[Problem]:
        """Flowers are hana's; 2m-8m are not in the set (at the first written); chi do not exist."""
        problems = []
        if hand.flowers or any(k >= RIICHI_KINDS for k, _ in indicators):
            problems.append(flowers_not_hana(places))
        tiles = (*hand.all_tiles, *indicators)
        if any(ONE_MAN < k < NINE_MAN for k, _ in tiles):
            problems.append(Problem("not-in-sanma", NO_MIDDLE_MAN, places.nth(_middle_man)))
        problems += [_chi_problem(tok) for tok in places.tokens if tok.tag == "open" and _is_run(tok.text)]
        return problems

    def set_aside(
        self, items: Items, hand: written.WrittenHand, indicators: Sequence[written.Tile], problems: list[Problem]
    ) -> tuple[int, ...]:
        """kita=N: N Norths set aside. With those in the hand and the indicators, four at most."""
        if "kita" not in items.values:
            return ()
        col = items.values["kita"][1]
        kita = read_count(items, "kita", problems, MOST_KITA, "the Norths set aside")
        shown = sum(k == NORTH for k, _ in (*hand.all_tiles, *indicators))
        if kita and shown <= MOST_KITA < shown + kita:  # more in the hand alone are reported at the hand
            message = f"kita={kita} sets aside {kita} North(s) and the hand and indicators show {shown}: four exist"
            problems.append(Problem("too-many-copies", message, col))
        first_draw = next((w for w in ("tenhou", "chiihou") if w in items.flags), "")
        if kita and first_draw:
            message = f"{first_draw} is a win on the first draw; a North set aside brings a replacement draw"
            problems.append(Problem("kita-first-draw", message, items.flags[first_draw]))
        return (NORTH,) * kita

    def points_at(self, indicator: int) -> int:
        """1m points at 9m (2m-8m are not in the set); 9m at 1m and the honours as in riichi."""
        return NINE_MAN if indicator == ONE_MAN else dora_after(indicator)

    def split_tsumo(self, options: SanmaOptions) -> bool:
        return options.sanma_tsumo == "split"

    def bonus_words(self, deal: RiichiDeal[SanmaOptions]) -> tuple[str, ...]:
        kita = _kita_of(deal)
        return (f"kita={kita}",) if kita else ()

    def header(self, deal: RiichiDeal[SanmaOptions]) -> tuple[tuple[str, str], ...]:
        kita = _kita_of(deal)
        return (*super().header(deal), ("kita", f"{kita} North(s) set aside")) if kita else super().header(deal)

    def context(self, deal: RiichiDeal[SanmaOptions]) -> dict[str, object]:
        return {**super().context(deal), "kita": _kita_of(deal)}


def _kita_of(deal: RiichiDeal[SanmaOptions]) -> int:
    return deal.table.flowers.count(NORTH)


def _middle_man(tile: written.Tile, _holder: str) -> bool:
    return ONE_MAN < tile[0] < NINE_MAN


def _is_run(meld: str) -> bool:
    kinds = sorted(k for k, _ in read_tiles(meld)[0])
    return len(kinds) == 3 and kinds[0] in RUN_STARTS and kinds == list(range(kinds[0], kinds[0] + 3))


def _chi_problem(tok: Token) -> Problem:
    message = "three-player riichi has no chi: an open meld (...) is a pung or a kong; a run stays concealed"
    return Problem("no-chi", message, tok.loc + 1)


__all__ = ["SANMA_RULES", "Sanma", "SanmaOptions"]
