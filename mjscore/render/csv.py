"""``--format csv``: one row per hand, errors included, for spreadsheets."""

from __future__ import annotations

import csv
import io

from mjscore.errors import HandError
from mjscore.result import ScoreResult

COLUMNS = ("line", "ok", "ruleset", "hand", "items", "total", "unit", "received", "error_code", "error_col", "error")


class CsvRenderer:
    def start(self) -> str | None:
        return _row(COLUMNS)

    def result(self, number: int, result: ScoreResult, show_all: bool = False) -> str:
        items = "; ".join(f"{x.name} {x.value}" for x in result.lines)
        return _row(
            (
                number or "",
                "yes",
                result.ruleset,
                result.hand,
                items,
                result.total,
                result.unit,
                result.received,
                "",
                "",
                "",
            )
        )

    def error(self, number: int, text: str, error: HandError) -> str | None:
        first = error.problems[0]
        codes = ";".join(p.code for p in error.problems)
        messages = "; ".join(p.message for p in error.problems)
        return _row((number or "", "no", "", text, "", "", "", "", codes, first.col, messages))


def _row(values: tuple[object, ...]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(values)
    return out.getvalue()
