"""The conformance cases of grammar/conformance/: every accepted line reads back to
its canonical form, every rejected line reports exactly its problems."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest

from mjscore import score
from mjscore.errors import HandError

CASES = Path(__file__).resolve().parents[2] / "grammar" / "conformance"
_ARROW = re.compile(r"\s+=>\s+")
_PROBLEM = re.compile(r"([a-z][a-z-]*)@(\d+)")


class Case(NamedTuple):
    hand: str
    expected: str
    where: str  # file:line, for failure messages


def read_cases(name: str) -> list[Case]:
    """``HAND  =>  EXPECTED`` lines; blank lines and lines starting with ``#`` are skipped."""
    cases = []
    for number, line in enumerate((CASES / name).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = _ARROW.split(line.strip())
        if len(parts) != 2 or not all(parts):
            raise ValueError(f"{name}:{number}: expected 'HAND  =>  EXPECTED', got {line!r}")
        cases.append(Case(parts[0], parts[1], f"{name}:{number}"))
    return cases


def problems_of(expected: str) -> list[tuple[str, int]]:
    words = expected.split()
    found = [_PROBLEM.fullmatch(w) for w in words]
    if not all(found):
        raise ValueError(f"expected CODE@COL ..., got {expected!r}")
    return sorted((m.group(1), int(m.group(2))) for m in found if m)


def _params(name: str) -> list[object]:
    return [pytest.param(case, id=case.hand) for case in read_cases(name)]


@pytest.mark.parametrize("case", _params("accept.txt"))
def test_accepted(case: Case) -> None:
    try:
        result = score(case.hand)
    except HandError as exc:
        pytest.fail(f"{case.where}: refused: {exc.describe()}")
    assert result.hand == case.expected, case.where
    # The canonical form is itself a conforming line that reads back to itself.
    assert score(result.hand).hand == result.hand, case.where


@pytest.mark.parametrize("case", _params("reject.txt"))
def test_rejected(case: Case) -> None:
    with pytest.raises(HandError) as info:
        score(case.hand)
    got = sorted((p.code, p.col) for p in info.value.problems)
    assert got == problems_of(case.expected), f"{case.where}:\n{info.value.describe()}"


def test_enough_cases() -> None:
    assert len(read_cases("accept.txt")) >= 40
    assert len(read_cases("reject.txt")) >= 40


def test_no_line_twice() -> None:
    hands = [c.hand for name in ("accept.txt", "reject.txt") for c in read_cases(name)]
    assert sorted({h for h in hands if hands.count(h) > 1}) == []


# Lines with blanks that are hard to see in the case files live here. A tab and
# the ideographic space (U+3000) are blanks; columns count each as one character.
BLANK_CASES = [
    pytest.param("baba:馬馬馬\t(場場場 tsumo", [("syntax", 14)], id="column after a tab"),
    pytest.param("baba:馬馬馬\u3000(場場場 tsumo", [("syntax", 14)], id="ideographic space between groups"),
    pytest.param("baba:馬馬馬\xa0場場O tsumo", [("syntax", 9)], id="no-break space is not a blank"),
]


@pytest.mark.parametrize(("hand", "expected"), BLANK_CASES)
def test_known_bugs(hand: str, expected: list[tuple[str, int]]) -> None:
    with pytest.raises(HandError) as info:
        score(hand)
    assert sorted((p.code, p.col) for p in info.value.problems) == sorted(expected)
