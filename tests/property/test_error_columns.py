"""Every problem points at the word it is about (hypothesis).

One case per error code that has a natural offending word: a line written with that fault,
the word it is about marked. Hypothesis varies the rest: which hand, harmless items added,
the items' order, the blanks between words and (on mpsz lines) the case of flag words. The
property: each problem of that code has its column inside the offending word, the
blank-separated word of the line that holds it. Every other problem of the line points
inside some word, or at the hand as a whole (column 0) for a code listed in WHOLE_HAND.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore import score
from mjscore.errors import HandError

# Codes about the hand as a whole: nothing on the line to point at (column 0).
WHOLE_HAND = frozenset({"win-missing", "not-winning", "no-yaku", "baida-missing"})
# Codes with no case here, and why.
NO_CASE = {
    "syntax": "points where reading stopped, which may be a blank or the end of the line",
    "not-utf8": "batch input only: a byte that is not UTF-8, never in a str",
}


class Case(NamedTuple):
    """A faulty line: its rule set, the hand's words (alternatives), the items, the offending
    word (its text; when it is written twice, the second copy: the first repetition)."""

    code: str
    ruleset: str
    hands: tuple[str, ...]
    items: tuple[str, ...]
    bad: str


# Complete hands, whose words are all readable.
RIICHI = ("123m456p789s11z22z+2z", "123m 456p 789s 11z 22z +2z", "234m456p789s23m55p +4m")
OPEN = ("(123m)456p789s11z22z+2z", "123m (456p) 789s 11z 22z +2z")
KONG = ("123m456p11z22z [3333s] +2z", "123m 456p 11z 22z (3333s) +2z")
BABA = ("馬馬馬場場O", "MBMBMB HBHBHB", "馬馬馬 場場O")
BAIDA = ("123m456p789s11z22z+2z", "123m 456p 789s 11z 22z +2z")
# Items that change nothing a case is about.
FILLERS = {
    "riichi": ("round=E", "sticks=1", "honba=1"),
    "hana": ("round=E", "sticks=1", "flower_fu=4"),
    "baida": ("all_triplets=30",),
    "baba": ("players=4", "pot=1", "obaba_dora=off"),
    "baba-beginner": ("players=4", "pot=1"),
}

CASES = [
    # --- every rule set: the line's own words
    Case("unknown-ruleset", "ricchi", RIICHI, ("tsumo",), "*hand"),
    Case("duplicate-item", "riichi", RIICHI, ("tsumo", "riichi", "riichi"), "riichi"),
    Case("duplicate-item", "baba", BABA, ("tsumo", "dora=場", "dora=場"), "dora=場"),
    Case("bad-value", "riichi", RIICHI, ("tsumo", "honba=100"), "honba=100"),
    Case("bad-value", "riichi", RIICHI, ("tsumo", "seat=X"), "seat=X"),
    Case("bad-value", "riichi", RIICHI, ("tsumo", "kiriage=maybe"), "kiriage=maybe"),
    Case("bad-value", "riichi", RIICHI, ("tsumo", "dora=4p3"), "dora=4p3"),
    Case("bad-value", "baba", BABA, ("tsumo", "pot=-1"), "pot=-1"),
    Case("bad-value", "baba", BABA, ("tsumo", "dora="), "dora="),
    Case("bad-value", "hana", RIICHI, ("tsumo", "variant=7"), "variant=7"),
    Case("bad-value", "baida", BAIDA, ("tsumo", "baida=55p"), "baida=55p"),
    Case("bad-value", "baida", ("123m 406p 789s11z22z+2z",), ("tsumo", "baida=5m"), "406p"),
    Case("unknown-word", "riichi", RIICHI, ("tsumo", "tsmuo"), "tsmuo"),
    Case("unknown-word", "riichi", RIICHI, ("tsumo", "foo=1"), "foo=1"),
    Case("unknown-word", "baba", BABA, ("tsumo", "menzne"), "menzne"),
    Case("win-conflict", "riichi", RIICHI, ("tsumo", "ron"), "ron"),
    Case("win-conflict", "baba", BABA, ("tsumo", "ron"), "ron"),
    # --- riichi tiles and melds
    Case("two-winning-tiles", "riichi", ("123m456p789s11z2z +2z +2z",), ("tsumo",), "+2z"),
    Case("tile-count", "riichi", ("123m456p789s11z2z+2z", "123m 456p 789s 11z 2z +2z"), ("tsumo",), "*hand"),
    Case("bad-meld", "riichi", ("123m456p789s11z (22z) +2z",), ("tsumo",), "(22z)"),
    Case("bad-meld", "riichi", ("123m456p789s11z22z +2z [2222s] (13m)",), ("tsumo",), "(13m)"),
    Case("not-a-tile", "riichi", ("123m456p789s11z 28z +2z",), ("tsumo",), "28z"),
    Case("not-a-tile", "riichi", RIICHI, ("tsumo", "dora=4p8z"), "dora=4p8z"),
    Case("flower-winning-tile", "hana", ("123m456p789s11z22z 2z +1f",), ("tsumo",), "+1f"),
    Case("flower-in-meld", "hana", ("123m456p789s11z22z+2z (1f2f3f)",), ("tsumo",), "(1f2f3f)"),
    Case("flowers-not-hana", "riichi", ("123m456p789s11z22z+2z 1f", "123m456p789s11z22z 1f +2z"), ("tsumo",), "1f"),
    Case("flowers-not-hana", "riichi", RIICHI, ("tsumo", "dora=3g"), "dora=3g"),
    Case("flowers-not-hana", "baida", ("123m456p789s11z22z+2z 4f",), ("tsumo", "baida=5m"), "4f"),
    Case("season-with-four-flowers", "hana", ("123m456p789s11z22z+2z 1f2g",), ("tsumo", "flowers=4"), "1f2g"),
    Case("season-with-four-flowers", "hana", RIICHI, ("tsumo", "flowers=4", "dora=1g"), "dora=1g"),
    # a fifth copy: the copy that is one too many, wherever it stands
    Case(
        "too-many-copies",
        "riichi",
        ("123m456p789s 2222z +1z", "2222z 123m456p789s +1z"),
        ("tsumo", "dora=2z"),
        "dora=2z",
    ),
    Case("too-many-copies", "riichi", ("1111m 456p789s111z +1m",), ("tsumo",), "+1m"),
    Case("too-many-copies", "riichi", ("123m 111m 456p789s (1111m)",), ("tsumo",), "(1111m)"),
    Case("too-many-copies", "hana", ("123m456p789s11z22z+2z 1f 2f",), ("tsumo", "dora=1f"), "dora=1f"),
    # with aka on, the set's one red 5m leaves three plain: the fourth plain 5m is one too many
    Case("too-many-copies", "riichi", ("234p 0555m 789s 111z +1z",), ("tsumo", "dora=5m"), "dora=5m"),
    Case(
        "too-many-red-fives",
        "riichi",
        ("234p067m789s11z22z+2z", "234p 067m 789s 11z 22z +2z"),
        ("tsumo", "dora=0m"),
        "dora=0m",
    ),
    Case("too-many-red-fives", "riichi", ("234p 067m 0m9s 11z22z +2z",), ("tsumo",), "0m9s"),
    # aka_s=0: the set holds no red 5s, so the first one written is too many
    Case("too-many-red-fives", "riichi", ("234p 789m 067s 11z22z +2z",), ("tsumo", "aka_s=0"), "067s"),
    Case("fifth-copy-ron", "riichi", ("123m456p789s 2222z +2z",), ("ron",), "+2z"),
    Case("fifth-copy-ron", "riichi", ("123m456p789s 1z 222z 2z",), ("ron", "dora=2z"), "2z"),
    Case("too-many-indicators", "riichi", RIICHI, ("tsumo", "dora=1m2m3m4m5m6m"), "dora=1m2m3m4m5m6m"),
    # --- riichi situations and table
    Case("haitei-ron", "riichi", RIICHI, ("ron", "haitei"), "haitei"),
    Case("houtei-tsumo", "riichi", RIICHI, ("tsumo", "houtei"), "houtei"),
    Case("chankan-tsumo", "riichi", RIICHI, ("tsumo", "chankan"), "chankan"),
    Case("rinshan-ron", "riichi", KONG, ("ron", "rinshan"), "rinshan"),
    Case("rinshan-without-kan", "riichi", RIICHI, ("tsumo", "rinshan"), "rinshan"),
    Case("tenhou-not-dealer", "riichi", RIICHI, ("tsumo", "tenhou", "seat=W"), "tenhou"),
    Case("chiihou-dealer", "riichi", RIICHI, ("tsumo", "chiihou", "seat=E"), "chiihou"),
    Case("tenhou-with-melds", "riichi", OPEN, ("tsumo", "tenhou", "seat=E"), "tenhou"),
    Case("haitei-rinshan", "riichi", KONG, ("tsumo", "haitei", "rinshan"), "haitei"),
    Case("chankan-houtei", "riichi", RIICHI, ("ron", "chankan", "houtei"), "houtei"),
    Case("chankan-own-four", "riichi", ("123m456p789s 222z 1z +2z",), ("ron", "chankan"), "chankan"),
    Case("riichi-conflict", "riichi", RIICHI, ("tsumo", "riichi", "double-riichi"), "riichi"),
    Case("riichi-open", "riichi", OPEN, ("tsumo", "riichi"), "riichi"),
    Case("ippatsu-without-riichi", "riichi", RIICHI, ("tsumo", "ippatsu"), "ippatsu"),
    Case("ippatsu-rinshan", "riichi", KONG, ("tsumo", "riichi", "ippatsu", "rinshan"), "ippatsu"),
    Case("tenhou-ron", "riichi", RIICHI, ("ron", "tenhou", "seat=E"), "tenhou"),
    Case("first-draw-riichi", "riichi", RIICHI, ("tsumo", "tenhou", "riichi", "seat=E"), "tenhou"),
    Case("ura-without-riichi", "riichi", RIICHI, ("tsumo", "ura=1m"), "ura=1m"),
    Case("aka-off", "riichi", ("234m067p789s11z+1z",), ("tsumo", "aka=off"), "aka=off"),
    Case("renhou-off", "riichi", RIICHI, ("ron", "renhou"), "renhou"),
    Case("renhou-tsumo", "riichi", RIICHI, ("tsumo", "renhou", "renhou=mangan"), "renhou"),
    Case("renhou-dealer", "riichi", RIICHI, ("ron", "renhou", "renhou=5han", "seat=E"), "renhou"),
    Case("renhou-with-melds", "riichi", OPEN, ("ron", "renhou", "renhou=yakuman"), "renhou"),
    Case("renhou-riichi", "riichi", RIICHI, ("ron", "riichi", "renhou", "renhou=mangan"), "renhou"),
    Case("from-with-tsumo", "riichi", RIICHI, ("tsumo", "from=W"), "from=W"),
    Case("from-winner", "riichi", RIICHI, ("ron", "from=S", "seat=S"), "from=S"),
    Case("pao-winner", "riichi", RIICHI, ("tsumo", "pao=S", "seat=S"), "pao=S"),
    Case("pao-without-liability", "riichi", RIICHI, ("tsumo", "riichi", "pao=W"), "pao=W"),
    Case("pao-not-fed", "riichi", ("123m1s555z666z777z+1s",), ("tsumo", "pao=W"), "pao=W"),
    # riichi is its only han: at honba 5 a win needs two
    Case("two-fan-minimum", "riichi", RIICHI[:2], ("ron", "riichi", "seat=W", "honba=5"), "honba=5"),
    Case("draw-conflict", "riichi", ("draw",), ("nagashi=E", "tenpai=W"), "tenpai=W"),
    Case("nagashi-off", "riichi", ("draw",), ("nagashi=E", "nagashi=off"), "nagashi=E"),
    Case("bad-value", "riichi", ("draw",), ("tenpai=E,X",), "tenpai=E,X"),
    Case("no-yaku", "riichi", ("123m456p(789s)11z22z+2z",), ("ron", "seat=W"), ""),
    Case("not-winning", "riichi", ("123m456p789s13z22z+2z",), ("tsumo",), ""),
    Case("win-missing", "riichi", RIICHI, ("riichi",), ""),
    # --- baida
    Case("baida-missing", "baida", BAIDA, ("tsumo",), ""),
    Case("baida-indicator-copies", "baida", ("123m456p789s 5555p +2z",), ("tsumo", "baida=5p"), "5555p"),
    Case("baida-in-meld", "baida", ("123m 456p 11z 22z (789s) +2z",), ("tsumo", "baida=8s"), "(789s)"),
    Case("baida-ron-open", "baida", ("12346m (789p) 789m 11z +5m",), ("ron", "baida=5m"), "ron"),
    Case("tenhou-ron", "baida", BAIDA, ("ron", "tenhou", "seat=E", "baida=5m"), "tenhou"),
    Case("chiihou-tsumo", "baida", BAIDA, ("tsumo", "chiihou", "seat=W", "baida=5m"), "chiihou"),
    Case("not-winning", "baida", ("123m456p789s13z22z+2z",), ("tsumo", "baida=5m"), ""),
    # --- BABA
    Case("unknown-card", "baba", ("馬馬馬 場場X",), ("tsumo",), "場場X"),
    Case("unknown-card", "baba", BABA, ("tsumo", "dora=場,xyz"), "dora=場,xyz"),
    Case("bad-meld", "baba", ("馬馬馬 (場場)",), ("tsumo",), "(場場)"),
    Case("no-kan", "baba-beginner", ("馬馬馬 [場場場場]", "[場場場場] 馬馬馬"), ("tsumo",), "[場場場場]"),
    Case("two-kans", "baba", ("[馬馬馬馬] [場場場場]",), ("tsumo",), "[場場場場]"),
    Case("card-count", "baba", ("馬馬馬 場場場O", "MB MB MB HB"), ("tsumo",), "*hand"),
    Case("too-many-copies", "baba", ("馬馬馬 馬馬O",), ("tsumo",), "馬馬O"),
    Case("too-many-copies", "baba", ("馬馬 (馬馬馬) 場",), ("tsumo",), "(馬馬馬)"),
    Case("too-many-obaba", "baba", ("OOOO 馬 O",), ("tsumo",), "O"),
    Case("menzen-open", "baba", ("馬馬馬 (場場場)",), ("tsumo", "menzen"), "menzen"),
    Case("bad-chip", "baba", BABA, ("tsumo", "dora=場,O"), "dora=場,O"),
    Case("not-winning", "baba", ("馬場馬庭馬々馬羽場々番場",), ("tsumo",), ""),
]

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_FLAG = re.compile(r"[a-z-]+")


class Line(NamedTuple):
    text: str
    bad: tuple[int, int] | None  # the offending word's span (0-based, end excluded); None: the hand as a whole


@st.composite
def written(draw: st.DrawFn, case: Case) -> Line:
    """The case's line, written out in one of its ways."""
    hand = draw(st.sampled_from(case.hands)).split()
    keys = {item.split("=")[0] for item in case.items}
    harmless = [f for f in FILLERS.get(case.ruleset, ("round=E",)) if f.split("=")[0] not in keys]
    fillers = draw(st.lists(st.sampled_from(harmless), unique=True)) if harmless else []
    items = list(draw(st.permutations([*case.items, *fillers])))
    if case.ruleset not in ("baba", "baba-beginner", "ricchi"):  # mpsz words in any case
        items = [draw(st.sampled_from((w, w.upper(), w.title()))) if _FLAG.fullmatch(w) else w for w in items]
    words = [*hand, *items]
    blanks = draw(st.lists(st.sampled_from((" ", "  ")), min_size=len(words), max_size=len(words)))
    text, spans = f"{case.ruleset}:", []
    for word, blank in zip(words, blanks, strict=True):
        spans.append((len(text), len(text) + len(word)))
        text += word + blank
    return Line(text.rstrip(), _offending(case, words, spans))


def _offending(case: Case, words: list[str], spans: list[tuple[int, int]]) -> tuple[int, int] | None:
    if not case.bad:
        return None
    if case.bad == "*hand":  # the hand's first word, with the rule-set prefix before it
        return (0, spans[0][1])
    at = [i for i, w in enumerate(words) if w.lower() == case.bad.lower()]
    return spans[at[1] if len(at) > 1 else at[0]]


def _in_a_word(text: str, col: int) -> bool:
    return any(m.start() < col <= m.end() for m in re.finditer(r"\S+", text))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.code} {c.ruleset} {c.bad or 'hand'}")
@FAST
@given(data=st.data())
def test_a_problem_points_at_the_word_it_is_about(case: Case, data: st.DataObject) -> None:
    line = data.draw(written(case))
    with pytest.raises(HandError) as info:
        score(line.text)
    found = [p for p in info.value.problems if p.code == case.code]
    assert found, info.value.describe()
    for p in found:
        if line.bad is None:
            # why: nothing on the line is the fault: the hand as a whole
            assert p.col == 0, info.value.describe()
        else:
            start, end = line.bad
            # why: the column (1-based) stands in the offending word
            assert start < p.col <= end, info.value.describe()
    for p in info.value.problems:
        # why: any other problem points into a word of the line, or at the hand as a whole
        assert (p.col == 0) == (p.code in WHOLE_HAND), info.value.describe()
        assert p.col == 0 or _in_a_word(line.text, p.col), info.value.describe()


def test_every_code_has_a_case_or_a_reason() -> None:
    rejected = (Path(__file__).resolve().parents[2] / "grammar" / "conformance" / "reject.txt").read_text("utf-8")
    codes = set(re.findall(r"([a-z][a-z-]*)@\d+", rejected))
    # why: every code the conformance cases know has a case here, or a reason it has none
    assert codes - {c.code for c in CASES} - set(NO_CASE) == set()
