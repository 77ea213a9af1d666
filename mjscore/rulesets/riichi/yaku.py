"""Riichi scoring items as data rows (docs/rules/riichi.md §4, §5).

Each row: id, English name, Japanese name, category, han closed, condition,
predicate, the rows it supersedes, han open (0: closed hands only), and the
feature it is gated on (see ``features``: asked only when the reading has it). A
predicate answers how many times the item applies; a double limit hand applies
once, worth 26 han, or 13 with ``double_yakuman`` off (its ``value_of``). Limit
hands replace every other item, which the evaluator applies by category.
"""

from __future__ import annotations

from collections.abc import Callable

from mjscore.engine import Rule, flag_is_set
from mjscore.families.mpsz.groups import group_tiles
from mjscore.families.mpsz.tiles import DRAGONS, GREENS, HONOURS, TERMINALS_AND_HONOURS, WINDS, tile_name
from mjscore.hand import Win
from mjscore.rulesets.riichi.model import RiichiOptions, RiichiReading, RiichiTable, Wait
from mjscore.rulesets.riichi.points import YAKUMAN_HAN
from mjscore.rulesets.riichi.readings import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS

YAKU, DORA, BONUS, YAKUMAN = "yaku", "dora", "bonus", "yakuman"
DOUBLE_YAKUMAN_HAN = 2 * YAKUMAN_HAN  # a double limit hand's han with double_yakuman on (the default)
NOT_YAKU = frozenset((DORA, BONUS))  # categories that add han but do not make a hand winnable
# Features a reading may have (see ``features``): rows gated on one are only asked when it is there.
HAS_DORA, HAS_URA, HAS_RED, SELF_DRAWN, SIMPLES = "has-dora", "has-ura", "has-red", "self-drawn", "only-simples"
HAS_FLOWERS = "has-flowers"  # bonus tiles set aside (hana)
FOUR_RUNS, THREE_RUNS, RUNS_ALIKE = "four-runs", "three-runs", "runs-alike"
THREE_PUNGS, THREE_KONGS, FOUR_CONCEALED = "three-pungs", "three-kongs", "four-concealed-pungs"
OUTSIDE_PAIR, SEVEN_PAIRS_SHAPE, ORPHANS_SHAPE = "outside-pair", "seven-pairs-shape", "orphans-shape"
DRAGON_PUNG = tuple(f"pung-of-{tile_name(k)}" for k in DRAGONS)  # white, green, red
SEAT_WIND_PUNG, ROUND_WIND_PUNG = "seat-wind-pung", "round-wind-pung"
TWO_DRAGON_PUNGS, THREE_DRAGON_PUNGS, THREE_WIND_PUNGS = "two-dragon-pungs", "three-dragon-pungs", "three-wind-pungs"
# What the tiles alone allow (a feature of the table): a flush, or a limit hand of tiles.
HALF_FLUSH_TILES, PURE_ONE_SUIT = "one-suit-and-honours", "one-suit-only"
GREEN_TILES, HONOUR_TILES, TERMINAL_TILES = "only-greens", "only-honours", "only-terminals"
TERMINALS = frozenset(k for k in TERMINALS_AND_HONOURS if k < HONOURS)
BIG_WHEELS = tuple(k for k in range(10, 17) for _ in range(2))  # 22334455667788p
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)

RiichiRule = Rule[RiichiReading, RiichiTable, RiichiOptions]
Predicate = Callable[[RiichiReading, RiichiTable, RiichiOptions], int]


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


def _double_limit(_r: RiichiReading, _t: RiichiTable, o: RiichiOptions) -> int:
    """A double limit hand's han: twice the limit with ``double_yakuman`` on, else the limit."""
    return YAKUMAN_HAN * _double(o)


def _double(o: RiichiOptions) -> int:
    return 2 if o.double_yakuman else 1


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


def _big_wheels(_r: RiichiReading, t: RiichiTable, _o: RiichiOptions) -> int:
    return not t.hand.melds and t.hand.concealed == BIG_WHEELS  # no meld: closed, and no closed kong


def _nine_gates_counts(t: RiichiTable) -> tuple[int, ...] | None:
    """The per-rank counts of a closed one-suit hand, else None."""
    if t.hand.melds or t.has_honours or len(t.suits) != 1:
        return None
    base = min(t.kinds) // 9 * 9
    return tuple(t.hand.concealed.count(base + i) for i in range(9))


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


CLOSED_ONLY = 0  # han on an open hand for closed-only items

YAKU_RULES: tuple[RiichiRule, ...] = (
    Rule(
        "riichi",
        "Riichi",
        "立直",
        YAKU,
        1,
        "declared ready on a closed hand",
        flag_is_set("riichi"),
        gate="riichi",
        value_open=CLOSED_ONLY,
    ),
    Rule(
        "double-riichi",
        "Double Riichi",
        "ダブル立直",
        YAKU,
        2,
        "riichi on the first turn",
        flag_is_set("double-riichi"),
        gate="double-riichi",
        supersedes=("riichi",),
        value_open=CLOSED_ONLY,
    ),
    Rule(
        "ippatsu",
        "Ippatsu",
        "一発",
        YAKU,
        1,
        "won within one turn of riichi",
        flag_is_set("ippatsu"),
        gate="ippatsu",
        value_open=CLOSED_ONLY,
    ),
    Rule(
        "menzen-tsumo",
        "Menzen Tsumo",
        "門前清自摸和",
        YAKU,
        1,
        "closed hand won by self-draw",
        _menzen_tsumo,
        value_open=CLOSED_ONLY,
        gate=SELF_DRAWN,
    ),
    Rule(
        "pinfu",
        "Pinfu",
        "平和",
        YAKU,
        1,
        "closed, four chows, a pair that is no value tile, won on a two-sided wait",
        _pinfu,
        value_open=CLOSED_ONLY,
        gate=FOUR_RUNS,
    ),
    Rule(
        "all-simples",
        "All Simples",
        "断么九",
        YAKU,
        1,
        "no terminal or honour (open only with kuitan)",
        _all_simples,
        gate=SIMPLES,
    ),
    Rule(
        "pure-double-chow",
        "Pure Double Chow",
        "一盃口",
        YAKU,
        1,
        "two identical chows, closed",
        _pure_double_chow,
        value_open=CLOSED_ONLY,
        gate=RUNS_ALIKE,
    ),
    Rule(
        "white-dragon",
        "White Dragon",
        "役牌 白",
        YAKU,
        1,
        "a pung of white dragons",
        _pung_of(lambda _t: DRAGONS[0]),
        gate=DRAGON_PUNG[0],
    ),
    Rule(
        "green-dragon",
        "Green Dragon",
        "役牌 發",
        YAKU,
        1,
        "a pung of green dragons",
        _pung_of(lambda _t: DRAGONS[1]),
        gate=DRAGON_PUNG[1],
    ),
    Rule(
        "red-dragon",
        "Red Dragon",
        "役牌 中",
        YAKU,
        1,
        "a pung of red dragons",
        _pung_of(lambda _t: DRAGONS[2]),
        gate=DRAGON_PUNG[2],
    ),
    Rule(
        "seat-wind",
        "Seat Wind",
        "自風牌",
        YAKU,
        1,
        "a pung of the seat wind",
        _pung_of(lambda t: t.seat),
        gate=SEAT_WIND_PUNG,
    ),
    Rule(
        "prevalent-wind",
        "Prevalent Wind",
        "場風牌",
        YAKU,
        1,
        "a pung of the round wind",
        _pung_of(lambda t: t.round),
        gate=ROUND_WIND_PUNG,
    ),
    Rule(
        "haitei",
        "Last Tile Tsumo",
        "海底摸月",
        YAKU,
        1,
        "self-drawn the last tile of the wall",
        flag_is_set("haitei"),
        gate="haitei",
    ),
    Rule(
        "houtei", "Last Tile Ron", "河底撈魚", YAKU, 1, "won on the last discard", flag_is_set("houtei"), gate="houtei"
    ),
    Rule(
        "rinshan",
        "After a Kong",
        "嶺上開花",
        YAKU,
        1,
        "won on the replacement tile of a kong",
        flag_is_set("rinshan"),
        gate="rinshan",
    ),
    Rule(
        "chankan",
        "Robbing the Kong",
        "槍槓",
        YAKU,
        1,
        "won on a tile added to a kong",
        flag_is_set("chankan"),
        gate="chankan",
    ),
    Rule("all-pungs", "All Pungs", "対々和", YAKU, 2, "four pungs or kongs", _all_pungs, gate=THREE_PUNGS),
    Rule(
        "mixed-outside-hand",
        "Mixed Outside Hand",
        "混全帯么九",
        YAKU,
        2,
        "every set and the pair hold a terminal or honour; a chow; an honour",
        _mixed_outside,
        value_open=1,
        gate=OUTSIDE_PAIR,
    ),
    Rule(
        "pure-straight",
        "Pure Straight",
        "一気通貫",
        YAKU,
        2,
        "123 456 789 of one suit",
        _pure_straight,
        value_open=1,
        gate=THREE_RUNS,
    ),
    Rule(
        "seven-pairs",
        "Seven Pairs",
        "七対子",
        YAKU,
        2,
        "seven different pairs",
        _seven_pairs,
        value_open=CLOSED_ONLY,
        gate=SEVEN_PAIRS_SHAPE,
    ),
    Rule(
        "mixed-triple-chow",
        "Mixed Triple Chow",
        "三色同順",
        YAKU,
        2,
        "the same chow in all three suits",
        _mixed_triple_chow,
        value_open=1,
        gate=THREE_RUNS,
    ),
    Rule(
        "three-concealed-pungs",
        "Three Concealed Pungs",
        "三暗刻",
        YAKU,
        2,
        "three pungs or kongs not claimed (a pung a discard completed counts as open)",
        _three_concealed_pungs,
        gate=THREE_PUNGS,
    ),
    Rule(
        "all-terminals-and-honours",
        "All Terminals and Honours",
        "混老頭",
        YAKU,
        2,
        "only terminals and honours",
        _all_terminals_and_honours,
        supersedes=("mixed-outside-hand", "pure-outside-hand"),
        gate=OUTSIDE_PAIR,
    ),
    Rule(
        "little-three-dragons",
        "Little Three Dragons",
        "小三元",
        YAKU,
        2,
        "two dragon pungs and a dragon pair",
        _little_three_dragons,
        gate=TWO_DRAGON_PUNGS,
    ),
    Rule(
        "triple-pung",
        "Triple Pung",
        "三色同刻",
        YAKU,
        2,
        "the same pung in all three suits",
        _triple_pung,
        gate=THREE_PUNGS,
    ),
    Rule("three-kongs", "Three Kongs", "三槓子", YAKU, 2, "three kongs", _three_kongs, gate=THREE_KONGS),
    Rule(
        "pure-outside-hand",
        "Pure Outside Hand",
        "純全帯么九",
        YAKU,
        3,
        "every set and the pair hold a terminal; a chow; no honour",
        _pure_outside,
        supersedes=("mixed-outside-hand",),
        value_open=2,
        gate=OUTSIDE_PAIR,
    ),
    Rule(
        "half-flush",
        "Half Flush",
        "混一色",
        YAKU,
        3,
        "one suit and honours",
        _half_flush,
        value_open=2,
        gate=HALF_FLUSH_TILES,
    ),
    Rule(
        "twice-pure-double-chow",
        "Twice Pure Double Chow",
        "二盃口",
        YAKU,
        3,
        "two pairs of identical chows, closed",
        _twice_pure_double_chow,
        supersedes=("pure-double-chow",),
        value_open=CLOSED_ONLY,
        gate=RUNS_ALIKE,
    ),
    Rule(
        "full-flush",
        "Full Flush",
        "清一色",
        YAKU,
        6,
        "one suit, no honours",
        _full_flush,
        supersedes=("half-flush",),
        value_open=5,
        gate=PURE_ONE_SUIT,
    ),
    Rule("dora", "Dora", "ドラ", DORA, 1, "each tile an indicator points at (not a yaku)", _dora, gate=HAS_DORA),
    Rule(
        "ura-dora",
        "Ura Dora",
        "裏ドラ",
        DORA,
        1,
        "each tile an underside indicator points at (riichi)",
        _ura,
        gate=HAS_URA,
    ),
    Rule("red-five", "Red Five", "赤ドラ", DORA, 1, "each red five, with aka on (not a yaku)", _red, gate=HAS_RED),
)

YAKUMAN_RULES: tuple[RiichiRule, ...] = (
    Rule(
        "all-green",
        "All Green",
        "緑一色",
        YAKUMAN,
        YAKUMAN_HAN,
        "only 2 3 4 6 8 sou and green dragons",
        _all_green,
        gate=GREEN_TILES,
    ),
    Rule("all-honours", "All Honours", "字一色", YAKUMAN, YAKUMAN_HAN, "only honours", _all_honours, gate=HONOUR_TILES),
    Rule(
        "all-terminals",
        "All Terminals",
        "清老頭",
        YAKUMAN,
        YAKUMAN_HAN,
        "only terminals",
        _all_terminals,
        gate=TERMINAL_TILES,
    ),
    Rule(
        "four-concealed-pungs",
        "Four Concealed Pungs",
        "四暗刻",
        YAKUMAN,
        YAKUMAN_HAN,
        "four pungs not claimed (tsumo on a dual-pung wait)",
        _four_concealed_pungs,
        gate=FOUR_CONCEALED,
    ),
    Rule(
        "four-concealed-pungs-single-wait",
        "Four Concealed Pungs, single wait",
        "四暗刻単騎",
        YAKUMAN,
        DOUBLE_YAKUMAN_HAN,
        "four concealed pungs won on the pair (double limit; 13 with double_yakuman=off)",
        _four_concealed_single,
        value_of=_double_limit,
        supersedes=("four-concealed-pungs",),
        gate=FOUR_CONCEALED,
    ),
    Rule("four-kongs", "Four Kongs", "四槓子", YAKUMAN, YAKUMAN_HAN, "four kongs", _four_kongs, gate=THREE_KONGS),
    Rule(
        "thirteen-orphans",
        "Thirteen Orphans",
        "国士無双",
        YAKUMAN,
        YAKUMAN_HAN,
        "one of each terminal and honour plus one more",
        _thirteen_orphans,
        gate=ORPHANS_SHAPE,
    ),
    Rule(
        "thirteen-orphans-13-wait",
        "Thirteen Orphans, 13-sided wait",
        "国士無双十三面",
        YAKUMAN,
        DOUBLE_YAKUMAN_HAN,
        "thirteen orphans won on the pair tile (double limit; 13 with double_yakuman=off)",
        _thirteen_orphans_13,
        value_of=_double_limit,
        supersedes=("thirteen-orphans",),
        gate=ORPHANS_SHAPE,
    ),
    Rule(
        "big-three-dragons",
        "Big Three Dragons",
        "大三元",
        YAKUMAN,
        YAKUMAN_HAN,
        "three dragon pungs",
        _big_three_dragons,
        gate=THREE_DRAGON_PUNGS,
    ),
    Rule(
        "little-four-winds",
        "Little Four Winds",
        "小四喜",
        YAKUMAN,
        YAKUMAN_HAN,
        "three wind pungs and a wind pair",
        _little_four_winds,
        gate=THREE_WIND_PUNGS,
    ),
    Rule(
        "big-four-winds",
        "Big Four Winds",
        "大四喜",
        YAKUMAN,
        DOUBLE_YAKUMAN_HAN,
        "four wind pungs (double limit; 13 with double_yakuman=off)",
        _big_four_winds,
        value_of=_double_limit,
        supersedes=("little-four-winds",),
        gate=THREE_WIND_PUNGS,
    ),
    Rule(
        "big-wheels",
        "Big Wheels",
        "大車輪",
        YAKUMAN,
        YAKUMAN_HAN,
        "22334455667788 in pins, closed",
        _big_wheels,
        value_open=CLOSED_ONLY,
        gate=PURE_ONE_SUIT,
    ),
    Rule(
        "nine-gates",
        "Nine Gates",
        "九蓮宝燈",
        YAKUMAN,
        YAKUMAN_HAN,
        "closed 1112345678999 of one suit plus one more",
        _nine_gates,
        value_open=CLOSED_ONLY,
        gate=PURE_ONE_SUIT,
    ),
    Rule(
        "pure-nine-gates",
        "Pure Nine Gates",
        "純正九蓮宝燈",
        YAKUMAN,
        DOUBLE_YAKUMAN_HAN,
        "nine gates won on the nine-sided wait (double limit; 13 with double_yakuman=off)",
        _pure_nine_gates,
        value_of=_double_limit,
        supersedes=("nine-gates",),
        value_open=CLOSED_ONLY,
        gate=PURE_ONE_SUIT,
    ),
    Rule(
        "heavenly-hand",
        "Heavenly Hand",
        "天和",
        YAKUMAN,
        YAKUMAN_HAN,
        "dealer wins on the first draw",
        flag_is_set("tenhou"),
        gate="tenhou",
    ),
    Rule(
        "earthly-hand",
        "Earthly Hand",
        "地和",
        YAKUMAN,
        YAKUMAN_HAN,
        "non-dealer wins on the first draw",
        flag_is_set("chiihou"),
        gate="chiihou",
    ),
)

RULES: tuple[RiichiRule, ...] = YAKU_RULES + YAKUMAN_RULES
# pao (docs/rules/riichi.md §8): the limit hands a player who fed their last pung answers for, and
# the honours of those pungs (an open meld of one of them shows a pung was fed).
LIABILITY_YAKUMAN = {"big-three-dragons": DRAGONS, "big-four-winds": WINDS}
