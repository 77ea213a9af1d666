"""What scoring returns: an itemised list, payments between named parties, each party's
net change, and how the hand was read.

``ScoreResult.to_dict`` and ``error_document`` are the one home of the JSON document
(schema 2; described field by field in README and in ``mjscore/data/result.schema.json``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Final

from mjscore.errors import HandError
from mjscore.payment import Party, Payment, deltas
from mjscore.values import Value

SCHEMA_VERSION: Final = 2


@dataclass(slots=True, init=False, repr=False, eq=False)
class ShownTable(Value):
    """A table ``mjscore rules NAME`` prints after the rule set's own (BABA: its deck)."""

    title: Final[str]
    headers: Final[tuple[str, ...]]
    rows: Final[tuple[tuple[str, ...], ...]]

    def __init__(  # see ScoreLine
        self, title: str, headers: tuple[str, ...], rows: tuple[tuple[str, ...], ...]
    ) -> None:
        self.title = title
        self.headers = headers
        self.rows = rows


@dataclass(slots=True, init=False, repr=False, eq=False)
class ScoreLine(Value):
    """One scoring item as it applied: ``count`` times, worth ``value`` in all."""

    rule_id: Final[str]
    name: Final[str]
    local_name: Final[str]
    count: Final[int]
    value: Final[int]
    detail: Final[str]

    # Written out (init=False, as every class marked so): a compiled build runs the __init__
    # dataclasses generates as Python, about 30 times slower than this (README, Development),
    # and for a frozen class dataclasses compiles three methods from source at import.
    # Frozen by type, not at run time: the fields are Final, and mypy refuses any assignment.
    # frozen=True would have this __init__ set each field through object.__setattr__, no
    # faster compiled and four times slower interpreted (the pure build) than a plain store.
    # Hashed by its fields (values.Value), as a frozen one is: safe, since none is assigned again.
    def __init__(  # noqa: PLR0917 - the fields, in order, as dataclasses would take them
        self, rule_id: str, name: str, local_name: str, count: int, value: int, detail: str = ""
    ) -> None:
        self.rule_id = rule_id
        self.name = name
        self.local_name = local_name
        self.count = count
        self.value = value
        self.detail = detail

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.rule_id,
            "name": self.name,
            "local_name": self.local_name,
            "count": self.count,
            "value": self.value,
            "detail": self.detail,
        }


@dataclass(slots=True, init=False, repr=False, eq=False)
class Summary(Value):
    """What a win comes to, with the same fields in every rule set: ``hand_value`` (in the
    payment unit) always; the rest ``None`` where the rule set has no such idea (only
    riichi has han, fu, base points and limits)."""

    han: Final[int | None]
    fu: Final[int | None]
    base_points: Final[int | None]
    limit: Final[str | None]  # an id: mangan, haneman, baiman, sanbaiman, counted_yakuman, yakuman
    limit_name: Final[str | None]  # the same for people: "double yakuman"
    yakuman: Final[int | None]  # how many times the yakuman limit (0 below it)
    hand_value: Final[int]  # what the hand earns the winner, before honba, sticks and pot

    def __init__(  # noqa: PLR0917 - the fields, in order, as dataclasses would take them (ScoreLine: why)
        self,
        han: int | None = None,
        fu: int | None = None,
        base_points: int | None = None,
        limit: str | None = None,
        limit_name: str | None = None,
        yakuman: int | None = None,
        hand_value: int = 0,
    ) -> None:
        self.han = han
        self.fu = fu
        self.base_points = base_points
        self.limit = limit
        self.limit_name = limit_name
        self.yakuman = yakuman
        self.hand_value = hand_value

    def to_dict(self) -> dict[str, object]:
        return {
            "han": self.han,
            "fu": self.fu,
            "base_points": self.base_points,
            "limit": self.limit,
            "limit_name": self.limit_name,
            "yakuman": self.yakuman,
            "hand_value": self.hand_value,
        }


@lru_cache(maxsize=256)
def value_summary(hand_value: int) -> Summary:
    """The summary of a rule set that knows no han or fu (BABA, Baida), one per value: a batch
    shares them between hands, so the JSON writer writes each once (it keeps text by identity)."""
    return Summary(hand_value=hand_value)


@dataclass(slots=True, init=False, repr=False, eq=False)
class Candidate(Value):
    """One reading considered, with its lines and what it is worth (for ``--all``)."""

    reading: Final[str]
    lines: Final[tuple[ScoreLine, ...]]
    total: Final[int]  # the lines' total, in the result's unit
    hand_value: Final[int]  # what the reading earns the winner, as ``Summary.hand_value``: readings are ranked by it
    kept: Final[bool]  # the reading the result scores (the best; the first of equals)

    def __init__(  # see ScoreLine
        self, reading: str, lines: tuple[ScoreLine, ...], total: int, hand_value: int, kept: bool = False
    ) -> None:
        self.reading = reading
        self.lines = lines
        self.total = total
        self.hand_value = hand_value
        self.kept = kept

    def to_dict(self) -> dict[str, object]:
        return {
            "reading": self.reading,
            "kept": self.kept,
            "items": [x.to_dict() for x in self.lines],
            "total": self.total,
            "hand_value": self.hand_value,
        }


@dataclass(slots=True, init=False, repr=False, eq=False)
class Settlement(Value):
    """A draw's outcome: the seats ready (tenpai) and those paid a nagashi mangan."""

    kind: Final[str]  # "exhaustive_draw"
    tenpai: Final[tuple[str, ...]]
    nagashi: Final[tuple[str, ...]]

    def __init__(self, kind: str, tenpai: tuple[str, ...], nagashi: tuple[str, ...]) -> None:  # see ScoreLine
        self.kind = kind
        self.tenpai = tenpai
        self.nagashi = nagashi

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "tenpai": list(self.tenpai), "nagashi": list(self.nagashi)}


@dataclass(slots=True, init=False, repr=False, eq=False)
class Shown(Value):
    """How a result presents its hand: the canonical hand, the context it was scored with
    (``context``: data, stable keys and typed values; ``header``: the same for people) and
    the reading."""

    hand: Final[str]  # the hand as read, in canonical notation
    header: Final[tuple[tuple[str, str], ...]]  # (label, text) for people: win, players, chips ...
    reading: Final[str]
    context: Final[Mapping[str, object]]

    def __init__(
        self, hand: str, header: tuple[tuple[str, str], ...], reading: str, context: Mapping[str, object]
    ) -> None:  # written out: see ScoreLine
        self.hand = hand
        self.header = header
        self.reading = reading
        self.context = context

    def __reduce__(self) -> tuple[type[Shown], tuple[object, ...]]:
        # the context's options are a read-only view (options.option_values), which cannot be
        # pickled: they travel as a dict
        return (Shown, (self.hand, self.header, self.reading, copied_context(self.context)))


@dataclass(slots=True, init=False, repr=False, eq=False)
class ScoreResult(Value):
    """The best reading of a hand, itemised, and who pays whom.

    ``shown`` may be a function that writes the hand, header, reading and context when
    they are first read: a caller of the library that only wants the score (``total``,
    ``payments``, ``deltas``) never pays for them (riichi passes one). ``parties`` names
    everyone a payment can name, in the order they are listed. A draw has no ``total``,
    ``winner`` or ``summary``, and has a ``settlement``.
    """

    ruleset: Final[str]
    ruleset_title: Final[str]
    shown: Shown | Callable[[], Shown] = field(compare=False)
    lines: Final[tuple[ScoreLine, ...]]
    unit: Final[str]
    total: Final[int | None]
    payments: Final[tuple[Payment, ...]]
    parties: Final[tuple[Party, ...]]
    winner: Final[str | None]  # the winner's party code
    summary: Final[Summary | None]
    notes: Final[tuple[str, ...]]
    candidates: Final[tuple[Candidate, ...]]
    total_label: Final[str]
    # Itemised sub-counts shown after the items (riichi: the fu, line by line).
    breakdown: Final[tuple[ScoreLine, ...]]
    breakdown_unit: Final[str]
    payment_unit: Final[str]  # the unit of payments when it is not ``unit``
    kind: Final[str]  # "win", or "draw" for a settlement without a winner
    side_payments: Final[tuple[Payment, ...]]  # paid in another unit (hana: flower chips)
    side_unit: Final[str]
    settlement: Final[Settlement | None]

    def __init__(  # noqa: PLR0917 - written out as ScoreLine's, the fields in order
        self,
        ruleset: str,
        ruleset_title: str,
        shown: Shown | Callable[[], Shown],
        lines: tuple[ScoreLine, ...],
        unit: str,
        total: int | None,
        payments: tuple[Payment, ...],
        parties: tuple[Party, ...],
        winner: str | None,
        summary: Summary | None,
        notes: tuple[str, ...] = (),
        candidates: tuple[Candidate, ...] = (),
        total_label: str = "total per payer",
        breakdown: tuple[ScoreLine, ...] = (),
        breakdown_unit: str = "",
        payment_unit: str = "",
        kind: str = "win",
        side_payments: tuple[Payment, ...] = (),
        side_unit: str = "",
        settlement: Settlement | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.ruleset_title = ruleset_title
        self.shown = shown
        self.lines = lines
        self.unit = unit
        self.total = total
        self.payments = payments
        self.parties = parties
        self.winner = winner
        self.summary = summary
        self.notes = notes
        self.candidates = candidates
        self.total_label = total_label
        self.breakdown = breakdown
        self.breakdown_unit = breakdown_unit
        self.payment_unit = payment_unit
        self.kind = kind
        self.side_payments = side_payments
        self.side_unit = side_unit
        self.settlement = settlement

    def __reduce__(self) -> tuple[type[Value], tuple[object, ...]]:
        """Pickled with its text written: the function that writes it need not pickle."""
        self.presented  # noqa: B018 - writes the text, once
        return Value.__reduce__(self)  # not super(): slots=True makes a new class, which super() does not know

    @property
    def presented(self) -> Shown:
        shown = self.shown
        if not isinstance(shown, Shown):
            shown = shown()
            self.shown = shown  # written once, on first use
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
    def context(self) -> Mapping[str, object]:
        return self.presented.context

    @property
    def received(self) -> int | None:
        """What the winner receives in all (every payment, the pot and sticks included)."""
        if self.winner is None:
            return None
        return sum([p.amount for p in self.payments if p.payee == self.winner])

    def settled(self) -> tuple[dict[str, int], dict[str, int]]:
        """Each player's net change in the payment unit, and each pool's (riichi sticks,
        BABA's pot): ``payment.deltas``."""
        return deltas(self.payments, self.parties)

    @property
    def deltas(self) -> dict[str, int]:
        return self.settled()[0]

    @property
    def pools(self) -> dict[str, int]:
        return self.settled()[1]

    @property
    def paid_in(self) -> str:
        """The unit of the payments: ``payment_unit``, or the score's own unit."""
        return self.payment_unit or self.unit

    def label(self, code: str) -> str:
        """How the table names a party."""
        for party in self.parties:
            if party.code == code:
                return party.label
        return code

    def to_dict(self, show_all: bool = False, *, line: int = 0, source: str = "") -> dict[str, object]:
        """The JSON document (schema 2): data under stable snake_case keys, numbers as
        numbers, parties by code; what is only for people sits in ``shown``. ``line`` and
        ``source``: where a batch's line is from (0 and "": not a batch's)."""
        players, pools = self.settled()
        return {
            **_where(line, source),
            "ok": True,
            "kind": self.kind,
            "ruleset": self.ruleset,
            "hand": self.hand,
            "context": copied_context(self.context),
            "items": [x.to_dict() for x in self.lines],
            "unit": self.unit or None,
            "total": self.total,
            "breakdown": {"unit": self.breakdown_unit, "items": [x.to_dict() for x in self.breakdown]}
            if self.breakdown
            else None,
            "summary": self.summary.to_dict() if self.summary else None,
            "winner": self.winner,
            "settlement": self.settlement.to_dict() if self.settlement else None,
            "payment_unit": self.paid_in,
            "payments": [p.to_dict() for p in self.payments],
            "received": self.received,
            "deltas": players,
            "pools": pools,
            "side_payments": {
                "unit": self.side_unit,
                "payments": [p.to_dict() for p in self.side_payments],
                "deltas": deltas(self.side_payments, self.parties)[0],
            }
            if self.side_payments
            else None,
            "notes": list(self.notes),
            "shown": {
                "title": self.ruleset_title,
                "header": [{"label": label, "text": text} for label, text in self.header],
                "reading": self.reading,
            },
            **({"candidates": [c.to_dict() for c in self.candidates]} if show_all else {}),
        }


def error_document(
    error: HandError, *, line: int = 0, source: str = "", schema: int | str = SCHEMA_VERSION
) -> dict[str, object]:
    """The JSON document of a line that could not be scored (schema 2), or analysed (``schema``:
    the analysis's)."""
    return {
        **document_start(line, source, schema),
        "ok": False,
        "ruleset": error.ruleset,
        "hand": error.text,
        "errors": [p.to_dict() for p in error.problems],
    }


def copied_context(context: Mapping[str, object]) -> dict[str, object]:
    """A context as a document holds it: a copy, its lists and option values copied too (a
    context nests one level), so that a document changed by its reader leaves the result be."""
    # dicts and the read-only options (options.option_values), not the Mapping ABC: an ABC's
    # isinstance runs Python code, 13 times a document
    return {
        k: dict(v) if isinstance(v, (dict, MappingProxyType)) else list(v) if isinstance(v, (list, tuple)) else v
        for k, v in context.items()
    }


def _where(line: int, source: str) -> dict[str, object]:
    return document_start(line, source, SCHEMA_VERSION)


def document_start(line: int, source: str, schema: int | str) -> dict[str, object]:
    """The keys that open a document: the schema, then where its line is from (a batch's)."""
    doc: dict[str, object] = {"schema": schema}
    if source:
        doc["source"] = source
    if line:
        doc["line"] = line
    return doc
