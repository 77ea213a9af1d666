"""The ledger's rules, one game each (docs/rules/riichi.md §10): the deal and the honba, riichi
sticks, several winners on one discard, chombo, the end of the game and the standings. Every
expected value is worked out by hand; the two hands used:

- T = 234m567p345s66p67s+8s: All Simples and Pinfu; by ron 2 han 30 fu (base 480: a non-dealer
  2000, a dealer 2900), by tsumo 3 han 20 fu (base 640: 1300 from a dealer, 700 from the others;
  a dealer's: 1300 from each); with riichi one han more (by ron 3 han 30 fu: 3900 / 5800).
- Y = 123m456p789s8s(777z)+8s: Red Dragon, 1 han 30 fu by ron (base 240: a non-dealer 1000).
"""

from __future__ import annotations

import pytest

from mjscore.game.ledger import LedgerBroken, Played, zero_sum
from mjscore.game.read import GameError
from mjscore.game.replay import Replay
from mjscore.game.riichi import RiichiLedger

T = "234m567p345s66p67s+8s"
Y = "123m456p789s8s(777z)+8s"
PLAYERS = "players=Aki,Ben,Chie,Dai"


def replay(*lines: str) -> tuple[Replay, list[Played]]:
    game = Replay(line + "\n" for line in lines)
    return game, list(game.hands())


def points(game: Replay) -> dict[str, int]:
    ledger = game.ledger
    assert isinstance(ledger, RiichiLedger)
    return dict(zip(game.header.players, ledger.points, strict=True))


def table(game: Replay) -> tuple[str, str, int, int]:
    """The next hand's label, dealer, honba and sticks."""
    ledger = game.ledger
    assert isinstance(ledger, RiichiLedger)
    t = ledger.table
    return t.label(ledger.n), ledger.name(t.dealer), t.honba, t.sticks


def refused(*lines: str) -> list[tuple[str, int, int]]:
    with pytest.raises(GameError) as caught:
        replay(*lines)
    return [(p.code, n, p.col) for n, error in caught.value.faults for p in error.problems]


# --- the deal and the honba


def test_a_winning_dealer_keeps_the_deal_and_a_winning_non_dealer_takes_it() -> None:
    game, _ = replay(PLAYERS, f"Aki: {T} ron from=Ben")
    # why: the dealer won: same dealer, one honba more
    assert table(game) == ("E1", "Aki", 1, 0)
    game, _ = replay(PLAYERS, f"Aki: {T} ron from=Ben", f"Chie: {T} tsumo")
    # why: a non-dealer won: the deal passes to the right (Ben), the honba back to 0
    assert table(game) == ("E2", "Ben", 0, 0)


def test_the_ledger_writes_seat_round_honba_sticks_and_the_discarder_into_the_line_it_scores() -> None:
    _, (first, second) = replay(PLAYERS, f"Aki: {T} ron from=Ben", f"Aki: {T} ron riichi from=Chie")
    # why: E1: Aki is East (the dealer), Ben South; the second hand is the dealer's repeat, honba 1, with Aki's stick
    assert first.wins[0].result.hand == "riichi:234m56667p34567s+8s ron seat=E round=E from=S"
    assert second.wins[0].result.hand == "riichi:234m56667p34567s+8s ron riichi seat=E round=E honba=1 sticks=1 from=W"


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # why: the rule book: the dealer keeps the deal when ready; every draw adds a honba
        ("", ("E1", "Aki", 1, 0)),
        # why: never: the deal passes though the dealer was ready; the honba still count the draw
        ("repeat_draw=never", ("E2", "Ben", 1, 0)),
    ],
)
def test_a_ready_dealer_at_a_draw(rules: str, expected: tuple[str, str, int, int]) -> None:
    game, _ = replay(f"{PLAYERS} {rules}", "draw tenpai=Aki")
    assert table(game) == expected


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ("", ("E2", "Ben", 1, 0)),  # why: not ready: the deal passes; honba_draw=always counts the draw
        ("honba_draw=kept", ("E2", "Ben", 0, 0)),  # why: kept: a draw that passes the deal puts the honba back to 0
        ("repeat_draw=always", ("E1", "Aki", 1, 0)),  # why: always: the dealer keeps it, ready or not
    ],
)
def test_a_dealer_not_ready_at_a_draw(rules: str, expected: tuple[str, str, int, int]) -> None:
    game, _ = replay(f"{PLAYERS} {rules}", "draw tenpai=Ben")
    assert table(game) == expected


def test_three_players_deal_in_turn_and_the_south_round_follows() -> None:
    game, _ = replay("ruleset=sanma players=Aki,Ben,Chie", "draw", "draw", "draw")
    # why: nobody ready three times: the deal goes Aki, Ben, Chie, then back to Aki for the South round
    assert table(game) == ("S1", "Aki", 3, 0)


# --- riichi sticks


@pytest.mark.parametrize(
    ("rules", "ben", "sticks"),
    [
        ("", 27000, 1),  # why: carry: 3000 from the others, his stick stays on the table
        ("draw_sticks=return", 28000, 0),  # why: return: his stick comes back to him
    ],
)
def test_sticks_at_a_draw(rules: str, ben: int, sticks: int) -> None:
    game, _ = replay(f"{PLAYERS} {rules}", "draw tenpai=Ben riichi=Ben")
    assert points(game)["Ben"] == ben
    assert table(game)[3] == sticks


def test_four_riichi_puts_every_players_stick_on_the_table() -> None:
    game, (played,) = replay(PLAYERS, "abort four-riichi")
    # why: four declarers: 1000 each to the table; an abortive draw: the dealer keeps the deal, one honba more
    assert points(game) == {"Aki": 24000, "Ben": 24000, "Chie": 24000, "Dai": 24000}
    assert table(game) == ("E1", "Aki", 1, 4)
    assert played.riichi == ("Aki", "Ben", "Chie", "Dai")


def test_a_riichi_needs_a_sticks_points_while_nobody_plays_below_zero() -> None:
    problems = refused(f"{PLAYERS} start=500 target=500", "draw tenpai=Ben riichi=Ben")
    # why: 500 points, and bust=on: the stick cannot be paid; told at riichi='s value (column 24)
    assert problems == [("game-riichi-points", 2, 24)]
    game, _ = replay(f"{PLAYERS} start=500 target=500 bust=off", "draw tenpai=Ben riichi=Ben")
    # why: bust=off: 500 + 3000 - 1000
    assert points(game)["Ben"] == 2500


# --- several winners on one discard

HONBA_1 = "draw tenpai=Aki"  # why: Aki +3000, the others -1000; the dealer ready: honba 1
DOUBLE = f"Chie: {T} ron riichi from=Aki & Dai: {Y} ron from=Aki"


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # why: Chie (W) sits nearer Aki (E) in turn order than Dai (N): she takes the honba (300) and
        # the stick (her own): 3900 + 300 + 1000 - 1000; Dai 1000; Aki 28000 - 4200 - 1000
        ("", {"Aki": 22800, "Ben": 24000, "Chie": 28200, "Dai": 25000}),
        # why: each: Dai is paid the honba too, 1300
        ("ron_honba=each", {"Aki": 22500, "Ben": 24000, "Chie": 28200, "Dai": 25300}),
        # why: split: the stick, 1000, is shared: 500 each; Chie 24000 + 4200 + 500 - 1000
        ("ron_sticks=split", {"Aki": 22800, "Ben": 24000, "Chie": 27700, "Dai": 25500}),
        # why: head: only Chie, the nearest, is paid
        ("multiple_ron=head", {"Aki": 23800, "Ben": 24000, "Chie": 28200, "Dai": 24000}),
    ],
)
def test_two_winners_on_one_discard(rules: str, expected: dict[str, int]) -> None:
    game, (_, played) = replay(f"{PLAYERS} {rules}", HONBA_1, DOUBLE)
    assert points(game) == expected
    # why: the dealer, Aki, discarded: the deal passes to Ben, the honba back to 0
    assert table(game) == ("E2", "Ben", 0, 0)
    assert [w.winner for w in played.wins] == ["Chie", "Dai"]  # why: the nearest first


def test_a_head_bumped_winner_is_checked_not_paid() -> None:
    _, (_, played) = replay(f"{PLAYERS} multiple_ron=head", HONBA_1, DOUBLE)
    dai = played.wins[1]
    assert (dai.paid, dai.note) == (False, "head bump: only the nearest winner is paid")


TRIPLE = f"Ben: {T} ron from=Aki & Chie: {T} ron from=Aki & Dai: {Y} ron from=Aki"


def test_three_winners_on_one_discard_are_an_abortive_draw_by_default() -> None:
    game, (played,) = replay(PLAYERS, TRIPLE)
    # why: triple_ron=abort: nobody is paid; the dealer keeps the deal, one honba more
    assert points(game) == {"Aki": 25000, "Ben": 25000, "Chie": 25000, "Dai": 25000}
    assert (played.outcome, played.reason) == ("abort", "triple-ron")
    assert table(game) == ("E1", "Aki", 1, 0)


def test_three_winners_each_paid_with_triple_ron_pay() -> None:
    game, _ = replay(f"{PLAYERS} triple_ron=pay", TRIPLE)
    # why: Ben 2000, Chie 2000, Dai 1000, all from Aki
    assert points(game) == {"Aki": 20000, "Ben": 27000, "Chie": 27000, "Dai": 26000}


def test_liability_names_a_player() -> None:
    line = "Dai: 111m777z2p(555z)(666z)+2p ron from=Chie pao=Ben"
    game, (played,) = replay(PLAYERS, line)
    # why: Big Three Dragons, a non-dealer's yakuman (32000) by ron: the liable Ben and the discarder
    # Chie pay half each; at E1 Ben sits S, Chie W
    assert points(game) == {"Aki": 25000, "Ben": 9000, "Chie": 9000, "Dai": 57000}
    assert played.wins[0].result.hand.endswith("ron seat=N round=E pao=S from=W")


# --- chombo


def test_a_dealers_chombo_is_a_mangan_paid_to_each_and_the_hand_is_played_again() -> None:
    game, _ = replay(PLAYERS, "chombo Aki")
    # why: a dealer's mangan tsumo is 4000 from each: paid the other way round, 12000
    assert points(game) == {"Aki": 13000, "Ben": 29000, "Chie": 29000, "Dai": 29000}
    assert table(game) == ("E1", "Aki", 0, 0)


def test_a_chombo_off_the_final_score() -> None:
    game, _ = replay(f"{PLAYERS} chombo=final", "chombo Ben")
    rows = {r.player: r for r in game.standings().rows}
    # why: nothing is paid; all tie at 25000 and rank by seat: Ben second, uma 0; 20000 off his final
    assert points(game) == {"Aki": 25000, "Ben": 25000, "Chie": 25000, "Dai": 25000}
    assert (rows["Ben"].place, rows["Ben"].penalty, rows["Ben"].final) == (2, 20000, -20000)


# --- the end


def test_below_zero_ends_the_game_at_zero_it_goes_on() -> None:
    header = f"{PLAYERS} start=2000 target=2000"
    game, _ = replay(header, f"Ben: {T} ron from=Aki")
    # why: Aki 2000 - 2000 = 0: not below zero
    assert game.ledger.over() is None
    game, _ = replay(header, f"Ben: {T} ron from=Aki", f"Chie: {T} ron from=Aki")
    # why: Aki 0 - 2000 = -2000
    assert game.ledger.over() == "Aki below zero (bust=on)"
    assert refused(header, f"Ben: {T} ron from=Aki", f"Chie: {T} ron from=Aki", "draw") == [("game-over", 4, 0)]


EAST_ROUND_OF_DRAWS = ("draw", "draw", "draw", "draw")  # why: nobody ready: each passes the deal


def test_the_extra_round_ends_when_someone_reaches_the_target() -> None:
    header = f"{PLAYERS} length=east target=30000 extension=on"
    game, _ = replay(header, *EAST_ROUND_OF_DRAWS)
    # why: nobody has 30000 after East 4: an extra round, the South, sudden death; four draws: honba 4
    assert table(game) == ("S1", "Aki", 4, 0)
    game, _ = replay(header, *EAST_ROUND_OF_DRAWS, f"Aki: {T} ron riichi from=Ben dora=1m ura=2m")
    # why: Riichi, All Simples, Pinfu, dora 2m, ura 3m: a dealer's mangan, 12000 + 1200 for four honba
    assert points(game)["Aki"] == 38200
    assert game.ledger.over() == "Aki reached 30000 in the extra round"


def test_sticks_taken_by_the_win_that_ends_the_extra_round_are_not_left_on_the_table() -> None:
    header = f"{PLAYERS} length=east target=30000 extension=on"
    riichi_draw = "draw tenpai=Aki riichi=Aki"
    game, _ = replay(header, *EAST_ROUND_OF_DRAWS[:3], riichi_draw)
    # why: East 4 (Dai deals) ends in a draw with only Aki ready, after riichi: Aki 25000 - 1000
    # + 3 x 1000 = 27000, the others 24000; nobody has 30000, so the South is played, one stick
    # on the table and four honba
    assert table(game) == ("S1", "Aki", 4, 1)
    game, _ = replay(header, *EAST_ROUND_OF_DRAWS[:3], riichi_draw, f"Aki: {T} ron riichi from=Ben dora=1m ura=2m")
    # why: a dealer's mangan (as above) 12000 + 1200 for four honba from Ben; Aki puts down a
    # second stick and takes both: 27000 - 1000 + 13200 + 2000 = 41200, which ends the game with
    # no stick left on the table (the one carried into the South included)
    assert points(game)["Aki"] == 41200
    assert game.ledger.over() == "Aki reached 30000 in the extra round"
    standings = game.ledger.standings()
    assert standings.leftover == 0
    assert [row.sticks for row in standings.rows] == [0, 0, 0, 0]


def test_the_extra_round_ends_with_its_last_hand() -> None:
    header = f"{PLAYERS} length=east target=30000 extension=on"
    game, _ = replay(header, *EAST_ROUND_OF_DRAWS, *EAST_ROUND_OF_DRAWS)
    assert game.ledger.over() == "the extra round was played"


def test_the_last_dealer_may_stop_the_game_by_ending_the_file() -> None:
    header = f"{PLAYERS} length=east"
    last = f"Dai: {T} tsumo"  # why: Dai deals E4 and wins: 1300 from each, first with 28900
    game, _ = replay(header, "draw", "draw", "draw", last)
    standings = game.standings()
    assert standings.finished
    assert standings.ended == "the last dealer, Dai, won in first place and stopped (last_hand=may-stop)"
    game, _ = replay(header, "draw", "draw", "draw", last, "draw")
    # why: the game went on; the dealer not ready at the draw: the deal passes, the game ends
    assert game.ledger.over() == "the last hand was played"


@pytest.mark.parametrize(
    ("last_hand", "line", "over"),
    [
        ("stops", f"Dai: {T} tsumo", "the last dealer, Dai, is first and stops (last_hand=stops)"),
        # why: stops after a ready draw too: Dai +3000, first
        ("stops", "draw tenpai=Dai", "the last dealer, Dai, is first and stops (last_hand=stops)"),
        ("plays-on", f"Dai: {T} tsumo", None),  # why: the dealer repeats as in any hand
    ],
)
def test_the_last_dealer_first(last_hand: str, line: str, over: str | None) -> None:
    game, _ = replay(f"{PLAYERS} length=east last_hand={last_hand}", "draw", "draw", "draw", line)
    assert game.ledger.over() == over


# --- the standings


def test_ties_by_seat_order_or_shared() -> None:
    game, _ = replay(PLAYERS, "abort")
    # why: all at 25000: ranked by seat order from the first dealer, each place's uma
    assert [(r.player, r.place, r.uma) for r in game.standings().rows] == [
        ("Aki", 1, 25000),
        ("Ben", 2, 0),
        ("Chie", 3, -10000),
        ("Dai", 4, -15000),
    ]
    game, _ = replay(f"{PLAYERS} ties=split target=30000", "abort")
    # why: all share first: the uma adds up to 0, the oka (4 x 5000) is shared, 5000 each; 25000 - 30000 + 5000
    assert {(r.place, r.uma, r.oka, r.final) for r in game.standings().rows} == {(1, 0, 5000, 0)}


@pytest.mark.parametrize(("rule", "aki_sticks", "to"), [("first", 1000, ("Aki",)), ("lost", 0, ())])
def test_sticks_left_at_the_end(rule: str, aki_sticks: int, to: tuple[str, ...]) -> None:
    game, _ = replay(
        f"{PLAYERS} length=east leftover_sticks={rule}", "draw", "draw", "draw", "draw tenpai=Aki riichi=Aki"
    )
    standings = game.standings()
    # why: the last draw ends the game (the dealer, Dai, not ready): Aki 25000 + 3000 - 1000, first
    (aki,) = [r for r in standings.rows if r.player == "Aki"]
    assert (aki.points, aki.sticks, standings.leftover, standings.leftover_to) == (27000, aki_sticks, 1, to)
    # why: the finals add up to 0, less a lost stick
    assert sum(r.final for r in standings.rows) == aki_sticks - 1000


def test_an_unfinished_game_leaves_the_sticks_on_the_table() -> None:
    game, _ = replay(PLAYERS, "draw tenpai=Ben riichi=Ben")
    standings = game.standings()
    assert (standings.finished, standings.leftover, standings.leftover_to) == (False, 1, ())


# --- lines that cannot be played


def test_a_sanma_table_knows_no_four_winds() -> None:
    # why: three players cannot discard four winds: the reason's column is 7
    assert refused("ruleset=sanma players=Aki,Ben,Chie", "abort four-winds") == [("game-abort", 2, 7)]


def test_the_zero_sum_check_is_an_internal_error() -> None:
    game, _ = replay(PLAYERS)
    with pytest.raises(LedgerBroken, match=r"^internal error: after a test .* add up to 99000, not the 100000"):
        zero_sum(game.header, [25000, 25000, 25000, 24000], 0, "a test")
