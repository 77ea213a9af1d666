"""BABA lines that cannot be scored: every problem, its stable code and column.

docs/rules/baba.md §1-§3 say which hands can exist; docs/notation.md says what a user
must be told and that all problems of one hand are reported together. A
column is 1-based into the line as typed; 0 means the hand as a whole.
"""

from __future__ import annotations

from typing import Any

import pytest

from mjscore.errors import HandError
from mjscore.scoring import score

CARD_NAMES = "馬場 (MB), 馬庭 (MN), 馬々 (MR), 馬羽 (MH), 場々 (BR), 番場 (NB), 羽場 (HB), 橋場 (KB), 芭場 (PB)"


def col(line: str, text: str, nth: int = 1) -> int:
    """The 1-based column where the ``nth`` occurrence of ``text`` starts in ``line``."""
    at = -1
    for _ in range(nth):
        at = line.index(text, at + 1)
    return at + 1


def problems(line: str) -> list[tuple[str, int]]:
    with pytest.raises(HandError) as info:
        score(line)
    return [(p.code, p.col) for p in info.value.problems]


def messages(line: str) -> list[str]:
    with pytest.raises(HandError) as info:
        score(line)
    return [p.message for p in info.value.problems]


Where = int | str | tuple[str, int]


def bad(id: str, line: str, *expected: tuple[str, Where]) -> Any:
    """A bad line and its problems: (code, where); ``where`` is a column, the text the column points at,
    or (text, n) for its n-th occurrence."""
    wanted = []
    for code, where in expected:
        if isinstance(where, int):
            wanted.append((code, where))
        elif isinstance(where, str):
            wanted.append((code, col(line, where)))
        else:
            wanted.append((code, col(line, *where)))
    return pytest.param(line, wanted, id=id)


CASES = [
    # --- card count ----------------------------------------------------------
    # why: docs/notation.md's example: 2 cards (6 needed) and no tsumo/ron -> card-count at the cards, win-missing
    #      for the whole line; listed in column order
    bad("card-count-readme", "baba:馬場馬場", ("win-missing", 0), ("card-count", "馬場")),
    # why: 7 cards without a KAN (a concealed four is no KAN) -> card-count
    bad("seven-without-kan", "baba:馬場馬場馬場馬庭馬庭馬庭O tsumo", ("card-count", "馬場")),
    # why: a KAN hand holds 7 cards; 4 + 2 = 6 -> card-count at the first card group (the KAN)
    bad("six-with-kan", "baba:[馬場馬場馬場馬場] 馬庭馬庭 tsumo", ("card-count", "[")),
    # why: a second KAN cannot happen (after a KAN only two cards stay in hand) -> two-kans, at the second
    bad("two-kans", "baba:[馬場馬場馬場馬場] (馬庭馬庭馬庭馬庭) tsumo", ("two-kans", "(")),
    # --- cards that cannot exist ----------------------------------------------
    # why: five 馬場 (four copies exist) -> too-many-copies, at the fifth (the copy one too many)
    bad("five-of-a-kind", "baba:馬場馬場馬場馬場馬場O tsumo", ("too-many-copies", ("馬場", 5))),
    # why: copies count the table too: PON 馬場×3 + 馬場×3 concealed = six -> too-many-copies, at the
    #      fifth in line order: the second concealed one
    bad("copies-across-melds", "baba:(馬場馬場馬場) 馬場馬場馬場 ron", ("too-many-copies", ("馬場", 5))),
    # why: at most 4 OBABA are ever in play; 5 -> too-many-obaba, at the fifth
    bad("five-obaba", "baba:OOOOO馬場 tsumo", ("too-many-obaba", ("O", 5))),
    # why: OBABA in a meld count too: 2 + 3 = 5 -> too-many-obaba, at the fifth in line order (the last)
    bad("five-obaba-across-melds", "baba:(馬場OO) OOO ron", ("too-many-obaba", ("O", 5))),
    # why: X is no card -> unknown-card at the X
    bad("unknown-card-in-hand", "baba:馬馬馬場場X tsumo", ("unknown-card", "X")),
    # why: X inside a meld -> unknown-card at the X
    bad("unknown-card-in-meld", "baba:(馬場馬場X) 番場番場番場 ron", ("unknown-card", "X")),
    # why: docs/notation.md: dora=xyz -> xyz is not a card, at the column of xyz
    bad("unknown-chip", "baba:馬馬馬場場O dora=xyz tsumo", ("unknown-card", "xyz")),
    # --- melds ----------------------------------------------------------------
    # why: a meld's cards must match (OBABA may stand in): 馬場 馬庭 馬場 -> bad-meld at the "("
    bad("meld-mixed-kinds", "baba:(馬場馬庭馬場) 番場番場番場 ron", ("bad-meld", "(")),
    # why: a meld is a PON (3) or a KAN (4); 2 cards -> bad-meld (6 cards in all, so no card-count)
    bad("meld-too-small", "baba:(馬場馬場) 番場番場番場O ron", ("bad-meld", "(")),
    # why: an An-KAN [...] is four matching cards; 3 -> bad-meld at the "["
    bad("an-kan-of-three", "baba:[馬場馬場馬場] 番場番場番場 tsumo", ("bad-meld", "[")),
    # why: three OBABA alone have no kind to match -> bad-meld
    bad("meld-of-obaba-only", "baba:(OOO) 馬庭馬庭馬庭 ron", ("bad-meld", "(")),
    # why: KAN does not exist in Beginner rules -> no-kan (the 7 cards are right for a KAN hand)
    bad("no-kan-beginner", "baba-beginner:[馬場馬場馬場馬場] 番場番場番場 tsumo", ("no-kan", "[")),
    # --- the win and the menzen assertion --------------------------------------
    # why: `menzen` asserts a concealed hand, but a PON is open -> menzen-open at the word
    bad("menzen-with-pon", "baba:(馬場馬場馬場) 番場番場番場 ron menzen", ("menzen-open", "menzen")),
    # why: a Min-KAN / Ka-KAN is open too -> menzen-open
    bad("menzen-with-open-kan", "baba:(馬場馬場馬場馬場) 番場番場番場 tsumo menzen", ("menzen-open", "menzen")),
    # why: a win is tsumo or ron, not both -> win-conflict (at ron)
    bad("tsumo-and-ron", "baba:馬馬馬場場O tsumo ron", ("win-conflict", "ron")),
    # why: neither tsumo nor ron -> win-missing, for the whole line
    bad("no-win-word", "baba:馬馬馬場場O dora=場", ("win-missing", 0)),
    # why: six different cards, not all 場 kinds (馬庭 is none): no Ba-ittsu, no two Kohtsu, no three pairs
    bad("not-winning", "baba:馬場馬庭番場橋場芭場羽場 tsumo", ("not-winning", 0)),
    # --- values and words -----------------------------------------------------
    # why: players is 3 or 4 -> bad-value at the value
    bad("players-5", "baba:馬馬馬場場O tsumo players=5", ("bad-value", "5")),
    # why: pot is a whole number of KOBAN -> bad-value at the value
    bad("pot-x", "baba:馬馬馬場場O tsumo pot=x", ("bad-value", "x")),
    bad("pot-negative", "baba:馬馬馬場場O tsumo pot=-1", ("bad-value", "-1")),
    # why: a switch is on or off -> bad-value
    bad("switch-not-on-off", "baba:馬馬馬場場O tsumo obaba_dora=maybe", ("bad-value", "maybe")),
    # why: the same flag twice -> duplicate-item at the second
    bad("flag-twice", "baba:馬馬馬場場O tsumo menzen menzen", ("duplicate-item", ("menzen", 2))),
    # why: the same key twice -> duplicate-item at the second
    bad("dora-twice", "baba:馬馬馬場場O tsumo dora=場 dora=馬", ("duplicate-item", "dora=馬")),
    # why: a chip is named twice (場 is the shorthand of 場々) -> bad-chip at the second
    bad("chip-twice", "baba:馬馬馬場場O dora=場,場々 tsumo", ("bad-chip", "場々 ")),
    # why: there is no DORAYAKI chip for OBABA -> bad-chip at it
    bad("obaba-chip", "baba:馬馬馬場場O dora=馬,O tsumo", ("bad-chip", "O tsumo")),
    # why: an unknown word after the items -> unknown-word at it
    bad("unknown-word", "baba:馬馬馬場場O tsumo menzn", ("unknown-word", "menzn")),
    # why: a mistyped win word where cards could stand is still an unknown word; and then no win is given
    bad("unknown-word-in-hand-place", "baba:馬馬馬場場O tsmo", ("win-missing", 0), ("unknown-word", "tsmo")),
    # --- several problems at once ---------------------------------------------
    # why: 2 cards (card-count), tsumo and ron (win-conflict), xyz is no card (unknown-card): all three, in order
    bad(
        "three-problems",
        "baba:馬場馬場 tsumo ron dora=xyz",
        ("card-count", "馬場"),
        ("win-conflict", "ron"),
        ("unknown-card", "xyz"),
    ),
    # why: a mixed meld (bad-meld) that also makes six 馬場 (too-many-copies, at the fifth in line
    #      order: the third concealed), 7 cards without a KAN (card-count), tsumo with ron
    #      (win-conflict) and players=5 (bad-value): five problems, one error, in column order
    bad(
        "five-problems",
        "baba:(馬場馬庭馬場) 馬場馬場馬場馬場 tsumo ron players=5",
        ("bad-meld", "("),
        ("card-count", "("),
        ("too-many-copies", ("馬場", 5)),
        ("win-conflict", "ron"),
        ("bad-value", "5"),
    ),
]


@pytest.mark.parametrize(("line", "expected"), CASES)
def test_problems(line: str, expected: list[tuple[str, int]]) -> None:
    assert problems(line) == expected


def test_card_count_message() -> None:
    # docs/notation.md: baba:馬場馬場 must say a BABA hand holds 6 cards (7 with a KAN)
    (message,) = messages("baba:馬場馬場 tsumo")
    assert "6 cards (7 with a KAN)" in message
    assert "2 given" in message


def test_unknown_card_lists_the_cards() -> None:
    # docs/notation.md: dora=xyz must say xyz is not a card and list the known cards
    (message,) = messages("baba:馬馬馬場場O dora=xyz tsumo")
    assert "'xyz' is not a card" in message
    assert CARD_NAMES in message


@pytest.mark.parametrize(
    ("line", "word", "suggestion"),
    [
        pytest.param("baba:馬馬馬場場O tsumo menzn", "menzn", "menzen", id="menzn"),
        pytest.param("baba:馬馬馬場場O tsmo", "tsmo", "tsumo", id="tsmo"),
        pytest.param("baba:馬馬馬場場O tsumo dorra=場", "dorra=", "dora=", id="dorra"),
        pytest.param("baba:馬馬馬場場O tsumo obaba_dor=on", "obaba_dor=", "obaba_dora=", id="option-typo"),
    ],
)
def test_unknown_word_did_you_mean(line: str, word: str, suggestion: str) -> None:
    msgs = [m for m in messages(line) if "unknown word" in m]
    assert len(msgs) == 1
    assert f"'{word}'" in msgs[0]
    assert f"did you mean '{suggestion}'?" in msgs[0]
    assert "tsumo, ron, menzen" in msgs[0]  # the words this rule set knows are listed


@pytest.mark.parametrize("item", ["dora=", "pot=", "players="])
def test_empty_value_column(item: str) -> None:
    # why: an empty value is a bad-value at its item: after the "=" stands only the end of the line
    #      (not column 1, which is the "b" of "baba:")
    line = f"baba:馬馬馬場場O tsumo {item}"
    ((code, column),) = problems(line)
    assert code == "bad-value"
    assert column == col(line, item)


def test_upper_case_win_word_is_an_unknown_word() -> None:
    # why: docs/notation.md: unknown words are errors with a "did you mean"; RON cannot be cards (no card is
    #      written R or RO...), so the line has no win word (win-missing) and one unknown word RON -> 'ron'
    line = "baba:馬馬馬場場O RON"
    assert problems(line) == [("win-missing", 0), ("unknown-word", col(line, "RON"))]
    assert "did you mean 'ron'?" in messages(line)[1]


def test_a_good_line_has_no_problem() -> None:
    # the control: the README's first example scores (5 KOBAN, see test_expert.py) and raises nothing
    assert score("baba:馬馬馬場場O dora=場 tsumo menzen").total == 5
