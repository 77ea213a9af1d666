"""``mjscore game`` with several games of every rule set: a games file of two games of one rule
set plays both, in order; a games file mixing every rule set gives the same output over two
workers as in one process; its CSV has one header row whose columns by seat carry each rule
set's values (hana's chips, BABA's pot, OBABA and KOBAN); its JSON documents each say which game
they are. Every number is worked out by hand in the ``# why:`` beside it (the short games are
grammar/conformance/game-accept.txt's, where each is worked out too)."""

from __future__ import annotations

import csv
import io
from typing import NamedTuple

import pytest

from tests.cli.game_cli import documents, run


class TwoGames(NamedTuple):
    first: str  # a game file's lines
    second: str
    points: tuple[dict[str, int], dict[str, int]]  # each game's points (BABA: KOBAN) at its end


TWO_GAMES = {
    "riichi": TwoGames(
        "players=Aki,Ben,Chie,Dai\nBen: 234m567p345s66p67s+8s ron from=Dai\n",
        "players=Eri,Fumi,Goro,Ichi\ndraw tenpai=Fumi\n",
        (
            # why: a non-dealer's 2 han 30 fu ron, 4 x 480 = 1920: 2000 from Dai
            {"Aki": 25000, "Ben": 27000, "Chie": 25000, "Dai": 23000},
            # why: one ready at four: 1000 from each of the three others
            {"Eri": 24000, "Fumi": 28000, "Goro": 24000, "Ichi": 24000},
        ),
    ),
    "sanma": TwoGames(
        "ruleset=sanma players=Aki,Ben,Chie\nChie: 234p567p345s66p67s+8s ron from=Aki\n",
        "ruleset=sanma players=Eri,Fumi,Goro\nFumi: 234p567p345s66p67s+8s ron from=Goro\n",
        (
            # why: 35000 each (sanma's default preset); a non-dealer's 2 han 30 fu ron, 2000
            {"Aki": 33000, "Ben": 35000, "Chie": 37000},
            {"Eri": 35000, "Fumi": 37000, "Goro": 33000},
        ),
    ),
    "hana": TwoGames(
        "ruleset=hana variant=3 players=Aki,Ben,Chie,Dai\nBen: 234m567p345s66p67s+8s 1f tsumo aside=Dai:2g\n",
        "ruleset=hana variant=3 players=Eri,Fumi,Goro,Ichi\ndraw tenpai=Fumi aside=Eri:1f\n",
        (
            # why: a non-dealer's 3 han 20 fu tsumo: 1300 from the dealer Aki, 700 from each other
            # (the flowers of variant 3 change no score)
            {"Aki": 23700, "Ben": 27700, "Chie": 24300, "Dai": 24300},
            # why: one ready: 1000 from each of the three others
            {"Eri": 24000, "Fumi": 28000, "Goro": 24000, "Ichi": 24000},
        ),
    ),
    "baida": TwoGames(
        "ruleset=baida players=Aki,Ben,Chie,Dai\nBen: baida:123m456p789s11z22z+2z baida=5p ron from=Dai\n",
        "ruleset=baida players=Eri,Fumi,Goro,Ichi\nGoro: baida:123m456p789s11z22z+2z baida=5p ron from=Eri\ndraw\n",
        (
            # why: no pattern and the Baida 5p and 6p held: the chicken hand, 1 point, twice from Dai
            {"Aki": 0, "Ben": 2, "Chie": 0, "Dai": -2},
            # why: the same hand, twice from Eri; the draw pays nothing
            {"Eri": -2, "Fumi": 0, "Goro": 2, "Ichi": 0},
        ),
    ),
    "baba": TwoGames(
        "ruleset=baba players=Aki,Ben,Chie,Dai\nBen: MNMNMN NBNBNB dora=KB tsumo\n",
        "ruleset=baba players=Aki,Ben,Chie,Dai\nchombo Dai\ndraw pot=1\nAki: MBMBOO BRO tsumo pot=1 obaba=3\n",
        (
            # why: 8 KOBAN each; WIN 1 and Menzen 1: 2 from each of the three others
            {"Aki": 6, "Ben": 14, "Chie": 6, "Dai": 6},
            # why: Dai's KOBAN into the pot; after the draw 3 OBABA in play; Aki's WIN 1, Menzen 1,
            # Hon-itsu 1: 3 from each other player, and the pot's 1
            {"Aki": 18, "Ben": 5, "Chie": 5, "Dai": 4},
        ),
    ),
    "baba-beginner": TwoGames(
        "ruleset=baba-beginner players=Aki,Ben,Chie\nChie: 馬馬馬場場場 dora=馬 ron from=aki\n",
        "ruleset=baba-beginner players=Eri,Fumi,Goro\nGoro: 馬馬馬場場場 dora=馬 ron from=Fumi\n",
        (
            # why: 5 KOBAN each; WIN 1 and DORAYAKI 3 (the three 馬々): 4 from the discarder
            {"Aki": 1, "Ben": 5, "Chie": 9},
            {"Eri": 5, "Fumi": 1, "Goro": 9},
        ),
    ),
}
SEPARATOR = "---\n"


def _points(doc: dict[str, object]) -> dict[str, int]:
    """Each player's points (BABA: KOBAN) at the end, from a standings document."""
    rows = doc["standings"]
    assert isinstance(rows, list)
    return {row["player"]: row.get("points", row.get("koban")) for row in rows}


@pytest.mark.parametrize("ruleset", list(TWO_GAMES))
def test_a_games_file_of_two_games_plays_both_in_order(ruleset: str) -> None:
    games = TWO_GAMES[ruleset]
    text = games.first + SEPARATOR + games.second
    second_line = games.first.count("\n") + 2  # why: after the first game's lines and the separator
    table = run("-", stdin=text)
    assert table.exit_code == 0  # why: both play; neither is finished, which stderr says
    # why: each game headed by its first line and its place, the first game first
    assert table.stdout.index("<stdin>:1: game 1\n") < table.stdout.index(f"<stdin>:{second_line}: game 2\n")
    assert table.stderr.endswith("2 games in 1 file: 0 finished, 2 unfinished, 0 failed\n")
    standings = [d for d in documents(run("-", "--format", "json", stdin=text)) if d["kind"] == "standings"]
    assert [d["game_number"] for d in standings] == [1, 2]
    assert (_points(standings[0]), _points(standings[1])) == games.points


def _ruleset(doc: dict[str, object]) -> object:
    game = doc["game"]
    assert isinstance(game, dict)
    return game["ruleset"]


def _season() -> str:
    """A games file of every rule set's two games, one after another (12 games)."""
    return SEPARATOR.join(text for games in TWO_GAMES.values() for text in (games.first, games.second))


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_jobs_2_write_what_jobs_1_write_for_games_of_every_rule_set(fmt: str) -> None:
    one = run("-", "--format", fmt, stdin=_season())
    two = run("-", "--format", fmt, "--jobs", "2", stdin=_season())
    assert (one.exit_code, two.exit_code) == (0, 0)
    # why: twelve games are two chunks of up to eight, one for each worker; the output is in input
    # order whoever replayed each game
    assert two.stdout == one.stdout
    assert two.stderr == one.stderr
    assert one.stderr.endswith("12 games in 1 file: 0 finished, 12 unfinished, 0 failed\n")


def test_json_of_games_of_every_rule_set_says_which_game_each_document_is() -> None:
    docs = documents(run("-", "--format", "json", stdin=_season()))  # why: each one valid, BABA's too
    standings = [d for d in docs if d["kind"] == "standings"]
    assert [d["game_number"] for d in standings] == list(range(1, 13))
    # why: the rule sets in the order the file holds them, two games each
    assert [_ruleset(d) for d in standings] == [r for r in TWO_GAMES for _ in range(2)]
    assert all("game_number" in d for d in docs)


def test_the_csv_of_games_of_every_rule_set_has_each_ones_columns_by_seat() -> None:
    result = run("-", "--format", "csv", stdin=_season())
    header = result.stdout.splitlines()[0]
    assert result.stdout.count(header) == 1  # why: one header row for all twelve games
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    hands = {(r["game_number"], r["line"]): r for r in rows if r["kind"] == "hand"}
    # why: game 5, hana, line 2 of its file (the fifth game starts after four games of two lines
    # and four separators: line 13, its hand line 14): Ben's 1f earns 1 chip from each other player,
    # Dai's 2g aside likewise: Aki -2, Ben +2, Chie -2, Dai +2, by seat at the start
    hana = hands[("5", "14")]
    chips = [(hana[f"chip_delta_{i}"], hana[f"chip_total_{i}"]) for i in range(1, 5)]
    assert chips == [("-2", "-2"), ("2", "2"), ("-2", "-2"), ("2", "2")]
    assert (hana["player_2"], hana["delta_2"], hana["total_2"]) == ("Ben", "2700", "27700")  # why: as above
    # why: game 10, BABA's second, starts at line 29 (nine games' lines before it, 2+2+2+2+2+2+2+3+2
    # = 19, and nine separators), its penalty line 30: Dai's KOBAN into the pot; 2 OBABA in play,
    # the pot 0 before it
    penalty = hands[("10", "30")]
    assert (penalty["pot"], penalty["obaba"], penalty["offender"], penalty["pot_after"]) == ("0", "2", "Dai", "1")
    assert (penalty["player_4"], penalty["delta_4"], penalty["total_4"]) == ("Dai", "-1", "7")
    # why: riichi's columns are empty on a BABA row, BABA's on a riichi row, chips on both
    assert (penalty["honba"], penalty["sticks"], penalty["chip_delta_1"]) == ("", "", "")
    riichi = hands[("1", "2")]
    assert (riichi["pot"], riichi["obaba"], riichi["sticks_after"], riichi["chip_delta_1"]) == ("", "", "0", "")
    # why: BABA's places carry their KOBAN (game 10: Aki 18), riichi's their points
    first_places = {r["game_number"]: r for r in rows if r["kind"] == "standing" and r["place"] == "1"}
    assert [first_places["10"][c] for c in ("player", "koban", "points")] == ["Aki", "18", ""]
    assert [first_places["1"][c] for c in ("player", "points", "koban")] == ["Ben", "27000", ""]
    # why: three players leave the fourth seat empty (sanma, game 3)
    sanma = hands[("3", "8")]
    assert (sanma["player_3"], sanma["player_4"], sanma["delta_4"]) == ("Chie", "", "")
