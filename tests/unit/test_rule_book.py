"""The rule book asks a row only when its gate is among the features, and never a
closed-only row of an open hand; it remembers the answer per combination."""

from __future__ import annotations

from mjscore.engine import RuleBook
from mjscore.rulesets.riichi.rows import FOUR_RUNS, RULES


def test_a_gated_row_is_asked_only_with_its_feature() -> None:
    book = RuleBook(RULES)
    # why: Pinfu needs four runs (docs/rules/riichi.md §4), its gate; without the feature it is not asked
    assert "pinfu" not in {rule.id for rule in book.asked(frozenset(), is_open=False)}
    assert "pinfu" in {rule.id for rule in book.asked(frozenset({FOUR_RUNS}), is_open=False)}


def test_closed_only_rows_are_left_out_of_an_open_hand() -> None:
    book = RuleBook(RULES)
    every_gate = frozenset(rule.gate for rule in RULES if rule.gate)
    closed = [rule.id for rule in book.asked(every_gate, is_open=False)]
    opened = {rule.id for rule in book.asked(every_gate, is_open=True)}
    # why: docs/rules/riichi.md §4: riichi, menzen tsumo, pinfu, pure double chow ... need a closed hand
    assert {"riichi", "menzen-tsumo", "pinfu", "pure-double-chow"} <= set(closed) - opened
    # why: with every feature present, a closed hand is asked every row, in table order (lines keep it)
    assert closed == [rule.id for rule in RULES]


def test_the_answer_for_a_combination_is_remembered() -> None:
    book = RuleBook(RULES)
    features = frozenset({FOUR_RUNS})
    # why: the second ask of the same combination is the first answer itself, not a new pass
    assert book.asked(features, is_open=False) is book.asked(features, is_open=False)
