"""Riichi's payment and tile options beyond what the corpus shows line by line (docs/rules/riichi.md
§2): a rules file reaches draw lines too, and the options' tables agree with the rows they name."""

from __future__ import annotations

import pytest

from mjscore import score
from mjscore.errors import HandError
from mjscore.rulesets.riichi.model import HONBA_VALUES, PAO_HANDS
from mjscore.rulesets.riichi.rows import FED_MELD, RULES
from mjscore.settings import Settings


def test_a_rules_file_without_nagashi_refuses_a_nagashi_draw() -> None:
    settings = Settings(options={"riichi": {"nagashi": False}})
    with pytest.raises(HandError) as caught:
        score("riichi: draw nagashi=S", settings)
    # why: docs/rules/riichi.md §9: with the option off there is no nagashi mangan; the problem
    # points at the seat (column 22: "riichi: draw nagashi=" is 21 characters)
    (problem,) = caught.value.problems
    assert (problem.code, problem.col) == ("nagashi-off", 22)
    assert "nagashi=off" in problem.message


def test_a_draw_line_overrides_the_rules_file() -> None:
    settings = Settings(options={"riichi": {"nagashi": False}})
    result = score("riichi: draw nagashi=S nagashi=on", settings)
    # why: an option on the line overrides the file (README "Rule options"): S's nagashi mangan is
    # paid as a mangan tsumo, 4000 from the dealer E and 2000 from W and N
    assert result.deltas == {"E": -4000, "S": 8000, "W": -2000, "N": -2000}


def test_a_rules_file_sets_the_honba_value() -> None:
    settings = Settings(options={"riichi": {"honba_value": 1500}})
    result = score("riichi:12399m456p23789s+4s ron honba=2", settings)
    # why: pinfu 1 han 30 fu, ron 1000; 2 honba of 1500 each add 3000 (docs/rules/riichi.md §7)
    assert result.received == 4000


def test_every_liable_limit_hand_says_how_a_line_shows_it_was_fed() -> None:
    limit_hands = {r.id for r in RULES if r.limit}
    for word, hands in PAO_HANDS.items():
        # why: docs/rules/riichi.md §8: each liable limit hand needs a fed meld a line can show
        assert set(hands) <= FED_MELD.keys() & limit_hands, word


def test_a_tsumo_splits_every_honba_value_evenly() -> None:
    # why: docs/rules/riichi.md §7: each of a tsumo's three payers pays a third of the honba
    # value, in whole hundreds
    assert all(value % 300 == 0 for value in HONBA_VALUES)
