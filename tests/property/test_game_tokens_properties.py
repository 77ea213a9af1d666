"""The fast reader of game lines reads the game grammar's language, token for token, on arbitrary
text: where it reads a line, pyparsing reads it alike; where pyparsing refuses one, it declines
(and the grammar, imported then, says where the line fails)."""

from __future__ import annotations

import pyparsing as pp
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from mjscore.game.grammar import parse_line
from mjscore.game.tokens import read_tokens

PIECES = [
    *"AaBEeNSW:&=,-._#+0159mpsz()",
    " ",
    "  ",
    "\t",
    "\u3000",
    "\u00a0",  # a space that is no blank
    *"éıßſ鈴",  # letters of other scripts, and those whose upper case is an ASCII letter or two
    "Aki",
    "Ben",
    "abort",
    "ABORT",
    "chombo",
    "Chombo",
    "draw",
    "DRAW",
    "riichi:",
    "sanma :",
    "players=",
    "uma=",
    "riichi=",
    "from=",
    "tenpai=",
    "nine-terminals",
    "234m567p345s66p67s+8s",
    " ron",
    " tsumo",
    "---",
]

game_text = st.lists(st.sampled_from(PIECES), max_size=16).map("".join)
any_text = st.one_of(game_text, st.text(max_size=30))


def _grammar(text: str) -> list[object] | None:
    try:
        return list(parse_line(text))
    except pp.ParseBaseException:
        return None


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_text)
@example("abortı x=1")  # "ı" upper-cases to "I", a keyword character: no abort line
@example("chomboé")  # "é" is none: the keyword, then the offender "é"
@example("draw : 1m")
def test_the_fast_reader_reads_as_the_grammar(text: str) -> None:
    expected = _grammar(text)
    event("the grammar reads it" if expected is not None else "the grammar refuses it")
    # why: the grammar is the reference: the same tags, texts, values and locations, or None for both
    assert read_tokens(text) == expected
