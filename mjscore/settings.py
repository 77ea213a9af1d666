"""Settings that hold across many hands: the default rule set, the BABA deck,
and rule options from a TOML rules file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from mjscore.errors import UsageError, file_not_utf8, printable, quoted, quoted_path, quoted_value

if TYPE_CHECKING:
    from mjscore.tiles import Deck

DEFAULT_RULESET = "riichi"  # docs/notation.md: lines without a prefix, and no --rules / MJSCORE_RULES
ENV_RULES = "MJSCORE_RULES"
TOML_MESSAGE_LIMIT = 300  # characters of tomllib's message a usage error shows
FILE_LIMIT = 1024 * 1024  # bytes of a rules or deck file: they hold a few hundred


@dataclass(frozen=True)
class Settings:
    """``options`` maps a rule-set name to option values read from a rules file;
    inline ``key=value`` items on a line override them."""

    ruleset: str = DEFAULT_RULESET
    deck_path: Path | None = None
    options: Mapping[str, Mapping[str, object]] = field(default_factory=lambda: MappingProxyType({}))
    source: str = "defaults"
    ruleset_from: str = ""  # where the default rule set was named ("" = built in)
    # Values derived once per settings (a rule set's base options); not part of equality.
    memo: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def deck(self) -> Deck:
        """Loaded when first used, then kept in ``memo`` (a compiled class keeps no cached_property)."""
        from mjscore.tiles import Deck, default_deck, load_deck

        deck = self.memo.get("deck")
        if not isinstance(deck, Deck):
            deck = self.memo["deck"] = load_deck(self.deck_path) if self.deck_path else default_deck()
        return deck


def load_settings(rules: str | None = None, deck: Path | None = None) -> Settings:
    """Settings from ``--rules`` (a rule-set name or a TOML file), else the
    ``MJSCORE_RULES`` environment variable, and ``--deck``.

    A rule set's name or alias names that rule set (a file of that name is ./NAME); any other
    value names a file when it ends in .toml, holds a path separator or names a file that
    exists; else it is a rule set's name mistyped, told as such."""
    from mjscore.rulesets import is_ruleset_name

    given = rules or os.environ.get(ENV_RULES) or None
    if given is None:
        return Settings(deck_path=deck)
    is_file = given.endswith(".toml") or os.sep in given or os.path.isfile(given)  # isfile: False for a bad name
    if is_file and not is_ruleset_name(given):
        return _from_file(Path(given), deck)
    source = "--rules" if rules else f"${ENV_RULES}"
    return Settings(ruleset=given, deck_path=deck, source=source, ruleset_from=source)


def _from_file(path: Path, deck: Path | None) -> Settings:
    from mjscore.rulesets import find_ruleset, unknown_ruleset

    data = load_toml(path, "rules")
    shown = printable(str(path))
    named = "ruleset" in data
    ruleset = data.pop("ruleset", DEFAULT_RULESET)
    deck_entry = data.pop("deck", None)
    for key, value in (("ruleset", ruleset), ("deck", deck_entry)):
        if value is not None and not isinstance(value, str):
            raise UsageError(f"{shown}: {key} = is a name in quotes, not {quoted_value(value)}")
    if deck is None and deck_entry is not None:
        deck = path.parent / deck_entry
    sections: dict[str, Mapping[str, object]] = {}
    written: dict[str, str] = {}  # rule set -> its section's name as written
    for name, table in data.items():
        if not isinstance(table, dict):
            raise UsageError(
                f"{shown}: {quoted(name)} must be a [section] named after a rule set, "
                "or one of the top-level keys ruleset, deck"
            )
        found = find_ruleset(name)  # by any of its names, in any case: [expert], [BABA]
        if found is None:
            raise UsageError(f"{shown}: section {quoted(name)} is not a rule set ({unknown_ruleset(name).message})")
        if found.name in written:
            raise UsageError(
                f"{shown}: sections {quoted(written[found.name])} and {quoted(name)} both name the rule set "
                f"{found.name}: give its options in one section"
            )
        written[found.name] = name
        sections[found.name] = MappingProxyType(dict(table))
    source = f"rules file {shown}"
    return Settings(ruleset, deck, MappingProxyType(sections), source, source if named else "")


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
