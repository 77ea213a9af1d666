"""``mjscore game``: its three formats, its exit codes and what it tells on stderr; every JSON
document it writes is held to mjscore/data/game.schema.json."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from mjscore.cli import main
from mjscore.game.ledger import Played
from tests.cli.game_cli import GAMES, SCHEMA, documents, run

HEADER = "players=Aki,Ben,Chie,Dai\n"
WIN = "Ben: 234m567p345s66p67s+8s ron from=Dai\n"  # a non-dealer's 2 han 30 fu ron: 2000


def test_the_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("name", sorted(p.name for p in GAMES.glob("*.txt")))
def test_every_example_game_document_follows_the_schema(name: str) -> None:
    result = run(str(GAMES / name), "--format", "json")
    assert result.exit_code == 0
    docs = documents(result)
    # why: one document per hand line, then one for the standings
    assert [d["kind"] for d in docs][-1] == "standings"
    assert all(d["kind"] == "hand" for d in docs[:-1])


def test_a_resumed_game_says_where_it_resumed_in_its_standings_document() -> None:
    # why: the README's resumed game: South 2 with one honba (Ben, the second player, deals),
    # one stick on the table, 29300 + 2700 + 48500 + 18500 + 1000 = 100000. The standings'
    # game (held to the schema by ``documents``) gives the header's three items; the first hand
    # starts there
    resumed = HEADER + "resume=S2-1 sticks=1 points=29300,2700,48500,18500\n" + WIN
    hand = documents(run("-", "--format", "json", stdin=resumed))[0]
    assert (hand["hand"], hand["dealer"], hand["honba"], hand["sticks"]) == ("S2", "Ben", 1, 1)
    assert _standings_game(resumed)["resume"] == {
        "hand": "S2",
        "honba": 1,
        "sticks": 1,
        "points": {"Aki": 29300, "Ben": 2700, "Chie": 48500, "Dai": 18500},
    }
    # why: points= alone resumes at the start's hand, E1 with no honba (docs/notation.md §7)
    assert _standings_game(HEADER + "sticks=1 points=24000,25000,25000,25000\n" + WIN)["resume"] == {
        "hand": "E1",
        "honba": 0,
        "sticks": 1,
        "points": {"Aki": 24000, "Ben": 25000, "Chie": 25000, "Dai": 25000},
    }
    # why: a game that starts at its start has no resume (its documents are as they always were)
    assert "resume" not in _standings_game(HEADER + WIN)


def _standings_game(game_file: str) -> dict[str, object]:
    """The "game" of the standings document ``mjscore game --format json`` writes for a game file."""
    (standings,) = [d for d in documents(run("-", "--format", "json", stdin=game_file)) if d["kind"] == "standings"]
    game = standings["game"]
    assert isinstance(game, dict)
    return game


def test_a_finished_game_exits_0_and_says_nothing_on_stderr(tmp_path: Path) -> None:
    result = run(str(GAMES / "tenhou-east.txt"))
    assert (result.exit_code, result.stderr) == (0, "")
    # why: the game stops after Dai, the last dealer, wins in first place (examples/games/README.md)
    assert "final standings (the last dealer, Dai, is first and stops (last_hand=stops); 5 hands)" in result.stdout
    assert "1        Dai          35100         0  +20000  +20000   +45100" in result.stdout


def test_an_unfinished_game_prints_the_standings_so_far_and_says_so() -> None:
    result = run("-", stdin=HEADER + WIN)
    assert result.exit_code == 0  # why: a game typed so far is no error (README, "Whole games")
    assert "standings so far: the game is unfinished" in result.stdout
    # why: after Ben's 2000 from Dai the deal passes to Ben (E2), honba 0
    assert result.stderr == (
        "<stdin>: the game is unfinished: the file ends before the game does; "
        "next: E2, Ben deals, honba 0, 0 riichi sticks on the table\n"
    )
    (standings,) = [d for d in documents(run("-", "--format", "json", stdin=HEADER + WIN)) if d["kind"] == "standings"]
    assert standings["finished"] is False


def test_a_hand_that_cannot_be_scored_stops_the_game_with_every_problem() -> None:
    bad = "Chie: 234m567p345s66p67s+8s ron from=Eve tsmo\n"
    result = run("-", stdin=HEADER + WIN + bad + WIN)
    assert result.exit_code == 1
    # why: the first hand is written out before the third line stops the game; no standings follow
    assert "E1, honba 0" in result.stdout
    assert "standings" not in result.stdout
    # why: "from=Eve" names nobody (its value at column 38), "tsmo" is no word (column 42): both told
    first, second = result.stderr.splitlines()
    assert first == (
        "<stdin>:3:38: 'Eve' is no player here (players: Aki, Ben, Chie, Dai; seats: E S W N) [game-unknown-player]"
    )
    assert second.startswith("<stdin>:3:42: unknown word 'tsmo'; did you mean 'tsumo'?")
    assert second.endswith("[unknown-word]")


def test_the_json_of_a_stopped_game_ends_with_the_line_that_stopped_it() -> None:
    result = run("-", "--format", "json", stdin=HEADER + WIN + "Eve: 234m567p345s66p67s+8s tsumo\n")
    assert result.exit_code == 1
    docs = documents(result)
    assert [d["kind"] for d in docs] == ["hand", "error"]
    # why: the winner's name, at the line's first column, is nobody's
    assert docs[1]["line"] == 3
    assert [(e["code"], e["col"]) for e in docs[1]["errors"]] == [("game-unknown-player", 1)]


def test_a_header_that_cannot_be_read_is_told_before_any_hand() -> None:
    result = run("-", stdin="players=Aki,Ben,Chie uma=10,0,0,-20\n" + WIN)
    assert result.exit_code == 1
    assert result.stdout == ""
    # why: three names for four seats (players= value, column 9); an uma of 10 + 0 + 0 - 20 = -10 (column 26)
    assert [line.split(": ", 1)[0] for line in result.stderr.splitlines()] == ["<stdin>:1:9", "<stdin>:1:26"]
    assert "[game-players]" in result.stderr and "[game-header-conflict]" in result.stderr


def test_a_file_that_cannot_be_read_is_a_usage_error(tmp_path: Path) -> None:
    result = run(str(tmp_path / "missing.txt"))
    assert result.exit_code == 2
    assert "cannot read" in result.stderr and "FILE" in result.stderr


def test_csv_is_a_row_per_hand_then_a_row_per_place() -> None:
    result = run(str(GAMES / "sanma.txt"), "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    # why: ten hand lines, then three players' places
    assert [r["kind"] for r in rows] == ["hand"] * 10 + ["standing"] * 3
    # why: E1, Ben's tsumo with kita: Aki 2600, Chie 1300 (examples/games/README.md)
    first = rows[0]
    assert (first["delta_Aki"], first["delta_Ben"], first["delta_Chie"]) == ("-2600", "3900", "-1300")
    assert (first["total_Aki"], first["total_Ben"], first["total_Chie"]) == ("32400", "38900", "33700")
    # why: Ben first with 43800: 8800 over the target and +20000 uma
    assert (rows[10]["place"], rows[10]["player"], rows[10]["final"]) == ("1", "Ben", "28800")


def test_csv_tells_a_header_problem_in_a_row_of_its_own() -> None:
    result = run("-", "--format", "csv", stdin="players=Aki,Ben,Chie\n")
    assert result.exit_code == 1
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    # why: three names where riichi seats four: refused with a code of its own, at players='s value (column 9)
    assert [(r["kind"], r["error_code"], r["error_col"]) for r in rows] == [("error", "game-players", "9")]


def test_a_ledger_that_no_longer_adds_up_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's side of the ledger's zero-sum check (``zero_sum`` itself: tests/unit/test_game_ledger.py).
    The replay is replaced where the command imports it: a compiled ledger cannot be patched inside."""
    from mjscore.game import replay
    from mjscore.game.ledger import LedgerBroken

    real = replay.Replay

    class Broken:  # not a subclass: a Python class cannot derive from a compiled one
        def __init__(self, lines: Iterable[str]) -> None:
            self.header = real(lines).header

        def hands(self) -> Iterator[Played]:
            raise LedgerBroken("internal error: after line 2 the points ... please report this with the game file")

    monkeypatch.setattr(replay, "Replay", Broken)
    result = run("-", stdin=HEADER + WIN)
    # why: EX_SOFTWARE (sysexits.h): the program, not the input, is wrong; the message says so
    assert result.exit_code == 70
    assert (
        result.stderr == "mjscore: internal error: after line 2 the points ... please report this with the game file\n"
    )


def test_a_line_that_is_not_utf8_stops_the_game_at_its_first_bad_byte() -> None:
    result = CliRunner().invoke(main, ["game", "-"], input=HEADER.encode() + b"Ben: 234m\xff ron\n")
    assert result.exit_code == 1
    # why: the byte 0xff is the 10th character of line 2
    assert result.stderr.startswith("<stdin>:2:10: not UTF-8 text: byte 0xff")
