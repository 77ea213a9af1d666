"""Rule options: frozen dataclasses whose every field documents itself.

A rule set declares its options as a dataclass built with ``option(...)``;
the same declaration drives inline ``key=value`` items, the TOML rules file,
``mjscore rules NAME`` and the defaults shown in the output.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, ClassVar, Protocol, TypeVar

from mjscore.errors import QUOTE_LIMIT, printable, quoted, some_of

ON_WORDS = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}


class OptionsValue(Protocol):
    """Any options dataclass."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]


OptionsT = TypeVar("OptionsT", bound=OptionsValue)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    default: bool | int
    doc: str
    source: str
    choices: tuple[int, ...] = ()

    @property
    def is_switch(self) -> bool:
        return isinstance(self.default, bool)

    def shown(self, value: bool | int) -> str:
        return ("on" if value else "off") if self.is_switch else str(value)

    def accepted(self) -> str:
        if self.is_switch:
            return "on or off"
        return " or ".join(map(str, self.choices)) if self.choices else "a whole number"

    def read(self, raw: object) -> bool | int:
        """The option's value from an inline word or a TOML value; ValueError says why not."""
        value: bool | int
        if self.is_switch:
            if isinstance(raw, bool):
                value = raw
            elif str(raw).lower() in ON_WORDS:
                value = ON_WORDS[str(raw).lower()]
            else:
                raise ValueError(f"{self.name} is {self.accepted()}, not {_shown(raw)}")
        else:
            try:
                value = int(str(raw), 10) if not isinstance(raw, bool) else -1
            except ValueError:
                value = -1
            if value < 0 or (self.choices and value not in self.choices):
                raise ValueError(f"{self.name} is {self.accepted()}, not {_shown(raw)}")
        return value


def option(default: bool | int, doc: str, source: str, choices: tuple[int, ...] = ()) -> Any:
    """A dataclass field that carries its documentation."""
    return dataclasses.field(default=default, metadata={"doc": doc, "source": source, "choices": choices})


@cache
def specs(options_type: type[OptionsValue]) -> tuple[OptionSpec, ...]:
    return tuple(_spec(f) for f in dataclasses.fields(options_type))


def _spec(f: dataclasses.Field[Any]) -> OptionSpec:
    default = f.default
    if not isinstance(default, bool | int):
        raise TypeError(f"option {f.name} needs a bool or int default")
    return OptionSpec(f.name, default, f.metadata["doc"], f.metadata["source"], f.metadata["choices"])


def read_table(options_type: type[OptionsValue], table: Mapping[str, object], source: str) -> dict[str, bool | int]:
    """Option values from a rules-file table; ``ValueError`` lists every bad entry."""
    by_name = {s.name: s for s in specs(options_type)}
    values: dict[str, bool | int] = {}
    faults = []
    for key, raw in table.items():
        if key not in by_name:
            faults.append(f"no option {quoted(key)} (options: {', '.join(by_name)})")
            continue
        try:
            values[key] = by_name[key].read(raw)
        except ValueError as exc:
            faults.append(str(exc))
    if faults:
        raise ValueError(f"{source}: {some_of(faults)}")
    return values


def _shown(raw: object) -> str:
    """A value as a message quotes it: a string (a line's word, a rules file's string) in
    quotes, any other rules-file value (a number, a list) as TOML would write it; bounded."""
    return quoted(raw) if isinstance(raw, str) else printable(repr(raw)[:QUOTE_LIMIT])


def with_values(options: OptionsT, values: Mapping[str, bool | int]) -> OptionsT:
    return dataclasses.replace(options, **values) if values else options


def as_dict(options: OptionsValue) -> dict[str, bool | int]:
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}


@lru_cache(maxsize=256)
def changed_options(options: OptionsValue, skip: tuple[str, ...] = ()) -> str:
    """The options that differ from their defaults, as "aka=on, kiriage=on" ("": none), for
    a result's header. Cached: a batch meets few distinct option values."""
    defaults = as_dict(type(options)())
    changed = {k: v for k, v in as_dict(options).items() if k not in skip and v != defaults[k]}
    return ", ".join(option_words(changed, specs(type(options))))


def option_words(values: Mapping[str, bool | int], option_specs: Sequence[OptionSpec]) -> list[str]:
    """Rule options as a line writes them, "aka=on" (for a canonical hand)."""
    shown = {s.name: s.shown for s in option_specs}
    return [f"{k}={shown[k](v)}" for k, v in values.items()]
