"""The values a rule set's hooks pass along the scoring pipeline (``base.RuleSet.evaluate``):
a line read and checked (``Deal``), one reading scored (``Scored``), who pays whom (``Settled``).

A module of their own, below the rule-set base, so that every rule set and the base share
them. A rule set written in Python uses ``Deal`` as it is (what its line holds beyond it goes
in its table).
"""

from __future__ import annotations

from typing import Final, Generic, TypeVar

from mjscore.notation.build import Items
from mjscore.options import OptionsValue
from mjscore.payment import Party, Payment
from mjscore.presets import Preset
from mjscore.result import ScoreLine, Summary

OptionsT = TypeVar("OptionsT", bound=OptionsValue)  # a rule set's options
TableT = TypeVar("TableT")  # its table: the situation a reading is scored in (win, seat, chips ...)
ReadingT = TypeVar("ReadingT")  # its reading: one way to see the hand


class Deal(Generic[OptionsT, TableT]):
    """One line read and checked: ready to be scored; ``preset``: the one its options start from
    (None: its rule set has none). (A plain class of final fields: mypyc cannot build a
    generic dataclass.)"""

    __slots__ = ("items", "options", "preset", "table", "text")

    def __init__(self, text: str, items: Items, options: OptionsT, table: TableT, preset: Preset | None = None) -> None:
        self.text: Final = text
        self.items: Final = items
        self.options: Final[OptionsT] = options
        self.table: Final[TableT] = table
        self.preset: Final = preset


class Scored(Generic[ReadingT, TableT]):
    """One reading scored against one table: its lines, its total in the rule set's unit and
    what it is worth. ``key`` orders readings (the best is the greatest, the first of equals);
    ``counted`` is the part of the total a rule set's minimum looks at (riichi: han of real
    yaku); ``choice`` tells two scorings of one reading apart. (A plain class of final fields:
    one is made per reading of every hand, and it is cheaper to build than a frozen dataclass.
    Build it as ``Scored(...)``: calling an alias such as ``Scored[R, C](...)`` goes through
    ``typing`` and costs more than the object.)"""

    __slots__ = ("breakdown", "choice", "counted", "key", "lines", "reading", "summary", "table", "total")

    def __init__(
        self,
        reading: ReadingT,
        table: TableT,
        lines: tuple[ScoreLine, ...],
        total: int,
        *,
        summary: Summary,
        key: tuple[int, ...],
        counted: int = 0,
        breakdown: tuple[ScoreLine, ...] = (),
        choice: str = "",
    ) -> None:
        self.reading: Final[ReadingT] = reading
        self.table: Final[TableT] = table
        self.lines: Final = lines
        self.total: Final = total
        self.summary: Final = summary
        self.key: Final = key
        self.counted: Final = counted
        self.breakdown: Final = breakdown
        self.choice: Final = choice


class Settled:
    """Who pays whom for a win: payments between ``parties`` (in their order), the winner's
    code, and payments in a second unit (hana's flower chips). (A plain class of final fields,
    as ``Scored``: one is made for every hand.)"""

    __slots__ = ("parties", "payments", "side_payments", "winner")

    def __init__(
        self,
        payments: tuple[Payment, ...],
        parties: tuple[Party, ...],
        winner: str,
        side_payments: tuple[Payment, ...] = (),
    ) -> None:
        self.payments: Final = payments
        self.parties: Final = parties
        self.winner: Final = winner
        self.side_payments: Final = side_payments
