"""``mjscore game`` on BABA games: the table for people, JSON (held to game.schema.json's BABA
documents) and CSV, and bad input told as ``file:line:col`` with exit 1. The example games'
numbers are worked out by hand in examples/games/README.md."""

from __future__ import annotations

import csv
import io

from tests.cli.test_game_cli import GAMES, documents, run

HEADER = "ruleset=baba players=Aki,Ben,Chie,Dai\n"
ONE = "(MNMNMN) NBNBNB dora=KB"  # WIN only: 1 KOBAN (a PON of 馬庭, three 番場: no shared kanji, no 橋場)


def _block(text: str, first: str) -> list[str]:
    """The lines of ``text`` from the one starting with ``first`` to the next blank line, each with
    its runs of blanks made one (a table's columns are as wide as tabulate makes them)."""
    lines = text.split(first, 1)[1].split("\n\n", 1)[0].splitlines()
    return [" ".join(line.split()) for line in (first + lines[0], *lines[1:])]


def test_the_expert_example_in_a_table_for_people() -> None:
    result = run(str(GAMES / "baba-expert.txt"))
    assert (result.exit_code, result.stderr) == (0, "")
    # why: the header: Expert rules, 8 KOBAN each, 2 OBABA, the options' defaults (docs/rules/baba.md §7)
    assert result.stdout.startswith(
        "A game of baba: BABA (Expert rules)\n"
        "  players in turn order: Aki, Ben, Chie, Dai; Aki deals first\n"
        "  start 8 KOBAN each, 2 OBABA in play\n"
        "  rules: obaba_reset=win, deal=next, debt=off, leftover_pot=lost\n"
    )
    # why: hand 11 (examples/games/README.md): Dai's 7 from Aki, who holds 1: pays it, the game ends
    assert _block(result.stdout, "hand 11,") == [
        "hand 11, pot 0, 2 OBABA in play (line 18): Ben deals",
        "Dai ron from Aki: 7 KOBAN (Aki held 1 of the 7 KOBAN owed)",
        "scored: baba:馬々馬々馬々馬羽馬羽馬羽 dora=馬羽 ron players=4",
        "paid: Aki pays Dai 1 (ron: all they hold, debt=off)",
        "Aki 0 (-1) Ben 10 Chie 15 Dai 7 (+1) | pot 0",
        "the deal passes to Chie",
        "the game ends: Aki has no KOBAN left",
    ]
    # why: the standings worked out by hand: most KOBAN first, nothing left in the pot
    assert _block(result.stdout, "final standings") == [
        "final standings (Aki has no KOBAN left; 11 hands)",
        "place player KOBAN pot final",
        "------- -------- ------- ----- -------",
        "1 Chie 15 0 15",
        "2 Ben 10 0 10",
        "3 Dai 7 0 7",
        "4 Aki 0 0 0",
        "no KOBAN left in the pot",
    ]


def test_the_beginner_example_gives_the_pot_left_to_first_place() -> None:
    result = run(str(GAMES / "baba-beginner.txt"))
    assert result.exit_code == 0
    # why: Chie's penalty leaves her none and the pot 1; leftover_pot=first: to Aki, first with 10
    assert result.stdout.endswith("1 KOBAN left in the pot: to Aki, first place\n")
    assert "1 Aki 10 1 11" in _block(result.stdout, "final standings")
    (standings,) = [
        d for d in documents(run(str(GAMES / "baba-beginner.txt"), "--format", "json")) if d["kind"] == "standings"
    ]
    assert standings["leftover_pot"] == {"count": 1, "to": ["Aki"]}
    game = standings["game"]
    assert isinstance(game, dict)
    # why: Beginner's table starts with 5 KOBAN; the header sets leftover_pot=first; players in turn order
    assert game["options"] == {
        "start": 5,
        "obaba": 2,
        "obaba_reset": "win",
        "deal": "next",
        "debt": False,
        "leftover_pot": "first",
    }
    assert (game["ruleset"], game["players"]) == ("baba-beginner", ["Aki", "Ben", "Chie"])


def test_json_says_each_hands_pot_and_obaba() -> None:
    docs = documents(run(str(GAMES / "baba-expert.txt"), "--format", "json"))
    hands = [d for d in docs if d["kind"] == "hand"]
    # why: examples/games/README.md: 2 OBABA, 3 after the draw of hand 3, back to 2 after hand 4's win,
    # then 3, 4 and still 4 after the draws of hands 7 to 9, 2 again after hand 10's win
    assert [h["obaba"] for h in hands] == [2, 2, 2, 3, 2, 2, 2, 3, 4, 4, 2]
    # why: Aki's penalty in hand 5 puts 1 in the pot, which Ben takes in hand 6
    assert [(h["pot"], h["pot_after"]) for h in hands[4:6]] == [(0, 1), (1, 0)]
    (win,) = hands[5]["wins"]
    assert isinstance(win, dict)
    # why: 3 KOBAN from Chie and the pot's 1
    assert (win["koban"], win["hand_value"], win["received"]) == (3, 3, 4)
    (last,) = hands[10]["wins"]
    assert isinstance(last, dict)
    # why: hand 11's 7 KOBAN from Aki, who holds 1: Dai receives 1 (debt=off), and the note says why
    assert (last["koban"], last["received"], last["note"]) == (7, 1, "Aki held 1 of the 7 KOBAN owed")


def test_csv_is_a_row_per_hand_then_a_row_per_place() -> None:
    result = run(str(GAMES / "baba-beginner.txt"), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["kind"] for r in rows] == ["hand"] * 10 + ["standing"] * 3
    # why: hand 5: Ben's tsumo with 3 OBABA in play and the pot's 1: 1 from Aki and Chie each
    fifth = rows[4]
    assert (fifth["pot"], fifth["obaba"], fifth["winners"], fifth["hand_value"]) == ("1", "3", "Ben", "2")
    assert (fifth["delta_Aki"], fifth["delta_Ben"], fifth["delta_Chie"], fifth["pot_after"]) == ("-1", "3", "-1", "0")
    assert (rows[10]["place"], rows[10]["player"], rows[10]["koban"], rows[10]["leftover"], rows[10]["final"]) == (
        "1",
        "Aki",
        "10",
        "1",
        "11",
    )


def test_an_unfinished_game_says_what_the_next_hand_would_be() -> None:
    result = run("-", stdin=HEADER + f"Ben: {ONE} tsumo\nchombo Dai\n")
    assert result.exit_code == 0
    # why: after Ben's win the deal passes to Ben; Dai's penalty leaves 1 KOBAN in the pot
    assert result.stderr == (
        "<stdin>: the game is unfinished: the file ends before the game does; next: hand 3, Ben deals, pot 1, "
        "2 OBABA in play\n"
    )
    assert "1 KOBAN left in the pot: still in the pot" in result.stdout


def test_a_hand_over_the_obaba_in_play_stops_the_game_at_the_card() -> None:
    result = run("-", stdin=HEADER + f"Ben: {ONE} tsumo\nChie: MBMBOO BRO tsumo\n")
    assert result.exit_code == 1
    assert "hand 1," in result.stdout and "standings" not in result.stdout
    # why: 2 OBABA in play; the third stands at column 16 ("Chie: " is 6 wide, MBMBOO BRO)
    assert result.stderr == (
        "<stdin>:3:16: 3 OBABA, but 2 are in play this hand (2 to start with; no hand with no result has "
        "added one) [too-many-obaba]\n"
    )


def test_a_stated_pot_that_differs_shows_both_values() -> None:
    result = run("-", stdin=HEADER + "chombo Ben\n" + f"Aki: {ONE} ron from=Ben pot=0\n")
    assert result.exit_code == 1
    # why: Ben's penalty put 1 in the pot; pot=0's value at column 47 ("Aki: " 5, the hand 23, " ron from=Ben pot=" 18)
    assert result.stderr == (
        "<stdin>:3:47: pot=0, but the ledger has pot=1 here (hand 2, Aki deals, pot 1, 2 OBABA in play) "
        "[game-ledger-mismatch]\n"
    )


def test_lines_and_headers_baba_has_not_are_told_where() -> None:
    result = run("-", stdin=HEADER + "abort\n")
    # why: no abortive draw in BABA: the line as a whole
    assert (result.exit_code, result.stderr.split(": ")[0]) == (1, "<stdin>:2:1")
    assert result.stderr.endswith("[game-abort]\n")
    result = run("-", stdin="ruleset=baba-beginner players=Aki,Ben uma=10,-10\n")
    # why: two names (players='s value at column 31); BABA has no uma (uma='s value at column 43)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == ["<stdin>:1:31", "<stdin>:1:43"]
    assert lines[0].endswith("this rule set is played by 3 or 4, seated E S W N from the first dealer [game-players]")
    assert lines[1].endswith("[game-header-conflict]")
