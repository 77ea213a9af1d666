"""Gathering a line's items: flags, key=value items and rule options, each problem with its column."""

from __future__ import annotations

from typing import Any

import pytest

from mjscore import score
from mjscore.notation.build import gather_items, tokenize
from mjscore.rulesets import all_rulesets
from mjscore.rulesets.base import RuleSet
from mjscore.rulesets.riichi import Riichi


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda rs: rs.name)
def test_keys_and_option_names_are_distinct(ruleset: type[RuleSet[Any]]) -> None:
    # why: gather_items looks a key=value item up among the keys before the rule options
    assert not set(ruleset.keys) & {spec.name for spec in ruleset.option_specs()}


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
    codes = [(p.code, p.col) for p in items.problems]
    # why: kiriage=maybe is no switch value (column of "maybe", index 31); the second "ron" is a
    # duplicate (index 37); "nonsense" (index 41) and "zzz=" (index 50) are unknown words
    assert codes == [("bad-value", 32), ("duplicate-item", 38), ("unknown-word", 42), ("unknown-word", 51)]


@pytest.mark.parametrize("word", ["DRAW", "Draw"])
def test_draw_is_read_in_any_case(word: str) -> None:
    upper, lower = score(f"riichi: {word} tenpai=E"), score("riichi: draw tenpai=E")
    # why: RULES.md §2.9, one tenpai (East): +3000 from 1000 by each other seat, whatever case draw is in
    assert upper.payments == lower.payments
    assert sum(p.amount for p in upper.payments) == 3000
