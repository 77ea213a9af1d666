"""The fast reader builds each token straight from what it read (a card group from its
tokenizer's match, an item from the words between blanks): every tag, an option's key and
value, and every location read as the structured grammar reads them, also for a body that
starts after a rule-set prefix."""

from __future__ import annotations

import re
import sys
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjscore.notation.grammar import BODIES
from mjscore.notation.tokens import _NAME_RE, Token, fast_read, fast_tokens, is_name

# Between them, every tag of each family, options with an empty value and with "=" in
# the value, groups that touch, and blanks before the hand and after the last item.
LINES = {
    "mpsz": [
        "5p5p(777z)(456p)(222s)(345p) round=E ron seat=W dora=8s sticks=3",
        "123m[1111p]456s+9s 99s dora= double-riichi note=a=b foo ",
        "  (123m)[4444z]+5m 55p",
        "(123m)[4444z]tsumo",
        "19m19p19s1234567z+1m discarded-baida x_1=",
        # a draw line; groups and an item that touch (the grammar reads them, so the fast reader does)
        " draw tenpai=E,W honba=1 ",
        "+1m2m(123m)tsumo",
    ],
    "baba": [
        "馬場馬場馬場場々場々O dora=場 tsumo menzen",
        "(馬馬馬)[場場場場]{橋橋橋} MBmb ron pot=2 players=3",
        "\u3000馬 foo 場々O menzen ron bar tsumo=",
        "MB{場場}(O) obaba_dora=on x=y=z ",
    ],
}


def structured(family: str, text: str, start: int) -> list[Token]:
    """The structured grammar's tokens of ``text[start:]``, located in ``text``."""
    tokens = BODIES[family].parse_string(text[start:], parse_all=True)
    return [replace(t, loc=t.loc + start, value_loc=t.value_loc + start if t.tag == "option" else 0) for t in tokens]


@pytest.mark.parametrize(("family", "body"), [(f, body) for f, bodies in LINES.items() for body in bodies])
@pytest.mark.parametrize("prefix", ["", "riichi:", "baba: "])
def test_fast_reader_reads_what_the_grammar_reads(family: str, body: str, prefix: str) -> None:
    text = prefix + body
    tokens = fast_tokens(family, text, len(prefix))
    # why: every line here is well formed, so the fast reader must take it (not send it to pyparsing)
    assert tokens is not None, "the fast reader should accept this line"
    # why: the structured grammar is the reference: same tags, texts, values and columns
    assert tokens == structured(family, text, len(prefix))
    # why: the fast reader makes its tokens itself; they must be real Tokens, as the grammar's
    assert all(type(t) is Token for t in tokens)


def test_a_riichi_line_token_by_token() -> None:
    """Worked out by hand: a meld's location is its bracket, an option's value has its own."""
    # why: "5p5p" starts at 7 (after "riichi:"), "(" at 11, "+" at 17, "dora" at 21 with "8s" at 26,
    # "ron" at 29, "x" at 33; a meld's text leaves out its brackets, the winning tile its "+"
    assert fast_tokens("mpsz", "riichi:5p5p(777z)+8s dora=8s ron x", 7) == [
        Token("cards", 7, "5p5p"),
        Token("open", 11, "777z"),
        Token("winning", 17, "8s"),
        Token("option", 21, "dora", "8s", 26),
        Token("flag", 29, "ron"),
        Token("word", 33, "x"),
    ]


@pytest.mark.parametrize(("family", "text"), [("mpsz", "123m 456 ron"), ("mpsz", "馬場"), ("baba", "(馬 tsumo")])
def test_what_the_fast_reader_declines_goes_to_the_grammar(family: str, text: str) -> None:
    # why: digits without a suit, kanji in an mpsz body, an unclosed meld: only pyparsing says where it fails
    assert fast_tokens(family, text) is None


# Items as a line may write them: flags in every case, and spelled with the letters that only
# Unicode case folding makes ASCII ("ſ" is s, "ı" and "İ" are i, the Kelvin sign is K), which
# the grammar's case-blind flag pattern takes as flags; options with "=" in the key's place or
# the value; words.
ITEMS = [
    *("tsumo", "TSUMO", "Tsumo", "tſumo", "ron", "RON", "rinshan", "double-riichi", "Double-Riichi"),
    *("menzen", "MENZEN", "ıppatsu", "İppatsu", "\u212aan", "kan", "discarded-baida", "DISCARDED-BAIDA"),
    *("x", "x_1=", "dora=", "note=a=b", "seat=E", "tenpai=E,W", "a=b=c", "ron=1", "tsumo2", "foo-bar"),
    # and items no pattern takes: a digit, "=" or a hyphen first, a letter that is no ASCII first
    *("9z", "=x", "-x", "éa", "\u212a=1", "x\xa0y"),
]
HANDS = {"mpsz": ["123m456p789s11z+1z", "(123m)[4444z]", " draw"], "baba": ["馬場馬場馬場場々場々O", "(馬馬馬)"]}


@given(
    family=st.sampled_from(sorted(HANDS)),
    hand=st.integers(0, 2),
    items=st.lists(
        st.tuples(st.sampled_from(ITEMS), st.sampled_from([" ", "  ", "\t", "\u3000", "\n", "\xa0"])), max_size=6
    ),
    touching=st.booleans(),
)
def test_fast_reader_reads_items_as_the_grammar_does(
    family: str, hand: int, items: list[tuple[str, str]], touching: bool
) -> None:
    hands = HANDS[family]
    text = hands[hand % len(hands)] + ("" if touching else " ") + "".join(item + blank for item, blank in items)
    tokens = fast_tokens(family, text)
    # why: the fast reader splits the items at blanks and tells a flag by the family's set and,
    # failing that, its case-blind pattern; the structured grammar is the reference for each
    # token's tag, text, value and column (a line the fast form declines goes to the grammar)
    if tokens is not None:
        assert tokens == structured(family, text, 0)
    # why: the items are checked as they are read, not matched by the fast form's items pattern
    # first (which says where the grammar resumes): both must take the same lines
    read = fast_read(family, text)
    assert (tokens is not None) == (read.end == len(text) and (read.groups or read.lead is not None))


def test_a_name_is_what_the_names_pattern_takes() -> None:
    # why: is_name reads a key or word with a string's own methods; the pattern (\w: what
    # str.isalnum takes, and "_") is the reference: every character after a letter, and as the
    # first, the ASCII ones and letters that only case folding makes ASCII
    name = re.compile(_NAME_RE)
    for code in range(sys.maxunicode + 1):
        word = "a" + chr(code)
        assert is_name(word) == (name.fullmatch(word) is not None), repr(word)
    for first in [chr(code) for code in range(128)] + ["ſ", "ı", "İ", "\u212a", "é", "５", ""]:
        assert is_name(first + "b") == (name.fullmatch(first + "b") is not None), repr(first)
