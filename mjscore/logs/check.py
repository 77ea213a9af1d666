"""Score each win a log holds and compare it with the log's own result (issue 17).

What is compared: every player's point change, the han, the fu (Tenhou writes it below
mangan only) and the yaku with their han, the log's Japanese names read as our rows' ids.
Two things are put as Tenhou puts them: a counted yakuman is its han and yaku (Tenhou lists
them as below the limit, no yakuman named), and the Norths a sanma winner set aside are dora
(Tenhou counts them within ドラ, in both log forms; we list them as their own item, kita).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from mjscore.logs.tenhou import WINDS, Win
from mjscore.result import ScoreResult
from mjscore.rulesets.riichi.points import COUNTED_YAKUMAN
from mjscore.rulesets.riichi.rows import YAKU_RULES, YAKUMAN_RULES
from mjscore.rulesets.sanma import KITA
from mjscore.values import Value

# Tenhou's names where they are not our rows' local names (docs/rules/riichi.md §4).
TENHOU_ALIASES: Final = {
    "断幺九": "all-simples",
    "混全帯幺九": "mixed-outside-hand",
    "純全帯幺九": "pure-outside-hand",
    "国士無双１３面": "thirteen-orphans-13-wait",
    "両立直": "double-riichi",
    **{f"自風 {wind}": "seat-wind" for wind in "東南西北"},
    **{f"場風 {wind}": "prevalent-wind" for wind in "東南西北"},
}
YAKU_BY_NAME: Final = {
    **{rule.local_name: rule.id for rule in (*YAKU_RULES, *YAKUMAN_RULES)},
    KITA.local_name: KITA.id,  # sanma's Norths set aside, which Tenhou lists as 抜きドラ
    **TENHOU_ALIASES,
}
YAKU_TEXT: Final = re.compile(r"^(?P<name>.+)\((?:(?P<han>\d+)飜|(?P<limit>役満))\)$")
FU_TEXT: Final = re.compile(r"(\d+)符")
YAKUMAN_HAN: Final = 13  # our rows count a yakuman as 13 (docs/rules/riichi.md §5)
DORA_ID: Final = "dora"  # the dora row's id, where Tenhou counts the Norths set aside (docs/rules/sanma.md §4)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Outcome(Value):
    """A win's result, ours or the log's, in the terms both can state."""

    deltas: tuple[int, ...]  # each player's point change, by the log's player index
    han: int
    fu: int | None  # None where the log does not say (a limit hand)
    yakuman: int
    yaku: tuple[tuple[str, int], ...]  # (our row's id, han; a yakuman counts 13), sorted

    def describe(self) -> str:
        return f"{self.figures()}; deltas {list(self.deltas)}"

    def figures(self) -> str:
        """The han (or yakuman), the fu and the yaku: ``1 han 30 fu; red-dragon 1``."""
        fu = f" {self.fu} fu" if self.fu else ""
        value = f"{self.yakuman}x yakuman" if self.yakuman else f"{self.han} han{fu}"
        items = ", ".join(f"{name} {han}" for name, han in self.yaku)
        return f"{value}; {items}"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Check(Value):
    """One win: the rebuilt line, our outcome (None with ``problem`` if it did not
    score), the log's, and whether they agree."""

    win: Win
    line: str
    ours: Outcome | None
    theirs: Outcome
    problem: str = ""

    @property
    def agree(self) -> bool:
        ours = self.ours
        if ours is None:
            return False
        same_fu = self.theirs.fu is None or ours.fu == self.theirs.fu
        return (
            ours.deltas == self.theirs.deltas
            and ours.yakuman == self.theirs.yakuman
            and (ours.yakuman > 0 or ours.han == self.theirs.han)
            and same_fu
            and ours.yaku == self.theirs.yaku
        )


def theirs(win: Win) -> Outcome:
    """The log's result for a win."""
    yaku = []
    for text in win.yaku:
        match = YAKU_TEXT.match(text)
        if match is None:
            yaku.append((f"?{text}", 0))
            continue
        name = YAKU_BY_NAME.get(match["name"], f"?{match['name']}")
        han = YAKUMAN_HAN if match["limit"] else int(match["han"])
        if han or match["limit"]:
            yaku.append((name, han))
    fu = FU_TEXT.search(win.points)
    yakuman = sum(1 for text in win.yaku if text.endswith("(役満)"))
    return Outcome(
        deltas=win.deltas,
        han=0 if yakuman else sum(han for _, han in yaku),
        fu=int(fu[1]) if fu else None,
        yakuman=yakuman,
        yaku=kita_as_dora(yaku),
    )


def outcome_of(result: ScoreResult, dealer: int, players: int) -> Outcome:
    """Our result for a win, each player's change by the log's player index (``dealer``: the
    index of the player who dealt)."""
    summary = result.summary
    deltas = [0] * players
    for seat, change in result.deltas.items():
        deltas[(dealer + WINDS.index(seat)) % players] = change
    yakuman = 0
    if summary is not None and summary.limit != COUNTED_YAKUMAN:  # a counted one is its han, as Tenhou's
        yakuman = summary.yakuman or 0
    return Outcome(
        deltas=tuple(deltas),
        han=summary.han or 0 if summary else 0,
        fu=summary.fu if summary else None,
        yakuman=yakuman,
        yaku=kita_as_dora([(row.rule_id, row.value) for row in result.lines]),
    )


def kita_as_dora(yaku: list[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """The yaku sorted, with the Norths set aside (kita) counted within the dora, as Tenhou
    counts them: ``[("kita", 2), ("dora", 1)]`` is ``(("dora", 3),)``."""
    kita = sum(han for name, han in yaku if name == KITA.id)
    if not kita:
        return tuple(sorted(yaku))
    dora = kita + sum(han for name, han in yaku if name == DORA_ID)
    return tuple(sorted([(name, han) for name, han in yaku if name not in (KITA.id, DORA_ID)] + [(DORA_ID, dora)]))
