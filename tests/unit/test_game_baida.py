"""Baida's games (docs/rules/baida.md §9): running totals of its points from 0, the deal kept by a
dealer who wins or draws, the end after the last round, the standings by points. Every expected
value is worked out by hand; C = 123m456p789s11z22z+2z baida=5p holds the Baida 5p and 6p and
makes no pattern: the chicken hand, 1 point (docs/rules/baida.md §4), paid by each other
player on a tsumo and twice by the discarder on a ron (§8)."""

from __future__ import annotations

import pytest

from mjscore.game.baida import BaidaLedger
from mjscore.game.ledger import Played
from mjscore.game.options import BaidaGameOptions
from mjscore.game.read import GameError
from mjscore.game.replay import Replay

C = "123m456p789s11z22z+2z baida=5p"
BAIDA = "ruleset=baida players=Aki,Ben,Chie,Dai"


def replay(*lines: str) -> tuple[Replay, list[Played]]:
    game = Replay(line + "\n" for line in lines)
    return game, list(game.hands())


def ledger(game: Replay) -> BaidaLedger:
    assert isinstance(game.ledger, BaidaLedger)
    return game.ledger


def next_hand(game: Replay) -> tuple[str, str]:
    """The next hand's label and dealer."""
    book = ledger(game)
    return book.table.label(book.n), book.name(book.table.dealer)


def refused(*lines: str) -> list[tuple[str, int, int]]:
    with pytest.raises(GameError) as caught:
        replay(*lines)
    return [(p.code, n, p.col) for n, error in caught.value.faults for p in error.problems]


def test_the_game_rules_are_baidas_own() -> None:
    game, _ = replay(BAIDA)
    # why: the house defaults of docs/rules/baida.md §9: 0 each, four rounds, the deal kept after a win or a draw
    assert game.header.options == BaidaGameOptions(start=0, length="four-winds", repeat_win=True, repeat_draw="always")
    assert (game.header.preset, game.header.uma, game.header.seats) == ("", (), "ESWN")


def test_a_tsumo_and_a_ron_from_zero() -> None:
    game, (tsumo, ron) = replay(BAIDA, f"Ben: {C} tsumo", f"Chie: {C} ron from=Aki")
    # why: 1 from each other player; the deal passes to Ben (E2)
    assert tsumo.totals == (-1, 3, -1, -1)
    # why: 2 from Aki, the discarder: totals may go below 0
    assert (ron.deltas, ron.totals) == ((-2, 0, 2, 0), (-3, 3, 1, -1))
    # why: at E2 Ben deals, so Chie sits S and Aki N: the ledger writes both seats
    assert ron.wins[0].result.hand.endswith("ron seat=S baida=5p from=N")
    assert next_hand(game) == ("E3", "Chie")


@pytest.mark.parametrize(
    ("rules", "line", "expected"),
    [
        ("", f"Aki: {C} tsumo", ("E1", "Aki")),  # why: the dealer won: deals again (repeat_win=on)
        ("repeat_win=off", f"Aki: {C} tsumo", ("E2", "Ben")),  # why: the deal passes after every hand
        ("", "draw", ("E1", "Aki")),  # why: repeat_draw=always: the dealer deals again
        ("repeat_draw=never", "draw", ("E2", "Ben")),
        ("", f"Ben: {C} tsumo", ("E2", "Ben")),  # why: a non-dealer won: the deal passes to the right
    ],
)
def test_the_deal(rules: str, line: str, expected: tuple[str, str]) -> None:
    game, _ = replay(f"{BAIDA} {rules}", line)
    assert next_hand(game) == expected


def test_a_draw_pays_nothing() -> None:
    _, (played,) = replay(BAIDA, "baida: draw")
    assert (played.outcome, played.payments, played.deltas) == ("draw", (), (0, 0, 0, 0))


@pytest.mark.parametrize(("length", "hands"), [("east", 4), ("east-south", 8), ("four-winds", 16)])
def test_the_game_ends_when_the_last_rounds_last_dealer_passes_the_deal(length: str, hands: int) -> None:
    draws = ["draw"] * hands
    game, _ = replay(f"{BAIDA} repeat_draw=never length={length}", *draws[:-1])
    # why: each draw passes the deal: one hand fewer than the rounds' dealers leaves North's last deal
    assert ledger(game).over() is None
    assert next_hand(game)[1] == "Dai"
    game, _ = replay(f"{BAIDA} repeat_draw=never length={length}", *draws)
    assert ledger(game).over() == "the last hand was played"
    assert refused(f"{BAIDA} repeat_draw=never length={length}", *draws, "draw") == [("game-over", hands + 2, 0)]


def test_the_dealer_is_east_for_the_blessing_of_heaven() -> None:
    _, (played,) = replay(BAIDA, f"Aki: {C} tsumo tenhou")
    # why: the dealer's Blessing of Heaven (200) beside the chicken hand (1): 201 from each other player
    assert played.deltas == (603, -201, -201, -201)
    # why: Ben sits S at E1: the blessing is the dealer's; "Ben: " + C + " tsumo " puts tenhou at column 43
    assert refused(BAIDA, f"Ben: {C} tsumo tenhou") == [("tenhou-not-dealer", 2, 43)]


def test_the_standings_rank_the_points_ties_by_seat() -> None:
    game, _ = replay(f"{BAIDA} start=100", f"Dai: {C} ron from=Ben")
    rows = game.standings().rows
    # why: Dai 102, then Aki and Chie at 100 by seat order, Ben 98; final = points - start
    assert [(r.place, r.player, r.points, r.final) for r in rows] == [
        (1, "Dai", 102, 2),
        (2, "Aki", 100, 0),
        (3, "Chie", 100, 0),
        (4, "Ben", 98, -2),
    ]
    assert {(r.sticks, r.oka, r.uma, r.penalty, r.chips) for r in rows} == {(0, 0, 0, 0, None)}
    standings = game.standings()
    # why: Aki dealt E1 and Dai, not the dealer, won: the deal passes to Ben
    assert (standings.finished, standings.ended) == (False, "the file ends before the game does; next: E2, Ben deals")


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # why: the header: a rule of riichi's games, at its column (40); no uma (its value at 44); no presets (21)
        ((f"{BAIDA} honba_draw=kept",), [("unknown-word", 1, 40)]),
        ((f"{BAIDA} uma=10,0,0,-10",), [("game-header-conflict", 1, 44)]),
        (("ruleset=baida preset=wrc players=Aki,Ben,Chie,Dai",), [("no-presets", 1, 22)]),
        # why: Baida has no abortive draw and no penalty: the line's first column
        ((BAIDA, "abort"), [("game-line-kind", 2, 1)]),
        ((BAIDA, "chombo Ben"), [("game-line-kind", 2, 1)]),
        # why: a draw is the word alone: tenpai= at column 6
        ((BAIDA, "draw tenpai=Ben"), [("unknown-word", 2, 6)]),
        ((BAIDA, "riichi: draw"), [("game-ruleset-mismatch", 2, 1)]),  # why: a riichi draw line
        # why: a ron names its discarder: the hand's first column, 6
        ((BAIDA, f"Ben: {C} ron"), [("game-discarder-missing", 2, 6)]),
        # why: Ben sits S at E1: seat='s value at column 48
        ((BAIDA, f"Ben: {C} tsumo seat=E"), [("game-ledger-mismatch", 2, 48)]),
        ((BAIDA, "Ben: riichi:234m567p345s66p67s+8s tsumo"), [("game-ruleset-mismatch", 2, 6)]),
        # why: a hand that cannot be scored stops the game with every problem: no tsumo or ron (the
        # line as a whole), and the word at column 37
        ((BAIDA, f"Ben: {C} tsmo"), [("win-missing", 2, 0), ("unknown-word", 2, 37)]),
    ],
)
def test_lines_that_cannot_be_played(lines: tuple[str, ...], expected: list[tuple[str, int, int]]) -> None:
    assert refused(*lines) == expected
