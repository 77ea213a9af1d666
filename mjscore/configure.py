"""Settings as the command line and the environment give them: ``--rules`` (a rule set's
name or a TOML rules file), else ``MJSCORE_RULES``, and ``--deck``. They stand above the
registry, which names the rule sets a rules file may hold; ``settings`` holds the value
every rule set reads."""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from mjscore.errors import UsageError, printable, quoted, quoted_value
from mjscore.presets import PRESET_KEY
from mjscore.rulesets import find_ruleset, is_ruleset_name, unknown_ruleset
from mjscore.settings import DEFAULT_RULESET, ENV_RULES, Settings, load_toml

if TYPE_CHECKING:
    from pathlib import Path


def load_settings(rules: str | None = None, deck: str | os.PathLike[str] | None = None) -> Settings:
    """Settings from ``--rules`` (a rule-set name or a TOML file), else the
    ``MJSCORE_RULES`` environment variable, and ``--deck`` (a path).

    A rule set's name or alias names that rule set (a file of that name is ./NAME); any other
    value names a file when it ends in .toml, holds a path separator or names a file that
    exists; else it is a rule set's name mistyped, told as such."""
    # pathlib is imported only where a file is named: it is 5 ms of every start-up
    deck_path = None if deck is None else _path(deck)
    given = rules or os.environ.get(ENV_RULES) or None
    if given is None:
        return Settings(deck_path=deck_path)
    is_file = given.endswith(".toml") or os.sep in given or os.path.isfile(given)  # isfile: False for a bad name
    if is_file and not is_ruleset_name(given):
        return _from_file(_path(given), deck_path)
    source = "--rules" if rules else f"${ENV_RULES}"
    return Settings(ruleset=given, deck_path=deck_path, source=source, ruleset_from=source)


def _path(path: str | os.PathLike[str]) -> Path:
    from pathlib import Path

    return Path(path)


def _from_file(path: Path, deck: Path | None) -> Settings:
    data = load_toml(path, "rules")
    shown = printable(str(path))
    named = "ruleset" in data
    ruleset = data.pop("ruleset", DEFAULT_RULESET)
    deck_entry = data.pop("deck", None)
    for key, value in (("ruleset", ruleset), ("deck", deck_entry)):
        if value is not None and not isinstance(value, str):
            raise UsageError(f"{shown}: {key} = is a name in quotes, not {quoted_value(value)}")
    if deck is None and deck_entry is not None:
        deck = path.parent / deck_entry
    sections: dict[str, Mapping[str, object]] = {}
    written: dict[str, str] = {}  # rule set -> its section's name as written
    for name, table in data.items():
        if name == PRESET_KEY and not isinstance(table, dict):
            raise UsageError(f'{shown}: preset = belongs in the section of its rule set: [riichi] preset = "tenhou"')
        if not isinstance(table, dict):
            raise UsageError(
                f"{shown}: {quoted(name)} must be a [section] named after a rule set, "
                "or one of the top-level keys ruleset, deck"
            )
        found = find_ruleset(name)  # by any of its names, in any case: [expert], [BABA]
        if found is None:
            raise UsageError(f"{shown}: section {quoted(name)} is not a rule set ({unknown_ruleset(name).message})")
        if found.name in written:
            raise UsageError(
                f"{shown}: sections {quoted(written[found.name])} and {quoted(name)} both name the rule set "
                f"{found.name}: give its options in one section"
            )
        written[found.name] = name
        sections[found.name] = MappingProxyType(dict(table))
    source = f"rules file {shown}"
    return Settings(ruleset, deck, MappingProxyType(sections), source, source if named else "")
