"""The hand notation as a pyparsing grammar (imports nothing from mjscore).

    line  ::= [ruleset ":"] body
    body  ::= hand { item }            (the rule set chooses which body)

Every element is named, so error messages, the BNF and the railroad diagram in
``grammar/`` all use the same words. Compact tokens are single ``Regex``es; the
``-`` operator marks commit points so an unclosed meld is reported where it is.

Speed: pyparsing spends most of its time per element, so each body also has a
*fast* form, one ``Regex`` for the whole body built from the very same token
patterns, which is tried first. Whatever it does not accept goes to the
structured grammar, which either reads it or says exactly where it fails. A
property test holds the two to the same tokens on arbitrary text.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import pyparsing as pp

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


def _tag(tag: str) -> pp.ParseAction:
    def action(_s: str, loc: int, toks: pp.ParseResults) -> Token:
        return Token(tag, loc, toks[0])

    return action


def _option(_s: str, loc: int, toks: pp.ParseResults) -> Token:
    return option_token(loc, toks[0])


def _missing_suit(s: str, loc: int, toks: pp.ParseResults) -> None:
    raise pp.ParseFatalException(
        s, loc + len(toks[0]), "a suit letter (m, p, s, z; f, g for flowers) must follow its digits directly"
    )


def option_token(loc: int, text: str) -> Token:
    key, value = text.split("=", 1)
    return Token("option", loc, key, value, loc + len(key) + 1)


_PYPARSING_BLANKS = pp.ParserElement.DEFAULT_WHITE_CHARS
pp.ParserElement.set_default_whitespace_chars(BLANKS)  # for the elements below only; restored after

ruleset_prefix = pp.Regex(RULESET_RE).set_name("ruleset")
meld_cards = pp.Regex(MELD_CARDS_RE).set_name("meld cards").leave_whitespace()  # "( 馬 )" is an error
key_value = pp.Regex(KEY_VALUE_RE).set_name("key=value").set_parse_action(_option)
other_word = pp.Regex(WORD_RE).set_name("word").set_parse_action(_tag("word"))

baba_flag = pp.Regex(BABA_FLAG_RE).set_name("baba flag").set_parse_action(_tag("flag"))
baba_cards = pp.Regex(BABA_CARDS_RE).set_name("cards").set_parse_action(_tag("cards"))
baba_open_meld = (pp.Suppress("(") - meld_cards - pp.Suppress(")").leave_whitespace()).set_name("open meld")
baba_open_meld.set_parse_action(_tag("open"))
baba_closed_kan = (pp.Suppress("[") - meld_cards - pp.Suppress("]").leave_whitespace()).set_name("closed kan")
baba_closed_kan.set_parse_action(_tag("closed"))
baba_shown_set = (pp.Suppress("{") - meld_cards - pp.Suppress("}").leave_whitespace()).set_name("shown set")
baba_shown_set.set_parse_action(_tag("shown"))
baba_group = (baba_open_meld | baba_closed_kan | baba_shown_set | baba_cards).set_name("card group")
baba_item = (key_value | baba_flag | other_word).set_name("item")
# parse_with_tabs: columns count a tab as one character, as the user typed it.
baba_body = (pp.OneOrMore(baba_group) + pp.ZeroOrMore(baba_item)).set_name("baba body").parse_with_tabs()

pp.ParserElement.set_default_whitespace_chars(_PYPARSING_BLANKS)

mpsz_tiles = pp.Regex(TILES_RE).set_name("tiles").set_parse_action(_tag("cards"))
meld_tiles = pp.Regex(TILES_RE).set_name("meld tiles").leave_whitespace()
mpsz_open_meld = (pp.Suppress("(") - meld_tiles - pp.Suppress(")").leave_whitespace()).set_name("open tile meld")
mpsz_open_meld.set_parse_action(_tag("open"))
mpsz_closed_kan = (pp.Suppress("[") - meld_tiles - pp.Suppress("]").leave_whitespace()).set_name("closed tile kan")
mpsz_closed_kan.set_parse_action(_tag("closed"))
winning_tile = (pp.Suppress("+") - pp.Regex(WINNING_TILE_RE).leave_whitespace()).set_name("winning tile")
winning_tile.set_parse_action(_tag("winning"))
# Digits with no suit letter ("123 m"): a clear error where the letter belonged.
suitless_digits = pp.Regex(r"[0-9]+(?![0-9])").set_name("suitless digits").set_parse_action(_missing_suit)
mpsz_group = (mpsz_open_meld | mpsz_closed_kan | winning_tile | mpsz_tiles | suitless_digits).set_name("tile group")
mpsz_flag = pp.Regex(MPSZ_FLAG_RE).set_name("mpsz flag").set_parse_action(_tag("flag"))
mpsz_item = (key_value | mpsz_flag | other_word).set_name("mpsz item")
mpsz_hand = (pp.OneOrMore(mpsz_group) + pp.ZeroOrMore(mpsz_item)).set_name("mpsz hand")
draw_word = pp.Regex(DRAW_RE).set_name("draw").set_parse_action(_tag("draw"))
exhaustive_draw = (draw_word + pp.ZeroOrMore(mpsz_item)).set_name("exhaustive draw")
mpsz_body = (exhaustive_draw | mpsz_hand).set_name("mpsz body").parse_with_tabs()

# Every named element, in the order the BNF lists them.
ELEMENTS: tuple[pp.ParserElement, ...] = (
    ruleset_prefix,
    baba_body,
    baba_group,
    baba_open_meld,
    baba_closed_kan,
    baba_shown_set,
    meld_cards,
    baba_cards,
    baba_item,
    key_value,
    baba_flag,
    other_word,
    mpsz_body,
    exhaustive_draw,
    draw_word,
    mpsz_hand,
    mpsz_group,
    mpsz_open_meld,
    mpsz_closed_kan,
    winning_tile,
    meld_tiles,
    mpsz_tiles,
    suitless_digits,
    mpsz_item,
    mpsz_flag,
)

BODIES: dict[str, pp.ParserElement] = {"baba": baba_body, "mpsz": mpsz_body}


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


def parse_body(family: str, text: str, start: int = 0) -> list[Token]:
    """Tokens of the body ``text[start:]``, located in ``text``; raises
    ``pp.ParseBaseException`` (located in the body) if it cannot be read."""
    fast = _FAST[family]
    match = fast.body.fullmatch(text, start)
    if match is None:
        return [_moved(t, start) for t in BODIES[family].parse_string(text[start:], parse_all=True)]
    split = match.end("hand")
    return [_fast_token(m) for m in fast.groups.finditer(text, start, split)] + [
        _fast_token(m) for m in fast.items.finditer(text, split)
    ]


def _moved(t: Token, start: int) -> Token:
    """A token the structured grammar located in the body, located in the line."""
    return t._replace(loc=t.loc + start, value_loc=t.value_loc + start if t.tag == "option" else 0)


def _fast_token(m: re.Match[str]) -> Token:
    tag = m.lastgroup or ""
    if tag == "option":
        return option_token(m.start(), m.group())
    cut = _STRIP.get(tag, 0)
    lead = cut or _LEAD.get(tag, 0)
    return Token(tag, m.start(), m.group()[lead : len(m.group()) - cut])
