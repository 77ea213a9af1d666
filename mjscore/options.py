"""Rule options: frozen dataclasses whose every field documents itself.

A rule set declares its options as a dataclass built with ``option(...)``;
the same declaration drives inline ``key=value`` items, the TOML rules file,
``mjscore rules NAME`` and the defaults shown in the output.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Final, Protocol, TypeVar

from mjscore.errors import quoted, quoted_value, some_of
from mjscore.values import ByIdentity, Value

# An option's value: a switch's bool, a count's int or a choice's word. Not written "bool | int |
# str": mypy folds bool | int into int, and so does a compiled build (mypyc), which then stores a
# switch's True as 1.
OptionValue = object

ON_WORDS: Final = {
    "on": True,
    "yes": True,
    "true": True,
    "1": True,
    "off": False,
    "no": False,
    "false": False,
    "0": False,
}


class OptionsValue(Protocol):
    """Any options dataclass."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]


OptionsT = TypeVar("OptionsT", bound=OptionsValue)


def count_range(most: int) -> str:
    """How a count's range is stated in a message and in ``mjscore rules``."""
    return f"a whole number from 0 to {most}"


def read_count_text(text: str, most: int) -> int | None:
    """``text`` as a whole number from 0 to ``most`` (None: it is not one): the one home of
    reading a count. ASCII digits only; a number longer than ``most`` is refused by its
    length, before any conversion (a line may hold thousands of digits, which ``int``
    refuses with a ValueError of its own)."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(most)):
        return None
    value = int(digits)
    return value if value <= most else None


@dataclass(slots=True, init=False, repr=False, eq=False)
class OptionSpec(Value):
    name: Final[str]
    default: Final[OptionValue]
    doc: Final[str]
    source: Final[str]
    choices: Final[tuple[int, ...]]  # the values a number option takes, or
    most: Final[int]  # its largest value (it takes every whole number from 0 up to it)
    words: Final[tuple[str, ...]]  # the words a choice option takes (its default is one)

    def __init__(  # noqa: PLR0917 - the fields, in order, as dataclasses would take them (see result.ScoreLine)
        self,
        name: str,
        default: OptionValue,
        doc: str,
        source: str,
        choices: tuple[int, ...],  # each field has its default in option()
        most: int,
        words: tuple[str, ...],
    ) -> None:
        self.name = name
        self.default = default
        self.doc = doc
        self.source = source
        self.choices = choices
        self.most = most
        self.words = words

    @property
    def is_switch(self) -> bool:
        return isinstance(self.default, bool)

    @property
    def is_choice(self) -> bool:
        return isinstance(self.default, str)

    def shown(self, value: OptionValue) -> str:
        return ("on" if value else "off") if self.is_switch else str(value)

    def accepted(self) -> str:
        if self.is_switch:
            return "on or off"
        if self.is_choice:
            return ", ".join(self.words[:-1]) + " or " + self.words[-1] if len(self.words) > 1 else self.words[0]
        return " or ".join(map(str, self.choices)) if self.choices else count_range(self.most)

    def read(self, raw: object) -> OptionValue:
        """The option's value from an inline word or a TOML value; ValueError says why not."""
        if self.is_switch:
            if isinstance(raw, bool):
                return raw
            if str(raw).lower() in ON_WORDS:
                return ON_WORDS[str(raw).lower()]
        elif self.is_choice:
            if isinstance(raw, str) and raw.lower() in self.words:
                return raw.lower()
        else:
            value = self._number(raw)
            if value is not None and (value in self.choices if self.choices else True):
                return value
        raise ValueError(f"{self.name} is {self.accepted()}, not {quoted_value(raw)}")

    def _number(self, raw: object) -> int | None:
        most = max(self.choices, default=self.most)
        if isinstance(raw, bool):  # a TOML true is no number
            return None
        if isinstance(raw, int):
            return raw if 0 <= raw <= most else None
        return read_count_text(str(raw), most)


def option(
    default: OptionValue,
    doc: str,
    source: str,
    choices: tuple[int, ...] = (),
    *,
    most: int = 0,
    words: tuple[str, ...] = (),
) -> Any:
    """A dataclass field that carries its documentation; a number option states its range:
    its ``choices``, or its largest value ``most`` (from 0); a choice option (a word) its ``words``."""
    metadata = {"doc": doc, "source": source, "choices": choices, "most": most, "words": words}
    return dataclasses.field(default=default, metadata=metadata)


# Each options type's specs, made once (a plain dict: compiled, a functools cache's call is a
# generic one, and a line asks twice).
_SPECS: Final[dict[type[OptionsValue], tuple[OptionSpec, ...]]] = {}


def specs(options_type: type[OptionsValue]) -> tuple[OptionSpec, ...]:
    found = _SPECS.get(options_type)
    if found is None:
        found = _SPECS[options_type] = tuple(_spec(f) for f in dataclasses.fields(options_type))
    return found


def _is_option_value(value: object) -> bool:
    """Asked by a function, not by an ``isinstance`` in the caller: that would narrow the value
    to int (mypy folds bool | int), and a compiled build would pass a switch's True on as 1."""
    return isinstance(value, bool | int | str)


def _spec(f: dataclasses.Field[Any]) -> OptionSpec:
    default: OptionValue = f.default
    if not _is_option_value(default):
        raise TypeError(f"option {f.name} needs a bool, int or str default")
    meta = f.metadata
    spec = OptionSpec(f.name, default, meta["doc"], meta["source"], meta["choices"], meta["most"], meta["words"])
    if spec.is_choice and default not in spec.words:
        raise TypeError(f"option {f.name} needs its words (words=), its default among them")
    if not (spec.is_switch or spec.is_choice) and not (spec.choices or spec.most):
        raise TypeError(f"option {f.name} needs its range: its choices or its largest value (most=)")
    return spec


def read_table(options_type: type[OptionsValue], table: Mapping[str, object], source: str) -> dict[str, OptionValue]:
    """Option values from a rules-file table; ``ValueError`` lists every bad entry."""
    by_name = {s.name: s for s in specs(options_type)}
    values: dict[str, OptionValue] = {}
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


def with_values(options: OptionsT, values: Mapping[str, OptionValue]) -> OptionsT:
    return dataclasses.replace(options, **values) if values else options


_CHANGED: Final[ByIdentity[str]] = ByIdentity()
_VALUES: Final[ByIdentity[MappingProxyType[str, OptionValue]]] = ByIdentity()


def option_values(options: OptionsValue) -> MappingProxyType[str, OptionValue]:
    """Every option's value by its name, read-only, kept per options object (a batch's hands
    share a few, and reading two dozen fields for each cost more): a result's context holds
    it (a document copies it), and the JSON writer keeps its text by its identity."""
    values = _VALUES.get(options)
    if values is None:
        named = {s.name: getattr(options, s.name) for s in specs(type(options))}
        values = _VALUES.put(options, None, (), MappingProxyType(named))
    return values


def changed_options(options: OptionsValue, start: OptionsValue | None = None, skip: tuple[str, ...] = ()) -> str:
    """The options that differ from ``start`` (a preset's; None: the defaults), as "aka=on,
    kiriage=on" ("": none), for a result's header. Kept per options object (``ByIdentity``)."""
    text = _CHANGED.get(options, start, skip)
    if text is None:
        defaults = option_values(start if start is not None else type(options)())
        changed = {k: v for k, v in option_values(options).items() if k not in skip and v != defaults[k]}
        text = _CHANGED.put(options, start, skip, ", ".join(option_words(changed, specs(type(options)))))
    return text


def option_words(values: Mapping[str, OptionValue], option_specs: Sequence[OptionSpec]) -> list[str]:
    """Rule options as a line writes them, "aka=on" (for a canonical hand)."""
    words: list[str] = []
    for name, value in values.items():  # a line writes few options (most none): find each one's spec
        spec = spec_named(option_specs, name)
        if spec is None:
            raise KeyError(name)  # values are read by these specs: never
        words.append(f"{name}={spec.shown(value)}")
    return words


def spec_named(specs: Sequence[OptionSpec], name: str) -> OptionSpec | None:
    """The spec of the option ``name`` among ``specs``, if there is one."""
    for spec in specs:
        if spec.name == name:
            return spec
    return None
