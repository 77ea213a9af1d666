"""``--format csv``: one row per hand, errors included, for spreadsheets.

Every row names its rule set, and the preset a win or draw was scored with (blank for a
rule set without presets). A win or draw row has the figures (han, fu, limit, hand
value) and each seat's net change in a column of its own (``delta_E`` ...; ``deltas``
lists every party, BABA's roles and an unnamed ``discarder`` too). With ``--all`` each
hand's row is followed by one ``reading`` row per reading considered.
"""

from __future__ import annotations

import csv
import io
from typing import Final

from mjscore.errors import HandError, printable
from mjscore.families.mpsz.tiles import SEATS
from mjscore.result import Candidate, ScoreLine, ScoreResult

COLUMNS: Final = (
    "source",
    "line",
    "ok",
    "ruleset",
    "preset",
    "kind",
    "hand",
    "reading",
    "win",
    "winner",
    "han",
    "fu",
    "limit",
    "hand_value",
    "total",
    "unit",
    "payment_unit",
    "received",
    *(f"delta_{seat}" for seat in SEATS),
    "deltas",
    "pools",
    "items",
    "kept",
    "error_code",
    "error_col",
    "error",
)


class CsvRenderer:
    def start(self) -> str | None:
        return csv_row(COLUMNS)

    def result(self, number: int, result: ScoreResult, show_all: bool = False, source: str = "") -> str:
        s = result.summary
        deltas, pools = result.settled()
        row = _record(
            source,
            number,
            result.ruleset,
            "yes",
            preset=result.context.get("preset"),
            kind=result.kind,
            hand=result.hand,
            reading=result.reading,
            win=result.context.get("win", ""),
            winner=result.winner,
            han=s and s.han,
            fu=s and s.fu,
            limit=s and s.limit,
            hand_value=s and s.hand_value,
            total=result.total,
            unit=result.unit,
            payment_unit=result.paid_in,
            received=result.received,
            **{f"delta_{seat}": deltas.get(seat) for seat in SEATS},
            deltas=_changes(deltas),
            pools=_changes(pools),
            items=_items(result.lines),
        )
        rows = [row]
        if show_all:
            rows += [self._reading(number, source, result, c) for c in result.candidates]
        return "\n".join(rows)

    def _reading(self, number: int, source: str, result: ScoreResult, c: Candidate) -> str:
        return _record(
            source,
            number,
            result.ruleset,
            "yes",
            kind="reading",
            hand=result.hand,
            reading=c.reading,
            hand_value=c.hand_value,
            total=c.total,
            unit=result.unit,
            payment_unit=result.paid_in,
            items=_items(c.lines),
            kept="yes" if c.kept else "no",
        )

    def error(self, number: int, error: HandError, source: str = "") -> str | None:
        return error_record(COLUMNS, number, error, source)


def error_record(columns: tuple[str, ...], number: int, error: HandError, source: str) -> str:
    """The row of a line that could not be read: its problems' codes, columns and messages."""
    return record(
        columns,
        source,
        number,
        error.ruleset,
        "no",
        kind="error",
        hand=printable(error.text),  # as typed, control characters escaped (it may be shown on a terminal)
        error_code=";".join(p.code for p in error.problems),
        error_col=";".join(str(p.col) for p in error.problems),
        error="; ".join(p.message for p in error.problems),
    )


def _record(source: str, number: int, ruleset: str | None, ok: str, **fields: object) -> str:
    return record(COLUMNS, source, number, ruleset, ok, **fields)


def record(columns: tuple[str, ...], source: str, number: int, ruleset: str | None, ok: str, **fields: object) -> str:
    """One row of ``columns``: where the line is from, its rule set, whether it was read (yes /
    no), and ``fields`` by column (a column not given, or None, is blank; a field no column
    names is left out)."""
    row = {"source": source, "line": number or "", "ok": ok, "ruleset": ruleset, **fields}
    return csv_row(tuple("" if row.get(column) is None else row[column] for column in columns))


def _changes(net: dict[str, int]) -> str:
    return ";".join(f"{code}={n:+d}" for code, n in net.items())


def _items(lines: tuple[ScoreLine, ...]) -> str:
    return "; ".join(f"{x.name} {x.value}" for x in lines)


def csv_row(values: tuple[object, ...]) -> str:
    """One row of CSV, without its line end."""
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(values)
    return out.getvalue()
