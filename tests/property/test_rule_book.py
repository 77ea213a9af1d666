"""The rule book gathers the rows to ask from the rows each feature gates; that must
be exactly the plain filter over the whole table, in table order, for any features."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mjscore.engine import RuleBook, _asked
from mjscore.rulesets.riichi.yaku import RULES

GATES = sorted({rule.gate for rule in RULES if rule.gate} | {"not-a-gate"})


@given(st.frozensets(st.sampled_from(GATES)), st.booleans())
def test_gathered_rows_are_the_filtered_table(features: frozenset[str], is_open: bool) -> None:
    book = RuleBook(RULES)
    # why: the same rows as asking the gate of every row in turn, in table order (lines keep that order)
    assert book.asked(features, is_open) == _asked(RULES, features, is_open)
    # why: the memo answers a combination met before with the same rows
    assert book.asked(features, is_open) == _asked(RULES, features, is_open)


def test_closed_only_rows_are_left_out_of_an_open_hand() -> None:
    book = RuleBook(RULES)
    every_gate = frozenset(GATES)
    closed = {rule.id for rule in book.asked(every_gate, is_open=False)}
    opened = {rule.id for rule in book.asked(every_gate, is_open=True)}
    # why: RULES.md §2.4: riichi, menzen tsumo, pinfu, pure double chow ... need a closed hand
    assert {"riichi", "menzen-tsumo", "pinfu", "pure-double-chow"} <= closed - opened
    # why: with every feature present, every row is asked on a closed hand
    assert closed == {rule.id for rule in RULES}
