"""``mjscore game`` for hana and Baida: the chips column of a hana game of variant=3 in the table,
the CSV and the JSON; Baida's table without honba, sticks, oka or uma; a line that stops either
game told as file:line:col, exit 1. The numbers are examples/games/README.md's, worked out by hand."""

from __future__ import annotations

import csv
import io
import json

from tests.cli.game_cli import GAMES, VALIDATOR, run


def test_a_hana_game_of_variant_3_shows_its_chips_beside_the_points() -> None:
    result = run(str(GAMES / "hana-flowers.txt"))
    assert (result.exit_code, result.stderr) == (0, "")
    lines = result.stdout.splitlines()
    assert lines[0] == "A game of hana: Hana (riichi with flower tiles)"  # why: hana has no presets
    assert (
        "  chips: each flower earns its holder 1 chip from every other player (variant=3), kept beside the points"
        in lines
    )
    # why: line 9, Aki's 3g: 1 chip from each other player
    assert "  chips paid: each other player pays Aki 1 (1 flower(s): 1 chip each)" in lines
    assert "  chips: Aki 3 (+3)  Ben -1 (-1)  Chie -1 (-1)  Dai -1 (-1)" in lines
    # why: the standings (README): Dai first, 28300 - 25000 + 25000, chips -5; no chip converted
    first = lines[lines.index(next(x for x in lines if x.startswith("place"))) + 2]
    assert first.split() == ["1", "Dai", "28300", "0", "0", "+25000", "+28300", "-5"]
    assert lines[-1] == "the chips are kept beside the final score: no chip is converted to points"


def test_the_csv_of_a_hana_game_of_variant_3_has_chip_columns() -> None:
    result = run(str(GAMES / "hana-flowers.txt"), "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    # why: line 10, Ben's 1f and Dai's 2g: Ben and Dai +2, Aki and Chie -2 (totals 1, 1, -3, 1)
    second = rows[1]
    found = [(second[f"chip_delta_{p}"], second[f"chip_total_{p}"]) for p in ("Aki", "Ben", "Chie", "Dai")]
    assert found == [("-2", "1"), ("2", "1"), ("-2", "-3"), ("2", "1")]
    # why: the places carry each player's chips at the end: Dai -5, Ben -1, Chie -1, Aki 7
    assert [(r["player"], r["chips"]) for r in rows if r["kind"] == "standing"] == [
        ("Dai", "-5"),
        ("Ben", "-1"),
        ("Chie", "-1"),
        ("Aki", "7"),
    ]


def test_a_game_without_chips_has_no_chip_column() -> None:
    # why: riichi's CSV is as it was (and a hana game of variant 1 keeps no chips)
    for header in ("players=Aki,Ben,Chie,Dai", "ruleset=hana players=Aki,Ben,Chie,Dai"):
        result = run("-", "--format", "csv", stdin=f"{header}\ndraw\n")
        assert "chip" not in result.stdout.splitlines()[0]
        docs = [json.loads(x) for x in run("-", "--format", "json", stdin=f"{header}\ndraw\n").stdout.splitlines()]
        assert "chips" not in docs[0] and "chips" not in docs[1]["standings"][0]


def test_a_baida_game_has_no_honba_sticks_oka_or_uma() -> None:
    result = run(str(GAMES / "baida.txt"))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    # why: its rules are Baida's own (docs/rules/baida.md §9), length=east from the header
    assert lines[:4] == [
        "A game of baida: Baida (wild-tile mahjong, points table)",
        "  players: Aki (E), Ben (S), Chie (W), Dai (N); Aki deals first",
        "  start 0, east",
        "  rules: repeat_win=on, repeat_draw=always",
    ]
    # why: line 9, Ben's 70-point tsumo; line 10, a draw that pays nothing
    assert "E1 (line 9): Aki deals" in lines
    assert "  Ben (S) tsumo: hand total 70" in lines
    assert "  draw: nobody won, nothing is paid" in lines
    header = next(x for x in lines if x.startswith("place"))
    assert header.split() == ["place", "player", "points", "final"]
    assert lines[-1].split() == ["4", "Dai", "-198", "-198"]  # why: last, -198 from 0, and no line of sticks after


def test_a_baida_game_document_follows_the_schema() -> None:
    result = run(str(GAMES / "baida.txt"), "--format", "json")
    docs = [json.loads(line) for line in result.stdout.splitlines()]
    for doc in docs:
        VALIDATOR.validate(doc)
    game = docs[-1]["game"]
    # why: Baida has no presets and no uma; its options are its own
    assert (game["preset"], game["uma"]) == (None, [])
    assert game["options"] == {"start": 0, "length": "east", "repeat_win": True, "repeat_draw": "always"}


def test_a_line_that_stops_a_hana_game_is_told_where() -> None:
    stdin = "ruleset=hana variant=3 players=Aki,Ben,Chie,Dai\ndraw aside=Ben:5f\n"
    result = run("-", stdin=stdin)
    assert result.exit_code == 1
    # why: "draw aside=Ben:" is 15 characters: 5f, no flower, at column 16
    assert result.stderr.startswith("<stdin>:2:16: '5f' is no list of flowers")
    assert result.stderr.rstrip().endswith("[bad-value]")


def test_a_line_that_stops_a_baida_game_is_told_where() -> None:
    line = "Ben: 123m456p789s11z22z+2z baida=5p ron from=Dai & Chie: 123m456p789s11z22z+2z baida=5p ron from=Dai"
    result = run("-", stdin=f"ruleset=baida players=Aki,Ben,Chie,Dai\n{line}\n")
    assert result.exit_code == 1
    # why: the second winner's name stands at column 52: a discard pays one winner
    assert result.stderr.startswith("<stdin>:2:52: a discard pays one winner in Baida")
    assert result.stderr.rstrip().endswith("[game-several-winners]")
    assert "standings" not in result.stdout
