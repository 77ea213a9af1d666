"""Settings that hold across many hands: the default rule set, the BABA deck,
and rule options from a TOML rules file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from mjscore.errors import UsageError, file_not_utf8

if TYPE_CHECKING:
    from mjscore.tiles import Deck

DEFAULT_RULESET = "riichi"  # docs/notation.md: lines without a prefix, and no --rules / MJSCORE_RULES
ENV_RULES = "MJSCORE_RULES"


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

    @cached_property
    def deck(self) -> Deck:
        from mjscore.tiles import default_deck, load_deck

        return load_deck(self.deck_path) if self.deck_path else default_deck()


def load_settings(rules: str | None = None, deck: Path | None = None) -> Settings:
    """Settings from ``--rules`` (a rule-set name or a TOML file), else the
    ``MJSCORE_RULES`` environment variable, and ``--deck``."""
    given = rules or os.environ.get(ENV_RULES) or None
    if given is None:
        return Settings(deck_path=deck)
    path = Path(given)
    if given.endswith(".toml") or path.is_file():
        return _from_file(path, deck)
    source = "--rules" if rules else f"${ENV_RULES}"
    return Settings(ruleset=given, deck_path=deck, source=source, ruleset_from=source)


def _from_file(path: Path, deck: Path | None) -> Settings:
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as exc:
        raise UsageError(f"cannot read rules file {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: {file_not_utf8(exc)}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML: {exc}") from exc
    named = "ruleset" in data
    ruleset = data.pop("ruleset", DEFAULT_RULESET)
    deck_entry = data.pop("deck", None)
    if deck is None and deck_entry is not None:
        deck = (path.parent / str(deck_entry)).resolve()
    sections: dict[str, Mapping[str, object]] = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            raise UsageError(
                f"{path}: {name!r} must be a [section] named after a rule set, "
                "or one of the top-level keys ruleset, deck"
            )
        sections[name] = MappingProxyType(dict(table))
    source = f"rules file {path}"
    return Settings(str(ruleset), deck, MappingProxyType(sections), source, source if named else "")
