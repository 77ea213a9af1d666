"""Reading and writing BABA cards: a card by its two-kanji spelling, ASCII code or
single-kanji shorthand, OBABA by its spellings (docs/notation.md); melds of cards checked
as written; a reading, and the deck, described for people."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from mjscore.errors import Problem, quoted
from mjscore.families.baba.deck import DOUBLING_MARK, WILD_NAME, Deck
from mjscore.hand import SHAPE_SIZE, Group, Meld, MeldKind, Reading, Shape
from mjscore.notation.tokens import Token
from mjscore.result import ShownTable


def read_cards(
    text: str, deck: Deck, col: int, starts: list[int] | None = None
) -> tuple[list[int | None], list[Problem]]:
    """The cards written in ``text`` (``None`` for OBABA), read left to right.

    A two-kanji spelling or ASCII code is one card. A lone kanji X stands for
    "X々"; inside a run of shorthand the same kanji stays shorthand, so
    ``馬馬馬場場`` is 馬々×3 場々×2 while ``馬場`` is the 馬場 card. ``col`` is the
    1-based column of ``text[0]``; ``starts``, when given, gets the column of each card
    (for a problem that points at one card), and of the text that is no card, if any.
    """
    cards: list[int | None] = []
    i, run = 0, ""
    while i < len(text):
        if starts is not None:
            starts.append(col + i)
        ch, pair = text[i], text[i : i + 2]
        if ch in deck.wild_spellings:
            cards.append(None)
            i, run = i + 1, ""
        elif len(pair) == 2 and pair.upper() in deck.by_code:
            cards.append(deck.by_code[pair.upper()])
            i, run = i + 2, ""
        elif pair in deck.by_spelling and ch != run:
            cards.append(deck.by_spelling[pair])
            i, run = i + 2, ""
        elif ch in deck.by_shorthand:
            cards.append(deck.by_shorthand[ch])
            i, run = i + 1, ch
        else:
            return cards, [not_a_card(text, i, deck, col)]
    return cards, []


def nth_card(tokens: Sequence[Token], deck: Deck, card: int | None, n: int) -> int:
    """The column of the ``n``-th copy (1-based, in line order) of ``card`` (None: OBABA); the
    hand's start if there are fewer. The tokens are read again: this is for a problem only."""
    cols = []
    for tok in tokens:
        starts: list[int] = []
        read, _ = read_cards(tok.text, deck, tok.text_col, starts)
        cols += [at for at, c in zip(starts, read, strict=False) if c == card]
    return cols[n - 1] if len(cols) >= n else tokens[0].loc + 1


def not_a_card(text: str, i: int, deck: Deck, col: int) -> Problem:
    return Problem("unknown-card", f"{quoted(text[i:])} is not a card; the cards are {deck.card_names()}", col + i)


def meld_problems(meld: Meld, col: int, deck: Deck) -> list[Problem]:
    if meld.meld is MeldKind.CLOSED_KAN and meld.size != 4:
        return [Problem("bad-meld", f"an An-KAN […] is four matching cards; {meld.size} given", col)]
    if meld.meld is MeldKind.SHOWN and meld.size != 3:
        return [Problem("bad-meld", f"a shown Kohtsu {{…}} is three matching cards; {meld.size} given", col)]
    if meld.size not in (3, 4):
        return [Problem("bad-meld", f"a meld (…) is a PON (3) or a KAN (4); {meld.size} cards given", col)]
    if len(set(meld.kinds)) > 1:
        names = " ".join(deck.name(k) for k in meld.kinds)
        return [Problem("bad-meld", f"a meld's cards must match (OBABA may stand in); got {names}", col)]
    if not meld.kinds:
        return [Problem("bad-meld", "a meld of OBABA alone has no kind to match", col)]
    return []


def describe(reading: Reading, deck: Deck) -> str:
    """A reading for people: "Kohtsu 馬々×3 · Kohtsu 場々×2+OBABA"."""
    return " · ".join(_describe_group(g, deck) for g in reading.groups)


_GROUP_WORDS: Final = {Shape.SET: "Kohtsu", Shape.KAN: "KAN", Shape.PAIR: "pair", Shape.SINGLE: "", Shape.RUN: "run"}
_MELD_WORDS: Final = {MeldKind.OPEN: " (open)", MeldKind.CLOSED_KAN: " (An-KAN)", MeldKind.SHOWN: " (shown)", None: ""}


@lru_cache(maxsize=1024)
def _describe_group(g: Group, deck: Deck) -> str:
    size = SHAPE_SIZE[g.shape]
    real = size - g.wilds
    cards = f"{deck.name(g.kind)}×{real}" if g.kind is not None and real > 1 else deck.name(g.kind) if real else ""
    wild = f"{WILD_NAME}×{g.wilds}" if g.wilds > 1 else WILD_NAME if g.wilds else ""
    text = "+".join(x for x in (cards, wild) if x)
    return f"{_GROUP_WORDS[g.shape]} {text}{_MELD_WORDS[g.meld]}".strip()


def format_cards(kinds: Sequence[int], wilds: int, deck: Deck) -> str:
    return "".join(deck.kinds[k].spelling for k in kinds) + "O" * wilds


def deck_table(deck: Deck) -> ShownTable:
    """The deck as ``mjscore rules baba`` shows it: each card, its code and other spellings."""
    rows = [(k.spelling, k.code, k.spelling[0] if k.spelling[1] == DOUBLING_MARK else "") for k in deck.kinds]
    rows.append((WILD_NAME, "O", " ".join(sorted(deck.wild_spellings - {"O", "o"}))))
    title = f"Deck: {deck.source}, {deck.max_wilds} OBABA at most"
    return ShownTable(title, ("card", "code", "also"), tuple(rows))
