"""``mjscore rules``: rule sets and scoring tables, from the engine's own rows."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from mjscore.families.baba.deck import WILD_NAME, Deck
from mjscore.rulesets import RuleSet, all_rulesets


def ruleset_list() -> str:
    rows = [[rs.name, ", ".join(rs.aliases), rs.summary] for rs in all_rulesets()]
    return tabulate(rows, headers=["rule set", "aliases", ""], tablefmt="simple")


def ruleset_tables(ruleset: RuleSet[Any]) -> str:
    items = tabulate(
        [[r.name, r.local_name, r.id, r.category, r.value, r.condition] for r in ruleset.rule_rows()],
        headers=["item", "", "id", "kind", ruleset.unit, "condition"],
        tablefmt="simple",
    )
    options = tabulate(
        [[s.name, s.shown(s.default), s.accepted(), s.doc, s.source] for s in ruleset.option_specs()],
        headers=["option", "default", "values", "meaning", "source"],
        tablefmt="simple",
    )
    where = f"inline name=value, or a [{ruleset.name}] table in --rules FILE"
    return f"{ruleset.title}\n\n{items}\n\nRule options ({where}):\n\n{options}\n"


def deck_table(deck: Deck) -> str:
    rows = [[k.spelling, k.code, k.spelling[0] if k.spelling[1] == "々" else ""] for k in deck.kinds]
    rows.append([WILD_NAME, "O", " ".join(sorted(deck.wild_spellings - {"O", "o"}))])
    table = tabulate(rows, headers=["card", "code", "also"], tablefmt="simple")
    return f"Deck: {deck.source}, {deck.max_wilds} OBABA at most\n\n{table}\n"
