"""The riichi rule set on the scoring pipeline: its words, how a line is read, and the hooks
(readings, totals, the minimums, settling, presenting).

The scoring items are the rows of ``rows.RULES``; readings come from ``readings``; fu
from ``fu``; points and payments from ``points``. The best reading has the most points,
then is a real limit hand over a counted one, then has most han, then most fu (the key
``total`` gives each scoring).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, ClassVar, Final, Generic, TypeVar, cast

from mjscore.errors import Problem
from mjscore.families.mpsz import written
from mjscore.families.mpsz.checks import HAND_TILES, count_problems, flowers_not_hana
from mjscore.families.mpsz.items import read_indicators, read_seat
from mjscore.families.mpsz.tiles import (
    CODE_OF_TILE,
    MAX_COPIES,
    RIICHI_KINDS,
    SEAT_LETTER,
    SEATS,
    WIND_OF_SEAT,
    WINDS,
    dora_after,
)
from mjscore.hand import Hand, Win
from mjscore.notation.build import Items, fail, gather_items, other_flags, read_count, read_win
from mjscore.notation.tokens import Token
from mjscore.options import changed_options, option_values, with_values
from mjscore.payment import Payment, seat_code, seat_name
from mjscore.presets import PRESET_KEY, Preset
from mjscore.result import ScoreLine, ScoreResult, Shown
from mjscore.rulesets.base import RuleSet
from mjscore.rulesets.deal import Deal, Scored, Settled
from mjscore.rulesets.riichi.checks import flag_problems, seat_problems
from mjscore.rulesets.riichi.draw import DrawDeal, DrawTable, build_draw, draw_result
from mjscore.rulesets.riichi.fu import fu_lines
from mjscore.rulesets.riichi.model import (
    MOST,
    PAO_HANDS,
    RENHOU_MANGAN,
    RiichiOptions,
    RiichiReading,
    RiichiTable,
    riichi_table,
)
from mjscore.rulesets.riichi.points import NO_TEN_TOTAL, YAKUMAN_HAN, Table, hand_value, parties, win_payments
from mjscore.rulesets.riichi.present import WORD, canonical, describe, notes, summary
from mjscore.rulesets.riichi.readings import readings
from mjscore.rulesets.riichi.rows import (
    FED_MELD,
    NOT_YAKU,
    RULES,
    RiichiRule,
    features,
    table_features,
)
from mjscore.rulesets.riichi.words import FLAGS
from mjscore.settings import Settings
from mjscore.values import ByIdentity, made

if TYPE_CHECKING:  # the analysis's values (rulesets/base.py: why)
    from mjscore.waiting import Progress, Waiting, WaitingLine

KEYS: Final = ("seat", "round", "honba", "sticks", "dora", "ura", "pao", "from")
ALIASES: Final = {"wriichi": "double-riichi"}
TWO_FAN_HONBA: Final = 5
LIMIT_NAMES: Final = {r.id: r.name for r in RULES if r.limit}  # for messages: "Big Three Dragons"
RENHOU: Final = "renhou"  # the flag word, and the id of its yaku row
NOT_COMPLETE: Final = "not a winning hand: the tiles do not form four sets and a pair, seven pairs or thirteen orphans"
# What the tile-count problem of a ready hand written without its winning tile adds (``_ready_hint``).
READY: Final = (
    "; the hand is ready, one tile short of a win: mjscore waits lists what it waits on and what each wait scores"
)
RIICHI_WORDS: Final = frozenset(("riichi", "double-riichi"))  # the words that declare riichi
WIN_ROW: Final = "win"  # the header row and the context key that say how the hand was won

OptionsT = TypeVar("OptionsT", bound=RiichiOptions)


class RiichiDeal(Deal[OptionsT, RiichiTable]):
    """A riichi line read and checked: ready to be scored."""

    __slots__ = ("hand", "indicators", "shared")

    def __init__(
        self,
        text: str,
        items: Items,
        options: OptionsT,
        table: RiichiTable,
        preset: Preset | None,
        *,
        hand: written.WrittenHand,
        indicators: tuple[tuple[str, tuple[written.Tile, ...]], ...],
        shared: frozenset[str],
    ) -> None:
        super().__init__(text, items, options, table, preset)
        self.hand: Final = hand
        self.indicators: Final = indicators
        self.shared: Final = shared  # the features every reading of the table shares (``table_features``)


RiichiScored = Scored[RiichiReading, RiichiTable]


class RiichiFamily(RuleSet[RiichiDeal[OptionsT] | DrawDeal, RiichiReading, RiichiTable, OptionsT], Generic[OptionsT]):
    """Riichi and the rule sets built on it (hana, sanma): the pipeline's hooks, and the hooks a
    rule set on riichi may override (``bonus_problems``, ``set_aside``, ``points_at``,
    ``flower_fu``, ``seating``, ``split_tsumo``, ``bonus_words``, ``tables``, ``outside_shape``, ``chips``,
    ``header``, ``context``), its seats (``seat_letters``, ``no_seat_why``) and a draw's no-ten
    payments (``no_ten_total``); ``scored`` makes a
    scoring from lines and fu (hana's eight flowers)."""

    family = "mpsz"
    unit = "han"
    flags: ClassVar[tuple[str, ...]] = FLAGS
    keys: ClassVar[tuple[str, ...]] = KEYS
    seat_letters: ClassVar[str] = SEATS  # the seats at the table (seat=, round=, pao=, from=)
    # The kinds of its set, flowers aside: those a hand may wait on (sanma: no 2m-8m).
    tile_kinds: ClassVar[tuple[int, ...]] = tuple(range(RIICHI_KINDS))
    no_seat_why: ClassVar[str] = ""  # why a wind is no seat, where one is missing
    no_ten_total: ClassVar[int] = NO_TEN_TOTAL  # what the seats not ready pay in all at a draw (§9)
    total_label = "total han"
    breakdown_unit = "fu"
    payment_unit = "points"
    side_unit = "chips"
    preset_title: ClassVar[str] = "Riichi ({})"  # a result's title under a preset other than the default

    def __init__(self) -> None:
        super().__init__()
        # Items that add han but are no yaku: a hand needs at least one yaku besides them.
        self.not_yaku: Final = frozenset(r.id for r in self.rules if r.category in NOT_YAKU)
        # The limit hands: they replace every other item (docs/rules/riichi.md §5).
        self.limit_ids: Final = frozenset(r.id for r in self.rules if r.limit)
        self.seats: Final = tuple(WIND_OF_SEAT[x] for x in self.seat_letters)  # the winds at the table
        self.payers: Final = len(self.seats) - 1  # who pays a tsumo

    def value_text(self, rule: RiichiRule) -> str:
        """Han written "closed / open" where they differ ("-": closed hands only)."""
        return f"{rule.value} / -" if rule.closed_only else _han(rule.value, rule.value_open)

    # -- reading a line

    def build(self, text: str, tokens: Sequence[Token], settings: Settings) -> RiichiDeal[OptionsT] | DrawDeal:
        if tokens and tokens[0].tag == "draw":
            line_options = partial(self.line_options, settings)
            return build_draw(text, tokens[1:], line_options, self.option_specs(), self.draw_table)
        hand_tokens: list[Token] = []
        item_tokens: list[Token] = []
        for t in tokens:
            if t.tag in written.HAND_TAGS:
                hand_tokens.append(t)
            else:
                alias = ALIASES.get(t.text.lower())
                item_tokens.append(replace(t, text=alias) if alias else t)
        items = gather_items(item_tokens, self.flags, self.keys, self.option_specs())
        problems = items.problems
        hand = written.read_hand(hand_tokens, problems)
        dora = read_indicators(items, "dora", problems)
        ura = read_indicators(items, "ura", problems)
        indicators = (*dora, *ura)
        options, preset = self._options(settings, items, hand, indicators, problems)
        win = read_win(items, problems, "self-drawn")
        seats, why = self.seat_letters, self.no_seat_why
        seat = read_seat(items, "seat", "S", problems, seats=seats, why=why)  # None: unreadable, reported
        prevalent = read_seat(items, "round", "E", problems, seats=seats, why=why) or WINDS[0]
        pao = read_seat(items, "pao", None, problems, seats=seats, why=why)
        discarder = read_seat(items, "from", None, problems, seats=seats, why=why)
        honba = read_count(items, "honba", problems, MOST["honba"])
        sticks = read_count(items, "sticks", problems, MOST["sticks"])
        unreadable = hand is None or win is None  # then the checks below cannot run
        written_indicators = [items.values[k] for k in ("dora", "ura") if k in items.values]
        places = made(written.TilePlaces, (hand_tokens, written_indicators))
        if hand is not None:
            red_options = options.red_fives_in_set()
            problems += count_problems(hand, indicators, win, places, aka=options.aka, red_options=red_options)
            if problems and not hand.explicit_winner:  # a line that scores pays nothing for the hint
                self._ready_hint(hand, problems)
        if unreadable:
            raise fail(text, problems)
        assert hand is not None and win is not None  # for the type checker: unreadable otherwise
        # the checks below run beside every problem found so far (all problems together); a
        # value that could not be read (None) skips the checks that need it
        flags = frozenset(items.flags)
        set_aside = self.set_aside(items, hand, indicators, problems)
        problems += self.bonus_problems(hand, indicators, options, places)
        problems += flag_problems(
            hand, flags, items, win, seat, indicators=indicators, set_aside=bool(set_aside), renhou=options.renhou
        )
        problems += seat_problems(items, seat, win, pao, discarder)
        if problems:
            raise fail(text, problems)
        assert seat is not None  # for the type checker: a seat that could not be read is a problem
        table = riichi_table(
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
            flowers=hand.flowers + set_aside,
            flower_fu=self.flower_fu(hand.flowers, options),
            points_at=self.points_at,
        )
        indicated = (("dora", dora), ("ura", ura))
        shared = table_features(table)
        return RiichiDeal(text, items, options, table, preset, hand=hand, indicators=indicated, shared=shared)

    def _options(
        self,
        settings: Settings,
        items: Items,
        hand: written.WrittenHand | None,
        indicators: Sequence[written.Tile],
        problems: list[Problem],
    ) -> tuple[OptionsT, Preset | None]:
        options, preset = self.line_options(settings, items)
        has_red = (hand is not None and hand.red_fives > 0) or any(red for _, red in indicators)
        if has_red and "aka" in items.options and not items.options["aka"]:
            message = "a red five (0m, 0p, 0s) is written but aka=off says none exist"
            problems.append(Problem("aka-off", message, items.option_cols["aka"]))
        elif has_red and not options.aka:
            options = _aka_on(options)  # docs/notation.md: writing a red five turns aka on
        return options, preset

    def _ready_hint(self, hand: written.WrittenHand, problems: list[Problem]) -> None:
        """A hand one tile short, written without +TILE (its last tile read as the winner: the
        caller asks of such a hand only), that is ready: its tile-count problem says so and
        names the command that answers it."""
        at = next((i for i, p in enumerate(problems) if p.code == "tile-count"), -1)
        if at < 0 or hand.size != HAND_TILES - 1:
            return
        held = hand.hand()
        kinds = held.all_kinds
        if any(kinds.count(kind) < MAX_COPIES for kind in self.completing_kinds(held)):
            problems[at] = replace(problems[at], message=problems[at].message + READY)

    # -- what a hand waits on (mjscore waits)

    def completing_kinds(self, hand: Hand) -> tuple[int, ...]:
        """The kinds of the set (``tile_kinds``) that complete ``hand``, one tile short, into a
        winning shape: four sets and a pair, Seven Pairs or Thirteen Orphans, as ``readings``
        reads them. Copies are not counted: a kind the hand holds all four of is among them."""
        found = []
        for kind in self.tile_kinds:
            completed = Hand(tuple(sorted((*hand.concealed, kind))), 0, hand.melds)
            if readings(completed, kind, Win.TSUMO):
                found.append(kind)
        return tuple(found)

    def waiting_line(self, text: str, tokens: Sequence[Token], items: Items, settings: Settings) -> WaitingLine:
        """mpsz tiles, a hand of 13 or 14: ``families.mpsz.waiting``; the kinds of this rule set's set."""
        from mjscore.families.mpsz import waiting as mpsz_waiting

        return mpsz_waiting.waiting_line(text, tokens, items, self.tile_kinds, self.title, shaped=True)

    def waiting(self, deal: RiichiDeal[OptionsT] | DrawDeal, line: WaitingLine, *, win_named: bool) -> Waiting:
        """The hand without the probe (the deal's winning tile), and with the tile the probe cut
        from a hand of 14 put back: its waits by the shanten engine (``shape``), those it holds all
        four of among them; the copies the line shows count its indicators and the tiles set aside
        (sanma's Norths); a wait among the discards is furiten (docs/rules/riichi.md §3); riichi
        gives a closed hand that declares none a yaku."""
        from mjscore.families.mpsz import waiting as mpsz_waiting
        from mjscore.waiting import Waiting

        deal = win_deal(deal)
        t = deal.table
        concealed = [kind for kind, _ in deal.hand.concealed]
        if line.cut is not None:
            concealed.append(line.cut.kind)
        shape = mpsz_waiting.MpszShape(t.hand.melds, self.tile_kinds)
        held = Counter([*concealed, *[kind for meld in t.hand.melds for kind in meld.kinds]])
        on_line = held + Counter([kind for _, tiles in deal.indicators for kind, _ in tiles])
        on_line.update([kind for kind in t.flowers if kind < RIICHI_KINDS])  # set aside: sanma's Norths
        return Waiting(
            mpsz_waiting.wait_kinds(self.tile_kinds),
            () if line.cut is not None else _completing(shape.progress(concealed)),
            held,
            on_line,
            "the hand, the indicators and the tiles set aside",
            self.shown_waiting(deal, line, win_named=win_named),
            mpsz_waiting.list_text,
            furiten=True,
            yaku_word="" if not t.closed or t.flags & RIICHI_WORDS else "riichi",
            shape=shape,
        )

    def shown_waiting(self, deal: RiichiDeal[OptionsT], line: WaitingLine, *, win_named: bool) -> Shown:
        """The line of a hand that waits for its winning tile, as mjscore waits shows it: the
        hand without the deal's winning tile (a hand of 14: as typed, ``mpsz_waiting.as_typed``),
        and without the win unless the line named it (the header and the context likewise); no
        reading."""
        from mjscore.families.mpsz import waiting as mpsz_waiting

        header = tuple([row for row in self.header(deal) if win_named or row[0] != WIN_ROW])
        context = {
            key: value
            for key, value in self.context(deal).items()
            if key != "winning_tile" and (win_named or key != WIN_ROW)
        }
        hand, winner = mpsz_waiting.as_typed(deal.hand, line)
        return Shown(self._canonical(deal, winner=winner, win=win_named, hand=hand), header, "", context)

    # -- hooks a rule set built on riichi (hana) overrides

    def bonus_problems(
        self,
        hand: written.WrittenHand,
        indicators: Sequence[written.Tile],
        options: OptionsT,
        places: written.TilePlaces,
    ) -> list[Problem]:
        """Flowers belong to hana: riichi refuses them (at the first written)."""
        if hand.flowers or (indicators and max(indicators)[0] >= RIICHI_KINDS):
            return [flowers_not_hana(places)]
        return []

    def set_aside(
        self, items: Items, hand: written.WrittenHand, indicators: Sequence[written.Tile], problems: list[Problem]
    ) -> tuple[int, ...]:
        """Bonus tiles the line's items set aside, besides the flowers written with the hand
        (sanma's kita=): each counts as a dora when an indicator points at it. A problem goes to
        ``problems``. Riichi and hana: none."""
        return ()

    def points_at(self, indicator: int) -> int:
        """The dora an indicator points at: the next tile, 9 wrapping to 1 (sanma: 1m to 9m)."""
        return dora_after(indicator)

    def flower_fu(self, flowers: tuple[int, ...], options: OptionsT) -> int:
        """Fu the flowers add when Pinfu is not claimed."""
        return 0

    def chips(self, deal: RiichiDeal[OptionsT]) -> tuple[Payment, ...]:
        """Payments in chips beside the points (hana's variation 3)."""
        return ()

    def seating(self, deal: RiichiDeal[OptionsT]) -> Table:
        """Who sits where and what a honba adds, for the payments: the rule set's seats and tsumo
        rule (``seat_letters``, ``split_tsumo``), the options' honba."""
        t, o = deal.table, deal.options
        tsumo, liable_pays_honba = t.win is Win.TSUMO, o.pao_honba == "liable"
        split = self.split_tsumo(o)
        return made(
            Table,
            (t.seat, tsumo, t.discarder, t.pao, t.honba, t.sticks, o.honba_value, liable_pays_honba, self.seats, split),
        )

    def split_tsumo(self, options: OptionsT) -> bool:
        """The absent seat's tsumo share is shared out between the payers (sanma_tsumo=split)."""
        return False

    def draw_table(self, options: OptionsT) -> DrawTable:
        """The table a draw line is settled at: this rule set's seats, no-ten total and tsumo rule."""
        return DrawTable(self.seat_letters, self.no_seat_why, self.no_ten_total, self.split_tsumo(options))

    def bonus_words(self, deal: RiichiDeal[OptionsT]) -> tuple[str, ...]:
        """Items of the canonical line that the table does not write (sanma's kita=)."""
        return ()

    # -- the pipeline's hooks

    def without_reading(self, deal: RiichiDeal[OptionsT] | DrawDeal) -> ScoreResult | None:
        if not isinstance(deal, DrawDeal):
            return None
        return draw_result(deal, self.name, self._titled(deal.preset))

    def readings(self, deal: RiichiDeal[OptionsT] | DrawDeal) -> Iterable[RiichiReading]:
        t = win_deal(deal).table
        return readings(t.hand, t.winning, t.win)

    def tables(self, deal: RiichiDeal[OptionsT] | DrawDeal, reading: RiichiReading) -> Sequence[RiichiTable]:
        """The deal's table; with renhou=mangan also the hand without renhou: renhou is a mangan
        on its own, and the hand scores the better of the two (docs/rules/riichi.md §5)."""
        deal = win_deal(deal)
        t = deal.table
        if self.renhou_alone(deal, t):
            return (t, t._replace(flags=t.flags - {RENHOU}))
        return (t,)

    def renhou_alone(self, deal: RiichiDeal[OptionsT], t: RiichiTable) -> bool:
        """renhou=mangan, and ``t`` counts the renhou word: the hand is that mangan alone, nothing
        adds to it (docs/rules/riichi.md §5)."""
        return RENHOU in t.flags and deal.options.renhou == RENHOU_MANGAN

    def is_open(self, reading: RiichiReading, table: RiichiTable) -> bool:
        return not table.closed

    def features(
        self, deal: RiichiDeal[OptionsT] | DrawDeal, reading: RiichiReading, table: RiichiTable
    ) -> frozenset[str]:
        return features(reading, table, win_deal(deal).shared)

    def total(
        self,
        deal: RiichiDeal[OptionsT] | DrawDeal,
        reading: RiichiReading,
        table: RiichiTable,
        lines: tuple[ScoreLine, ...],
    ) -> RiichiScored:
        # limit hands replace every other item (docs/rules/riichi.md §5): the engine kept only them,
        # so the first line tells
        options = win_deal(deal).options
        is_limit = bool(lines) and lines[0].rule_id in self.limit_ids
        if is_limit:
            if not options.yakuman_stack:
                lines = (max(lines, key=_kept_first(table, PAO_HANDS[options.pao_hands])),)
        elif self.renhou_alone(win_deal(deal), table):
            # a mangan on its own: nothing adds to it (the other table scores the hand without it)
            lines = tuple([x for x in lines if x.rule_id == RENHOU])
        fu = fu_lines(reading, table, options.double_wind_fu)
        return self.scored(deal, reading, table, lines, fu, is_limit=is_limit)

    def scored(
        self,
        deal: RiichiDeal[OptionsT] | DrawDeal,
        reading: RiichiReading,
        t: RiichiTable,
        lines: tuple[ScoreLine, ...],
        fu: tuple[tuple[ScoreLine, ...], int],
        *,
        is_limit: bool,
    ) -> RiichiScored:
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
        options = win_deal(deal).options
        tsumo, payers, split = t.win is Win.TSUMO, self.payers, self.split_tsumo(options)
        value = hand_value(
            han,
            fu_total,
            yakuman,
            options.kiriage,
            kazoe=options.kazoe,
            dealer=t.is_dealer,
            tsumo=tsumo,
            payers=payers,
            split=split,
        )
        return Scored(
            reading,
            t,
            lines,
            han,
            summary=summary(han, fu_total, yakuman, value),
            # most points, then a real limit hand over a counted one (docs/rules/riichi.md §5), then han, then fu
            key=(value.points, yakuman > 0, han, fu_total),
            counted=yaku_han,
            breakdown=fu_rows,
            choice=_choice(win_deal(deal).table, t),
        )

    def result_title(self, deal: RiichiDeal[OptionsT] | DrawDeal) -> str:
        return self._titled(win_deal(deal).preset)

    def _titled(self, preset: Preset | None) -> str:
        """ "Riichi (Tenhou.net ranked lobbies ...)": the title names the preset scored with
        (the default preset's title is the rule set's own)."""
        if preset is None or preset.name == self.presets[0]:
            return self.title
        return self.preset_title.format(preset.title)

    def not_winning(self, deal: RiichiDeal[OptionsT] | DrawDeal) -> str:
        return NOT_COMPLETE

    def allowed(self, deal: RiichiDeal[OptionsT] | DrawDeal, scored: list[RiichiScored]) -> list[RiichiScored]:
        """A win needs a yaku (dora are none), and at honba 5 or more 2 han of them with ``ryanshi``."""
        deal = win_deal(deal)
        with_yaku = [s for s in scored if s.counted]
        if not with_yaku:
            raise fail(deal.text, [Problem("no-yaku", _no_yaku(deal))])
        if not (deal.options.ryanshi and deal.table.honba >= TWO_FAN_HONBA):
            return with_yaku
        allowed = [s for s in with_yaku if s.counted >= 2]
        if not allowed:
            best_han = max(s.counted for s in with_yaku)
            message = f"at honba {deal.table.honba} a win needs 2 han without dora; this hand has {best_han}"
            # at the honba= that makes the minimum apply
            raise fail(deal.text, [Problem("two-fan-minimum", message, deal.items.values["honba"][1])])
        return allowed

    def settle(self, deal: RiichiDeal[OptionsT] | DrawDeal, best: RiichiScored) -> Settled:
        deal = win_deal(deal)
        table = self.seating(deal)
        payments = win_payments(best.summary.base_points or 0, table, _liable_base(deal, best))
        return Settled(payments, parties(table), SEAT_LETTER[deal.table.seat], self.chips(deal))

    def shown(self, deal: RiichiDeal[OptionsT] | DrawDeal, best: RiichiScored) -> Callable[[], Shown]:
        deal = win_deal(deal)
        return lambda: Shown(self._canonical(deal), self.header(deal), self.describe(deal, best), self.context(deal))

    def _canonical(
        self,
        deal: RiichiDeal[OptionsT],
        *,
        winner: bool = True,
        win: bool = True,
        hand: written.WrittenHand | None = None,
    ) -> str:
        """The line as read, in canonical notation (``present.canonical``); ``hand`` in place of
        the deal's (mjscore waits: a hand of 14 as typed)."""
        # the preset the line chose (preset=), which its canonical form repeats. Plain statements: mypyc
        # compiled the one-line "x.name if x and ... else None" to C that gcc -Werror refused (maybe-uninitialized)
        chosen: str | None = None
        if deal.preset is not None and PRESET_KEY in deal.items.values:
            chosen = deal.preset.name
        return canonical(
            deal.hand if hand is None else hand,
            deal.table,
            deal.indicators,
            options=deal.items.options,
            ruleset=self.name,
            specs=self.option_specs(),
            preset=chosen,
            more=self.bonus_words(deal),
            winner=winner,
            win=win,
        )

    def describe(self, deal: RiichiDeal[OptionsT] | DrawDeal, scored: RiichiScored) -> str:
        return describe(scored.reading, scored.table) + scored.choice

    def candidate_text(self, deal: RiichiDeal[OptionsT] | DrawDeal, scored: RiichiScored) -> str:
        return f"{self.describe(deal, scored)}: {scored.total} han {scored.summary.fu or 0} fu"

    def notes(self, deal: RiichiDeal[OptionsT] | DrawDeal, best: RiichiScored) -> tuple[str, ...]:
        deal = win_deal(deal)
        t = deal.table
        return notes(deal.hand.explicit_winner, t.winning, t.win is Win.RON and t.discarder is None)

    # -- presenting

    def header(self, deal: RiichiDeal[OptionsT]) -> tuple[tuple[str, str], ...]:
        t = deal.table
        header = [
            ("seat", f"{SEAT_LETTER[t.seat]} ({'dealer' if t.is_dealer else 'non-dealer'})"),
            ("round", SEAT_LETTER[t.round]),
            (WIN_ROW, WORD[t.win] + (f" from {seat_name(t.discarder)}" if t.discarder is not None else "")),
            ("honba", str(t.honba)),
            ("riichi sticks", str(t.sticks)),
        ]
        for key, tiles in deal.indicators:
            if tiles:
                header.append((f"{key} indicators", " ".join([CODE_OF_TILE[tile] for tile in tiles])))
        if deal.preset is not None:
            header.append(("preset", deal.preset.name))
        changed = changed_options(deal.options, deal.preset.options if deal.preset else None)
        if changed:
            header.append(("options", changed))
        return tuple(header)

    def context(self, deal: RiichiDeal[OptionsT]) -> dict[str, object]:
        """What the hand was scored with, as data (the header's facts, every option's value)."""
        t = deal.table
        context: dict[str, object] = {
            "seat": SEAT_LETTER[t.seat],
            "dealer": t.is_dealer,
            "round": SEAT_LETTER[t.round],
            WIN_ROW: WORD[t.win],
            "discarder": seat_code(t.discarder),
            "liable": seat_code(t.pao),
            "honba": t.honba,
            "sticks": t.sticks,
            "winning_tile": CODE_OF_TILE[deal.hand.winning],
            "flags": other_flags(t.flags),
        }
        for key, tiles in deal.indicators:
            context[f"{key}_indicators"] = [CODE_OF_TILE[tile] for tile in tiles]
        if deal.preset is not None:  # a rule set with presets (riichi; not hana)
            context["preset"] = deal.preset.name
        context["options"] = option_values(deal.options)
        return context


class Riichi(RiichiFamily[RiichiOptions]):
    name = "riichi"
    aliases: ClassVar[tuple[str, ...]] = ("yakuza2", "japanese")
    title = "Riichi (Yakuza 2 table rules)"
    summary = "Japanese riichi mahjong: every yaku and limit hand, fu, honba, sticks, liability, draws"
    options_type = RiichiOptions
    rules = RULES
    keys: ClassVar[tuple[str, ...]] = (*KEYS, PRESET_KEY)
    # mjscore/data/presets/riichi/*.toml (README, "Presets"); yakuza2, the first, is the defaults
    presets: ClassVar[tuple[str, ...]] = ("yakuza2", "tenhou", "mahjongsoul", "wrc", "ema", "mleague")


_WITH_AKA: Final[ByIdentity[object]] = ByIdentity(64)


def _aka_on(options: OptionsT) -> OptionsT:
    """``options`` with aka on. Kept per options object: a batch has few distinct option sets,
    and replacing one field of two dozen costs more than the lookup (tests/benchmarks/bench_caches.py)."""
    found = _WITH_AKA.get(options)
    if found is None:
        found = _WITH_AKA.put(options, None, (), with_values(options, {"aka": True}))
    return cast(OptionsT, found)


def _completing(progress: Progress) -> tuple[int, ...]:
    """The kinds that make a hand one short a winning shape, in the order of the set: a ready
    hand's waits, and those it holds all four of (no wait: the analysis tells them apart)."""
    waits = progress.improving if progress.shanten.best == 0 else ()
    return tuple(sorted((*waits, *progress.held_four)))


def win_deal(deal: RiichiDeal[OptionsT] | DrawDeal) -> RiichiDeal[OptionsT]:
    """The deal of a win, for the hooks that score a reading: ``without_reading`` settled a draw
    line before them. (Not asserted: every hook of every hand asks.)"""
    return cast("RiichiDeal[OptionsT]", deal)  # a string: a subscripted generic is built at each call


def _kept_first(t: RiichiTable, liable: tuple[str, ...]) -> Callable[[ScoreLine], tuple[int, bool]]:
    """Which limit hand yakuman_stack=off keeps: the highest; of equal ones the one pao= answers
    for (``liable``: the pao_hands), so that the liability still applies (docs/rules/riichi.md §5),
    else the first row."""
    return lambda x: (x.value, t.pao is not None and x.rule_id in liable)


def _liable_base(deal: RiichiDeal[OptionsT], best: RiichiScored) -> int:
    """The part of the base the pao= player answers for: the liable limit hands (pao_hands) whose
    melds show one fed (an open meld), or with pao_scope=hand the whole hand; refused when there
    are none (docs/rules/riichi.md §8)."""
    if deal.table.pao is None:
        return 0
    col = deal.items.values["pao"][1]
    hands = deal.options.pao_hands
    liable = [x for x in best.lines if x.rule_id in PAO_HANDS[hands]]
    if not liable:
        raise fail(deal.text, [Problem("pao-without-liability", _no_liable_hand(hands), col)])
    fed = [x for x in liable if any(map(FED_MELD[x.rule_id], best.reading.groups))]
    if not fed:
        message = (
            "pao= is for a player who fed the last pung (or kong) of a liable limit hand, but no such meld is "
            "open (a claimed meld is written in parentheses, e.g. (555z))"
        )
        raise fail(deal.text, [Problem("pao-not-fed", message, col)])
    base, yakuman = best.summary.base_points or 0, best.summary.yakuman or 0
    if deal.options.pao_scope == "hand":
        return base
    return base * (sum(x.value for x in fed) // YAKUMAN_HAN) // yakuman


def _no_liable_hand(hands: str) -> str:
    """Why pao= applies to nothing: which limit hands carry liability at this table (pao_hands)."""
    if not PAO_HANDS[hands]:
        return f"pao= names a liable player, but no limit hand carries liability here (pao_hands={hands})"
    names = [LIMIT_NAMES[rule_id] for rule_id in PAO_HANDS[hands]]
    listed = ", ".join(names[:-1]) + " or " + names[-1]
    return f"pao= is for {listed} (pao_hands={hands}); this hand has none of them"


def _choice(dealt: RiichiTable, scored: RiichiTable) -> str:
    """What a reading's table left out, for its description ("": nothing)."""
    if scored.pinfu_allowed and scored.flags is dealt.flags:  # nearly every reading: nothing left out
        return ""
    pinfu = "" if scored.pinfu_allowed else ", Pinfu dropped to count the flower fu"
    renhou = (
        ", without renhou (a mangan that adds to nothing)"
        if RENHOU in dealt.flags and RENHOU not in scored.flags
        else ""
    )
    return pinfu + renhou


def _han(closed: int, opened: int | None) -> str:
    if opened is None or opened == closed:
        return str(closed)
    return f"{closed} / {opened}"


def _no_yaku(deal: RiichiDeal[OptionsT]) -> str:
    reason = "dora do not count as a yaku" if deal.table.dora or deal.table.red_fives else "no scoring item applies"
    if not deal.table.closed:
        reason += "; the hand is open, so no riichi, menzen tsumo or pinfu"
    return f"not a winning hand with a yaku: {reason}"
