"""``mjscore waits`` on Baida lines (docs/rules/baida.md): wild tiles in the concealed part, a
Baida drawn that completes the hand, a ron the rules refuse, JSON held to its schema.

Every figure is worked out from docs/rules/baida.md (§1-§3 the Baida, §4 and §5 points, §8
payment); each says why in a ``# why:`` comment (tests/analysis/corpus.txt holds more hands).
"""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from tests.cli.test_cli import rows
from tests.cli.test_waits_cli import run

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = Draft202012Validator(
    json.loads((ROOT / "mjscore" / "data" / "analysis.schema.json").read_text(encoding="utf-8"))
)
# Baida 1z and 2z, none held: 23m waits on 1m and 4m, and on a Baida drawn.
HAND = "baida:23m456p55p567s789s baida=1z"
BAIDA_NOTE = "a Baida: wild when drawn; by ron a discard, at face value (docs/rules/baida.md §2)"


def test_a_drawn_baida_completes_the_hand_and_a_discarded_one_does_not() -> None:
    result = run("waits", HAND)
    assert (result.exit_code, result.stderr) == (0, "")
    cells = {row[0]: row for row in rows(result.stdout) if row[0] in ("1m", "4m", "1z", "2z")}
    # why: 1m and 4m: no pattern, Chicken Hand 1 + No Baida 10 = 11; the discarder pays twice (22),
    # a tsumo three times (33). 1z drawn is wild (for 1m or 4m): Chicken Hand 1, no No Baida (a Baida
    # is held): 3; by ron 1z is a plain East that completes nothing: refused. Unseen 1z: 4 less the
    # indicator
    assert cells["1m"][:4] == ["1m", "4", "22 points (hand total 11)", "33 points (hand total 11)"]
    assert cells["1z"][:5] == ["1z", "3", "refused", "3 points (hand total 1)", BAIDA_NOTE]
    assert cells["2z"][:2] == ["2z", "4"]
    assert "no ron: no way to use the Baida completes four sets and a pair" in result.stdout
    assert result.stdout.endswith(
        "note: a drawn Baida (1z 2z) completes the hand: wild, it stands in for the tile the hand waits on\n"
    )
    # why: the hand as read, without the win (the line names none) and its Baida counted: none held
    assert result.stdout.startswith(
        "Baida (wild-tile mahjong, points table): baida:23m45556p567789s seat=S baida=1z\n"
        "  seat: S\n"
        "  indicator: 1z\n"
        "  Baida: 1z 2z (0 in the hand)\n"
        "  waits: 1m 4m 1z 2z (15 tiles unseen)\n"
    )


def test_an_open_hand_holding_a_baida_is_scored_by_tsumo_only() -> None:
    result = run("waits", "baida:23m456p55p567s(789s)", "baida=3m")
    assert result.exit_code == 0, result.output
    # why: 3m held is a Baida and 789s is claimed: a ron is an invalid hand (docs/rules/baida.md §3),
    # so every wait is scored by tsumo only, and a note says why
    assert (
        "note: only a tsumo is scored: the line refuses a ron (a hand holding Baida with an open meld must be won "
        "by self-draw (tsumo))\n"
    ) in result.stdout
    assert {row[2] for row in rows(result.stdout) if row[0] in ("1m", "2m", "3m", "4m", "5p")} == {"-"}


def test_json_of_a_baida_hand() -> None:
    result = run("waits", HAND, "--format", "json")
    assert result.exit_code == 0, result.output
    [doc] = [json.loads(line) for line in result.stdout.splitlines()]
    VALIDATOR.validate(doc)
    # why: as the table above; Baida's context without a winning tile or a win, no furiten
    assert (doc["ruleset"], doc["payment_unit"], doc["furiten"], doc["unseen"]) == ("baida", "points", [], 15)
    assert doc["context"]["baida"] == ["1z", "2z"] and "winning_tile" not in doc["context"]
    ron = doc["waits"][2]["ron"]
    assert (ron["outcome"], [p["code"] for p in ron["problems"]]) == ("refused", ["not-winning"])


def test_a_baida_hand_not_ready_names_its_shapes_as_the_sheet_does() -> None:
    result = run("waits", "baida:123m2456p3789s5z1z", "baida=1z")
    assert (result.exit_code, result.stderr) == (0, "")
    # why: 123m 456p 789s, 2p 3s 5z and a wild (1z): 1-shanten; Seven Pairs (no pair, a wild) 5;
    # the special shape is Thirteen Terminals in Baida (docs/rules/baida.md §4): 1m 9s 5z and a wild, 9.
    # Every other figure is the corpus's (tests/analysis/corpus.txt)
    assert "  shanten: 1 (standard 1, Seven Pairs 5, Thirteen Terminals 9)\n" in result.stdout
    assert "  Baida: 1z 2z (1 in the hand)\n" in result.stdout


def test_json_of_a_baida_hand_of_14() -> None:
    result = run("waits", "baida:23m456p55p567s789s+1z", "baida=1z", "--format", "json")
    assert result.exit_code == 0, result.output
    [doc] = [json.loads(line) for line in result.stdout.splitlines()]
    VALIDATOR.validate(doc)
    # why: the hand as typed, its 14 tiles and the Baida drawn as +TILE; Baida's context counts
    # the Baida of the 14 (one); 11 distinct discards, the Baida among them; no furiten (the sheet
    # knows none)
    assert (doc["kind"], doc["drawn"], doc["complete"]) == ("discards", "1z", True)
    assert doc["hand"] == "baida:23m45556p567789s+1z seat=S baida=1z"
    assert (doc["context"]["baida_held"], len(doc["rows"])) == (1, 11)
    assert [row["furiten"] for row in doc["rows"]] == [[]] * 11
    [baida_row] = [row for row in doc["rows"] if row["discard"] == "1z"]
    # why: throwing the Baida leaves the first hand of this file: its waits and best as there
    assert ([d["tile"] for d in baida_row["improving"]], baida_row["best"]) == (
        ["1m", "4m", "1z", "2z"],
        {"tile": "1m", "win": "tsumo", "hand_value": 33},
    )
