"""A game of a file of logs, read and checked by the ledger: what ``mjscore log`` writes (issue 17).

``check_game_text`` reads one game of a file (a ``tenhou.LogText``) and checks it with
``ledger.check_log``: a ``ledger.RoundCheck`` for each round in the order played (every
round, whatever its kind, has ``agree``), or an ``Unreadable`` where the game or a round
cannot be read. A round that cannot be read does not stop the others: it is left out of the
game the ledger plays, which starts again from the log's next round (its hands, scores and
sticks), as it does after any round whose table differs.

The records are the same for every format (``render.log`` writes them).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from mjscore.logs.ledger import GameCheck, RoundCheck, check_log
from mjscore.logs.mjlog import decoded_log
from mjscore.logs.tenhou import Game, LogError, LogText, read_log
from mjscore.values import Value


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class LogGame(Value):
    """Which game of which file a record is of: the file as given (``source``), the game's
    place among the file's games (1 first), its first line, and its name in messages (the
    file, or FILE:LINE for a game of a file of one game per line)."""

    source: str
    number: int
    line: int
    name: str


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Unreadable(Value):
    """A game, or one round of it (``error.where.round_number``), that cannot be read."""

    game: LogGame
    error: LogError


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class CheckedGame(Value):
    """A game of a file: its rounds that could be read (``read``: None if the game itself could
    not be), the ledger's check of them (None as well, or where no round could be read), and
    what could not be read."""

    game: LogGame
    read: Game | None
    checked: GameCheck | None
    unreadable: tuple[Unreadable, ...]

    def records(self) -> Iterator[RoundCheck | Unreadable]:
        """Each round's check, and each part that cannot be read, in the log's order."""
        checks = list(self.checked.checks) if self.checked is not None else []
        errors = list(self.unreadable)
        while checks or errors:
            if errors and (not checks or errors[0].error.where.round_number <= checks[0].number):
                yield errors.pop(0)
            else:
                yield checks.pop(0)


def read_game_text(log: LogText, source: str, number: int) -> CheckedGame:
    """The ``number``-th game of the file ``source`` read, each round on its own; not checked."""
    game = LogGame(source, number, log.first, log.name(source))
    try:
        whole = read_log(decoded_log(log, source), game.name)
    except LogError as unreadable:
        return CheckedGame(game, None, None, (Unreadable(game, unreadable),))
    rounds = []
    errors = []
    for index in range(len(whole.entries)):
        try:
            rounds.append(whole.round(index))
        except LogError as bad_round:
            errors.append(Unreadable(game, bad_round))
    return CheckedGame(game, whole.game(tuple(rounds)), None, tuple(errors))


def check_game_text(log: LogText, source: str, number: int) -> CheckedGame:
    """The ``number``-th game of the file ``source`` read and checked by the ledger."""
    read = read_game_text(log, source, number)
    if read.read is None or not read.read.rounds:
        return read
    return CheckedGame(read.game, read.read, check_log(read.read), read.unreadable)
