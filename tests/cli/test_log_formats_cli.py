"""``mjscore log`` (issue 17): its inputs (files, standard input, directories, one game per
line), its formats (a JSON document and a CSV row per round, each saying which file and which
game of it), ``--jobs`` in input order, and bad input told on stderr while the rest is read.

The logs are the real games of tests/data/tenhou (SOURCE.md there); each figure expected is the
log's own (its result lists), as the `# why:` says.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner, Result

from mjscore.cli import main

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "tenhou"
VALIDATOR = jsonschema.Draft202012Validator(
    json.loads((ROOT / "mjscore" / "data" / "log.schema.json").read_text(encoding="utf-8"))
)


def run(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(main, ["log", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result


def documents(result: Result) -> list[dict[str, object]]:
    docs = [json.loads(line) for line in result.stdout.splitlines()]
    for doc in docs:
        VALIDATOR.validate(doc)
    return docs


def rows(result: Result) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(result.stdout)))


def one_line(name: str) -> str:
    return json.dumps(json.loads((DATA / name).read_text("utf-8")), ensure_ascii=False)


def test_json_is_a_document_per_round_with_a_result_per_winner() -> None:
    path = str(DATA / "double_ron.json")
    result = run(path, "--format", "json")
    assert (result.exit_code, result.stderr) == (0, "")
    (doc,) = documents(result)
    # why: the log's one round, [7, 0, 0]: South 4 (7 = 4 + 3), no honba, won by two players
    # on player 3's discard; the file holds one game
    assert {key: doc[key] for key in ("source", "line", "game_number", "kind", "round", "label", "round_name")} == {
        "source": path,
        "line": 1,
        "game_number": 1,
        "kind": "win",
        "round": 1,
        "label": "S4-0",
        "round_name": "South 4, 0 honba",
    }
    results = doc["results"]
    assert isinstance(results, list)
    # why: the log's result: player 0's haneman (riichi 1, dora 3, red fives 2) 12000 and the
    # riichi stick, 13000; player 2's 2 han 30 fu (green dragon, dora) 2000; player 3 pays both
    assert [(r["player"], r["log"]["deltas"], r["log"]["han"], r["log"]["fu"]) for r in results] == [
        (0, [13000, 0, 0, -12000], 6, None),
        (2, [0, 0, 2000, -2000], 2, 30),
    ]
    assert results[1]["log"]["yaku"] == [{"name": "dora", "han": 1}, {"name": "green-dragon", "han": 1}]
    # why: mjscore agrees on both (test_tenhou_log); the log gives no fu for a haneman, mjscore does
    assert (doc["agree"], [r["agree"] for r in results], results[0]["mjscore"]["fu"]) == (True, [True, True], 40)


def test_csv_is_a_row_per_round_each_winner_joined_and_each_player_summed() -> None:
    names = ("double_ron.json", "confusing_nakis_1.json", "ryukyoku.json")
    result = run(*(str(DATA / name) for name in names), "--format", "csv")
    double, disagreeing, draw = rows(result)
    # why: two winners, 0 then 2, their figures joined by ';' (the log writes no fu for the
    # haneman: blank), yaku sorted by name; player 3 paid 12000 + 2000
    assert (double["winners"], double["log_han"], double["log_fu"], double["mjscore_fu"]) == (
        "0;2",
        "6;2",
        ";30",
        "40;30",
    )
    assert double["log_yaku"] == "dora 3, red-five 2, riichi 1;dora 1, green-dragon 1"
    assert [double[f"log_delta_{p}"] for p in range(4)] == ["13000", "0", "2000", "-14000"]
    assert double["rebuilt"].count(";") == 1 and double["agree"] == "yes"
    # why: confusing_nakis_1's known disagreement (test_tenhou_log): mjscore pays the winner
    # player 2's riichi stick, the log does not
    assert (disagreeing["agree"], disagreeing["mjscore_delta_0"], disagreeing["log_delta_0"]) == ("no", "2600", "1600")
    # why: ryukyoku.json is an exhaustive draw, not checked yet: no winner, agree blank
    assert (draw["kind"], draw["result"], draw["agree"], draw["winners"], draw["log_han"]) == (
        "draw",
        "流局",
        "",
        "",
        "",
    )
    # why: one header row, whatever the number of files
    assert result.stdout.count("source,game_number,line,round,") == 1


def test_a_directory_stands_for_its_logs_by_name() -> None:
    result = run(str(DATA))
    # why: SOURCE.md is no log; the twelve *.json files are read by name: 14 rounds (ranked_game
    # has three), two exhaustive draws (ryukyoku, confusing_nakis_0), confusing_nakis_1 disagrees
    assert result.exit_code == 1
    assert result.stdout == run(*sorted(str(p) for p in DATA.glob("*.json"))).stdout
    assert result.stderr == (
        "12 games in 12 files: 14 rounds, 11 agree, 1 disagree, 2 not checked yet; "
        "0 could not be read (a game or a round)\n"
    )


def test_a_directory_without_logs_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("{}", encoding="utf-8")
    result = run(str(tmp_path))
    assert result.exit_code == 2
    assert "holds no logs (*.json, *.jsonl)" in result.stderr


GAME = one_line("rinshan.json")


def test_a_bad_line_of_a_file_of_games_is_told_and_the_others_checked() -> None:
    result = run("-", stdin=f"{GAME}\nnope\n\n{GAME}\n")
    # why: lines 1 and 4 are games (rinshan.json's one win, agreeing), named by their line; line 2
    # is not JSON (n starts no value: column 1); line 3 is blank
    assert result.exit_code == 1
    assert [line.split(" ", 1)[0] for line in result.stdout.splitlines()] == ["<stdin>:1", "<stdin>:4"]
    assert result.stderr == (
        "<stdin>:2: not JSON: Expecting value at column 1\n"
        "3 games in 1 file: 2 rounds, 2 agree, 0 disagree, 0 not checked yet; 1 could not be read (a game or a round)\n"
    )


def test_json_tells_a_bad_game_and_a_bad_round_in_place() -> None:
    ranked = json.loads((DATA / "ranked_game.json").read_text("utf-8"))
    ranked["log"][1][1] = "x"
    result = run("-", "--format", "json", stdin=f"{GAME}\nnope\n{json.dumps(ranked, ensure_ascii=False)}\n")
    docs = documents(result)
    # why: game 1 (line 1) one round; game 2 (line 2) not JSON: one error, no round, no path;
    # game 3 (line 3) ranked_game.json with its second round's scores spoilt: round 1, the error
    # at log[1][1], round 3
    assert [(d["game_number"], d["line"], d["kind"], d["round"]) for d in docs] == [
        (1, 1, "win", 1),
        (2, 2, "error", None),
        (3, 3, "win", 1),
        (3, 3, "error", 2),
        (3, 3, "win", 3),
    ]
    assert (docs[1]["path"], docs[1]["error"]) == (None, "<stdin>:2: not JSON: Expecting value at column 1")
    assert (docs[3]["path"], docs[3]["error"]) == (
        "log[1][1]",
        "<stdin>:3: round 2, log[1][1]: scores: a list of numbers expected",
    )
    assert result.exit_code == 1


def test_many_files_one_unreadable_the_rest_read(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(GAME[:300], encoding="utf-8")
    result = run(str(DATA / "chankan.json"), str(broken), str(tmp_path / "missing.json"), str(DATA / "rinshan.json"))
    # why: the file cut at 300 characters ends inside the JSON (line 1); the missing one cannot
    # be read; chankan.json and rinshan.json are checked (one agreeing win each)
    assert result.exit_code == 1
    assert result.stdout.count("  agree\n") == 2
    told = result.stderr.splitlines()
    assert told[0].startswith(f"{broken}: not JSON: ") and ", column " in told[0]
    assert told[1] == f"{tmp_path / 'missing.json'}: cannot read: No such file or directory"
    # why: four files, three games read (the missing file holds none), the broken one unreadable
    assert told[2] == (
        "3 games in 4 files: 2 rounds, 2 agree, 0 disagree, 0 not checked yet; 1 could not be read (a game or a round)"
    )


def _games(copies: int) -> str:
    """A file of one game per line: every stored log in turn, ``copies`` times."""
    logs = [one_line(p.name) for p in sorted(DATA.glob("*.json"))]
    return "".join(f"{log}\n" for _ in range(copies) for log in logs)


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_jobs_give_the_same_output_in_input_order(fmt: str) -> None:
    games = _games(2)  # why: 24 games are three chunks of 8 for two workers
    one = run("-", "--format", fmt, stdin=games)
    two = run("-", "--format", fmt, "--jobs", "2", stdin=games)
    # why: confusing_nakis_1 disagrees in each copy
    assert (one.exit_code, two.exit_code) == (1, 1)
    assert (two.stdout, two.stderr) == (one.stdout, one.stderr)
    if fmt == "json":
        # why: games 1 to 24 in order, ranked_game's three rounds in a row
        numbers = [d["game_number"] for d in documents(two)]
        assert numbers == sorted(numbers) and len(set(numbers)) == 24 and len(numbers) == 28


def test_a_win_mjscore_cannot_score_leaves_its_figures_blank() -> None:
    rinshan = json.loads((DATA / "rinshan.json").read_text("utf-8"))
    rinshan["rule"] = {"disp": "般南喰", "aka": 0}
    text = json.dumps(rinshan, ensure_ascii=False)
    # why: the rule field now says the lobby has no red fives (no 赤, aka 0), so the line gets
    # aka=off, yet the winner holds 53, the red 5s: mjscore refuses the line, the log's result
    # stands alone (player 3's mangan by tsumo: 2000 and 4000 from the dealer, player 1)
    (row,) = rows(run("-", "--format", "csv", stdin=text))
    assert (row["agree"], row["mjscore_han"], row["mjscore_delta_3"], row["log_delta_3"]) == ("no", "", "", "9000")
    assert row["problem"] == "a red five (0m, 0p, 0s) is written but aka=off says none exist"
    (doc,) = documents(run("-", "--format", "json", stdin=text))
    (result,) = doc["results"]
    assert (result["mjscore"], result["problem"], result["log"]["deltas"]) == (
        None,
        "a red five (0m, 0p, 0s) is written but aka=off says none exist",
        [-2000, -4000, -2000, 9000],
    )


def test_a_round_with_a_win_mjscore_cannot_score_sums_no_changes_of_its_own() -> None:
    double = json.loads((DATA / "double_ron.json").read_text("utf-8"))
    double["rule"] = {"disp": "般南喰", "aka": 0}
    (row,) = rows(run("-", "--format", "csv", stdin=json.dumps(double, ensure_ascii=False)))
    # why: without red fives player 0's hand (two red fives) cannot be scored, player 2's (none)
    # still can: each winner's figures are given where known, but mjscore's changes over the
    # round would be player 2's alone, not the round's, so they are left blank
    assert (row["winners"], row["mjscore_han"], row["log_han"]) == ("0;2", ";2", "6;2")
    assert [row[f"mjscore_delta_{p}"] for p in range(4)] == ["", "", "", ""]
    assert [row[f"log_delta_{p}"] for p in range(4)] == ["13000", "0", "2000", "-14000"]
