"""``mjscore rules``: rule sets and scoring tables, from the engine's own rows."""

from __future__ import annotations

from tabulate import tabulate

from mjscore.result import ShownTable
from mjscore.rulesets import AnyRuleSet, all_rulesets


def ruleset_list() -> str:
    rows = [[rs.name, ", ".join(rs.aliases), rs.summary] for rs in all_rulesets()]
    return tabulate(rows, headers=["rule set", "aliases", ""], tablefmt="simple")


def ruleset_tables(ruleset: AnyRuleSet) -> str:
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


def shown_table(table: ShownTable) -> str:
    """A table a rule set shows after its own (``RuleSet.more_tables``)."""
    text = tabulate(table.rows, headers=table.headers, tablefmt="simple")
    return f"{table.title}\n\n{text}\n"
