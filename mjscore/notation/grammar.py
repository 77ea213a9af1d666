"""The hand notation as a pyparsing grammar, built from the token patterns of ``tokens``.

    line  ::= [ruleset ":"] body
    body  ::= hand { item }            (the rule set chooses which body)

Every element is named, so error messages, the BNF and the railroad diagram in
``grammar/`` all use the same words. Compact tokens are single ``Regex``es; the
``-`` operator marks commit points so an unclosed meld is reported where it is.

Speed: pyparsing spends most of its time per element (tens of microseconds), so
each body also has a *fast* form (``tokens.fast_tokens``), regexes built from the
very same token patterns that read element by element as this grammar does, tried
first. Whatever it does not accept comes here, to the structured grammar, which
takes over where the fast form stopped (``RESUME``) and says exactly where it
fails: so a long line costs pyparsing only what is left of it there, not an element
each. Property tests hold the two to the same tokens, and the resumed grammar to
the errors of the whole one, on arbitrary text. Importing pyparsing and building
this grammar is most of the start-up, so this module is imported only when a line
needs it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import pyparsing as pp

from mjscore.notation.tokens import (
    BABA_CARDS_RE,
    BABA_FLAG_RE,
    BLANKS,
    DRAW_RE,
    KEY_VALUE_RE,
    MELD_CARDS_RE,
    MPSZ_FLAG_RE,
    RULESET_RE,
    TILES_RE,
    WINNING_TILE_RE,
    WORD_RE,
    Token,
    option_token,
)


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


_PYPARSING_BLANKS: Final = pp.ParserElement.DEFAULT_WHITE_CHARS
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

mpsz_tiles = pp.Regex(TILES_RE).set_name("tiles").set_parse_action(_tag("cards"))
meld_tiles = pp.Regex(TILES_RE).set_name("meld tiles").leave_whitespace()
mpsz_open_meld = (pp.Suppress("(") - meld_tiles - pp.Suppress(")").leave_whitespace()).set_name("open tile meld")
mpsz_open_meld.set_parse_action(_tag("open"))
mpsz_closed_kan = (pp.Suppress("[") - meld_tiles - pp.Suppress("]").leave_whitespace()).set_name("closed tile kan")
mpsz_closed_kan.set_parse_action(_tag("closed"))
# An error names what belonged here in words, not pyparsing's "Re:('[0-9][mpszfg]')"; errmsg, not
# set_name, so the element stays a bare pattern in grammar/.
one_tile = pp.Regex(WINNING_TILE_RE).leave_whitespace()
one_tile.errmsg = "Expected one tile after '+', e.g. +4m"
winning_tile = (pp.Suppress("+") - one_tile).set_name("winning tile")
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
# What a line that does not start with a hand is told: the hand in words, not the element's name
# (streamlined first: streamlining writes the message from the name again).
mpsz_body.streamline().errmsg = "Expected a hand: tiles such as 123m456p, or the word draw"
baba_body.streamline().errmsg = "Expected a hand: cards such as 馬場 or MB"

# Where the fast reader stopped (``tokens.FastRead.resume``), the grammar takes over in the same
# state: card groups read, more may follow ("hand"), or items read, only items may follow ("items").
RESUME: Final[dict[str, dict[str, pp.ParserElement]]] = {
    family: {
        "body": body,
        "hand": (pp.ZeroOrMore(group) + pp.ZeroOrMore(item)).parse_with_tabs(),
        "items": pp.ZeroOrMore(item).parse_with_tabs(),
    }
    for family, body, group, item in (
        ("baba", baba_body, baba_group, baba_item),
        ("mpsz", mpsz_body, mpsz_group, mpsz_item),
    )
}

pp.ParserElement.set_default_whitespace_chars(_PYPARSING_BLANKS)

# Every named element, in the order the BNF lists them.
ELEMENTS: Final[tuple[pp.ParserElement, ...]] = (
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

BODIES: Final[dict[str, pp.ParserElement]] = {"baba": baba_body, "mpsz": mpsz_body}


def parse_structured(family: str, text: str, start: int = 0, resume: tuple[str, int] | None = None) -> list[Token]:
    """Tokens of the body ``text[start:]``, located in ``text``, by the structured grammar: for
    a line the fast reader declined (``build.tokenize``), from where it stopped (``resume``:
    the state and place, see ``tokens.FastRead.resume``; None: the body's start). Raises
    ``pp.ParseBaseException``, located in ``text[at:]``, ``at`` being that place."""
    state, at = resume or ("body", start)
    return [_moved(t, at) for t in RESUME[family][state].parse_string(text[at:], parse_all=True)]


def _moved(t: Token, start: int) -> Token:
    """A token the structured grammar located in the body, located in the line."""
    return replace(t, loc=t.loc + start, value_loc=t.value_loc + start if t.tag == "option" else 0)
