"""What ``mjscore score`` says of a line that belongs to ``mjscore waits``: the analysis's items
(``seen=``, ``discards=``) are refused by name, and a ready hand of 13 tiles written without its
winning tile is told so; every other wrong tile count is told as before.

Expected outcomes are worked out from docs/rules/riichi.md §3 (shapes, waits); each says why.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner, Result

from mjscore.cli import main

KANCHAN = "24m456p55p567s789s riichi"  # 13 tiles waiting on 3m alone (the middle of 234m)


def run(*args: str) -> Result:
    result = CliRunner(env={"MJSCORE_RULES": None}).invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result


def test_score_refuses_seen_and_discards_and_names_waits() -> None:
    result = run("score", "23m456p55p567s789s+1m", "ron", "riichi", "seen=1m", "discards=9m")
    assert result.exit_code == 1
    # why: nothing typed is ignored: each item is a problem of its own
    assert result.stderr.count("is read by mjscore waits (what a hand waits on), not when a hand is scored") == 2
    assert "[analysis-item]" in result.stderr
    [doc] = json.loads("[" + run("score", "23m456p55p567s789s+1m ron seen=1m", "--format", "json").stdout + "]")
    # why: the hand and +1m are columns 1-21, ' ron ' 22-26, 'seen=' 27-31: the value is at 32
    assert [(e["code"], e["col"]) for e in doc["errors"]] == [("analysis-item", 32)]


def test_score_of_a_ready_hand_of_13_names_waits() -> None:
    result = run("score", KANCHAN, "ron")
    assert result.exit_code == 1
    # why: 13 tiles, no +TILE, and 3m completes them: ready; the code stays tile-count
    assert result.stderr.startswith(
        "error: tile count: 13 given, 14 needed (counting each meld as 3); the hand is ready, one tile short of "
        "a win: mjscore waits lists what it waits on and what each wait scores [tile-count]\n"
    )


@pytest.mark.parametrize(
    "line",
    [
        "1111m234p567p789s ron",  # 13 tiles, but only a fifth 1m would complete them: not ready
        "24m456p55p567s78s ron",  # 13 tiles, no tile completes them
        "24m456p55p567s789s+3m9s ron",  # 15 tiles
        "24m456p55p567s78s+9s ron",  # 13 with a +TILE: one short, but its winning tile is named
    ],
)
def test_score_of_any_other_wrong_count_is_told_as_before(line: str) -> None:
    result = run("score", line)
    assert result.exit_code == 1
    # why: the hint is for a ready hand written without its winning tile only
    assert "mjscore waits" not in result.stderr
    assert re.match(
        r"error: tile count: \d+ given, 14 needed \(counting each meld as 3\) \[tile-count\]\n", result.stderr
    )
