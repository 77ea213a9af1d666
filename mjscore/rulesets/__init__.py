"""The rule sets: the registry's names (``registry``), and ``RULESETS``, every rule set class
(which imports them all, so it is made only when asked for)."""

from __future__ import annotations

from mjscore.rulesets.base import AnyRuleSet, RuleSet
from mjscore.rulesets.registry import (
    REGISTRY,
    all_rulesets,
    find_ruleset,
    get_ruleset,
    is_ruleset_name,
    register,
    ruleset_names,
    unknown_ruleset,
    unregister,
)


def __getattr__(attr: str) -> tuple[type[AnyRuleSet], ...]:
    if attr == "RULESETS":  # the full list, for tools and tests; loads every rule set
        return all_rulesets()
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


__all__ = [
    "REGISTRY",
    "AnyRuleSet",
    "RuleSet",
    "all_rulesets",
    "find_ruleset",
    "get_ruleset",
    "is_ruleset_name",
    "register",
    "ruleset_names",
    "unknown_ruleset",
    "unregister",
]
