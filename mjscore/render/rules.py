"""``mjscore rules``: rule sets and scoring tables, from the engine's own rows."""

from __future__ import annotations

from tabulate import tabulate

from mjscore.presets import Preset
from mjscore.result import ShownTable
from mjscore.rulesets import AnyRuleSet, all_rulesets


def ruleset_list() -> str:
    rows = [[rs.name, ", ".join(rs.aliases), rs.summary] for rs in all_rulesets()]
    return tabulate(rows, headers=["rule set", "aliases", ""], tablefmt="simple")


def ruleset_tables(ruleset: AnyRuleSet, preset: Preset | None = None) -> str:
    """The scoring table and the rule options, with their defaults or as ``preset`` sets them."""
    items = tabulate(
        [[r.name, r.local_name, r.id, r.category, r.value, r.condition] for r in ruleset.rule_rows()],
        headers=["item", "", "id", "kind", ruleset.unit, "condition"],
        tablefmt="simple",
    )
    specs = ruleset.option_specs()
    if preset is None:
        rows = [[s.name, s.shown(s.default), s.accepted(), s.doc, s.source] for s in specs]
        headers = ["option", "default", "values", "meaning", "source"]
    else:
        rows = [[s.name, s.shown(getattr(preset.options, s.name)), s.shown(s.default), s.doc] for s in specs]
        headers = ["option", preset.name, "default", "meaning"]
    options = tabulate(rows, headers=headers, tablefmt="simple")
    where = f"inline name=value, or a [{ruleset.name}] table in --rules FILE"
    text = f"{ruleset.title}\n\n{items}\n\nRule options ({where}):\n\n{options}\n"
    if ruleset.presets and preset is None:
        text += f"\nPresets (preset=NAME, --preset NAME; mjscore rules {ruleset.name} --compare): "
        text += f"{', '.join(ruleset.presets)}; the default is {ruleset.presets[0]}.\n"
    if preset is not None:
        text += f"\nPreset {preset.name}: {preset.title}\nSource: {preset.source}\n"
    return text


def preset_comparison(ruleset: AnyRuleSet) -> str:
    """The rule set's presets side by side: one row per option, a column per preset."""
    presets = [ruleset.preset(name) for name in ruleset.presets]
    rows = [[s.name, *(s.shown(getattr(p.options, s.name)) for p in presets)] for s in ruleset.option_specs()]
    table = tabulate(rows, headers=["option", *ruleset.presets], tablefmt="simple")
    titles = tabulate([[p.name, p.title] for p in presets], headers=["preset", "follows"], tablefmt="simple")
    return f"Presets of {ruleset.name} (preset=NAME on a line, --preset NAME)\n\n{table}\n\n{titles}\n"


def shown_table(table: ShownTable) -> str:
    """A table a rule set shows after its own (``RuleSet.more_tables``)."""
    text = tabulate(table.rows, headers=table.headers, tablefmt="simple")
    return f"{table.title}\n\n{text}\n"
