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
    # why: the round as a line of a game file, both winners on player 3's (多井隆晴's, the log's
    # fourth name) discard, and the two hands the ledger scored; player 0's own riichi stick, put
    # down this round, is left out of the log's changes as the ledger pays it: 13000 - 1000, and
    # the ledger's agree
    assert doc["rebuilt"].count("ron from=多井隆晴") == 2 and len(doc["scored"]) == 2
    assert doc["log_deltas"] == doc["mjscore_deltas"] == [12000, 0, 2000, -14000]
    assert doc["problem"] is None


def test_csv_is_a_row_per_round_each_winner_joined_and_each_player_as_the_ledger_pays() -> None:
    names = ("double_ron.json", "confusing_nakis_1.json", "ryukyoku.json")
    result = run(*(str(DATA / name) for name in names), "--format", "csv")
    double, disagreeing, draw = rows(result)
    # why: two winners, 0 then 2, their figures joined by ';' (the log writes no fu for the
    # haneman: blank), yaku sorted by name; player 3 paid 12000 + 2000, player 0's 13000 less
    # the riichi stick put down this round (the ledger pays it: +1000 back, -1000 put down)
    assert (double["winners"], double["log_han"], double["log_fu"], double["mjscore_fu"]) == (
        "0;2",
        "6;2",
        ";30",
        "40;30",
    )
    assert double["log_yaku"] == "dora 3, red-five 2, riichi 1;dora 1, green-dragon 1"
    assert [double[f"log_delta_{p}"] for p in range(4)] == ["12000", "0", "2000", "-14000"]
    assert [double[f"mjscore_delta_{p}"] for p in range(4)] == ["12000", "0", "2000", "-14000"]
    # why: one game-file line for the round; the ledger scored two hand lines, ';' between
    assert double["scored"].count(";") == 1 and double["agree"] == "yes" and double["problem"] == ""
    # why: confusing_nakis_1's known disagreement (test_tenhou_log): mjscore pays the winner
    # player 2's riichi stick, the log does not
    assert (disagreeing["agree"], disagreeing["mjscore_delta_0"], disagreeing["log_delta_0"]) == ("no", "2600", "1600")
    assert disagreeing["problem"] == "the point changes differ; Aさん's win differs"
    # why: ryukyoku.json is an exhaustive draw, East and South ready: no winner, the 3000 no-ten
    # payment split 1500 each way, as the log has it: agree
    assert (draw["kind"], draw["result"], draw["agree"], draw["winners"], draw["log_han"]) == (
        "draw",
        "流局",
        "yes",
        "",
        "",
    )
    assert [draw[f"log_delta_{p}"] for p in range(4)] == ["1500", "1500", "-1500", "-1500"]
    # why: one header row, whatever the number of files
    assert result.stdout.count("source,game_number,line,round,") == 1


def test_a_directory_stands_for_its_logs_by_name() -> None:
    result = run(str(DATA))
    # why: SOURCE.md and the games/ folder are no logs of the directory itself; its eighteen
    # *.json files are read by name: 20 rounds (ranked_game has three), each checked, draws and
    # abortive draws included; confusing_nakis_1 alone disagrees
    assert result.exit_code == 1
    assert result.stdout == run(*sorted(str(p) for p in DATA.glob("*.json"))).stdout
    assert result.stderr == (
        "18 games in 18 files: 20 rounds, 19 agree, 1 disagree; 0 could not be read (a game or a round)\n"
    )


def test_a_directory_without_logs_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("{}", encoding="utf-8")
    result = run(str(tmp_path))
    assert result.exit_code == 2
    assert "holds no logs (*.json, *.jsonl, *.mjlog, *.xml)" in result.stderr


GAME = one_line("rinshan.json")


def test_a_bad_line_of_a_file_of_games_is_told_and_the_others_checked() -> None:
    result = run("-", stdin=f"{GAME}\nnope\n\n{GAME}\n")
    # why: lines 1 and 4 are games (rinshan.json's one win, agreeing), named by their line; line 2
    # is not JSON (n starts no value: column 1); line 3 is blank
    assert result.exit_code == 1
    opening = [line for line in result.stdout.splitlines() if line.endswith("replayed by the ledger")]
    assert [line.split(": ", 1)[0] for line in opening] == ["<stdin>:1", "<stdin>:4"]
    assert result.stderr == (
        "<stdin>:2: not JSON: Expecting value at column 1\n"
        "3 games in 1 file: 2 rounds, 2 agree, 0 disagree; 1 could not be read (a game or a round)\n"
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
    assert result.stdout.count("): agree\n") == 2
    told = result.stderr.splitlines()
    assert told[0].startswith(f"{broken}: not JSON: ") and ", column " in told[0]
    assert told[1] == f"{tmp_path / 'missing.json'}: cannot read: No such file or directory"
    # why: four files, three games read (the missing file holds none), the broken one unreadable
    assert told[2] == ("3 games in 4 files: 2 rounds, 2 agree, 0 disagree; 1 could not be read (a game or a round)")


def _games(copies: int) -> str:
    """A file of one game per line: every stored log in turn, ``copies`` times."""
    logs = [one_line(p.name) for p in sorted(DATA.glob("*.json"))]
    return "".join(f"{log}\n" for _ in range(copies) for log in logs)


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_jobs_give_the_same_output_in_input_order(fmt: str) -> None:
    games = _games(2)  # why: 36 games are five chunks of 8 (the last of 4) for two workers
    one = run("-", "--format", fmt, stdin=games)
    two = run("-", "--format", fmt, "--jobs", "2", stdin=games)
    # why: confusing_nakis_1 disagrees in each copy
    assert (one.exit_code, two.exit_code) == (1, 1)
    assert (two.stdout, two.stderr) == (one.stdout, one.stderr)
    if fmt == "json":
        # why: games 1 to 36 in order (18 stored logs twice), ranked_game's three rounds in a row
        numbers = [d["game_number"] for d in documents(two)]
        assert numbers == sorted(numbers) and len(set(numbers)) == 36 and len(numbers) == 40


def test_a_round_the_ledger_cannot_play_leaves_its_figures_blank() -> None:
    rinshan = json.loads((DATA / "rinshan.json").read_text("utf-8"))
    rinshan["log"][0][1] = [29300, 2700, 67500, 500]
    text = json.dumps(rinshan, ensure_ascii=False)
    # why: player 3 (Dさん) now holds 500 points, and declares riichi (r in the discards): the
    # ledger refuses it (a riichi needs 1000), so it plays nothing of the round and mjscore's
    # figures are blank; the log's result stands alone (player 3's mangan by tsumo: 2000 and
    # 4000 from the dealer, player 1; 9000 with the stick, less the stick put down this round)
    (row,) = rows(run("-", "--format", "csv", stdin=text))
    assert (row["agree"], row["mjscore_han"], row["mjscore_delta_3"], row["log_delta_3"]) == ("no", "", "", "8000")
    assert (row["winners"], row["log_han"], row["scored"]) == ("3", "5", "")
    assert "Dさん has 500 points: a riichi needs 1000" in row["problem"]
    (doc,) = documents(run("-", "--format", "json", stdin=text))
    (result,) = doc["results"]
    deltas = [-2000, -4000, -2000, 9000]
    assert (doc["mjscore_deltas"], result["mjscore"], result["log"]["deltas"]) == (None, None, deltas)
    assert result["problem"] == doc["problem"]


def test_game_files_take_the_same_inputs() -> None:
    result = run("--game-file", "-", stdin=f"{GAME}\nnope\n{GAME}\n")
    # why: lines 1 and 3 are rinshan.json: two game files, '---' between them (a games file),
    # each opening with the comment that names its game by its line; line 2 is not JSON, told
    assert result.exit_code == 1
    assert result.stdout.count("\n---\n") == 1
    opening = [line for line in result.stdout.splitlines() if line.startswith("# ")]
    assert opening == ["# <stdin>:1, rebuilt by mjscore log", "# <stdin>:3, rebuilt by mjscore log"]
    assert result.stderr == "<stdin>:2: not JSON: Expecting value at column 1\n"
    # why: a game file is no table, JSON or CSV
    assert run("--game-file", "--format", "json", "-", stdin=GAME).exit_code == 2
