"""Frozen values that describe a hand: melds, the hand itself, and its readings.

Kinds are indices into the rule set's tile set; wild cards are counted, not
named, until a reading says what each one stands for.

``Meld``, ``Group`` and ``Hand`` are NamedTuples, as immutable as frozen
dataclasses: they key the scoring caches and are compared and hashed many
times a hand, and a tuple does both in C where a dataclass runs Python code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final, NamedTuple, TypeVar

from mjscore.values import Value


class IdentityEnum(Enum):
    """An Enum hashed by identity, in C. Its members are parts of groups and melds,
    which key many caches, and Enum's own hash is a Python call; members are
    singletons compared by identity, so this hash agrees with equality."""

    __hash__ = object.__hash__


class Win(IdentityEnum):
    TSUMO = "tsumo"  # self-drawn: every other player pays
    RON = "ron"  # on a discard: the discarder pays


class MeldKind(IdentityEnum):
    OPEN = "open"  # claimed: PON, chi, Min-KAN or Ka-KAN, written (...)
    CLOSED_KAN = "closed-kan"  # An-KAN, written [...]; the hand stays concealed
    SHOWN = "shown"  # a dealt or drawn set only shown face up, written {...}: no claim


class Shape(IdentityEnum):
    SET = "set"  # three alike (Kohtsu, pung)
    KAN = "kan"  # four alike, always declared
    PAIR = "pair"
    RUN = "run"  # three in a row of one suit
    SINGLE = "single"  # one card of a special shape (e.g. Ba-ittsu)


# Cards or tiles in a group of each shape.
SHAPE_SIZE: Final = {Shape.SET: 3, Shape.KAN: 4, Shape.PAIR: 2, Shape.RUN: 3, Shape.SINGLE: 1}


class Meld(NamedTuple):
    """A group laid on the table as written: real kinds plus wild cards."""

    kinds: tuple[int, ...]
    wilds: int
    meld: MeldKind

    @property
    def size(self) -> int:
        return len(self.kinds) + self.wilds


class Group(NamedTuple):
    """One group of a reading. ``kind`` is what it is a group *of*
    (a run's lowest kind); ``None`` when it is wild cards only."""

    shape: Shape
    kind: int | None
    wilds: int = 0
    meld: MeldKind | None = None  # None: formed in the concealed hand

    @property
    def is_open(self) -> bool:
        return self.meld is MeldKind.OPEN


class Hand(NamedTuple):
    """What a player holds at the win: concealed kinds (sorted), wilds, melds."""

    concealed: tuple[int, ...]
    wilds: int
    melds: tuple[Meld, ...] = ()

    @property
    def is_concealed(self) -> bool:
        """No claimed meld (a closed kan or a merely shown set is no claim)."""
        return MeldKind.OPEN not in [m.meld for m in self.melds]

    @property
    def all_kinds(self) -> tuple[int, ...]:
        """Every real (non-wild) card, concealed and melded."""
        if not self.melds:
            return self.concealed
        return self.concealed + tuple([k for m in self.melds for k in m.kinds])

    @property
    def all_wilds(self) -> int:
        return self.wilds + sum(m.wilds for m in self.melds)

    @property
    def size(self) -> int:
        return len(self.concealed) + self.wilds + sum(m.size for m in self.melds)


CountedT = TypeVar("CountedT")


def copies(kinds: Iterable[CountedT]) -> dict[CountedT, int]:
    """How many of each kind, those present only, in the order first met: a Counter's counts
    without its cost (compiled, a Counter is made and filled through Python calls)."""
    found: dict[CountedT, int] = {}
    for k in kinds:
        found[k] = found.get(k, 0) + 1
    return found


BRACKETS: Final = {MeldKind.OPEN: "()", MeldKind.CLOSED_KAN: "[]", MeldKind.SHOWN: "{}"}


def bracketed(text: str, meld: MeldKind | None) -> str:
    """A group as written: a meld in its brackets, a concealed group as it is."""
    if meld is None:
        return text
    brackets = BRACKETS[meld]
    return f"{brackets[0]}{text}{brackets[1]}"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Reading(Value):
    """One way to see the hand: a named shape and its groups (melds included)."""

    shape: Final[str]
    groups: Final[tuple[Group, ...]]

    def __init__(self, shape: str, groups: tuple[Group, ...]) -> None:  # see result.ScoreLine
        self.shape = shape
        self.groups = groups
