"""``mjscore waits``: the command line of the analysis (formats, files and standard input,
error reports, exit codes), and what ``score`` says of a line that belongs to ``waits``.

Expected scores are worked out from docs/rules/riichi.md; each says why in a ``# why:`` comment
(tests/analysis/corpus.txt holds the hands worked in full).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from jsonschema import Draft202012Validator

from mjscore.cli import WAITS_EPILOG, main
from tests.cli.test_cli import mjscore, rows, write

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = Draft202012Validator(
    json.loads((ROOT / "mjscore" / "data" / "analysis.schema.json").read_text(encoding="utf-8"))
)
KANCHAN = "24m456p55p567s789s riichi"  # waits on 3m alone: tests/analysis/corpus.txt, "Wait shapes"
RYANMEN = "23m456p55p567s789s riichi"  # waits on 1m and 4m


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner(env={"MJSCORE_RULES": None}).invoke(main, list(args), input=input)
    # Whatever happens, never a traceback: only click's own exit.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result


def docs(stdout: str) -> list[dict[str, object]]:
    found = [json.loads(line) for line in stdout.splitlines()]
    for doc in found:
        VALIDATOR.validate(doc)
    return found


# --- one hand


def test_a_hand_is_shown_with_a_row_per_wait() -> None:
    result = run("waits", *KANCHAN.split())
    assert (result.exit_code, result.stderr) == (0, "")
    # why: the hand as read (canonical: tiles sorted, the seat and round it defaults to), its
    # header, and 3m: four unseen; ron riichi 1 han 20 + 10 + 2 = 32 -> 40 fu: 1300; tsumo riichi
    # + Menzen Tsumo 2 han 20 + 2 + 2 = 24 -> 30 fu: 1000 + 500 + 500 = 2000
    assert result.stdout == (
        "Riichi (Yakuza 2 table rules): riichi:24m45556p567789s riichi seat=S round=E\n"
        "  seat: S (non-dealer)\n"
        "  round: E\n"
        "  honba: 0\n"
        "  riichi sticks: 0\n"
        "  preset: yakuza2\n"
        "  waits: 3m (4 tiles unseen)\n"
        "\n"
        "wait      unseen  ron                 tsumo                     notes\n"
        "------  --------  ------------------  ------------------------  -------\n"
        "3m             4  1300 (1 han 40 fu)  2000 (2 han 30 fu)\n"
        "                  Riichi 1            Riichi 1, Menzen Tsumo 1\n"
    )


def test_each_wait_is_a_row_of_its_own_and_notes_say_what_a_number_does_not() -> None:
    result = run("waits", "23m456p567s789s11z", "discards=9m", "seen=4m")
    assert result.exit_code == 0, result.output
    cells = rows(result.stdout)
    by_wait = {row[0]: row for row in cells if row[0] in ("1m", "4m")}
    # why: East (1z) is the prevalent wind, so no Pinfu and no yaku by ron; riichi would give 1 han
    # 40 fu (20 + 10 + 2 for the pair) = 1300; a tsumo has Menzen Tsumo, 1 han 30 fu: 500 + 300 + 300
    assert by_wait["1m"] == [
        "1m",
        "4",
        "no yaku",
        "1100 (1 han 30 fu)",
        "no yaku by ron: riichi or a tsumo would give one",
    ]
    # why: one 4m seen: 3 unseen
    assert by_wait["4m"][:2] == ["4m", "3"]
    assert "with riichi: 1300 (1 han 40 fu)" in result.stdout
    assert "  seen: 4m\n  discards: 9m\n  waits: 1m 4m (7 tiles unseen)\n" in result.stdout


def test_furiten_and_a_named_win_are_told() -> None:
    result = run("waits", "2345m456p567s789s", "ron", "riichi", "discards=5m")
    assert result.exit_code == 0, result.output
    # why: a wait (5m) among the discards: no ron on any wait; the line says ron, so no tsumo is asked
    assert result.stdout.count("furiten: no ron") == 2
    assert "note: furiten: 5m is among your discards: no ron on any wait; a tsumo still wins\n" in result.stdout
    assert "note: the line says ron: only a ron is scored\n" in result.stdout
    assert "among your discards (furiten)" in result.stdout


def test_a_line_that_names_both_wins_is_refused_as_score_refuses_it() -> None:
    result = run("waits", "23m456p55p567s789s ron tsumo")
    # why: nothing is added to such a line, so its one problem is score's: win-conflict at the ron
    # (column 20), not a 'ron' given twice
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == "error: tsumo and ron together: a win is one or the other [win-conflict]"
    assert result.stderr.endswith(" " * 21 + "^\n")


def test_a_word_that_needs_one_win_scores_that_win_only() -> None:
    result = run("waits", "23m55p567s789s[1111z]", "rinshan")
    assert result.exit_code == 0, result.output
    # why: rinshan is a tsumo (docs/rules/riichi.md §4): a ron would be refused, and a note says why
    assert "note: only a tsumo is scored: the line refuses a ron (rinshan is the kong replacement draw: tsumo)\n" in (
        result.stdout
    )


def test_a_wait_with_none_left_says_so() -> None:
    result = run("waits", KANCHAN, "seen=3m3m3m3m")
    assert result.exit_code == 0, result.output
    # why: all four 3m seen: none left, yet scored as before (seen= is not on the scored line)
    assert rows(result.stdout)[-2][:3] == ["3m", "none left", "1300 (1 han 40 fu)"]
    # why: seen= took the last copies, not the hand: the wait is dead, and the note says why
    assert rows(result.stdout)[-2][-1] == "dead wait: every copy not in the hand is seen (seen=, discards=)"


def test_a_hand_that_is_not_ready_shows_its_shanten_and_the_tiles_that_bring_it_closer() -> None:
    result = run("waits", "23m456p57z(789s)(111z)")
    assert (result.exit_code, result.stderr) == (0, "")
    # why: two melds, so 456p, 23m and a pair from 5z or 7z: 6 of 8 concealed tiles kept, 1-shanten
    # (no Seven Pairs or Thirteen Orphans with melds); 1m 4m complete 23m, 5z 7z make the pair
    # (tests/analysis/corpus.txt, "Not ready"); 4 + 4 + 3 + 3 unseen
    assert result.stdout == (
        "Riichi (Yakuza 2 table rules): riichi:23m456p57z(789s)(111z) seat=S round=E\n"
        "  seat: S (non-dealer)\n"
        "  round: E\n"
        "  honba: 0\n"
        "  riichi sticks: 0\n"
        "  preset: yakuza2\n"
        "  shanten: 1 (standard 1)\n"
        "  improving: 1m 4m 5z 7z (14 tiles unseen)\n"
        "\n"
        "tile      unseen\n"
        "------  --------\n"
        "1m             4\n"
        "4m             4\n"
        "5z             3\n"
        "7z             3\n"
    )


def test_a_hand_ready_in_shape_only_says_so() -> None:
    result = run("waits", "1111m234p567p789s")
    assert result.exit_code == 0, result.output
    # why: only a fifth 1m would complete it (docs/rules/riichi.md §3): not ready, 1-shanten (a pair
    # of another kind lacking), Seven Pairs 5, Thirteen Orphans 10
    assert "  shanten: 1 (standard 1, Seven Pairs 5, Thirteen Orphans 10)\n" in result.stdout
    assert result.stdout.endswith(
        "note: ready in shape only: 1m would complete it, but the hand holds all four, so it is 1-shanten\n"
    )


def test_a_hand_of_14_shows_a_row_per_discard_best_first() -> None:
    result = run("waits", "34m678p22s(789s)(111z)+6m")
    assert (result.exit_code, result.stderr) == (0, "")
    # why: tests/analysis/corpus.txt ("Discards") works this table out: 6m (the tile drawn) leaves
    # 34m, two-sided, 8 unseen; 3m leaves 46m, 4; both East 1 han, a tsumo 30 fu 1100; then the
    # 1-shanten rows by their counts, 6p before 8p in the order of the set
    assert result.stdout == (
        "Riichi (Yakuza 2 table rules): riichi:34m678p22s(789s)(111z)+6m seat=S round=E\n"
        "  seat: S (non-dealer)\n"
        "  round: E\n"
        "  honba: 0\n"
        "  riichi sticks: 0\n"
        "  preset: yakuza2\n"
        "  drawn: 6m\n"
        "\n"
        "discard    shanten    tiles                       unseen  best                notes\n"
        "---------  ---------  ------------------------  --------  ------------------  --------------\n"
        "6m         0 (ready)  2m:4 5m:4                        8  1100 (1 han 30 fu)  the tile drawn\n"
        "                                                          tsumo on 2m\n"
        "\n"
        "3m         0 (ready)  5m:4                             4  1100 (1 han 30 fu)\n"
        "                                                          tsumo on 5m\n"
        "\n"
        "4m         1          1m:4 2m:4 3m:3 4m:3 5m:4        31\n"
        "                      6m:3 7m:4 8m:4 2s:2\n"
        "\n"
        "2s         1          2m:4 3m:3 5m:4 6m:3 2s:2        16\n"
        "\n"
        "6p         1          2m:4 5m:4 6p:3 9p:4             15\n"
        "\n"
        "8p         1          2m:4 5m:4 5p:4 8p:3             15\n"
        "\n"
        "7p         1          2m:4 5m:4 7p:3                  11\n"
    )


def test_a_complete_hand_of_14_says_so_and_is_still_a_table() -> None:
    result = run("waits", "23m456p55p567s789s+1m")
    assert result.exit_code == 0, result.output
    # why: 123m 456p 55p 567s 789s is a winning hand; each discard leaves it ready on the tile
    # discarded among others: furiten, so only a tsumo scores (corpus.txt, "Discards")
    assert result.stdout.endswith(
        "note: the hand is complete as it stands (a winning shape): mjscore score scores it\n"
    )
    assert "furiten: 4p (this discard) among your discards: no ron" in result.stdout
    assert rows(result.stdout)[9][:4] == ["4p", "0 (ready)", "4p:3 6p:3 7p:4", "10"]


def test_a_problem_of_the_line_is_told_at_its_column_as_typed() -> None:
    result = run("waits", "23m456p55p567s789s seen=1m  riichii")
    assert result.exit_code == 1
    # why: seen=1m (columns 20-26) is left out of the lines scored and +1m put in after the hand
    # (column 19): 'riichii' is told where it is typed, column 29, under its caret
    assert "error: unknown word 'riichii'; did you mean 'riichi'?" in result.stderr
    assert result.stderr.endswith("  23m456p55p567s789s seen=1m  riichii\n" + " " * 30 + "^\n")


def test_an_unknown_word_is_told_with_the_words_waits_reads() -> None:
    result = run("waits", "23m456p55p567s789s seenn=1m discard=2m discard=3m")
    assert result.exit_code == 1
    # why: waits reads seen= and discards= (score does not): the guess and the list name them, and
    # a word given twice still says so
    assert "error: unknown word 'seenn='; did you mean 'seen='? (known: tsumo, ron," in result.stderr
    assert "error: unknown word 'discard='; did you mean 'discards='? (known: " in result.stderr
    assert ", seen=, discards=, " in result.stderr
    assert "pao_honba=); given twice [unknown-word]" in result.stderr


def test_json_is_one_document_per_hand_with_its_schema() -> None:
    result = run("waits", RYANMEN, "--format", "json")
    assert result.exit_code == 0, result.output
    [doc] = docs(result.stdout)
    assert doc["schema"] == "analysis-1"
    assert (doc["kind"], doc["ruleset"], doc["wins"], doc["unseen"]) == ("waits", "riichi", ["ron", "tsumo"], 8)
    waits = doc["waits"]
    assert isinstance(waits, list)
    # why: 1m and 4m, four each unseen; riichi + Pinfu 2 han 30 fu: ron 2000, tsumo 3 han 20 fu 2700
    assert [(w["tile"], w["unseen"]) for w in waits] == [("1m", 4), ("4m", 4)]
    ron, tsumo = waits[0]["ron"], waits[0]["tsumo"]
    assert (ron["outcome"], ron["value"]["summary"]["hand_value"], ron["value"]["summary"]["fu"]) == ("win", 2000, 30)
    assert (tsumo["outcome"], tsumo["value"]["summary"]["hand_value"]) == ("win", 2700)
    assert [x["id"] for x in tsumo["value"]["items"]] == ["riichi", "menzen-tsumo", "pinfu"]


def test_json_of_a_line_that_fails_is_an_error_document() -> None:
    result = run("waits", "23m456p55p567s789s5z5z", "--format", "json")
    assert result.exit_code == 1
    [doc] = docs(result.stdout)
    # why: 15 tiles: waits reads 13 or 14; the problem is at the hand, column 1
    assert (doc["ok"], doc["errors"][0]["code"], doc["errors"][0]["col"]) == (False, "tile-count", 1)
    assert "[tile-count]" in result.stderr


def test_json_of_a_hand_not_ready_and_of_a_hand_of_14() -> None:
    not_ready, table = docs(
        run("waits", "-", "--format", "json", input="123m456p789s1357z\n23m456p55p567s789s5z\n").stdout
    )
    # why: three sets and four honour singles: 2-shanten (Seven Pairs 6, Thirteen Orphans 7); a
    # second copy of any of the four honours improves it, 3 unseen each (corpus.txt, "Not ready")
    assert (not_ready["kind"], not_ready["shanten"], not_ready["unseen"]) == (
        "not-ready",
        {"best": 2, "standard": 2, "seven_pairs": 6, "thirteen_orphans": 7},
        12,
    )
    assert not_ready["improving"] == [{"tile": t, "unseen": 3} for t in ("1z", "3z", "5z", "7z")]
    # why: 5z drawn to the ryanmen hand: discarding it leaves 1m 4m (8 unseen), best 1500 by tsumo
    # (Menzen Tsumo + Pinfu 2 han 20 fu); eleven distinct discards, no +TILE
    assert (table["kind"], table["drawn"], table["complete"], len(table["rows"])) == ("discards", None, False, 11)
    first = table["rows"][0]
    assert (first["discard"], first["shanten"]["best"], first["unseen"], first["best"]) == (
        "5z",
        0,
        8,
        {"tile": "1m", "win": "tsumo", "hand_value": 1500},
    )
    assert [w["tile"] for w in first["waits"]] == ["1m", "4m"]
    assert (table["rows"][1]["discard"], table["rows"][1]["waits"], table["rows"][1]["best"]) == ("2m", [], None)


def test_csv_has_a_row_per_wait() -> None:
    result = run("waits", RYANMEN, "--format", "csv")
    assert result.exit_code == 0, result.output
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    # why: two waits, 1m and 4m: riichi + Pinfu, ron 2 han 30 fu 2000, tsumo 3 han 20 fu 2700
    assert [
        (r["wait"], r["unseen"], r["ron_outcome"], r["ron_value"], r["tsumo_han"], r["tsumo_fu"]) for r in table
    ] == [
        ("1m", "4", "win", "2000", "3", "20"),
        ("4m", "4", "win", "2000", "3", "20"),
    ]
    assert table[0]["tsumo_items"] == "Riichi 1; Menzen Tsumo 1; Pinfu 1"
    assert {(r["ok"], r["kind"]) for r in table} == {("yes", "waits")}


def test_csv_of_a_hand_of_14_has_a_row_per_discard_or_per_wait_of_a_ready_one() -> None:
    result = run("waits", "34m678p22s(789s)(111z)+6m", "--format", "csv")
    assert result.exit_code == 0, result.output
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    # why: 6m leaves 34m (2m 5m: a row each, the discard's columns on both), 3m leaves 46m (5m); the
    # five 1-shanten discards a row each: 2 + 1 + 5 rows (corpus.txt, "Discards")
    assert [(r["discard"], r["shanten"], r["tiles_unseen"], r["wait"]) for r in table] == [
        ("6m", "0", "8", "2m"),
        ("6m", "0", "8", "5m"),
        ("3m", "0", "4", "5m"),
        ("4m", "1", "31", ""),
        ("2s", "1", "16", ""),
        ("6p", "1", "15", ""),
        ("8p", "1", "15", ""),
        ("7p", "1", "11", ""),
    ]
    # why: East 1 han, a ron 30 fu 1000, a tsumo 1100; the best is the tsumo on the first wait, 2m
    assert [(r["ron_value"], r["tsumo_value"], r["best_wait"], r["best_win"], r["best_value"]) for r in table[:2]] == [
        ("1000", "1100", "2m", "tsumo", "1100"),
        ("1000", "1100", "2m", "tsumo", "1100"),
    ]
    assert table[0]["notes"] == "the tile drawn"
    assert table[3]["tiles"] == "1m:4 2m:4 3m:3 4m:3 5m:4 6m:3 7m:4 8m:4 2s:2"
    assert {r["kind"] for r in table} == {"discards"}


def test_csv_of_a_hand_not_ready_is_one_row() -> None:
    result = run("waits", "23m456p57z(789s)(111z)", "--format", "csv")
    [row] = list(csv.DictReader(io.StringIO(result.stdout)))
    # why: 1-shanten; 1m 4m 5z 7z bring it closer, 4 + 4 + 3 + 3 unseen (corpus.txt, "Not ready")
    assert (row["kind"], row["shanten"], row["tiles"], row["tiles_unseen"], row["wait"]) == (
        "not-ready",
        "1",
        "1m:4 4m:4 5z:3 7z:3",
        "14",
        "",
    )


# --- files and standard input


HANDS = f"# a file of hands\n{KANCHAN}\n\n123m xyz\n{RYANMEN}\n"


def test_a_file_is_analysed_line_by_line_and_a_bad_line_is_told_as_file_line_col(tmp_path: Path) -> None:
    path = write(tmp_path / "hands.txt", HANDS)
    result = run("waits", str(path))
    # why: line 4 fails (3 tiles, and an unknown word at column 6); the others are analysed
    assert result.exit_code == 1
    assert "line 2: Riichi (Yakuza 2 table rules): riichi:24m45556p567789s riichi" in result.stdout
    assert "line 5: Riichi (Yakuza 2 table rules): riichi:23m45556p567789s riichi" in result.stdout
    assert result.stderr.splitlines() == [
        f"{path}:4:1: tile count: 3 given; waits reads a hand of 13 (one tile short of a win) or 14 (a tile just "
        "drawn: which to discard), counting each meld as 3 [tile-count]",
        f"{path}:4:6: unknown word 'xyz' (known: {_known()}) [unknown-word]",
        f"{path}: 3 hands, 2 analysed, 1 failed",
    ]


def _known() -> str:
    """The words waits knows: score's, with waits' own seen= and discards= after the keys."""
    known = run("score", "123m456p789s11z22z+2z tsumo xyz").stderr.split("(known: ", 1)[1].split(") [", 1)[0]
    return known.replace(", preset=, ", ", preset=, seen=, discards=, ")


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_standard_input_is_read_with_dash(fmt: str) -> None:
    result = run("waits", "-", "--format", fmt, "--quiet", input=HANDS)
    assert result.exit_code == 1
    # why: --quiet keeps the summary off; the bad line is still told
    assert result.stderr.startswith("<stdin>:4:1: tile count")
    assert "hands," not in result.stderr
    if fmt == "json":
        assert [(d["line"], d["ok"]) for d in docs(result.stdout)] == [(2, True), (4, False), (5, True)]
    elif fmt == "csv":
        table = list(csv.DictReader(io.StringIO(result.stdout)))
        # why: a row per wait (3m; 1m, 4m) and a row for the line that failed
        assert [(r["line"], r["wait"], r["ok"]) for r in table] == [
            ("2", "3m", "yes"),
            ("4", "", "no"),
            ("5", "1m", "yes"),
            ("5", "4m", "yes"),
        ]


def test_files_in_workers_come_out_in_order(tmp_path: Path) -> None:
    path = write(tmp_path / "many.txt", f"{KANCHAN}\n{RYANMEN}\n" * 20)
    result = run("waits", str(path), "--format", "json", "--jobs", "2")
    assert result.exit_code == 0, result.output
    found = docs(result.stdout)
    assert [d["line"] for d in found] == list(range(1, 41))
    assert [len(d["waits"]) for d in found if isinstance(d["waits"], list)] == [1, 2] * 20


def test_exit_codes() -> None:
    # why: 0 every hand analysed (one not ready, one of 14, included); 1 a hand could not be (15
    # tiles); 2 a usage error (exit codes in --help)
    assert run("waits", KANCHAN).exit_code == 0
    assert run("waits", "1111m234p567p789s").exit_code == 0
    assert run("waits", "23m456p55p567s789s5z").exit_code == 0
    assert run("waits", "23m456p55p567s789s5z5z").exit_code == 1
    assert run("waits", KANCHAN, "--format", "xml").exit_code == 2
    assert run("waits", KANCHAN, "--preset", "tenhuo").exit_code == 2
    missing = run("waits", "no-such-file.txt")
    assert missing.exit_code == 2
    assert "cannot read 'no-such-file.txt'" in missing.stderr


def test_a_closed_pipe_ends_a_file_of_hands_quietly_with_141(tmp_path: Path) -> None:
    path = write(tmp_path / "many.txt", f"{RYANMEN}\n" * 200)
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before anything is written: `| head -0`
    with os.fdopen(write_end, "w") as closed:
        result = mjscore("waits", str(path), stdout=closed, stderr=subprocess.PIPE)
    # why: 141 = 128 + SIGPIPE, as for mjscore batch
    assert (result.returncode, result.stderr) == (141, "")


def test_the_examples_of_the_help_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # they name examples/waits/hands.txt
    examples = re.findall(r"^  (mjscore waits .+)$", WAITS_EPILOG, flags=re.MULTILINE)
    assert len(examples) >= 4
    for example in examples:
        result = run(*shlex.split(example)[1:])
        # why: each runs clean (a file's run ends with its summary on stderr)
        assert result.exit_code == 0, example
        assert result.stderr in ("", "examples/waits/hands.txt: 3 hands, 3 analysed, 0 failed\n"), example
    assert "mjscore waits" in run("waits", "--help").stdout
