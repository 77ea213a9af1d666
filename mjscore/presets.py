"""Presets: named tables of rule-option values (Tenhou's, the WRC's ...), one TOML file each.

A preset is data: ``mjscore/data/presets/<rule set>/<name>.toml`` holds a ``title``, a
``source`` (the document it follows, for ``mjscore rules NAME --preset``) and an
``[options]`` table, every value read as a line's ``name=value`` would be. The file's
comments cite the source of each value and say what was chosen where sources disagree.
A rule set names its presets (``RuleSet.presets``); the first is its default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, Final

from mjscore.errors import UsageError, quoted, some_of
from mjscore.options import OptionsValue, OptionValue, read_table, with_values
from mjscore.settings import parse_toml, shipped_text
from mjscore.values import Value

PRESET_KEY: Final = "preset"  # the item that names one: preset= on a line, preset = in a rules file's section
_KEYS: Final = ("title", "source", "options")  # what a preset file holds


@dataclass(slots=True, init=False, repr=False, eq=False)
class PresetFile(Value):
    """What a preset's file says besides its options: ``values`` as it sets them."""

    title: Final[str]
    source: Final[str]
    values: Final[Mapping[str, OptionValue]]

    def __init__(self, title: str, source: str, values: Mapping[str, OptionValue]) -> None:  # see result.ScoreLine
        self.title = title
        self.source = source
        self.values = values


@dataclass(slots=True, init=False, repr=False, eq=False)
class Preset:
    """A preset as a line scores with it: ``options`` are the rule set's defaults with its
    file's values; ``read`` gives what the file says (title, source), read when first asked.
    Compared by identity; its fields are Final, its __init__ written out (a run makes the
    default preset as it starts: as a frozen dataclass, dataclasses compiled its __init__,
    __setattr__, __delattr__ and __repr__ at import: 2.2M instructions of a one-line batch)."""

    name: Final[str]
    options: Final[Any]  # the rule set's options type (an ``OptionsValue``)
    read: Final[Callable[[], PresetFile]]

    def __init__(self, name: str, options: Any, read: Callable[[], PresetFile]) -> None:  # see result.ScoreLine
        self.name = name
        self.options = options
        self.read = read

    @property
    def title(self) -> str:
        return self.read().title

    @property
    def source(self) -> str:
        return self.read().source

    @property
    def values(self) -> Mapping[str, OptionValue]:
        return self.read().values


def preset_path(ruleset: str, name: str) -> str:
    """Where a preset's file lies in the package."""
    return f"data/presets/{ruleset}/{name}.toml"


def load_preset(ruleset: str, name: str, options_type: type[OptionsValue]) -> Preset:
    """A shipped preset, read from the package (``ValueError`` if its file is wrong: a defect)."""
    path = preset_path(ruleset, name)
    return read_preset(shipped_text(path), name, options_type, f"mjscore/{path}")


def built_in_preset(ruleset: str, name: str, options_type: type[OptionsValue]) -> Preset:
    """A rule set's default preset, whose values are its built-in defaults (a test holds its
    file to them): made without reading the file, which is read only where its title or source
    is shown. A line that chooses no preset then costs no TOML reader at start-up (about 5 ms)."""
    return Preset(name, options_type(), cache(lambda: load_preset(ruleset, name, options_type).read()))


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
    said = PresetFile(str(words["title"]), str(words["source"]), MappingProxyType(values))
    return Preset(name, with_values(options_type(), values), lambda: said)
