"""Riichi's exhaustive-draw line: ``riichi:draw tenpai=E,W`` read, checked and settled
(docs/rules/riichi.md §9)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjscore.errors import Problem, quoted
from mjscore.families.mpsz.tiles import SEAT_LETTER, WIND_OF_SEAT
from mjscore.notation.build import fail, gather_items, read_count
from mjscore.notation.tokens import Token
from mjscore.payment import SEAT_PARTIES, Payment, seat_name
from mjscore.result import ScoreResult, Settlement, Shown
from mjscore.rulesets.riichi.model import MOST
from mjscore.rulesets.riichi.points import nagashi_payments, no_ten_payments

DRAW_KEYS = ("tenpai", "nagashi", "honba", "sticks")
DRAW_SEAT_KEYS = ("tenpai", "nagashi")


@dataclass(frozen=True, slots=True)
class DrawDeal:
    text: str
    tenpai: frozenset[int]
    nagashi: tuple[int, ...]
    honba: int = 0
    sticks: int = 0


def build_draw(text: str, tokens: Sequence[Token]) -> DrawDeal:
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
