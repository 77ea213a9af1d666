"""A word repeated thousands of times is one problem that says how often, not one problem per
copy (each drawn with the whole line); user text in a message is quoted by its start."""

from __future__ import annotations

import pytest

from mjscore import score
from mjscore.errors import QUOTE_LIMIT, HandError, Problem, quoted

WIN = "riichi:123m456p789s11z22z+2z tsumo"  # complete; one more yaku-free word is all it needs
COPIES = 1000


def problems(line: str) -> tuple[Problem, ...]:
    with pytest.raises(HandError) as info:
        score(line)
    return info.value.problems


def report(line: str) -> str:
    with pytest.raises(HandError) as info:
        score(line)
    return info.value.describe()


@pytest.mark.parametrize(
    ("line", "word"),
    [
        (f"{WIN}" + " riichi" * COPIES, "riichi"),
        (f"{WIN}" + " dora=1m" * COPIES, "dora"),
        ("baba:馬馬馬場場O tsumo" + " menzen" * COPIES, "menzen"),
        ("riichi: draw" + " honba=1" * COPIES, "honba"),
    ],
)
def test_a_repeated_item_is_one_problem_at_its_first_repetition(line: str, word: str) -> None:
    (problem,) = problems(line)
    # why: the item is given COPIES times; it is said once, at the second copy (the first repetition)
    second = line.index(f" {word}", line.index(f" {word}") + 1) + 2
    assert (problem.code, problem.col) == ("duplicate-item", second)
    assert problem.message == f"'{word}' is given {COPIES} times"


def test_twice_is_said_so() -> None:
    (problem,) = problems(f"{WIN} riichi riichi")
    # why: "riichi" at index 35 and 42: the repetition is at column 43
    assert (problem.code, problem.col, problem.message) == ("duplicate-item", 43, "'riichi' is given twice")


def test_a_repeated_unknown_word_is_one_problem_that_says_how_often() -> None:
    line = f"{WIN}" + " tsmuo" * COPIES
    found = [(p.code, p.col) for p in problems(line)]
    # why: the first copy (index 35) is the unknown word, and the one problem of the word says how
    # often it is given (it was also a duplicate-item at the second copy: two problems for one fault)
    assert found == [("unknown-word", 36)]
    assert problems(line)[0].message.endswith(f"; given {COPIES} times")


@pytest.mark.parametrize(
    ("line", "code", "word"),
    [
        # a BABA word before the win word stands among the cards: each copy is the same unknown word
        ("baba:馬馬馬場場O" + " tsmuo" * COPIES + " tsumo", "unknown-word", "tsmuo"),
        # the same bad meld written again and again
        ("riichi:" + "(12m) " * COPIES + "tsumo", "bad-meld", "(12m)"),
        # the same card that is no card
        ("baba:馬馬馬場場O" + " 馬X" * COPIES + " tsumo", "unknown-card", "馬X"),
    ],
)
def test_the_same_problem_in_copies_of_a_word_is_one_problem(line: str, code: str, word: str) -> None:
    same = [p for p in problems(line) if p.code == code]
    # why: every copy has the same problem: it is reported once, at the first copy, with the count
    assert len(same) == 1
    assert same[0].col == line.index(word) + 1 + (code == "unknown-card")  # X, after the 馬 that is a card
    assert same[0].message.endswith(f"({COPIES} times in all)")


@pytest.mark.parametrize(
    ("line", "code", "times"),
    [
        # why: every O is OBABA, for which there is no chip
        ("baba:馬馬馬場場O tsumo dora=" + "O" * COPIES, "bad-chip", COPIES),
        # why: 8z is no tile, COPIES times in one indicator word
        (f"{WIN} dora=" + "8z" * COPIES, "not-a-tile", COPIES),
    ],
)
def test_the_same_problem_again_in_one_word_is_one_problem(line: str, code: str, times: int) -> None:
    same = [p for p in problems(line) if p.code == code]
    assert len(same) == 1
    assert same[0].col == line.index("dora=") + len("dora=") + 1
    assert same[0].message.endswith(f"({times} times in all)")


def test_different_words_with_the_same_problem_are_each_reported() -> None:
    line = "riichi:(12m) (45p) tsumo"
    # why: two different melds, each a bad meld where it stands (columns 8 and 14)
    assert [(p.code, p.col) for p in problems(line) if p.code == "bad-meld"] == [("bad-meld", 8), ("bad-meld", 14)]


@pytest.mark.parametrize(
    "line",
    [
        f"{WIN}" + " riichi" * COPIES,
        f"{WIN}" + " tsmuo" * COPIES,
        "riichi:" + "(12m) " * COPIES + "tsumo",
        "baba:馬馬馬場場O tsumo dora=" + "O" * COPIES,
        f"{WIN} dora=" + "1" * COPIES + "x",
    ],
)
def test_the_report_of_a_repeated_word_grows_with_the_line_not_its_square(line: str) -> None:
    # why: a few problems, each drawn with the line once: a few times the line, not COPIES times
    assert len(report(line)) < 10 * len(line)


def test_a_long_word_is_quoted_by_its_start() -> None:
    word = "x" * 10_000
    (problem,) = problems(f"{WIN} {word}")
    # why: the message quotes the word's first QUOTE_LIMIT characters and "…", not 10,000; the
    # rest is the list of known words, which grows with the rule options (a few hundred characters)
    assert problem.code == "unknown-word"
    assert f"'{'x' * QUOTE_LIMIT}…'" in problem.message
    assert len(problem.message) < 1000


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("ron", "'ron'"),
        ("a" * QUOTE_LIMIT, f"'{'a' * QUOTE_LIMIT}'"),
        ("a" * (QUOTE_LIMIT + 1), f"'{'a' * QUOTE_LIMIT}…' ({QUOTE_LIMIT + 1} characters)"),
        ("it's", "'it's'"),
        ("a\x1bb", "'a\\x1bb'"),
    ],
)
def test_quoted(text: str, shown: str) -> None:
    # why: in quotes, control characters escaped, cut to QUOTE_LIMIT characters and the length said
    assert quoted(text) == shown


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("riichi:123m456p789s11z22z+2z tsumo seat=" + "Q" * 500, "bad-value"),
        ("baida:123m456p789s11z22z+2z tsumo baida=" + "Q" * 500, "bad-value"),
        ("baba:馬馬馬場場O tsumo dora=" + "Q" * 500, "unknown-card"),
        ("q" * 500 + ":123m tsumo", "unknown-ruleset"),
        ("riichi:123m456p789s11z22z+2z tsumo dora=" + "1m" * 300 + "2", "bad-value"),
    ],
)
def test_every_message_quotes_a_long_value_by_its_start(line: str, code: str) -> None:
    (problem,) = (p for p in problems(line) if p.code == code)
    # why: the value is 500 characters or more; the message quotes at most QUOTE_LIMIT of them
    assert "…" in problem.message
    assert len(problem.message) < 400


def test_a_long_line_is_shown_around_the_column_under_its_caret() -> None:
    line = f"{WIN} " + "riichi " * 3000 + "xyzzy"
    with pytest.raises(HandError) as caught:
        score(line)
    shown = caught.value.describe()
    # why: the caret display shows a window of the line around the fault, not all 21,000 characters,
    # and the caret stands under the word the problem is about
    assert len(shown) < 1_000
    echo, caret = shown.splitlines()[-2:]
    assert echo.startswith("  …") and echo[caret.index("^") :].startswith("xyzzy")
