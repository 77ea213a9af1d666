"""``mjscore log`` in its formats: each game of a file of logs, checked by the ledger (``logs.report``).

table: the game's ledger with each round's rebuilt line and mark (``render.log_ledger``); JSON:
one document per round (schema ``log-1``, described by ``mjscore/data/log.schema.json``); CSV:
a header row, then a row per round; game-file: each log rebuilt as a game file, not checked. A
game or a round that cannot be read is an ``error`` document or row (the CLI tells it on stderr
too; the table and the game file leave it there). Every JSON document and CSV row says which
file and which game of it it is of, whether the file holds one game or many, so that a script
reads every run alike.

A round's point changes are the ledger's and the log's (``ledger.RoundCheck``: the log's less
the riichi sticks put down that round, as the ledger pays them); its wins are one per winner:
JSON keeps them apart (``results``); a CSV row joins each winner's figures with ``;`` (two
winners on one discard: ``han`` ``3;2``).
"""

from __future__ import annotations

from typing import Final, Protocol

from mjscore.errors import printable
from mjscore.logs.check import Check, Outcome
from mjscore.logs.ledger import RoundCheck
from mjscore.logs.rebuild import game_file
from mjscore.logs.report import CheckedGame, LogGame, Unreadable
from mjscore.render.csv import csv_row
from mjscore.render.json import document_line
from mjscore.render.log_ledger import log_text
from mjscore.result import document_start

SCHEMA: Final = "log-1"
PLAYERS: Final = 4  # delta columns: a three-player log leaves the fourth blank
WIND_NAMES: Final = {"E": "East", "S": "South", "W": "West", "N": "North"}
BETWEEN: Final = {"table": "\n", "game-file": "---\n"}  # a format's line between two games


class LogRenderer(Protocol):
    def start(self) -> str | None: ...

    def game(self, checked: CheckedGame) -> str | None: ...


def get_log_renderer(name: str) -> LogRenderer:
    """The renderer of a ``--format`` (``game-file``: ``--game-file``)."""
    if name == "json":
        return LogJson()
    if name == "csv":
        return LogCsv()
    if name == "game-file":
        return LogGameFile()
    return LogTable()


def round_title(label: str) -> str:
    """A round's label in words: E1-0 is "East 1, 0 honba"."""
    deal, honba = label.split("-")
    return f"{WIND_NAMES[deal[0]]} {deal[1:]}, {honba} honba"


# --- for people


class LogTable:
    """The game's ledger, each round's rebuilt line and mark (``render.log_ledger``)."""

    def start(self) -> str | None:
        return None

    def game(self, checked: CheckedGame) -> str | None:
        if checked.checked is None:
            return None  # nothing could be read: told on stderr by the CLI
        return printable(log_text(checked.checked), keep_newlines=True)


class LogGameFile:
    """Each log rebuilt as a game file; a log with a round that cannot be read is not written
    (a game file with a hole would be played as another game)."""

    def start(self) -> str | None:
        return None

    def game(self, checked: CheckedGame) -> str | None:
        read = checked.read
        if read is None or checked.unreadable:
            return None
        return printable(game_file(read).text(read).rstrip("\n"), keep_newlines=True)


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


def round_document(game: LogGame, check: RoundCheck) -> dict[str, object]:
    """The JSON document of a round (schema ``log-1``)."""
    return {
        **_opening(game),
        "kind": check.kind,
        "round": check.number,
        "label": check.round_name,
        "round_name": round_title(check.round_name),
        "result": check.result,
        "agree": check.agree,
        "problem": check.problem or None,
        "rebuilt": check.line,
        "scored": list(check.scored),
        "mjscore_deltas": None if check.ours is None else list(check.ours),
        "log_deltas": list(check.theirs),
        "results": [_result_record(win) for win in check.wins],
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

    def game(self, checked: CheckedGame) -> str | None:
        lines = []
        for record in checked.records():
            if isinstance(record, Unreadable):
                lines.append(document_line(error_document(record), as_typed=True))
            else:
                lines.append(document_line(round_document(checked.game, record), as_typed=True))
        return "\n".join(lines) if lines else None


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
    "scored",
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
    """Each winner's han, fu, yakuman and yaku: blank where a result is not known (mjscore's,
    for a line it could not score)."""
    figures: dict[str, list[object]] = {"han": [], "fu": [], "yakuman": [], "yaku": []}
    for outcome in outcomes:
        shown = _shown_figures(outcome)
        for name, values in figures.items():
            values.append(shown[name])
    return {f"{whose}_{name}": _joined(values) for name, values in figures.items()}


def _deltas(whose: str, deltas: tuple[int, ...] | None) -> dict[str, object]:
    """Each player's point change over the round: blank where not known (the ledger could not
    play the line), and for a three-player log's empty seat."""
    known = deltas or ()
    return {f"{whose}_delta_{player}": known[player] if player < len(known) else None for player in range(PLAYERS)}


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

    def game(self, checked: CheckedGame) -> str | None:
        rows = []
        for record in checked.records():
            if isinstance(record, Unreadable):
                rows.append(self.error(record))
            else:
                rows.append(self.round(checked.game, record))
        return "\n".join(rows) if rows else None

    def round(self, game: LogGame, check: RoundCheck) -> str:
        wins = check.wins
        return _csv_row(
            game,
            round=check.number,
            label=check.round_name,
            round_name=round_title(check.round_name),
            kind=check.kind,
            result=check.result,
            agree=check.agree,
            winners=_joined([c.win.winner for c in wins]),
            rebuilt=check.line,
            scored=_joined(list(check.scored)),
            problem=check.problem or None,
            **_figures("mjscore", [c.ours for c in wins]),
            **_figures("log", [c.theirs for c in wins]),
            **_deltas("mjscore", check.ours),
            **_deltas("log", check.theirs),
        )

    def error(self, unreadable: Unreadable) -> str:
        where = unreadable.error.where
        return _csv_row(
            unreadable.game,
            round=where.round_number or None,
            kind="error",
            error_path=where.path or None,
            error=str(unreadable.error),
        )
