"""A game's log checked round by round: the records ``mjscore log`` writes (issue 17).

``check_log`` reads one game of a file (a ``tenhou.LogText``) and gives a record for each
round in the order played: a ``CheckedRound`` (its place, what kind of end it had, and a
``check.Check`` for each result the log gives, one per winner), or a ``Unreadable`` where
the game or a round cannot be read. A round that cannot be read does not stop the others:
each starts from the log's own state (hands, scores, sticks).

The records are the same for every format (``render.log`` writes them). A round whose
result is not checked yet (anything but a win) has no checks and ``agree`` None.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from mjscore.logs.check import Check, check_win
from mjscore.logs.tenhou import LogError, LogText, decode_log, read_log

# Each of Tenhou's words for how a round ended, by kind: a win, an exhaustive draw (everyone
# ready, nobody ready), nagashi mangan, and the abortive draws (nine kinds of terminals, four
# winds, four riichi, three players on one discard, four kongs). A word not here is kept as it is.
ROUND_KINDS: Final = {
    "和了": "win",
    "流局": "draw",
    "全員聴牌": "draw",
    "全員不聴": "draw",
    "流し満貫": "nagashi",
    "九種九牌": "abort",
    "四風連打": "abort",
    "四家立直": "abort",
    "三家和了": "abort",
    "四槓散了": "abort",
}
WIND_NAMES: Final = {"E": "East", "S": "South", "W": "West", "N": "North"}


@dataclass(frozen=True, slots=True)
class LogGame:
    """Which game of which file a record is of: the file as given (``source``), the game's
    place among the file's games (1 first), its first line, and its name in messages (the
    file, or FILE:LINE for a game of a file of one game per line)."""

    source: str
    number: int
    line: int
    name: str


@dataclass(frozen=True, slots=True)
class CheckedRound:
    """One round of a game's log, checked: its place in the log (1 first), its label (E1-0:
    East 1, no honba), what kind of end it had (``ROUND_KINDS``; the log's own word in
    ``result``), and a check for each result the log gives (one per winner; none for a
    round not checked yet)."""

    game: LogGame
    number: int
    label: str
    kind: str
    result: str
    checks: tuple[Check, ...]

    @property
    def title(self) -> str:
        """The round in words: "East 1, 0 honba"."""
        deal, honba = self.label.split("-")
        return f"{WIND_NAMES[deal[0]]} {deal[1:]}, {honba} honba"

    @property
    def agree(self) -> bool | None:
        """Whether mjscore and the log agree on every result; None for a round not checked."""
        if not self.checks:
            return None
        return all(check.agree for check in self.checks)


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A game, or one round of it (``error.where.round_number``), that cannot be read."""

    game: LogGame
    error: LogError


def check_log(log: LogText, source: str, number: int) -> Iterator[CheckedRound | Unreadable]:
    """Each round of the ``number``-th game of the file ``source``, checked, in the order played;
    an ``Unreadable`` for the game if it cannot be read at all, or for each round that cannot."""
    game = LogGame(source, number, log.first, log.name(source))
    try:
        whole = read_log(decode_log(log, source), game.name)
    except LogError as unreadable:
        yield Unreadable(game, unreadable)
        return
    for index in range(len(whole.entries)):
        try:
            played = whole.round(index)
        except LogError as bad_round:
            yield Unreadable(game, bad_round)
            continue
        checks = tuple(check_win(win) for win in played.wins)
        kind = ROUND_KINDS.get(played.result, played.result)
        yield CheckedRound(game, played.number, played.name, kind, played.result, checks)
