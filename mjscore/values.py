"""What mjscore's frozen values share: equality, hash and repr written once (``Value``), and
each pickles through its constructor; the NamedTuples made for every hand are made without
their own ``__new__`` (``made``); what is worked out
from a value again and again is kept by its identity (``ByIdentity``), in a memo of bounded
size (``kept``); every such memo is made by ``memo`` (or is a ``ByIdentity``), so that
``forget_memos`` empties them all, as ``cache_clear`` empties a functools cache. A regular
expression is compiled on its first use and kept (``compiled_pattern``)."""

from __future__ import annotations

import re
from dataclasses import Field, fields
from typing import Any, ClassVar, Final, Generic, TypeVar

TupleT = TypeVar("TupleT", bound=tuple[Any, ...])
MemoT = TypeVar("MemoT")


# Final: compiled, a C static, where ``tuple.__new__`` is looked up on the type at each call
_TUPLE_NEW: Final = tuple.__new__


def made(cls: type[TupleT], values: tuple[object, ...]) -> TupleT:
    """The NamedTuple ``cls`` of ``values``, every field in the order the class declares them.

    A NamedTuple's own ``__new__`` is Python code, which a compiled build calls at about 3,000
    instructions a time; ``tuple.__new__`` fills the fields in C, unchecked. For the few places
    that make a NamedTuple for every hand (tests/unit/test_compiled_build.py holds each to what
    its constructor makes); the constructor stays the way to make any other."""
    return _TUPLE_NEW(cls, values)


class Value:
    """Base of the package's frozen dataclass values, declared ``repr=False, eq=False``:
    equality, hash and repr are written here once, from the fields, as dataclasses would write
    them for each class (``Field.compare``, ``Field.repr`` heeded). dataclasses makes each class's
    own as source text, compiled as its module is imported: about 0.6 million instructions a
    method, 31 million of a one-line batch's 335 million. No hand calls them.

    A value pickles through its constructor, restored as ``type(self)(*fields)``: Python
    restores a pickled object field by field, through ``__setattr__``, and in a compiled build
    (mypyc) a frozen dataclass refuses that, so a result or a batch line sent between ``--jobs``
    processes could not be unpickled. Every field must be a constructor argument.
    """

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _compared(self) == _compared(other)

    def __hash__(self) -> int:
        return hash(_compared(self))

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in _field_names(type(self))[1]])
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[type[Value], tuple[object, ...]]:
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))


# Per value class, the names of its fields compared (and hashed) and shown: worked out once.
_FIELD_NAMES: Final[dict[type, tuple[tuple[str, ...], tuple[str, ...]]]] = {}


def _field_names(cls: type[Value]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        all_fields = fields(cls)
        names = (tuple(f.name for f in all_fields if f.compare), tuple(f.name for f in all_fields if f.repr))
        _FIELD_NAMES[cls] = names
    return names


def _compared(value: Value) -> tuple[object, ...]:
    return tuple([getattr(value, name) for name in _field_names(type(value))[0]])


# Every memo made by ``memo``: what ``forget_memos`` empties.
_MEMOS: Final[list[dict[Any, Any]]] = []


def memo() -> dict[Any, Any]:
    """A new memo: a plain dict, its keys and values typed where it is kept. Compiled, a
    lookup in it is a native call; an ``lru_cache``'s call goes through Python's generic call
    and builds its key (about 600 instructions more). Filled with ``kept``; ``forget_memos``
    empties it."""
    made_memo: dict[Any, Any] = {}
    _MEMOS.append(made_memo)
    return made_memo


def forget_memos() -> None:
    """Empty every memo made by ``memo``: a process that has just started, for benchmarks and tests."""
    for each in _MEMOS:
        each.clear()


class ByIdentity(Generic[MemoT]):
    """Values worked out from frozen objects (one, or two and some words), kept by the objects'
    identity, at most ``size`` entries (then it starts again). For objects passed again and
    again whose hash is dear or whose text is: the few options objects a batch's settings and
    presets resolved (``RuleSet.line_options`` keeps them), hashing a frozen dataclass of two
    dozen fields as ``lru_cache`` does costing more than much of the work it saves; the score
    lines and payments the engine shares between hands, written as JSON once. An entry holds
    its objects, so their ids cannot be reused while it stands."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.entries: dict[object, tuple[object, object, MemoT]] = memo()

    def get(self, first: object, second: object = None, extra: tuple[str, ...] = ()) -> MemoT | None:
        entry = self.entries.get(_identity_key(first, second, extra))
        return entry[2] if entry is not None else None

    def put(self, first: object, second: object, extra: tuple[str, ...], value: MemoT) -> MemoT:
        kept(self.entries, self.size, _identity_key(first, second, extra), (first, second, value))
        return value


KeyT = TypeVar("KeyT")
KeptT = TypeVar("KeptT")


def kept(memo: dict[KeyT, KeptT], most: int, key: KeyT, value: KeptT) -> KeptT:
    """``value`` put in ``memo`` under ``key`` and returned; a memo that holds ``most`` entries
    starts again first (a batch's distinct keys may not end)."""
    if len(memo) >= most:
        memo.clear()
    memo[key] = value
    return value


def _identity_key(first: object, second: object, extra: tuple[str, ...]) -> object:
    """A ``ByIdentity`` key: one object's id alone, the usual case (a number hashes and compares
    far more cheaply than a tuple), else both ids and the words. An id is an address, a multiple
    of 16, and an int hashes to itself: shifted, its low bits pick a dict's slot (unshifted, a
    lookup in a memo of 2,000 objects took 277 instructions, shifted 173)."""
    if second is None and not extra:
        return id(first) >> 4
    return (id(first), id(second), extra)


_PATTERNS: Final[dict[str, re.Pattern[str]]] = {}  # not a memo: a pattern is not worked out from a hand


def compiled_pattern(text: str) -> re.Pattern[str]:
    """``text`` compiled on its first use rather than at import, and looked up after: a class
    past Latin-1 (the blanks' ideographic space, the surrogates ``errors.printable`` escapes)
    takes ``re`` about a millisecond to compile, and a run may never need the pattern. A plain
    dict, not ``re.compile``'s own cache: that is a Python call, about 3,500 instructions a line
    where every line asks."""
    found = _PATTERNS.get(text)
    if found is None:
        found = _PATTERNS[text] = re.compile(text)
    return found
