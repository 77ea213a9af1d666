"""All eight flowers on a complete hand: Daifaahou is scored on the reading, listed once."""

from __future__ import annotations

from mjscore.scoring import score


def test_eight_flowers_on_a_complete_hand_list_one_reading() -> None:
    # why: 222m 456p 99p 789s with 23s won on 4s splits one way, and 4s completes only 234s:
    # one reading. Daifaahou (docs/rules/hana.md §4) applies to it; the stand-alone "eight flowers"
    # score, for a hand no reading completes, is not listed beside it (it once was).
    result = score("hana:222m45699p23789s+4s 1f2f3f4f1g2g3g4g tsumo", explain=True)
    (only,) = result.candidates
    assert "· standard, two-sided wait on 4s:" in only.reading
    assert [line.rule_id for line in result.lines] == ["daifaahou"]
