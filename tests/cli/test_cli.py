"""The ``mjscore`` command line: score, batch, rules; formats, errors, exit codes,
rules files, the MJSCORE_RULES variable and deck files.

Expected scores are worked out from docs/rules/baba.md; each says why in a ``# why:`` comment.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from wcwidth import wcswidth

from mjscore.cli import main
from mjscore.rulesets import RULESETS, get_ruleset

ROOT = Path(__file__).resolve().parents[2]
FIRST_EXAMPLE = ["baba:馬馬馬場場O", "dora=場", "tsumo", "menzen"]  # the README's first example, word by word

Run = Callable[..., Result]


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch) -> Run:
    """Invoke the CLI with MJSCORE_RULES unset (unless a test sets it)."""
    monkeypatch.delenv("MJSCORE_RULES", raising=False)

    def invoke(*args: str, input: str | bytes | None = None, env: dict[str, str] | None = None) -> Result:
        result = CliRunner().invoke(main, list(args), input=input, env=env)
        # Whatever happens, never a traceback: only click's own exit.
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
        return result

    return invoke


def rows(table: str) -> list[list[str]]:
    """The cells of a plain-text table: columns are separated by two or more spaces."""
    return [re.split(r"\s{2,}", line.strip()) for line in table.splitlines() if line.strip()]


def items_of(doc: dict[str, object]) -> list[tuple[object, object]]:
    items = doc["items"]
    assert isinstance(items, list)
    return [(item["id"], item["value"]) for item in items]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --- score: the README's first example


def test_score_first_example_itemised_and_payment_tables(run: Run) -> None:
    result = run("score", *FIRST_EXAMPLE)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    cells = rows(result.stdout)
    first = {row[0]: row[-1] for row in cells if row[-1].isdigit()}  # item and payment rows
    # why: 馬 = 馬々 ×3 and 場 = 場々 ×2 + OBABA make two Kohtsu: WIN 1; the chip 場々 matches two
    # cards (the OBABA does not count): DORAYAKI 2; no open meld: Menzen 1; every real card has 々
    # and there is an OBABA: Hon-itsu 1. Total 5; tsumo at 4 players: three pay 5, winner gets 15.
    assert first["WIN"] == "1"
    assert first["DORAYAKI (場々 ×2)"] == "2"
    assert first["Menzen"] == "1"
    assert first["Hon-itsu (々)"] == "1"
    assert first["total per payer"] == "5"
    payers = [row for row in cells if row[0].startswith("other player")]
    assert [(row[0], row[1], row[2]) for row in payers] == [(f"other player {n}", "winner", "5") for n in (1, 2, 3)]
    assert ["winner receives", "15"] in cells


def test_score_words_may_come_as_one_argument(run: Run) -> None:
    assert run("score", " ".join(FIRST_EXAMPLE)).stdout == run("score", *FIRST_EXAMPLE).stdout


def test_score_json_is_one_document(run: Run) -> None:
    result = run("score", *FIRST_EXAMPLE, "--format", "json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)  # the whole of stdout is one JSON document
    assert doc["schema"] == 2
    assert doc["ok"] is True
    assert doc["ruleset"] == "baba"
    # why: as in the table test: WIN 1, DORAYAKI 2, Menzen 1, Hon-itsu 1 = 5.
    assert items_of(doc) == [("win", 1), ("dorayaki", 2), ("menzen", 1), ("hon-itsu", 1)]
    assert doc["total"] == 5
    assert [(p["payer"], p["payee"], p["amount"]) for p in doc["payments"]] == [
        (f"other_{n}", "winner", 5) for n in (1, 2, 3)
    ]
    assert doc["received"] == 15
    assert doc["deltas"] == {"winner": 15, "other_1": -5, "other_2": -5, "other_3": -5}
    assert doc["hand"] == "baba:馬々馬々馬々場々場々O dora=場々 tsumo menzen"


def test_score_csv_is_a_header_and_one_row(run: Run) -> None:
    result = run("score", *FIRST_EXAMPLE, "--format", "csv")
    assert result.exit_code == 0
    [row] = list(csv.DictReader(io.StringIO(result.stdout)))
    assert row["ok"] == "yes"
    # why: as in the table test: WIN 1, DORAYAKI 2 (the chip 場々 matches two real cards), Menzen 1,
    # Hon-itsu 1 = 5 KOBAN; tsumo at 4 players: three pay 5, the winner receives 15
    assert row["items"] == "WIN 1; DORAYAKI 2; Menzen 1; Hon-itsu 1"
    assert (row["total"], row["unit"], row["received"]) == ("5", "KOBAN", "15")


def test_csv_rows_carry_the_figures_and_every_seats_change(run: Run) -> None:
    hand = "riichi:123m456p789s11z22z+2z tsumo seat=E riichi sticks=1 honba=1"
    [row] = list(csv.DictReader(io.StringIO(run("score", hand, "--format", "csv").stdout)))
    # why: 123m 456p 789s 11z 222z*: Riichi 1 + Menzen Tsumo 1 = 2 han (the East pair is no yaku); fu 20 + tsumo 2
    # + concealed honour pung 8 + pair of the seat and prevalent wind (E, E) 4 + dual pung wait 0 = 34 -> 40;
    # 40 x 2^(2+2) = 640 base; dealer tsumo 2 x 640 = 1280 -> 1300 from each, + 100 honba each = 1400;
    # 3 x 1400 + the stick's 1000 = 5200 received
    assert (row["ruleset"], row["kind"], row["win"], row["winner"]) == ("riichi", "win", "tsumo", "E")
    assert (row["han"], row["fu"], row["limit"], row["hand_value"]) == ("2", "40", "", "3900")
    assert (row["delta_E"], row["delta_S"], row["delta_W"], row["delta_N"]) == ("5200", "-1400", "-1400", "-1400")
    assert (row["received"], row["pools"]) == ("5200", "sticks=-1000")


def test_csv_error_rows_name_the_rule_set_and_every_column(run: Run) -> None:
    result = run("score", "baba:馬場馬場 dora=xyz tsmo", "--format", "csv")
    [row] = list(csv.DictReader(io.StringIO(result.stdout)))
    # why: the line's prefix was read, so the row says which rule set refused it; each problem's column is kept
    assert (row["ok"], row["ruleset"], row["kind"]) == ("no", "baba", "error")
    assert row["error_code"] == "win-missing;card-count;unknown-card;unknown-word"
    assert row["error_col"] == "0;6;16;20"


def test_csv_all_adds_a_row_per_reading(run: Run) -> None:
    result = run("score", "riichi:2334455667788m+2m", "tsumo", "riichi", "--all", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    hand, *readings = rows
    # why: the four readings of test_score_all_marks_the_reading_scored, after the hand's own row; one is kept
    assert hand["kind"] == "win" and hand["hand_value"] == "32000"
    assert [r["kind"] for r in readings] == ["reading"] * 4
    assert sorted(r["hand_value"] for r in readings) == ["24000", "24000", "32000", "32000"]
    assert [r["kept"] for r in readings].count("yes") == 1


def test_hana_chips_have_deltas_of_their_own(run: Run) -> None:
    doc = json.loads(run("score", "hana:12399m456p23789s+4s 1f3f4f1g3g tsumo variant=3", "--format", "json").stdout)
    # why: variation 3: each of 5 flowers earns 1 chip from each of the 3 others: 5 each, 15 to the winner S
    assert doc["side_payments"]["deltas"] == {"E": -5, "S": 15, "W": -5, "N": -5}
    assert doc["context"]["flowers"] == ["1f", "3f", "4f", "1g", "3g"]


def test_score_ron_is_paid_by_the_discarder(run: Run) -> None:
    doc = json.loads(run("score", "baba:MNMNMN NBNBNB ron players=3", "--format", "json").stdout)
    # why: two Kohtsu, concealed, no chip, no shared kanji: WIN 1 + Menzen 1 = 2, the discarder pays it all.
    assert doc["total"] == 2
    assert [(p["payer"], p["amount"]) for p in doc["payments"]] == [("discarder", 2), ("other_1", 0)]
    assert doc["received"] == 2


def test_score_all_lists_the_readings_considered(run: Run) -> None:
    result = run("score", *FIRST_EXAMPLE, "--all")
    assert result.exit_code == 0
    assert "readings considered (1; -> the one scored):" in result.stdout
    # why: the README's first hand scores 5 KOBAN (worked out in test_score_csv_is_a_header_and_one_row)
    assert "->     5 KOBAN  Kohtsu 馬々×3 · Kohtsu 場々×2+OBABA" in result.stdout


def test_score_all_marks_the_reading_scored(run: Run) -> None:
    result = run("score", "riichi:2334455667788m+2m", "tsumo", "riichi", "--all", "--format", "json")
    doc = json.loads(result.stdout)
    kept = [c for c in doc["candidates"] if c["kept"]]
    # why: 234m 234m 55m 678m 678m and 234m 234m 567m 567m 88m: riichi 1 + menzen tsumo 1 + pinfu 1 +
    # all simples 1 + twice pure double chow 3 + full flush 6 = 13 han, a counted yakuman, 32000 (non-dealer
    # tsumo 8000/16000); 22m 345m 345m 678m 678m (a single wait: no pinfu) 12 han and seven pairs (riichi 1 +
    # tsumo 1 + all simples 1 + seven pairs 2 + full flush 6) 11 han, both sanbaiman, 24000 (6000/12000).
    # The two 32000 readings tie on 13 han and 20 fu, so either may be kept; exactly one is, and it is the
    # reading the result shows.
    assert Counter(c["hand_value"] for c in doc["candidates"]) == {32000: 2, 24000: 2}
    assert Counter(c["total"] for c in doc["candidates"]) == {13: 2, 12: 1, 11: 1}
    assert len(kept) == 1
    assert kept[0]["hand_value"] == 32000
    assert kept[0]["reading"].startswith(doc["shown"]["reading"] + ":")


# --- score: errors


def _caret_under(stderr: str, hand: str) -> list[int]:
    """Display columns (0-based, within the echoed hand) that carets point at."""
    lines = stderr.splitlines()
    return [
        wcswidth(lines[i + 1][: lines[i + 1].index("^")]) - 2
        for i, line in enumerate(lines[:-1])
        if line == f"  {hand}" and lines[i + 1].strip() == "^"
    ]


def test_score_error_exit_1_message_and_caret(run: Run) -> None:
    hand = "baba:MBMBMB NBNBNB dora=xyz ron"
    result = run("score", hand)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "error: 'xyz' is not a card; the cards are 馬場 (MB)" in result.stderr
    assert "[unknown-card]" in result.stderr
    assert _caret_under(result.stderr, hand) == [hand.index("xyz")]


def test_score_reports_every_problem_at_once_with_carets_under_wide_characters(run: Run) -> None:
    hand = "baba:馬場馬場 dora=xyz tsmo"
    result = run("score", hand)
    assert result.exit_code == 1
    for code in ("win-missing", "card-count", "unknown-card", "unknown-word"):
        assert f"[{code}]" in result.stderr
    assert "did you mean 'tsumo'?" in result.stderr
    assert "6 cards (7 with a KAN); 2 given" in result.stderr
    # Kanji are two cells wide: carets line up under 馬 (the cards), x and t.
    assert _caret_under(result.stderr, hand) == [wcswidth(hand[: hand.index(s)]) for s in ("馬", "xyz", "tsmo")]


@pytest.mark.parametrize("ruleset", ["riichi", "hana"])
def test_a_draw_is_settled_under_the_rule_set_the_line_names(run: Run, ruleset: str) -> None:
    doc = json.loads(run("score", f"{ruleset}:draw tenpai=E,S", "--format", "json").stdout)
    # why: hana inherits riichi's draws; its document names hana (it once said riichi)
    assert doc["ruleset"] == ruleset
    # why: docs/rules/riichi.md §9, two tenpai: +1500 each, the two noten seats -1500 each
    assert doc["deltas"] == {"E": 1500, "S": 1500, "W": -1500, "N": -1500}
    assert doc["settlement"] == {"kind": "exhaustive_draw", "tenpai": ["E", "S"], "nagashi": []}


def test_a_draw_nobody_is_tenpai_in_says_no_payments(run: Run) -> None:
    result = run("score", "riichi: draw")
    # why: docs/rules/riichi.md §9, 0 tenpai: nothing is paid; the table says so instead of drawing an empty table
    assert result.exit_code == 0
    assert "E (dealer): +0  S: +0  W: +0  N: +0" in result.stdout
    assert result.stdout.rstrip().endswith("no payments (points)")


def test_a_red_five_indicator_turns_aka_on_and_is_shown_as_written(run: Run) -> None:
    doc = json.loads(run("score", "riichi:123m456p789s11z22z+2z tsumo dora=0m", "--format", "json").stdout)
    # why: docs/notation.md: writing a red five (an indicator too) turns aka on for the hand; the
    # header shows the indicator as written, 0m, not as a plain 5m
    assert doc["context"]["options"]["aka"] is True
    assert doc["context"]["dora_indicators"] == ["0m"]


def test_stacked_limit_hands_are_named_in_words(run: Run) -> None:
    doc = json.loads(run("score", "riichi:111z222z333z444z5z+5z", "tsumo", "--format", "json").stdout)
    # why: big four winds 26 + all honours 13 + four concealed pungs on a single wait 26 = 65 han,
    # five yakuman (docs/rules/riichi.md §5, stacking and double limit hands on): named as triple is, not "5x"
    assert (doc["summary"]["han"], doc["summary"]["limit"]) == (65, "yakuman")
    assert (doc["summary"]["yakuman"], doc["summary"]["limit_name"]) == (5, "quintuple yakuman")


def test_score_json_error_has_code_and_col(run: Run) -> None:
    result = run("score", "baba:馬場馬場 dora=xyz tsmo", "--format", "json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["schema"] == 2
    assert doc["ok"] is False
    assert doc["ruleset"] == "baba"  # the prefix was read: a script can tell which rule set refused it
    assert doc["hand"] == "baba:馬場馬場 dora=xyz tsmo"
    assert {e["code"]: e["col"] for e in doc["errors"]} == {
        "win-missing": 0,  # the hand as a whole
        "card-count": 6,
        "unknown-card": 16,
        "unknown-word": 20,
    }
    assert all(e["message"] for e in doc["errors"])
    assert "[unknown-card]" in result.stderr  # the people's version still goes to stderr


def test_score_syntax_error_points_at_the_column(run: Run) -> None:
    result = run("score", "baba:MBMBMB (NBNBNB ron", "--format", "json")
    assert result.exit_code == 1
    [error] = json.loads(result.stdout)["errors"]
    assert error["code"] == "syntax"
    assert "expected ')'" in error["message"]
    # why: "baba:" is columns 1-5, MBMBMB 6-11, "(" 13, NBNBNB 14-19: the blank at 20 is where ")" belonged
    assert error["col"] == 20


@pytest.mark.parametrize("hand", ["123m456p789s23m55z+ 4m ron", "123m456p789s23m55z+44m ron"])
def test_a_bad_winning_tile_is_explained_in_words(run: Run, hand: str) -> None:
    [error] = json.loads(run("score", hand, "--format", "json").stdout)["errors"]
    # why: the grammar's pattern for it is [0-9][mpszfg]; the user is told what it means, not the pattern.
    # "123m456p789s23m55z+" is columns 1-19: what follows the '+' at 20 is wrong
    assert error["message"].startswith("cannot read the hand here: expected one tile after '+', e.g. +4m")
    assert "Re:(" not in error["message"]
    assert (error["code"], error["col"]) == ("syntax", 20)


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        # why: docs/rules/riichi.md §1 four copies of each tile; docs/rules/hana.md §1 one of each flower
        ("riichi:11111m456p789s23s+4s ron", "5 copies of 1m (at most four exist)"),
        ("hana:123m456p789s11z22z+2z 1f1f tsumo", "2 copies of 1f (only one exists)"),
    ],
)
def test_too_many_copies_says_how_many_exist(run: Run, hand: str, message: str) -> None:
    [error] = json.loads(run("score", hand, "--format", "json").stdout)["errors"]
    assert (error["code"], error["message"]) == ("too-many-copies", message)


def test_score_csv_error_row(run: Run) -> None:
    result = run("score", "baba:MBMBMB NBNBNB", "--format", "csv")
    assert result.exit_code == 1
    [row] = list(csv.DictReader(io.StringIO(result.stdout)))
    assert (row["ok"], row["error_code"]) == ("no", "win-missing")
    assert "tsumo" in row["error"]


def test_score_needs_a_hand(run: Run) -> None:
    result = run("score")
    assert result.exit_code == 2
    assert "Missing argument" in result.stderr


def test_unknown_format_is_a_usage_error(run: Run) -> None:
    assert run("score", *FIRST_EXAMPLE, "--format", "xml").exit_code == 2


@pytest.mark.parametrize("command", [[], ["score"], ["batch"]])
def test_help_tells_the_exit_codes(run: Run, command: list[str]) -> None:
    # why: a script author reads --help, not README: 0, 1 and 2 are each explained there
    text = " ".join(run(*command, "--help").stdout.split())
    assert "Exit codes: 0 scored; 1 a hand could not be scored" in text
    assert "2 a usage error" in text
    assert "74 the output could not be written (a full disk, standard output closed)" in text
    assert "141 the reader of the output went away" in text
    assert "130 stopped by Ctrl-C, 143 by SIGTERM" in text


def test_help_names_every_rule_set_prefix(run: Run) -> None:
    text = " ".join(run("--help").stdout.split())
    # why: the prefix is how a line chooses its rule set; every rule set there is must be named
    assert all(f"{rs.name}:" in text for rs in RULESETS)


def test_version_says_which_build_runs(run: Run) -> None:
    from mjscore import __version__, build

    result = run("--version")
    assert result.exit_code == 0
    # why: a bug report must tell a compiled build from a pure one (README, Quick start)
    assert result.stdout == f"mjscore, version {__version__} ({build()})\n"
    assert build() in {"compiled with mypyc", "pure Python"}


def test_obaba_dora_counts_every_obaba_standing_in_for_a_chip_kind(run: Run) -> None:
    """Regression: two Kohtsu of the chip's kind that both hold OBABA (fixed in 1935fc7)."""
    doc = json.loads(run("score", "baba:MBMB OOOO dora=MB obaba_dora=on ron", "--format", "json").stdout)
    # why: the only reading is Kohtsu 馬場+O+O twice; every OBABA stands in for 馬場, the chip:
    # DORAYAKI 2 real + 4 OBABA = 6; WIN 1 + DORAYAKI 6 + Menzen 1 + Hon-itsu (馬/場) 1 = 9.
    assert ("dorayaki", 6) in items_of(doc)
    assert doc["total"] == 9


# --- batch


BATCH = """\
# a comment line, then a hand
baba:馬馬馬場場O dora=場 tsumo

baba:MBMBMB NBNB ron
baba:MNMNMN KBKBKB ron   # a comment after a hand
baba:MNMNMN KBKBKB dora=xyz ron
baba:MBMBMB NBNBNB ron
"""
# why: line 2 is the README's first hand (5); line 4 has 5 cards (error at the cards, col 6); line 5 is
# WIN 1 + Menzen 1 = 2 (馬庭, 橋場 share no kanji); line 6 names no card (col 25); line 7 is
# WIN 1 + Menzen 1 + Chin-itsu 2 (馬場 and 番場 share 場) = 4.
BATCH_TOTALS = {2: 5, 4: None, 5: 2, 6: None, 7: 4}


def _docs(stdout: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in stdout.splitlines()]


def test_batch_keeps_going_past_bad_lines(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "hands.txt", BATCH)
    result = run("batch", str(path), "--format", "json")
    assert result.exit_code == 1
    docs = _docs(result.stdout)
    assert {d["line"]: d.get("total") for d in docs} == BATCH_TOTALS
    assert [d["ok"] for d in docs] == [True, False, True, False, True]
    bad = {d["line"]: d["errors"] for d in docs if not d["ok"]}
    assert isinstance(bad[4], list)
    assert [(e["code"], e["col"]) for e in bad[4]] == [("card-count", 6)]
    stderr = result.stderr.splitlines()
    assert len(stderr) == 3
    assert stderr[0] == f"{path}:4:6: a BABA hand holds 6 cards (7 with a KAN); 5 given [card-count]"
    assert stderr[1].startswith(f"{path}:6:25: 'xyz' is not a card; the cards are ")
    assert stderr[1].endswith(" [unknown-card]")
    assert stderr[2] == f"{path}: 5 hands, 3 scored, 2 failed"


def test_batch_table_and_csv(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "hands.txt", BATCH)
    table = run("batch", str(path))
    assert table.exit_code == 1
    assert [line for line in table.stdout.splitlines() if line.startswith("line ")] == [
        "line 2: BABA (Expert rules): baba:馬々馬々馬々場々場々O dora=場々 tsumo",
        "line 5: BABA (Expert rules): baba:馬庭馬庭馬庭橋場橋場橋場 ron",
        "line 7: BABA (Expert rules): baba:馬場馬場馬場番場番場番場 ron",
    ]
    assert "card-count" not in table.stdout  # errors go to stderr only in a table
    rows_ = list(csv.DictReader(io.StringIO(run("batch", str(path), "--format", "csv").stdout)))
    assert [(r["line"], r["ok"], r["total"] or None) for r in rows_] == [
        (str(n), "no" if t is None else "yes", None if t is None else str(t)) for n, t in BATCH_TOTALS.items()
    ]


def test_batch_all_good_exits_0(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "good.txt", "baba:MBMBMB NBNBNB ron\nbaba:MNMNMN KBKBKB tsumo\n")
    result = run("batch", str(path))
    assert result.exit_code == 0
    assert result.stderr == f"{path}: 2 hands, 2 scored, 0 failed\n"


def test_batch_reads_stdin(run: Run) -> None:
    result = run("batch", "-", "--format", "json", input=BATCH)
    assert result.exit_code == 1
    assert {d["line"]: d.get("total") for d in _docs(result.stdout)} == BATCH_TOTALS
    assert result.stderr.startswith("<stdin>:4:6: ")
    assert result.stderr.endswith("<stdin>: 5 hands, 3 scored, 2 failed\n")


@pytest.mark.parametrize("via", ["file", "stdin"])
def test_batch_accepts_crlf_and_a_byte_order_mark(run: Run, tmp_path: Path, via: str) -> None:
    data = ("\ufeff" + BATCH.replace("\n", "\r\n")).encode("utf-8")
    if via == "file":
        path = tmp_path / "windows.txt"
        path.write_bytes(data)
        result = run("batch", str(path), "--format", "json")
    else:
        result = run("batch", "-", "--format", "json", input=data)
    docs = _docs(result.stdout)
    assert {d["line"]: d.get("total") for d in docs} == BATCH_TOTALS
    assert all("\r" not in str(d["hand"]) and "\ufeff" not in str(d["hand"]) for d in docs)


def test_batch_byte_order_mark_before_the_first_hand(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffbaba:MBMBMB NBNBNB ron\r\n".encode())
    result = run("batch", str(path), "--format", "json")
    assert result.exit_code == 0, result.stderr
    # why: WIN 1 + Menzen 1 + Chin-itsu (場) 2 = 4.
    assert _docs(result.stdout)[0]["total"] == 4


def test_batch_of_comments_and_blank_lines_only(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "empty.txt", "# nothing here\n\n   \n# baba:MBMBMB NBNBNB ron\n")
    result = run("batch", str(path), "--format", "json")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == f"{path}: 0 hands, 0 scored, 0 failed\n"


# Line 2 holds a byte no UTF-8 text has (0xff); line 3 a character cut short (0xe3 0x81 is the
# start of a three-byte kanji); line 4 a bad byte only in its comment, which is not read.
NOT_UTF8 = b"baba:MBMBMB NBNBNB ron\n\xffMBMBMB ron\nbaba:MB\xe3\x81 ron\nbaba:MNMNMN KBKBKB tsumo # \xff\n"


@pytest.mark.parametrize("via", ["file", "stdin", "jobs"])
def test_batch_refuses_a_line_that_is_not_utf8_and_goes_on(run: Run, tmp_path: Path, via: str) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes(NOT_UTF8)
    args = {"file": [str(path)], "stdin": ["-"], "jobs": [str(path), "--jobs", "2"]}[via]
    result = run("batch", *args, "--format", "json", input=NOT_UTF8 if via == "stdin" else None)
    assert result.exit_code == 1
    docs = _docs(result.stdout)
    # why: lines 1 and 4 are the good hands of test_batch_all_good_exits_0 (WIN 1 + Menzen 1 + Chin-itsu 2 = 4
    # on line 1; line 4 scores as it does there); lines 2 and 3 are refused at their bad byte.
    assert [(d["line"], d["ok"]) for d in docs] == [(1, True), (2, False), (3, False), (4, True)]
    assert docs[0]["total"] == 4
    assert [(e["code"], e["col"]) for d in docs[1:3] for e in d["errors"]] == [("not-utf8", 1), ("not-utf8", 8)]
    assert docs[1]["hand"] == "\ufffdMBMBMB ron"  # shown with a replacement character, never a traceback
    name = "<stdin>" if via == "stdin" else str(path)
    assert f"{name}:2:1: not UTF-8 text: byte 0xff cannot be read" in result.stderr
    assert f"{name}:3:8: not UTF-8 text: byte 0xe3 cannot be read" in result.stderr


@pytest.mark.parametrize("option", ["--rules", "--deck"])
def test_a_rules_or_deck_file_that_is_not_utf8_is_a_usage_error(run: Run, tmp_path: Path, option: str) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'[baba]\nplayers = "\xff"\n')
    result = run("score", "baba:MBMBMB NBNBNB ron", option, str(path))
    assert result.exit_code == 2
    # why: the 0xff follows '[baba]' (6 bytes), a newline and 'players = "' (11): byte offset 18.
    assert f"{path}: not UTF-8 text: byte 0xff at byte offset 18 cannot be read (write it as UTF-8)" in result.stderr


def test_batch_missing_file_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    result = run("batch", str(tmp_path / "nothere.txt"))
    assert result.exit_code == 2
    assert "nothere.txt" in result.stderr
    assert "No such file" in result.stderr or "does not exist" in result.stderr


# --- rule sets and rules files

HOUSE = 'ruleset = "baba"\n[baba]\nplayers = 3\nobaba_dora = true\n'
HAND_WITH_OBABA = "MHMHO NBNBNB dora=MH tsumo"


def test_rules_file_options_apply(run: Run, tmp_path: Path) -> None:
    rules = write(tmp_path / "house.toml", HOUSE)
    plain = json.loads(run("score", "baba:" + HAND_WITH_OBABA, "--format", "json").stdout)
    house = json.loads(run("score", "baba:" + HAND_WITH_OBABA, "--rules", str(rules), "--format", "json").stdout)
    # why: 馬羽×2+O and 番場×3: WIN 1 + DORAYAKI 2 + Menzen 1 = 4; three players pay at a table of 4.
    assert (plain["total"], plain["received"]) == (4, 12)
    # why: obaba_dora: the OBABA stands in for 馬羽, the chip: DORAYAKI 3, total 5; two players pay.
    assert (house["total"], house["received"]) == (5, 10)
    assert house["context"]["options"]["players"] == 3


def test_inline_options_override_the_rules_file(run: Run, tmp_path: Path) -> None:
    rules = write(tmp_path / "house.toml", HOUSE)
    doc = json.loads(
        run("score", HAND_WITH_OBABA, "players=4", "obaba_dora=off", "--rules", str(rules), "--format", "json").stdout
    )
    # why: back to the defaults: total 4, three payers.
    assert (doc["total"], doc["received"]) == (4, 12)


def test_rules_file_ruleset_scores_lines_without_a_prefix(run: Run, tmp_path: Path) -> None:
    rules = write(tmp_path / "house.toml", HOUSE)
    result = run("score", HAND_WITH_OBABA, "--rules", str(rules), "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["ruleset"] == "baba"


def test_the_example_house_rules_file_loads(run: Run) -> None:
    result = run("score", HAND_WITH_OBABA, "--rules", str(ROOT / "examples" / "house-rules.toml"), "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["total"] == 5  # why: as with HOUSE above


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("baba", "baba"),
        ("BABA", "baba"),
        ("expert", "baba"),
        ("baba-beginner", "baba-beginner"),
        ("beginner", "baba-beginner"),
    ],
)
def test_rules_name_for_lines_without_a_prefix(run: Run, name: str, expected: str) -> None:
    result = run("score", "MBMBMB NBNBNB ron", "--rules", name, "--format", "json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["ruleset"] == expected
    # why: expert WIN 1 + Menzen 1 + Chin-itsu (場) 2 = 4; beginner WIN 1 only.
    assert doc["total"] == (4 if expected == "baba" else 1)


def test_a_prefix_beats_rules(run: Run) -> None:
    doc = json.loads(run("score", "baba:MBMBMB NBNBNB ron", "--rules", "baba-beginner", "--format", "json").stdout)
    assert doc["ruleset"] == "baba"


def test_no_prefix_and_no_rules_means_riichi(run: Run) -> None:
    result = run("score", "123m456p789s11z22z2z tsumo", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["ruleset"] == "riichi"


def test_environment_variable_chooses_the_rule_set(run: Run) -> None:
    result = run("score", "MBMBMB NBNBNB ron", "--format", "json", env={"MJSCORE_RULES": "baba-beginner"})
    assert result.exit_code == 0
    assert json.loads(result.stdout)["ruleset"] == "baba-beginner"


def test_environment_variable_may_name_a_rules_file(run: Run, tmp_path: Path) -> None:
    rules = write(tmp_path / "house.toml", HOUSE)
    result = run("score", HAND_WITH_OBABA, "--format", "json", env={"MJSCORE_RULES": str(rules)})
    assert result.exit_code == 0
    assert json.loads(result.stdout)["total"] == 5  # why: obaba_dora from the file, as above


def test_rules_option_beats_the_environment_variable(run: Run) -> None:
    result = run("score", "MBMBMB NBNBNB ron", "--rules", "baba", "--format", "json", env={"MJSCORE_RULES": "beginner"})
    assert json.loads(result.stdout)["ruleset"] == "baba"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param("ruleset = \n", "not valid TOML", id="not-toml"),
        pytest.param("[baba]\nnosuch = 1\n", "no option 'nosuch'", id="unknown-option"),
        pytest.param("[baba]\nplayers = 5\n", "players is 3 or 4", id="bad-players"),
        pytest.param('[baba]\nobaba_dora = "maybe"\n', "obaba_dora is on or off", id="bad-switch"),
        pytest.param("[nosuch]\nplayers = 3\n", "section 'nosuch' is not a rule set", id="unknown-section"),
        pytest.param("players = 3\n", "must be a [section]", id="top-level-option"),
    ],
)
def test_bad_rules_file_is_a_usage_error(run: Run, tmp_path: Path, content: str, message: str) -> None:
    rules = write(tmp_path / "bad.toml", content)
    result = run("score", "baba:MBMBMB NBNBNB ron", "--rules", str(rules))
    assert result.exit_code == 2
    assert message in result.stderr
    assert "bad.toml" in result.stderr
    assert result.stdout == ""


def test_missing_rules_file_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    result = run("batch", "-", "--rules", str(tmp_path / "nothere.toml"), input="baba:MBMBMB NBNBNB ron\n")
    assert result.exit_code == 2
    assert "cannot read rules file" in result.stderr


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nosuch", "unknown rule set 'nosuch' (available"),
        # why: a near miss gets a suggestion; an alias's near miss suggests the rule set it names
        ("babba", "unknown rule set 'babba'; did you mean 'baba'?"),
        ("yakuza", "unknown rule set 'yakuza'; did you mean 'riichi'?"),
    ],
)
def test_unknown_rules_name_is_a_usage_error(run: Run, name: str, message: str) -> None:
    result = run("score", "MBMBMB NBNBNB ron", "--rules", name)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "baba, baba-beginner" in result.stderr


def test_rules_file_with_unknown_ruleset_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    rules = write(tmp_path / "bad.toml", 'ruleset = "nosuch"\n')
    result = run("score", "MBMBMB NBNBNB ron", "--rules", str(rules))
    assert result.exit_code == 2
    assert "unknown rule set 'nosuch'" in result.stderr


def test_unknown_environment_rule_set_is_a_usage_error(run: Run) -> None:
    result = run("score", "MBMBMB NBNBNB ron", env={"MJSCORE_RULES": "nosuch"})
    assert result.exit_code == 2


# --- decks

DEFAULT_KINDS = [
    ("馬場", "MB"),
    ("馬庭", "MN"),
    ("馬々", "MR"),
    ("馬羽", "MH"),
    ("場々", "BR"),
    ("番場", "NB"),
    ("羽場", "HB"),
    ("橋場", "KB"),
    ("芭場", "PB"),
]


def deck_toml(kinds: list[tuple[str, str]], wild_cards: object = 4) -> str:
    body = "".join(f'\n[[kind]]\nspelling = "{s}"\ncode = "{c}"\n' for s, c in kinds)
    return f"wild_cards = {wild_cards}\n{body}"


def replaced(**changes: tuple[str, str]) -> list[tuple[str, str]]:
    """The default kinds with some replaced, by code: replaced(PB=("婆場", "BB"))."""
    return [changes.get(code, (spelling, code)) for spelling, code in DEFAULT_KINDS]


ALT_DECK = replaced(PB=("婆場", "BB"))  # 婆 becomes a card's kanji, so it no longer means OBABA


def test_alternative_deck(run: Run, tmp_path: Path) -> None:
    deck = write(tmp_path / "deck.toml", deck_toml(ALT_DECK))
    result = run("score", "baba:馬場 場々 番場 羽場 橋場 婆場 ron", "--deck", str(deck), "--format", "json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    # why: the six 場 kinds of this deck, one each: Ba-ittsu 1 + Menzen 1 = 2.
    assert items_of(doc) == [("ba-ittsu", 1), ("menzen", 1)]
    assert doc["total"] == 2
    by_code = json.loads(run("score", "baba:BB BB BB MB MB MB ron", "--deck", str(deck), "--format", "json").stdout)
    # why: 婆場×3 + 馬場×3 share 場: WIN 1 + Menzen 1 + Chin-itsu 2 = 4.
    assert by_code["total"] == 4
    assert by_code["hand"].startswith("baba:馬場馬場馬場婆場婆場婆場")


def test_alternative_deck_takes_the_baba_kanji_away_from_obaba(run: Run, tmp_path: Path) -> None:
    deck = write(tmp_path / "deck.toml", deck_toml(ALT_DECK))
    assert run("score", "baba:MBMBMB NBNB婆 ron").exit_code == 0  # the built-in deck: 婆 is OBABA
    result = run("score", "baba:MBMBMB NBNB婆 ron", "--deck", str(deck))
    assert result.exit_code == 1
    assert "[unknown-card]" in result.stderr


def test_the_example_deck_file(run: Run) -> None:
    deck = str(ROOT / "examples" / "deck-example.toml")
    result = run("rules", "baba", "--deck", deck)
    assert result.exit_code == 0, result.stderr
    assert ["婆場", "BB"] in rows(result.stdout)
    obaba = next(row for row in rows(result.stdout) if row[0] == "OBABA")
    assert "婆" not in obaba[-1]
    batch = run("batch", "-", "--deck", deck, "--format", "json", input="baba:馬場場々番場羽場橋場婆場 ron\n")
    assert batch.exit_code == 0
    assert _docs(batch.stdout)[0]["total"] == 2  # why: Ba-ittsu 1 + Menzen 1


def test_deck_named_in_a_rules_file(run: Run, tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    write(tmp_path / "decks" / "alt.toml", deck_toml(ALT_DECK))
    rules = write(tmp_path / "house.toml", 'ruleset = "baba"\ndeck = "decks/alt.toml"\n')
    result = run("score", "BB BB BB MB MB MB ron", "--rules", str(rules), "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["total"] == 4  # why: as in test_alternative_deck


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(deck_toml(DEFAULT_KINDS[:8]), "a deck has nine kinds, this one has 8", id="eight-kinds"),
        pytest.param(
            deck_toml([*DEFAULT_KINDS, ("馬刀", "MT")]), "a deck has nine kinds, this one has 10", id="ten-kinds"
        ),
        pytest.param(deck_toml(replaced(PB=("芭蕉", "PB"))), "exactly six kinds contain 場", id="five-ba"),
        pytest.param(deck_toml(replaced(MN=("場庭", "BN"))), "exactly six kinds contain 場", id="seven-ba"),
        pytest.param(
            deck_toml(replaced(MN=("庭園", "NN"), MR=("庭々", "NR"), MH=("羽根", "HN"))),
            "at least two kinds must contain 馬",
            id="one-uma",
        ),
        pytest.param(deck_toml(replaced(MR=("馬刀", "MT"))), "at least two kinds must contain 々", id="one-noma"),
        pytest.param(deck_toml(replaced(PB=("芭場", "mb"))), "codes must be unique: 'MB'", id="code-case-insensitive"),
        pytest.param(deck_toml(replaced(PB=("橋場", "PB"))), "spellings must be unique: '橋場'", id="same-spelling"),
        pytest.param(deck_toml(replaced(PB=("芭場場", "PB"))), "a spelling is two characters", id="three-characters"),
        pytest.param(deck_toml(replaced(PB=("芭場", "OB"))), "not starting with O", id="code-starts-with-o"),
        pytest.param(deck_toml(DEFAULT_KINDS, wild_cards=5), "wild_cards is a whole number from 0 to 4", id="wilds"),
        pytest.param("[[kind]\n", "not valid TOML", id="not-toml"),
    ],
)
@pytest.mark.parametrize("command", ["score", "batch", "rules"])
def test_invalid_deck_is_a_usage_error(run: Run, tmp_path: Path, text: str, message: str, command: str) -> None:
    deck = write(tmp_path / "bad-deck.toml", text)
    args = {"score": ["score", "baba:MBMBMB NBNBNB ron"], "batch": ["batch", "-"], "rules": ["rules", "baba"]}[command]
    result = run(*args, "--deck", str(deck), input="baba:MBMBMB NBNBNB ron\n")
    assert result.exit_code == 2
    assert "not a usable BABA deck" in result.stderr or "not valid TOML" in result.stderr
    assert message in result.stderr


def test_missing_deck_file_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    result = run("score", "baba:MBMBMB NBNBNB ron", "--deck", str(tmp_path / "nothere.toml"))
    assert result.exit_code == 2
    assert f"cannot read deck file '{tmp_path / 'nothere.toml'}': No such file or directory" in result.stderr


def test_a_deck_path_is_quoted_bounded(run: Run) -> None:
    result = run("score", "baba:MBMBMB NBNBNB ron", "--deck", "a/" * 30_000)
    # why: a path of any length is quoted by its start (click's own check once echoed all 60,000 characters)
    assert result.exit_code == 2
    assert "cannot read deck file 'a/a/" in result.stderr and len(result.stderr) < 1_000


def test_rules_naming_a_rule_set_is_that_rule_set_even_beside_a_file_of_that_name(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "baba", "notes, not TOML\n")
    result = run("score", "馬馬馬場場O dora=場 tsumo menzen", "--rules", "baba")
    # why: a name of a rule set means the rule set (a file of that name is ./baba); the README's first hand: 5
    assert result.exit_code == 0
    assert "total per payer                     5" in result.stdout


# --- rules


def test_rules_lists_the_rule_sets(run: Run) -> None:
    result = run("rules")
    assert result.exit_code == 0
    names = [row[0] for row in rows(result.stdout)]
    for ruleset in RULESETS:
        assert ruleset.name in names


@pytest.mark.parametrize("name", [rs.name for rs in RULESETS])
def test_rules_table_comes_from_the_engine_rows(run: Run, name: str) -> None:
    result = run("rules", name)
    assert result.exit_code == 0
    ruleset = get_ruleset(name)
    assert result.stdout.startswith(ruleset.title)
    cells = rows(result.stdout)
    # every engine row, in order, then the rows a rule set scores outside the engine (baida: the
    # chicken hand and Seven Baida; no other rule set has any)
    extra = {"baida": ["Chicken Hand", "Seven Baida"]}.get(name, [])
    assert [row.name for row in ruleset.rule_rows()[len(ruleset.rules) :]] == extra
    for row, rule in zip(ruleset.rule_rows(), ruleset.rules, strict=False):
        assert (row.id, row.name, row.local_name, row.category, row.condition) == (
            rule.id,
            rule.name,
            rule.local_name,
            rule.category,
            rule.condition,
        )
        # why: the id is what a result's items name a row by (README: JSON items)
        assert [row.name, row.local_name, row.id, row.category, row.value, row.condition] in cells
    for spec in ruleset.option_specs():
        assert any(row[0] == spec.name and row[1] == spec.shown(spec.default) for row in cells)
    if ruleset.family == "baba":
        assert ["馬場", "MB"] in cells  # the deck


@pytest.mark.parametrize(
    ("name", "item", "value"),
    [
        # why: docs/rules/riichi.md §4: Pinfu 1 han, closed hands only; the flushes lose one han open
        ("riichi", "Pinfu", "1 / -"),
        ("riichi", "Half Flush", "3 / 2"),
        ("riichi", "Full Flush", "6 / 5"),
        # why: docs/rules/riichi.md §5 and §2: Big Four Winds is a double limit hand, and double_yakuman
        # is on by default: two limits of 13 han, 26
        ("riichi", "Big Four Winds", "26"),
        # why: a single limit hand is 13 han
        ("riichi", "Little Four Winds", "13"),
        # why: docs/rules/baida.md §5: Big Crane 100, or 10 after discarding a Baida; Four Kongs 400;
        # All Triplets and the chicken hand are the assumed house values (30, 1), marked *
        ("baida", "Big Crane", "100 / 10"),
        ("baida", "Four Kongs", "400"),
        ("baida", "All Triplets", "30*"),
        ("baida", "Chicken Hand", "1*"),
    ],
)
def test_rules_table_shows_the_values_of_the_rule_book(run: Run, name: str, item: str, value: str) -> None:
    cells = rows(run("rules", name).stdout)
    assert [row[4] for row in cells if row and row[0] == item] == [value]


def test_rules_accepts_an_alias(run: Run) -> None:
    assert run("rules", "expert").stdout == run("rules", "baba").stdout


def test_rules_unknown_name(run: Run) -> None:
    result = run("rules", "nosuch")
    assert result.exit_code == 2
    assert "unknown rule set 'nosuch'" in result.stderr


# --- python -m mjscore


def test_python_dash_m() -> None:
    help_ = subprocess.run(
        [sys.executable, "-m", "mjscore", "--help"], capture_output=True, encoding="utf-8", check=False
    )
    assert help_.returncode == 0, help_.stderr
    assert "Usage:" in help_.stdout
    scored = subprocess.run(
        [sys.executable, "-m", "mjscore", "score", *FIRST_EXAMPLE, "--format", "json"],
        capture_output=True,
        encoding="utf-8",
        check=False,
    )
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["total"] == 5  # why: the README's first hand, as above


# --- --jobs


def test_jobs_keep_input_order_and_line_numbers(run: Run, tmp_path: Path) -> None:
    good = "riichi:234m456p789s23m55p+4m ron riichi"
    bad = "riichi:234m456p789s23m55p ron"  # 13 tiles: one line in seven fails
    lines = [bad if n % 7 == 0 else good for n in range(1, 1201)]  # more than two chunks of 512
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    single = run("batch", str(path), "--format", "json")
    parallel = run("batch", str(path), "--format", "json", "--jobs", "3")
    assert parallel.exit_code == single.exit_code == 1
    assert parallel.stdout == single.stdout
    numbers = [json.loads(line)["line"] for line in parallel.stdout.splitlines()]
    assert numbers == list(range(1, 1201))
    failed = [json.loads(line)["line"] for line in parallel.stdout.splitlines() if not json.loads(line)["ok"]]
    assert failed == list(range(7, 1201, 7))
    assert f"{path}:7:" in parallel.stderr


# --- text from the input reaches the terminal escaped

# An OSC sequence (sets the terminal's title), a bell, a C1 CSI (clears the screen) and DEL: click
# strips complete ANSI colour codes on a non-terminal, but none of these.
CONTROLS = "\x1b]2;owned\x07\x9b2J\x7f"
CONTROLS_SHOWN = r"\x1b]2;owned\x07\x9b2J\x7f"
_CONTROL_CHARS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def test_a_hand_with_control_characters_is_shown_escaped(run: Run) -> None:
    hand = f"baba:MBMBMB NBNBNB{CONTROLS} ron"
    result = run("score", hand)
    assert result.exit_code == 1
    assert not _CONTROL_CHARS.search(result.stderr), result.stderr
    shown = hand.replace(CONTROLS, CONTROLS_SHOWN)
    lines = result.stderr.splitlines()
    assert f"  {shown}" in lines
    # why: the reader stops at the ']' after the ESC; the caret is under it as the line is shown,
    # the ESC written as four characters before it
    [message] = [line for line in lines if line.startswith("error:")]
    assert message.endswith("(found ']') [syntax]")
    caret = lines[lines.index(f"  {shown}") + 1]
    assert caret.index("^") == len(f"  {shown}".split("]")[0])


def test_batch_messages_show_control_characters_escaped(run: Run, tmp_path: Path) -> None:
    path = tmp_path / f"hands{CONTROLS}.txt"
    path.write_text(f"baba:MBMBMB NBNBNB{CONTROLS} ron\n", encoding="utf-8")
    result = run("batch", str(path))
    assert result.exit_code == 1
    assert not _CONTROL_CHARS.search(result.stderr), result.stderr
    name = str(path).replace(CONTROLS, CONTROLS_SHOWN)
    assert result.stderr.startswith(f"{name}:1:20: ")  # why: at the ']' after the ESC (column 19)
    assert result.stderr.endswith(f"{name}: 1 hand, 0 scored, 1 failed\n")


def test_usage_errors_show_control_characters_escaped(run: Run) -> None:
    result = run("rules", "baba", CONTROLS)  # click's own message quotes the extra argument
    assert result.exit_code == 2
    assert "Got unexpected extra argument" in result.stderr
    assert CONTROLS_SHOWN in result.stderr
    assert not _CONTROL_CHARS.search(result.stderr), result.stderr


# --- the shell's conventions: closed pipes, full disks, signals (a real process: subprocess)

GOOD = "riichi:234m456p789s23m55p+4m ron riichi"


# What a shell does before it starts mjscore ("$0" "$@"): a ceiling on its memory (1 GiB: reading
# /dev/zero whole would pass it), or standard output closed.
MEMORY_CEILING = 'ulimit -v 1048576 && exec "$0" "$@"'
STDOUT_CLOSED = 'exec "$0" "$@" >&-'


def command(*args: str, sh: str = 'exec "$0" "$@"') -> list[str]:
    """``python -m mjscore ARGS``, started by ``sh -c SH``."""
    return ["sh", "-c", sh, sys.executable, "-m", "mjscore", *args]


def mjscore(*args: str, sh: str = 'exec "$0" "$@"', **options: Any) -> subprocess.CompletedProcess[str]:
    """``python -m mjscore ARGS`` in a process of its own, MJSCORE_RULES unset."""
    env = {k: v for k, v in os.environ.items() if k != "MJSCORE_RULES"} | options.pop("env", {})
    return subprocess.run(
        command(*args, sh=sh),
        capture_output="stdout" not in options,
        encoding="utf-8",
        check=False,
        env=env,
        timeout=60,
        **options,
    )


def many_hands(tmp_path: Path, count: int = 300) -> Path:  # past an 8 KiB buffer of output
    return write(tmp_path / "many.txt", f"{GOOD}\n" * count)


COMMANDS_THAT_WRITE = {
    "score": ["score", GOOD],
    "batch": ["batch", "MANY"],
    "batch-jobs": ["batch", "MANY", "--jobs", "2"],
    "help": ["--help"],
}


def _args(tmp_path: Path, name: str) -> list[str]:
    return [str(many_hands(tmp_path)) if a == "MANY" else a for a in COMMANDS_THAT_WRITE[name]]


@pytest.mark.parametrize("name", COMMANDS_THAT_WRITE)
def test_a_closed_pipe_ends_the_run_quietly_with_141(tmp_path: Path, name: str) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before anything is written: `| head -0`
    with os.fdopen(write_end, "w") as closed:
        result = mjscore(*_args(tmp_path, name), stdout=closed, stderr=subprocess.PIPE)
    # why: 141 = 128 + SIGPIPE, what a shell shows for a program a closed pipe ended (README, --help)
    assert result.returncode == 141
    assert result.stderr == ""  # no traceback, no "Exception ignored" from the flush at exit


@pytest.mark.parametrize("name", COMMANDS_THAT_WRITE)
def test_a_full_disk_is_one_line_on_stderr_and_exit_74(tmp_path: Path, name: str) -> None:
    with open("/dev/full", "w") as full:
        result = mjscore(*_args(tmp_path, name), stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 74  # why: EX_IOERR of sysexits.h, as README and --help say
    assert result.stderr == "mjscore: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("name", COMMANDS_THAT_WRITE)
def test_a_closed_standard_output_is_an_error(tmp_path: Path, name: str) -> None:
    result = mjscore(*_args(tmp_path, name), sh=STDOUT_CLOSED, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert result.returncode == 74  # why: nothing can be written: not a silent exit 0
    assert result.stderr == "mjscore: error: standard output is closed\n"


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux: /proc)."""
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return [int(child) for child in text.split()]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"  # a zombie has ended; its parent has not collected it yet


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(("signum", "how"), [(signal.SIGINT, "interrupted"), (signal.SIGTERM, "terminated")])
def test_a_signal_stops_a_batch_cleanly_and_says_how_far_it_got(
    tmp_path: Path, jobs: str, signum: int, how: str
) -> None:
    path = write(tmp_path / "endless.txt", "baba:MBMBMB NBNBNB ron\n" * 200_000)  # minutes of work
    # Standard output buffered, as a user runs it: unbuffered, Python loses the rest of a write a
    # signal cuts short (a full pipe), whatever the program does.
    env = {k: v for k, v in os.environ.items() if k not in ("MJSCORE_RULES", "PYTHONUNBUFFERED")}
    command = [sys.executable, "-m", "mjscore", "batch", str(path), "--format", "json", "--jobs", jobs]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        if jobs == "1":
            first = process.stdout.readline()  # it is scoring
            assert first.startswith(b'{"schema": 2, "source": ') and b'"line": 1,' in first
        else:
            first = b""
            _wait_for(lambda: len(_children(process.pid)) == int(jobs))  # its workers are running
        workers = _children(process.pid)
        if signum == signal.SIGINT:
            os.killpg(process.pid, signum)  # Ctrl-C: the terminal signals the whole foreground group
        else:
            os.kill(process.pid, signum)  # kill PID: the batch alone, its workers are its to end
        out = process.stdout.read()  # what readline() above buffered included: not communicate()
        err = process.stderr.read()
        process.wait(timeout=30)
    # why: 128 + the signal's number, as a shell shows it: 130 for SIGINT, 143 for SIGTERM
    assert process.returncode == 128 + signum
    stderr = err.decode()
    found = re.fullmatch(rf"{how} after (\d+) hands \((\d+) scored, 0 failed\)\n", stderr)
    assert found, stderr  # one line, no traceback from the batch or any of its workers
    hands, scored = int(found[1]), int(found[2])
    # why: every hand it counts was written out, and only those
    assert hands == scored == len((first + out).splitlines()) < 200_000
    assert len(workers) == (int(jobs) if jobs != "1" else 0)  # --jobs 1 scores in the process itself
    assert not [pid for pid in workers if _alive(pid)]


def _wait_for(condition: Callable[[], bool], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


# --- inputs that are not hand lines: line ends, long lines, bytes that are not UTF-8


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_lone_cr_does_not_end_a_line(run: Run, tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "cr.txt"
    # why: line 2 is a comment that holds a CR; the hand after the CR is part of the comment. An editor
    # shows three lines, so the five-card hand is line 3 (universal newlines made it line 4, and the
    # hand after the CR a line of its own)
    path.write_bytes(b"baba:MBMBMB NBNBNB ron\r\n# a comment\rbaba:MNMN ron\nbaba:MBMBMB NBNB ron\n")
    result = run("batch", str(path), "--format", "json", "--jobs", jobs)
    assert [(d["line"], d["ok"]) for d in _docs(result.stdout)] == [(1, True), (3, False)]
    assert result.stderr.startswith(f"{path}:3:6: a BABA hand holds 6 cards")


LIMIT = 64 * 1024


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_line_longer_than_64_kib_is_one_error_and_the_batch_goes_on(run: Run, tmp_path: Path, jobs: str) -> None:
    good = "baba:MBMBMB NBNBNB ron"
    lines = [
        good,
        "x" * (LIMIT + 1),  # one byte too long
        good,
        "y" * LIMIT,  # just short enough: read, and refused as a hand
        f"{good} # {'c' * LIMIT}",  # long only in its comment: read
        "z" * (3 * LIMIT) + f"#{good}",  # the limit is passed before the '#'
    ]
    path = write(tmp_path / "long.txt", "\n".join(lines) + "\n")
    result = run("batch", str(path), "--format", "json", "--jobs", jobs)
    assert result.exit_code == 1
    docs = _docs(result.stdout)
    assert [(d["line"], d["ok"]) for d in docs] == [(1, True), (2, False), (3, True), (4, False), (5, True), (6, False)]
    too_long = {d["line"]: d for d in docs if not d["ok"] and d["errors"][0]["code"] == "line-too-long"}
    assert sorted(too_long) == [2, 6]
    # why: the byte counts of lines 2 and 6, their LF not counted
    assert too_long[2]["errors"][0]["message"].endswith(f"this one holds {LIMIT + 1:,}")
    assert too_long[6]["errors"][0]["message"].endswith(f"this one holds {3 * LIMIT + 1 + len(good):,}")
    assert too_long[2]["hand"] == "x" * 60 + "…"  # a bounded start of it, not 64 KiB
    assert f"{path}:2:1: a line holds at most 65,536 bytes before its '#' comment" in result.stderr


def test_a_long_line_is_read_in_bounded_memory(tmp_path: Path) -> None:
    path = write(tmp_path / "huge.txt", "baba:" + "MB" * 2_500_000 + " ron\n")  # one line of 5 MB
    # A process of its own measures its children's peak memory: this batch's alone.
    measure = "import resource, subprocess, sys; subprocess.run(sys.argv[1:], capture_output=True); " + (
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    command = [sys.executable, "-c", measure, sys.executable, "-m", "mjscore", "batch", str(path)]
    peak_kib = int(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    # why: the line is read 64 KiB at a time and dropped; reading it whole took 130 MB (and 5 s)
    assert peak_kib < 60_000


def test_score_refuses_an_argument_that_is_not_utf8_at_its_column(tmp_path: Path) -> None:
    # Under a strict UTF-8 locale Python passes the 0xff of the argument on as a lone surrogate.
    env = {k: v for k, v in os.environ.items() if k not in ("MJSCORE_RULES", "PYTHONIOENCODING")}
    env["LC_ALL"] = "C.UTF-8"
    for fmt in ("table", "json"):
        result = subprocess.run(
            [
                sys.executable.encode(),
                b"-m",
                b"mjscore",
                b"score",
                b"baba:MB\xffMBMB NBNBNB ron",
                b"--format",
                fmt.encode(),
            ],
            capture_output=True,
            env=env,
            check=False,
        )
        assert result.returncode == 1, result.stderr
        stderr = result.stderr.decode()
        assert "error: not UTF-8 text: byte 0xff cannot be read" in stderr
        assert "[not-utf8]" in stderr
        assert "Traceback" not in stderr
        if fmt == "json":
            [error] = json.loads(result.stdout)["errors"]
            # why: 'baba:MB' is columns 1-7, the byte is column 8
            assert (error["code"], error["col"]) == ("not-utf8", 8)


# --- batch: several files


def test_batch_reads_several_files_and_stdin_in_order(run: Run, tmp_path: Path) -> None:
    first = write(tmp_path / "first.txt", "baba:MBMBMB NBNBNB ron\nbaba:MBMBMB NBNB ron\n")
    second = write(tmp_path / "second.txt", "# nothing but a comment\n")
    result = run("batch", str(first), str(second), "-", "--format", "json", input="\nbaba:MNMNMN KBKBKB ron\n")
    assert result.exit_code == 1
    # why: line numbers are per file: first.txt's lines 1 (WIN 1 + Menzen 1 + Chin-itsu 2 = 4) and 2 (five
    # cards), then line 2 of standard input (WIN 1 + Menzen 1 = 2: 馬庭 and 橋場 share no kanji)
    assert [(d["line"], d.get("total")) for d in _docs(result.stdout)] == [(1, 4), (2, None), (2, 2)]
    assert result.stderr.splitlines() == [
        f"{first}:2:6: a BABA hand holds 6 cards (7 with a KAN); 5 given [card-count]",
        f"{first}: 2 hands, 1 scored, 1 failed",
        f"{second}: 0 hands, 0 scored, 0 failed",
        "<stdin>: 1 hand, 1 scored, 0 failed",
        "3 files: 3 hands, 2 scored, 1 failed",
    ]


def test_several_files_over_workers_give_the_same_output(run: Run, tmp_path: Path) -> None:
    good, bad = "riichi:234m456p789s23m55p+4m ron riichi", "riichi:234m456p789s23m55p ron"
    paths = [write(tmp_path / f"{n}.txt", "\n".join([good] * (600 + n) + [bad]) + "\n") for n in range(3)]
    single = run("batch", *map(str, paths), "--format", "json")
    parallel = run("batch", *map(str, paths), "--format", "json", "--jobs", "2")
    assert parallel.exit_code == single.exit_code == 1
    assert (parallel.stdout, parallel.stderr) == (single.stdout, single.stderr)
    # why: each file's last line is its bad one, numbered in its own file: 601, 602 and 603
    assert [f"{path}:{601 + n}:" in parallel.stderr for n, path in enumerate(paths)] == [True] * 3


def test_the_same_file_twice_is_counted_twice(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "hands.txt", "baba:MBMBMB NBNBNB ron\n")
    result = run("batch", str(path), str(path))
    assert result.exit_code == 0
    assert result.stderr.splitlines()[-3:] == [
        f"{path}: 1 hand, 1 scored, 0 failed",
        f"{path}: 1 hand, 1 scored, 0 failed",
        "2 files: 2 hands, 2 scored, 0 failed",
    ]


@pytest.mark.parametrize("problem", ["missing", "directory", "stdin-twice"])
def test_an_input_that_cannot_be_read_is_a_usage_error_before_anything_is_scored(
    run: Run, tmp_path: Path, problem: str
) -> None:
    good = write(tmp_path / "good.txt", "baba:MBMBMB NBNBNB ron\n")
    other = {"missing": str(tmp_path / "nothere.txt"), "directory": str(tmp_path), "stdin-twice": "-"}[problem]
    result = run("batch", "-", str(good), other, input="baba:MBMBMB NBNBNB ron\n")
    assert result.exit_code == 2
    assert result.stdout == ""  # nothing scored
    reason = {
        "missing": "No such file or directory",
        "directory": "it is a directory",
        "stdin-twice": "standard input (-) can be read once only",
    }[problem]
    assert reason in result.stderr
    if problem != "stdin-twice":
        assert f"cannot read '{other}'" in result.stderr


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="Linux: /proc/self/mem")
def test_an_input_that_fails_while_read_is_reported_and_the_batch_goes_on(run: Run, tmp_path: Path) -> None:
    good = write(tmp_path / "good.txt", "baba:MBMBMB NBNBNB ron\n")
    # /proc/self/mem passes the checks (a readable regular file) and fails at the first read (EIO)
    result = run("batch", "/proc/self/mem", str(good))
    assert result.exit_code == 1  # why: an input problem
    lines = result.stderr.splitlines()
    assert lines[0] == "/proc/self/mem: cannot read: Input/output error"
    assert lines[-1] == "2 files: 1 hand, 1 scored, 0 failed"


# --- the progress bar: drawn on a terminal (a pseudo-terminal here), never mixed with anything


def _on_a_terminal(args: list[str], stdout: str, env: dict[str, str] | None = None) -> tuple[str, int]:
    """Run ``mjscore ARGS`` with stderr on a pseudo-terminal, stdout on it too (``stdout="tty"``)
    or in a file; what the terminal received, and the exit code."""
    import pty

    master, slave = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k != "MJSCORE_RULES"} | {"TERM": "xterm"} | (env or {})
    with open(os.devnull, "w") if stdout == "file" else open(os.devnull) as other:
        out = slave if stdout == "tty" else other
        process = subprocess.Popen(
            [sys.executable, "-m", "mjscore", *args],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=slave,
            env=environment,
        )
    os.close(slave)
    received = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the other side is closed
            break
        if not chunk:
            break
        received += chunk
    os.close(master)
    return received.decode(), process.wait(timeout=60)


def _screen(received: str) -> list[str]:
    """The lines a terminal shows for ``received``: CR goes back to the line's start, ESC [ K
    clears to its end, LF starts a new line."""
    lines: list[str] = []
    line: list[str] = []
    col = i = 0
    while i < len(received):
        if received.startswith("\x1b[K", i):
            del line[col:]
            i += 3
            continue
        ch = received[i]
        if ch == "\r":
            col = 0
        elif ch == "\n":
            lines.append("".join(line))
            line, col = [], 0
        else:
            line[col : col + 1] = [ch]
            col += 1
        i += 1
    return [*lines, "".join(line)] if line else lines


def _bar_batch(tmp_path: Path) -> Path:
    """Hands with a bad line now and then: messages to mix with the bar."""
    lines = ["baba:MBMBMB NBNB ron" if n % 100 == 0 else "baba:MBMBMB NBNBNB ron" for n in range(1, 401)]
    return write(tmp_path / "bar.txt", "\n".join(lines) + "\n")


def test_the_progress_bar_is_drawn_on_a_terminal_and_never_shares_a_line(tmp_path: Path) -> None:
    path = _bar_batch(tmp_path)
    received, code = _on_a_terminal(["batch", str(path)], stdout="file")
    assert code == 1
    assert "scoring [" in received  # drawn
    # why: lines 100, 200, 300 and 400 hold five cards; each message, and the summary, stands on a
    # line of its own: the bar is cleared before anything is written, and at the end
    assert _screen(received) == [
        *(
            f"{path}:{n}:6: a BABA hand holds 6 cards (7 with a KAN); 5 given [card-count]"
            for n in range(100, 401, 100)
        ),
        f"{path}: 400 hands, 396 scored, 4 failed",
    ]


def test_the_progress_bar_of_waits_says_analysing(tmp_path: Path) -> None:
    path = write(tmp_path / "ready.txt", "23m456p55p567s789s\n" * 50)
    received, code = _on_a_terminal(["waits", str(path)], stdout="file")
    # why: each line is a ready riichi hand (it waits on 1m and 4m): all 50 are analysed
    assert code == 0
    assert "analysing [" in received
    assert "scoring" not in received
    assert _screen(received)[-1] == f"{path}: 50 hands, 50 analysed, 0 failed"


@pytest.mark.parametrize(
    ("case", "args", "stdout", "env"),
    [
        ("stdout on the same terminal", [], "tty", {}),
        ("TERM=dumb", [], "file", {"TERM": "dumb"}),
        ("--no-progress", ["--no-progress"], "file", {}),
        ("-q", ["-q"], "file", {}),
        ("standard input of no size (/dev/null)", ["-"], "file", {}),
    ],
)
def test_no_progress_bar(tmp_path: Path, case: str, args: list[str], stdout: str, env: dict[str, str]) -> None:
    files = [] if "-" in args else [str(_bar_batch(tmp_path))]
    received, code = _on_a_terminal(["batch", *files, *args, "--format", "csv"], stdout, env)
    assert code == (0 if "-" in args else 1)
    assert "scoring" not in received
    assert "\x1b" not in received
    if case == "-q":  # why: -q also leaves out the summary; the problems are still told
        assert _screen(received) == [
            f"{files[0]}:{n}:6: a BABA hand holds 6 cards (7 with a KAN); 5 given [card-count]"
            for n in range(100, 401, 100)
        ]


# --- rules and deck files that are not what they should be: each a usage error, never a traceback

OPEN_ALL_SIMPLES = "riichi:234m456p345s2p(678s)+2p ron"  # all simples with an open chow, nothing else


def test_a_rules_file_section_may_name_its_rule_set_by_an_alias_or_in_another_case(run: Run, tmp_path: Path) -> None:
    # why: its only yaku is All Simples, open (kuitan on): 1 han; with kuitan off it has none
    assert run("score", OPEN_ALL_SIMPLES).exit_code == 0
    riichi = write(tmp_path / "riichi.toml", "[Riichi]\nkuitan = false\n")
    result = run("score", OPEN_ALL_SIMPLES, "--rules", str(riichi))
    assert result.exit_code == 1
    assert "[no-yaku]" in result.stderr
    for section in ("expert", "BABA", "Baba-Expert"):
        rules = write(tmp_path / "baba.toml", f"[{section}]\nplayers = 3\n")
        doc = json.loads(run("score", "baba:MNMNMN KBKBKB tsumo", "--rules", str(rules), "--format", "json").stdout)
        # why: WIN 1 + Menzen 1 = 2 (馬庭 and 橋場 share no kanji); [section] is BABA's: 3 players, a tsumo is
        # paid by the other two
        assert (section, doc["total"], doc["received"]) == (section, 2, 4)


def test_two_sections_naming_one_rule_set_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    rules = write(tmp_path / "two.toml", "[baba]\nplayers = 3\n[expert]\nplayers = 4\n")
    result = run("score", "baba:MNMNMN KBKBKB tsumo", "--rules", str(rules))
    assert result.exit_code == 2
    assert "sections 'baba' and 'expert' both name the rule set baba: give its options in one section" in result.stderr


NESTED = "x = " + "[" * 600 + "]" * 600 + "\n"  # tomllib reads it by recursion


@pytest.mark.parametrize("option", ["--rules", "--deck"])
@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(NESTED, "not valid TOML here: arrays or tables nested too deeply", id="nested"),
        pytest.param(
            "# " + "x" * (1024 * 1024) + "\n", "file holds at most 1,048,576 bytes; this one holds more", id="big"
        ),
    ],
)
def test_a_rules_or_deck_file_that_cannot_be_read_is_a_usage_error(
    run: Run, tmp_path: Path, option: str, content: str, message: str
) -> None:
    path = write(tmp_path / "odd.toml", content)
    result = run("score", "baba:MNMNMN KBKBKB tsumo", option, str(path))
    assert result.exit_code == 2
    assert f"{path}: " in result.stderr
    assert message in result.stderr


@pytest.mark.parametrize(
    "args",
    [["--deck", "/dev/zero"], ["--rules", "/dev/zero"], ["--rules", "RULES"]],
    ids=["deck", "rules", "deck-in-rules"],
)
def test_an_endless_rules_or_deck_file_is_read_in_bounded_memory(tmp_path: Path, args: list[str]) -> None:
    if args == ["--rules", "RULES"]:
        args = ["--rules", str(write(tmp_path / "rules.toml", 'deck = "/dev/zero"\n'))]
    result = mjscore("score", "baba:MNMNMN KBKBKB tsumo", *args, sh=MEMORY_CEILING)
    assert result.returncode == 2, result.stderr
    assert "/dev/zero: a " in result.stderr
    assert "file holds at most 1,048,576 bytes; this one holds more" in result.stderr


def _wait_until_reading(pid: int, path: str, limit: float = 30.0) -> None:
    """Until the process ``pid`` (or a child: the memory ceiling runs it under a shell) has
    ``path`` open: the batch has started, so a Ctrl-C is the batch's to report."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for fd in Path("/proc").glob("[0-9]*/fd/*"):
            with contextlib.suppress(OSError):
                if os.readlink(fd) == path and _descends_from(int(fd.parts[2]), pid):
                    return
        time.sleep(0.05)
    raise AssertionError(f"{path} was not opened within {limit} s")


def _descends_from(child: int, pid: int) -> bool:
    while child > 1:
        if child == pid:
            return True
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        child = int(fields[1])  # the parent's pid
    return False


def test_a_batch_of_dev_zero_reads_in_bounded_memory_until_stopped() -> None:
    env = {k: v for k, v in os.environ.items() if k != "MJSCORE_RULES"}
    started = command("batch", "/dev/zero", sh=MEMORY_CEILING)
    with subprocess.Popen(started, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) as process:
        _wait_until_reading(process.pid, "/dev/zero")  # a busy machine may take seconds to start it
        time.sleep(1)  # reading: one endless line of NUL bytes, 64 KiB at a time
        status = Path(f"/proc/{process.pid}/status").read_text()
        rss = re.search(r"VmRSS:\s+(\d+) kB", status)
        assert rss is not None
        rss_kib = int(rss[1])
        process.send_signal(signal.SIGINT)
        try:
            out, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # it did not stop: fail, not wait for it forever
            process.kill()
            raise
    # why: the line never ends, so no hand is scored; what has been read of it is dropped as it goes
    assert rss_kib < 60_000
    assert process.returncode == 130
    assert (out, err) == (b"", b"interrupted after 0 hands (0 scored, 0 failed)\n")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        # why: no file name is that long (ENAMETOOLONG): not a file, so a rule set's name, quoted short
        ("a" * 5000, "unknown rule set '" + "a" * 60 + "…' (5,000 characters)"),
        ("a" * 5000 + ".toml", "cannot read rules file '" + "a" * 300 + "…' (5,005 characters): File name too long"),
    ],
)
def test_a_rules_value_too_long_for_a_file_name_is_a_usage_error(run: Run, value: str, message: str) -> None:
    result = run("score", "baba:MNMNMN KBKBKB tsumo", "--rules", value)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr) < 1000


def test_a_nul_in_a_deck_file_name_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    rules = write(tmp_path / "rules.toml", 'deck = "a\\u0000b.toml"\n')
    result = run("score", "baba:MNMNMN KBKBKB tsumo", "--rules", str(rules))
    assert result.exit_code == 2
    assert r"cannot read deck file '" in result.stderr
    assert r"a\x00b.toml': no file name holds a NUL" in result.stderr


@pytest.mark.parametrize(
    ("content", "quoted"),
    [
        ('ruleset = "' + "x" * 500_000 + '"\n', "unknown rule set '" + "x" * 60 + "…' (500,000 characters)"),
        (
            '[baba]\nplayers = "' + "9" * 500_000 + '"\n',
            "players is 3 or 4, not '" + "9" * 60 + "…' (500,000 characters)",
        ),
        ("[baba]\n" + "k" * 500_000 + " = 1\n", "no option '" + "k" * 60 + "…' (500,000 characters)"),
        ('ruleset = "\\u001b]2;owned\\u0007"\n', r"unknown rule set '\x1b]2;owned\x07'"),
        ("[baba]\n" + "".join(f"k{n} = 1\n" for n in range(5000)), "no option 'k9' (options: "),
    ],
    ids=["ruleset", "option-value", "option-name", "controls", "many-faults"],
)
def test_a_message_quotes_a_bounded_escaped_slice_of_a_rules_file_value(
    run: Run, tmp_path: Path, content: str, quoted: str
) -> None:
    rules = write(tmp_path / "rules.toml", content)
    result = run("score", "baba:MNMNMN KBKBKB tsumo", "--rules", str(rules))
    assert result.exit_code == 2
    assert quoted in result.stderr
    assert len(result.stderr) < 2000  # why: ten faults at most, each value cut at 60 characters
    assert not _CONTROL_CHARS.search(result.stderr)


@pytest.mark.parametrize(
    ("kinds", "wild_cards", "message"),
    [
        (replaced(PB=("\x1b[", "PB")), 4, r"kind '\x1b[': a spelling is two characters (no space, no control)"),
        (replaced(PB=("芭 ", "PB")), 4, "kind '芭 ': a spelling is two characters (no space, no control)"),
        (DEFAULT_KINDS, "true", "wild_cards is a whole number from 0 to 4"),
        # why: codes are read in any case, but "ß" in capitals is "SS", another code
        (replaced(PB=("芭場", "ß")), 4, "kind '芭場': code 'ß' must be two letters A-Z"),
    ],
    ids=["control", "space", "bool-wilds", "not-ascii-code"],
)
def test_a_deck_of_unprintable_spellings_or_a_bool_is_refused(
    run: Run, tmp_path: Path, kinds: list[tuple[str, str]], wild_cards: object, message: str
) -> None:
    text = deck_toml(kinds, wild_cards).replace("\x1b", "\\u001b")
    deck = write(tmp_path / "deck.toml", text)
    result = run("score", "baba:MNMNMN KBKBKB tsumo", "--deck", str(deck))
    assert result.exit_code == 2
    assert message in result.stderr


# --- records say where their line is from


def test_records_name_their_input_and_errors_their_rule_set(tmp_path: Path, run: Run) -> None:
    first = write(tmp_path / "a.txt", "baba:馬馬馬場場O dora=場 tsumo menzen\n")
    second = tmp_path / "b.txt"
    second.write_bytes(b"# a comment\nbaba:\xe9\xa6\xac tsumo \xff\n" + b"riichi:" + b"1" * 70_000 + b"m\n")
    docs = [json.loads(x) for x in run("batch", str(first), str(second), "--format", "json").stdout.splitlines()]
    # why: line numbers start again in each file, so a record names its file
    assert [(d["source"], d["line"]) for d in docs] == [(str(first), 1), (str(second), 2), (str(second), 3)]
    # why: a line refused before it is read (not UTF-8, too long) still names the rule set its prefix names
    assert [(d["ruleset"], d["errors"][0]["code"]) for d in docs[1:]] == [
        ("baba", "not-utf8"),
        ("riichi", "line-too-long"),
    ]
    rows = list(csv.DictReader(io.StringIO(run("batch", str(first), "--format", "csv").stdout)))
    assert [(r["source"], r["line"]) for r in rows] == [(str(first), "1")]
    table = run("batch", str(first), str(first)).stdout
    # why: with several inputs the table names each hand's input (grep's habit), with one it does not
    assert table.count(f"{first} line 1: BABA") == 2
    assert f"{first} line 1" not in run("batch", str(first)).stdout


def test_csv_error_rows_show_control_characters_escaped(run: Run) -> None:
    [row] = list(csv.DictReader(io.StringIO(run("score", "riichi:123m\x1b[2J", "--format", "csv").stdout)))
    # why: a CSV shown on a terminal must not clear it: the hand as typed, ESC written as \\x1b
    assert row["hand"] == "riichi:123m\\x1b[2J"


def test_ctrl_c_while_the_command_is_imported_ends_it_without_a_traceback() -> None:
    # Stand in for the command: what matters is what Ctrl-C does while it is being imported.
    code = (
        "import signal, sys, types\n"
        "fake = types.ModuleType('mjscore.cli')\n"
        "fake.main = lambda: print(signal.getsignal(signal.SIGINT) is signal.SIG_DFL)\n"
        "sys.modules['mjscore.cli'] = fake\n"
        "from mjscore.__main__ import run\n"
        "run()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # why: Python's own handler prints a traceback for a Ctrl-C during an import; the entry point hands
    # SIGINT to the system (the process ends as by the signal, exit 130 in a shell) until the command takes it
    assert done.stdout.strip() == "True"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "euc-jp"])
def test_a_locale_that_cannot_write_kanji_gets_escapes_for_people_and_utf8_for_scripts(encoding: str) -> None:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    command = [sys.executable, "-m", "mjscore", "score", *FIRST_EXAMPLE]
    table = subprocess.run(command, check=False, capture_output=True, env=env)
    # why: '·' and '々' (and kanji, under ascii and latin-1) have no code in these encodings: written as escapes,
    # not a UnicodeEncodeError traceback
    assert table.returncode == 0 and b"Traceback" not in table.stderr
    assert b"\\u" in table.stdout or b"\\xb7" in table.stdout  # backslashreplace: \u99ac, or \xb7 for '·'
    data = subprocess.run([*command, "--format", "json"], check=True, capture_output=True, env=env)
    # why: JSON is for scripts: UTF-8 whatever the locale, the kanji as they are
    assert json.loads(data.stdout.decode("utf-8"))["hand"] == "baba:馬々馬々馬々場々場々O dora=場々 tsumo menzen"


@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
def test_batch_all_lists_every_reading_in_every_format(run: Run, fmt: str) -> None:
    path = str(ROOT / "examples" / "riichi.txt")
    one, two = (run("batch", path, "--all", "--format", fmt, "--jobs", jobs).stdout for jobs in ("1", "2"))
    # why: --all is a choice of what to show, so workers show it too, in input order
    assert one == two
    if fmt == "json":
        docs = [json.loads(line) for line in one.splitlines()]
        # why: every scored hand lists its readings and keeps one (the draws list none)
        assert all(sum(c["kept"] for c in d["candidates"]) == 1 for d in docs if d["kind"] == "win")
    else:
        assert ("reading" if fmt == "csv" else "readings considered") in one


@pytest.mark.parametrize("line", ["", "drawn", "riichi: # a comment"])
def test_a_line_without_a_hand_says_what_a_hand_is(run: Run, line: str) -> None:
    result = run("score", line)
    # why: the grammar's element names ("mpsz body") mean nothing to a player
    assert "expected a hand: tiles such as 123m456p, or the word draw" in result.stderr
    assert "mpsz" not in result.stderr
