"""BABA Beginner rules (``baba-beginner:``), docs/rules/baba.md §2, §5 and §6.

Beginner scoring is WIN (two Kohtsu) 1 KOBAN + DORAYAKI 1 per matching card,
and nothing else: no KAN, no Ba-ittsu, no San-toitsu, no Menzen, no yaku.
Every expectation is worked out by hand in its ``# why:`` comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from mjscore.errors import HandError
from mjscore.payment import balances
from mjscore.scoring import score
from tests.rulesets.baba.cases import case as shared_case
from tests.rulesets.baba.cases import itemised

RULESET = "baba-beginner"


def case(id: str, line: str, expected: dict[str, int], total: int, **tags: tuple[str, ...]) -> Any:
    return shared_case(RULESET, id, line, expected, total, **tags)


CASES = [
    # why: the README's first hand under Beginner rules: 馬々×3 + 場々×2+O = two Kohtsu -> WIN 1; chip 場々 matches the
    #      two real 場々 (OBABA does not count) -> DORAYAKI 2; no Menzen and no Hon-itsu in Beginner; total 3
    case(
        "readme-hand",
        "baba-beginner:馬馬馬場場O dora=場 tsumo",
        {"win": 1, "dorayaki": 2},
        3,
        applies=("win", "dorayaki"),
    ),
    # why: `menzen` is still a valid assertion (the hand is concealed) but Beginner scores no Menzen:
    #      WIN 1, DORAYAKI 2; total 3
    case("menzen-not-scored", "baba-beginner:馬馬馬場場O dora=場 tsumo menzen", {"win": 1, "dorayaki": 2}, 3),
    # why: 馬庭×3 + 番場×3 = two Kohtsu -> WIN 1; no chip given -> no DORAYAKI; total 1
    case(
        "win-no-chip",
        "baba-beginner:馬庭馬庭馬庭番場番場番場 ron",
        {"win": 1},
        1,
        applies=("win",),
        absent=("dorayaki",),
    ),
    # why: a PON with an OBABA: (馬庭×2+O) + 番場×3 -> WIN 1; chip 番場 matches 3 cards -> DORAYAKI 3; total 4
    case(
        "pon-with-obaba",
        "baba-beginner:(馬庭馬庭O) 番場番場番場 dora=番場 ron",
        {"win": 1, "dorayaki": 3},
        4,
        applies=("win", "dorayaki"),
    ),
    # why: chips 馬庭 (3 cards), 番場 (3 cards), 芭場 (none) -> DORAYAKI 6; WIN 1; total 7
    case(
        "dorayaki-several-chips",
        "baba-beginner:馬庭馬庭馬庭番場番場番場 dora=馬庭,番場,芭場 ron",
        {"win": 1, "dorayaki": 6},
        7,
        applies=("dorayaki",),
    ),
    # why: the chip 橋場 matches no card, and the OBABA never counts with obaba_dora=off -> no DORAYAKI; WIN 1
    case(
        "dorayaki-chip-not-in-hand",
        "baba-beginner:馬庭馬庭馬庭番場番場O dora=橋場 ron",
        {"win": 1},
        1,
        absent=("dorayaki",),
    ),
    # why: obaba_dora=on: the OBABA stands for 番場 -> DORAYAKI 2 + 1 = 3; WIN 1; total 4
    case(
        "dorayaki-obaba-dora-on",
        "baba-beginner:馬庭馬庭馬庭番場番場O dora=番場 ron obaba_dora=on",
        {"win": 1, "dorayaki": 3},
        4,
        applies=("dorayaki",),
    ),
    # why: obaba_dora off (default): only the two real 番場 -> DORAYAKI 2; WIN 1; total 3
    case(
        "dorayaki-obaba-dora-off",
        "baba-beginner:馬庭馬庭馬庭番場番場O dora=番場 ron",
        {"win": 1, "dorayaki": 2},
        3,
        applies=("dorayaki",),
    ),
    # why: a Chin-itsu shape (all 馬, no OBABA) scores no yaku in Beginner: WIN 1 only; total 1
    case("no-chin-itsu", "baba-beginner:馬場馬場馬場馬庭馬庭馬庭 tsumo", {"win": 1}, 1),
    # why: a Hon-itsu shape (all 場 + OBABA): WIN 1 only; total 1
    case("no-hon-itsu", "baba-beginner:番場番場番場橋場橋場O ron", {"win": 1}, 1),
    # why: the BABA Yakuman shape (馬庭×4 + 2 OBABA) is just two Kohtsu in Beginner: WIN 1 only; total 1
    case("no-baba-yakuman", "baba-beginner:馬庭馬庭馬庭馬庭OO tsumo", {"win": 1}, 1),
    # why: obaba_set=on: PON 馬庭×3 + three OBABA as a kindless Kohtsu -> WIN 1; total 1
    case("obaba-set-on", "baba-beginner:(馬庭馬庭馬庭) OOO ron obaba_set=on", {"win": 1}, 1, applies=("win",)),
]


@pytest.mark.parametrize(("line", "expected", "total"), CASES)
def test_beginner_itemised_score(line: str, expected: dict[str, int], total: int) -> None:
    result = score(line)
    assert result.ruleset == RULESET
    assert itemised(result) == expected
    assert result.total == total


@pytest.mark.parametrize(
    "line",
    [
        # why: three pairs: San-toitsu does not exist in Beginner, and it is not two Kohtsu
        pytest.param(
            "baba-beginner:馬庭馬庭番場番場橋場橋場 ron",
            id="san-toitsu-shape",
            marks=pytest.mark.rule(RULESET, "win", False),
        ),
        # why: the six 場 kinds: Ba-ittsu does not exist in Beginner, and it is not two Kohtsu
        pytest.param(
            "baba-beginner:馬場場々番場羽場橋場芭場 tsumo",
            id="ba-ittsu-shape",
            marks=pytest.mark.rule(RULESET, "win", False),
        ),
        # why: obaba_set is off by default: PON + three OBABA alone is not two Kohtsu
        pytest.param(
            "baba-beginner:(馬庭馬庭馬庭) OOO ron",
            id="obaba-set-off",
            marks=pytest.mark.rule(RULESET, "win", False),
        ),
        # why: 馬庭×3 + 番場×2 + 橋場: one card off two Kohtsu
        pytest.param("baba-beginner:馬庭馬庭馬庭番場番場橋場 tsumo", id="one-card-off"),
    ],
)
def test_beginner_not_winning(line: str) -> None:
    with pytest.raises(HandError) as info:
        score(line)
    assert [p.code for p in info.value.problems] == ["not-winning"]


@pytest.mark.parametrize(
    "line",
    [
        # why: docs/rules/baba.md §5: no KAN in Beginner, whether An-KAN [...] or open (....)
        pytest.param("baba-beginner:[馬庭馬庭馬庭馬庭] 番場番場番場 tsumo", id="an-kan"),
        pytest.param("baba-beginner:(馬庭馬庭馬庭馬庭) 番場番場番場 ron", id="open-kan"),
        pytest.param("baba-beginner:(馬庭馬庭OO) 番場番場番場 ron", id="kan-with-obaba"),
    ],
)
def test_beginner_has_no_kan(line: str) -> None:
    with pytest.raises(HandError) as info:
        score(line)
    assert [p.code for p in info.value.problems] == ["no-kan"]


def test_beginner_has_no_santoitsu_option() -> None:
    # why: santoitsu_four is an Expert option (San-toitsu does not exist in Beginner) -> an unknown word
    line = "baba-beginner:馬庭馬庭馬庭番場番場番場 ron santoitsu_four=on"
    with pytest.raises(HandError) as info:
        score(line)
    assert [(p.code, p.col) for p in info.value.problems] == [("unknown-word", line.index("santoitsu_four") + 1)]


@pytest.mark.parametrize(
    ("line", "player_rows", "pot", "received"),
    [
        # why: the README's first hand is 3 KOBAN in Beginner; tsumo, 4 players -> 3 others pay 3 each = 9
        pytest.param("baba-beginner:馬馬馬場場O dora=場 tsumo", [3, 3, 3], 0, 9, id="tsumo-4"),
        # why: tsumo, players=3 -> 2 x 3 = 6
        pytest.param("baba-beginner:馬馬馬場場O dora=場 tsumo players=3", [3, 3], 0, 6, id="tsumo-3"),
        # why: ron, 3 players, pot=2: the discarder pays 3, the other 0, the pot 2 -> received 5
        pytest.param("baba-beginner:馬馬馬場場O dora=場 ron players=3 pot=2", [3, 0], 2, 5, id="ron-3-pot"),
        # why: ron, 4 players: discarder 3, two others 0 -> received 3
        pytest.param("baba-beginner:馬馬馬場場O dora=場 ron", [3, 0, 0], 0, 3, id="ron-4"),
    ],
)
def test_beginner_payments(line: str, player_rows: list[int], pot: int, received: int) -> None:
    result = score(line)
    assert result.total == 3
    players = [p.amount for p in result.payments if p.payer != "pot"]
    assert sorted(players, reverse=True) == player_rows
    assert [p.amount for p in result.payments if p.payer == "pot"] == ([pot] if pot else [])
    assert result.received == received
    assert sum(balances(result.payments).values()) == 0
