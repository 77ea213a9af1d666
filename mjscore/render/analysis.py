"""``mjscore waits``, rendered for each ``--format``: a table for people (the hand as read, then
for a ready hand one row per wait: the tile, the copies unseen, what a ron and a tsumo score,
notes; for a hand not ready its shanten and a row per improving tile; for a hand of 14 a row per
discard, best first), one JSON document per hand (``Analysis.to_dict``), or CSV with one row per
wait (a hand not ready: one row; a hand of 14: a row per discard, or per wait of a ready one).

Errors are rendered as ``score``'s are: the table leaves them to stderr, JSON writes the error
document (with the analysis's schema), CSV an error row.
"""

from __future__ import annotations

from typing import Final

from tabulate import tabulate

from mjscore.analysis import (
    FURITEN,
    NO_YAKU,
    NONE_LEFT,
    NOT_READY,
    REFUSED,
    SCHEMA,
    WAITS,
    WIN,
    WINS,
    Analysis,
    Best,
    DiscardRow,
    Draw,
    Outcome,
    Wait,
    WinValue,
)
from mjscore.errors import HandError, printable
from mjscore.families.mpsz.shanten import Shanten
from mjscore.hand import Win
from mjscore.render.csv import csv_row, error_record, record
from mjscore.render.json import document_line
from mjscore.result import error_document

ITEMS_WIDTH: Final = 32  # characters of a cell's list of items before it wraps
# What a cell says for an outcome that is not a win (``None``: not asked).
CELL: Final = {NO_YAKU: "no yaku", FURITEN: "furiten: no ron", REFUSED: "refused", NONE_LEFT: "not scored"}


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


def _packed(words: list[str], width: int, separator: str = ", ") -> list[str]:
    """``words`` joined with ``separator`` into lines of at most ``width`` characters where they
    fit, a word never split (a line that goes on ends with the separator, its blank left off)."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + len(separator) + len(word) <= width:
            lines[-1] += separator + word
        else:
            if lines:
                lines[-1] += separator.rstrip()
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
        header = list(analysis.shown.header)
        if analysis.kind == WAITS:
            kinds = " ".join([w.tile for w in analysis.waits])
            header.append(("waits", f"{kinds} ({_count(analysis.unseen, analysis.piece)} unseen)"))
            body = self._waits(analysis)
        elif analysis.kind == NOT_READY:
            assert analysis.shanten is not None  # a hand not ready has its shanten
            kinds = " ".join([d.tile for d in analysis.improving])
            header.append(("shanten", _shanten_text(analysis.shanten, analysis.shapes)))
            header.append(("improving", f"{kinds} ({_count(analysis.unseen, analysis.piece)} unseen)"))
            body = _improving(analysis.improving, analysis.piece)
        else:
            body = _discards(analysis.rows, analysis.piece)
        parts = [
            f"{title}{analysis.title}: {analysis.shown.hand}",
            "\n".join(f"  {label}: {value}" for label, value in header),
            "",
            body,
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
        return _spaced(
            tabulate(rows, headers=WAIT_COLUMNS, tablefmt="simple", colalign=("left", "right", "left", "left", "left"))
        )

    def error(self, number: int, error: HandError, source: str = "") -> str | None:
        return None  # reported on stderr by the CLI


WAIT_COLUMNS: Final = ("wait", "unseen", "ron", "tsumo", "notes")
DISCARD_COLUMNS: Final = ("discard", "shanten", "{piece}s", "unseen", "best", "notes")  # {piece}: tile, card
TILES_WIDTH: Final = 24  # characters of a discard's tiles before they wrap


def _spaced(table: str) -> str:
    """A table with a blank line between rows whose cells take several lines: a row starts in the
    first column (tabulate drops a row of blanks)."""
    lines = table.splitlines()
    spaced = lines[:2]  # the headers and their rule
    for i, line in enumerate(lines[2:]):
        if i and not line.startswith(" "):
            spaced.append("")
        spaced.append(line)
    return "\n".join(spaced)


def _shanten_text(found: Shanten, names: tuple[str, ...]) -> str:
    """ "2 (standard 2, Seven Pairs 3, Thirteen Orphans 8)": the shanten, and each shape's, as the
    rule set ``names`` them (the special shapes only where the hand can make them: no meld)."""
    standard, pairs, orphans = names
    shapes = [f"{standard} {found.standard}"]
    if found.pairs is not None:
        shapes.append(f"{pairs} {found.pairs}")
    if found.orphans is not None:
        shapes.append(f"{orphans} {found.orphans}")
    return f"{found.best} ({', '.join(shapes)})"


def _improving(draws: tuple[Draw, ...], piece: str) -> str:
    """A hand not ready: a row per tile (or card: ``piece``) that brings it closer, with its copies unseen."""
    rows = [[d.tile, d.unseen or "none left"] for d in draws]
    return tabulate(rows, headers=(piece, "unseen"), tablefmt="simple", colalign=("left", "right"))


def _draws_text(draws: tuple[Draw, ...]) -> str:
    """ "1m:4 4m:3": tiles with their copies unseen."""
    return " ".join(_draws(draws))


def _draws(draws: tuple[Draw, ...]) -> list[str]:
    return [f"{d.tile}:{d.unseen}" for d in draws]


def _discards(rows: tuple[DiscardRow, ...], piece: str) -> str:
    """A hand of 14 (BABA: of 6, 7 with a KAN): a row per discard, best first; ``piece`` names
    the improving tiles' column (tiles, cards)."""
    cells = [
        [
            row.tile,
            f"{row.shanten.best} (ready)" if row.shanten.best == 0 else row.shanten.best,
            "\n".join(_packed(_draws(row.improving), TILES_WIDTH, " ")),
            row.unseen,
            _best_cell(row.best) if row.waits else "",
            "\n".join(row.notes),
        ]
        for row in rows
    ]
    align = ("left", "left", "left", "right", "left", "left")
    headers = [column.format(piece=piece) for column in DISCARD_COLUMNS]
    return _spaced(tabulate(cells, headers=headers, tablefmt="simple", colalign=align))


def _best_cell(best: Best | None) -> str:
    if best is None:
        return "no win scores"
    return f"{value_text(best.value)}\n{best.win.value} on {best.tile}"


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


# One row per wait of a ready hand; one row for a hand not ready; for a hand of 14 a row per
# discard, or per wait of a discard that leaves it ready (the discard's columns on each); a hand
# that could not be analysed is one row with its errors.
COLUMNS: Final = (
    "source",
    "line",
    "ok",
    "ruleset",
    "kind",
    "hand",
    "discard",
    "shanten",
    "tiles",
    "tiles_unseen",
    "best_wait",
    "best_win",
    "best_value",
    "wait",
    "unseen",
    *(f"{win.value}_{column}" for win in WINS for column in ("outcome", "han", "fu", "limit", "value", "items")),
    "notes",
    "error_code",
    "error_col",
    "error",
)


class AnalysisCsv:
    """``--format csv``: a row per wait (or per hand not ready, per discard), for spreadsheets; an
    error row for a bad line."""

    def start(self) -> str | None:
        return csv_row(COLUMNS)

    def analysis(self, number: int, analysis: Analysis, source: str = "") -> str:
        hand: dict[str, object] = {"kind": analysis.kind, "hand": analysis.shown.hand}
        if analysis.kind == NOT_READY:
            assert analysis.shanten is not None  # a hand not ready has its shanten
            fields = {
                "shanten": analysis.shanten.best,
                "tiles": _draws_text(analysis.improving),
                "tiles_unseen": analysis.unseen,
                "notes": "; ".join(analysis.notes),
            }
            return record(COLUMNS, source, number, analysis.ruleset, "yes", **hand, **fields)
        if analysis.kind == WAITS:
            rows = [_wait_fields(wait) for wait in analysis.waits]
        else:
            rows = [fields for row in analysis.rows for fields in _discard_fields(row)]
        return "\n".join([record(COLUMNS, source, number, analysis.ruleset, "yes", **hand, **row) for row in rows])

    def error(self, number: int, error: HandError, source: str = "") -> str | None:
        return error_record(COLUMNS, number, error, source)


def _wait_fields(wait: Wait, notes: tuple[str, ...] = ()) -> dict[str, object]:
    fields: dict[str, object] = {
        "wait": wait.tile,
        "unseen": wait.unseen,
        "notes": "; ".join([*notes, *wait_notes(wait)]),
    }
    for win in WINS:
        fields.update(_outcome_fields(win, wait.outcome(win)))
    return fields


def _discard_fields(row: DiscardRow) -> list[dict[str, object]]:
    """The rows of one discard: one per wait of a ready hand, else one."""
    fields: dict[str, object] = {
        "discard": row.tile,
        "shanten": row.shanten.best,
        "tiles": _draws_text(row.improving),
        "tiles_unseen": row.unseen,
    }
    if row.best is not None:
        fields.update(
            best_wait=row.best.tile, best_win=row.best.win.value, best_value=row.best.value.summary.hand_value
        )
    if not row.waits:
        return [{**fields, "notes": "; ".join(row.notes)}]
    return [{**fields, **_wait_fields(wait, row.notes)} for wait in row.waits]


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
