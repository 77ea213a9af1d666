"""Riichi's exhaustive-draw line: ``riichi:draw tenpai=E,W`` read, checked and settled
(docs/rules/riichi.md §9)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mjscore.errors import Problem, quoted
from mjscore.families.mpsz.tiles import SEAT_LETTER, WIND_OF_SEAT
from mjscore.notation.build import Items, fail, gather_items, read_count
from mjscore.notation.tokens import Token
from mjscore.options import ON_WORDS, OptionSpec, changed_options, option_words
from mjscore.payment import SEAT_PARTIES, Payment, seat_name
from mjscore.presets import PRESET_KEY, Preset
from mjscore.result import ScoreResult, Settlement, Shown
from mjscore.rulesets.riichi.model import MOST, RiichiOptions
from mjscore.rulesets.riichi.points import nagashi_payments, no_ten_payments

DRAW_KEYS = ("tenpai", "nagashi", "honba", "sticks", PRESET_KEY)
DRAW_SEAT_KEYS = ("tenpai", "nagashi")


@dataclass(frozen=True, slots=True)
class DrawDeal:
    text: str
    tenpai: frozenset[int]
    nagashi: tuple[int, ...]
    honba: int = 0
    sticks: int = 0
    written: tuple[str, ...] = ()  # the rule options the line wrote, as it wrote them ("nagashi=off")
    changed: str = ""  # the options that differ from the preset's ("": none), for the header
    preset: str = ""  # the preset the options start from ("": the rule set has none)
    preset_written: bool = False  # the line chose it (preset=): the canonical line repeats it


LineOptions = Callable[[Items], tuple[RiichiOptions, Preset | None]]  # a line's options and preset, from its items


def build_draw(text: str, tokens: Sequence[Token], line_options: LineOptions, specs: Sequence[OptionSpec]) -> DrawDeal:
    """A draw line read and checked; ``line_options``: the rule set's (preset, rules file, the line)."""
    items = _draw_items(tokens, specs)
    options, preset = line_options(items)
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
            message += "; nagashi=on or off is the rule option" if key == "nagashi" else ""
            shown = f"; not {quoted(value)}" if value else ""
            problems.append(Problem("bad-value", message + shown, col))
        seats[key] = [WIND_OF_SEAT[x] for x in letters if x in WIND_OF_SEAT]
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
    named, chosen = preset.name if preset else "", PRESET_KEY in items.values
    return DrawDeal(text, tenpai, nagashi, honba, sticks, written, changed, named, chosen)


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
                *((("preset", deal.preset),) if deal.preset else ()),
                *((("options", deal.changed),) if deal.changed else ()),
            ),
            "no winner",
            {"honba": deal.honba, "sticks": deal.sticks, **({"preset": deal.preset} if deal.preset else {})},
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
    words += [f"{PRESET_KEY}={deal.preset}"] if deal.preset_written else []
    return " ".join([f"{ruleset}:draw", *words, *deal.written])
