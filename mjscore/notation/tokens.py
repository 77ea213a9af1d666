"""The tokens of the hand notation: each token's spelling, as one regular
expression, and the fast reader built from them (imports nothing but the families' words and
``values``).

``grammar`` builds the pyparsing grammar from these same patterns, and the fast
reader reads as it does, element by element. A line the fast reader accepts never
needs pyparsing, so it is imported only for a line the fast reader declines: the
grammar takes over where the fast reader stopped, and says where and why it fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, NamedTuple

from mjscore.families.baba.words import FLAGS as BABA_FLAGS
from mjscore.families.mpsz.words import FLAGS as MPSZ_FLAGS
from mjscore.values import Value, compiled_pattern, made

# Blanks between groups and items: ASCII white space and the ideographic space
# (U+3000) a Japanese input method types. Other Unicode spaces are errors.
BLANKS: Final = " \t\r\n\u3000"
_BLANK: Final = r"[ \t\r\n\u3000]"

# Token patterns: the one home of each token's spelling.
_CARD_CHARS: Final = r"[^\s()\[\]{}=#]"
_ENDS: Final = rf"(?={_BLANK}|$)"
_NAME_RE: Final = r"[A-Za-z][\w-]*"  # a word, or the key of a key=value
_VALUE_RE: Final = r"\S*"
RULESET_RE: Final = rf"{_BLANK}*([A-Za-z][A-Za-z0-9_-]*){_BLANK}*:"
KEY_VALUE_RE: Final = _NAME_RE + "=" + _VALUE_RE
WORD_RE: Final = _NAME_RE + _ENDS
MELD_CARDS_RE: Final = _CARD_CHARS + "+"
BABA_FLAG_RE: Final = r"(?:" + "|".join(BABA_FLAGS) + ")" + _ENDS
BABA_CARDS_RE: Final = r"(?!" + _NAME_RE + "=)(?!" + BABA_FLAG_RE + ")" + _CARD_CHARS + "+"
TILES_RE: Final = r"(?:[0-9]+[mpszfg])+"  # "123m406p": digits, then their suit letter (f, g: hana's flowers)
WINNING_TILE_RE: Final = r"[0-9][mpszfg]"
# In any case ("RON"): in the mpsz family no card code is made of letters (BABA's are, so its flags are lower case).
MPSZ_FLAG_RE: Final = r"(?i:" + "|".join(sorted(MPSZ_FLAGS, key=len, reverse=True)) + ")" + _ENDS
DRAW_RE: Final = r"(?i:draw)" + _ENDS  # in any case, as the flags: no mpsz card code is made of letters


@dataclass(slots=True, init=False, repr=False, eq=False)
class Token(Value):
    """One token of a line: what it is, where it starts (0-based), its text,
    and for ``key=value`` items the value and where that starts.

    A class of its own, not a NamedTuple: a line makes about ten, and compiled, a native
    object is made for a fifth of what a NamedTuple costs (its fields copied from a tuple),
    and its properties are native calls."""

    tag: Final[str]  # cards | open | closed | shown | winning | draw | flag | option | word
    loc: Final[int]
    text: Final[str]
    value: Final[str]
    value_loc: Final[int]

    def __init__(self, tag: str, loc: int, text: str, value: str = "", value_loc: int = 0) -> None:
        self.tag = tag
        self.loc = loc
        self.text = text
        self.value = value
        self.value_loc = value_loc

    @property
    def text_col(self) -> int:
        """The 1-based column of the token's text: after the bracket or "+" that opens a group."""
        return self.loc + (self.tag in _OPENED) + 1

    @property
    def end(self) -> int:
        """Where the token ends on its line (0-based, past its last character: a bracket that
        closes a group, a value)."""
        if self.tag == "option":
            return self.value_loc + len(self.value)
        return self.loc + (self.tag in _OPENED) + len(self.text) + (self.tag in _CLOSED)


_OPENED: Final = frozenset(("open", "closed", "shown", "winning"))  # groups whose text follows an opening character
_CLOSED: Final = frozenset(("open", "closed", "shown"))  # groups whose text a closing character follows


def option_token(loc: int, text: str) -> Token:
    key, value = text.split("=", 1)
    return Token("option", loc, key, value, loc + len(key) + 1)


class _FastForm(NamedTuple):
    """The patterns a line of the family is read with: those a scored line seldom needs as
    text, compiled where used (``values.compiled_pattern``)."""

    lead: str | None  # a word that stands for the hand (mpsz: draw), with the blanks after it: a hand with no group
    items: str  # every item there is, each with the blanks after it: fast_read, for a line the fast form declines
    group: re.Pattern[str]  # one card group, whole: the hand part is as many as there are, blanks between
    flag: str  # a flag word, whole, in any case where the family reads flags so: a flag not as spelt in ``flags``
    flags: frozenset[str]  # the flag words as the family spells them: most items that are flags


# A card group's spelling: what opens it, its cards (the token's text), what closes it.
_CardGroup = tuple[str, str, str]


def _fast_form(
    groups: dict[str, _CardGroup], flag_words: tuple[str, ...], flag_re: str, lead_re: str | None
) -> _FastForm:
    """The fast form of a body, built from the same token patterns as the structured grammar.

    It reads as that grammar does, element by element: every group and item is taken whole
    (a match of its pattern alone; the items' are atomic groups ``(?>…)``), and every
    repetition is possessive (``*+``; the hand's groups are matched one after another, each
    where the last ended), so the hand takes every group there is and never gives one back.
    That also makes it linear: a line it cannot read is given up without trying other ways
    to split it (with backtracking, flags that are also words and melds that may end before
    a blank made those ways double with each one: a line of 250 characters took seconds).
    Where it stops, the structured grammar takes over."""
    item_alt = "|".join((KEY_VALUE_RE, flag_re, WORD_RE))
    b = _BLANK
    lead = rf"{b}*+(?P<lead>{lead_re}){b}*+" if lead_re else None
    items = rf"(?>(?>{item_alt})(?:{b}++|$))*+"
    # every alternative is a regex group, named after its tag, that holds the token's text, so a
    # token comes straight from its match: that group is the last to close (``_hand_part``)
    group = "|".join(rf"{opens}(?P<{tag}>{cards}){closes}" for tag, (opens, cards, closes) in groups.items())
    return _FastForm(lead, items, re.compile(group), flag_re, frozenset(flag_words))


# Each family's card groups, flag words (and the pattern that reads them) and the word that may
# stand for its hand (compiled into its fast form on first use: a run reads one family, and
# each form is about a millisecond of start-up).
_FAST_PARTS: Final[dict[str, tuple[dict[str, _CardGroup], tuple[str, ...], str, str | None]]] = {
    "baba": (
        {
            "open": (r"\(", MELD_CARDS_RE, r"\)"),
            "closed": (r"\[", MELD_CARDS_RE, r"\]"),
            "shown": (r"\{", MELD_CARDS_RE, r"\}"),
            "cards": ("", BABA_CARDS_RE, ""),
        },
        BABA_FLAGS,
        BABA_FLAG_RE,
        None,
    ),
    "mpsz": (
        {
            "open": (r"\(", TILES_RE, r"\)"),
            "closed": (r"\[", TILES_RE, r"\]"),
            "winning": (r"\+", WINNING_TILE_RE, ""),
            "cards": ("", TILES_RE, ""),
        },
        MPSZ_FLAGS,
        MPSZ_FLAG_RE,
        DRAW_RE,
    ),
}


FAMILIES: Final = tuple(_FAST_PARTS)


_FAST_FORMS: Final[dict[str, _FastForm]] = {}  # (a plain dict: compiled, a functools cache's call is a generic one)


def fast_form(family: str) -> _FastForm:
    """The fast form of a family's body and its tokenizers."""
    form = _FAST_FORMS.get(family)
    if form is None:
        form = _FAST_FORMS[family] = _fast_form(*_FAST_PARTS[family])
    return form


class FastRead(NamedTuple):
    """How far the fast form read a body: the hand part (its card groups, or the word that
    stands for them) ends at ``hand_end``, the items after it at ``end``."""

    groups: bool  # the hand part has a card group
    lead: Token | None  # the word that stands for the hand (a draw)
    hand_end: int
    end: int

    def resume(self, start: int) -> tuple[str, int]:
        """Where the structured grammar takes over from the fast form, in the same state, and
        that state: "body" (nothing read), "hand" (card groups read, perhaps more to come:
        each is tried again there) or "items" (after the hand part and some items: only
        items may follow). Resuming there, it reads a line in time linear in what is left
        after it, never more than the fast form could not read."""
        if not self.groups and self.lead is None:
            return "body", start
        if self.end > self.hand_end or self.lead is not None:
            return "items", self.end
        return "hand", self.hand_end


def fast_read(family: str, text: str, start: int = 0) -> FastRead:
    """Read the body ``text[start:]`` as far as the fast form can."""
    return _fast_read(fast_form(family), text, start)[0]


def fast_tokens(family: str, text: str, start: int = 0) -> list[Token] | None:
    """Tokens of the body ``text[start:]``, located in ``text``, if the fast form reads all
    of it; None sends the line to the structured grammar. The items are read and checked
    at once (``_item_tokens``), not matched by the items' pattern first, which ``fast_read``
    uses to say where the grammar resumes: the two take the same lines (a test holds them to it)."""
    fast = fast_form(family)
    tokens, hand_end = _hand(fast, text, start)
    if not tokens:
        return None
    items = _item_tokens(fast, text, hand_end)
    return None if items is None else tokens + items


def _fast_read(fast: _FastForm, text: str, start: int) -> tuple[FastRead, list[Token]]:
    """How far the fast form reads the body, and the tokens of its hand part."""
    tokens, hand_end = _hand(fast, text, start)
    lead = tokens[0] if tokens and tokens[0].tag == "draw" else None
    items = compiled_pattern(fast.items).match(text, hand_end)
    assert items is not None  # it may be empty
    return made(FastRead, (bool(tokens) and lead is None, lead, hand_end, items.end())), tokens


def _hand(fast: _FastForm, text: str, start: int) -> tuple[list[Token], int]:
    """The hand part's tokens, its card groups or else the word that stands for them (a
    draw), and where it ends: after the blanks that follow it."""
    tokens, end = _hand_part(fast, text, start)
    if not tokens and fast.lead is not None and (word := compiled_pattern(fast.lead).match(text, start)):
        return [Token("draw", word.start("lead"), word["lead"])], word.end()
    return tokens, end


def _hand_part(fast: _FastForm, text: str, start: int) -> tuple[list[Token], int]:
    """The card groups from ``start``, each taken whole where the last one's blanks end, and
    where the hand part ends: after the blanks that follow its last group (with no group,
    after those at ``start``). Each token comes straight from its match ("or" is for the type
    checker: a match always has a lastgroup and a lastindex, as every alternative is a group)."""
    tokens: list[Token] = []
    at = _past_blanks(text, start)
    while (m := fast.group.match(text, at)) is not None:
        tokens.append(Token(m.lastgroup or "", at, m[m.lastindex or 0]))
        at = _past_blanks(text, m.end())
    return tokens, at


def _past_blanks(text: str, at: int) -> int:
    """Where the blanks that start at ``at`` end."""
    end = len(text)
    while at < end and text[at] in BLANKS:
        at += 1
    return at


_ASCII_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def is_name(word: str) -> bool:
    """``word`` is a name (``_NAME_RE``, whole): an ASCII letter, then letters, digits, "_"
    and "-" (``\\w`` is what ``str.isalnum`` takes, and "_"). A string's own methods, where a
    pattern's match is a method call and a match object: a test holds the two to the same words."""
    if not word or word[0] not in _ASCII_LETTERS:
        return False
    rest = word[1:]
    if rest.isalnum():  # most keys and words
        return True
    rest = rest.replace("-", "").replace("_", "")
    return not rest or rest.isalnum()


def _item_tokens(fast: _FastForm, text: str, start: int) -> list[Token] | None:
    """The items of ``text[start:]``, or None if one is not as the items' pattern spells it.

    With no white space but blanks, each item is a run of characters between blanks (which
    ``str.split`` finds): an option if it holds "=", its key a name (the value is anything);
    else a flag if it is one of the family's flags, or its flag pattern takes it whole (in
    any case); else a word, which is a name. Faster than the pattern's match and a tokenizer's
    matches: a string's own methods."""
    tokens = []
    at = start
    flags = fast.flags
    for item in text[start:].split():
        found = text.find(item, at)  # find, not index: split found it there, and compiled, find is native
        # split takes away all white space, and the items' pattern takes blanks only between items
        if _past_blanks(text, at) < found:
            return None
        at = found
        if "=" in item:
            key, _, value = item.partition("=")
            if not is_name(key):
                return None
            tokens.append(Token("option", at, key, value, at + len(key) + 1))
        elif item in flags or compiled_pattern(fast.flag).fullmatch(item):
            tokens.append(Token("flag", at, item))
        elif is_name(item):
            tokens.append(Token("word", at, item))
        else:
            return None
        at += len(item)
    return tokens if _past_blanks(text, at) == len(text) else None
