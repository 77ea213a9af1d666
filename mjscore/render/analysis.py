"""``mjscore waits``, rendered for each ``--format``: a table for people (the hand as read and
one row per wait: the tile, the copies unseen, what a ron and a tsumo score, notes), one JSON
document per hand (``Analysis.to_dict``), or CSV with one row per wait.

Errors are rendered as ``score``'s are: the table leaves them to stderr, JSON writes the error
document (with the analysis's schema), CSV an error row.
"""

from __future__ import annotations

from tabulate import tabulate

from mjscore.analysis import FURITEN, NO_YAKU, NONE_LEFT, REFUSED, SCHEMA, WIN, WINS, Analysis, Outcome, Wait, WinValue
from mjscore.errors import HandError, printable
from mjscore.hand import Win
from mjscore.render.csv import csv_row, error_record, record
from mjscore.render.json import document_line
from mjscore.result import error_document

ITEMS_WIDTH = 32  # characters of a cell's list of items before it wraps
# What a cell says for an outcome that is not a win (``None``: not asked).
CELL = {NO_YAKU: "no yaku", FURITEN: "furiten: no ron", REFUSED: "refused", NONE_LEFT: "not scored"}


def value_text(value: WinValue) -> str:
    """ "2600 (2 han 40 fu)", "12000 (5 han 40 fu, mangan)", "32000 (yakuman)": what the hand
    earns the winner in points, and how; in a rule set without han, in its unit, with the
    total it is paid from where the two differ: "6 KOBAN (total per payer 2)"."""
    s = value.summary
    if s.han is None:
        total = f" ({value.total_label} {value.total})" if s.hand_value != value.total else ""
        return f"{s.hand_value} {value.unit}{total}"
    how = [s.limit_name] if s.yakuman and s.limit_name else [f"{s.han} han {s.fu or '-'} fu"]
    if not s.yakuman and s.limit_name:
        how.append(s.limit_name)
    return f"{s.hand_value} ({', '.join(how)})"


def items_text(value: WinValue) -> str:
    """ "Riichi 1; Pinfu 1; Dora 2": the items of the win and what each is worth, as score's CSV
    writes them."""
    return "; ".join(_items(value))


def _items(value: WinValue) -> list[str]:
    return [f"{x.name} {x.value}" for x in value.items]


def _packed(words: list[str], width: int) -> list[str]:
    """``words`` joined with ", " into lines of at most ``width`` characters where they fit, a
    word never split."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 2 + len(word) <= width:
            lines[-1] += ", " + word
        else:
            if lines:
                lines[-1] += ","
            lines.append(word)
    return lines


def wait_notes(wait: Wait) -> list[str]:
    """What a row says beside its figures: the wait's own notes, a refusal's reason, and for a
    win without a yaku whether riichi or a tsumo would give one."""
    notes = list(wait.notes)
    for win in WINS:
        outcome = wait.outcome(win)
        if outcome is None:
            continue
        if outcome.kind == REFUSED:
            notes += [f"no {win.value}: {p.message}" for p in outcome.problems]
        elif outcome.kind == NO_YAKU:
            notes.append(_no_yaku_note(win, outcome, wait.tsumo))
    return notes


def _no_yaku_note(win: Win, outcome: Outcome, tsumo: Outcome | None) -> str:
    givers = ["riichi"] if outcome.with_riichi else []
    if win is Win.RON and tsumo is not None and tsumo.kind == WIN:
        givers.append("a tsumo")
    if givers:
        return f"no yaku by {win.value}: {' or '.join(givers)} would give one"
    return f"no yaku by {win.value}"


class AnalysisTable:
    """``--format table``: the hand as read, its header, the waits and the notes."""

    def __init__(self, several_inputs: bool = False) -> None:
        self.several_inputs = several_inputs  # then each hand's title names its input

    def start(self) -> str | None:
        return None

    def analysis(self, number: int, analysis: Analysis, source: str = "") -> str:
        title = f"line {number}: " if number else ""
        if source and self.several_inputs:
            title = f"{printable(source)} {title}"
        kinds = " ".join([w.tile for w in analysis.waits])
        header = [*analysis.shown.header, ("waits", f"{kinds} ({_count(analysis.unseen, analysis.piece)} unseen)")]
        parts = [
            f"{title}{analysis.title}: {analysis.shown.hand}",
            "\n".join(f"  {label}: {value}" for label, value in header),
            "",
            self._waits(analysis),
        ]
        parts += [f"note: {note}" for note in analysis.notes]
        if number:  # in a file, a blank line between hands
            parts.append("")
        return "\n".join(parts)

    def _waits(self, analysis: Analysis) -> str:
        rows = [
            [w.tile, w.unseen or "none left", _cell(w.ron), _cell(w.tsumo), "\n".join(wait_notes(w))]
            for w in analysis.waits
        ]
        table = tabulate(
            rows, headers=WAIT_COLUMNS, tablefmt="simple", colalign=("left", "right", "left", "left", "left")
        )
        # A blank line between waits, whose cells take several lines: a row starts with its tile, in
        # the first column (tabulate drops a row of blanks).
        lines = table.splitlines()
        spaced = lines[:2]  # the headers and their rule
        for i, line in enumerate(lines[2:]):
            if i and not line.startswith(" "):
                spaced.append("")
            spaced.append(line)
        return "\n".join(spaced)

    def error(self, number: int, error: HandError, source: str = "") -> str | None:
        return None  # reported on stderr by the CLI


WAIT_COLUMNS = ("wait", "unseen", "ron", "tsumo", "notes")


def _cell(outcome: Outcome | None) -> str:
    """A ron or tsumo cell: the value and the items of a win; what else happened in a word (a
    win without a yaku also says what it scores with riichi)."""
    if outcome is None:
        return "-"  # not asked
    if outcome.value is not None:
        return "\n".join([value_text(outcome.value), *_packed(_items(outcome.value), ITEMS_WIDTH)])
    text = CELL[outcome.kind]
    if outcome.with_riichi is not None:
        text += f"\nwith riichi: {value_text(outcome.with_riichi)}"
    return text


def _count(n: int, piece: str) -> str:
    return f"{n} {piece}{'' if n == 1 else 's'}"


class AnalysisJson:
    """``--format json``: one document per hand (``Analysis.to_dict``), errors included."""

    def start(self) -> str | None:
        return None

    def analysis(self, number: int, analysis: Analysis, source: str = "") -> str:
        return document_line(analysis.to_dict(line=number, source=source))

    def error(self, number: int, error: HandError, source: str = "") -> str | None:
        return document_line(error_document(error, line=number, source=source, schema=SCHEMA), as_typed=True)


# One row per wait; a hand that could not be analysed is one row with its errors.
COLUMNS = (
    "source",
    "line",
    "ok",
    "ruleset",
    "hand",
    "wait",
    "unseen",
    *(f"{win.value}_{column}" for win in WINS for column in ("outcome", "han", "fu", "limit", "value", "items")),
    "notes",
    "error_code",
    "error_col",
    "error",
)


class AnalysisCsv:
    """``--format csv``: a row per wait, for spreadsheets; an error row for a bad line."""

    def start(self) -> str | None:
        return csv_row(COLUMNS)

    def analysis(self, number: int, analysis: Analysis, source: str = "") -> str:
        rows = []
        for wait in analysis.waits:
            fields: dict[str, object] = {"wait": wait.tile, "unseen": wait.unseen, "notes": "; ".join(wait_notes(wait))}
            for win in WINS:
                fields.update(_outcome_fields(win, wait.outcome(win)))
            rows.append(record(COLUMNS, source, number, analysis.ruleset, "yes", hand=analysis.shown.hand, **fields))
        return "\n".join(rows)

    def error(self, number: int, error: HandError, source: str = "") -> str | None:
        return error_record(COLUMNS, number, error, source)


def _outcome_fields(win: Win, outcome: Outcome | None) -> dict[str, object]:
    if outcome is None:
        return {}
    fields: dict[str, object] = {f"{win.value}_outcome": outcome.kind}
    value = outcome.value
    if value is not None:
        s = value.summary
        figures = {"han": s.han, "fu": s.fu, "limit": s.limit, "value": s.hand_value, "items": items_text(value)}
        fields.update({f"{win.value}_{key}": figure for key, figure in figures.items()})
    return fields
