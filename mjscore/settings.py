"""Settings that hold across many hands: the default rule set, rule options from a TOML
rules file, and the files a notation family reads (the BABA deck: ``--deck``)."""

from __future__ import annotations

import os
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from mjscore.errors import UsageError, file_not_utf8, printable, quoted_path
from mjscore.values import Value

if TYPE_CHECKING:  # a path is made only where a file is named: pathlib is 5 ms of start-up
    from pathlib import Path

DEFAULT_RULESET: Final = "riichi"  # docs/notation.md: lines without a prefix, and no --rules / MJSCORE_RULES
ENV_RULES: Final = "MJSCORE_RULES"
TOML_MESSAGE_LIMIT: Final = 300  # characters of tomllib's message a usage error shows
FILE_LIMIT: Final = 1024 * 1024  # bytes of a rules or deck file: they hold a few hundred


@dataclass(frozen=True, repr=False, eq=False)
class Settings(Value):
    """``options`` maps a rule-set name to option values read from a rules file;
    inline ``key=value`` items on a line override them."""

    ruleset: str = DEFAULT_RULESET
    deck_path: Path | None = None
    options: Mapping[str, Mapping[str, object]] = field(default_factory=lambda: MappingProxyType({}))
    source: str = "defaults"
    ruleset_from: str = ""  # where the default rule set was named ("" = built in)
    preset: str | None = None  # --preset: the preset of every line that names none (docs: README, Presets)
    # Values derived once per settings (a rule set's base options, a family's file as loaded);
    # not part of equality.
    memo: dict[Hashable, object] = field(default_factory=dict, compare=False, repr=False)


def load_toml(path: Path, what: str) -> dict[str, Any]:
    """A rules or deck file (``what`` says which) read as TOML, at most ``FILE_LIMIT`` bytes of
    it; a ``UsageError`` says why it cannot be."""
    try:
        with open(path, "rb") as file:
            data = file.read(FILE_LIMIT + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "no file name holds a NUL"
        raise UsageError(f"cannot read {what} file {quoted_path(path)}: {reason}") from None
    shown = printable(str(path))
    if len(data) > FILE_LIMIT:
        raise UsageError(f"{shown}: a {what} file holds at most {FILE_LIMIT:,} bytes; this one holds more")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{shown}: {file_not_utf8(exc)}") from None
    return parse_toml(text, shown)


def shipped_text(relative: str) -> str:
    """A data file shipped in the package, as text: ``relative`` to the package's folder. Read
    by path, not through importlib.resources, which costs more to import (start-up time) than
    the read; mjscore is installed as files, never run from a zip."""
    with open(os.path.join(os.path.dirname(__file__), relative), encoding="utf-8") as file:
        return file.read()


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """``text`` read as TOML; a ``UsageError`` names ``source`` and says why it cannot be."""
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)  # it may quote a key or value of any length
        shown = printable(message if len(message) <= TOML_MESSAGE_LIMIT else message[:TOML_MESSAGE_LIMIT] + "…")
        raise UsageError(f"{source}: not valid TOML: {shown}") from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise UsageError(f"{source}: not valid TOML here: arrays or tables nested too deeply") from None
