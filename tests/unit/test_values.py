"""``mjscore.values``: what ``forget_memos`` empties, how ``kept`` bounds a memo, and the
equality, hash and repr every value class takes from ``Value``."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import pytest

import mjscore
from mjscore.families.mpsz.tiles import read_tiles
from mjscore.result import ScoreLine
from mjscore.settings import Settings
from mjscore.values import ByIdentity, Value, forget_memos, kept, memo


def test_forget_memos_empties_every_memo_made_by_memo() -> None:
    words: dict[str, int] = memo()
    by_identity: ByIdentity[str] = ByIdentity()
    key = object()
    kept(words, 8, "seat", 1)
    by_identity.put(key, None, (), "text")
    forget_memos()
    assert words == {}
    assert by_identity.get(key) is None


def test_forget_memos_empties_the_package_memos() -> None:
    # why: read_tiles keeps what it read in a module memo; after forget_memos the same text is
    # read again (its tiles a new tuple, equal to the kept one), as in a process just started
    first = read_tiles("123m")[0]
    assert read_tiles("123m")[0] is first
    forget_memos()
    again = read_tiles("123m")[0]
    assert again == first
    assert again is not first


def test_kept_starts_again_when_full() -> None:
    seen: dict[int, int] = memo()
    for n in range(3):
        kept(seen, 3, n, n)
    kept(seen, 3, 3, 3)  # why: a memo of 3 entries that is full starts again before the fourth
    assert seen == {3: 3}


@dataclass(frozen=True)
class _GeneratedSettings:  # Settings' fields, with the methods dataclasses writes: what Value must agree with
    ruleset: str = "riichi"
    deck_path: Path | None = None
    options: Mapping[str, Mapping[str, object]] = field(default_factory=lambda: MappingProxyType({}))
    source: str = "defaults"
    ruleset_from: str = ""
    preset: str | None = None
    memo: dict[Hashable, object] = field(default_factory=dict, compare=False, repr=False)


_VARIED: list[dict[str, object]] = [
    {},
    {"ruleset": "baba"},
    {"preset": "tenhou"},
    {"memo": {"base": 1}},  # not compared, not shown
    {"options": MappingProxyType({"riichi": MappingProxyType({"aka": True})})},
]


@pytest.mark.parametrize("fields", _VARIED)
@pytest.mark.parametrize("others", _VARIED)
def test_a_value_compares_and_shows_as_dataclasses_would(fields: dict[str, object], others: dict[str, object]) -> None:
    # why: Value writes once the equality and repr that dataclasses writes per class: equal by
    # the compared fields in order (Settings' memo is not compared), shown with every field but
    # the one marked repr=False, under the class's name
    ours, theirs = Settings(**fields), _GeneratedSettings(**fields)  # type: ignore[arg-type]
    ours_too, theirs_too = Settings(**others), _GeneratedSettings(**others)  # type: ignore[arg-type]
    assert (ours == ours_too) == (theirs == theirs_too)
    assert (ours != ours_too) == (theirs != theirs_too)
    assert repr(ours) == repr(theirs).replace("_GeneratedSettings(", "Settings(")


@dataclass(frozen=True, slots=True)
class _GeneratedLine:  # ScoreLine's fields, hashed as dataclasses hashes them
    rule_id: str
    name: str
    local_name: str
    count: int
    value: int
    detail: str = ""


def test_a_value_hashes_as_dataclasses_would() -> None:
    # why: a frozen dataclass hashes the tuple of its compared fields; Value hashes the same
    for fields in [("dora", "Dora", "ドラ", 2, 2), ("riichi", "Riichi", "立直", 1, 1, "x")]:
        assert hash(ScoreLine(*fields)) == hash(_GeneratedLine(*fields))  # type: ignore[arg-type]


def test_a_value_is_not_equal_to_another_class_with_the_same_fields() -> None:
    # why: as a generated __eq__, a value of another class is not compared (NotImplemented)
    fields = ("dora", "Dora", "ドラ", 2, 2)
    assert ScoreLine(*fields) != _GeneratedLine(*fields)
    assert ScoreLine(*fields) != fields


def _package_dataclasses() -> list[type]:
    found: dict[str, type] = {}
    for module_info in pkgutil.walk_packages(mjscore.__path__, "mjscore."):
        if module_info.name.endswith(("__main__", ".cli", "grammar", ".bnf", ".plot")):
            continue  # entry points, pyparsing's and matplotlib's modules
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == module.__name__:
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


def test_every_frozen_dataclass_is_a_value_without_generated_methods() -> None:
    # why: a frozen dataclass declared with dataclasses' own eq and repr makes them (and a hash)
    # as source compiled at import; a value class takes them from Value. Identity-compared
    # classes (eq=False, not values) and mutable ones (builders) are left as they are.
    classes = _package_dataclasses()
    values = [cls for cls in classes if issubclass(cls, Value)]
    assert len(values) > 80  # the walk found the package's classes
    for cls in values:
        declared = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert not (declared.eq or declared.repr or declared.unsafe_hash), cls
    others = {cls.__qualname__ for cls in classes if not issubclass(cls, Value)}
    assert others == {"Deck", "Preset", "_RoundBuilder", "_GameBuilder", "_Seat", "_Replay"}
