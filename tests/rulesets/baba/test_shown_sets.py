"""A Kohtsu dealt or drawn and only shown face up, written {…} (docs/rules/baba.md §3).

It is not a claim, so by the house default it keeps Menzen; the option
``shown_menzen=off`` makes it count as open. It is a fixed group like any meld.
"""

from __future__ import annotations

import pytest

from mjscore.errors import HandError
from mjscore.scoring import score


def itemised(line: str) -> tuple[dict[str, int], int]:
    result = score(line)
    return {x.rule_id: x.value for x in result.lines}, result.total


@pytest.mark.parametrize(
    ("line", "expected", "total"),
    [
        # why: {馬々×3} + 場々×2+O = two Kohtsu -> WIN 1; the shown set is no claim (shown_menzen on by
        #      default) -> Menzen 1; real cards 馬々, 場々 share 々, one OBABA -> Hon-itsu 1; total 3
        pytest.param("baba:{馬馬馬} 場場O tsumo", {"win": 1, "menzen": 1, "hon-itsu": 1}, 3, id="keeps-menzen"),
        # why: the same with shown_menzen=off: the shown set counts as open -> no Menzen; 1 + 1 = 2
        pytest.param("baba:{馬馬馬} 場場O tsumo shown_menzen=off", {"win": 1, "hon-itsu": 1}, 2, id="option-off-opens"),
        # why: {馬庭×2+O} + 馬庭×2+O: four 馬庭 and two OBABA as two Kohtsu, no declared KAN -> BABA Yakuman 5;
        #      WIN 1; Menzen 1 (shown is no claim); 馬庭 holds 馬, with OBABA -> Hon-itsu 1; total 8
        pytest.param(
            "baba:{馬庭馬庭O} 馬庭馬庭O ron",
            {"win": 1, "baba-yakuman": 5, "menzen": 1, "hon-itsu": 1},
            8,
            id="yakuman-with-a-shown-set",
        ),
        # why: Beginner rules score WIN 1 only (no Menzen, no yaku) whatever is shown
        pytest.param("baba-beginner:{馬馬馬} 場場O tsumo", {"win": 1}, 1, id="beginner"),
    ],
)
def test_shown_set_scores(line: str, expected: dict[str, int], total: int) -> None:
    assert itemised(line) == (expected, total)


@pytest.mark.parametrize(
    ("line", "codes"),
    [
        # why: menzen asserted while shown_menzen=off makes the shown set count as open
        pytest.param("baba:{馬馬馬} 場場O tsumo menzen shown_menzen=off", ["menzen-open"], id="menzen-asserted"),
        # why: a shown set is a Kohtsu, three cards; four dealt cards are an An-KAN [...]
        pytest.param("baba:{馬馬馬馬} 場場O tsumo", ["bad-meld"], id="four-shown"),
        # why: Beginner rules have no Menzen, so no shown_menzen option either
        pytest.param("baba-beginner:{馬馬馬} 場場O tsumo shown_menzen=off", ["unknown-word"], id="beginner-option"),
    ],
)
def test_shown_set_problems(line: str, codes: list[str]) -> None:
    with pytest.raises(HandError) as caught:
        score(line)
    assert [p.code for p in caught.value.problems] == codes
