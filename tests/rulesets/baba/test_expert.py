"""BABA Expert rules (``baba:``), docs/rules/baba.md §2-§4 and §6.

Every expectation below is worked out by hand from docs/rules/baba.md; the ``# why:``
comment above a case is that working. Card kinds of the default deck and the
yaku kanji (馬 場 々) each contains:

    馬場 MB: 馬 場    馬庭 MN: 馬       馬々 MR: 馬 々    馬羽 MH: 馬 (羽)
    場々 BR: 場 々    番場 NB: 場       羽場 HB: 場 (羽)  橋場 KB: 場
    芭場 PB: 場

(羽 and 庭 are shared by some kinds but are not yaku kanji.) "X" alone is the
shorthand for "X々". A case's ``applies`` / ``absent`` lists name the scoring
items the case is a positive / near-miss test for (the ``rule`` marker).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mjscore.errors import HandError
from mjscore.payment import balances
from mjscore.scoring import score
from mjscore.settings import Settings
from tests.rulesets.baba.cases import case as shared_case
from tests.rulesets.baba.cases import itemised

RULESET = "baba"


def case(id: str, line: str, expected: dict[str, int], total: int, **tags: tuple[str, ...]) -> Any:
    return shared_case(RULESET, id, line, expected, total, **tags)


def not_winning(id: str, line: str, absent: tuple[str, ...]) -> Any:
    """A near miss that is no winning hand at all under these rules."""
    marks = [pytest.mark.rule(RULESET, r, False) for r in absent]
    return pytest.param(line, id=id, marks=marks)


CASES = [
    # --- WIN (basic shape) -------------------------------------------------
    # why: 馬庭×3 + 番場×3 = two Kohtsu -> WIN 1; no chip -> no DORAYAKI; no open meld -> Menzen 1;
    #      馬庭 and 番場 share no yaku kanji -> no Chin-itsu; total 2
    case(
        "win-two-kohtsu",
        "baba:馬庭馬庭馬庭番場番場番場 ron",
        {"win": 1, "menzen": 1},
        2,
        applies=("win", "menzen"),
        absent=("chin-itsu",),
    ),
    # why: the README's first example. 馬々×3 + 場々×2+O = two Kohtsu -> WIN 1; chip 場々 matches the two real 場々
    #      (the OBABA does not count, obaba_dora=off) -> DORAYAKI 2; no open meld -> Menzen 1; every non-OBABA
    #      card contains 々 and there is one OBABA -> Hon-itsu 1; total 5
    case(
        "readme-example",
        "baba:馬馬馬場場O dora=場 tsumo menzen",
        {"win": 1, "dorayaki": 2, "menzen": 1, "hon-itsu": 1},
        5,
        applies=("win", "dorayaki", "menzen", "hon-itsu"),
    ),
    # --- Ba-ittsu ------------------------------------------------------------
    # why: 馬場 場々 番場 羽場 橋場 芭場 are the six 場 kinds, one each, no OBABA -> Ba-ittsu 1 and no WIN line
    #      (not two Kohtsu); concealed -> Menzen 1; all six share 場 but Chin-itsu does not apply to Ba-ittsu;
    #      total 2
    case(
        "ba-ittsu",
        "baba:馬場場々番場羽場橋場芭場 tsumo",
        {"ba-ittsu": 1, "menzen": 1},
        2,
        applies=("ba-ittsu", "menzen"),
        absent=("win", "chin-itsu"),
    ),
    # why: Ba-ittsu in ASCII codes, any order -> Ba-ittsu 1; chips 番場 and 橋場 match one card each ->
    #      DORAYAKI 2; Menzen 1; Chin-itsu excluded by Ba-ittsu; total 4
    case(
        "ba-ittsu-with-dorayaki",
        "baba:PB KB HB NB BR MB dora=番場,橋場 ron",
        {"ba-ittsu": 1, "dorayaki": 2, "menzen": 1},
        4,
        applies=("ba-ittsu", "dorayaki"),
        absent=("chin-itsu",),
    ),
    # why: six 場 cards, but only two kinds: 馬場×3 + 場々×3 is two Kohtsu -> WIN 1, not Ba-ittsu (needs six
    #      different kinds); Menzen 1; every card contains 場, no OBABA -> Chin-itsu 2; total 4
    case(
        "six-ba-cards-as-two-kohtsu",
        "baba:馬場馬場馬場場場場 tsumo",
        {"win": 1, "menzen": 1, "chin-itsu": 2},
        4,
        applies=("win", "chin-itsu"),
        absent=("ba-ittsu",),
    ),
    # --- San-toitsu ----------------------------------------------------------
    # why: 馬庭×2 番場×2 橋場×2 = three pairs, no OBABA -> San-toitsu 1 and no WIN line (not two Kohtsu);
    #      Menzen 1; 馬庭/番場/橋場 share no yaku kanji; total 2
    case(
        "san-toitsu",
        "baba:馬庭馬庭番場番場橋場橋場 ron",
        {"san-toitsu": 1, "menzen": 1},
        2,
        applies=("san-toitsu",),
        absent=("win", "chin-itsu"),
    ),
    # why: 馬場×2 馬庭×2 馬々×2 = three pairs -> San-toitsu 1; Menzen 1; every card contains 馬, no OBABA ->
    #      Chin-itsu 2 (only Ba-ittsu excludes it); total 4
    case(
        "san-toitsu-chin-itsu",
        "baba:馬場馬場馬庭馬庭馬馬 tsumo",
        {"san-toitsu": 1, "menzen": 1, "chin-itsu": 2},
        4,
        applies=("san-toitsu", "chin-itsu"),
    ),
    # why: 馬庭×4 + 番場×2: two of the three pairs are one kind; santoitsu_four is on by default ->
    #      San-toitsu 1; Menzen 1; no shared yaku kanji; total 2
    case(
        "san-toitsu-four-of-a-kind",
        "baba:馬庭馬庭馬庭馬庭番場番場 ron",
        {"san-toitsu": 1, "menzen": 1},
        2,
        applies=("san-toitsu",),
    ),
    # why: "three pairs" where the third pair is two OBABA: San-toitsu needs no OBABA, so no San-toitsu;
    #      it reads as 馬庭×2+O and 番場×2+O = two Kohtsu -> WIN 1; Menzen 1; 馬庭/番場 share no yaku kanji ->
    #      no Hon-itsu; total 2
    case(
        "three-pairs-with-obaba",
        "baba:馬庭馬庭番場番場OO ron",
        {"win": 1, "menzen": 1},
        2,
        applies=("win",),
        absent=("san-toitsu", "hon-itsu"),
    ),
    # --- DORAYAKI -------------------------------------------------------------
    # why: chip 馬庭 matches three cards -> DORAYAKI 3; WIN 1; Menzen 1; total 5
    case(
        "dorayaki-one-chip",
        "baba:馬庭馬庭馬庭番場番場番場 dora=馬庭 ron",
        {"win": 1, "dorayaki": 3, "menzen": 1},
        5,
        applies=("dorayaki",),
    ),
    # why: chips 馬庭 (3 cards), 番場 (3 cards), 橋場 (none in hand) -> DORAYAKI 6; WIN 1; Menzen 1; total 8
    case(
        "dorayaki-three-chips",
        "baba:馬庭馬庭馬庭番場番場番場 dora=馬庭,番場,橋場 ron",
        {"win": 1, "dorayaki": 6, "menzen": 1},
        8,
        applies=("dorayaki",),
    ),
    # why: chips written as ASCII code and as kanji are the same chips -> DORAYAKI 6; WIN 1; Menzen 1; total 8
    case(
        "dorayaki-chip-spellings",
        "baba:馬庭馬庭馬庭番場番場番場 dora=MN,nb ron",
        {"win": 1, "dorayaki": 6, "menzen": 1},
        8,
        applies=("dorayaki",),
    ),
    # why: the only chip, 橋場, matches no card -> no DORAYAKI; WIN 1; Menzen 1; total 2
    case(
        "dorayaki-chip-not-in-hand",
        "baba:馬庭馬庭馬庭番場番場番場 dora=橋場 ron",
        {"win": 1, "menzen": 1},
        2,
        absent=("dorayaki",),
    ),
    # why: chip 番場; the two real 番場 count, the OBABA standing in for the third does not (obaba_dora=off)
    #      -> DORAYAKI 2; WIN 1; Menzen 1; 馬庭/番場 share nothing -> no Hon-itsu; total 4
    case(
        "dorayaki-obaba-not-counted",
        "baba:馬庭馬庭馬庭番場番場O dora=番場 ron",
        {"win": 1, "dorayaki": 2, "menzen": 1},
        4,
        applies=("dorayaki",),
        absent=("hon-itsu",),
    ),
    # why: 馬庭×3 + 橋場×2+O = two Kohtsu -> WIN 1; chip 番場 matches no card (the OBABA stands for 橋場
    #      here, and OBABA never count with obaba_dora=off) -> no DORAYAKI; Menzen 1; total 2
    case(
        "dorayaki-only-obaba-could-match",
        "baba:馬庭馬庭馬庭橋場橋場O dora=番場 ron",
        {"win": 1, "menzen": 1},
        2,
        absent=("dorayaki",),
    ),
    # why: obaba_dora=on: the OBABA stands for 番場 in the only reading -> it counts too: DORAYAKI 3;
    #      WIN 1; Menzen 1; total 5
    case(
        "dorayaki-obaba-dora-on",
        "baba:馬庭馬庭馬庭番場番場O dora=番場 ron obaba_dora=on",
        {"win": 1, "dorayaki": 3, "menzen": 1},
        5,
        applies=("dorayaki",),
    ),
    # why: cards in an open PON count as well: chip 馬庭 matches the three in the PON -> DORAYAKI 3; WIN 1;
    #      a PON is open -> no Menzen; total 4
    case(
        "dorayaki-in-pon",
        "baba:(馬庭馬庭馬庭) 番場番場番場 dora=馬庭 ron",
        {"win": 1, "dorayaki": 3},
        4,
        applies=("dorayaki",),
        absent=("menzen",),
    ),
    # why: An-KAN 馬庭×4 + Kohtsu 番場×3 = KAN + Kohtsu -> WIN 1; the KAN turned up a second chip: 馬庭 (4 cards)
    #      and 番場 (3 cards) -> DORAYAKI 7; An-KAN keeps Menzen 1; total 9
    case(
        "dorayaki-in-an-kan",
        "baba:[馬庭馬庭馬庭馬庭] 番場番場番場 dora=馬庭,番場 tsumo",
        {"win": 1, "dorayaki": 7, "menzen": 1},
        9,
        applies=("dorayaki", "menzen"),
    ),
    # why: obaba_dora=on and the OBABA inside the An-KAN stands for 馬庭: chip 馬庭 -> 3 real + 1 OBABA =
    #      DORAYAKI 4; KAN + Kohtsu -> WIN 1; An-KAN -> Menzen 1; total 6
    case(
        "dorayaki-obaba-in-kan-obaba-dora-on",
        "baba:[馬庭馬庭馬庭O] 番場番場番場 dora=馬庭 obaba_dora=on tsumo",
        {"win": 1, "dorayaki": 4, "menzen": 1},
        6,
        applies=("dorayaki",),
    ),
    # --- Menzen and the three KAN kinds ---------------------------------------
    # why: a PON (claimed discard) is open -> no Menzen; WIN 1; total 1
    case("pon-breaks-menzen", "baba:(馬庭馬庭馬庭) 番場番場番場 ron", {"win": 1}, 1, absent=("menzen",)),
    # why: An-KAN [...] is concealed -> Menzen 1; KAN + Kohtsu -> WIN 1; total 2
    case(
        "an-kan-keeps-menzen",
        "baba:[馬庭馬庭馬庭馬庭] 番場番場番場 tsumo",
        {"win": 1, "menzen": 1},
        2,
        applies=("menzen", "win"),
    ),
    # why: (XXXX) is a Min-KAN or Ka-KAN, both open (Fuuro) -> no Menzen; KAN + Kohtsu -> WIN 1; total 1
    case(
        "min-kan-breaks-menzen",
        "baba:(馬庭馬庭馬庭馬庭) 番場番場番場 ron",
        {"win": 1},
        1,
        applies=("win",),
        absent=("menzen",),
    ),
    # why: a Ka-KAN is written like a Min-KAN and is open too (Ka-KAN won on its KAN-zumo) -> WIN 1, no Menzen;
    #      total 1
    case("ka-kan-breaks-menzen", "baba:番場番場番場 (馬庭馬庭馬庭馬庭) tsumo", {"win": 1}, 1, absent=("menzen",)),
    # --- OBABA in every place it may stand -----------------------------------
    # why: OBABA inside an An-KAN: [馬庭×3+O] + 番場×3 = KAN + Kohtsu -> WIN 1; An-KAN -> Menzen 1;
    #      non-OBABA cards 馬庭/番場 share nothing -> no Hon-itsu; total 2
    case(
        "obaba-in-an-kan",
        "baba:[馬庭馬庭馬庭O] 番場番場番場 tsumo",
        {"win": 1, "menzen": 1},
        2,
        applies=("menzen",),
        absent=("hon-itsu",),
    ),
    # why: two OBABA in an open KAN: (馬庭×2+O×2) + 番場×3 -> WIN 1; open -> no Menzen; total 1
    case("obaba-in-open-kan", "baba:(馬庭馬庭OO) 番場番場番場 ron", {"win": 1}, 1, absent=("menzen",)),
    # why: OBABA in a PON: (馬々×2+O) + 場々×3 -> WIN 1; open -> no Menzen; every real card contains 々 and
    #      there is an OBABA -> Hon-itsu 1; total 2
    case(
        "obaba-in-pon",
        "baba:(馬々馬々O) 場々場々場々 ron",
        {"win": 1, "hon-itsu": 1},
        2,
        applies=("hon-itsu",),
        absent=("menzen",),
    ),
    # why: two OBABA in one concealed Kohtsu: 番場×3 + 橋場+O+O -> WIN 1; Menzen 1; real cards all contain 場,
    #      OBABA present -> Hon-itsu 1; total 3
    case(
        "two-obaba-in-one-kohtsu",
        "baba:番場番場番場橋場OO tsumo",
        {"win": 1, "menzen": 1, "hon-itsu": 1},
        3,
        applies=("hon-itsu",),
    ),
    # --- BABA Yakuman ---------------------------------------------------------
    # why: 馬庭×4 + 2 OBABA as two Kohtsu, no KAN -> BABA Yakuman 5; the basic shape -> WIN 1; Menzen 1;
    #      real cards all contain 馬, OBABA present -> Hon-itsu 1; all lines add up: total 8
    case(
        "baba-yakuman",
        "baba:馬庭馬庭馬庭馬庭OO tsumo",
        {"win": 1, "menzen": 1, "baba-yakuman": 5, "hon-itsu": 1},
        8,
        applies=("baba-yakuman", "hon-itsu"),
    ),
    # why: the yakuman needs no Menzen and a PON is no declared KAN: (馬庭×2+O) + 馬庭×2+O -> WIN 1,
    #      BABA Yakuman 5, Hon-itsu 1; open -> no Menzen; total 7
    case(
        "baba-yakuman-with-pon",
        "baba:(馬庭馬庭O) 馬庭馬庭O ron",
        {"win": 1, "baba-yakuman": 5, "hon-itsu": 1},
        7,
        applies=("baba-yakuman",),
        absent=("menzen",),
    ),
    # why: chip 馬庭 on the yakuman: the four real 馬庭 count, the OBABA do not -> DORAYAKI 4; WIN 1; Menzen 1;
    #      BABA Yakuman 5; Hon-itsu 1; total 12
    case(
        "baba-yakuman-with-dorayaki",
        "baba:馬庭馬庭馬庭馬庭OO dora=馬庭 tsumo",
        {"win": 1, "dorayaki": 4, "menzen": 1, "baba-yakuman": 5, "hon-itsu": 1},
        12,
        applies=("baba-yakuman", "dorayaki"),
    ),
    # why: three of a kind + three OBABA is not "4 cards of one kind + 2 OBABA" -> no yakuman;
    #      馬庭×2+O and 馬庭+O×2 -> WIN 1; Menzen 1; Hon-itsu (馬) 1; total 3
    case(
        "three-and-three-is-no-yakuman",
        "baba:馬庭馬庭馬庭OOO tsumo",
        {"win": 1, "menzen": 1, "hon-itsu": 1},
        3,
        absent=("baba-yakuman",),
    ),
    # why: no rearranging after a KAN: An-KAN 馬庭×4 plus 番場+O+O holds four of a kind and two OBABA, but the
    #      KAN is declared and cannot be split into two Kohtsu -> no yakuman; KAN + Kohtsu -> WIN 1;
    #      An-KAN -> Menzen 1; 馬庭/番場 share nothing -> no Hon-itsu; total 2
    case(
        "no-yakuman-from-an-kan",
        "baba:[馬庭馬庭馬庭馬庭] 番場OO tsumo",
        {"win": 1, "menzen": 1},
        2,
        absent=("baba-yakuman",),
    ),
    # why: as above with an open KAN: WIN 1, no yakuman, no Menzen; total 1
    case(
        "no-yakuman-from-open-kan",
        "baba:(馬庭馬庭馬庭馬庭) 番場OO ron",
        {"win": 1},
        1,
        absent=("baba-yakuman", "menzen"),
    ),
    # why: a KAN hand holding all four 馬庭: [馬庭×3+O] + 馬庭+O+O = KAN + Kohtsu -> WIN 1; the yakuman cannot
    #      use a declared KAN (and this is 4 + 3 OBABA anyway) -> none; An-KAN -> Menzen 1; real cards all
    #      馬庭 -> share 馬 (庭 is no yaku kanji) -> Hon-itsu 1; total 3
    case(
        "no-yakuman-kan-with-obaba",
        "baba:[馬庭馬庭馬庭O] 馬庭OO tsumo",
        {"win": 1, "menzen": 1, "hon-itsu": 1},
        3,
        applies=("hon-itsu",),
        absent=("baba-yakuman",),
    ),
    # --- Chin-itsu ------------------------------------------------------------
    # why: 馬場×3 + 馬庭×3: every card contains 馬, no OBABA -> Chin-itsu 2; WIN 1; Menzen 1; total 4
    case(
        "chin-itsu-ma",
        "baba:馬場馬場馬場馬庭馬庭馬庭 tsumo",
        {"win": 1, "menzen": 1, "chin-itsu": 2},
        4,
        applies=("chin-itsu",),
        absent=("hon-itsu",),
    ),
    # why: 馬々×3 + 場々×3: the only kanji both share is 々 -> Chin-itsu 2; WIN 1; Menzen 1; total 4
    case(
        "chin-itsu-doubling-mark",
        "baba:馬馬馬場場場 ron",
        {"win": 1, "menzen": 1, "chin-itsu": 2},
        4,
        applies=("chin-itsu",),
    ),
    # why: Chin-itsu needs no Menzen: (馬羽×3) + 馬々×3 share 馬 -> Chin-itsu 2; WIN 1; open -> no Menzen;
    #      total 3
    case(
        "chin-itsu-open",
        "baba:(馬羽馬羽馬羽) 馬々馬々馬々 ron",
        {"win": 1, "chin-itsu": 2},
        3,
        applies=("chin-itsu",),
        absent=("menzen",),
    ),
    # why: KAN + Kohtsu all with 場: [番場×4] + 芭場×3 -> WIN 1, Menzen 1 (An-KAN), Chin-itsu 2; total 4
    case(
        "chin-itsu-with-kan",
        "baba:[番場番場番場番場] 芭場芭場芭場 tsumo",
        {"win": 1, "menzen": 1, "chin-itsu": 2},
        4,
        applies=("chin-itsu",),
    ),
    # why: 馬羽 and 羽場 share 羽, which is not one of the yaku kanji 馬/場/々 -> no Chin-itsu;
    #      WIN 1; Menzen 1; total 2
    case(
        "shared-kanji-not-yaku",
        "baba:馬羽馬羽馬羽羽場羽場羽場 tsumo",
        {"win": 1, "menzen": 1},
        2,
        absent=("chin-itsu",),
    ),
    # --- Hon-itsu -------------------------------------------------------------
    # why: 番場×3 + 橋場×2 + O: every real card contains 場, one OBABA -> Hon-itsu 1 (not Chin-itsu: OBABA
    #      decides); WIN 1; Menzen 1; total 3
    case(
        "hon-itsu-ba",
        "baba:番場番場番場橋場橋場O ron",
        {"win": 1, "menzen": 1, "hon-itsu": 1},
        3,
        applies=("hon-itsu",),
        absent=("chin-itsu",),
    ),
    # why: 馬場×3 + 馬庭×2 + O: real cards all contain 馬 -> Hon-itsu 1; WIN 1; Menzen 1; total 3
    case(
        "hon-itsu-ma",
        "baba:馬場馬場馬場馬庭馬庭O tsumo",
        {"win": 1, "menzen": 1, "hon-itsu": 1},
        3,
        applies=("hon-itsu",),
        absent=("chin-itsu",),
    ),
    # why: 馬羽×3 + 羽場×2 + O share only 羽 (not a yaku kanji) -> no Hon-itsu; WIN 1; Menzen 1; total 2
    case(
        "hon-itsu-shared-kanji-not-yaku",
        "baba:馬羽馬羽馬羽羽場羽場O ron",
        {"win": 1, "menzen": 1},
        2,
        absent=("hon-itsu",),
    ),
    # why: 番場×3 + 馬庭×2+O = two Kohtsu -> WIN 1; Menzen 1; 番場 has no 馬 and 馬庭 has no 場 (or 々), so no
    #      yaku kanji is shared by every real card -> no Hon-itsu although there is an OBABA; total 2
    case(
        "hon-itsu-one-card-off",
        "baba:番場番場番場馬庭馬庭O tsumo",
        {"win": 1, "menzen": 1},
        2,
        absent=("hon-itsu",),
    ),
    # why: every real card is 馬場 (contains both 馬 and 場): two shared kanji count the yaku once -> Hon-itsu 1;
    #      [馬場×3+O] + 馬場+O+O = KAN + Kohtsu -> WIN 1; An-KAN -> Menzen 1; no yakuman from a KAN; total 3
    case(
        "hon-itsu-two-kanji-once",
        "baba:[馬場馬場馬場O] 馬場OO tsumo",
        {"win": 1, "menzen": 1, "hon-itsu": 1},
        3,
        applies=("hon-itsu",),
        absent=("baba-yakuman",),
    ),
    # why: 馬々×4 + 2 OBABA: real cards share 馬 and 々, Hon-itsu counted once -> 1; BABA Yakuman 5; WIN 1;
    #      Menzen 1; total 8
    case(
        "yakuman-hon-itsu-two-kanji-once",
        "baba:馬馬馬馬OO tsumo",
        {"win": 1, "menzen": 1, "baba-yakuman": 5, "hon-itsu": 1},
        8,
        applies=("baba-yakuman", "hon-itsu"),
    ),
    # --- house-default options -------------------------------------------------
    # why: obaba_set=on: a PON (馬庭×3) plus three OBABA as a Kohtsu of no kind -> WIN 1; open -> no Menzen;
    #      the only real cards are 馬庭 (馬) with OBABA -> Hon-itsu 1; total 2
    case(
        "obaba-set-on",
        "baba:(馬庭馬庭馬庭) OOO ron obaba_set=on",
        {"win": 1, "hon-itsu": 1},
        2,
        applies=("win",),
    ),
]


@pytest.mark.parametrize(("line", "expected", "total"), CASES)
def test_expert_itemised_score(line: str, expected: dict[str, int], total: int) -> None:
    result = score(line)
    assert result.ruleset == RULESET
    assert itemised(result) == expected
    assert result.total == total


NOT_WINNING = [
    # why: five 場 kinds + an OBABA: Ba-ittsu allows no OBABA, and the cards are not two Kohtsu or three pairs
    not_winning("five-ba-kinds-and-obaba", "baba:馬場場々番場羽場橋場O tsumo", absent=("ba-ittsu",)),
    # why: six 場 cards but 馬場 twice and no 場々: not six different kinds -> no Ba-ittsu, and no other shape
    not_winning("ba-cards-one-repeated", "baba:馬場馬場番場羽場橋場芭場 tsumo", absent=("ba-ittsu",)),
    # why: santoitsu_four=off: four 馬庭 + a pair of 番場 is no longer three pairs, and not two Kohtsu
    not_winning(
        "san-toitsu-four-option-off",
        "baba:馬庭馬庭馬庭馬庭番場番場 ron santoitsu_four=off",
        absent=("san-toitsu",),
    ),
    # why: the house default obaba_set=off: three OBABA alone have no kind to match, so PON + OOO is not two Kohtsu
    not_winning("obaba-set-off", "baba:(馬庭馬庭馬庭) OOO ron", absent=("win",)),
    # why: two Kohtsu short: 馬庭×3 + 番場×2 + 橋場 is no Kohtsu of 番場 and no three pairs
    not_winning("one-card-off", "baba:馬庭馬庭馬庭番場番場橋場 tsumo", absent=("win", "san-toitsu")),
]


@pytest.mark.parametrize("line", NOT_WINNING)
def test_expert_near_miss_is_not_winning(line: str) -> None:
    with pytest.raises(HandError) as info:
        score(line)
    assert [p.code for p in info.value.problems] == ["not-winning"]


@pytest.mark.parametrize("wild", ["O", "*", "お", "婆"])
def test_obaba_spellings(wild: str) -> None:
    # why: O, *, お (and 婆, no deck kanji) all write OBABA, so each line is the README's first example:
    #      WIN 1, DORAYAKI 2, Menzen 1, Hon-itsu 1; total 5
    result = score(f"baba:馬馬馬場場{wild} dora=場 tsumo menzen")
    assert itemised(result) == {"win": 1, "dorayaki": 2, "menzen": 1, "hon-itsu": 1}
    assert result.total == 5


# --- the evaluator keeps the reading with the highest total ------------------


def test_evaluator_keeps_highest_total_reading() -> None:
    # why: obaba_set=on and obaba_dora=on, chip 馬々, 馬々×3 + 3 OBABA has two readings:
    #      (a) 馬々×3 and OBABA×3 as a kindless set: DORAYAKI 3 (the kindless OBABA are no 馬々);
    #          WIN 1 + DORAYAKI 3 + Menzen 1 + Hon-itsu 1 (馬/々 shared, once) = 6
    #      (b) 馬々×2+O and 馬々+O×2: every OBABA stands for 馬々 -> DORAYAKI 6; 1 + 6 + 1 + 1 = 9
    #      the evaluator must keep (b): total 9
    result = score("baba:馬馬馬OOO dora=馬 tsumo obaba_set=on obaba_dora=on", explain=True)
    assert itemised(result) == {"win": 1, "dorayaki": 6, "menzen": 1, "hon-itsu": 1}
    assert result.total == 9
    assert sorted(c.total for c in result.candidates) == [6, 9]


def test_evaluator_without_obaba_dora_all_readings_equal() -> None:
    # why: same hand, obaba_dora off: both readings give WIN 1 + DORAYAKI 3 (real 馬々 only) + Menzen 1 +
    #      Hon-itsu 1 = 6
    result = score("baba:馬馬馬OOO dora=馬 tsumo obaba_set=on", explain=True)
    assert itemised(result) == {"win": 1, "dorayaki": 3, "menzen": 1, "hon-itsu": 1}
    assert result.total == 6
    assert {c.total for c in result.candidates} == {6}


# --- options from a rules file (Settings) -------------------------------------


def test_rules_file_option_and_inline_override() -> None:
    # why: obaba_dora=on from the rules file: the OBABA counts as 番場 -> DORAYAKI 3, total 5 (as in
    #      dorayaki-obaba-dora-on); an inline obaba_dora=off overrides the file -> DORAYAKI 2, total 4
    settings = Settings(options={"baba": {"obaba_dora": True}})
    line = "baba:馬庭馬庭馬庭番場番場O dora=番場 ron"
    on = score(line, settings)
    assert itemised(on) == {"win": 1, "dorayaki": 3, "menzen": 1}
    assert on.total == 5
    off = score(line + " obaba_dora=off", settings)
    assert itemised(off) == {"win": 1, "dorayaki": 2, "menzen": 1}
    assert off.total == 4


# --- Chin-itsu when two kanji are shared (a deck where that can happen) --------

_DECK_WITH_REVERSED_MA = """
wild_cards = 4
kind = [
  { spelling = "馬場", code = "MB" }, { spelling = "馬庭", code = "MN" }, { spelling = "馬々", code = "MR" },
  { spelling = "々馬", code = "RM" }, { spelling = "場々", code = "BR" }, { spelling = "番場", code = "NB" },
  { spelling = "羽場", code = "HB" }, { spelling = "橋場", code = "KB" }, { spelling = "芭場", code = "PB" },
]
"""


@pytest.mark.rule(RULESET, "chin-itsu", True)
def test_chin_itsu_two_kanji_counted_once(tmp_path: Path) -> None:
    # With the default deck six real cards cannot all share two kanji (only 馬々 holds both 馬 and 々, and
    # four copies exist), so this deck replaces 馬羽 by 々馬. It still has six 場 kinds, two with 馬, two with 々.
    # why: 馬々×3 + 々馬×3 = two Kohtsu -> WIN 1; Menzen 1; all cards share 馬 and 々, no OBABA -> Chin-itsu
    #      counted once: 2; total 4
    deck = tmp_path / "deck.toml"
    deck.write_text(_DECK_WITH_REVERSED_MA, encoding="utf-8")
    result = score("baba:MR MR MR RM RM RM tsumo", Settings(deck_path=deck))
    assert itemised(result) == {"win": 1, "menzen": 1, "chin-itsu": 2}
    assert result.total == 4


# --- payments (docs/rules/baba.md §6) ----------------------------------------------------

FIRST = "baba:馬馬馬場場O dora=場"  # a 5 KOBAN hand (see readme-example above)

PAYMENTS = [
    # why: tsumo, 4 players (default): the three others pay the total 5 each -> received 15
    pytest.param(f"{FIRST} tsumo", [5, 5, 5], 0, 15, id="tsumo-4-players"),
    # why: tsumo, players=3: the two others pay 5 each -> received 10
    pytest.param(f"{FIRST} tsumo players=3", [5, 5], 0, 10, id="tsumo-3-players"),
    # why: ron, 4 players: the discarder pays 5, the two others pay 0 -> received 5
    pytest.param(f"{FIRST} ron", [5, 0, 0], 0, 5, id="ron-4-players"),
    # why: ron, 3 players: the discarder pays 5, the other player 0 -> received 5
    pytest.param(f"{FIRST} ron players=3", [5, 0], 0, 5, id="ron-3-players"),
    # why: tsumo with pot=2: 3 x 5 from the players, and the pot's 2 on its own row -> received 17
    pytest.param(f"{FIRST} tsumo pot=2", [5, 5, 5], 2, 17, id="tsumo-with-pot"),
    # why: ron, 3 players, pot=3: discarder 5, other 0, pot 3 -> received 8
    pytest.param(f"{FIRST} ron players=3 pot=3", [5, 0], 3, 8, id="ron-with-pot"),
    # why: pot=0 is an empty pot: no pot row; ron -> 5
    pytest.param(f"{FIRST} ron pot=0", [5, 0, 0], 0, 5, id="ron-empty-pot"),
]


@pytest.mark.parametrize(("line", "player_rows", "pot", "received"), PAYMENTS)
def test_payments(line: str, player_rows: list[int], pot: int, received: int) -> None:
    result = score(line)
    assert result.total == 5  # the pot is paid to the winner, it is not part of the hand total
    assert all(p.payee == "winner" for p in result.payments)
    players = [p for p in result.payments if p.payer != "pot"]
    pot_rows = [p.amount for p in result.payments if p.payer == "pot"]
    assert sorted((p.amount for p in players), reverse=True) == player_rows
    assert pot_rows == ([pot] if pot else [])
    assert len({p.payer for p in players}) == len(players)  # one row per other player
    assert result.received == received
    assert sum(balances(result.payments).values()) == 0
    assert balances(result.payments)["winner"] == received


def test_ron_names_the_discarder() -> None:
    # why: on a ron only the discarder pays the total (5); every other row is 0
    result = score(f"{FIRST} ron")
    paying = [p.payer for p in result.payments if p.amount]
    assert paying == ["discarder"]


def test_readings_are_listed_only_when_asked() -> None:
    # why: the candidate list is for --all; a plain score does not build it
    assert score("baba:馬馬馬OOO dora=馬 tsumo obaba_set=on").candidates == ()
