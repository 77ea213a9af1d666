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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from mjscore.decompose import Target, decompose, group_key, kind_counts
from mjscore.engine import Rule, apply_rules, flag_is_set
from mjscore.errors import Problem, quoted
from mjscore.hand import Group, Hand, MeldKind, Reading, Shape, Win, bracketed
from mjscore.notation.build import Items, fail, gather_items, other_flags, read_win
from mjscore.notation.tokens import Token
from mjscore.options import as_dict, changed_options, option, option_words, with_values
from mjscore.payment import DISCARDER, Payment, seat_code, win_parties
from mjscore.result import Candidate, ScoreLine, ScoreResult, Shown, Summary
from mjscore.rulesets.base import RuleRow, RuleSet
from mjscore.rulesets.riichi import notation as written
from mjscore.rulesets.riichi.model import group_text, group_tiles
from mjscore.rulesets.riichi.readings import meld_group
from mjscore.settings import Settings
from mjscore.tiles import (
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

_ASSUMED = "docs/rules/baida.md §4 house default (Zung Jung value), labelled assumed"
_PAYMENT = "docs/rules/baida.md §8 house default"
FLAGS = ("tsumo", "ron", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "discarded-baida")
KEYS = ("baida", "seat", "from")
PATTERN_CAP, HAND_CAP = 320, 480
SEVEN_BAIDA = 7
STANDARD, SEVEN_PAIRS, THIRTEEN = "standard", "seven pairs", "thirteen terminals"
PATTERN, BONUS = "pattern", "bonus"


@dataclass(frozen=True, slots=True)
class BaidaOptions:
    # a pattern's points: from 0 to the cap of all patterns together
    all_triplets: int = option(30, "points for All Triplets (source slot 5 is blank)", _ASSUMED, most=PATTERN_CAP)
    seven_pairs: int = option(
        30, "points for Seven Pairs; 0: Seven Pairs is no winning shape", _ASSUMED, most=PATTERN_CAP
    )
    chicken: int = option(1, "points for a hand with no pattern (Zung Jung's chicken hand)", _ASSUMED, most=PATTERN_CAP)
    discard_pays: int = option(
        2, "on a discard the discarder pays this many times the total (1: once)", _PAYMENT, (1, 2)
    )


@dataclass(frozen=True, slots=True)
class BaidaTable:
    hand: Hand  # concealed: natural tiles only; wilds: the Baida tiles
    wild_kinds: tuple[int, int]
    win: Win
    flags: frozenset[str]
    seat: int  # wind kind of the winner's seat (27 East = dealer)
    discarder: int | None = None  # the discarder's seat on a ron, when from= names it


@dataclass(frozen=True, slots=True)
class BaidaDeal:
    text: str
    table: BaidaTable
    options: BaidaOptions
    items: Items
    written: written.WrittenHand

    @property
    def indicator(self) -> int:
        """The turned-up tile: the first of the two wild kinds (``baida_kinds``)."""
        return self.table.wild_kinds[0]


BaidaRule = Rule[Reading, BaidaTable, BaidaOptions]


# --- facts about a reading (every group has a kind: ``_assigned`` gave one to Baida alone)


def _suits(r: Reading) -> set[int]:
    return {g.kind // 9 for g in r.groups if g.kind is not None and g.kind < HONOURS}


def _has_honours(r: Reading) -> bool:
    return any(g.kind is not None and g.kind >= HONOURS for g in r.groups)


def _straight_starts(suit: int) -> tuple[int, int, int]:
    """The first kinds of the 123, 456 and 789 of a suit."""
    return (9 * suit, 9 * suit + 3, 9 * suit + 6)


def _straight_suit(r: Reading) -> int | None:
    """The suit of a 123 456 789 that the reading makes."""
    if r.shape != STANDARD:
        return None
    runs = {g.kind for g in r.groups if g.shape is Shape.RUN}
    return next((suit for suit in (0, 1, 2) if runs.issuperset(_straight_starts(suit))), None)


# --- patterns


def _mixed_one_suit(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return len(_suits(r)) == 1 and _has_honours(r)  # thirteen terminals hold three suits


def _pure_one_suit(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return len(_suits(r)) == 1 and not _has_honours(r)


def _nine_tile_straight(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return _straight_suit(r) is not None


def _thirteen(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return r.shape == THIRTEEN


def _all_triplets(r: Reading, _t: BaidaTable, o: BaidaOptions) -> int:
    runs = any(g.shape is Shape.RUN for g in r.groups)
    return bool(o.all_triplets) and r.shape == STANDARD and not runs  # 0 points: no such pattern


def _seven_pairs(r: Reading, _t: BaidaTable, o: BaidaOptions) -> int:
    return r.shape == SEVEN_PAIRS  # with seven_pairs=0 there is no such reading


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
    suit = _straight_suit(r)
    if suit is None or any(k >= HONOURS or k // 9 != suit for k in t.wild_kinds):
        return 0
    straight = _straight_starts(suit)
    return any(g.wilds for g in r.groups if g.shape is Shape.RUN and g.kind in straight)


def _four_kongs(r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return sum(g.shape is Shape.KAN for g in r.groups) == 4


RULES: tuple[BaidaRule, ...] = (
    Rule("mixed-one-suit", "Mixed One-Suit", "混一色", PATTERN, 40, "one suit and honours", _mixed_one_suit),
    Rule(
        "pure-one-suit",
        "Pure One-Suit",
        "清一色",
        PATTERN,
        100,
        "one suit, no honours",
        _pure_one_suit,
        supersedes=("mixed-one-suit",),
    ),
    Rule(
        "nine-tile-straight",
        "Nine-Tile Straight",
        "一氣通貫",
        PATTERN,
        40,
        "123 456 789 of one suit",
        _nine_tile_straight,
    ),
    Rule(
        "thirteen-terminals",
        "Thirteen Terminals",
        "十三么",
        PATTERN,
        200,
        "one of each terminal and honour plus one more",
        _thirteen,
    ),
    Rule(
        "all-triplets",
        "All Triplets",
        "對對和",
        PATTERN,
        1,
        "four pungs or kongs (assumed value)",
        _all_triplets,
        detail=lambda _r, _t, _o: "assumed",
        value_of=lambda _r, _t, o: o.all_triplets,
    ),
    Rule(
        "seven-pairs",
        "Seven Pairs",
        "七對子",
        PATTERN,
        1,
        "seven pairs (assumed value)",
        _seven_pairs,
        detail=lambda _r, _t, _o: "assumed",
        value_of=lambda _r, _t, o: o.seven_pairs,
    ),
    Rule(
        "big-crane",
        "Big Crane",
        "大吊車",
        BONUS,
        1,
        "four melds claimed, won on a single wait (10 after discarding a Baida)",
        _big_crane,
        value_of=_big_crane_points,
    ),
    Rule("no-baida", "No Baida", "無百搭", BONUS, 10, "no Baida in the hand", _no_baida),
    Rule("four-baida", "Four Baida", "四百搭", BONUS, 10, "four or more Baida in the hand", _four_baida),
    Rule(
        "baida-dragon",
        "Baida Dragon",
        "百搭龍",
        BONUS,
        30,
        "a nine-tile straight using Baida, the Baida of the straight's suit",
        _baida_dragon,
    ),
    Rule(
        "win-on-kong",
        "Win on Kong",
        "槓上開花",
        BONUS,
        10,
        "won on a kong's replacement tile",
        flag_is_set("rinshan"),
        gate="rinshan",
    ),
    Rule(
        "robbing-a-kong",
        "Robbing a Kong",
        "搶槓",
        BONUS,
        10,
        "won on a tile added to a kong",
        flag_is_set("chankan"),
        gate="chankan",
    ),
    Rule(
        "final-draw",
        "Final Draw",
        "海底撈月",
        BONUS,
        10,
        "self-drawn the last tile",
        flag_is_set("haitei"),
        gate="haitei",
    ),
    Rule(
        "final-discard",
        "Final Discard",
        "河底撈魚",
        BONUS,
        10,
        "won on the last discard",
        flag_is_set("houtei"),
        gate="houtei",
    ),
    Rule(
        "four-kongs",
        "Four Kongs",
        "四槓",
        BONUS,
        400,
        "four kongs (includes Big Crane)",
        _four_kongs,
        supersedes=("big-crane",),
    ),
    Rule(
        "blessing-of-heaven",
        "Blessing of Heaven",
        "天和",
        BONUS,
        200,
        "dealer wins on the first draw",
        flag_is_set("tenhou"),
        gate="tenhou",
    ),
    Rule(
        "blessing-of-earth",
        "Blessing of Earth",
        "地和",
        BONUS,
        200,
        "a non-dealer wins on the dealer's first discard",
        flag_is_set("chiihou"),
        gate="chiihou",
    ),
)
_PATTERN_IDS = frozenset(r.id for r in RULES if r.category == PATTERN)


def _never(_r: Reading, _t: BaidaTable, _o: BaidaOptions) -> int:
    return 0


# Rows the engine does not apply: ``_score`` writes the chicken hand's line when no pattern
# applies, ``evaluate`` Seven Baida's whatever the hand. Here so that their names and values
# have one home, for the lines and for the rules table.
CHICKEN_HAND: BaidaRule = Rule("chicken", "Chicken Hand", "雞糊", PATTERN, 1, "no pattern (assumed value)", _never)
SEVEN_BAIDA_HAND: BaidaRule = Rule(
    "seven-baida",
    "Seven Baida",
    "七百搭",
    BONUS,
    HAND_CAP,
    "all seven Baida self-drawn, whatever the hand; nothing else",
    _never,
)
# The rows whose value is an option's default (docs/rules/baida.md §4 house values), by option name.
_ASSUMED_OPTION = {"all-triplets": "all_triplets", "seven-pairs": "seven_pairs", "chicken": "chicken"}


class Baida(RuleSet[BaidaDeal]):
    name = "baida"
    aliases: ClassVar[tuple[str, ...]] = ("baida-mahjong", "wild")
    title = "Baida (wild-tile mahjong, points table)"
    summary = "wild-tile mahjong: Baida resolved by the evaluator, patterns and bonuses in points"
    family = "mpsz"
    unit = "points"
    options_type = BaidaOptions
    flags: ClassVar[tuple[str, ...]] = FLAGS
    keys: ClassVar[tuple[str, ...]] = KEYS
    rules: ClassVar[tuple[BaidaRule, ...]] = RULES

    def rule_rows(self) -> Sequence[RuleRow]:
        """The engine's rows, then the two whose lines ``evaluate`` writes itself."""
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
        base = self.base_options(settings)
        assert isinstance(base, BaidaOptions)
        options = with_values(base, items.options)
        win = read_win(items, problems, "self-drawn")
        seat = written.read_seat(items, "seat", "S", problems)  # None: unreadable, reported
        discarder = written.read_seat(items, "from", None, problems)
        indicator = _indicator(items, problems)
        if hand is not None and indicator is not None:
            problems += _hand_problems(hand, indicator, win, written.TilePlaces(hand_tokens), items)
        if hand is not None and win is not None:
            problems += _situation_problems(hand, items, win, seat, indicator)
            problems += written.discarder_problems(items, seat, win, discarder)
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
        return BaidaDeal(text, table, options, items, hand)

    def evaluate(self, deal: BaidaDeal, explain: bool = False) -> ScoreResult:
        t, o = deal.table, deal.options
        scored = [(r, *self._score(r, t, o)) for r in _readings(t, o)]
        # declared on collecting all seven, whatever the rest (docs/rules/baida.md §6): on drawing the seventh, so
        # self-drawn; a hand that holds seven and wins on a discard is scored as it stands
        if t.hand.wilds == SEVEN_BAIDA and t.win is Win.TSUMO:
            line = SEVEN_BAIDA_HAND.line(1, False, "no other bonus")
            scored.append((Reading("seven Baida", ()), (line,), HAND_CAP))
        if not scored:
            raise fail(
                deal.text,
                [
                    Problem(
                        "not-winning",
                        "no way to use the Baida completes four sets and a pair, seven pairs or thirteen terminals",
                    )
                ],
            )
        # the first of equal totals, told by its place: a compiled build makes a new tuple
        # object each time it hands one over, so `is` cannot tell it
        best = max(range(len(scored)), key=lambda i: scored[i][2])
        reading, lines, total = scored[best]
        times = 3 if t.win is Win.TSUMO else o.discard_pays  # what the winner receives, in totals
        listed = (
            [Candidate(_describe(s[0]), s[1], s[2], s[2] * times, i == best) for i, s in enumerate(scored)]
            if explain
            else []
        )
        return self._result(deal, reading, lines, total, tuple(listed))

    def _score(self, r: Reading, t: BaidaTable, o: BaidaOptions) -> tuple[tuple[ScoreLine, ...], int]:
        # a situation row (rinshan, haitei ...) is gated on its flag: asked only when it is set
        lines = list(apply_rules(self.book, r, t, o, is_open=False, features=t.flags))
        patterns = sum(x.value for x in lines if x.rule_id in _PATTERN_IDS)
        if not patterns:
            lines.insert(0, CHICKEN_HAND.line(1, False, "assumed", o.chicken))
        elif patterns > PATTERN_CAP:
            lines.append(
                ScoreLine("pattern-cap", "patterns capped", "", 1, PATTERN_CAP - patterns, f"at {PATTERN_CAP}")
            )
        total = sum(x.value for x in lines)
        if total > HAND_CAP:
            lines.append(ScoreLine("hand-cap", "hand capped", "", 1, HAND_CAP - total, f"at {HAND_CAP}"))
            total = HAND_CAP
        return tuple(lines), total

    def _result(
        self, deal: BaidaDeal, reading: Reading, lines: tuple[ScoreLine, ...], total: int, listed: tuple[Candidate, ...]
    ) -> ScoreResult:
        t, o = deal.table, deal.options
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
        parties = win_parties(t.seat, unnamed_discarder=unnamed, sticks=False)
        header = [
            ("seat", SEAT_LETTER[t.seat]),
            ("win", t.win.value + (f" from {SEAT_LETTER[t.discarder]}" if t.discarder is not None else "")),
            ("indicator", tile_name(deal.indicator)),
            ("Baida", " ".join(tile_name(k) for k in t.wild_kinds) + f" ({t.hand.wilds} in the hand)"),
        ]
        changed = changed_options(o)
        if changed:
            header.append(("options", changed))
        context = {
            "seat": winner,
            "win": t.win.value,
            "discarder": seat_code(t.discarder),
            "indicator": tile_name(deal.indicator),
            "baida": [tile_name(k) for k in t.wild_kinds],
            "baida_held": t.hand.wilds,
            "winning_tile": tile_name(deal.written.winning[0]),
            "flags": other_flags(t.flags),
            "options": as_dict(o),
        }
        return ScoreResult(
            ruleset=self.name,
            ruleset_title=self.title,
            shown=Shown(_canonical(deal), tuple(header), _describe(reading), context),
            lines=lines,
            unit=self.unit,
            total=total,
            payments=payments,
            parties=parties,
            winner=winner,
            summary=Summary(hand_value=sum(p.amount for p in payments)),
            notes=_notes(deal),
            candidates=listed,
            total_label="hand total",
        )


def _readings(t: BaidaTable, o: BaidaOptions) -> Iterator[Reading]:
    hand = t.hand
    melded = tuple(meld_group(m) for m in hand.melds)
    target = Target(sets=4 - len(melded), pairs=1, run_starts=RUN_STARTS, wild_only_groups=True)
    counts = kind_counts(hand.concealed, RIICHI_KINDS)
    for groups in decompose(counts, hand.wilds, target):
        yield from _assigned(Reading(STANDARD, melded + groups))
    if hand.melds:
        return
    if o.seven_pairs and _seven_pairs_possible(counts, hand.wilds):
        held = tuple(Group(Shape.PAIR, k, 2 - n) for k, n in enumerate(counts) if n)
        spare = hand.wilds - sum(g.wilds for g in held)  # the Baida left pair among themselves
        yield from _assigned(Reading(SEVEN_PAIRS, held + (Group(Shape.PAIR, None, 2),) * (spare // 2)))
    if _thirteen_possible(counts, hand.wilds):
        yield Reading(THIRTEEN, tuple(Group(Shape.SINGLE, k) for k in sorted(TERMINALS_AND_HONOURS)))


def _assigned(r: Reading) -> Iterator[Reading]:
    """``r`` with each group of Baida alone (of no kind) given a kind, every way a pattern can
    tell apart (docs/rules/baida.md: every assignment is tried). Patterns ask of a group only its suit
    and, for a straight, its run. So such a group takes the suit of the hand's other suited
    groups (one suit is never worse than two; an honour could only turn Pure One-Suit into
    Mixed), and, in each suit whose straight lacks no more runs than there are such sets,
    those sets may fill the runs instead."""
    if all(g.kind is not None for g in r.groups):
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
    used = Counter(k for g in r.groups if g.kind is not None for k in group_tiles(g))
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
        used.update(group_tiles(group))
        made.append(group)
    melds = [g for g in r.groups if g.meld is not None]
    concealed = sorted([g for g in r.groups if g.meld is None and g.kind is not None] + made, key=group_key)
    return Reading(r.shape, (*melds, *concealed))


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
    problems = written.count_problems(hand, (), win, places, aka=False)
    if sum(k == indicator for k, _ in hand.all_tiles) >= 4:
        message = f"the indicator {tile_name(indicator)} lies on the table: only three more copies exist"
        problems.append(Problem("baida-indicator-copies", message, places.nth(written.of_kind(indicator), 4)))
    if hand.red_fives:
        problems.append(Problem("bad-value", "baida has no red fives (0m, 0p, 0s)", places.nth(_is_red)))
    if hand.flowers:
        problems.append(written.flowers_not_hana(places))
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
    problems = written.situation_problems(hand, flags, win, seat, shown)
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


def _canonical(deal: BaidaDeal) -> str:
    words = [deal.table.win.value, *other_flags(deal.table.flags)]
    words += [f"seat={SEAT_LETTER[deal.table.seat]}", f"baida={tile_name(deal.indicator)}"]
    if deal.table.discarder is not None:
        words.append(f"from={SEAT_LETTER[deal.table.discarder]}")
    words += option_words(deal.items.options, Baida.option_specs())
    return f"baida:{written.format_hand(deal.written)} " + " ".join(words)
