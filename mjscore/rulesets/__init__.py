"""The rule-set registry: every rule set mjscore knows, found by name or alias.

A rule set is a class with its metadata as class attributes (the pattern of
python-chess's ``chess.variant``); ``find_ruleset`` looks names up
case-insensitively.
"""

from __future__ import annotations

from typing import Any

from mjscore.errors import Problem
from mjscore.rulesets.baba import BabaBeginner, BabaExpert
from mjscore.rulesets.base import RuleSet
from mjscore.rulesets.riichi import Riichi

RULESETS: tuple[type[RuleSet[Any]], ...] = (Riichi, BabaExpert, BabaBeginner)

# Rule sets of the rule book that later versions add (RULES.md §3-4).
PLANNED = ("hana", "baida")

_BY_NAME = {name.lower(): rs for rs in RULESETS for name in (rs.name, *rs.aliases)}
_INSTANCES: dict[type[RuleSet[Any]], RuleSet[Any]] = {}


def find_ruleset(name: str) -> type[RuleSet[Any]] | None:
    return _BY_NAME.get(name.strip().lower())


def get_ruleset(name: str) -> RuleSet[Any]:
    """The (shared, stateless) instance of a rule set; ``LookupError`` if unknown."""
    cls = find_ruleset(name)
    if cls is None:
        raise LookupError(unknown_ruleset(name).message)
    if cls not in _INSTANCES:
        _INSTANCES[cls] = cls()
    return _INSTANCES[cls]


def unknown_ruleset(name: str, col: int = 0) -> Problem:
    known = ", ".join(rs.name for rs in RULESETS)
    if name.lower() in PLANNED:
        return Problem(
            "ruleset-unavailable",
            f"rule set {name!r} is in the rule book but not in this version yet; available: {known} "
            "(prefix the hand, e.g. 'baba:', or pass --rules baba)",
            col,
        )
    return Problem("unknown-ruleset", f"unknown rule set {name!r}; available: {known}", col)


__all__ = ["PLANNED", "RULESETS", "RuleSet", "find_ruleset", "get_ruleset", "unknown_ruleset"]
