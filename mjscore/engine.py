"""The rule-table engine: one data row per scoring item, one loop to apply them.

A rule's predicate answers "how many times does this item apply to this
reading?" (0: not at all; DORAYAKI answers once per matching card). Conflicts
are data too: a row that applies removes every row named in its
``supersedes``, and a ``limit`` row that applies removes every row that is not
one. Adding an item to a rule set is adding a row; each rule set makes its rows
with a small keyword factory of its own (riichi's ``yaku``), so a table reads
like a table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

from mjscore.result import ScoreLine
from mjscore.values import kept, memo

# A row only takes these in (its predicate's arguments): a row written for riichi's options
# serves a rule set whose options extend them (hana), hence contravariant.
R_contra = TypeVar("R_contra", contravariant=True)  # the reading type of a rule set
C_contra = TypeVar("C_contra", contravariant=True)  # its context (win kind, chips, seats ...)
Opt_contra = TypeVar("Opt_contra", contravariant=True)  # its options


class Rule(Generic[R_contra, C_contra, Opt_contra]):
    """One scoring item.

    ``value`` is what one application is worth; ``value_open`` the same on an
    open hand where it differs (``None``: no difference). A ``closed_only`` row
    is never asked on an open hand. A ``limit`` row (riichi's limit hands)
    replaces: when one applies, the rows that are not limit rows are dropped.

    A plain class of ``Final`` attributes, not a frozen dataclass: mypyc cannot
    compile a generic dataclass (the class fails to load).
    """

    __slots__ = (
        "_once",
        "category",
        "closed_only",
        "condition",
        "detail",
        "gate",
        "id",
        "limit",
        "local_name",
        "name",
        "predicate",
        "supersedes",
        "value",
        "value_of",
        "value_open",
    )

    def __init__(  # noqa: PLR0917 - id, names, category, value, condition, predicate: what every row has
        self,
        id: str,
        name: str,
        local_name: str,
        category: str,
        value: int,
        condition: str,
        predicate: Callable[[R_contra, C_contra, Opt_contra], int],
        supersedes: tuple[str, ...] = (),
        value_open: int | None = None,
        detail: Callable[[R_contra, C_contra, Opt_contra], str] | None = None,
        gate: str = "",
        value_of: Callable[[R_contra, C_contra, Opt_contra], int] | None = None,
        *,
        closed_only: bool = False,
        limit: bool = False,
    ) -> None:
        self.id: Final = id
        self.name: Final = name
        self.local_name: Final = local_name
        self.category: Final = category
        self.value: Final = value
        self.condition: Final = condition
        self.predicate: Final = predicate
        self.supersedes: Final = supersedes
        self.value_open: Final = value_open
        self.detail: Final = detail
        # A feature the predicate needs: when the caller's features lack it, the
        # predicate is not asked (a necessary condition worked out once per reading).
        self.gate: Final = gate
        # What one application is worth when the options or the situation decide it
        # (Baida's assumed values, Big Crane's 100 or 10); ``value`` then only orders the row.
        self.value_of: Final = value_of
        self.closed_only: Final = closed_only
        self.limit: Final = limit
        # The line of one plain application (no detail), closed and open: made once, shared by every hand.
        self._once: Final = tuple(ScoreLine(id, name, local_name, 1, self.worth(o)) for o in (False, True))

    def __repr__(self) -> str:
        return f"Rule({self.id!r})"

    def worth(self, is_open: bool) -> int:
        return self.value if not is_open or self.value_open is None else self.value_open

    def line(self, count: int, is_open: bool, detail: str = "", worth: int | None = None) -> ScoreLine:
        """The score line of ``count`` applications (each worth ``worth`` when given, else the row's value)."""
        if worth is not None:
            return ScoreLine(self.id, self.name, self.local_name, count, count * worth, detail)
        if count == 1 and not detail:
            return self._once[is_open]
        return ScoreLine(self.id, self.name, self.local_name, count, count * self.worth(is_open), detail)


class RuleBook(Generic[R_contra, C_contra, Opt_contra]):
    """A rule table that remembers, for each (features, open) a caller has met,
    which rows are worth asking: a batch meets few distinct combinations."""

    __slots__ = ("_asked", "rules")
    _LIMIT = 4096  # combinations remembered; past it the memo starts again

    def __init__(self, rules: Sequence[Rule[R_contra, C_contra, Opt_contra]]) -> None:
        self.rules = tuple(rules)
        self._asked: dict[tuple[frozenset[str], bool], tuple[Rule[R_contra, C_contra, Opt_contra], ...]] = memo()

    def asked(self, features: frozenset[str], is_open: bool) -> tuple[Rule[R_contra, C_contra, Opt_contra], ...]:
        key = (features, is_open)
        found = self._asked.get(key)
        if found is None:
            found = kept(self._asked, self._LIMIT, key, _asked(self.rules, features, is_open))
        return found


def _asked(
    rules: Sequence[Rule[R_contra, C_contra, Opt_contra]], features: frozenset[str], is_open: bool
) -> tuple[Rule[R_contra, C_contra, Opt_contra], ...]:
    """Rows whose gate is among ``features``, or ungated; closed-only rows only on a closed hand."""
    return tuple(
        rule for rule in rules if (not rule.gate or rule.gate in features) and not (is_open and rule.closed_only)
    )


def apply_rules(
    book: RuleBook[R_contra, C_contra, Opt_contra],
    reading: R_contra,
    ctx: C_contra,
    options: Opt_contra,
    *,
    is_open: bool,
    features: frozenset[str] = frozenset(),
) -> tuple[ScoreLine, ...]:
    """The score lines of one reading, with superseded items removed and, when
    a limit row applies, every row that is not one.

    Rows whose ``gate`` is not among ``features`` and closed-only rows on an
    open hand are skipped without asking their predicate.
    """
    asked = book.asked(features, is_open)
    hits: list[tuple[Rule[R_contra, C_contra, Opt_contra], int]] = []
    beaten: set[str] = set()
    limit = False
    for rule in asked:
        count = rule.predicate(reading, ctx, options)
        if count:
            hits.append((rule, int(count)))  # a predicate may answer with a bool
            if rule.supersedes:
                beaten.update(rule.supersedes)
            limit = limit or rule.limit
    if limit and any(rule.limit and rule.id not in beaten for rule, _ in hits):
        hits = [hit for hit in hits if hit[0].limit]
    return tuple(
        [
            rule.line(
                count,
                is_open,
                rule.detail(reading, ctx, options) if rule.detail else "",
                rule.value_of(reading, ctx, options) if rule.value_of else None,
            )
            for rule, count in hits
            if rule.id not in beaten
        ]
    )


class Flagged(Protocol):
    """A context that carries the situation words of its line (tsumo, rinshan, ...)."""

    @property
    def flags(self) -> frozenset[str]: ...


def flag_is_set(name: str) -> Callable[[Any, Flagged, Any], int]:
    """The predicate of a row that applies when the line says ``name`` (haitei, rinshan ...)."""
    return lambda _reading, ctx, _options: name in ctx.flags


def check_rule_table(rules: Sequence[Rule[R_contra, C_contra, Opt_contra]]) -> None:
    """Ids are unique and every conflict names a real row (run by the tests)."""
    ids = [r.id for r in rules]
    if len(ids) != len(set(ids)):
        raise ValueError(f"duplicate rule ids in {ids}")
    for rule in rules:
        unknown = set(rule.supersedes) - set(ids)
        if unknown:
            raise ValueError(f"rule {rule.id} supersedes unknown rules {sorted(unknown)}")
