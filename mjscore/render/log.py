"""``mjscore log`` in its three formats: each round of a game's log, checked (``logs.report``).

table: a line per win (where, the rebuilt line, agree; or both results), a round not checked
yet named; JSON: one document per round (schema ``log-1``, described by
``mjscore/data/log.schema.json``); CSV: a header row, then a row per round. A game or a round
that cannot be read is an ``error`` document or row (the CLI tells it on stderr too; the table
leaves it there). Every JSON document and CSV row says which file and which game of it it is
of, whether the file holds one game or many, so that a script reads every run alike.

A round's results are one per winner: JSON keeps them apart (``results``); a CSV row joins
each winner's figures with ``;`` (two winners on one discard: ``han`` ``3;2``) and gives each
player's point change over the round, summed, in a column of their own.
"""

from __future__ import annotations

from typing import Final, Protocol

from mjscore.errors import printable
from mjscore.logs.check import Check, Outcome, shown
from mjscore.logs.report import CheckedRound, LogGame, Unreadable
from mjscore.render.csv import csv_row
from mjscore.render.json import document_line
from mjscore.result import document_start

SCHEMA: Final = "log-1"
PLAYERS: Final = 4  # a log's point changes are given for four players (a three-player log's fourth is 0)


class LogRenderer(Protocol):
    def start(self) -> str | None: ...

    def round(self, checked: CheckedRound) -> str | None: ...

    def error(self, unreadable: Unreadable) -> str | None: ...


def get_log_renderer(name: str) -> LogRenderer:
    """The renderer of a ``--format``."""
    if name == "json":
        return LogJson()
    if name == "csv":
        return LogCsv()
    return LogTable()


# --- for people


class LogTable:
    """A line per win: the game, the round, the winner and the rebuilt line, then agree, or
    DISAGREE and both results; a round not checked yet is named with the log's word for it."""

    def start(self) -> str | None:
        return None

    def round(self, checked: CheckedRound) -> str | None:
        name = checked.game.name
        if not checked.checks:
            return printable(f"{name} {checked.label}: {checked.result} (not checked yet)")
        return "\n".join(printable(f"{name} {shown(check)}", keep_newlines=True) for check in checked.checks)

    def error(self, unreadable: Unreadable) -> str | None:
        return None  # told on stderr by the CLI


# --- for scripts


def _opening(game: LogGame) -> dict[str, object]:
    """The keys that open every document: ``document_start``'s, then which game of the file."""
    doc = document_start(game.line, game.source, SCHEMA)
    doc["game_number"] = game.number
    return doc


def outcome_record(outcome: Outcome | None) -> dict[str, object] | None:
    """A result, mjscore's or the log's: each player's point change, the han, the fu, the
    yakuman counted and each yaku with its han (a yakuman counts 13)."""
    if outcome is None:
        return None
    return {
        "deltas": list(outcome.deltas),
        "han": outcome.han,
        "fu": outcome.fu,
        "yakuman": outcome.yakuman,
        "yaku": [{"name": name, "han": han} for name, han in outcome.yaku],
    }


def _result_record(check: Check) -> dict[str, object]:
    return {
        "player": check.win.winner,
        "rebuilt": check.line,
        "agree": check.agree,
        "problem": check.problem or None,
        "mjscore": outcome_record(check.ours),
        "log": outcome_record(check.theirs),
    }


def round_document(checked: CheckedRound) -> dict[str, object]:
    """The JSON document of a round (schema ``log-1``)."""
    return {
        **_opening(checked.game),
        "kind": checked.kind,
        "round": checked.number,
        "label": checked.label,
        "round_name": checked.title,
        "result": checked.result,
        "agree": checked.agree,
        "results": [_result_record(check) for check in checked.checks],
    }


def error_document(unreadable: Unreadable) -> dict[str, object]:
    """The JSON document of a game or a round that cannot be read: the round (None: the game as
    a whole), the place in the JSON, and the message as stderr tells it."""
    where = unreadable.error.where
    return {
        **_opening(unreadable.game),
        "kind": "error",
        "round": where.round_number or None,
        "path": where.path or None,
        "error": str(unreadable.error),
    }


class LogJson:
    def start(self) -> str | None:
        return None

    def round(self, checked: CheckedRound) -> str | None:
        return document_line(round_document(checked), as_typed=True)

    def error(self, unreadable: Unreadable) -> str | None:
        return document_line(error_document(unreadable), as_typed=True)


COLUMNS: Final = (
    "source",
    "game_number",
    "line",
    "round",
    "label",
    "round_name",
    "kind",
    "result",
    "agree",
    "winners",
    "rebuilt",
    *(f"{whose}_{figure}" for whose in ("mjscore", "log") for figure in ("han", "fu", "yakuman", "yaku")),
    *(f"{whose}_delta_{player}" for whose in ("mjscore", "log") for player in range(PLAYERS)),
    "problem",
    "error_path",
    "error",
)


def _joined(values: list[object]) -> str:
    """Each winner's value, ``;`` between them (a value not known: blank)."""
    return ";".join("" if value is None else str(value) for value in values)


def _figures(whose: str, outcomes: list[Outcome | None]) -> dict[str, object]:
    """Each winner's han, fu, yakuman and yaku, and each player's point change over the round:
    blank where a result is not known (mjscore's, for a line it could not score)."""
    known = [o for o in outcomes if o is not None]
    deltas: list[int | None] = [None] * PLAYERS
    if len(known) == len(outcomes):
        deltas = [sum(o.deltas[player] for o in known) for player in range(PLAYERS)]
    figures: dict[str, list[object]] = {"han": [], "fu": [], "yakuman": [], "yaku": []}
    for outcome in outcomes:
        shown = _shown_figures(outcome)
        for name, values in figures.items():
            values.append(shown[name])
    return {
        **{f"{whose}_{name}": _joined(values) for name, values in figures.items()},
        **{f"{whose}_delta_{player}": deltas[player] for player in range(PLAYERS)},
    }


def _shown_figures(outcome: Outcome | None) -> dict[str, object]:
    if outcome is None:
        return {"han": None, "fu": None, "yakuman": None, "yaku": None}
    yaku = ", ".join(f"{name} {han}" for name, han in outcome.yaku)
    return {"han": outcome.han, "fu": outcome.fu, "yakuman": outcome.yakuman, "yaku": yaku}


def _csv_row(game: LogGame, **fields: object) -> str:
    row = {"source": game.source, "game_number": game.number, "line": game.line, **fields}
    return csv_row(tuple(_cell(row.get(column)) for column in COLUMNS))


def _cell(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return printable(value) if isinstance(value, str) else value


class LogCsv:
    """A header row, then a row per round (of kind error: a game or a round that cannot be read)."""

    def start(self) -> str | None:
        return csv_row(COLUMNS)

    def round(self, checked: CheckedRound) -> str | None:
        checks = checked.checks
        figures = {}
        if checks:  # a round not checked yet leaves them blank
            figures = {
                **_figures("mjscore", [c.ours for c in checks]),
                **_figures("log", [c.theirs for c in checks]),
            }
        return _csv_row(
            checked.game,
            round=checked.number,
            label=checked.label,
            round_name=checked.title,
            kind=checked.kind,
            result=checked.result,
            agree=checked.agree,
            winners=_joined([c.win.winner for c in checks]),
            rebuilt=_joined([c.line for c in checks]),
            problem=_joined([c.problem or None for c in checks]) if any(c.problem for c in checks) else None,
            **figures,
        )

    def error(self, unreadable: Unreadable) -> str | None:
        where = unreadable.error.where
        return _csv_row(
            unreadable.game,
            round=where.round_number or None,
            kind="error",
            error_path=where.path or None,
            error=str(unreadable.error),
        )
