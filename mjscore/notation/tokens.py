"""The tokens of the hand notation: each token's spelling, as one regular
expression, and the fast reader built from them (imports nothing else).

``grammar`` builds the pyparsing grammar from these same patterns. A line the
fast reader accepts never needs pyparsing, so it is imported only for a line
the fast reader declines: such a line is read, or its error located, there.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# Flag words of the BABA family. A flag ends the hand part; any other bare word
# there is read as cards (and reported as such if it is not).
BABA_FLAGS = ("tsumo", "ron", "menzen")
# Flag words of the mpsz family (riichi and the rule sets built on its tiles).
MPSZ_FLAGS = (
    "tsumo",
    "ron",
    "riichi",
    "double-riichi",
    "wriichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "discarded-baida",
)

# Blanks between groups and items: ASCII white space and the ideographic space
# (U+3000) a Japanese input method types. Other Unicode spaces are errors.
BLANKS = " \t\r\n\u3000"
_BLANK = r"[ \t\r\n\u3000]"

# Token patterns: the one home of each token's spelling.
_CARD_CHARS = r"[^\s()\[\]{}=#]"
_ENDS = rf"(?={_BLANK}|$)"
RULESET_RE = rf"{_BLANK}*([A-Za-z][A-Za-z0-9_-]*){_BLANK}*:"
KEY_VALUE_RE = r"[A-Za-z][\w-]*=\S*"
WORD_RE = r"[A-Za-z][\w-]*" + _ENDS
MELD_CARDS_RE = _CARD_CHARS + "+"
BABA_FLAG_RE = r"(?:" + "|".join(BABA_FLAGS) + ")" + _ENDS
BABA_CARDS_RE = r"(?![A-Za-z][\w-]*=)(?!" + BABA_FLAG_RE + ")" + _CARD_CHARS + "+"
TILES_RE = r"(?:[0-9]+[mpszfg])+"  # "123m406p": digits, then their suit letter (f, g: hana's flowers)
WINNING_TILE_RE = r"[0-9][mpszfg]"
MPSZ_FLAG_RE = r"(?:" + "|".join(sorted(MPSZ_FLAGS, key=len, reverse=True)) + ")" + _ENDS
DRAW_RE = r"draw" + _ENDS


class Token(NamedTuple):
    """One token of a line: what it is, where it starts (0-based), its text,
    and for ``key=value`` items the value and where that starts."""

    tag: str  # cards | open | closed | shown | flag | option | word
    loc: int
    text: str
    value: str = ""
    value_loc: int = 0


def option_token(loc: int, text: str) -> Token:
    key, value = text.split("=", 1)
    return Token("option", loc, key, value, loc + len(key) + 1)


class _FastForm(NamedTuple):
    body: re.Pattern[str]  # the whole body; group "hand" is the hand part
    groups: re.Pattern[str]  # tokenizer for the hand part
    items: re.Pattern[str]  # tokenizer for the items after it


def _fast_form(groups: dict[str, str], items: dict[str, str]) -> _FastForm:
    """The one-regex form of a body, built from the same token patterns."""
    group_alt = "|".join(groups.values())
    item_alt = "|".join(items.values())
    b = _BLANK
    # A group ends at a blank, a bracket, "+" or the end; one that ends in a closing bracket may touch the next.
    ends = r"(?:(?<=[)\]}])|(?=[ \t\r\n\u3000(\[{+]|$))"
    body = rf"(?P<hand>{b}*(?:(?:{group_alt}){ends}{b}*)+)(?:(?:{item_alt})(?:{b}+|$))*"
    return _FastForm(re.compile(body), _tokenizer(groups), _tokenizer(items))


def _tokenizer(patterns: dict[str, str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?P<{tag}>{pattern})" for tag, pattern in patterns.items()))


_FAST = {
    "baba": _fast_form(
        {
            "open": r"\(" + MELD_CARDS_RE + r"\)",
            "closed": r"\[" + MELD_CARDS_RE + r"\]",
            "shown": r"\{" + MELD_CARDS_RE + r"\}",
            "cards": BABA_CARDS_RE,
        },
        {"option": KEY_VALUE_RE, "flag": BABA_FLAG_RE, "word": WORD_RE},
    ),
    "mpsz": _fast_form(
        {
            "open": r"\(" + TILES_RE + r"\)",
            "closed": r"\[" + TILES_RE + r"\]",
            "winning": r"\+" + WINNING_TILE_RE,
            "cards": TILES_RE,
        },
        {"option": KEY_VALUE_RE, "flag": MPSZ_FLAG_RE, "word": WORD_RE},
    ),
}
_STRIP = {"open": 1, "closed": 1, "shown": 1}  # brackets around a meld's cards
_LEAD = {"winning": 1}  # the "+" before the winning tile


def fast_tokens(family: str, text: str, start: int = 0) -> list[Token] | None:
    """Tokens of the body ``text[start:]``, located in ``text``, if the one-regex
    form of the body accepts it; None sends the line to the structured grammar."""
    fast = _FAST[family]
    match = fast.body.fullmatch(text, start)
    if match is None:
        return None
    split = match.end("hand")
    return [_fast_token(m) for m in fast.groups.finditer(text, start, split)] + [
        _fast_token(m) for m in fast.items.finditer(text, split)
    ]


def _fast_token(m: re.Match[str]) -> Token:
    tag = m.lastgroup or ""
    if tag == "option":
        return option_token(m.start(), m.group())
    cut = _STRIP.get(tag, 0)
    lead = cut or _LEAD.get(tag, 0)
    return Token(tag, m.start(), m.group()[lead : len(m.group()) - cut])
