"""The BABA deck: nine card kinds, their spellings and codes, and the OBABA wild card.

The deck is data (``data/baba_deck.toml``); a user can load another one with
``--deck FILE``. ``load_deck`` checks every constraint docs/rules/baba.md §1 puts on
a deck, so a wrong deck file is refused with all its faults listed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Final

from mjscore.errors import UsageError, printable, quoted, some_of
from mjscore.settings import Settings, load_toml, parse_toml, shipped_text
from mjscore.values import Value

if TYPE_CHECKING:  # a deck file's path is made where it is named (configure)
    from pathlib import Path

# Written spellings of the OBABA wild card; 婆 only counts when no deck kind uses it.
WILD_SPELLINGS: Final = ("O", "o", "*", "お")
WILD_KANJI_ALT: Final = "婆"
WILD_NAME: Final = "OBABA"
MAX_COPIES: Final = 4  # of each card kind (docs/rules/baba.md §1)
WILD_WAIT: Final = -1  # OBABA as a kind, where mjscore waits counts it beside the deck's kinds (0-8)
DOUBLING_MARK: Final = "々"  # "X々" is the kind written by the single-kanji shorthand "X"
_CODE_RE: Final = re.compile(r"[A-NP-Z][A-Z]")  # two letters, not starting with the wild's O


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class CardKind(Value):
    """One BABA card kind: its two-kanji spelling and ASCII code."""

    index: int
    spelling: str
    code: str


@dataclass(frozen=True, eq=False)  # one deck per settings: compared and hashed by identity (cheap cache keys)
class Deck:
    """The nine BABA card kinds plus how many OBABA wild cards can be in play."""

    kinds: tuple[CardKind, ...]
    max_wilds: int
    source: str

    # Derived from ``kinds`` when the deck is made (a compiled class keeps no cached_property).
    by_spelling: Mapping[str, int] = field(init=False, repr=False)
    by_code: Mapping[str, int] = field(init=False, repr=False)
    by_shorthand: Mapping[str, int] = field(init=False, repr=False)  # "X" stands for the kind spelled "X々"
    wild_spellings: frozenset[str] = field(init=False, repr=False)
    _masks: dict[tuple[str, ...], tuple[int, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        set_once = object.__setattr__  # frozen: each is set once, as the deck is made
        set_once(self, "by_spelling", {k.spelling: k.index for k in self.kinds})
        set_once(self, "by_code", {k.code: k.index for k in self.kinds})
        set_once(self, "by_shorthand", {k.spelling[0]: k.index for k in self.kinds if k.spelling[1] == DOUBLING_MARK})
        in_deck = any(WILD_KANJI_ALT in k.spelling for k in self.kinds)
        set_once(self, "wild_spellings", frozenset(WILD_SPELLINGS + (() if in_deck else (WILD_KANJI_ALT,))))
        set_once(self, "_masks", {})

    def kanji_masks(self, kanji: tuple[str, ...]) -> tuple[int, ...]:
        """Per kind, a bit mask of which of ``kanji`` its spelling holds (bit i: kanji[i])."""
        masks = self._masks.get(kanji)
        if masks is None:
            masks = self._masks[kanji] = tuple(
                sum(1 << i for i, kj in enumerate(kanji) if kj in k.spelling) for k in self.kinds
            )
        return masks

    @cache  # noqa: B019 - a deck lives as long as the settings that loaded it
    def kinds_with(self, kanji: str) -> frozenset[int]:
        """The kinds whose spelling holds ``kanji``."""
        return frozenset(k.index for k in self.kinds if kanji in k.spelling)

    def name(self, index: int | None) -> str:
        return WILD_NAME if index is None else self.kinds[index].spelling

    def card_names(self) -> str:
        """The known cards, for error messages: "馬場 (MB), 馬庭 (MN), ..., OBABA (O)"."""
        names = [f"{k.spelling} ({k.code})" for k in self.kinds]
        return ", ".join([*names, f"{WILD_NAME} (O)"])


def default_deck() -> Deck:
    return parse_deck(shipped_text("data/baba_deck.toml"), "built-in deck (a reconstruction)")


def load_deck(path: Path) -> Deck:
    return deck_from(load_toml(path, "deck"), printable(str(path)))


def parse_deck(text: str, source: str) -> Deck:
    return deck_from(parse_toml(text, source), source)


def deck_from(data: Mapping[str, object], source: str) -> Deck:
    """The deck a deck file's TOML holds; a ``UsageError`` lists what is wrong with it."""
    raw_kinds = data.get("kind", [])
    kinds: list[CardKind] = []
    for i, raw in enumerate(raw_kinds if isinstance(raw_kinds, list) else []):
        spelling = str(raw.get("spelling", "")) if isinstance(raw, dict) else ""
        code = str(raw.get("code", "")) if isinstance(raw, dict) else ""
        code = code.upper() if code.isascii() else code  # any case; "ß" would become "SS"
        kinds.append(CardKind(i, spelling, code))
    max_wilds = data.get("wild_cards", 4)
    faults = deck_faults(kinds, max_wilds)
    if faults:
        raise UsageError(f"{source}: not a usable BABA deck: {some_of(faults)}")
    assert isinstance(max_wilds, int)
    return Deck(tuple(kinds), max_wilds, source)


def deck_faults(kinds: list[CardKind], max_wilds: object) -> list[str]:
    """Every way a deck breaks docs/rules/baba.md §1 (and the notation's needs)."""
    faults = []
    if len(kinds) != 9:
        faults.append(f"a deck has nine kinds, this one has {len(kinds)}")
    for k in kinds:
        if len(k.spelling) != 2 or not k.spelling.isprintable() or any(ch.isspace() for ch in k.spelling):
            faults.append(f"kind {quoted(k.spelling)}: a spelling is two characters (no space, no control)")
        if not _CODE_RE.fullmatch(k.code):
            faults.append(
                f"kind {quoted(k.spelling)}: code {quoted(k.code)} must be two letters A-Z, not starting with O"
            )
    for what, values in (("spelling", [k.spelling for k in kinds]), ("code", [k.code for k in kinds])):
        dupes = sorted(v for v, n in Counter(values).items() if n > 1)
        if dupes:
            faults.append(f"{what}s must be unique: {some_of([quoted(v) for v in dupes], sep=', ')} repeated")
    ba_kinds = sum("場" in k.spelling for k in kinds)
    if ba_kinds != 6:
        faults.append(f"exactly six kinds contain 場 (Ba-ittsu), this deck has {ba_kinds}")
    for kanji in ("馬", DOUBLING_MARK):
        if sum(kanji in k.spelling for k in kinds) < 2:
            faults.append(f"at least two kinds must contain {kanji} (so its Chin-itsu can be made)")
    if isinstance(max_wilds, bool) or not isinstance(max_wilds, int) or not 0 <= max_wilds <= 4:
        faults.append("wild_cards is a whole number from 0 to 4")
    return faults


def deck_of(settings: Settings) -> Deck:
    """The deck ``settings`` name (``--deck``, or a rules file's ``deck =``), else the built-in
    one: loaded once per settings; a ``UsageError`` says what is wrong with its file."""
    deck = settings.memo.get(_MEMO)
    if deck is None:
        deck = settings.memo[_MEMO] = load_deck(settings.deck_path) if settings.deck_path else default_deck()
    assert isinstance(deck, Deck)
    return deck


_MEMO: Final = "deck"  # the deck's key in ``Settings.memo``
