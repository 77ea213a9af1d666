"""``mjscore game`` with several games: several FILEs, a directory, or a games file (games
separated by '---' lines), replayed in input order, in this process or over ``--jobs``
workers; each record says which game it is, a game that stops at a line is told and the
others play."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tests.cli.game_cli import GAMES, documents, run

HEADER = "players=Aki,Ben,Chie,Dai\n"
WIN = "Ben: 234m567p345s66p67s+8s ron from=Dai\n"  # a non-dealer's 2 han 30 fu ron: 2000 from Dai
BAD = "Ben: 234m567p345s66p67s+8s ron from=Eve\n"  # "Eve" (column 37) is nobody
DRAW = "draw tenpai=Ben riichi=Ben\n"  # one ready: 1000 from each other to Ben, whose stick stays


def test_several_files_are_replayed_in_order_each_headed_by_where_it_is() -> None:
    names = [str(GAMES / "tenhou-east.txt"), str(GAMES / "sanma.txt")]
    alone = [run(name).stdout for name in names]
    result = run(*names)
    assert result.exit_code == 0
    # why: each game as it is alone, headed FILE:LINE: game N (the game's first line, its place in
    # its file), the two a blank line apart
    assert result.stdout == f"{names[0]}:1: game 1\n{alone[0]}\n{names[1]}:1: game 1\n{alone[1]}"
    # why: both play to their end (examples/games/README.md)
    assert result.stderr == "2 games in 2 files: 2 finished, 0 unfinished, 0 failed\n"


def test_a_directory_stands_for_its_game_files_by_name() -> None:
    by_name = sorted(str(p) for p in GAMES.glob("*.txt"))
    folder = run(str(GAMES))
    assert folder.exit_code == 0
    # why: README.md in the folder is no game file; the seven *.txt files (riichi, sanma, hana,
    # Baida, BABA's two) are replayed by name
    assert folder.stdout == run(*by_name).stdout
    assert [line for line in folder.stdout.splitlines() if line.endswith(":1: game 1")] == [
        f"{name}:1: game 1" for name in by_name
    ]
    assert len(by_name) == 7


def test_a_games_file_tells_a_game_that_stops_and_plays_the_others() -> None:
    third = "players=Eri,Fumi,Goro,Ichi\ndraw tenpai=Fumi\n"
    result = run("-", stdin=HEADER + WIN + "---\n" + HEADER + BAD + "---\n" + third)
    assert result.exit_code == 1  # why: a game stopped at a line
    told = result.stderr.splitlines()
    # why: game 1 (from line 1) is unfinished after one hand; game 2 stops at line 5, "Eve" at
    # column 37; game 3 (from line 7) is unfinished after its draw
    assert told[0].startswith("<stdin>:1: game 1: the game is unfinished: ")
    assert told[1] == (
        "<stdin>:5:37: 'Eve' is no player here (players: Aki, Ben, Chie, Dai; seats: E S W N) [game-unknown-player]"
    )
    assert told[2].startswith("<stdin>:7: game 3: the game is unfinished: ")
    assert told[3] == "3 games in 1 file: 0 finished, 2 unfinished, 1 failed"
    # why: the first and third games' standings are written; the second's hands are not
    assert result.stdout.count("standings so far") == 2
    assert "<stdin>:7: game 3\nA game of riichi" in result.stdout


def test_json_of_several_games_says_which_game_each_document_is() -> None:
    docs = documents(run("-", "--format", "json", stdin=HEADER + WIN + "---\n" + HEADER + BAD))
    # why: game 1's hand and standings, then game 2's error at line 5
    assert [(d["kind"], d["game_number"], d.get("line")) for d in docs] == [
        ("hand", 1, 2),
        ("standings", 1, None),
        ("error", 2, 5),
    ]
    assert {d["source"] for d in docs} == {"<stdin>"}


def test_one_game_is_written_as_before_with_no_game_number() -> None:
    # why: a file of one game (a separator after it makes no second game) is no run of several
    result = run("-", "--format", "json", stdin=HEADER + WIN + "---\n")
    assert [d.get("game_number", "none") for d in documents(result)] == ["none", "none"]
    assert result.stderr.startswith("<stdin>: the game is unfinished")  # why: as one game tells it


def test_csv_of_several_games_has_one_header_and_a_column_per_seat() -> None:
    result = run(str(GAMES / "sanma.txt"), "-", "--format", "csv", stdin=HEADER + WIN)
    assert result.exit_code == 0
    assert result.stdout.count("source,game_number,line,kind,") == 1  # why: one header row for all games
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    # why: sanma's ten hands and three places, then the game from standard input: a hand, four places
    assert [(r["kind"], r["game_number"]) for r in rows] == [("hand", "1")] * 10 + [("standing", "1")] * 3 + [
        ("hand", "1")
    ] + [("standing", "1")] * 4
    first = rows[0]
    # why: sanma's E1, Ben's tsumo with kita: Aki 2600, Chie 1300 (examples/games/README.md); the
    # players by their seat at the start, and no fourth player at three
    seats = [(first[f"player_{i}"], first[f"delta_{i}"], first[f"total_{i}"]) for i in range(1, 5)]
    assert seats == [("Aki", "-2600", "32400"), ("Ben", "3900", "38900"), ("Chie", "-1300", "33700"), ("", "", "")]
    # why: Ben's 2000 from Dai, Dai seated fourth
    last_hand = rows[13]
    assert (last_hand["source"], last_hand["player_4"], last_hand["delta_4"]) == ("<stdin>", "Dai", "-2000")


def _season(games: int) -> str:
    """A games file of ``games`` short games, each different (a draw's riichi stick on the last)."""
    return "---\n".join(HEADER + WIN * (i % 3 + 1) + (DRAW if i % 5 == 0 else "") for i in range(games))


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_jobs_give_the_same_output_in_input_order(fmt: str) -> None:
    season = _season(20)  # why: 20 games are three chunks of up to 8 for two workers
    one = run("-", "--format", fmt, stdin=season)
    two = run("-", "--format", fmt, "--jobs", "2", stdin=season)
    assert (one.exit_code, two.exit_code) == (0, 0)
    assert two.stdout == one.stdout
    assert two.stderr == one.stderr
    if fmt == "json":
        # why: games 1 to 20 in order, each a document per hand then its standings
        numbers = [d["game_number"] for d in documents(two) if d["kind"] == "standings"]
        assert numbers == list(range(1, 21))


def test_with_jobs_a_game_that_stops_is_told_at_its_line_in_the_file() -> None:
    result = run("-", "--jobs", "2", stdin=_season(12) + "---\n" + HEADER + BAD)
    assert result.exit_code == 1
    # why: game i holds the header, i % 3 + 1 wins and a draw when i % 5 == 0: 3 3 4 2 3 5 2 3 4 2 4 4,
    # 39 lines, 11 separators between them; then a separator and the header: the bad line is line 53
    assert "<stdin>:53:37: 'Eve' is no player here" in result.stderr
    assert result.stderr.endswith("13 games in 1 file: 0 finished, 12 unfinished, 1 failed\n")


def test_a_directory_without_game_files_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("players=Aki\n", encoding="utf-8")
    result = run(str(tmp_path))
    assert result.exit_code == 2
    assert "holds no game files (*.txt)" in result.stderr


def test_standard_input_is_read_once() -> None:
    result = run("-", "-", stdin=HEADER)
    assert result.exit_code == 2
    assert "standard input (-) can be read once only" in result.stderr
