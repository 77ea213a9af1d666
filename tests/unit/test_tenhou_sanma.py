"""Real three-player Tenhou games (issue 17): every round replayed, rebuilt, played by the ledger
under the sanma rule set's tenhou preset and compared with Tenhou's own result.

The games were played in Tenhou's three-player 鳳凰卓 (三鳳南喰赤: GO type="185", the bit 0x10 for
three players); three in its XML form, one in its own JSON export, kept byte for byte in
tests/data/tenhou/sanma (where each comes from, its licence and what it shows, in
tests/data/tenhou/SOURCE.md). Expected figures are worked out from docs/rules/sanma.md and
docs/rules/riichi.md, which the tenhou preset follows.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Final

import pytest

from mjscore.logs.check import Check
from mjscore.logs.ledger import GameCheck, check_log
from mjscore.logs.mjlog import read_log_bytes
from mjscore.logs.tenhou import Game

SANMA_DIR: Final = Path(__file__).resolve().parents[1] / "data" / "tenhou" / "sanma"
LOGS: Final = sorted([*SANMA_DIR.glob("*.mjlog"), *SANMA_DIR.glob("*.json")])
MJLOGS: Final = [p for p in LOGS if p.suffix == ".mjlog"]
COUNTED: Final = "2018110809gm-00b9-0000-00a79b89.mjlog"  # its last round: a counted yakuman


@cache
def game_of(name: str) -> Game:
    (game,) = read_log_bytes((SANMA_DIR / name).read_bytes(), name)
    return game


@cache
def checked(name: str) -> GameCheck:
    return check_log(game_of(name))


def win_at(name: str, round_name: str) -> Check:
    (played,) = [c for c in checked(name).checks if c.round_name == round_name]
    (win,) = played.wins
    return win


@pytest.mark.parametrize("path", LOGS, ids=[p.name for p in LOGS])
def test_every_round_of_a_three_player_game_agrees_with_tenhou(path: Path) -> None:
    # why: Tenhou played and scored these games; under the sanma rule set's tenhou preset the
    # ledger's every round (the point changes, each win's han, fu and yaku, the table the next
    # round starts with) and each game's end and final points must be Tenhou's
    result = checked(path.name)
    assert result.rebuilt.header[0].startswith("ruleset=sanma preset=tenhou ")
    assert not result.problem, result.problem
    for check in result.checks:
        assert check.agree, (check.round_name, check.line, check.problem)
    assert game_of(path.name).final


@pytest.mark.parametrize("path", MJLOGS, ids=[p.name for p in MJLOGS])
def test_the_reader_keeps_every_round_and_every_win(path: Path) -> None:
    # why: counted in the XML itself: one INIT a round, one AGARI a winner; a round or a win
    # the reader dropped would make the agreement above pass on less
    text = path.read_text("utf-8")
    assert '<GO type="185"' in text  # 0xb9: three players (0x10), 鳳凰 (0x80 | 0x20), East-South (0x08)
    game = game_of(path.name)
    assert len(game.rounds) == text.count("<INIT ")
    assert sum(len(r.wins) for r in game.rounds) == text.count("<AGARI ")


def test_the_stored_games_hold_20_rounds_and_16_wins() -> None:
    # why: 2014091101 11 rounds (3 exhaustive draws), 2018110809 3, 2009060321 1, 2024123123 5
    # (1 exhaustive draw): 20 rounds and 16 wins, no double ron; four whole games
    games = [game_of(p.name) for p in LOGS]
    assert len(games) == 4
    assert sum(len(g.rounds) for g in games) == 20
    assert sum(len(r.wins) for g in games for r in g.rounds) == 16


def test_a_counted_yakuman_is_paid_as_a_yakuman() -> None:
    # why: 2018110809, East 1 with two honba and a stick: player 2 (West) declared riichi and
    # wins on player 1's Green: 666s 77s EEE SSS 發發+發, closed. Riichi 1, All Pungs 2, Three
    # Concealed Pungs 2 (666s, EEE, SSS; the Greens completed by the ron count as open), the
    # prevalent wind East 1 (South is no one's wind here but the South seat's), Green Dragon 1,
    # Half Flush 3 (closed), and ura 3 (a 5s underside indicator: 6s, three held) = 13 han: a
    # counted yakuman (docs/rules/riichi.md §7, kazoe on under tenhou). Fu: 20 + 10 (closed
    # ron) + 8 + 8 (concealed East and South) + 4 (concealed 6s) + 4 (the Greens, open) = 54,
    # 60. Tenhou writes the yaku with their han and no yakuman (ten="60,32000,5"): 32000 from
    # the discarder, 2 honba x 200 (docs/rules/sanma.md §6): 32400, and the winner's own stick
    # on the table back to him: +33400 (Tenhou's sc: -324 and +334 hundreds)
    win = win_at(COUNTED, "E1-2")
    assert win.line == "sanma:66677s11122266z+6z ron riichi seat=W round=E dora=9s ura=5s honba=2 sticks=1 from=S"
    assert win.ours is not None
    assert (win.ours.han, win.ours.fu, win.ours.yakuman) == (13, 60, 0)
    assert win.ours.deltas == win.theirs.deltas == (0, -32400, 33400)
    assert win.ours.yaku == win.theirs.yaku == (
        ("all-pungs", 2), ("green-dragon", 1), ("half-flush", 3), ("prevalent-wind", 1),
        ("riichi", 1), ("three-concealed-pungs", 2), ("ura-dora", 3),
    )  # fmt: skip
    assert win.agree


def test_the_counted_yakuman_busts_the_discarder_and_ends_the_game() -> None:
    # why: player 1 had 26000 (the log's INIT: ten="481,260,309"): 26000 - 32400 = -6400, below
    # zero, so the game ends there (bust, on under tenhou), with Tenhou's final points (owari:
    # 481, -64, 633 hundreds). Final scores (docs/rules/sanma.md §8: 35000 start, 40000 return,
    # uma +20 0 -20, the 15000 difference to first): player 2 63300 - 40000 + 15000 + 20000 =
    # 58300, player 0 8100, player 1 -46400 - 20000 = -66400 (Tenhou's owari: 58.0, 8.0, -66.0)
    result = checked(COUNTED)
    assert game_of(COUNTED).final == (48100, -6400, 63300)
    assert result.standings is not None and result.standings.finished
    assert [(row.points, row.final) for row in result.standings.rows] == [
        (63300, 58300), (48100, 8100), (-6400, -66400),
    ]  # fmt: skip
    assert not result.problem


def test_norths_set_aside_are_dora_in_tenhous_count() -> None:
    # why: 2009060321, East 1: the dealer sets two Norths aside (m=31520, m=31008) and wins on
    # player 1's 9s with 11s 444s 0s55s 789s 中中中, closed: Three Concealed Pungs 2, Red Dragon 1, Half
    # Flush 3; a West indicator makes North the dora: each North set aside is one dora as kita
    # and one more as the dora (docs/rules/sanma.md §4): 4, Tenhou's ドラ 4 (yaku="...,52,4"),
    # and the red 5s 1: 11 han, a dealer's sanbaiman, 36000. Player 1 had 35000: below zero
    win = win_at("2009060321gm-00b9-0000-75b25bcf.mjlog", "E1-0")
    assert win.line == "sanma:1144405578s777z+9s ron seat=E round=E dora=3z from=S kita=2"
    assert win.ours is not None
    assert win.ours.yaku == win.theirs.yaku == (
        ("dora", 4), ("half-flush", 3), ("red-dragon", 1), ("red-five", 1), ("three-concealed-pungs", 2),
    )  # fmt: skip
    assert win.ours.deltas == (36000, -36000, 0)
    assert win.agree


def test_a_three_player_draw_pays_2000_in_all_and_counts_norths_in_the_wall() -> None:
    # why: 2014091101, East 1 with one honba: the live wall (108 - 14 dead - 3 x 13 = 55 tiles)
    # is drawn to its end in 55 draws, four of them replacements for Norths set aside (so a
    # North shortens the live wall, as a kan does); players 0 and 2 are ready (RYUUKYOKU shows
    # hai0 and hai2): 2000 in all, 1000 from player 1 to each (docs/rules/sanma.md §9); the
    # log's +1000 -2000 +1000 less the riichi stick player 0 put down this round
    name = "2014091101gm-00b9-0000-5ca6b487.mjlog"
    (check,) = [c for c in checked(name).checks if c.round_name == "E1-1"]
    assert (check.kind, check.line) == ("draw", "draw tenpai=Emurated,神速.com riichi=Emurated")
    assert check.ours == check.theirs == (0, -2000, 1000)
    assert check.agree
