"""Tile and card kinds, and the sets they come in.

A *kind* is identified by its index into its tile set; hands and readings hold
indices only, so the decomposer and the rule engine never look at spellings.
A tile set may also have wild cards, which hands count separately.

The BABA deck is data (``data/baba_deck.toml``); a user can load another one
with ``--deck FILE``. ``load_deck`` checks every constraint RULES.md §1.1 puts on
a deck, so a wrong deck file is refused with all its faults listed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path

from mjscore.errors import UsageError

# Written spellings of the OBABA wild card; 婆 only counts when no deck kind uses it.
WILD_SPELLINGS = ("O", "o", "*", "お")
WILD_KANJI_ALT = "婆"
WILD_NAME = "OBABA"
DOUBLING_MARK = "々"  # "X々" is the kind written by the single-kanji shorthand "X"
_CODE_RE = re.compile(r"[A-NP-Z][A-Z]")  # two letters, not starting with the wild's O


@dataclass(frozen=True, slots=True)
class CardKind:
    """One BABA card kind: its two-kanji spelling and ASCII code."""

    index: int
    spelling: str
    code: str

    @property
    def kanji(self) -> frozenset[str]:
        return frozenset(self.spelling)


@dataclass(frozen=True)
class Deck:
    """The nine BABA card kinds plus how many OBABA wild cards can be in play."""

    kinds: tuple[CardKind, ...]
    max_wilds: int
    source: str

    @cached_property
    def by_spelling(self) -> Mapping[str, int]:
        return {k.spelling: k.index for k in self.kinds}

    @cached_property
    def by_code(self) -> Mapping[str, int]:
        return {k.code: k.index for k in self.kinds}

    @cached_property
    def by_shorthand(self) -> Mapping[str, int]:
        """Single-kanji shorthand: "X" stands for the kind spelled "X々"."""
        return {k.spelling[0]: k.index for k in self.kinds if k.spelling[1] == DOUBLING_MARK}

    @cached_property
    def wild_spellings(self) -> frozenset[str]:
        in_deck = any(WILD_KANJI_ALT in k.spelling for k in self.kinds)
        return frozenset(WILD_SPELLINGS + (() if in_deck else (WILD_KANJI_ALT,)))

    def name(self, index: int | None) -> str:
        return WILD_NAME if index is None else self.kinds[index].spelling

    def card_names(self) -> str:
        """The known cards, for error messages: "馬場 (MB), 馬庭 (MN), ..., OBABA (O)"."""
        names = [f"{k.spelling} ({k.code})" for k in self.kinds]
        return ", ".join([*names, f"{WILD_NAME} (O)"])


def default_deck() -> Deck:
    text = resources.files("mjscore").joinpath("data/baba_deck.toml").read_text(encoding="utf-8")
    return parse_deck(text, "built-in deck (a reconstruction)")


def load_deck(path: Path) -> Deck:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise UsageError(f"cannot read deck file {path}: {exc.strerror}") from exc
    return parse_deck(text, str(path))


def parse_deck(text: str, source: str) -> Deck:
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{source}: not valid TOML: {exc}") from exc
    raw_kinds = data.get("kind", [])
    faults: list[str] = []
    kinds: list[CardKind] = []
    for i, raw in enumerate(raw_kinds if isinstance(raw_kinds, list) else []):
        spelling = str(raw.get("spelling", "")) if isinstance(raw, dict) else ""
        code = str(raw.get("code", "")).upper() if isinstance(raw, dict) else ""
        kinds.append(CardKind(i, spelling, code))
    max_wilds = data.get("wild_cards", 4)
    faults.extend(deck_faults(kinds, max_wilds))
    if faults:
        raise UsageError(f"{source}: not a usable BABA deck: " + "; ".join(faults))
    return Deck(tuple(kinds), int(max_wilds), source)


def deck_faults(kinds: list[CardKind], max_wilds: object) -> list[str]:
    """Every way a deck breaks RULES.md §1.1 (and the notation's needs)."""
    faults = []
    if len(kinds) != 9:
        faults.append(f"a deck has nine kinds, this one has {len(kinds)}")
    for k in kinds:
        if len(k.spelling) != 2:
            faults.append(f"kind {k.spelling!r}: a spelling is two characters")
        if not _CODE_RE.fullmatch(k.code):
            faults.append(f"kind {k.spelling!r}: code {k.code!r} must be two letters A-Z, not starting with O")
    for what, values in (("spelling", [k.spelling for k in kinds]), ("code", [k.code for k in kinds])):
        dupes = sorted({v for v in values if values.count(v) > 1})
        if dupes:
            faults.append(f"{what}s must be unique: {', '.join(dupes)} repeated")
    ba_kinds = sum("場" in k.spelling for k in kinds)
    if ba_kinds != 6:
        faults.append(f"exactly six kinds contain 場 (Ba-ittsu), this deck has {ba_kinds}")
    for kanji in ("馬", DOUBLING_MARK):
        if sum(kanji in k.spelling for k in kinds) < 2:
            faults.append(f"at least two kinds must contain {kanji} (so its Chin-itsu can be made)")
    if not isinstance(max_wilds, int) or not 0 <= max_wilds <= 4:
        faults.append("wild_cards is a whole number from 0 to 4")
    return faults
