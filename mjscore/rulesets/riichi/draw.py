"""Riichi's exhaustive-draw line: ``riichi:draw tenpai=E,W`` read, checked and settled
(docs/rules/riichi.md §9), at the table of the rule set that reads it (three-player riichi:
docs/rules/sanma.md §9)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from mjscore.errors import Problem, quoted
from mjscore.families.mpsz.tiles import SEAT_LETTER, SEATS, WIND_OF_SEAT
from mjscore.notation.build import Items, fail, gather_items, read_count
from mjscore.notation.tokens import Token
from mjscore.options import ON_WORDS, OptionSpec, OptionValue, changed_options, option_values, option_words
from mjscore.payment import Payment, seat_name, seat_parties
from mjscore.presets import PRESET_KEY, Preset
from mjscore.result import ScoreResult, Settlement, Shown
from mjscore.rulesets.riichi.model import MOST, RiichiOptions
from mjscore.rulesets.riichi.points import NO_TEN_TOTAL, nagashi_payments, no_ten_payments
from mjscore.values import Value

DRAW_KEYS: Final = ("tenpai", "nagashi", "honba", "sticks", PRESET_KEY)
DRAW_SEAT_KEYS: Final = ("tenpai", "nagashi")


@dataclass(slots=True, init=False, repr=False, eq=False)
class DrawTable(Value):
    """The table a draw is settled at: its seat letters (and why a wind is none), the no-ten
    payments in all, and whether a nagashi mangan's tsumo shares out the absent seat's part
    (sanma_tsumo=split). Riichi's by default."""

    seat_letters: Final[str]
    no_seat_why: Final[str]
    no_ten_total: Final[int]
    split: Final[bool]

    def __init__(  # see result.ScoreLine
        self, seat_letters: str = SEATS, no_seat_why: str = "", no_ten_total: int = NO_TEN_TOTAL, split: bool = False
    ) -> None:
        self.seat_letters = seat_letters
        self.no_seat_why = no_seat_why
        self.no_ten_total = no_ten_total
        self.split = split

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(WIND_OF_SEAT[x] for x in self.seat_letters)


@dataclass(slots=True, init=False, repr=False, eq=False)
class DrawDeal(Value):
    text: Final[str]
    tenpai: Final[frozenset[int]]
    nagashi: Final[tuple[int, ...]]
    honba: Final[int]
    sticks: Final[int]
    written: Final[tuple[str, ...]]  # the rule options the line wrote, as it wrote them ("nagashi=off")
    changed: Final[str]  # the options that differ from the preset's ("": none), for the header
    preset: Final[Preset | None]  # the preset the options start from (None: the rule set has none)
    preset_written: Final[bool]  # the line chose it (preset=): the canonical line repeats it
    draw_table: Final[DrawTable]
    options: Final[Mapping[str, OptionValue]]  # options.option_values, for the context

    def __init__(  # noqa: PLR0917 - the fields, in order, as dataclasses would take them (see result.ScoreLine)
        self,
        text: str,
        tenpai: frozenset[int],
        nagashi: tuple[int, ...],
        honba: int,
        sticks: int,
        written: tuple[str, ...],
        changed: str,
        preset: Preset | None,
        preset_written: bool,
        draw_table: DrawTable,
        options: Mapping[str, OptionValue],
    ) -> None:
        self.text = text
        self.tenpai = tenpai
        self.nagashi = nagashi
        self.honba = honba
        self.sticks = sticks
        self.written = written
        self.changed = changed
        self.preset = preset
        self.preset_written = preset_written
        self.draw_table = draw_table
        self.options = options


OptionsT = TypeVar("OptionsT", bound=RiichiOptions)
LineOptions = Callable[[Items], tuple[OptionsT, Preset | None]]  # a line's options and preset, from its items


def build_draw(
    text: str,
    tokens: Sequence[Token],
    line_options: LineOptions[OptionsT],
    specs: Sequence[OptionSpec],
    table_of: Callable[[OptionsT], DrawTable],
) -> DrawDeal:
    """A draw line read and checked; ``line_options``: the rule set's (preset, rules file, the
    line); ``table_of``: the table the rule set settles a draw at under those options."""
    items = _draw_items(tokens, specs)
    options, preset = line_options(items)
    table = table_of(options)
    problems = items.problems
    seats: dict[str, list[int]] = {}
    at_table = tuple(table.seat_letters)  # a tuple: "" and "ES" are in the string "ESW"
    honba = read_count(items, "honba", problems, MOST["honba"])
    sticks = read_count(items, "sticks", problems, MOST["sticks"])
    for key in DRAW_SEAT_KEYS:
        value, col = items.values.get(key, ("", 0))
        letters = value.upper().split(",") if key in items.values else []
        bad = [x for x in letters if x not in at_table]  # "" too: tenpai= and tenpai=E,,W name no seat
        if bad or len(set(letters)) != len(letters):
            message = f"{key}= lists seat letters ({', '.join(at_table)}) once each, e.g. {key}=E,W"
            message += "; nagashi=on or off is the rule option" if key == "nagashi" else ""
            shown = f"; not {quoted(value)}" if value else ""
            because = f": {table.no_seat_why}" if table.no_seat_why and set(bad) & WIND_OF_SEAT.keys() else ""
            problems.append(Problem("bad-value", message + shown + because, col))
        seats[key] = [WIND_OF_SEAT[x] for x in letters if x in at_table]
    if seats["nagashi"] and not options.nagashi:
        message = "nagashi mangan is off at this table (nagashi=off): a draw pays no nagashi mangan"
        problems.append(Problem("nagashi-off", message, items.values["nagashi"][1]))
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
    written = tuple(option_words(items.options, specs))
    changed = changed_options(options, preset.options if preset else None)
    tenpai, nagashi = frozenset(seats["tenpai"]), tuple(seats["nagashi"])
    chosen = PRESET_KEY in items.values
    values = option_values(options)
    return DrawDeal(text, tenpai, nagashi, honba, sticks, written, changed, preset, chosen, table, values)


def _draw_context(deal: DrawDeal) -> dict[str, object]:
    """What a draw was settled with, as data: its counts, its preset and every option's value
    (as a win's context says them)."""
    context: dict[str, object] = {"honba": deal.honba, "sticks": deal.sticks}
    if deal.preset is not None:
        context["preset"] = deal.preset.name
    context["options"] = deal.options
    return context


def _draw_items(tokens: Sequence[Token], specs: Sequence[OptionSpec]) -> Items:
    """The items of a draw line. ``nagashi=`` is two things there: with seat letters the key (who
    won nagashi mangan), with on or off the rule option (whether it exists): read apart, so that
    both may stand on one line."""
    switch = [t for t in tokens if _is_nagashi_switch(t)]
    items = gather_items([t for t in tokens if not _is_nagashi_switch(t)], (), DRAW_KEYS, specs)
    if switch:
        option = gather_items(switch, (), (), specs)
        items.options |= option.options
        items.option_cols |= option.option_cols
        items.problems += option.problems
    return items


def _is_nagashi_switch(token: Token) -> bool:
    return token.tag == "option" and token.text.lower() == "nagashi" and token.value.lower() in ON_WORDS


def draw_result(deal: DrawDeal, ruleset: str, title: str) -> ScoreResult:
    payments: tuple[Payment, ...]
    table = deal.draw_table
    if deal.nagashi:
        payments = tuple(p for seat in deal.nagashi for p in nagashi_payments(seat, table.seats, table.split))
        how = "nagashi mangan: " + ", ".join(seat_name(s) for s in deal.nagashi)
    else:
        payments = no_ten_payments(deal.tenpai, table.seats, table.no_ten_total)
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
                *((("preset", deal.preset.name),) if deal.preset else ()),
                *((("options", deal.changed),) if deal.changed else ()),
            ),
            "no winner",
            _draw_context(deal),
        ),
        lines=(),
        unit="",
        total=None,
        payments=payments,
        parties=seat_parties(table.seats),
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
    if deal.preset is not None and deal.preset_written:  # plain statements: see README, mypyc
        words.append(f"{PRESET_KEY}={deal.preset.name}")
    return " ".join([f"{ruleset}:draw", *words, *deal.written])
