"""A row whose points the options or the situation decide applies once, worth those points."""

from __future__ import annotations

import pytest

from mjscore.scoring import score


@pytest.mark.parametrize(
    ("hand", "item", "value"),
    [
        # why: docs/rules/baida.md §5: Big Crane 100 (four melds claimed, won on a single wait) ...
        ("baida:2z(123m)(456m)(789s)(111z)+2z ron baida=5p", "big-crane", 100),
        # why: ... or 10 after the player discarded a Baida (flag discarded-baida)
        ("baida:2z(123m)(456m)(789s)(111z)+2z ron baida=5p discarded-baida", "big-crane", 10),
        # why: All Triplets is the assumed house value, 30 by default, here set to 50 on the line
        ("baida:3z(111m)(999p)(111s)(777z)+3z ron baida=5m all_triplets=50", "all-triplets", 50),
        # why: docs/rules/riichi.md §5/§2: Big Four Winds is a double limit hand, two limits of 13 han
        # with double_yakuman on (the default) ...
        ("riichi:1m(111z)(222z)(333z)(444z)+1m tsumo", "big-four-winds", 26),
        # why: ... and one limit, 13 han, with it off
        ("riichi:1m(111z)(222z)(333z)(444z)+1m tsumo double_yakuman=off", "big-four-winds", 13),
    ],
)
def test_applies_once_for_its_points(hand: str, item: str, value: int) -> None:
    (line,) = [x for x in score(hand).lines if x.rule_id == item]
    # why: one application (it once showed the points as the count: "count": 100)
    assert (line.count, line.value) == (1, value)
