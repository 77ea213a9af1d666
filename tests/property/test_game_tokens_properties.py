"""The fast reader of game lines reads the game grammar's language, token for token, on arbitrary
text and on lines of every rule set's games (hana's aside=, Baida's and BABA's lines): where it
reads a line, pyparsing reads it alike; where pyparsing refuses one, it declines (and the
grammar, imported then, says where the line fails)."""

from __future__ import annotations

import pyparsing as pp
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from mjscore.game.grammar import parse_line
from mjscore.game.tokens import read_tokens
from mjscore.notation.tokens import Token

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

# How each kind of line of every rule set's games starts (README, "Whole games"; docs/notation.md
# §7): a header's items (hana's variant=, Baida's and BABA's game rules), a win (hana's flowers in
# the hand; Baida's hand and baida=; BABA's cards in letters and in kanji), a draw with or without
# a rule set's prefix (baba-beginner's hyphen included), a penalty, an abort; then words of those
# lines (hana's aside=NAME:FLOWERS,... by name or seat letter, well and badly formed; from=NAME;
# BABA's stated pot=, obaba=, players=), joined by blanks or none: well-formed lines of every kind,
# and lines a blank or a word away from one.
HEADS = [
    "",
    "ruleset=hana variant=3",
    "ruleset=baida length=east repeat_win=off",
    "ruleset=baba players=Aki,Ben,Chie start=2 obaba_reset=never leftover_pot=first",
    "Ben: 234m567p345s66p67s+8s 1f tsumo",
    "Ben:baida:123m456p789s11z22z+2z baida=5p",
    "Dai: MNMNMN NBNBNB dora=KB",
    "Chie: 馬馬馬場場場 dora=馬",
    "Aki : MBMBOO BRO",
    "draw",
    "baida: draw",
    "baba-beginner: draw",
    "hana :draw",
    "chombo Dai",
    "abort nine-terminals",
]
WORDS = [
    "aside=Dai:2g",
    "aside=S:3f4f,W:1g",
    "aside=Ben:1f3g,",
    "aside=Chie:",
    "aside=:1f",
    "tenpai=Aki",
    "tsumo",
    "ron",
    "from=Dai",
    "from=aki",
    "pot=1",
    "obaba=3",
    "players=3",
    "variant=1",
    "draw",
    "&",
    "Ben:",
    "羽場橋場橋場OOO",
    "馬",
    ":",
    "-",
]
BLANKS = ["", " ", "  ", "\t", "\u3000"]

game_text = st.lists(st.sampled_from(PIECES), max_size=16).map("".join)
tail = st.lists(st.tuples(st.sampled_from(BLANKS), st.sampled_from(WORDS)), max_size=5)
rule_set_line = st.builds(
    lambda head, words: head + "".join(blank + word for blank, word in words), st.sampled_from(HEADS), tail
)
any_text = st.one_of(game_text, rule_set_line, st.text(max_size=30))


def _grammar(text: str) -> list[Token] | None:
    try:
        return list(parse_line(text))
    except pp.ParseBaseException:
        return None


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_text)
@example("abortı x=1")  # "ı" upper-cases to "I", a keyword character: no abort line
@example("chomboé")  # "é" is none: the keyword, then the offender "é"
@example("draw : 1m")
@example("Ben: 234m567p345s66p67s+8s 1f tsumo aside=Dai:2g")  # hana: the others' flowers on a win
@example("draw tenpai=Aki aside=S:3f4f")  # and on a draw
@example("aside=Dai:2g")  # at a line's start, a header item (the header then refuses it)
@example("baida: draw")
@example("Chie: 馬馬馬場場場 dora=馬 ron from=aki")  # BABA's kanji: locations count characters
@example("chombo Dai pot=1 obaba=3")
def test_the_fast_reader_reads_as_the_grammar(text: str) -> None:
    expected = _grammar(text)
    event("the grammar refuses it" if expected is None else f"the grammar reads a line of {expected[0].tag}")
    # why: the grammar is the reference: the same tags, texts, values and locations, or None for both
    assert read_tokens(text) == expected
