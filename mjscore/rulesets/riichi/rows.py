"""Riichi scoring items as data rows (docs/rules/riichi.md §4, §5).

Each row is made by ``yaku``, ``dora`` or ``limit_hand``: id, English name,
Japanese name, then keywords: han (``open_han`` where an open hand counts
fewer, ``closed_only`` where it counts none), the predicate (``when``), the
feature it is gated on (``gate``; see ``features``: asked only when the reading
has it), the condition the rules table shows and the rows it ``supersedes``. A
predicate answers how many times the item applies; a double limit hand applies
once, worth 26 han, or 13 with ``double_yakuman`` or its family's switch off (its
``value_of``). Limit
hands replace every other item: their rows say so (``limit``) and the engine
applies it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from mjscore.engine import Rule, flag_is_set
from mjscore.families.mpsz.groups import group_tiles
from mjscore.families.mpsz.tiles import DRAGONS, GREENS, HONOURS, TERMINALS_AND_HONOURS, WINDS, tile_name
from mjscore.hand import Group, Shape, Win
from mjscore.rulesets.riichi.model import (
    RENHOU_5HAN,
    RENHOU_MANGAN,
    RENHOU_YAKUMAN,
    RiichiOptions,
    RiichiReading,
    RiichiTable,
    Wait,
)
from mjscore.rulesets.riichi.points import YAKUMAN_HAN
from mjscore.rulesets.riichi.readings import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS

YAKU: Final = "yaku"
DORA: Final = "dora"
BONUS: Final = "bonus"
YAKUMAN: Final = "yakuman"
DOUBLE_YAKUMAN_HAN: Final = 2 * YAKUMAN_HAN  # a double limit hand's han with double_yakuman on (the default)
NOT_YAKU: Final = frozenset((DORA, BONUS))  # categories that add han but do not make a hand winnable
# Features a reading may have (see ``features``): rows gated on one are only asked when it is there.
HAS_DORA: Final = "has-dora"
HAS_URA: Final = "has-ura"
HAS_RED: Final = "has-red"
SELF_DRAWN: Final = "self-drawn"
SIMPLES: Final = "only-simples"
HAS_FLOWERS: Final = "has-flowers"  # bonus tiles set aside (hana)
FOUR_RUNS: Final = "four-runs"
THREE_RUNS: Final = "three-runs"
RUNS_ALIKE: Final = "runs-alike"
THREE_PUNGS: Final = "three-pungs"
THREE_KONGS: Final = "three-kongs"
FOUR_CONCEALED: Final = "four-concealed-pungs"
OUTSIDE_PAIR: Final = "outside-pair"
SEVEN_PAIRS_SHAPE: Final = "seven-pairs-shape"
ORPHANS_SHAPE: Final = "orphans-shape"
DRAGON_PUNG: Final = tuple(f"pung-of-{tile_name(k)}" for k in DRAGONS)  # white, green, red
SEAT_WIND_PUNG: Final = "seat-wind-pung"
ROUND_WIND_PUNG: Final = "round-wind-pung"
TWO_DRAGON_PUNGS: Final = "two-dragon-pungs"
THREE_DRAGON_PUNGS: Final = "three-dragon-pungs"
THREE_WIND_PUNGS: Final = "three-wind-pungs"
# What the tiles alone allow (a feature of the table): a flush, or a limit hand of tiles.
HALF_FLUSH_TILES: Final = "one-suit-and-honours"
PURE_ONE_SUIT: Final = "one-suit-only"
GREEN_TILES: Final = "only-greens"
HONOUR_TILES: Final = "only-honours"
TERMINAL_TILES: Final = "only-terminals"
TERMINALS: Final = frozenset(k for k in TERMINALS_AND_HONOURS if k < HONOURS)
BIG_WHEELS: Final = tuple(k for k in range(10, 17) for _ in range(2))  # 22334455667788p
NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)

RiichiRule = Rule[RiichiReading, RiichiTable, RiichiOptions]
Predicate = Callable[[RiichiReading, RiichiTable, RiichiOptions], int]
# The factories below make rows for riichi and for a rule set whose options extend riichi's (hana).
OptionsT = TypeVar("OptionsT", bound=RiichiOptions)
RowPredicate = Callable[[RiichiReading, RiichiTable, OptionsT], int]


# --- facts about a reading


def table_features(t: RiichiTable) -> frozenset[str]:
    """The features every reading of a table shares: flags, dora of each kind, how it was
    won, and what the tiles alone allow (no terminal or honour at all, one suit ...)."""
    found = set(t.flags)
    if t.dora:
        found.add(HAS_DORA)
    if t.ura:
        found.add(HAS_URA)
    if t.red_fives:
        found.add(HAS_RED)
    if t.flowers:
        found.add(HAS_FLOWERS)
    if t.win is Win.TSUMO:
        found.add(SELF_DRAWN)
    if not (t.kinds & TERMINALS_AND_HONOURS):
        found.add(SIMPLES)
    if len(t.suits) == 1:
        found.add(HALF_FLUSH_TILES if t.has_honours else PURE_ONE_SUIT)
    if not t.suits:
        found.add(HONOUR_TILES)
    if t.kinds <= GREENS:
        found.add(GREEN_TILES)
    if t.kinds <= TERMINALS:
        found.add(TERMINAL_TILES)
    return frozenset(found)


def features(r: RiichiReading, t: RiichiTable, shared: frozenset[str] | None = None) -> frozenset[str]:
    """What a reading has, worked out once: the table's features (``shared``, or worked
    out here) and, for each other gate, a cheap necessary condition of the rows gated on
    it: three runs, runs alike, three pungs, a pung of a value honour, a terminal or honour
    pair ... Most readings meet few, so few rows are asked."""
    shared = table_features(t) if shared is None else shared
    runs, pungs = r.runs, r.pungs
    found = []
    if len(runs) >= 3:  # a straight or a triple chow needs three
        found.append(THREE_RUNS)
        if len(runs) == 4:  # Pinfu
            found.append(FOUR_RUNS)
    if len(set(runs)) < len(runs):
        found.append(RUNS_ALIKE)
    if pungs and pungs[-1] >= HONOURS:  # sorted: an honour pung is the last
        found += _honour_pungs(pungs, t)
    if len(pungs) >= 3:
        found.append(THREE_PUNGS)
        if r.kongs >= 3:
            found.append(THREE_KONGS)
        if r.concealed_pungs == 4:
            found.append(FOUR_CONCEALED)
    if r.shape == SEVEN_PAIRS:
        found.append(SEVEN_PAIRS_SHAPE)
    elif r.shape == THIRTEEN_ORPHANS:
        found.append(ORPHANS_SHAPE)
    # outside hands: every group, the pair too, holds a terminal or honour
    if r.pair in TERMINALS_AND_HONOURS or (r.pair is None and t.kinds <= TERMINALS_AND_HONOURS):
        found.append(OUTSIDE_PAIR)
    return shared.union(found) if found else shared


def _honour_pungs(pungs: tuple[int, ...], t: RiichiTable) -> list[str]:
    """A pung of each dragon, of the seat or round wind; two or three dragon pungs, three wind pungs."""
    found = [DRAGON_PUNG[i] for i, dragon in enumerate(DRAGONS) if dragon in pungs]
    if len(found) >= 2:
        found.append(TWO_DRAGON_PUNGS if len(found) == 2 else THREE_DRAGON_PUNGS)
    if t.seat in pungs:
        found.append(SEAT_WIND_PUNG)
    if t.round in pungs:
        found.append(ROUND_WIND_PUNG)
    if sum(k in WINDS for k in pungs) >= 3:
        found.append(THREE_WIND_PUNGS)
    return found


def is_pinfu(r: RiichiReading, t: RiichiTable) -> bool:
    return (
        t.pinfu_allowed
        and t.closed
        and r.shape == STANDARD
        and len(r.runs) == 4
        and r.wait is Wait.TWO_SIDED
        and r.pair not in DRAGONS  # a pair of a value tile (dragon, seat or round wind) earns fu
        and r.pair not in (t.seat, t.round)
    )


def _duplicate_runs(r: RiichiReading) -> int:
    """How many pairs of identical runs (123m 123m); four alike count as two.
    ``runs`` is sorted, so equal runs sit side by side."""
    runs, pairs, i = r.runs, 0, 1
    while i < len(runs):
        if runs[i] == runs[i - 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def _outside(r: RiichiReading, allowed: frozenset[int]) -> bool:
    """Every group (the pair too) holds an ``allowed`` tile, and at least one group is a run."""
    return r.shape == STANDARD and bool(r.runs) and all(any(k in allowed for k in group_tiles(g)) for g in r.groups)


# The switch of each double limit hand's family (docs/rules/riichi.md §5): a row names its own.
DoubleSwitch = Callable[[RiichiOptions], bool]


def _double_limit(family_counts_double: DoubleSwitch) -> Predicate:
    """A double limit hand's han: twice the limit while ``double_yakuman`` and the switch of
    its family are both on, else the limit."""
    return lambda _r, _t, o: YAKUMAN_HAN * (2 if o.double_yakuman and family_counts_double(o) else 1)


def _pung_of(kind_of: Callable[[RiichiTable], int]) -> Predicate:
    return lambda r, t, _o: kind_of(t) in r.pungs


# --- predicates


def _menzen_tsumo(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return t.closed and t.win is Win.TSUMO


def _pinfu(r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return is_pinfu(r, t)


def _all_simples(_r: RiichiReading, t: RiichiTable, o: RiichiOptions) -> int:
    return not (t.kinds & TERMINALS_AND_HONOURS) and (t.closed or o.kuitan)


def _pure_double_chow(r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return t.closed and _duplicate_runs(r) >= 1


def _twice_pure_double_chow(r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return t.closed and _duplicate_runs(r) == 2


def _all_pungs(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return r.shape == STANDARD and len(r.pungs) == 4


def _mixed_outside(r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return t.has_honours and _outside(r, TERMINALS_AND_HONOURS)


def _pure_outside(r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return not t.has_honours and _outside(r, TERMINALS)


def _pure_straight(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    have = r.runs
    return any(s in have and s + 3 in have and s + 6 in have for s in have if s % 9 == 0)


def _seven_pairs(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return r.shape == SEVEN_PAIRS


def _in_every_suit(kinds: tuple[int, ...]) -> bool:
    """The same rank among ``kinds`` in man, pin and sou (a run is known by its lowest kind)."""
    return any(k + 9 in kinds and k + 18 in kinds for k in kinds if k < 9)


def _mixed_triple_chow(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return _in_every_suit(r.runs)


def _three_concealed_pungs(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return r.concealed_pungs == 3


def _all_terminals_and_honours(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return t.kinds <= TERMINALS_AND_HONOURS


def _little_three_dragons(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return sum(k in DRAGONS for k in r.pungs) == 2 and r.pair in DRAGONS


def _triple_pung(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return _in_every_suit(r.pungs)


def _three_kongs(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return r.kongs == 3


def _half_flush(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return len(t.suits) == 1 and t.has_honours


def _full_flush(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return len(t.suits) == 1 and not t.has_honours


def _dora(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return t.dora


def _ura(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return t.ura


def _red(_r: RiichiReading, t: RiichiTable, o: RiichiOptions) -> int:
    return t.red_fives if o.aka else 0


# --- limit hands


def _all_green(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return t.kinds <= GREENS


def _all_honours(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return not t.suits


def _all_terminals(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return t.kinds <= TERMINALS


def _four_concealed_pungs(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return r.concealed_pungs == 4 and r.wait is not Wait.SINGLE


def _four_concealed_single(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return r.concealed_pungs == 4 and r.wait is Wait.SINGLE


def _four_kongs(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return r.kongs == 4


def _thirteen_orphans(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return r.shape == THIRTEEN_ORPHANS


def _thirteen_orphans_13(r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    # the 13-sided wait: before the win the hand held one of each, so the pair is the winning tile
    return r.shape == THIRTEEN_ORPHANS and t.hand.concealed.count(t.winning) == 2


def _big_three_dragons(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return set(DRAGONS) <= set(r.pungs)


def _little_four_winds(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return sum(k in WINDS for k in r.pungs) == 3 and r.pair in WINDS


def _big_four_winds(r: RiichiReading, _t: RiichiTable, _o: RiichiOptions) -> int:
    return set(WINDS) <= set(r.pungs)


def _big_wheels(_r: RiichiReading, t: RiichiTable, o: RiichiOptions) -> int:
    return o.daisharin and not t.hand.melds and t.hand.concealed == BIG_WHEELS  # no meld: closed, no closed kong


def _renhou_is(*values: str) -> Predicate:
    """The renhou word was written and the ``renhou`` option gives it one of ``values``."""
    return lambda _r, t, o: "renhou" in t.flags and o.renhou in values


def _nine_gates_counts(t: RiichiTable) -> tuple[int, ...] | None:
    """The per-rank counts of a closed one-suit hand, else None."""
    if t.hand.melds or t.has_honours or len(t.suits) != 1:
        return None
    base = min(t.kinds) // 9 * 9
    counts = [0] * 9
    for kind in t.hand.concealed:
        counts[kind - base] += 1
    return tuple(counts)


def _nine_gates(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    counts = _nine_gates_counts(t)
    return counts is not None and _holds_nine_gates(counts)


def _holds_nine_gates(counts: tuple[int, ...]) -> bool:
    """1112345678999 and one more of the suit."""
    return all(c >= n for c, n in zip(counts, NINE_GATES, strict=True))


def _pure_nine_gates(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    counts = _nine_gates_counts(t)
    if counts is None or not _holds_nine_gates(counts):
        return 0
    before = list(counts)
    before[t.winning % 9] -= 1  # the nine-sided wait: 1112345678999 before the win
    return tuple(before) == NINE_GATES


# --- the rows


def yaku(
    id: str,
    name: str,
    local_name: str,
    *,
    han: int,
    when: RowPredicate[OptionsT],
    condition: str,
    open_han: int | None = None,
    closed_only: bool = False,
    supersedes: tuple[str, ...] = (),
    gate: str = "",
) -> Rule[RiichiReading, RiichiTable, OptionsT]:
    """A yaku worth ``han``, or ``open_han`` on an open hand where that differs; a
    ``closed_only`` one is not counted on an open hand ("-" in the rules table)."""
    return Rule(
        id,
        name,
        local_name,
        YAKU,
        han,
        condition,
        when,
        supersedes,
        value_open=open_han,
        gate=gate,
        closed_only=closed_only,
    )


def dora(
    id: str,
    name: str,
    local_name: str,
    *,
    when: RowPredicate[OptionsT],
    condition: str,
    gate: str,
    category: str = DORA,
) -> Rule[RiichiReading, RiichiTable, OptionsT]:
    """One han for each application that does not make a hand winnable (``NOT_YAKU``):
    dora, and hana's bonus flowers (``category=BONUS``)."""
    return Rule(id, name, local_name, category, 1, condition, when, gate=gate)


def limit_hand(
    id: str,
    name: str,
    local_name: str,
    *,
    when: RowPredicate[OptionsT],
    condition: str,
    double: DoubleSwitch | None = None,
    closed_only: bool = False,
    supersedes: tuple[str, ...] = (),
    gate: str = "",
) -> Rule[RiichiReading, RiichiTable, OptionsT]:
    """A limit hand: it replaces every other item (``limit``, docs/rules/riichi.md §5). A
    ``double`` one (its family's switch) is worth 26 han, or 13 with that switch or
    ``double_yakuman`` off (its ``value_of``)."""
    return Rule(
        id,
        name,
        local_name,
        YAKUMAN,
        DOUBLE_YAKUMAN_HAN if double else YAKUMAN_HAN,
        condition,
        when,
        supersedes,
        gate=gate,
        value_of=_double_limit(double) if double else None,
        closed_only=closed_only,
        limit=True,
    )


# fmt: off
YAKU_RULES: Final[tuple[RiichiRule, ...]] = (
    yaku("riichi", "Riichi", "立直", han=1, closed_only=True, when=flag_is_set("riichi"), gate="riichi",
         condition="declared ready on a closed hand"),
    yaku("double-riichi", "Double Riichi", "ダブル立直", han=2, closed_only=True,
         when=flag_is_set("double-riichi"), gate="double-riichi",
         condition="riichi on the first turn", supersedes=("riichi",)),
    yaku("ippatsu", "Ippatsu", "一発", han=1, closed_only=True, when=flag_is_set("ippatsu"), gate="ippatsu",
         condition="won within one turn of riichi"),
    yaku("menzen-tsumo", "Menzen Tsumo", "門前清自摸和", han=1, closed_only=True, when=_menzen_tsumo, gate=SELF_DRAWN,
         condition="closed hand won by self-draw"),
    yaku("pinfu", "Pinfu", "平和", han=1, closed_only=True, when=_pinfu, gate=FOUR_RUNS,
         condition="closed, four chows, a pair that is no value tile, won on a two-sided wait"),
    yaku("all-simples", "All Simples", "断么九", han=1, when=_all_simples, gate=SIMPLES,
         condition="no terminal or honour (open only with kuitan)"),
    yaku("pure-double-chow", "Pure Double Chow", "一盃口", han=1, closed_only=True, when=_pure_double_chow,
         gate=RUNS_ALIKE, condition="two identical chows, closed"),
    yaku("white-dragon", "White Dragon", "役牌 白", han=1, when=_pung_of(lambda _t: DRAGONS[0]), gate=DRAGON_PUNG[0],
         condition="a pung of white dragons"),
    yaku("green-dragon", "Green Dragon", "役牌 發", han=1, when=_pung_of(lambda _t: DRAGONS[1]), gate=DRAGON_PUNG[1],
         condition="a pung of green dragons"),
    yaku("red-dragon", "Red Dragon", "役牌 中", han=1, when=_pung_of(lambda _t: DRAGONS[2]), gate=DRAGON_PUNG[2],
         condition="a pung of red dragons"),
    yaku("seat-wind", "Seat Wind", "自風牌", han=1, when=_pung_of(lambda t: t.seat), gate=SEAT_WIND_PUNG,
         condition="a pung of the seat wind"),
    yaku("prevalent-wind", "Prevalent Wind", "場風牌", han=1, when=_pung_of(lambda t: t.round), gate=ROUND_WIND_PUNG,
         condition="a pung of the round wind"),
    yaku("haitei", "Last Tile Tsumo", "海底摸月", han=1, when=flag_is_set("haitei"), gate="haitei",
         condition="self-drawn the last tile of the wall"),
    yaku("houtei", "Last Tile Ron", "河底撈魚", han=1, when=flag_is_set("houtei"), gate="houtei",
         condition="won on the last discard"),
    yaku("rinshan", "After a Kong", "嶺上開花", han=1, when=flag_is_set("rinshan"), gate="rinshan",
         condition="won on the replacement tile of a kong"),
    yaku("chankan", "Robbing the Kong", "槍槓", han=1, when=flag_is_set("chankan"), gate="chankan",
         condition="won on a tile added to a kong"),
    yaku("all-pungs", "All Pungs", "対々和", han=2, when=_all_pungs, gate=THREE_PUNGS,
         condition="four pungs or kongs"),
    yaku("mixed-outside-hand", "Mixed Outside Hand", "混全帯么九", han=2, open_han=1, when=_mixed_outside,
         gate=OUTSIDE_PAIR, condition="every set and the pair hold a terminal or honour; a chow; an honour"),
    yaku("pure-straight", "Pure Straight", "一気通貫", han=2, open_han=1, when=_pure_straight, gate=THREE_RUNS,
         condition="123 456 789 of one suit"),
    yaku("seven-pairs", "Seven Pairs", "七対子", han=2, closed_only=True, when=_seven_pairs, gate=SEVEN_PAIRS_SHAPE,
         condition="seven different pairs"),
    yaku("mixed-triple-chow", "Mixed Triple Chow", "三色同順", han=2, open_han=1, when=_mixed_triple_chow,
         gate=THREE_RUNS, condition="the same chow in all three suits"),
    yaku("three-concealed-pungs", "Three Concealed Pungs", "三暗刻", han=2, when=_three_concealed_pungs,
         gate=THREE_PUNGS, condition="three pungs or kongs not claimed (a pung a discard completed counts as open)"),
    yaku("all-terminals-and-honours", "All Terminals and Honours", "混老頭", han=2,
         when=_all_terminals_and_honours, gate=OUTSIDE_PAIR,
         condition="only terminals and honours", supersedes=("mixed-outside-hand", "pure-outside-hand")),
    yaku("little-three-dragons", "Little Three Dragons", "小三元", han=2, when=_little_three_dragons,
         gate=TWO_DRAGON_PUNGS, condition="two dragon pungs and a dragon pair"),
    yaku("triple-pung", "Triple Pung", "三色同刻", han=2, when=_triple_pung, gate=THREE_PUNGS,
         condition="the same pung in all three suits"),
    yaku("three-kongs", "Three Kongs", "三槓子", han=2, when=_three_kongs, gate=THREE_KONGS,
         condition="three kongs"),
    yaku("pure-outside-hand", "Pure Outside Hand", "純全帯么九", han=3, open_han=2, when=_pure_outside,
         gate=OUTSIDE_PAIR, condition="every set and the pair hold a terminal; a chow; no honour",
         supersedes=("mixed-outside-hand",)),
    yaku("half-flush", "Half Flush", "混一色", han=3, open_han=2, when=_half_flush, gate=HALF_FLUSH_TILES,
         condition="one suit and honours"),
    yaku("twice-pure-double-chow", "Twice Pure Double Chow", "二盃口", han=3, closed_only=True,
         when=_twice_pure_double_chow, gate=RUNS_ALIKE,
         condition="two pairs of identical chows, closed", supersedes=("pure-double-chow",)),
    yaku("full-flush", "Full Flush", "清一色", han=6, open_han=5, when=_full_flush, gate=PURE_ONE_SUIT,
         condition="one suit, no honours", supersedes=("half-flush",)),
    yaku("renhou", "Renhou", "人和", han=5, closed_only=True, when=_renhou_is(RENHOU_5HAN, RENHOU_MANGAN),
         gate="renhou", condition="ron before one's first draw (renhou=5han; renhou=mangan: alone, a mangan)"),
    dora("dora", "Dora", "ドラ", when=_dora, gate=HAS_DORA,
         condition="each tile an indicator points at (not a yaku)"),
    dora("ura-dora", "Ura Dora", "裏ドラ", when=_ura, gate=HAS_URA,
         condition="each tile an underside indicator points at (riichi)"),
    dora("red-five", "Red Five", "赤ドラ", when=_red, gate=HAS_RED,
         condition="each red five, with aka on (not a yaku)"),
)

YAKUMAN_RULES: Final[tuple[RiichiRule, ...]] = (
    limit_hand("all-green", "All Green", "緑一色", when=_all_green, gate=GREEN_TILES,
               condition="only 2 3 4 6 8 sou and green dragons"),
    limit_hand("all-honours", "All Honours", "字一色", when=_all_honours, gate=HONOUR_TILES,
               condition="only honours"),
    limit_hand("all-terminals", "All Terminals", "清老頭", when=_all_terminals, gate=TERMINAL_TILES,
               condition="only terminals"),
    limit_hand("four-concealed-pungs", "Four Concealed Pungs", "四暗刻", when=_four_concealed_pungs,
               gate=FOUR_CONCEALED, condition="four pungs not claimed (tsumo on a dual-pung wait)"),
    limit_hand("four-concealed-pungs-single-wait", "Four Concealed Pungs, single wait", "四暗刻単騎",
               double=lambda o: o.double_suuankou, when=_four_concealed_single, gate=FOUR_CONCEALED,
               condition="four concealed pungs won on the pair (double limit; 13 with double_suuankou=off)",
               supersedes=("four-concealed-pungs",)),
    limit_hand("four-kongs", "Four Kongs", "四槓子", when=_four_kongs, gate=THREE_KONGS,
               condition="four kongs"),
    limit_hand("thirteen-orphans", "Thirteen Orphans", "国士無双", when=_thirteen_orphans, gate=ORPHANS_SHAPE,
               condition="one of each terminal and honour plus one more"),
    limit_hand("thirteen-orphans-13-wait", "Thirteen Orphans, 13-sided wait", "国士無双十三面",
               double=lambda o: o.double_kokushi, when=_thirteen_orphans_13, gate=ORPHANS_SHAPE,
               condition="thirteen orphans won on the pair tile (double limit; 13 with double_kokushi=off)",
               supersedes=("thirteen-orphans",)),
    limit_hand("big-three-dragons", "Big Three Dragons", "大三元", when=_big_three_dragons, gate=THREE_DRAGON_PUNGS,
               condition="three dragon pungs"),
    limit_hand("little-four-winds", "Little Four Winds", "小四喜", when=_little_four_winds, gate=THREE_WIND_PUNGS,
               condition="three wind pungs and a wind pair"),
    limit_hand("big-four-winds", "Big Four Winds", "大四喜", double=lambda o: o.double_daisuushii,
               when=_big_four_winds, gate=THREE_WIND_PUNGS,
               condition="four wind pungs (double limit; 13 with double_daisuushii=off)",
               supersedes=("little-four-winds",)),
    limit_hand("big-wheels", "Big Wheels", "大車輪", closed_only=True, when=_big_wheels, gate=PURE_ONE_SUIT,
               condition="22334455667788 in pins, closed (with daisharin on)"),
    limit_hand("nine-gates", "Nine Gates", "九蓮宝燈", closed_only=True, when=_nine_gates, gate=PURE_ONE_SUIT,
               condition="closed 1112345678999 of one suit plus one more"),
    limit_hand("pure-nine-gates", "Pure Nine Gates", "純正九蓮宝燈", double=lambda o: o.double_chuuren,
               closed_only=True, when=_pure_nine_gates, gate=PURE_ONE_SUIT,
               condition="nine gates won on the nine-sided wait (double limit; 13 with double_chuuren=off)",
               supersedes=("nine-gates",)),
    limit_hand("heavenly-hand", "Heavenly Hand", "天和", when=flag_is_set("tenhou"), gate="tenhou",
               condition="dealer wins on the first draw"),
    limit_hand("earthly-hand", "Earthly Hand", "地和", when=flag_is_set("chiihou"), gate="chiihou",
               condition="non-dealer wins on the first draw"),
    limit_hand("renhou-yakuman", "Renhou", "人和", when=_renhou_is(RENHOU_YAKUMAN), gate="renhou",
               condition="ron before one's first draw, no call before it (with renhou=yakuman)"),
)
# fmt: on

RULES: Final[tuple[RiichiRule, ...]] = YAKU_RULES + YAKUMAN_RULES


def _fed_pung_of(honours: tuple[int, ...]) -> Callable[[Group], bool]:
    return lambda g: g.is_open and g.kind in honours


# pao (docs/rules/riichi.md §8): each limit hand that may carry liability (which do is the pao_hands
# option), and the meld a line shows to have been fed: an open pung or kong of those honours, or
# for Four Kongs an open kong.
FED_MELD: Final[dict[str, Callable[[Group], bool]]] = {
    "big-three-dragons": _fed_pung_of(DRAGONS),
    "big-four-winds": _fed_pung_of(WINDS),
    "four-kongs": lambda g: g.is_open and g.shape is Shape.KAN,
}
