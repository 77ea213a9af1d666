"""``--format table``, for people: the hand as read, the itemised table, the breakdown
(riichi's fu) and summary, and the payment tables.

With ``render.rules`` the only modules that import tabulate; wcwidth (a tabulate
extra) keeps kanji columns aligned.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabulate import tabulate

from mjscore.errors import HandError, printable
from mjscore.payment import Payment
from mjscore.result import ScoreLine, ScoreResult


class TableRenderer:
    def __init__(self, several_inputs: bool = False) -> None:
        self.several_inputs = several_inputs  # then each hand's title names its input

    def start(self) -> str | None:
        return None

    def result(self, number: int, result: ScoreResult, show_all: bool = False, source: str = "") -> str:
        title = f"line {number}: " if number else ""
        if source and self.several_inputs:
            title = f"{printable(source)} {title}"
        parts = [
            f"{title}{result.ruleset_title}: {result.hand}",
            "\n".join(f"  {label}: {value}" for label, value in result.header),
            f"  reading: {result.reading}",
            "",
        ]
        if result.total is not None:  # a draw has no items
            parts += [items_table(result.lines, result.unit, result.total, result.total_label), ""]
        if result.breakdown:
            parts += [breakdown_table(result), ""]
        summary = summary_text(result)
        if summary:
            parts += [summary, ""]
        parts.append(payments_table(result, result.payments, result.paid_in, result.received))
        if result.side_payments:
            parts += ["", payments_table(result, result.side_payments, result.side_unit)]
        parts.extend(f"note: {note}" for note in result.notes)
        if show_all:
            parts += ["", f"readings considered ({len(result.candidates)}; -> the one scored):"]
            # what the readings are ranked by, in the items' own unit where it is the payments' (BABA's
            # KOBAN per payer, Baida's points), else in the payments' (riichi: points, not han)
            same = result.unit == result.paid_in
            parts += [
                f"{'->' if c.kept else '  '}{c.total if same else c.hand_value:>6} {result.paid_in}  {c.reading}"
                for c in result.candidates
            ]
        if number:  # in a batch, a blank line between hands
            parts.append("")
        return "\n".join(parts)

    def error(self, number: int, error: HandError, source: str = "") -> str | None:
        return None  # reported on stderr by the CLI


def items_table(lines: Sequence[ScoreLine], unit: str, total: int, total_label: str) -> str:
    rows: list[list[object]] = [
        [f"{x.name} ({x.detail})" if x.detail else x.name, x.local_name, x.value] for x in lines
    ]
    rows.append([total_label, "", total])
    return tabulate(rows, headers=["item", "", unit], tablefmt="simple", colalign=("left", "left", "right"))


def breakdown_table(result: ScoreResult) -> str:
    rows: list[list[object]] = [[x.name, x.detail, x.value] for x in result.breakdown]
    return tabulate(
        rows, headers=["", "", result.breakdown_unit], tablefmt="simple", colalign=("left", "left", "right")
    )


def summary_text(result: ScoreResult) -> str:
    """Riichi's han, fu, base points, limit and hand value; a draw's net change of each seat."""
    s = result.summary
    if result.kind == "draw":
        return "  ".join(f"{result.label(code)}: {n:+d}" for code, n in result.deltas.items())
    if s is None or s.han is None:
        return ""
    figures = [("han", s.han), ("fu", s.fu or "-"), ("base points", s.base_points)]
    if s.limit_name:
        figures.append(("limit", s.limit_name))
    figures.append(("hand value", s.hand_value))
    return "  ".join(f"{label}: {value}" for label, value in figures)


def payments_table(result: ScoreResult, payments: Sequence[Payment], unit: str, received: int | None = None) -> str:
    """Who pays whom, in ``unit``, parties named as ``result`` labels them; ``received``: what the
    winner receives in all, as a last row."""
    if not payments and received is None:
        return f"no payments ({unit})"  # a draw nobody or everybody is tenpai in: no empty table
    label = result.label
    rows: list[list[object]] = [[label(p.payer), label(p.payee), p.amount, p.reason] for p in payments]
    if received is not None:
        rows.append(["", "winner receives", received, ""])
    return tabulate(
        rows, headers=["payer", "payee", unit, ""], tablefmt="simple", colalign=("left", "left", "right", "left")
    )
