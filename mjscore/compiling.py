"""Hints for the compiler (mypyc) that cost nothing where mjscore runs as plain Python.

``mypy_extensions``, which defines them, comes with mypy: it is there when the package is
compiled, and need not be where it runs, so a class decorated here imports nothing new.
mypyc knows the decorator by its name in ``mypy_extensions``, which a name imported from here
keeps (the import below), so every module takes it from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import IdentityFunction

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr as mypyc_attr  # noqa: PLC0414 - re-exported, for every module
except ImportError:  # installed with mypy, which compiles: a pure install may lack it

    def mypyc_attr(*attrs: str, **kwattrs: object) -> IdentityFunction:
        """``mypy_extensions.mypyc_attr`` where it is missing: the class unchanged."""

        def unchanged(cls: T) -> T:
            return cls

        return unchanged
