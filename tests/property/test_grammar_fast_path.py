"""The one-regex fast path of each body reads exactly what the structured pyparsing
grammar reads, and nothing escapes the parser but its own errors.

``build.tokenize`` tries ``fast_tokens`` first and only falls back to the structured
grammar when the fast form does not read the whole text; so whenever it does, its tokens
must be the tokens pyparsing would have given. The fallback takes over where the fast
form stopped: it must report what the whole grammar reports.
"""

from __future__ import annotations

import sys

import pyparsing as pp
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mjscore.errors import HandError, NotationError
from mjscore.notation.build import tokenize
from mjscore.notation.grammar import BODIES, parse_structured
from mjscore.notation.tokens import FAMILIES, Token, fast_read, fast_tokens
from mjscore.scoring import parse_hand, score

# Both readers take these blanks between tokens. The tab (which pyparsing expands
# before parsing) and every other Unicode space are tested on their own below.
PYPARSING_BLANKS = " \n\r\u3000"
OTHER_SPACES = "".join(c for c in map(chr, range(sys.maxunicode + 1)) if c.isspace() and c not in PYPARSING_BLANKS)

DECK_KANJI = "馬場庭々羽番橋芭"
PIECES = [
    *DECK_KANJI,
    *"OoBMNRHKPbmnrhkpXx*お婆",
    *"()[]",
    " ",
    "  ",
    "=",
    ",",
    "tsumo",
    "ron",
    "menzen",
    "dora=",
    "pot=",
    "players=",
    "obaba_dora=on",
    "馬場",
    "場々",
    "MB",
    "2",
    "#",
    "\n",
    # the mpsz family's pieces
    *"0159mpszfg+{}",
    "123m",
    "(123m)",
    "[1111z]",
    "+2z",
    "draw",
    "DRAW",
    "riichi",
    "Riichi",
    "dora=1m",
    "tenpai=E",
]

notation_text = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)
arbitrary_text = st.text(st.characters(exclude_characters=OTHER_SPACES, exclude_categories=("Cs",)), max_size=40)
any_text = st.one_of(notation_text, arbitrary_text)
line_text = st.one_of(
    notation_text.map(lambda body: "baba:" + body),
    notation_text.map(lambda body: "baba-beginner:" + body),
    st.text(max_size=40),
)

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def structured(family: str, text: str) -> list[Token]:
    return list(BODIES[family].parse_string(text, parse_all=True))


def outcome(family: str, text: str) -> list[Token] | str:
    """The structured grammar's tokens, or the name of the error it raised."""
    try:
        return structured(family, text)
    except pp.ParseBaseException as exc:
        return type(exc).__name__


@pytest.mark.parametrize("family", sorted(FAMILIES))
@SETTINGS
@given(text=any_text)
@example(text="馬馬馬場場O dora=場 tsumo menzen")
@example(text="(馬馬馬) [場場場場] MBmb tsumo pot=2")
@example(text="馬場馬場馬場場々場々O ron\n")
def test_fast_path_reads_what_the_grammar_reads(family: str, text: str) -> None:
    tokens = fast_tokens(family, text)
    if tokens is None:
        return
    assert tokens == outcome(family, text)


def error_or_tokens(family: str, text: str, start: int = 0) -> tuple[int, str] | list[Token]:
    """What the structured grammar makes of the body ``text[start:]``, from where the fast
    form stopped: its tokens, or its error as (column in ``text``, message)."""
    resume = fast_read(family, text, start).resume(start)
    try:
        return parse_structured(family, text, start, resume)
    except pp.ParseBaseException as exc:
        return resume[1] + exc.loc, str(exc.msg)


def whole_error_or_tokens(family: str, text: str) -> tuple[int, str] | list[Token]:
    try:
        return structured(family, text)
    except pp.ParseBaseException as exc:
        return exc.loc, str(exc.msg)


@pytest.mark.parametrize("family", sorted(FAMILIES))
@SETTINGS
@given(text=any_text)
@example(text="(馬馬馬) [場場場場] MBmb tsumo pot=2 )")
@example(text="123m (456p 789s")
@example(text="123m 456 ron")
@example(text="draw tenpai=E )")
@example(text="tsumo ron )")
def test_resumed_grammar_reports_what_the_whole_grammar_reports(family: str, text: str) -> None:
    # why: from where the fast form stopped, the grammar is in the state the whole grammar is in there
    if fast_tokens(family, text) is None:
        assert error_or_tokens(family, text) == whole_error_or_tokens(family, text)


@pytest.mark.parametrize("family", sorted(FAMILIES))
@SETTINGS
@given(text=st.one_of(notation_text, st.text(max_size=40)))
@example(text="{0}")  # a shown set's location is its brace, as for ( and [
def test_reader_returns_tokens_or_a_notation_error(family: str, text: str) -> None:
    try:
        tokens = tokenize(text, family, 0)
    except NotationError:
        return
    assert all(isinstance(t, Token) for t in tokens)
    if "\t" not in text:  # see test_tab_locations_read_alike
        assert all(text[t.loc + (t.tag in ("open", "closed", "shown", "winning")) :].startswith(t.text) for t in tokens)


@SETTINGS
@given(text=line_text)
@example(text="baba:馬馬馬場場O dora=場 tsumo menzen")
@example(text="riichi:123m456p789s11z22z tsumo")
def test_scoring_returns_or_raises_hand_error(text: str) -> None:
    try:
        parse_hand(text)
        score(text)
    except HandError as exc:
        assert exc.problems
        assert all(0 <= p.col <= len(text) + 1 for p in exc.problems)


# --- blanks: ASCII white space and U+3000 separate groups; other Unicode spaces are errors


@pytest.mark.parametrize("space", [" ", "\t", "\u3000"], ids=ascii)
@pytest.mark.parametrize(
    ("family", "hand"), [("baba", "馬馬馬{}場場O{}tsumo"), ("mpsz", "123m{}456p789s11z22z+2z{}ron")]
)
def test_blanks_read_alike(space: str, family: str, hand: str) -> None:
    text = hand.format(space, space)
    # why: docs/notation.md: groups and items are separated by blanks, U+3000 (what a Japanese input method types) too
    assert fast_tokens(family, text) is not None
    assert fast_tokens(family, text) == outcome(family, text)


def test_an_ideographic_space_does_not_hide_the_real_error() -> None:
    text = "riichi:123m\u3000456p789s11z22z+2z ron riichi (12"
    with pytest.raises(HandError) as caught:
        score(text)
    (problem,) = caught.value.problems
    # why: the structured grammar skips U+3000 as the fast reader does, so the error is the unclosed
    # meld at column 42, not the blank; and a blank is no kanji, so there is no "start with baba:" hint
    assert problem.col == text.index("(12") + 1
    assert "baba" not in problem.message


@pytest.mark.parametrize("space", ["\xa0", "\x0b", "\x0c", "\x85"], ids=ascii)
def test_other_unicode_spaces_are_refused_by_both(space: str) -> None:
    text = f"馬馬馬{space}場場O tsumo"
    assert fast_tokens("baba", text) is None
    with pytest.raises(pp.ParseBaseException):
        structured("baba", text)
