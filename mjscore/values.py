"""What mjscore's frozen values share: each pickles through its constructor."""

from __future__ import annotations

from dataclasses import Field, fields
from typing import Any, ClassVar


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
