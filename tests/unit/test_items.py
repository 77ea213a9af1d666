"""Gathering a line's items: flags, key=value items and rule options, each problem with its column."""

from __future__ import annotations

import re

import pytest

from mjscore import score
from mjscore.errors import HandError
from mjscore.families.baba.words import FLAGS as BABA_FLAGS
from mjscore.families.mpsz.words import FLAGS as MPSZ_FLAGS
from mjscore.notation.build import gather_items, tokenize
from mjscore.rulesets import all_rulesets
from mjscore.rulesets.base import AnyRuleSet
from mjscore.rulesets.riichi import Riichi


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda rs: rs.name)
def test_keys_and_option_names_are_distinct(ruleset: type[AnyRuleSet]) -> None:
    # why: gather_items looks a key=value item up among the keys before the rule options
    assert not set(ruleset.keys) & {spec.name for spec in ruleset.option_specs()}


@pytest.mark.parametrize(("family", "words"), [("mpsz", MPSZ_FLAGS), ("baba", BABA_FLAGS)])
def test_a_familys_flag_words_are_its_rule_sets_words(family: str, words: tuple[str, ...]) -> None:
    # why: the grammar reads a family's words as flags; each rule set names the ones it reads
    # (riichi does not read Baida's discarded-baida), and no word is a flag no rule set reads
    named = {word for rs in all_rulesets() if rs.family == family for word in rs.flags}
    assert named == set(words)
    assert "discarded-baida" not in Riichi.flags


def test_flags_values_options_and_problems() -> None:
    line = "123m ron seat=W aka=on kiriage=maybe ron nonsense zzz=1"
    tokens = [t for t in tokenize(line, "mpsz", 0) if t.tag != "cards"]
    items = gather_items(tokens, Riichi.flags, Riichi.keys, Riichi.option_specs())
    # why: a flag by its column (1-based): "ron" starts at index 5
    assert items.flags == {"ron": 6}
    # why: a key's value with the column of the value: "W" at index 14
    assert items.values == {"seat": ("W", 15)}
    # why: a rule option read by its spec: aka=on is a switch
    assert items.options == {"aka": True}
    codes = sorted(((p.code, p.col) for p in items.problems), key=lambda c: c[1])
    # why: kiriage=maybe is no switch value (column of "maybe", index 31); the second "ron" is a
    # duplicate (index 37); "nonsense" (index 41) and "zzz=" (index 50) are unknown words
    assert codes == [("bad-value", 32), ("duplicate-item", 38), ("unknown-word", 42), ("unknown-word", 51)]


@pytest.mark.parametrize("word", ["DRAW", "Draw"])
def test_draw_is_read_in_any_case(word: str) -> None:
    upper, lower = score(f"riichi: {word} tenpai=E"), score("riichi: draw tenpai=E")
    # why: docs/rules/riichi.md §9, one tenpai (East): +3000 from 1000 by each other seat, whatever case draw is in
    assert upper.payments == lower.payments
    assert sum(p.amount for p in upper.payments) == 3000


HUGE = "9" * 5000  # more digits than Python converts to a number (4300)
RIICHI_WIN = "riichi:234m456p789s23m55p+4m ron riichi"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (f"{RIICHI_WIN} honba={HUGE}", "honba= is a whole number from 0 to 99, not '99999"),
        (f"{RIICHI_WIN} sticks={HUGE}", "sticks= is a whole number from 0 to 100, not '99999"),
        (f"riichi: draw sticks={HUGE}", "sticks= is a whole number from 0 to 100, not '99999"),
        (f"baba:馬馬馬場場O tsumo pot={HUGE}", "pot= is the number of KOBAN in the pot, a whole number from 0 to 999"),
        (f"baba:馬馬馬場場O tsumo players={HUGE}", "players is 3 or 4, not '99999"),
        (f"baida:12346p789p789m11z+5p tsumo baida=5p chicken={HUGE}", "chicken is a whole number from 0 to 320"),
        (f"hana:123m456p789s11z22z+2z tsumo variant={HUGE}", "variant is 1 or 2 or 3, not '99999"),
    ],
)
def test_a_count_out_of_its_range_is_a_problem_that_states_the_range(line: str, message: str) -> None:
    with pytest.raises(HandError) as info:
        score(line)
    (problem,) = info.value.problems
    # why: every count has a stated range (README); thousands of digits are no number in it,
    # refused by their length (Python's int() would raise ValueError past 4300 digits)
    assert problem.code == "bad-value"
    assert problem.message.startswith(message)
    # why: the value is quoted by its first characters, not all 5000
    assert "…'" in problem.message
    assert len(problem.message) < 200  # the message and a quote of at most QUOTE_LIMIT characters


@pytest.mark.parametrize(
    ("raw", "shown"),
    [(-1, "-1"), (321, "321"), (True, "True"), (10**30, "a number too large to show"), ("x", "'x'")],
)
def test_a_rules_file_value_out_of_range_is_named(raw: object, shown: str) -> None:
    from mjscore.options import specs
    from mjscore.rulesets.baida import BaidaOptions

    chicken = next(s for s in specs(BaidaOptions) if s.name == "chicken")
    # why: a TOML value is a number already (or a bool, or a string); out of 0-320 it is refused, and a
    # number too large to write out is said to be so
    with pytest.raises(ValueError, match=f"^chicken is a whole number from 0 to 320, not {re.escape(shown)}$"):
        chicken.read(raw)
    # why: the ends of the range are values
    assert (chicken.read(0), chicken.read("320"), chicken.read(320)) == (0, 320, 320)


def test_a_flag_and_an_option_may_share_a_name() -> None:
    line = "123m ron renhou renhou=mangan renhou"
    tokens = [t for t in tokenize(line, "mpsz", 0) if t.tag != "cards"]
    items = gather_items(tokens, Riichi.flags, Riichi.keys, Riichi.option_specs())
    # why: "renhou" is the word (docs/rules/riichi.md §5), "renhou=mangan" the option (§2): two items,
    # not one given twice; the word written again (index 30) is a duplicate all the same
    assert items.flags == {"ron": 6, "renhou": 10}
    assert items.options == {"renhou": "mangan"}
    assert [(p.code, p.col) for p in items.problems] == [("duplicate-item", 31)]
