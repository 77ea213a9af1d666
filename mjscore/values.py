"""What mjscore's frozen values share: each pickles through its constructor; the NamedTuples
made for every hand are made without their own ``__new__`` (``made``)."""

from __future__ import annotations

from dataclasses import Field, fields
from typing import Any, ClassVar, TypeVar

TupleT = TypeVar("TupleT", bound=tuple[Any, ...])


def made(cls: type[TupleT], values: tuple[object, ...]) -> TupleT:
    """The NamedTuple ``cls`` of ``values``, every field in the order the class declares them.

    A NamedTuple's own ``__new__`` is Python code, which a compiled build calls at about 3,000
    instructions a time; ``tuple.__new__`` fills the fields in C, unchecked. For the few places
    that make a NamedTuple for every hand (tests/unit/test_compiled_build.py holds each to what
    its constructor makes); the constructor stays the way to make any other."""
    return tuple.__new__(cls, values)


class Value:
    """Base of a frozen dataclass that is pickled: restored as ``type(self)(*fields)``.

    Python restores a pickled object field by field, through ``__setattr__``; in a compiled
    build (mypyc) a frozen dataclass refuses that, so a result or a batch line sent between
    ``--jobs`` processes could not be unpickled. Every field must be a constructor argument.
    """

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def __reduce__(self) -> tuple[type[Value], tuple[object, ...]]:
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))
