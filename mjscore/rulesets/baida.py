"""Baida wild-tile mahjong with a points table (docs/rules/baida.md).

The turned-up indicator makes its own kind and the next kind in its suit wild
("Baida"): in the concealed part each stands for any tile. The generic
decomposer tries every way the wilds complete the hand; every reading is scored
with the rows below and the highest total kept. Values the source leaves blank
(All Triplets, Seven Pairs, the chicken hand) are options, labelled "assumed".
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

from mjscore.decompose import Target, decompose, group_key, kind_counts
from mjscore.engine import Rule, flag_is_set
from mjscore.errors import Problem, quoted
from mjscore.families.mpsz import written
from mjscore.families.mpsz.checks import count_problems, discarder_problems, flowers_not_hana, situation_problems
from mjscore.families.mpsz.groups import group_text, group_tiles, meld_group
from mjscore.families.mpsz.items import read_seat
from mjscore.families.mpsz.tiles import (
    HONOURS,
    RIICHI_KINDS,
    RUN_STARTS,
    SEAT_LETTER,
    TERMINALS_AND_HONOURS,
    WINDS,
    dora_after,
    read_tiles,
    tile_name,
)
from mjscore.hand import Group, Hand, MeldKind, Reading, Shape, Win, bracketed
from mjscore.notation.build import Items, fail, gather_items, other_flags, read_win
from mjscore.notation.tokens import Token
from mjscore.options import changed_options, option, option_values, option_words
from mjscore.payment import DISCARDER, Payment, seat_code, win_parties
from mjscore.result import ScoreLine, Shown, value_summary
from mjscore.rulesets.base import RuleRow, RuleSet
from mjscore.rulesets.deal import Deal, Scored, Settled
from mjscore.settings import Settings
from mjscore.values import Value

if TYPE_CHECKING:  # the analysis's values (rulesets/base.py: why)
    from mjscore.waiting import Waiting, WaitingLine, WaitKind

_ASSUMED: Final = "docs/rules/baida.md §4 house default (Zung Jung value), labelled assumed"
_PAYMENT: Final = "docs/rules/baida.md §8 house default"
FLAGS: Final = ("tsumo", "ron", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "discarded-baida")
KEYS: Final = ("baida", "seat", "from")
PATTERN_CAP: Final = 320
HAND_CAP: Final = 480
SEVEN_BAIDA: Final = 7
STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven pairs"
THIRTEEN: Final = "thirteen terminals"
SHAPE_NAMES: Final = ("standard", "Seven Pairs", "Thirteen Terminals")  # for people: the shanten of each (§4)
KINDS: Final = tuple(range(RIICHI_KINDS))  # the 136 tiles' kinds, no flowers (docs/rules/baida.md §1)
PATTERN: Final = "pattern"
BONUS: Final = "bonus"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BaidaOptions(Value):
    # a pattern's points: from 0 to the cap of all patterns together
    all_triplets: int = option(30, "points for All Triplets (source slot 5 is blank)", _ASSUMED, most=PATTERN_CAP)
    seven_pairs: int = option(
        30, "points for Seven Pairs; 0: Seven Pairs is no winning shape", _ASSUMED, most=PATTERN_CAP
    )
    chicken: int = option(1, "points for a hand with no pattern (Zung Jung's chicken hand)", _ASSUMED, most=PATTERN_CAP)
    discard_pays: int = option(
        2, "on a discard the discarder pays this many times the total (1: once)", _PAYMENT, (1, 2)
    )


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BaidaTable(Value):
    hand: Hand  # concealed: natural tiles only; wilds: the Baida tiles
    wild_kinds: tuple[int, int]
    win: Win
    flags: frozenset[str]
    seat: int  # wind kind of the winner's seat (27 East = dealer)
    discarder: int | None = None  # the discarder's seat on a ron, when from= names it


class BaidaDeal(Deal[BaidaOptions, BaidaTable]):
    __slots__ = ("written",)

    def __init__(
        self, text: str, items: Items, options: BaidaOptions, table: BaidaTable, *, written: written.WrittenHand
    ) -> None:
        super().__init__(text, items, options, table)
        self.written: Final = written  # the hand as written, Baida and the winning tile as they were

    @property
    def indicator(self) -> int:
        """The turned-up tile: the first of the two wild kinds (``baida_kinds``)."""
        return self.table.wild_kinds[0]


BaidaRule = Rule[Reading, BaidaTable, BaidaOptions]
BaidaScored = Scored[Reading, BaidaTable]
BaidaPredicate = Callable[[Reading, BaidaTable, BaidaOptions], int]


# --- facts about a reading


class Facts(NamedTuple):
    """All that the rows ask of a reading; the rest of their answers is the table's and the
    options'. So readings with equal facts score alike, and only the first of them can be the
    best (``Baida.distinct_readings``): a row that asks more of a reading adds it here
    (tests/property/test_baida_alike.py scores random hands both ways)."""

    shape: str
    suits: int  # how many suits the groups are of
    honours: bool  # a group of honours
    runs: bool
    straight: int | None  # the suit of a 123 456 789 (standard shape only)
    straight_baida: bool  # a run of that straight holds Baida
    kongs: int


FactValues = tuple[str, int, bool, bool, int | None, bool, int]  # a Facts as a plain tuple
# A run's and a kong's shape, looked up once: compiled, ``Shape.RUN`` is a lookup on the enum
# class each time, and ``fact_values`` runs for every reading of a hand.
_RUN: Final = Shape.RUN
_KAN: Final = Shape.KAN
_STRAIGHT: Final = 1 | 1 << 3 | 1 << 6  # the starts of 123 456 789, as bits from the suit's 1


def facts(r: Reading) -> Facts:
    """The facts of ``r``, by name (for the rows)."""
    return Facts(*fact_values(r.shape, r.groups))


def fact_values(shape: str, groups: tuple[Group, ...]) -> FactValues:
    """The facts of a reading of ``shape`` and ``groups`` (each of a kind: ``_assigned`` gave one
    to Baida alone), as a plain tuple, made before the reading and for every one of a hand (a
    NamedTuple is slower to make); runs are bits by their first kind."""
    suits = runs = wild_runs = kongs = 0
    honours = False
    for g in groups:
        kind = g.kind
        if kind is None:
            continue
        if kind >= HONOURS:
            honours = True
        else:
            suits |= 1 << kind // 9
        group_shape = g.shape
        if group_shape is _RUN:
            runs |= 1 << kind
            if g.wilds:
                wild_runs |= 1 << kind
        elif group_shape is _KAN:
            kongs += 1
    straight = None
    for suit in (0, 1, 2) if shape == STANDARD else ():
        if runs >> 9 * suit & _STRAIGHT == _STRAIGHT:
            straight = suit
            break
    straight_baida = straight is not None and wild_runs >> 9 * straight & _STRAIGHT != 0
    count = (suits & 1) + (suits >> 1 & 1) + (suits >> 2)
    return (shape, count, honours, runs != 0, straight, straight_baida, kongs)


def _suits(r: Reading) -> set[int]:
    return {g.kind // 9 for g in r.groups if g.kind is not None and g.kind < HONOURS}


def _straight_starts(suit: int) -> tuple[int, int, int]:
    """The first kinds of the 123, 456 and 789 of a suit."""
    return (9 * suit, 9 * suit + 3, 9 * suit + 6)


# --- patterns


def _mixed_one_suit(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    f = facts(r)
    return f.suits == 1 and f.honours  # thirteen terminals hold three suits


def _pure_one_suit(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    f = facts(r)
    return f.suits == 1 and not f.honours


def _nine_tile_straight(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return facts(r).straight is not None


def _thirteen(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return facts(r).shape == THIRTEEN


def _all_triplets(r: Reading, _t: BaidaTable, o: BaidaOptions) -> int:
    f = facts(r)
    return bool(o.all_triplets) and f.shape == STANDARD and not f.runs  # 0 points: no such pattern


def _seven_pairs(r: Reading, _t: BaidaTable, o: BaidaOptions) -> int:
    return facts(r).shape == SEVEN_PAIRS  # with seven_pairs=0 there is no such reading


# --- bonuses


def _big_crane(_r: Reading, t: BaidaTable, _o: BaidaOptions) -> int:
    """Four melds claimed, one concealed tile left, won on it (a single wait)."""
    return len(t.hand.melds) == 4 and all(m.meld is MeldKind.OPEN for m in t.hand.melds)


def _big_crane_points(_r: Reading, t: BaidaTable, _o: BaidaOptions) -> int:
    return 10 if "discarded-baida" in t.flags else 100


def _no_baida(_r: Reading, t: BaidaTable, _o: BaidaOptions) -> int:
    return t.hand.wilds == 0


def _four_baida(_r: Reading, t: BaidaTable, _o: BaidaOptions) -> int:
    return t.hand.wilds >= 4


def _baida_dragon(r: Reading, t: BaidaTable, _o: BaidaOptions) -> int:
    f = facts(r)
    suit = f.straight
    if suit is None or any(k >= HONOURS or k // 9 != suit for k in t.wild_kinds):
        return 0
    return f.straight_baida


def _four_kongs(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return facts(r).kongs == 4


def _never(_r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return 0


def _assumed(_r: Reading, _t: BaidaTable, _o: BaidaOptions) -> str:
    return "assumed"


def pattern(
    id: str,
    name: str,
    local_name: str,
    *,
    points: int,
    when: BaidaPredicate,
    condition: str,
    supersedes: tuple[str, ...] = (),
    assumed: BaidaPredicate | None = None,
) -> BaidaRule:
    """A pattern: patterns together are capped at PATTERN_CAP, and a hand with none is a chicken hand.
    ``assumed``: its value is an option's (a house value, docs/rules/baida.md §4), and its line says so."""
    detail = _assumed if assumed else None
    return Rule(id, name, local_name, PATTERN, points, condition, when, supersedes, detail=detail, value_of=assumed)


def bonus(
    id: str,
    name: str,
    local_name: str,
    *,
    points: int,
    when: BaidaPredicate,
    condition: str,
    supersedes: tuple[str, ...] = (),
    gate: str = "",
    value_of: BaidaPredicate | None = None,
) -> BaidaRule:
    """A bonus, added to the patterns (under the hand's cap)."""
    return Rule(id, name, local_name, BONUS, points, condition, when, supersedes, gate=gate, value_of=value_of)


# fmt: off
RULES: Final[tuple[BaidaRule, ...]] = (
    pattern("mixed-one-suit", "Mixed One-Suit", "混一色", points=40, when=_mixed_one_suit,
            condition="one suit and honours"),
    pattern("pure-one-suit", "Pure One-Suit", "清一色", points=100, when=_pure_one_suit,
            condition="one suit, no honours", supersedes=("mixed-one-suit",)),
    pattern("nine-tile-straight", "Nine-Tile Straight", "一氣通貫", points=40, when=_nine_tile_straight,
            condition="123 456 789 of one suit"),
    pattern("thirteen-terminals", "Thirteen Terminals", "十三么", points=200, when=_thirteen,
            condition="one of each terminal and honour plus one more"),
    pattern("all-triplets", "All Triplets", "對對和", points=1, when=_all_triplets,
            assumed=lambda _r, _t, o: o.all_triplets, condition="four pungs or kongs (assumed value)"),
    pattern("seven-pairs", "Seven Pairs", "七對子", points=1, when=_seven_pairs,
            assumed=lambda _r, _t, o: o.seven_pairs, condition="seven pairs (assumed value)"),
    bonus("big-crane", "Big Crane", "大吊車", points=1, when=_big_crane, value_of=_big_crane_points,
          condition="four melds claimed, won on a single wait (10 after discarding a Baida)"),
    bonus("no-baida", "No Baida", "無百搭", points=10, when=_no_baida,
          condition="no Baida in the hand"),
    bonus("four-baida", "Four Baida", "四百搭", points=10, when=_four_baida,
          condition="four or more Baida in the hand"),
    bonus("baida-dragon", "Baida Dragon", "百搭龍", points=30, when=_baida_dragon,
          condition="a nine-tile straight using Baida, the Baida of the straight's suit"),
    bonus("win-on-kong", "Win on Kong", "槓上開花", points=10, when=flag_is_set("rinshan"), gate="rinshan",
          condition="won on a kong's replacement tile"),
    bonus("robbing-a-kong", "Robbing a Kong", "搶槓", points=10, when=flag_is_set("chankan"), gate="chankan",
          condition="won on a tile added to a kong"),
    bonus("final-draw", "Final Draw", "海底撈月", points=10, when=flag_is_set("haitei"), gate="haitei",
          condition="self-drawn the last tile"),
    bonus("final-discard", "Final Discard", "河底撈魚", points=10, when=flag_is_set("houtei"), gate="houtei",
          condition="won on the last discard"),
    bonus("four-kongs", "Four Kongs", "四槓", points=400, when=_four_kongs,
          condition="four kongs (includes Big Crane)", supersedes=("big-crane",)),
    bonus("blessing-of-heaven", "Blessing of Heaven", "天和", points=200, when=flag_is_set("tenhou"), gate="tenhou",
          condition="dealer wins on the first draw"),
    bonus("blessing-of-earth", "Blessing of Earth", "地和", points=200, when=flag_is_set("chiihou"), gate="chiihou",
          condition="a non-dealer wins on the dealer's first discard"),
)
_PATTERN_IDS: Final = frozenset(r.id for r in RULES if r.category == PATTERN)

# Rows the engine does not apply: ``total`` writes the chicken hand's line when no pattern
# applies, ``outside_shape`` Seven Baida's whatever the hand. Here so that their names and values
# have one home, for the lines and for the rules table.
CHICKEN_HAND: Final[BaidaRule] = pattern("chicken", "Chicken Hand", "雞糊", points=1, when=_never,
                                         condition="no pattern (assumed value)")
SEVEN_BAIDA_HAND: Final[BaidaRule] = bonus("seven-baida", "Seven Baida", "七百搭", points=HAND_CAP, when=_never,
                                           condition="all seven Baida self-drawn, whatever the hand; nothing else")
# fmt: on
# The rows whose value is an option's default (docs/rules/baida.md §4 house values), by option name.
_ASSUMED_OPTION: Final = {"all-triplets": "all_triplets", "seven-pairs": "seven_pairs", "chicken": "chicken"}


class Baida(RuleSet[BaidaDeal, Reading, BaidaTable, BaidaOptions]):
    name = "baida"
    aliases: ClassVar[tuple[str, ...]] = ("baida-mahjong", "wild")
    title = "Baida (wild-tile mahjong, points table)"
    summary = "wild-tile mahjong: Baida resolved by the evaluator, patterns and bonuses in points"
    family = "mpsz"
    unit = "points"
    options_type = BaidaOptions
    flags: ClassVar[tuple[str, ...]] = FLAGS
    keys: ClassVar[tuple[str, ...]] = KEYS
    rules = RULES
    total_label = "hand total"

    def rule_rows(self) -> Sequence[RuleRow]:
        """The engine's rows, then the two whose lines ``total`` and ``outside_shape`` write itself."""
        return (*super().rule_rows(), self.row(CHICKEN_HAND), self.row(SEVEN_BAIDA_HAND))

    def value_text(self, rule: BaidaRule) -> str:
        """An assumed value (an option's default) is starred; Big Crane's depends on the hand."""
        if rule.id in _ASSUMED_OPTION:
            return f"{getattr(BaidaOptions(), _ASSUMED_OPTION[rule.id])}*"
        return "100 / 10" if rule.id == "big-crane" else str(rule.value)

    def build(self, text: str, tokens: Sequence[Token], settings: Settings) -> BaidaDeal:
        hand_tokens = [t for t in tokens if t.tag in written.HAND_TAGS]
        item_tokens = [t for t in tokens if t.tag not in written.HAND_TAGS]
        items = gather_items(item_tokens, self.flags, self.keys, self.option_specs())
        problems = items.problems
        if tokens and tokens[0].tag == "draw":
            problems.append(Problem("bad-value", "baida has no draw settlement line", tokens[0].loc + 1))
        hand = written.read_hand(hand_tokens, problems) if hand_tokens else None
        options = self.line_options(settings, items)[0]  # Baida has no presets: a preset= is a problem
        win = read_win(items, problems, "self-drawn")
        seat = read_seat(items, "seat", "S", problems)  # None: unreadable, reported
        discarder = read_seat(items, "from", None, problems)
        indicator = _indicator(items, problems)
        if hand is not None and indicator is not None:
            problems += _hand_problems(hand, indicator, win, written.TilePlaces(hand_tokens), items)
        if hand is not None and win is not None:
            problems += _situation_problems(hand, items, win, seat, indicator)
            problems += discarder_problems(items, seat, win, discarder)
        if hand is None or win is None or indicator is None or problems:
            raise fail(text, problems)
        assert seat is not None  # for the type checker: a seat that could not be read is a problem
        wild_kinds = baida_kinds(indicator)
        full = hand.hand()  # its concealed kinds sorted, the winning tile among them
        naturals = [k for k in full.concealed if k not in wild_kinds]
        if _won_plain_baida(hand, win, wild_kinds):
            insort(naturals, hand.winning[0])
        built = Hand(tuple(naturals), len(full.concealed) - len(naturals), full.melds)
        table = BaidaTable(built, wild_kinds, win, frozenset(items.flags), seat, discarder)
        return BaidaDeal(text, items, options, table, written=hand)

    # -- the pipeline's hooks

    def readings(self, deal: BaidaDeal) -> Iterator[Reading]:
        return _readings(deal.table.hand, deal.options)

    def distinct_readings(self, deal: BaidaDeal) -> Iterator[Reading]:
        """The first reading of each set of ``Facts``, the others not even made: most of a
        hand's readings differ only in where its Baida stand, which no row can tell
        (docs/rules/baida.md §4, §5)."""
        return _readings(deal.table.hand, deal.options, met=set())

    def features(self, deal: BaidaDeal, reading: Reading, table: BaidaTable) -> frozenset[str]:
        return table.flags  # a situation row (rinshan, haitei ...) is gated on its flag: asked only when it is set

    def total(self, deal: BaidaDeal, reading: Reading, table: BaidaTable, lines: tuple[ScoreLine, ...]) -> BaidaScored:
        """The patterns capped, the chicken hand when no pattern applies, the hand capped."""
        o = deal.options
        found = list(lines)
        patterns = sum(x.value for x in found if x.rule_id in _PATTERN_IDS)
        if not patterns:
            found.insert(0, CHICKEN_HAND.line(1, False, "assumed", o.chicken))
        elif patterns > PATTERN_CAP:
            found.append(
                ScoreLine("pattern-cap", "patterns capped", "", 1, PATTERN_CAP - patterns, f"at {PATTERN_CAP}")
            )
        total = sum(x.value for x in found)
        if total > HAND_CAP:
            found.append(ScoreLine("hand-cap", "hand capped", "", 1, HAND_CAP - total, f"at {HAND_CAP}"))
            total = HAND_CAP
        return self._scored(deal, reading, tuple(found), total)

    def _scored(self, deal: BaidaDeal, reading: Reading, lines: tuple[ScoreLine, ...], total: int) -> BaidaScored:
        times = 3 if deal.table.win is Win.TSUMO else deal.options.discard_pays  # what the winner receives, in totals
        return Scored(reading, deal.table, lines, total, summary=value_summary(total * times), key=(total,))

    def outside_shape(self, deal: BaidaDeal, scored: Sequence[BaidaScored]) -> Sequence[BaidaScored]:
        """Seven Baida: declared on collecting all seven, whatever the rest (docs/rules/baida.md §6): on
        drawing the seventh, so self-drawn; a hand that holds seven and wins on a discard is scored as it stands."""
        if deal.table.hand.wilds == SEVEN_BAIDA and deal.table.win is Win.TSUMO:
            line = SEVEN_BAIDA_HAND.line(1, False, "no other bonus")
            return (self._scored(deal, Reading("seven Baida", ()), (line,), HAND_CAP),)
        return ()

    def not_winning(self, deal: BaidaDeal) -> str:
        return "no way to use the Baida completes four sets and a pair, seven pairs or thirteen terminals"

    def settle(self, deal: BaidaDeal, best: BaidaScored) -> Settled:
        t, o, total = deal.table, deal.options, best.total
        winner = SEAT_LETTER[t.seat]
        if t.win is Win.TSUMO:
            payments = tuple(
                Payment(SEAT_LETTER[w], winner, total, "self-drawn: each other player pays the total")
                for w in WINDS
                if w != t.seat
            )
        else:
            discarder = seat_code(t.discarder) or DISCARDER
            payments = (Payment(discarder, winner, o.discard_pays * total, f"discard: {o.discard_pays} x the total"),)
        unnamed = t.win is Win.RON and t.discarder is None
        return Settled(payments, win_parties(t.seat, unnamed_discarder=unnamed, sticks=False), winner)

    def shown(self, deal: BaidaDeal, best: BaidaScored) -> Shown:
        context = _context(deal, deal.table, winning=True)
        return Shown(_canonical(deal), _header(deal, deal.table), self.describe(deal, best), context)

    def describe(self, deal: BaidaDeal, scored: BaidaScored) -> str:
        return _describe(scored.reading)

    def notes(self, deal: BaidaDeal, best: BaidaScored) -> tuple[str, ...]:
        return _notes(deal)

    # -- what a hand waits on (mjscore waits)

    def waiting_line(self, text: str, tokens: Sequence[Token], items: Items, settings: Settings) -> WaitingLine:
        """mpsz tiles, a hand of 13 or 14 (``families.mpsz.waiting``); the probe is no Baida (the
        indicator's kind nor the next), which would make a tsumo's hand one Baida more, and a
        hand of 14's probe keeps its Baida, which decide whether it may win by ron (§3)."""
        from mjscore.families.mpsz import waiting as mpsz_waiting

        given = [t.value for t in tokens if t.tag == "option" and t.text.lower() == "baida"]
        tiles, faults = read_tiles(given[0] if given else "")
        avoid: tuple[int, ...] = ()
        if len(tiles) == 1 and not faults and tiles[0][0] < RIICHI_KINDS:
            avoid = baida_kinds(tiles[0][0])
        return mpsz_waiting.waiting_line(text, tokens, items, KINDS, self.title, avoid=frozenset(avoid), shaped=True)

    def waiting(self, deal: BaidaDeal, line: WaitingLine, *, win_named: bool) -> Waiting:
        """The hand without the probe (the deal's winning tile), and with the tile the probe cut
        from a hand of 14 put back: a kind completes a hand of 13 taken at face value (a ron:
        another player's discard, never wild, docs/rules/baida.md §2), or, for a Baida kind, drawn
        as a wild tile; seven Baida drawn are a win whatever the hand (§6). How far a hand is: the
        shanten engine, the Baida wild (``MpszShape``; Seven Pairs while ``seven_pairs`` scores
        it). The line shows the indicator too (§1). No furiten: the sheet knows none."""
        from mjscore.families.mpsz import waiting as mpsz_waiting
        from mjscore.waiting import Waiting

        t, o = deal.table, deal.options
        kinds = [kind for kind, _ in deal.written.concealed]
        if line.cut is not None:
            kinds.append(line.cut.kind)
        concealed = sorted(kinds)
        naturals = tuple([k for k in concealed if k not in t.wild_kinds])
        short = Hand(naturals, len(concealed) - len(naturals), t.hand.melds)
        completing: list[int] = []
        wild_completes = False
        if line.cut is None:
            drawn = Hand(naturals, short.wilds + 1, short.melds)  # a Baida drawn: wild
            wild_completes = short.wilds + 1 == SEVEN_BAIDA or any(_readings(drawn, o))
            completing = [
                k for k in KINDS if (k in t.wild_kinds and wild_completes) or any(_readings(_with(short, k), o))
            ]
        held = Counter([*concealed, *[k for m in short.melds for k in m.kinds]])
        waiting_table = replace(t, hand=short)
        context = {
            key: value
            for key, value in _context(deal, waiting_table, winning=False).items()
            if win_named or key != "win"
        }
        header = tuple([row for row in _header(deal, waiting_table) if win_named or row[0] != "win"])
        hand, winner = mpsz_waiting.as_typed(deal.written, line)
        shown = Shown(_canonical(deal, winner=winner, win=win_named, hand=hand), header, "", context)
        names = " ".join([tile_name(k) for k in t.wild_kinds])
        notes: tuple[str, ...] = ()
        if wild_completes:
            notes = (f"a drawn Baida ({names}) completes the hand: wild, it stands in for the tile the hand waits on",)
        return Waiting(
            _wait_kinds(t.wild_kinds),
            tuple(completing),
            held,
            held + Counter([deal.indicator]),
            "the hand and the indicator",
            shown,
            mpsz_waiting.list_text,
            notes=notes,
            shape=mpsz_waiting.MpszShape(
                t.hand.melds, KINDS, pairs=o.seven_pairs > 0, wild_kinds=t.wild_kinds, names=SHAPE_NAMES
            ),
        )


def _with(hand: Hand, kind: int) -> Hand:
    """``hand`` with a tile of ``kind`` at face value, a natural tile (won by ron, or drawn)."""
    return Hand(tuple(sorted((*hand.concealed, kind))), hand.wilds, hand.melds)


@lru_cache(maxsize=64)
def _wait_kinds(wild_kinds: tuple[int, int]) -> tuple[WaitKind, ...]:
    """Every kind as a wait, the two Baida kinds with a note on how they count (§2)."""
    from mjscore.families.mpsz import waiting as mpsz_waiting

    note = "a Baida: wild when drawn; by ron a discard, at face value (docs/rules/baida.md §2)"
    return tuple([replace(k, note=note) if k.kind in wild_kinds else k for k in mpsz_waiting.wait_kinds(KINDS)])


def _readings(hand: Hand, o: BaidaOptions, met: set[FactValues] | None = None) -> Iterator[Reading]:
    """Every reading of ``hand``; with ``met``, only those whose facts are not in it yet (each
    one's are added): the first of each set of facts, the others not made."""
    melded = tuple(meld_group(m) for m in hand.melds)
    target = Target(sets=4 - len(melded), pairs=1, run_starts=RUN_STARTS, wild_only_groups=True)
    counts = kind_counts(hand.concealed, RIICHI_KINDS)
    for groups in decompose(counts, hand.wilds, target):
        found = melded + groups
        if _baida_alone(found):
            yield from _new(_assigned(Reading(STANDARD, found)), met)
        elif met is None or _first(met, fact_values(STANDARD, found)):
            yield Reading(STANDARD, found)
    if hand.melds:
        return
    if o.seven_pairs and _seven_pairs_possible(counts, hand.wilds):
        held = tuple(Group(Shape.PAIR, k, 2 - n) for k, n in enumerate(counts) if n)
        spare = hand.wilds - sum(g.wilds for g in held)  # the Baida left pair among themselves
        yield from _new(_assigned(Reading(SEVEN_PAIRS, held + (Group(Shape.PAIR, None, 2),) * (spare // 2))), met)
    if _thirteen_possible(counts, hand.wilds):
        yield from _new([Reading(THIRTEEN, tuple(Group(Shape.SINGLE, k) for k in sorted(TERMINALS_AND_HONOURS)))], met)


def _baida_alone(groups: tuple[Group, ...]) -> bool:
    """Whether a group is of Baida alone (of no kind yet)."""
    return any(g.kind is None for g in groups)


def _new(readings: Iterable[Reading], met: set[FactValues] | None) -> Iterator[Reading]:
    """``readings`` but those whose facts are in ``met`` (None: all of them)."""
    for r in readings:
        if met is None or _first(met, fact_values(r.shape, r.groups)):
            yield r


def _first(met: set[FactValues], found: FactValues) -> bool:
    """Whether ``found`` is new to ``met``, where it is then added."""
    if found in met:
        return False
    met.add(found)
    return True


def _assigned(r: Reading) -> Iterator[Reading]:
    """``r`` with each group of Baida alone (of no kind) given a kind, every way a pattern can
    tell apart (docs/rules/baida.md: every assignment is tried). Patterns ask of a group only its suit
    and, for a straight, its run. So such a group takes the suit of the hand's other suited
    groups (one suit is never worse than two; an honour could only turn Pure One-Suit into
    Mixed), and, in each suit whose straight lacks no more runs than there are such sets,
    those sets may fill the runs instead."""
    if not _baida_alone(r.groups):
        yield r
        return
    suits = sorted(_suits(r))
    yield _filled(r, suits[0] if suits else 0, ())
    if r.shape != STANDARD:
        return
    free_sets = sum(g.kind is None and g.shape is Shape.SET for g in r.groups)
    runs = {g.kind for g in r.groups if g.shape is Shape.RUN}
    for suit in suits:
        missing = tuple(start for start in _straight_starts(suit) if start not in runs)
        if 0 < len(missing) <= free_sets:
            yield _filled(r, suit, missing)


def _filled(r: Reading, suit: int, runs: tuple[int, ...]) -> Reading:
    """``r`` with its sets of Baida alone made the ``runs`` (by first kind), and its other groups
    of Baida alone made of the kinds of ``suit`` the reading uses least (seven pairs: a kind not
    yet paired; else a kind that still has copies to stand for)."""
    kinds = range(9 * suit, 9 * suit + 9)
    used = [0] * RIICHI_KINDS  # tiles of each kind the groups hold (a list: a Counter costs more, in Python)
    for g in r.groups:
        if g.kind is not None:
            _tally(used, g)
    starts = iter(runs)
    made = []
    for g in r.groups:
        if g.kind is not None:
            continue
        start = next(starts, None) if g.shape is Shape.SET else None
        group = (
            Group(Shape.RUN, start, 3)
            if start is not None
            else Group(g.shape, min(kinds, key=used.__getitem__), g.wilds)
        )
        _tally(used, group)
        made.append(group)
    melds = [g for g in r.groups if g.meld is not None]
    concealed = sorted([g for g in r.groups if g.meld is None and g.kind is not None] + made, key=group_key)
    return Reading(r.shape, (*melds, *concealed))


def _tally(used: list[int], group: Group) -> None:
    for k in group_tiles(group):
        used[k] += 1


def _seven_pairs_possible(counts: tuple[int, ...], wilds: int) -> bool:
    """Seven different pairs, the wilds pairing singles or making pairs of their own."""
    if any(n > 2 for n in counts):
        return False
    kinds = sum(1 for n in counts if n)
    singles = sum(1 for n in counts if n == 1)
    spare = wilds - singles
    return spare >= 0 and spare % 2 == 0 and kinds + spare // 2 == 7


def _thirteen_possible(counts: tuple[int, ...], wilds: int) -> bool:
    if any(n and k not in TERMINALS_AND_HONOURS for k, n in enumerate(counts)):
        return False
    if any(n > 2 for n in counts) or sum(n == 2 for n in counts) > 1:
        return False
    missing = sum(1 for k in TERMINALS_AND_HONOURS if not counts[k])
    has_pair = any(n == 2 for n in counts)
    return wilds == missing + (0 if has_pair else 1)


def baida_kinds(indicator: int) -> tuple[int, int]:
    """The wild kinds: the indicator's kind and the next of its suit (docs/rules/baida.md §1)."""
    return (indicator, dora_after(indicator))


def _indicator(items: Items, problems: list[Problem]) -> int | None:
    if "baida" not in items.values:
        problems.append(Problem("baida-missing", "say which tile was turned up: baida=TILE (e.g. baida=5p)"))
        return None
    value, col = items.values["baida"]
    tiles, faults = read_tiles(value)
    if faults or len(tiles) != 1 or tiles[0][1] or tiles[0][0] >= RIICHI_KINDS:
        problems.append(Problem("bad-value", f"baida= is one tile as it lies, e.g. baida=5p; not {quoted(value)}", col))
        return None
    return tiles[0][0]


def _hand_problems(
    hand: written.WrittenHand, indicator: int, win: Win | None, places: written.TilePlaces, items: Items
) -> list[Problem]:
    """Every rule of play the hand breaks (docs/rules/baida.md §1-§3), all together, each at the tile (or
    the word) it is about."""
    wild_kinds = baida_kinds(indicator)
    # The indicator's own kind is checked below with its own code; it is one tile of no other kind.
    problems = count_problems(hand, (), win, places, aka=False)
    if sum(k == indicator for k, _ in hand.all_tiles) >= 4:
        message = f"the indicator {tile_name(indicator)} lies on the table: only three more copies exist"
        problems.append(Problem("baida-indicator-copies", message, places.nth(written.of_kind(indicator), 4)))
    if hand.red_fives:
        problems.append(Problem("bad-value", "baida has no red fives (0m, 0p, 0s)", places.nth(_is_red)))
    if hand.flowers:
        problems.append(flowers_not_hana(places))
    if any(k in wild_kinds for _, tiles in hand.melds for k, _ in tiles):
        message = "a Baida cannot be used to claim a meld: none may be in (...) or [...]"
        in_meld = places.nth(lambda tile, holder: holder in ("open", "closed") and tile[0] in wild_kinds)
        problems.append(Problem("baida-in-meld", message, in_meld))
    baida_held = any(k in wild_kinds for k, _ in hand.concealed)  # a tile won by ron is not held: a discard
    opened = any(kind is MeldKind.OPEN for kind, _ in hand.melds)
    if win is Win.RON and baida_held and opened:
        message = "a hand holding Baida with an open meld must be won by self-draw (tsumo)"
        problems.append(Problem("baida-ron-open", message, items.flags["ron"]))
    return problems


def _won_plain_baida(hand: written.WrittenHand, win: Win | None, wild_kinds: tuple[int, int]) -> bool:
    """Won by ron on a tile of a Baida kind: another player's tile (a discard, or robbed from a
    kong), taken at face value, not wild (docs/rules/baida.md)."""
    return win is Win.RON and hand.winning[0] in wild_kinds


def _is_red(tile: written.Tile, _holder: str) -> bool:
    return tile[1]


def _situation_problems(
    hand: written.WrittenHand, items: Items, win: Win, seat: int | None, indicator: int | None
) -> list[Problem]:
    """The situation checks riichi's tiles share, and Baida's first draws: Blessing of Heaven
    is the dealer's self-drawn initial hand; Blessing of Earth a non-dealer's win on the
    dealer's first discard (ASSUMED from the source's wording, as the corpus says)."""
    flags = items.flags
    shown = () if indicator is None else ((indicator, False),)  # the indicator is a tile of the wall too
    problems = situation_problems(hand, flags, win, seat, shown)
    if "tenhou" in flags and win is Win.RON:
        problems.append(Problem("tenhou-ron", "tenhou is won on the dealer's initial hand: tsumo", flags["tenhou"]))
    if "chiihou" in flags and win is Win.TSUMO:
        problems.append(Problem("chiihou-tsumo", "chiihou is won on the dealer's first discard: ron", flags["chiihou"]))
    return problems


def _notes(deal: BaidaDeal) -> tuple[str, ...]:
    t = deal.table
    if not _won_plain_baida(deal.written, t.win, t.wild_kinds):
        return ()
    won = tile_name(deal.written.winning[0])
    return (f"the {won} won is another player's tile: taken at face value, not a Baida",)


def _describe(r: Reading) -> str:
    parts = []
    for g in r.groups:
        text = group_text(g)
        if g.wilds:
            text += f" ({g.wilds} Baida)"
        parts.append(bracketed(text, g.meld))
    return f"{' · '.join(parts)} · {r.shape}" if parts else r.shape


def _header(deal: BaidaDeal, t: BaidaTable) -> tuple[tuple[str, str], ...]:
    """The header of a result on ``t`` (the deal's table, or the hand one short that waits)."""
    header = [
        ("seat", SEAT_LETTER[t.seat]),
        ("win", t.win.value + (f" from {SEAT_LETTER[t.discarder]}" if t.discarder is not None else "")),
        ("indicator", tile_name(deal.indicator)),
        ("Baida", " ".join(tile_name(k) for k in t.wild_kinds) + f" ({t.hand.wilds} in the hand)"),
    ]
    changed = changed_options(deal.options)
    if changed:
        header.append(("options", changed))
    return tuple(header)


def _context(deal: BaidaDeal, t: BaidaTable, *, winning: bool) -> dict[str, object]:
    """What the hand was scored with, as data (``winning``: with its winning tile)."""
    context: dict[str, object] = {
        "seat": SEAT_LETTER[t.seat],
        "win": t.win.value,
        "discarder": seat_code(t.discarder),
        "indicator": tile_name(deal.indicator),
        "baida": [tile_name(k) for k in t.wild_kinds],
        "baida_held": t.hand.wilds,
    }
    if winning:
        context["winning_tile"] = tile_name(deal.written.winning[0])
    context["flags"] = other_flags(t.flags)
    context["options"] = option_values(deal.options)
    return context


def _canonical(
    deal: BaidaDeal, *, winner: bool = True, win: bool = True, hand: written.WrittenHand | None = None
) -> str:
    """The line as read; without its winning tile (``winner``) and its win (``win``): a hand that
    waits; ``hand`` in place of the deal's (a hand of 14 as typed)."""
    words = [deal.table.win.value] if win else []
    words += other_flags(deal.table.flags)
    words += [f"seat={SEAT_LETTER[deal.table.seat]}", f"baida={tile_name(deal.indicator)}"]
    if deal.table.discarder is not None:
        words.append(f"from={SEAT_LETTER[deal.table.discarder]}")
    words += option_words(deal.items.options, Baida.option_specs())
    return f"baida:{written.format_hand(deal.written if hand is None else hand, winner)} " + " ".join(words)
