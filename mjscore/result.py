"""What scoring returns: an itemised list, payments, and how the hand was read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields

from mjscore.payment import WINNER, Payment

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One scoring item as it applied: ``count`` times, worth ``value`` in all."""

    rule_id: str
    name: str
    local_name: str
    count: int
    value: int
    detail: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.rule_id,
            "name": self.name,
            "local_name": self.local_name,
            "count": self.count,
            "value": self.value,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class Candidate:
    """One reading considered, with its lines and total (for ``--all``)."""

    reading: str
    lines: tuple[ScoreLine, ...]
    total: int
    kept: bool = False  # the reading the result scores (the best; the first of equals)


@dataclass(frozen=True, slots=True)
class Shown:
    """How a result presents its hand: text for people, no part of the score."""

    hand: str  # the hand as read, in canonical notation
    header: tuple[tuple[str, str], ...]  # what it scored with: win, players, chips ...
    reading: str


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """The best reading of a hand, itemised, and who pays whom.

    ``shown`` may be a function that writes the text when it is first read: a
    script that only wants the numbers never pays for it (riichi passes one).
    """

    ruleset: str
    ruleset_title: str
    shown: Shown | Callable[[], Shown] = field(compare=False)
    lines: tuple[ScoreLine, ...]
    unit: str
    total: int
    payments: tuple[Payment, ...]
    notes: tuple[str, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    total_label: str = "total per payer"
    # Itemised sub-counts shown after the items (riichi: the fu, line by line).
    breakdown: tuple[ScoreLine, ...] = ()
    breakdown_unit: str = ""
    # What the total comes to (riichi: han, fu, base points, limit).
    summary: tuple[tuple[str, str], ...] = ()
    payment_unit: str = ""  # the unit of payments when it is not ``unit``
    kind: str = "win"  # "win", or "draw" for a settlement without a winner
    side_payments: tuple[Payment, ...] = ()  # paid in another unit (hana: flower chips)
    side_unit: str = ""

    def __reduce__(self) -> tuple[type[ScoreResult], tuple[object, ...]]:
        """Pickled with its text written: the function that writes it need not pickle."""
        self.presented  # noqa: B018 - writes the text, once
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def presented(self) -> Shown:
        shown = self.shown
        if not isinstance(shown, Shown):
            shown = shown()
            object.__setattr__(self, "shown", shown)  # written once, on first use
        return shown

    @property
    def hand(self) -> str:
        return self.presented.hand

    @property
    def header(self) -> tuple[tuple[str, str], ...]:
        return self.presented.header

    @property
    def reading(self) -> str:
        return self.presented.reading

    @property
    def received(self) -> int:
        """What the winner receives in all (every payment, the pot included)."""
        return sum([p.amount for p in self.payments if p.payee == WINNER])

    @property
    def paid_in(self) -> str:
        """The unit of the payments: ``payment_unit``, or the score's own unit."""
        return self.payment_unit or self.unit

    def to_dict(self) -> dict[str, object]:
        return self.document(_line_dicts)

    def document(self, items: Callable[[tuple[ScoreLine, ...]], object]) -> dict[str, object]:
        """The JSON document (schema 1) with each run of score lines as ``items`` writes it.

        The schema's one home. ``to_dict`` writes the lines as dicts; the JSON
        renderer keeps the line objects (frozen, and often shared between hands),
        to write each from text it encoded once.
        """
        return {
            "schema": SCHEMA_VERSION,
            "ok": True,
            "kind": self.kind,
            "ruleset": self.ruleset,
            "hand": self.hand,
            "context": dict(self.header),
            "reading": self.reading,
            "items": items(self.lines),
            "unit": self.unit,
            "total": self.total,
            "breakdown": {"unit": self.breakdown_unit, "items": items(self.breakdown)} if self.breakdown else None,
            "summary": dict(self.summary),
            "payment_unit": self.paid_in,
            "payments": [p.to_dict() for p in self.payments],
            "side_payments": {"unit": self.side_unit, "payments": [p.to_dict() for p in self.side_payments]}
            if self.side_payments
            else None,
            "received": self.received,
            "notes": list(self.notes),
        }


def _line_dicts(lines: tuple[ScoreLine, ...]) -> list[dict[str, object]]:
    return [line.to_dict() for line in lines]
