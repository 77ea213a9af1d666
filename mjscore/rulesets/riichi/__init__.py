"""Riichi mahjong under the Yakuza 2 table rules (docs/rules/riichi.md).

The scoring items are the rows of ``yaku.RULES``; readings come from
``readings``; fu from ``fu``; points and payments from ``points``. This module
reads a line, checks it can exist, scores every reading and keeps the best:
most points, then a real limit hand over a counted one, then most han, then most fu
(``Scored.key``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import ClassVar, Final, NamedTuple

from mjscore.engine import apply_rules
from mjscore.errors import Problem, quoted
from mjscore.hand import Group, MeldKind, Win, bracketed
from mjscore.notation.build import Items, fail, gather_items, other_flags, read_count, read_win
from mjscore.notation.tokens import MPSZ_FLAGS, Token
from mjscore.options import OptionSpec, as_dict, changed_options, option_words, with_values
from mjscore.payment import SEAT_PARTIES, Payment, seat_code, seat_name
from mjscore.result import Candidate, ScoreLine, ScoreResult, Settlement, Shown, Summary
from mjscore.rulesets.base import RuleSet
from mjscore.rulesets.riichi import notation as written
from mjscore.rulesets.riichi.fu import fu_lines
from mjscore.rulesets.riichi.model import RiichiOptions, RiichiReading, RiichiTable, Wait, group_text
from mjscore.rulesets.riichi.points import (
    YAKUMAN_HAN,
    Table,
    hand_value,
    limit_name,
    nagashi_payments,
    no_ten_payments,
    parties,
    win_payments,
)
from mjscore.rulesets.riichi.readings import readings
from mjscore.rulesets.riichi.yaku import (
    LIABILITY_YAKUMAN,
    NOT_YAKU,
    RULES,
    YAKUMAN,
    RiichiRule,
    features,
    table_features,
)
from mjscore.settings import Settings
from mjscore.tiles import CODE_OF_TILE, RIICHI_KINDS, SEAT_LETTER, WIND_OF_SEAT, WINDS, tile_name

KEYS = ("seat", "round", "honba", "sticks", "dora", "ura", "pao", "from")
# The largest count of each count key. Honba: the rules set no limit; 99 is beyond any game.
# Riichi sticks: four players start with 25,000 points (docs/rules/riichi.md §10), so at most
# 100 sticks of 1,000 can lie on the table.
MOST = {"honba": 99, "sticks": 100}
DRAW_KEYS = ("tenpai", "nagashi", "honba", "sticks")
DRAW_SEAT_KEYS = ("tenpai", "nagashi")
ALIASES = {"wriichi": "double-riichi"}
TWO_FAN_HONBA = 5


@dataclass(frozen=True, slots=True)
class RiichiDeal:
    """A riichi line read and checked: ready to be scored."""

    text: str
    hand: written.WrittenHand
    table: RiichiTable
    options: RiichiOptions
    items: Items
    indicators: tuple[tuple[str, tuple[written.Tile, ...]], ...]


@dataclass(frozen=True, slots=True)
class DrawDeal:
    text: str
    tenpai: frozenset[int]
    nagashi: tuple[int, ...]
    honba: int = 0
    sticks: int = 0


class Scored(NamedTuple):
    """One reading with its items, fu and value; ``key`` orders readings.
    (A NamedTuple, frozen like the dataclasses: one is made per reading of every hand,
    and a tuple is built several times faster than a frozen dataclass.)"""

    reading: RiichiReading
    lines: tuple[ScoreLine, ...]
    fu_lines: tuple[ScoreLine, ...]
    han: int
    fu: int
    yakuman: int
    base: int
    limit: str
    points: int
    yaku_han: int  # han of real yaku (not dora or other bonus han)
    pinfu_dropped: bool  # scored on hana's table without Pinfu, to count the flower fu

    @property
    def choice(self) -> str:
        """What tells this scoring apart from another of the same reading."""
        return ", Pinfu dropped to count the flower fu" if self.pinfu_dropped else ""

    @property
    def key(self) -> tuple[int, bool, int, int]:
        """Most points, then a real limit hand over a counted one (docs/rules/riichi.md §5), then han, then fu."""
        return (self.points, self.yakuman > 0, self.han, self.fu)


_KEY = attrgetter("key")


class Riichi(RuleSet[RiichiDeal | DrawDeal]):
    name = "riichi"
    aliases: ClassVar[tuple[str, ...]] = ("yakuza2", "japanese")
    title = "Riichi (Yakuza 2 table rules)"
    summary = "Japanese riichi mahjong: every yaku and limit hand, fu, honba, sticks, liability, draws"
    family = "mpsz"
    unit = "han"
    options_type = RiichiOptions
    flags: ClassVar[tuple[str, ...]] = tuple(f for f in MPSZ_FLAGS if f != "discarded-baida")
    keys: ClassVar[tuple[str, ...]] = KEYS
    rules: ClassVar[tuple[RiichiRule, ...]] = RULES

    def __init__(self) -> None:
        super().__init__()
        # Items that add han but are no yaku: a hand needs at least one yaku besides them.
        self.not_yaku: Final = frozenset(r.id for r in self.rules if r.category in NOT_YAKU)
        # The limit hands: they replace every other item (docs/rules/riichi.md §5).
        self.limit_ids: Final = frozenset(r.id for r in self.rules if r.category == YAKUMAN)

    def value_text(self, rule: RiichiRule) -> str:
        """Han written "closed / open" where they differ ("-": closed hands only)."""
        return _han(rule.value, rule.value_open)

    # -- reading a line

    def build(self, text: str, tokens: Sequence[Token], settings: Settings) -> RiichiDeal | DrawDeal:
        if tokens and tokens[0].tag == "draw":
            return self._build_draw(text, tokens[1:])
        hand_tokens: list[Token] = []
        item_tokens: list[Token] = []
        for t in tokens:
            if t.tag in written.HAND_TAGS:
                hand_tokens.append(t)
            else:
                alias = ALIASES.get(t.text.lower())
                item_tokens.append(t._replace(text=alias) if alias else t)
        items = gather_items(item_tokens, self.flags, self.keys, self.option_specs())
        problems = items.problems
        hand = written.read_hand(hand_tokens, problems)
        dora = written.read_indicators(items, "dora", problems)
        ura = written.read_indicators(items, "ura", problems)
        indicators = (*dora, *ura)
        options = self._options(settings, items, hand, indicators, problems)
        win = read_win(items, problems, "self-drawn")
        seat = written.read_seat(items, "seat", "S", problems)  # None: unreadable, reported
        prevalent = written.read_seat(items, "round", "E", problems) or WINDS[0]
        pao = written.read_seat(items, "pao", None, problems)
        discarder = written.read_seat(items, "from", None, problems)
        honba = read_count(items, "honba", problems, MOST["honba"])
        sticks = read_count(items, "sticks", problems, MOST["sticks"])
        unreadable = hand is None or win is None  # then the checks below cannot run
        places = written.TilePlaces(hand_tokens, [items.values[k] for k in ("dora", "ura") if k in items.values])
        if hand is not None:
            problems += written.count_problems(hand, indicators, win, places, aka=options.aka)
        if unreadable:
            raise fail(text, problems)
        assert hand is not None and win is not None  # for the type checker: unreadable otherwise
        # the checks below run beside every problem found so far (all problems together); a
        # value that could not be read (None) skips the checks that need it
        flags = frozenset(items.flags)
        problems += self._bonus_problems(hand, indicators, options, places)
        problems += self._flag_problems(hand, flags, items, win, seat, indicators=indicators)
        problems += _seat_problems(items, seat, win, pao, discarder)
        if problems:
            raise fail(text, problems)
        assert seat is not None  # for the type checker: a seat that could not be read is a problem
        table = RiichiTable.of(
            hand.hand(),
            hand.winning[0],
            win,
            flags=flags,
            seat=seat,
            round=prevalent,
            dora_indicators=dora,
            ura_indicators=ura,
            red_fives=hand.red_fives,
            honba=honba,
            sticks=sticks,
            pao=pao,
            discarder=discarder,
            flowers=hand.flowers,
            flower_fu=self._flower_fu(hand.flowers, options),
        )
        return RiichiDeal(text, hand, table, options, items, (("dora", dora), ("ura", ura)))

    def _options(
        self,
        settings: Settings,
        items: Items,
        hand: written.WrittenHand | None,
        indicators: Sequence[written.Tile],
        problems: list[Problem],
    ) -> RiichiOptions:
        base = self.base_options(settings)
        assert isinstance(base, RiichiOptions)
        options = with_values(base, items.options)
        has_red = (hand is not None and hand.red_fives > 0) or any(red for _, red in indicators)
        if has_red and "aka" in items.options and not items.options["aka"]:
            message = "a red five (0m, 0p, 0s) is written but aka=off says none exist"
            problems.append(Problem("aka-off", message, items.option_cols["aka"]))
        elif has_red and not options.aka:
            options = _aka_on(options)  # docs/notation.md: writing a red five turns aka on
        return options

    def _flag_problems(
        self,
        hand: written.WrittenHand,
        flags: frozenset[str],
        items: Items,
        win: Win,
        seat: int | None,
        *,
        indicators: Sequence[written.Tile],
    ) -> list[Problem]:
        """Situations that contradict each other or the hand (issue: validation): those every
        rule set on these tiles shares, then riichi's own (riichi, ippatsu, ura, first draws)."""
        problems = written.situation_problems(hand, items.flags, win, seat, indicators)
        if flags <= {"tsumo", "ron"} and "ura" not in items.values:
            return problems  # every check below needs a situation flag or ura=: most hands have none
        at = items.flags.get
        closed = all(kind is MeldKind.CLOSED_KAN for kind, _ in hand.melds)
        first_draw = "tenhou" if "tenhou" in flags else "chiihou"
        checks = (
            (
                "riichi" in flags and "double-riichi" in flags,
                "riichi-conflict",
                "riichi and double-riichi together",
                "riichi",
            ),
            ("riichi" in flags and not closed, "riichi-open", "riichi needs a concealed hand (no open meld)", "riichi"),
            (
                "double-riichi" in flags and not closed,
                "riichi-open",
                "double-riichi needs a concealed hand",
                "double-riichi",
            ),
            (
                "ippatsu" in flags and not ({"riichi", "double-riichi"} & flags),
                "ippatsu-without-riichi",
                "ippatsu needs riichi (or double-riichi)",
                "ippatsu",
            ),
            (
                "ippatsu" in flags and "rinshan" in flags,
                "ippatsu-rinshan",
                "rinshan is the draw after the winner's own kong, and a kong declared after riichi ends ippatsu",
                "ippatsu",
            ),
            (first_draw in flags and win is Win.RON, "tenhou-ron", "a first-draw win is a tsumo", first_draw),
            (
                first_draw in flags and bool({"riichi", "double-riichi", "ippatsu"} & flags),
                "first-draw-riichi",
                "a win on the first draw comes before any riichi declaration",
                first_draw,
            ),
            (
                "ura" in items.values and not ({"riichi", "double-riichi"} & flags),
                "ura-without-riichi",
                "ura dora count only with riichi (or double-riichi)",
                "",
            ),
        )
        problems += [
            Problem(code, message, at(flag, 0) if flag else items.values["ura"][1])
            for ok, code, message, flag in checks
            if ok
        ]
        return problems

    def _build_draw(self, text: str, tokens: Sequence[Token]) -> DrawDeal:
        items = gather_items(tokens, (), DRAW_KEYS, ())
        problems = items.problems
        seats: dict[str, list[int]] = {}
        honba = read_count(items, "honba", problems, MOST["honba"])
        sticks = read_count(items, "sticks", problems, MOST["sticks"])
        for key in DRAW_SEAT_KEYS:
            value, col = items.values.get(key, ("", 0))
            letters = value.upper().split(",") if key in items.values else []
            bad = [x for x in letters if x not in WIND_OF_SEAT]  # "" too: tenpai= and tenpai=E,,W name no seat
            if bad or len(set(letters)) != len(letters):
                message = f"{key}= lists seat letters (E, S, W, N) once each, e.g. {key}=E,W"
                shown = f"; not {quoted(value)}" if value else ""
                problems.append(Problem("bad-value", message + shown, col))
            seats[key] = [WIND_OF_SEAT[x] for x in letters if x in WIND_OF_SEAT]
        if "nagashi" in items.values and "tenpai" in items.values:
            problems.append(
                Problem(
                    "draw-conflict",
                    "nagashi= and tenpai= together: a nagashi mangan replaces the no-ten payments, so tenpai= "
                    "would change nothing",
                    items.values["tenpai"][1],
                )
            )
        if problems:
            raise fail(text, problems)
        return DrawDeal(text, frozenset(seats["tenpai"]), tuple(seats["nagashi"]), honba, sticks)

    # -- hooks a rule set built on riichi (hana) overrides

    def _bonus_problems(
        self,
        hand: written.WrittenHand,
        indicators: Sequence[written.Tile],
        options: RiichiOptions,
        places: written.TilePlaces,
    ) -> list[Problem]:
        """Flowers belong to hana: riichi refuses them (at the first written)."""
        if hand.flowers or (indicators and max(indicators)[0] >= RIICHI_KINDS):
            return [written.flowers_not_hana(places)]
        return []

    def _flower_fu(self, flowers: tuple[int, ...], options: RiichiOptions) -> int:
        return 0

    def _tables(self, reading: RiichiReading, t: RiichiTable, options: RiichiOptions) -> tuple[RiichiTable, ...]:
        """The tables a reading is scored against (hana adds one without Pinfu)."""
        return (t,)

    def _extra_candidates(self, deal: RiichiDeal) -> list[Scored]:
        """Scores outside the hand's shape, for a hand no reading completes (hana: all eight
        flowers; on a complete hand that row applies to every reading)."""
        return []

    def _chips(self, deal: RiichiDeal) -> tuple[Payment, ...]:
        return ()

    # -- scoring

    def evaluate(self, deal: RiichiDeal | DrawDeal, explain: bool = False) -> ScoreResult:
        if isinstance(deal, DrawDeal):
            return _draw_result(deal, self.name, self.title)
        shared = table_features(deal.table)
        scored = [
            self._score(r, table, deal, shared)
            for r in readings(deal.table.hand, deal.table.winning, deal.table.win)
            for table in self._tables(r, deal.table, deal.options)
        ]
        if not scored:  # no reading: a score outside the hand's shape, if any (hana's eight flowers)
            scored = self._extra_candidates(deal)
        if not scored:
            raise fail(deal.text, [Problem("not-winning", NOT_COMPLETE)])
        with_yaku = [s for s in scored if s.yaku_han]
        if not with_yaku:
            raise fail(deal.text, [Problem("no-yaku", _no_yaku(deal))])
        allowed = with_yaku
        if deal.options.ryanshi and deal.table.honba >= TWO_FAN_HONBA:
            allowed = [s for s in with_yaku if s.yaku_han >= 2]
            if not allowed:
                best_han = max(s.yaku_han for s in with_yaku)
                message = f"at honba {deal.table.honba} a win needs 2 han without dora; this hand has {best_han}"
                # at the honba= that makes the minimum apply
                raise fail(deal.text, [Problem("two-fan-minimum", message, deal.items.values["honba"][1])])
        best = allowed[0] if len(allowed) == 1 else max(allowed, key=_KEY)  # the first of equal keys
        return self._result(deal, best, scored if explain else [])

    def _score(self, reading: RiichiReading, t: RiichiTable, deal: RiichiDeal, shared: frozenset[str]) -> Scored:
        """``shared``: the features of the deal's table (see ``table_features``)."""
        o = deal.options
        found = features(reading, t, shared)
        lines = apply_rules(self.book, reading, t, o, is_open=not t.closed, features=found)
        limit_lines = [x for x in lines if x.rule_id in self.limit_ids]
        if limit_lines:  # limit hands replace every other item (docs/rules/riichi.md §5)
            lines = tuple(limit_lines) if o.yakuman_stack else (max(limit_lines, key=_kept_first(t)),)
        return self._scored(reading, lines, fu_lines(reading, t), t, o, is_limit=bool(limit_lines))

    def _scored(
        self,
        reading: RiichiReading,
        lines: tuple[ScoreLine, ...],
        fu: tuple[tuple[ScoreLine, ...], int],
        t: RiichiTable,
        o: RiichiOptions,
        *,
        is_limit: bool,
    ) -> Scored:
        """A reading's value and points from its lines and its fu (lines, total); ``is_limit``:
        its lines are limit hands."""
        fu_rows, fu_total = fu
        han = yaku_han = 0
        not_yaku = self.not_yaku
        for x in lines:
            han += x.value
            if x.rule_id not in not_yaku:
                yaku_han += x.value
        yakuman = han // YAKUMAN_HAN if is_limit else 0
        base, limit, points = hand_value(
            han, fu_total, yakuman, o.kiriage, dealer=t.is_dealer, tsumo=t.win is Win.TSUMO
        )
        return Scored(
            reading, lines, fu_rows, han, fu_total, yakuman, base, limit, points, yaku_han, not t.pinfu_allowed
        )

    def _result(self, deal: RiichiDeal, best: Scored, scored: list[Scored]) -> ScoreResult:
        t = deal.table
        table = Table(t.seat, t.win is Win.TSUMO, t.discarder, t.pao, t.honba, t.sticks)
        payments = win_payments(best.base, table, _liable_base(deal, best))
        return ScoreResult(
            ruleset=self.name,
            ruleset_title=self.title,
            shown=lambda: Shown(
                canonical(deal, self.name, self.option_specs()),
                self._header(deal),
                describe(best.reading, t) + best.choice,
                self._context(deal),
            ),
            lines=best.lines,
            unit=self.unit,
            total=best.han,
            payments=payments,
            parties=parties(table),
            winner=SEAT_LETTER[t.seat],
            summary=_summary(
                best.han, best.fu, base=best.base, limit=best.limit, yakuman=best.yakuman, points=best.points
            ),
            notes=_notes(deal.hand.explicit_winner, t.winning, t.win is Win.RON and t.discarder is None),
            candidates=tuple(
                Candidate(
                    f"{describe(s.reading, t)}{s.choice}: {s.han} han {s.fu} fu", s.lines, s.han, s.points, s is best
                )
                for s in scored
            ),
            total_label="total han",
            breakdown=best.fu_lines,
            breakdown_unit="fu",
            payment_unit="points",
            side_payments=self._chips(deal),
            side_unit="chips",
        )

    def _header(self, deal: RiichiDeal) -> tuple[tuple[str, str], ...]:
        t = deal.table
        header = [
            ("seat", f"{SEAT_LETTER[t.seat]} ({'dealer' if t.is_dealer else 'non-dealer'})"),
            ("round", SEAT_LETTER[t.round]),
            ("win", _WORD[t.win] + (f" from {seat_name(t.discarder)}" if t.discarder is not None else "")),
            ("honba", str(t.honba)),
            ("riichi sticks", str(t.sticks)),
        ]
        for key, tiles in deal.indicators:
            if tiles:
                header.append((f"{key} indicators", " ".join([CODE_OF_TILE[tile] for tile in tiles])))
        changed = changed_options(deal.options)
        if changed:
            header.append(("options", changed))
        return tuple(header)

    def _context(self, deal: RiichiDeal) -> dict[str, object]:
        """What the hand was scored with, as data (the header's facts, every option's value)."""
        t = deal.table
        context: dict[str, object] = {
            "seat": SEAT_LETTER[t.seat],
            "dealer": t.is_dealer,
            "round": SEAT_LETTER[t.round],
            "win": _WORD[t.win],
            "discarder": seat_code(t.discarder),
            "liable": seat_code(t.pao),
            "honba": t.honba,
            "sticks": t.sticks,
            "winning_tile": CODE_OF_TILE[deal.hand.winning],
            "flags": other_flags(t.flags),
        }
        for key, tiles in deal.indicators:
            context[f"{key}_indicators"] = [CODE_OF_TILE[tile] for tile in tiles]
        context["options"] = as_dict(deal.options)
        return context


# Words looked up: an enum's .value is a Python-level call.
_WORD = {member: member.value for member in (*Win, *Wait)}


@lru_cache(maxsize=64)
def _aka_on(options: RiichiOptions) -> RiichiOptions:
    """``options`` with aka on (cached: a batch has few distinct option sets)."""
    return with_values(options, {"aka": True})


def _kept_first(t: RiichiTable) -> Callable[[ScoreLine], tuple[int, bool]]:
    """Which limit hand yakuman_stack=off keeps: the highest; of equal ones the one pao= answers
    for, so that the liability still applies (docs/rules/riichi.md §5), else the first row."""
    return lambda x: (x.value, t.pao is not None and x.rule_id in LIABILITY_YAKUMAN)


def _liable_base(deal: RiichiDeal, best: Scored) -> int:
    """The part of the base the pao= player answers for: the liable limit hands whose pungs
    show one fed (an open meld); refused when there are none (docs/rules/riichi.md §8)."""
    if deal.table.pao is None:
        return 0
    col = deal.items.values["pao"][1]
    liable = [x for x in best.lines if x.rule_id in LIABILITY_YAKUMAN]
    if not liable:
        message = "pao= is for Big Three Dragons or Big Four Winds; this hand has neither"
        raise fail(deal.text, [Problem("pao-without-liability", message, col)])
    fed = [x for x in liable if _fed(best.reading, LIABILITY_YAKUMAN[x.rule_id])]
    if not fed:
        message = (
            "pao= is for a player who fed the last pung, but no pung of those honours is an open meld "
            "(a claimed pung is written in parentheses, e.g. (555z))"
        )
        raise fail(deal.text, [Problem("pao-not-fed", message, col)])
    return best.base * (sum(x.value for x in fed) // YAKUMAN_HAN) // best.yakuman


def _fed(reading: RiichiReading, honours: tuple[int, ...]) -> bool:
    """Some pung or kong of ``honours`` was claimed from another player's discard."""
    return any(g.is_open and g.kind in honours for g in reading.groups)


def _seat_problems(items: Items, seat: int | None, win: Win, pao: int | None, discarder: int | None) -> list[Problem]:
    problems = written.discarder_problems(items, seat, win, discarder)
    if pao is not None and pao == seat:
        problems.append(
            Problem("pao-winner", "the liable player (pao=) must be another player", items.values["pao"][1])
        )
    return problems


def _han(closed: int, opened: int | None) -> str:
    if opened is None or opened == closed:
        return str(closed)
    return f"{closed} / {opened or '-'}"


NOT_COMPLETE = "not a winning hand: the tiles do not form four sets and a pair, seven pairs or thirteen orphans"


def _no_yaku(deal: RiichiDeal) -> str:
    reason = "dora do not count as a yaku" if deal.table.dora or deal.table.red_fives else "no scoring item applies"
    if not deal.table.closed:
        reason += "; the hand is open, so no riichi, menzen tsumo or pinfu"
    return f"not a winning hand with a yaku: {reason}"


@lru_cache(maxsize=256)
def _notes(explicit_winner: bool, winning: int, unnamed_discarder: bool) -> tuple[str, ...]:
    notes = []
    if not explicit_winner:
        notes.append(f"winning tile: {tile_name(winning)} (the last tile written; +TILE names it)")
    if unnamed_discarder:
        notes.append("the discarder is not named (from=SEAT): shown as 'discarder'")
    return tuple(notes)


@lru_cache(maxsize=1024)
def _summary(han: int, fu: int, *, base: int, limit: str, yakuman: int, points: int) -> Summary:
    """What the hand comes to (cached: a batch meets few distinct values)."""
    if limit == "counted_yakuman":
        yakuman = 1
    return Summary(han, fu or None, base, limit or None, limit_name(limit, yakuman) or None, yakuman, points)


def _draw_result(deal: DrawDeal, ruleset: str, title: str) -> ScoreResult:
    payments: tuple[Payment, ...]
    if deal.nagashi:
        payments = tuple(p for seat in deal.nagashi for p in nagashi_payments(seat))
        how = "nagashi mangan: " + ", ".join(seat_name(s) for s in deal.nagashi)
    else:
        payments = no_ten_payments(deal.tenpai)
        how = "tenpai: " + (", ".join(seat_name(s) for s in sorted(deal.tenpai)) or "none")
    settlement = Settlement(
        "exhaustive_draw",
        tenpai=tuple(SEAT_LETTER[s] for s in sorted(deal.tenpai)),
        nagashi=tuple(SEAT_LETTER[s] for s in deal.nagashi),
    )
    return ScoreResult(
        ruleset=ruleset,
        ruleset_title=f"{title}: exhaustive draw",
        shown=Shown(
            _draw_canonical(deal, ruleset),
            (
                ("result", "exhaustive draw"),
                ("settlement", how),
                ("honba", str(deal.honba)),
                ("riichi sticks", str(deal.sticks)),
            ),
            "no winner",
            {"honba": deal.honba, "sticks": deal.sticks},
        ),
        lines=(),
        unit="",
        total=None,
        payments=payments,
        parties=SEAT_PARTIES,
        winner=None,
        summary=None,
        payment_unit="points",
        kind="draw",
        settlement=settlement,
        notes=("honba and riichi sticks do not change a draw's payments; the sticks stay on the table",)
        if deal.honba or deal.sticks
        else (),
    )


def _draw_canonical(deal: DrawDeal, ruleset: str) -> str:
    """A draw line as read: "riichi:draw tenpai=E,W honba=1" (the words in lower case, seats in order)."""
    seats = (("tenpai", sorted(deal.tenpai)), ("nagashi", deal.nagashi))
    words = [f"{key}={','.join(SEAT_LETTER[s] for s in listed)}" for key, listed in seats if listed]
    words += [f"{key}={n}" for key, n in (("honba", deal.honba), ("sticks", deal.sticks)) if n]
    return " ".join([f"{ruleset}:draw", *words])


def describe(r: RiichiReading, t: RiichiTable) -> str:
    """A reading for people: "123m* 456p (789s) 55z · standard, two-sided wait on 1m"."""
    groups = " ".join([_group_text(g, i == r.win_group) for i, g in enumerate(r.groups)])
    if r.win_group < 0:
        return f"{groups} · {r.shape}"
    return f"{groups} · {r.shape}, {_WORD[r.wait]} wait on {tile_name(t.winning)}"


@lru_cache(maxsize=4096)
def _group_text(g: Group, completed_by_win: bool) -> str:
    text = bracketed(group_text(g), g.meld)
    return text + "*" if completed_by_win else text


def canonical(deal: RiichiDeal, ruleset: str, option_specs: Sequence[OptionSpec]) -> str:
    hand, t = deal.hand, deal.table
    parts = [written.format_hand(hand)]
    if hand.flowers:
        parts.append(" " + written.format_tiles(tuple((f, False) for f in hand.flowers)))
    words = [_WORD[t.win], *other_flags(t.flags)]
    words += [f"seat={SEAT_LETTER[t.seat]}", f"round={SEAT_LETTER[t.round]}"]
    for key, tiles in deal.indicators:
        if tiles:
            words.append(f"{key}={written.format_recurring(tiles)}")
    for key, value in (("honba", t.honba), ("sticks", t.sticks)):
        if value:
            words.append(f"{key}={value}")
    for key, seat in (("pao", t.pao), ("from", t.discarder)):
        if seat is not None:
            words.append(f"{key}={SEAT_LETTER[seat]}")
    words += option_words(deal.items.options, option_specs)
    return f"{ruleset}:" + "".join(parts) + " " + " ".join(words)
