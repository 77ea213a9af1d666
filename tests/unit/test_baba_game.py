"""BABA's ledger (mjscore/game/baba.py), rule by rule: the payments of a win (docs/rules/baba.md
§6), a hand with no result and the OBABA it adds, a penalty and the pot (§7), who deals, a payer
short of KOBAN, the end at 0 KOBAN and the standings; each expectation worked out by hand.

The hands used (docs/rules/baba.md §4, §5; the deck's codes: MB 馬場, MN 馬庭, MR 馬々, MH 馬羽,
BR 場々, NB 番場, HB 羽場, KB 橋場, PB 芭場; O is OBABA):
- ``(MNMNMN) NBNBNB dora=KB``: WIN 1 only (a PON: no Menzen; 馬庭 and 番場 share no kanji): 1.
- ``MNMNMN NBNBNB dora=KB``: WIN 1, Menzen 1: 2 (Expert); WIN 1 (Beginner).
- ``MBMBMB BRBRBR dora=KB``: WIN 1, Menzen 1, Chin-itsu 2 (every card holds 場): 4.
"""

from __future__ import annotations

import pytest

from mjscore.game.ledger import Played
from mjscore.game.read import GameError
from mjscore.game.replay import Replay

ONE = "(MNMNMN) NBNBNB dora=KB"  # 1 KOBAN (Expert and Beginner)
TWO = "MNMNMN NBNBNB dora=KB"  # 2 KOBAN (Expert)
FOUR = "MBMBMB BRBRBR dora=KB"  # 4 KOBAN (Expert)


def play(*lines: str, header: str = "ruleset=baba players=Aki,Ben,Chie,Dai") -> tuple[Replay, list[Played]]:
    replay = Replay(f"{line}\n" for line in (header, *lines))
    return replay, list(replay.hands())


def refused(*lines: str, header: str = "ruleset=baba players=Aki,Ben,Chie,Dai") -> list[tuple[str, int, int]]:
    """Every problem of the game as (code, line, column)."""
    with pytest.raises(GameError) as caught:
        play(*lines, header=header)
    return sorted((p.code, n, p.col) for n, error in caught.value.faults for p in error.problems)


# -- a win (docs/rules/baba.md §6)


def test_a_tsumo_is_paid_by_every_other_player() -> None:
    _, (hand,) = play(f"Ben: {TWO} tsumo")
    # why: 2 KOBAN from each of Aki, Chie and Dai: Ben 8 + 6
    assert hand.totals == (6, 14, 6, 6)
    assert {(p.payer, p.amount) for p in hand.payments} == {("Aki", 2), ("Chie", 2), ("Dai", 2)}


def test_a_tsumo_at_three_players_is_paid_by_the_two_others() -> None:
    _, (hand,) = play(f"Ben: {TWO} tsumo", header="ruleset=baba players=Aki,Ben,Chie")
    # why: players=3 is written into the line: 2 from Aki and Chie only
    assert hand.totals == (6, 12, 6)
    assert hand.wins[0].result.hand.endswith("players=3")


def test_a_ron_is_paid_by_the_discarder_alone() -> None:
    _, (hand,) = play(f"Chie: {FOUR} ron from=dai")
    # why: 4 KOBAN from Dai (named in any case), nobody else pays
    assert hand.totals == (8, 8, 12, 4)
    assert hand.wins[0].discarder == "Dai"


def test_a_beginner_game_starts_with_five_and_scores_no_menzen() -> None:
    _, (hand,) = play(f"Ben: {TWO} tsumo", header="ruleset=baba-beginner players=Aki,Ben,Chie")
    # why: 5 KOBAN each (docs/rules/baba.md §1); Beginner scores WIN 1 and no Menzen: 1 from each other
    assert hand.totals == (4, 7, 4)


# -- no result, a penalty, the pot (docs/rules/baba.md §7)


def test_a_draw_pays_nothing_and_adds_an_obaba_for_the_next_hand_two_at_most() -> None:
    replay, hands = play("draw", "draw", "draw", f"Ben: {ONE} tsumo", "draw")
    # why: 2 OBABA at the start; +1 after each hand with no result, 4 at most; the win takes the extra out
    assert [h.table.obaba for h in hands] == [2, 3, 4, 4, 2]
    assert replay.ledger.table.obaba == 3
    assert all(h.deltas == (0, 0, 0, 0) for h in hands if h.outcome == "draw")


def test_with_obaba_reset_never_the_extra_obaba_stay_after_a_win() -> None:
    header = "ruleset=baba players=Aki,Ben,Chie obaba_reset=never"
    _, hands = play("draw", f"Ben: {ONE} tsumo", "draw", "draw", header=header)
    # why: 2, then 3 after the draw, still 3 after the win, then 4, the most (2 + 2 extra)
    assert [h.table.obaba for h in hands] == [2, 3, 3, 4]


def test_a_hand_with_more_obaba_than_are_in_play_is_refused_at_the_card_too_many() -> None:
    # why: 2 OBABA in play at the start; the OBABA stand at columns 10, 11 and 15 ("Aki: " is 5 wide): the third
    assert refused("Aki: MBMBOO BRO tsumo") == [("too-many-obaba", 2, 15)]


def test_after_a_draw_a_third_obaba_may_be_held() -> None:
    _, hands = play("draw", "Aki: MBMBOO BRO tsumo")
    # why: 3 in play after the draw; (MB MB O)(BR O O): WIN 1, Menzen 1, Hon-itsu 1 (馬場 and 場々 hold 場,
    # with OBABA): 3 from each other player
    assert hands[1].totals == (17, 5, 5, 5)


def test_a_penalty_feeds_the_pot_and_the_next_winner_takes_it() -> None:
    _, hands = play("chombo Aki", "chombo ben", "draw", f"Chie: {ONE} ron from=Dai")
    # why: a KOBAN each from Aki and Ben into the pot; the draw keeps it; Chie takes 1 from Dai and the pot's 2
    assert [h.sticks for h in hands] == [1, 2, 2, 0]
    assert hands[-1].totals == (7, 7, 11, 7)
    assert hands[-1].wins[0].result.hand.split()[2:4] == ["dora=橋場", "pot=2"]


# -- the deal


@pytest.mark.parametrize(
    ("deal", "dealers"),
    [
        # why: Aki deals; Ben wins: the next player, Ben, deals; Dai wins Ben's deal: it passes on to Chie
        ("next", ["Aki", "Ben", "Chie", "Chie", "Chie"]),
        # why: the winner deals next: Ben, then Dai, who keeps it through the draw and the penalty
        ("winner", ["Aki", "Ben", "Dai", "Dai", "Dai"]),
        # why: Ben wins Aki's deal: it passes to Ben; Dai wins Ben's: it passes to Chie
        ("repeat", ["Aki", "Ben", "Chie", "Chie", "Chie"]),
    ],
)
def test_the_deal_after_a_win_draw_and_penalty(deal: str, dealers: list[str]) -> None:
    lines = (f"Ben: {ONE} tsumo", f"Dai: {ONE} tsumo", "draw", "chombo Aki", f"Chie: {ONE} tsumo")
    _, hands = play(*lines, header=f"ruleset=baba players=Aki,Ben,Chie,Dai deal={deal}")
    assert [h.dealer for h in hands] == dealers


def test_with_deal_repeat_a_winning_dealer_deals_again() -> None:
    header = "ruleset=baba players=Aki,Ben,Chie deal=repeat"
    _, hands = play(f"Aki: {ONE} tsumo", f"Aki: {ONE} tsumo", f"Ben: {ONE} tsumo", header=header)
    # why: the dealer, Aki, wins twice and deals again each time; then Ben wins: the deal passes to Ben, the next
    assert [h.dealer for h in hands] == ["Aki", "Aki", "Aki"]
    assert hands[-1].notes[-1] == "the deal passes to Ben"


# -- short of KOBAN, the end


def test_a_payer_short_of_koban_pays_what_they_hold_and_the_game_ends() -> None:
    _, hands = play("chombo Dai", "chombo Dai", "chombo Dai", "chombo Dai", f"Chie: {FOUR} ron from=Dai")
    # why: Dai put 4 in the pot and holds 4; owes 4: pays them, and has none left; Chie 8 + 4 + the pot's 4
    assert hands[-1].totals == (8, 8, 16, 0)
    assert hands[-1].ended == "Dai has no KOBAN left"
    hands_short = play(*["chombo Dai"] * 5, f"Chie: {FOUR} ron from=Dai")[1]
    # why: Dai holds 3, owes 4: pays 3 (debt=off); Chie 8 + 3 + the pot's 5
    assert hands_short[-1].totals == (8, 8, 16, 0)
    assert [p.amount for p in hands_short[-1].payments] == [3, 5]


def test_with_debt_on_a_payer_pays_in_full_and_goes_below_zero() -> None:
    lines = ["chombo Dai"] * 5 + [f"Chie: {FOUR} ron from=Dai"]
    _, hands = play(*lines, header="ruleset=baba players=Aki,Ben,Chie,Dai debt=on")
    # why: Dai holds 3 and pays the whole 4: -1; Chie 8 + 4 + the pot's 5
    assert hands[-1].totals == (8, 8, 17, -1)
    assert hands[-1].ended == "Dai owes 1 KOBAN (debt=on)"


def test_a_line_after_the_end_is_game_over() -> None:
    lines = ["chombo Aki"] * 8 + ["draw"]
    # why: Aki's eighth penalty leaves her no KOBAN: the game is over, the draw is one hand too many
    assert refused(*lines) == [("game-over", 10, 0)]


# -- the standings


def test_the_standings_rank_by_koban_ties_by_turn_order_and_the_pot_is_lost() -> None:
    replay, _ = play(f"Dai: {ONE} ron from=Ben", "chombo Chie")
    standings = replay.standings()
    # why: Dai 9, Aki 8, then Ben and Chie with 7 each, Ben first (he sits before Chie); the pot holds 1
    rows = [(r.player, r.place, r.points) for r in standings.rows]
    assert rows == [("Dai", 1, 9), ("Aki", 2, 8), ("Ben", 3, 7), ("Chie", 4, 7)]
    assert (standings.finished, standings.leftover, standings.leftover_to) == (False, 1, ())
    # why: after Dai's win the deal passed to Ben (deal=next), who deals again after the penalty
    assert standings.ended == "the file ends before the game does; next: hand 3, Ben deals, pot 1, 2 OBABA in play"


def test_with_leftover_pot_first_the_pot_at_the_end_goes_to_first_place() -> None:
    lines = [f"Ben: {ONE} ron from=Aki"] + ["chombo Aki"] * 7
    replay, _ = play(*lines, header="ruleset=baba players=Aki,Ben,Chie,Dai leftover_pot=first")
    standings = replay.standings()
    # why: Aki pays 1 and puts her 7 left in the pot: 0, the end; Ben, first with 9, takes the pot's 7
    top = standings.rows[0]
    assert (top.player, top.points, top.sticks, top.final) == ("Ben", 9, 7, 16)
    assert (standings.finished, standings.leftover_to) == (True, ("Ben",))


# -- stated values, lines BABA has not


def test_a_stated_pot_obaba_or_players_must_be_the_ledgers() -> None:
    lines = ("chombo Aki", f"Ben: {ONE} tsumo pot=2 obaba=2 players=3")
    # why: the pot holds 1 (columns: 'Ben: ' 5, the hand 23, ' tsumo ' 7: pot='s value at 40, obaba='s 48);
    # 2 OBABA are in play (agrees); 4 play, not 3 (players='s value at 58)
    assert refused(*lines) == [("game-ledger-mismatch", 3, 40), ("game-ledger-mismatch", 3, 58)]


def test_a_stated_value_that_agrees_is_taken() -> None:
    _, hands = play("chombo Aki pot=0 obaba=2", "draw pot=1", f"Ben: {ONE} tsumo pot=1 obaba=3 players=4")
    # why: each states what the ledger has: the pot while the hand is played, the OBABA in play
    assert hands[-1].totals == (6, 12, 7, 7)


def test_lines_baba_has_not_are_refused() -> None:
    # why: no abortive draw in BABA; one winner a hand (the second's name at column 45: "Ben: " 5, the hand
    # 23, " ron from=Aki & " 16)
    assert refused("abort") == [("game-abort", 2, 1)]
    assert refused(f"Ben: {ONE} ron from=Aki & Chie: {ONE} ron from=Aki") == [("game-several-winners", 2, 45)]


def test_a_ron_names_its_discarder_by_name_and_never_the_winner() -> None:
    # why: no from= on a ron (at its hand's first card, column 6); from= the winner (its value at column 39:
    # "Ben: " 5, the hand 23, " ron from=" 10)
    assert refused(f"Ben: {ONE} ron") == [("game-discarder-missing", 2, 6)]
    assert refused(f"Ben: {ONE} ron from=Ben") == [("from-winner", 2, 39)]
    # why: BABA has no seat winds: a seat letter names nobody
    assert refused(f"Ben: {ONE} ron from=E") == [("game-unknown-player", 2, 39)]


def test_the_ledgers_own_check_counts_the_pot_a_koban_each() -> None:
    from mjscore.game.ledger import LedgerBroken, zero_sum

    replay, _ = play()
    # why: 31 KOBAN held and 1 in the pot are the 32 four players started with: no error
    zero_sum(replay.header, [8, 8, 8, 7], 1, "a test", unit=1, pool="the pot")
    # why: 31 held and an empty pot are one short of 32
    with pytest.raises(
        LedgerBroken,
        match=r"^internal error: after a test the points \(31\) and the pot \(0\) add up to 31, not the 32",
    ):
        zero_sum(replay.header, [8, 8, 8, 7], 0, "a test", unit=1, pool="the pot")
