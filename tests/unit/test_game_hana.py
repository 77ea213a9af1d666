"""Hana's games (docs/rules/hana.md §7): riichi's ledger, and under variant=3 each flower's chip
from every other player kept beside the points. Every expected value is worked out by hand;
T = 234m567p345s66p67s+8s, All Simples and Pinfu: a non-dealer's tsumo 3 han 20 fu (1300 from
the dealer, 700 from each other), a ron 2 han 30 fu (2000); Y = 123m456p789s8s(777z)+8s, Red
Dragon, 1 han 30 fu by ron (1000). Flowers change no score under variant 3."""

from __future__ import annotations

import pytest

from mjscore.game.hana import HanaLedger
from mjscore.game.ledger import LedgerBroken, Played, chips_even
from mjscore.game.read import GameError
from mjscore.game.replay import Replay

T = "234m567p345s66p67s+8s"
Y = "123m456p789s8s(777z)+8s"
CHIPS = "ruleset=hana variant=3 players=Aki,Ben,Chie,Dai"
NO_CHIPS = "ruleset=hana players=Aki,Ben,Chie,Dai"  # variant 1, the default


def replay(*lines: str) -> tuple[Replay, list[Played]]:
    game = Replay(line + "\n" for line in lines)
    return game, list(game.hands())


def chips(played: Played) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's change of chips and total after a hand."""
    names = ("Aki", "Ben", "Chie", "Dai")
    return dict(zip(names, played.chip_deltas, strict=True)), dict(zip(names, played.chip_totals, strict=True))


def refused(*lines: str) -> list[tuple[str, int, int]]:
    with pytest.raises(GameError) as caught:
        replay(*lines)
    return [(p.code, n, p.col) for n, error in caught.value.faults for p in error.problems]


def test_a_hana_game_is_kept_by_the_riichi_ledger() -> None:
    game, (played,) = replay(NO_CHIPS, f"Ben: {T} tsumo")
    assert isinstance(game.ledger, HanaLedger)
    # why: hana has no presets; its one table is the riichi rule book's: 25000 each, the tsumo as riichi's
    assert (game.header.preset, game.header.options.start) == ("", 25000)
    assert played.totals == (23700, 27700, 24300, 24300)
    # why: variant 1 keeps no chips: no column, in the hands or the standings
    assert (played.chip_deltas, played.chip_totals) == ((), ())
    assert {row.chips for row in game.standings().rows} == {None}


def test_the_winners_flowers_earn_a_chip_each_from_every_other_player() -> None:
    _, (played,) = replay(CHIPS, f"Ben: {T} 1f2f tsumo")
    # why: two flowers: 2 chips from each of the three others; the points as without flowers
    assert chips(played) == ({"Aki": -2, "Ben": 6, "Chie": -2, "Dai": -2},) * 2
    assert played.totals == (23700, 27700, 24300, 24300)
    assert [(p.payer, p.payee, p.amount) for p in played.chip_payments] == [
        ("Aki", "Ben", 2),
        ("Chie", "Ben", 2),
        ("Dai", "Ben", 2),
    ]


def test_the_other_players_flowers_are_named_by_aside_on_a_draw() -> None:
    _, (played,) = replay(CHIPS, "draw aside=Aki:1f,S:2g3g")
    # why: Aki one flower (+3), Ben (S at E1) two (+6); each pays 1 a flower of the others:
    # Aki 3 - 2 = 1, Ben 6 - 1 = 5, Chie and Dai -3
    assert chips(played)[0] == {"Aki": 1, "Ben": 5, "Chie": -3, "Dai": -3}


def test_flowers_laid_aside_before_an_abortive_draw() -> None:
    _, (played,) = replay(CHIPS, "abort four-winds aside=Dai:4g")
    assert chips(played)[0] == {"Aki": -1, "Ben": -1, "Chie": -1, "Dai": 3}  # why: one flower, Dai's


def test_a_head_bumped_winner_still_earns_the_chips_of_the_flowers_in_the_hand() -> None:
    line = f"Chie: {T} 1f ron from=Aki & Dai: {Y} 2f ron from=Aki"
    _, (played,) = replay(f"{CHIPS} multiple_ron=head", line)
    # why: Chie (W) sits nearer Aki (E) than Dai (N): only she is paid, 2000; but each laid a flower
    # aside when it was drawn: Chie and Dai 3 - 1 = +2, Aki and Ben -2
    assert played.totals == (23000, 25000, 27000, 25000)
    assert chips(played)[0] == {"Aki": -2, "Ben": -2, "Chie": 2, "Dai": 2}


def test_the_chips_run_on_and_stand_beside_the_final_score() -> None:
    game, (_, played) = replay(CHIPS, f"Ben: {T} 1f2f tsumo", "draw aside=Aki:3f")
    # why: -2 +3 for Aki; 6 - 1 for Ben; -2 - 1 for Chie and Dai
    assert chips(played)[1] == {"Aki": 1, "Ben": 5, "Chie": -3, "Dai": -3}
    rows = game.standings().rows
    # why: the points rank the players (nobody ready at the draw: Ben 27700, Chie and Dai 24300 by
    # seat, Aki 23700); final = points - 25000 + uma (+25000, 0, -10000, -15000), the chips beside it
    assert [(r.player, r.final, r.chips) for r in rows] == [
        ("Ben", 27700, 5),
        ("Chie", -700, -3),
        ("Dai", -10700, -3),
        ("Aki", -16300, 1),
    ]


@pytest.mark.parametrize(
    ("header", "line", "expected"),
    [
        # why: "Ben: " + T + " tsumo " is 33 characters: aside='s value at column 40; variant 1 has no chips
        (NO_CHIPS, f"Ben: {T} tsumo aside=Chie:1f", [("game-no-chips", 2, 40)]),
        # why: variant='s value at column 42: the game is variant 3 (its header)
        (CHIPS, f"Ben: {T} tsumo variant=1", [("game-ledger-mismatch", 2, 42)]),
        # why: aside='s value at column 43 names the winner, whose flowers are in the hand
        (CHIPS, f"Ben: {T} 1f tsumo aside=Ben:2f", [("game-flowers-winner", 2, 43)]),
        # why: there is one 1f: the winner's; Chie's flowers at column 43 + 5
        (CHIPS, f"Ben: {T} 1f tsumo aside=Chie:1f", [("too-many-copies", 2, 48)]),
        (CHIPS, "draw aside=Ben:1f1f", [("too-many-copies", 2, 16)]),  # why: one 1f, named twice
        (f"{CHIPS} flowers=4", "draw aside=Ben:1g", [("season-with-four-flowers", 2, 16)]),  # why: no season
        (CHIPS, "draw aside=Ben", [("bad-value", 2, 12)]),  # why: no colon, no flowers
        (CHIPS, "draw aside=Ben:5f", [("bad-value", 2, 16)]),  # why: 5f is no flower
        (CHIPS, "draw aside=Eve:1f", [("game-unknown-player", 2, 12)]),  # why: nobody is Eve
        # why: an abort line's items: its keys and hana's (the message lists them); its value is read
        (CHIPS, "abort aside=Ben:1f flowers=4", [("unknown-word", 2, 20)]),
    ],
)
def test_lines_that_cannot_be_played(header: str, line: str, expected: list[tuple[str, int, int]]) -> None:
    assert refused(header, line) == expected


def test_a_riichi_abort_line_names_only_its_own_items() -> None:
    with pytest.raises(GameError) as caught:
        replay("players=Aki,Ben,Chie,Dai", "abort aside=Ben:1f")
    (problem,) = caught.value.faults[0][1].problems
    # why: riichi keeps no chips: aside= is no item of its abort line, which lists its own as before
    assert (problem.code, problem.col) == ("unknown-word", 7)
    assert problem.message == "an abort line takes a reason and riichi=, round=, honba=, sticks=, not 'aside'="


def test_the_chips_check_is_an_internal_error() -> None:
    with pytest.raises(LedgerBroken, match=r"^internal error: after a test the players' chips add up to 1, not 0"):
        chips_even([1, 0, 0, 0], "a test")
