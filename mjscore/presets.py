"""Presets: named tables of rule-option values (Tenhou's, the WRC's ...), one TOML file each.

A preset is data: ``mjscore/data/presets/<rule set>/<name>.toml`` holds a ``title``, a
``source`` (the document it follows, for ``mjscore rules NAME --preset``) and an
``[options]`` table, every value read as a line's ``name=value`` would be. The file's
comments cite the source of each value and say what was chosen where sources disagree.
A rule set names its presets (``RuleSet.presets``); the first is its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from mjscore.errors import UsageError, quoted, some_of
from mjscore.options import OptionsValue, OptionValue, read_table, with_values
from mjscore.settings import parse_toml

PRESET_KEY = "preset"  # the item that names one: preset= on a line, preset = in a rules file's section
_KEYS = ("title", "source", "options")  # what a preset file holds


@dataclass(frozen=True, slots=True)
class Preset:
    """A preset as loaded: ``values`` as its file sets them, ``options`` the rule set's defaults
    with those values (what a line scores with before its own options)."""

    name: str
    title: str
    source: str
    values: Mapping[str, OptionValue]
    options: Any  # the rule set's options type (an ``OptionsValue``)


def preset_path(ruleset: str, name: str) -> str:
    """Where a preset's file lies in the package."""
    return f"data/presets/{ruleset}/{name}.toml"


def load_preset(ruleset: str, name: str, options_type: type[OptionsValue]) -> Preset:
    """A shipped preset, read from the package (``ValueError`` if its file is wrong: a defect)."""
    from importlib import resources  # here: only a line of a rule set with presets reads one

    path = preset_path(ruleset, name)
    text = resources.files("mjscore").joinpath(path).read_text(encoding="utf-8")
    return read_preset(text, name, options_type, f"mjscore/{path}")


def read_preset(text: str, name: str, options_type: type[OptionsValue], source: str) -> Preset:
    """A preset from its file's ``text``; ``ValueError`` says every fault (an unknown key or
    option, a value an option does not take)."""
    try:
        data = parse_toml(text, source)
    except UsageError as exc:
        raise ValueError(str(exc)) from None
    faults = [f"no key {quoted(key)} (a preset holds {', '.join(_KEYS)})" for key in data if key not in _KEYS]
    words = {key: data.get(key) for key in ("title", "source")}
    faults += [f"{key} = is text in quotes" for key, value in words.items() if not isinstance(value, str)]
    table = data.get("options")
    if not isinstance(table, dict):
        faults.append("[options] is a table of option values")
        table = {}
    try:
        values = read_table(options_type, table, "[options]")
    except ValueError as bad_values:  # not "exc" again: mypyc gives one name one type in a function
        faults.append(str(bad_values))
        values = {}
    if faults:
        raise ValueError(f"{source}: {some_of(faults)}")
    title, cited = str(words["title"]), str(words["source"])
    return Preset(name, title, cited, MappingProxyType(values), with_values(options_type(), values))
