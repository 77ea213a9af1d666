"""``--format table``: the itemised table and the payment table, for people.

The only module that imports tabulate; wcwidth (a tabulate extra) keeps kanji
columns aligned.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabulate import tabulate

from mjscore.errors import HandError
from mjscore.result import ScoreLine, ScoreResult


class TableRenderer:
    def start(self) -> str | None:
        return None

    def result(self, number: int, result: ScoreResult, show_all: bool = False) -> str:
        title = f"line {number}: " if number else ""
        parts = [
            f"{title}{result.ruleset_title}: {result.hand}",
            "\n".join(f"  {label}: {value}" for label, value in result.header),
            f"  reading: {result.reading}",
            "",
        ]
        if result.kind == "win":
            parts += [items_table(result.lines, result.unit, result.total, result.total_label), ""]
        if result.breakdown:
            parts += [breakdown_table(result), ""]
        if result.summary:
            parts += ["  ".join(f"{label}: {value}" for label, value in result.summary), ""]
        parts.append(payments_table(result))
        if result.side_payments:
            rows = [[p.payer, p.payee, p.amount, p.reason] for p in result.side_payments]
            headers = ["payer", "payee", result.side_unit, ""]
            parts += [
                "",
                tabulate(rows, headers=headers, tablefmt="simple", colalign=("left", "left", "right", "left")),
            ]
        parts.extend(f"note: {note}" for note in result.notes)
        if show_all:
            parts += ["", f"readings considered ({len(result.candidates)}):"]
            unit = result.payment_unit or result.unit
            parts += [f"  {c.total:>6} {unit}  {c.reading}" for c in result.candidates]
        if number:  # in a batch, a blank line between hands
            parts.append("")
        return "\n".join(parts)

    def error(self, number: int, text: str, error: HandError) -> str | None:
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


def payments_table(result: ScoreResult) -> str:
    rows: list[list[object]] = [[p.payer, p.payee, p.amount, p.reason] for p in result.payments]
    if result.kind == "win":
        rows.append(["", "winner receives", result.received, ""])
    headers = ["payer", "payee", result.payment_unit or result.unit, ""]
    return tabulate(rows, headers=headers, tablefmt="simple", colalign=("left", "left", "right", "left"))
