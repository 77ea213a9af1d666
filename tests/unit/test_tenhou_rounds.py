"""Every kind of round a Tenhou log ends with (issue 17), rebuilt as a line of a game file,
replayed by the ledger and compared with the log: exhaustive draws, nagashi mangan, each
abortive draw, several winners on one discard, liability, three-player logs; and the ledger's
table held to the log's from round to round.

The logs are made by hand (tests/tenhou_logs.py); each expected figure is worked out in the
``# why:`` beside it from docs/rules/riichi.md (§7 payments, §8 liability, §9 draws, §10 the
game) and docs/rules/sanma.md, under the tenhou preset.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mjscore.logs.ledger import GameCheck, RoundCheck, check_log
from mjscore.logs.rebuild import earns_nagashi, game_file, player_names
from mjscore.logs.tenhou import Game, LogError, Where, read_call, read_games
from tests.tenhou_logs import codes, drawn_out, log, round_, tile

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"
EVEN = [25000] * 4
# Four hands far from ready (shanten 2 or more: no pair, no set).
NOT_READY = ["2468m2468p2468s3m", "3579m3579p3579s4m", "2468m2468p2468s7m", "3579m3579p3579s8m"]
NOBODY = (0, 0, 0, 0)
# Three hands of 13 for players who neither draw nor throw before the round ends.
QUIET = ("2345678m234567p", "2345678s345678p", "3456789p234567s")


def game_of(text: str) -> Game:
    (game,) = read_games(text, "made.json")
    return game


def checked(text: str) -> GameCheck:
    return check_log(game_of(text))


def only(text: str) -> RoundCheck:
    (check,) = checked(text).checks
    return check


def quiet(hand: str) -> tuple[list[int], list[object], list[object]]:
    """A player who neither draws nor throws before the round ends."""
    return codes(hand), [], []


# --- exhaustive draws


def test_a_draw_pays_the_ready_and_the_dealer_keeps_the_deal() -> None:
    # why: Aki (dealing) waits on 1p/2p and Ben on 1s/3s, both ready; Chie and Dai hold no
    # pair and no set. The 3000 no-ten payment: 750 from each of Chie and Dai to each ready
    # player; Ben declared riichi (his stick, 1000, goes on the table): the log's changes,
    # +1500 +1500 -1500 -1500, leave that stick out, so the ledger's are +1500 +500 -1500 -1500.
    # The dealer was ready: Aki deals again, honba 1, the stick on the table (the log's next round)
    hands = ["123456789m1122p", "123456789p1133s", "147m258p369s1357z", "258m369p147s2466z"]
    first = drawn_out((0, 0, 0), EVEN, hands, ["流局", [1500, 1500, -1500, -1500]], riichi={1: 0})
    # why: then Aki, at the first draw, holds 1m 9m 1p 9p 1s 9s and the seven honours: nine
    # terminals, an abortive draw: nothing paid, the dealer keeps the deal, honba 2
    nine = (codes("19m19p19s1234567z"), [tile("5m")], [])
    second = round_((0, 1, 1), [26500, 25500, 23500, 23500], [nine, *map(quiet, QUIET)], ["九種九牌"])
    # why: then Aki throws 6s, which Ben wins on with 234m 567p 345s 66p 78s: Pinfu and All
    # Simples, 2 han 30 fu, 2000; two honba add 600 and the stick 1000: +3600 for Ben, -2600 for
    # Aki (the log's own changes: no stick put down this round)
    aki = (codes("1111m9999p1234z6s"), [tile("5z")], [tile("6s")])
    ben = quiet("234m567p345s66p78s")
    win = ["和了", [-2600, 3600, 0, 0], [1, 0, 1, "30符2飜2000点", "平和(1飜)", "断幺九(1飜)"]]
    chie, dai = quiet("2345678s234567p"), quiet("3456789m23458p5z")
    third = round_((0, 2, 1), [26500, 25500, 23500, 23500], [aki, ben, chie, dai], win)
    game = checked(log(first, second, third))
    draw, abort, ron = game.checks
    assert (draw.line, draw.ours, draw.theirs, draw.agree) == (
        "draw tenpai=Aki,Ben riichi=Ben",
        (1500, 500, -1500, -1500),
        (1500, 500, -1500, -1500),
        True,
    )
    assert (abort.line, abort.ours, abort.agree) == ("abort nine-terminals", NOBODY, True)
    assert (ron.line, ron.ours, ron.agree) == (
        "Ben: 234m56667p34578s+6s ron from=Aki dora=7z",
        (-2600, 3600, 0, 0),
        True,
    )
    assert ron.scored == ("riichi:234m56667p34578s+6s ron seat=S round=E dora=7z honba=2 sticks=1 from=E",)
    assert game.agree


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo() -> None:
    # why: Ben throws only terminals and honours, none called: nagashi mangan, paid as a
    # non-dealer's mangan tsumo: 4000 from the dealer, 2000 from each other, +8000; nobody is
    # ready (no no-ten payment beside it), so the deal passes to Ben
    made = drawn_out((0, 0, 0), EVEN, NOT_READY, ["流し満貫", [-4000, 8000, -2000, -2000]], nagashi=1)
    game = checked(log(made))
    (check,) = game.checks
    assert (check.kind, check.line, check.ours, check.agree) == (
        "nagashi",
        "draw nagashi=Ben",
        (-4000, 8000, -2000, -2000),
        True,
    )
    played = game.rounds[0].played
    assert played is not None and played.notes[0] == "the deal passes to Ben, honba 1"


def test_nobody_ready_and_a_log_that_says_everybody_was() -> None:
    # why: the four hands are far from ready: 全員不聴 pays nothing and agrees; a log that says
    # 全員聴牌 of the same tiles pays nothing either, but its word is not what the tiles show
    none = only(log(drawn_out((0, 0, 0), EVEN, NOT_READY, ["全員不聴"])))
    assert (none.line, none.ours, none.theirs, none.agree) == ("draw", NOBODY, NOBODY, True)
    every = only(log(drawn_out((0, 0, 0), EVEN, NOT_READY, ["全員聴牌"])))
    assert (every.ours, every.agree) == (NOBODY, False)
    assert every.problem == "the log says every player was ready (全員聴牌); by the tiles nobody was ready"


def test_a_draw_before_the_wall_runs_out_is_doubted() -> None:
    # why: a 流局 after one draw: 70 - 1 = 69 tiles of the live wall were left
    nine = (codes("19m19p19s1234567z"), [tile("5m")], [])
    check = only(log(round_((0, 0, 0), EVEN, [nine, *map(quiet, QUIET)], ["流局", [0, 0, 0, 0]])))
    assert check.problem == "the wall was not drawn to its end: 69 tiles left"


def test_a_ready_player_is_read_from_the_tiles_not_the_log() -> None:
    # why: the log pays Aki as ready, but Aki's tiles are far from it: the ledger pays nobody
    made = drawn_out((0, 0, 0), EVEN, NOT_READY, ["流局", [3000, -1000, -1000, -1000]])
    check = only(log(made))
    assert (check.line, check.ours, check.theirs) == ("draw", NOBODY, (3000, -1000, -1000, -1000))
    assert check.problem == "the point changes differ"


# --- abortive draws


def _first_throws(throws: list[object], riichi: bool = False) -> list[tuple[list[int], list[object], list[object]]]:
    """Each player, from the dealer, draws once and throws the tile given (with riichi: r60, the draw)."""
    hands = ["1z2345678m23456p", "1z2345678p23456s", "1z2345678s34567p", "1z3456789p34567s"]
    drawn = tile("9s") if riichi else tile("5z")
    return [(codes(hand), [drawn], [thrown]) for hand, thrown in zip(hands, throws, strict=True)]


def test_four_winds() -> None:
    # why: each player's first throw is East, before any call: an abortive draw, nothing paid
    check = only(log(round_((0, 0, 0), EVEN, _first_throws([41, 41, 41, 41]), ["四風連打"])))
    assert (check.line, check.ours, check.agree) == ("abort four-winds", NOBODY, True)


def test_four_winds_that_are_not_one_wind() -> None:
    # why: Dai's first throw is the White drawn, not East: the log's reason does not hold
    check = only(log(round_((0, 0, 0), EVEN, _first_throws([41, 41, 41, 45]), ["四風連打"])))
    assert check.problem == "four-winds: the first throws are not one wind, four times"


def test_four_riichi_puts_every_stick_on_the_table() -> None:
    # why: every player declares riichi with their first throw: an abortive draw; each puts a
    # stick on the table (-1000 each, which the log's changes leave out), and the next round has 4
    made = log(round_((0, 0, 0), EVEN, _first_throws(["r60"] * 4, riichi=True), ["四家立直"]))
    check = only(made)
    assert (check.line, check.ours, check.theirs, check.agree) == (
        "abort four-riichi",
        (-1000,) * 4,
        (-1000,) * 4,
        True,
    )


def test_four_kongs_by_two_players() -> None:
    # why: Aki declares closed kongs of 1m and 2m (each replaced from the dead wall), Ben of 3p
    # and 4p: four kongs by two players, an abortive draw when Ben's throw passes
    aki = (codes("11112222m5678s1z"), [tile("9m"), tile("9p"), tile("6z")], ["111111a11", "121212a12", 41])
    ben = (codes("33334444p12399s"), [tile("7z"), tile("8p"), tile("8s")], ["232323a23", "242424a24", 38])
    chie, dai = quiet("3456789m5678p99p"), quiet("2345679s234567z")
    check = only(log(round_((0, 0, 0), EVEN, [aki, ben, chie, dai], ["四槓散了"])))
    assert (check.line, check.ours, check.agree) == ("abort four-kongs", NOBODY, True)


def test_three_rons_void_the_riichi_thrown_into_them() -> None:
    # why: Aki declares riichi with the first throw and three players win on it: an abortive
    # draw; the riichi whose discard was won on is void, so no stick goes on the table
    aki = (codes("1z2345678m23456p"), [tile("9s")], ["r60"])
    rest = [quiet("2345678p234567s"), quiet("2345678s345678p"), quiet("3456789p345678s")]
    check = only(log(round_((0, 0, 0), EVEN, [aki, *rest], ["三家和了"])))
    assert (check.line, check.ours, check.theirs, check.agree) == ("abort triple-ron", NOBODY, NOBODY, True)


def test_nine_terminals_with_eight_kinds_is_doubted() -> None:
    # why: 1m 9m 1p 9p 1s 9s East South and five simples: eight kinds of terminals and honours
    aki = (codes("19m19p19s12z23456m"), [tile("5p")], [])
    check = only(log(round_((0, 0, 0), EVEN, [aki, *map(quiet, QUIET)], ["九種九牌"])))
    assert check.problem == "nine-terminals: 8 kinds of terminals and honours, not nine"


# --- several winners, liability


def _double_ron(result: list[object]) -> RoundCheck:
    """East 2 (Ben deals), one honba and one stick on the table: Dai throws the 6s drawn, on
    which Aki (234m 567p 345s 66p 78s) and Chie (345m 789m 678p 22p 45s) both win; ``result``
    is the log's."""
    aki = quiet("234m567p345s66p78s")
    ben = (codes("1111m9999p1234z6z"), [tile("5z")], [tile("5z")])
    chie = (codes("345789m678p22p45s"), [tile("6z")], [tile("6z")])
    dai = (codes("345789s1234567z"), [tile("6s")], [60])
    return only(log(round_((1, 1, 1), [25000, 24000, 26000, 24000], [aki, ben, chie, dai], result)))


def test_two_winners_on_one_discard_the_nearest_takes_honba_and_sticks() -> None:
    # why: East 2 (Ben deals), one honba and one stick on the table; Dai throws the 6s drawn and
    # Aki (234m 567p 345s 66p 78s: Pinfu, All Simples, 2000) and Chie (345m 789m 678p 22p 45s:
    # Pinfu, 1000) both win. Aki sits nearest after Dai: Aki takes the honba (300) and the
    # stick (1000): +3300; Chie +1000; Dai pays 2300 + 1000 = 3300 (the preset's
    # ron_honba=nearest and ron_sticks=nearest: the log's changes are the same)
    result = [
        "和了",
        [3300, 0, 0, -2300],
        [0, 3, 0, "30符2飜2000点", "平和(1飜)", "断幺九(1飜)"],
        [0, 0, 1000, -1000],
        [2, 3, 2, "30符1飜1000点", "平和(1飜)"],
    ]
    check = _double_ron(result)
    assert check.line == (
        "Aki: 234m56667p34578s+6s ron from=Dai dora=7z & Chie: 345789m22678p45s+6s ron from=Dai dora=7z"
    )
    assert (check.ours, check.agree) == ((3300, 0, 1000, -3300), True)
    assert [w.agree for w in check.wins] == [True, True]


def test_a_win_that_differs_is_named_by_its_winner_whatever_order_the_log_lists_them() -> None:
    # why: the same two rons, the log listing Chie's first and giving her hand 2 han (Pinfu and
    # Pure Double Chow, which her tiles do not hold): Chie's win differs, not Aki's, who sits
    # nearest the discarder and is the ledger's first
    result = [
        "和了",
        [0, 0, 1000, -1000],
        [2, 3, 2, "30符2飜1000点", "平和(1飜)", "一盃口(1飜)"],
        [3300, 0, 0, -2300],
        [0, 3, 0, "30符2飜2000点", "平和(1飜)", "断幺九(1飜)"],
    ]
    check = _double_ron(result)
    assert check.problem == "Chie's win differs"


def test_big_three_dragons_with_a_liable_player() -> None:
    # why: Ben pons White from Aki, Green from Chie and Red from Dai, who fed the third dragon
    # and is liable; Ben wins on Chie's 9p: Big Three Dragons, 32000, the liable player and the
    # discarder paying half each (the log names Dai third: [winner, from, liable])
    aki = (codes("9999m2222p3333s5z"), [tile("4s")], [tile("5z")])
    ben = (codes("123m9p19s556677z1z"), ["p454545", "4646p46", "47p4747"], [tile("1s"), tile("9s"), tile("1z")])
    chie = (codes("4444m6666p7777s6z"), [tile("8m"), tile("8p"), tile("9p")], [tile("6z"), tile("8m"), tile("9p")])
    dai = (codes("7777m8888s1199p7z"), [tile("2z")], [tile("7z")])
    result = ["和了", [0, 32000, -16000, -16000], [1, 2, 3, "役満32000点", "大三元(役満)"]]
    check = only(log(round_((0, 0, 0), EVEN, [aki, ben, chie, dai], result)))
    assert check.line == "Ben: 123m9p(555z)(666z)(777z)+9p ron from=Chie dora=7z pao=Dai"
    assert (check.ours, check.agree) == ((0, 32000, -16000, -16000), True)


def test_a_counted_yakuman_agrees_with_tenhous_han_and_yaku() -> None:
    # why: Ben draws 9m on his second turn (so no earthly hand) to 123m 456m 789m 234m 66m,
    # closed, the wait 78m two-sided: Menzen Tsumo 1, Pinfu 1, Pure Straight 2, Full Flush 6,
    # and three dora (a 5m indicator: 6m, three held) make 13 han, a counted yakuman
    # (docs/rules/riichi.md §7): 8000 from each non-dealer, 16000 from Aki who deals, +32000.
    # Tenhou lists a counted yakuman's yaku with their han and names no yakuman (the score
    # text alone says 役満): the check takes it as 13 han, as ours is
    aki = (codes("2468p2468s13579p"), [tile("1z"), tile("5z")], [tile("1z"), tile("5z")])
    ben = (codes("12345678m234m66m"), [tile("2z"), tile("9m")], [tile("2z")])
    chie = (codes("2468p2468s13579s"), [tile("3z")], [tile("3z")])
    dai = (codes("3579p3579s12345z"), [tile("4z")], [tile("4z")])
    texts = ["門前清自摸和(1飜)", "平和(1飜)", "一気通貫(2飜)", "清一色(6飜)", "ドラ(3飜)"]
    result = ["和了", [-16000, 32000, -8000, -8000], [1, 1, 1, "役満8000-16000点", *texts]]
    check = only(log(round_((0, 0, 0), EVEN, [aki, ben, chie, dai], result, dora=[tile("5m")])))
    (win,) = check.wins
    assert check.line == "Ben: 1223344566678m+9m tsumo dora=5m"
    assert win.ours is not None
    assert (win.ours.han, win.ours.yakuman, win.theirs.han, win.theirs.yakuman) == (13, 0, 13, 0)
    assert (check.ours, check.agree) == ((-16000, 32000, -8000, -8000), True)


# --- three players


def test_a_three_player_win_on_a_norths_replacement() -> None:
    # why: Aki deals a three-player game (35000 each), draws 9m, sets a North aside (f44) and
    # wins on its replacement, 5s: 99m 123p 456p 789s 555s. Menzen Tsumo, After a Kong and one
    # North set aside: 3 han; 20 + 2 (tsumo) + 4 (a concealed pung of simples) = 26, 30 fu;
    # a dealer's 3 han 30 fu tsumo is 2000 from each of the two others (tsumo loss): +4000
    aki = (codes("9m123p456p789s55s4z"), [tile("9m"), tile("5s")], ["f44"])
    ben, chie = quiet("111m111p222s3567z"), quiet("9m333p444s99p1235z")
    result = [
        "和了",
        [4000, -2000, -2000, 0],
        [0, 0, 0, "30符3飜2000点∀", "門前清自摸和(1飜)", "嶺上開花(1飜)", "抜きドラ(1飜)"],
    ]
    game = checked(log(round_((0, 0, 0), [35000] * 3, [aki, ben, chie], result, dora=[46]), disp="三般南喰赤"))
    assert game.rebuilt.header == ("ruleset=sanma preset=tenhou players=Aki,Ben,Chie length=east-south",)
    (check,) = game.checks
    assert check.line == "Aki: 99m123456p55789s+5s tsumo dora=6z kita=1 rinshan"
    assert (check.ours, check.agree) == ((4000, -2000, -2000), True)


def test_tenhou_counts_the_norths_set_aside_within_its_dora() -> None:
    # why: the same win as above, its texts as Tenhou writes them: a real Tenhou log, in either
    # form, lists no 抜きドラ but counts each North set aside in ドラ (tests/data/tenhou/sanma:
    # in the 2024123123 game's East 1 the winner set two Norths aside and held two Greens under
    # a White indicator: ドラ(4飜)). One North set aside is our kita 1, Tenhou's ドラ(1飜)
    aki = (codes("9m123p456p789s55s4z"), [tile("9m"), tile("5s")], ["f44"])
    ben, chie = quiet("111m111p222s3567z"), quiet("9m333p444s99p1235z")
    result = [
        "和了",
        [4000, -2000, -2000, 0],
        [0, 0, 0, "30符3飜2000点∀", "門前清自摸和(1飜)", "嶺上開花(1飜)", "ドラ(1飜)"],
    ]
    check = only(log(round_((0, 0, 0), [35000] * 3, [aki, ben, chie], result, dora=[46]), disp="三般南喰赤"))
    (win,) = check.wins
    assert win.theirs.yaku == (("dora", 1), ("menzen-tsumo", 1), ("rinshan", 1))
    assert win.ours is not None
    assert win.ours.yaku == win.theirs.yaku
    assert check.agree


def test_a_three_player_log_with_a_middle_character_is_refused() -> None:
    # why: the win above with a 2m (12) for its dora indicator: a three-player set has no 2m-8m
    # (docs/rules/sanma.md §1); the indicators come first in the log's order: log[0][2][0]
    aki = (codes("9m123p456p789s55s4z"), [tile("9m"), tile("5s")], ["f44"])
    ben, chie = quiet("111m111p222s3567z"), quiet("9m333p444s99p1235z")
    result = ["和了", [4000, -2000, -2000, 0], [0, 0, 0, "30符3飜2000点∀", "門前清自摸和(1飜)"]]
    made = log(round_((0, 0, 0), [35000] * 3, [aki, ben, chie], result, dora=[12]), disp="三般南喰赤")
    with pytest.raises(LogError) as raised:
        game_of(made)
    assert str(raised.value) == (
        "made.json: round 1, dora indicators, item 1: 2m in play: a three-player set has no 2m-8m (at log[0][2][0])"
    )


def test_a_three_player_draw() -> None:
    # why: three players, the 55 tiles of the live wall drawn: only Aki (123456789p 1122s,
    # waiting on 1s/2s) is ready; the players not ready pay 2000 in all, 1000 each
    # (docs/rules/sanma.md §9: the sum mjscore assumes for Tenhou too, its page not saying)
    hands = ["123456789p1122s", "19m147p258s13567z", "19m369p369s24667z"]
    made = drawn_out((0, 0, 0), [35000] * 3, hands, ["流局", [2000, -1000, -1000, 0]])
    check = only(log(made, disp="三般南喰赤"))
    assert (check.line, check.ours, check.agree) == ("draw tenpai=Aki", (2000, -1000, -1000), True)


# --- the ledger's table beside the log's


def _nine(state: tuple[int, int, int]) -> list[object]:
    """An abortive draw by the dealer at the first draw: nine terminals."""
    dealer = state[0] % 4
    rest = [quiet(hand) for hand in QUIET]
    players = [*rest[:dealer], (codes("19m19p19s1234567z"), [tile("5m")], []), *rest[dealer:]]
    return round_(state, EVEN, players, ["九種九牌"])


def test_a_next_round_the_ledger_does_not_have_is_told_and_the_ledger_starts_again() -> None:
    # why: after an abortive draw the dealer deals again with one more honba (E1-1), but the
    # log's next round is East 2: the first round disagrees, saying both; the ledger starts
    # again from the log's East 2 (Ben deals), which then agrees
    game = checked(log(_nine((0, 0, 0)), _nine((1, 0, 0))))
    first, second = game.checks
    assert first.problem == (
        "the next round: the ledger has E1-1, 0 riichi sticks, points 25000 25000 25000 25000;"
        " the log E2-0, 0 riichi sticks, points 25000 25000 25000 25000"
    )
    assert second.agree
    assert game.rounds[1].restarted is not None and game.rounds[1].restarted.resume is not None


def test_a_log_that_ends_the_game_where_the_ledger_plays_on() -> None:
    # why: the log's final points (sc) are what its only round leaves, so it holds the whole
    # game; but the ledger plays on after an abortive draw at East 1
    game = checked(log(_nine((0, 0, 0)), final=EVEN))
    assert game.checks[0].problem == "the log's game ends after it; the ledger plays on"


def test_a_line_the_ledger_refuses_is_told_and_the_next_round_still_checked() -> None:
    # why: Ben declares riichi holding 500 points; the ledger refuses it (a riichi needs 1000,
    # bust=on), so the round is not played; the next one is checked from the log's table
    hands = ["123456789m1122p", "123456789p1133s", "147m258p369s1357z", "258m369p147s2466z"]
    scores = [25000, 500, 25000, 49500]
    draw = drawn_out((0, 0, 0), scores, hands, ["流局", [1500, 1500, -1500, -1500]], riichi={1: 0})
    nine = _nine((0, 1, 1))
    nine[1] = [26500, 1000, 23500, 48000]
    game = checked(log(draw, nine))
    first, second = game.checks
    assert (first.ours, first.agree) == (None, False)
    assert "Ben has 500 points: a riichi needs 1000" in first.problem
    assert second.agree


# --- names and rules


def test_names_a_game_file_can_write() -> None:
    # why: a pro's mark (Ⓢ) is no letter and is left out; an empty name and a seat letter are
    # no names: each is P and the player's place
    assert player_names(["Ⓢ福地誠", "Bさん", "", "E"], 4) == ("福地誠", "Bさん", "P3", "P4")
    # why: a player named P2 before the one who would be P2: that one is P2_
    assert player_names(["P2", "", "Cさん", "Cさん"], 4) == ("P2", "P2_", "Cさん", "P4")


def test_an_east_game_without_red_fives_or_open_tanyao() -> None:
    # why: 東 is an East-only game, and a lobby without 赤 and 喰 plays neither
    game = game_of(log(_nine((0, 0, 0)), disp="般東"))
    assert game_file(game).header == (
        "ruleset=riichi preset=tenhou players=Aki,Ben,Chie,Dai length=east aka=off kuitan=off",
    )


def test_a_whole_game_ends_as_the_log_does_the_sticks_left_to_first_place() -> None:
    # why: Dai holds 500 and is not ready at the draw: 1500 of no-ten payment leave -1000,
    # below zero, and the game ends (bust=on). Ben's riichi stick stays on the table and goes
    # to first place, Chie (48000): the log's final points are 26500 25500 49000 -1000. Its
    # final scores as Tenhou's older rule gives them (the points to the thousand, half away
    # from 0; uma +20 +10 -10 -20, target 30000): Aki second, 27000: -3 + 10 = 7; Ben third,
    # 26000: -4 - 10 = -14; Dai fourth, -1000: -31 - 20 = -51; Chie first, the rest: 58
    hands = ["123456789m1122p", "123456789p1133s", "147m258p369s1357z", "258m369p147s2466z"]
    scores = [25000, 25000, 49500, 500]
    draw = drawn_out((0, 0, 0), scores, hands, ["流局", [1500, 1500, -1500, -1500]], riichi={1: 0})
    game = checked(log(draw, final=[26500, 25500, 49000, -1000], scores=[7, -14, 58, -51]))
    (check,) = game.checks
    assert (check.ours, check.agree) == ((1500, 500, -1500, -1500), True)
    assert game.standings is not None and game.standings.leftover_to == ("Chie",)
    # why: a log whose last stick went to Aki, not to first place, ends otherwise than the ledger
    other = checked(log(draw, final=[27500, 25500, 48000, -1000]))
    assert other.checks[0].problem == (
        "the game's final points differ: the ledger's 26500 25500 49000 -1000, the log's 27500 25500 48000 -1000"
    )


def test_a_real_game_the_ledger_ends_where_tenhou_did() -> None:
    # why: ranked_game.json is a whole game after all: its third round leaves Cさん at -4900,
    # below zero, and its final points (sc) are the points after it; the ledger ends it there
    (game,) = read_games((DATA / "ranked_game.json").read_text("utf-8"), "ranked_game.json")
    checked_game = check_log(game)
    assert [c.agree for c in checked_game.checks] == [True, True, True]
    assert checked_game.standings is not None and checked_game.standings.finished


def test_a_three_player_call_is_placed_as_at_a_table_of_four() -> None:
    # why: a three-player log places a call's letter as at a table of four, the fourth seat
    # (player 3) empty: player 0's opposite is player 2, its right player 1, and its left is
    # the empty seat, from which nothing is called
    where = Where("t.json", 1, "log[0]")
    assert read_call("45p4545", 0, 3, where).claimed_from == 2
    assert read_call("4545p45", 0, 3, where).claimed_from == 1
    assert read_call("p454545", 1, 3, where).claimed_from == 0
    with pytest.raises(LogError, match="the letter stands where no player sits"):
        read_call("p454545", 0, 3, where)


def test_nagashi_needs_every_throw_uncalled() -> None:
    # why: in chankan.json Cさん pons the 1m Aさん threw ("13p1313": from the player opposite),
    # so Aさん's throws can earn no nagashi mangan, whatever they are; of the same terminal
    # throws, uncalled, they would
    (game,) = read_games((DATA / "chankan.json").read_text("utf-8"), "chankan.json")
    called = game.rounds[0].holdings[0]
    assert called.thrown_called
    terminals = replace(called, thrown=(11, 19, 41))
    assert (earns_nagashi(terminals), earns_nagashi(replace(terminals, thrown_called=False))) == (False, True)


def test_a_round_the_ledgers_game_has_no_room_for_is_told_not_played() -> None:
    # why: after East 1 the log goes on at North 1 (round 12), which an East-South game with
    # one extra round never reaches: the ledger cannot resume there, and says why
    game = checked(log(_nine((0, 0, 0)), _nine((12, 0, 0))))
    first, second = game.checks
    assert first.problem.endswith("the log N1-0, 0 riichi sticks, points 25000 25000 25000 25000")
    assert (second.ours, second.agree) == (None, False)
    assert second.problem.startswith("the ledger cannot resume here: ")
    assert "plays no round after W" in second.problem
