"""Helpers the BABA rule tests share: a case is a line and its itemised score."""

from __future__ import annotations

from typing import Any

import pytest

from mjscore.result import ScoreResult


def case(
    ruleset: str,
    id: str,
    line: str,
    expected: dict[str, int],
    total: int,
    *,
    applies: tuple[str, ...] = (),
    absent: tuple[str, ...] = (),
) -> Any:
    """One hand, its itemised score and total, tagged with the items it tests."""
    for rule_id in applies:
        assert rule_id in expected, f"{id}: {rule_id} is tagged as applying but not expected"
    for rule_id in absent:
        assert rule_id not in expected, f"{id}: {rule_id} is tagged as absent but expected"
    marks = [pytest.mark.rule(ruleset, r, True) for r in applies]
    marks += [pytest.mark.rule(ruleset, r, False) for r in absent]
    return pytest.param(line, expected, total, id=id, marks=marks)


def itemised(result: ScoreResult) -> dict[str, int]:
    return {line.rule_id: line.value for line in result.lines}
