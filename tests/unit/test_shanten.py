"""The shanten engine (mjscore/families/mpsz/shanten.py) on hands worked out by hand.

Shanten: -1 complete, 0 ready (one tile short), k: k + 1 tiles short of some complete hand.
Each expectation says why in a ``# why:`` comment; the hands are written in mpsz.
"""

from __future__ import annotations

import pytest

from mjscore.families.mpsz.shanten import (
    WILD_GAME,
    Room,
    Shanten,
    discards,
    improving_kinds,
    orphans_shanten,
    pairs_shanten,
    shanten,
    standard_shanten,
)
from mjscore.families.mpsz.tiles import RIICHI_KINDS, read_tiles, tile_kind

SANMA_ABSENT = tuple(range(1, 8))  # 2m-8m (docs/rules/sanma.md §1)


def counts(text: str) -> list[int]:
    found = [0] * RIICHI_KINDS
    for kind, _red in read_tiles(text)[0]:
        found[kind] += 1
    return found


def kinds(text: str) -> tuple[int, ...]:
    """The kinds of "1m4m" in order: what ``improving_kinds`` answers."""
    return tuple(sorted({kind for kind, _red in read_tiles(text)[0]}))


def k(code: str) -> int:
    found = tile_kind(code[0], code[1])
    assert found is not None
    return found


# --- complete hands


def test_four_sets_and_a_pair_is_complete() -> None:
    # why: 123m 456p 789s 111z are four sets, 22z the pair
    assert standard_shanten(counts("123m456p789s111z22z")) == -1


def test_seven_different_pairs_are_complete() -> None:
    # why: 11m 33m 55p 77p 99s 11z 22z: seven pairs of seven kinds (docs/rules/riichi.md §3)
    assert pairs_shanten(counts("1133m5577p99s1122z")) == -1


def test_thirteen_orphans_with_its_pair_is_complete() -> None:
    # why: one of each terminal and honour, and a second Red (7z)
    assert orphans_shanten(counts("19m19p19s12345677z")) == -1


def test_best_takes_the_least_shape() -> None:
    # why: 22 33 44 55 66 77 88p is both seven pairs and 234 234 567 567 + 88 (four sets and a
    # pair): -1 both ways; Thirteen Orphans holds none of its 14 tiles: 14 lacking, 13
    result = shanten(counts("22334455667788p"))
    assert result == Shanten(standard=-1, pairs=-1, orphans=13)
    assert result.best == -1


# --- ready hands: every wait shape, and the tiles they wait on


@pytest.mark.parametrize(
    ("hand", "waits"),
    [
        ("23m456p789s111z22z", "1m4m"),  # why: ryanmen: 23m waits 1m or 4m beside three sets and 22z
        ("13m456p789s111z22z", "2m"),  # why: kanchan: 13m waits the middle 2m
        ("12m456p789s111z22z", "3m"),  # why: penchan: 12m at the edge waits 3m only
        ("11m456p789s111z22z", "1m2z"),  # why: shanpon: either pair, 11m or 22z, becomes a pung
        ("1m456p789s111z222z", "1m"),  # why: tanki: four sets, the lone 1m waits its pair
        ("1234m456p789s111z", "1m4m"),  # why: nobetan: 123m + 4m or 1m + 234m, a pair of 4m or 1m
        # why: 3-sided: 34567m + 11z: 2m (234 567), 5m (345 567), 8m (345 678)
        ("34567m456p789s11z", "2m5m8m"),
        # why: 1112345m: 2m (111 22 345), 3m (11 123 345), 5m (111 234 55), 6m (11 123 456);
        # 1m leaves 1111 2345, which no split takes, and 4m leaves 111 2345 4 (two single 4s)
        ("1112345m456p789s", "2m3m5m6m"),
        ("1112345678999m", "123456789m"),  # why: Nine Gates, the 9-sided wait: each of 1m-9m completes it
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # why: Thirteen Orphans' 13-sided wait: any of them pairs
    ],
)
def test_a_ready_hand_improves_on_its_winning_tiles(hand: str, waits: str) -> None:
    assert shanten(counts(hand)).best == 0
    assert improving_kinds(counts(hand)) == kinds(waits)


def test_a_wait_on_a_fifth_copy_is_no_wait() -> None:
    # why: 1111m 234p 567p 789s waits only on a fifth 1m (111m + tanki 1m): the set has four
    # (docs/rules/riichi.md §1). Dropping a 1m and drawing any X leaves 111m + tanki X: 1-shanten,
    # and every kind but 1m (which cannot be drawn) makes it ready.
    hand = counts("1111m234p567p789s")
    assert standard_shanten(hand) == 1
    assert improving_kinds(hand) == tuple(kind for kind in range(RIICHI_KINDS) if kind != k("1m"))


def test_a_hand_waiting_beside_a_kind_held_four_times_is_ready() -> None:
    # why: 1111m 2m 456p 789s 11z: 111m + 12m, a penchan beside the 11z pair, waits 3m. No other
    # tile completes it: 2m leaves 1111m 22m (a lone 1m), 1z leaves 1111m 2m with no pair.
    hand = counts("11112m456p789s11z")
    assert standard_shanten(hand) == 0
    assert improving_kinds(hand) == kinds("3m")


# --- hands further away


def test_one_shanten() -> None:
    # why: 12m 456p 789s 11z 22z 5z: with 3m, or a third 1z or 2z, dropping 5z leaves a ready
    # hand; the hand itself is not ready (5z and 12m both lack a tile). 5z, 1m or 2m drawn
    # leave two tiles lacking still.
    hand = counts("12m456p789s11z22z5z")
    assert shanten(hand).best == 1
    assert improving_kinds(hand) == kinds("3m12z")


def test_two_shanten() -> None:
    # why: 123m 456p, 13s (lacks 2s), 11z, and 5z 6z 7z: five groups hold at most one of the three
    # lone honours, so the best target (123m 456p 123s 11z + 555z, or 111z + 55z) lacks three
    # tiles. Seven Pairs: one pair of twelve kinds, 6 - 1 = 5; Thirteen Orphans: 1m 1s 1z 5z 6z
    # 7z and the 1z pair, 13 - 6 - 1 = 6.
    assert shanten(counts("123m456p13s11567z")) == Shanten(standard=2, pairs=5, orphans=6)


def test_seven_pairs_with_a_kind_held_four_times() -> None:
    # why: 1111m is one pair and two tiles more, never two pairs (docs/rules/riichi.md §3): five
    # pairs (1m 2p 3p 4s 5s) and the single 6z: 6z lacks one tile and a seventh kind two, 3 in
    # all: 2-shanten, not ready on 6z as it would be if 1111m were two pairs
    assert pairs_shanten(counts("1111m2233p4455s6z")) == 2
    # why: the same with 66z: six pairs and two spare 1m, a seventh pair lacks two tiles
    assert pairs_shanten(counts("1111m2233p4455s66z")) == 1


def test_seven_pairs_ready_waits_on_its_single() -> None:
    # why: six pairs and a lone 7z: ready on 7z only (four sets and a pair: 123m 123m 444p 555p
    # 66s lacks 4p and 5p, 1-shanten, which no single draw completes)
    hand = counts("112233m4455p66s7z")
    assert pairs_shanten(hand) == 0
    assert improving_kinds(hand) == kinds("7z")


def test_thirteen_orphans_with_a_pair_waits_on_the_missing_kind() -> None:
    # why: twelve orphan kinds and a second 1m: only the Red (7z) is missing
    hand = counts("119m19p19s123456z")
    assert orphans_shanten(hand) == 0
    assert improving_kinds(hand) == kinds("7z")


# --- melds


def test_melds_lower_the_sets_to_make() -> None:
    # why: two melds called: 23m 456p 11z make two sets and a pair with 1m or 4m
    hand = counts("23m456p11z")
    assert standard_shanten(hand, melds=2) == 0
    assert improving_kinds(hand, melds=2) == kinds("1m4m")
    # why: no Seven Pairs or Thirteen Orphans with melds
    assert shanten(hand, melds=2) == Shanten(standard=0, pairs=None, orphans=None)


def test_four_melds_leave_a_tanki() -> None:
    # why: four melds, one tile: it waits on its own pair
    assert standard_shanten(counts("5z"), melds=4) == 0
    assert improving_kinds(counts("5z"), melds=4) == kinds("5z")


def test_copies_in_a_meld_cannot_complete_the_pair() -> None:
    # why: a called pung of 5z holds three; the lone 5z is the fourth: its pair is a fifth copy,
    # so it is no wait (docs/rules/riichi.md §1 counts the melds). Dropping it and drawing any
    # other tile makes a tanki: 1-shanten. Without ``held`` the engine cannot know: ready.
    held = [0] * RIICHI_KINDS
    held[k("5z")] = 3
    room = Room(held)
    assert standard_shanten(counts("5z"), melds=4, room=room) == 1
    assert standard_shanten(counts("5z"), melds=4) == 0
    assert k("5z") not in improving_kinds(counts("5z"), melds=4, room=room)


def test_a_hand_of_the_wrong_size_is_refused() -> None:
    # why: no meld: 13 or 14 tiles; 12 tiles is neither 3n + 1 nor 3n + 2
    with pytest.raises(ValueError, match="13 or 14"):
        standard_shanten(counts("123m456p789s111z"))
    # why: improving_kinds is for a hand before its draw, 3n + 1 tiles
    with pytest.raises(ValueError, match="discard first"):
        improving_kinds(counts("123m456p789s111z22z"))


# --- three players: no 2m-8m


def test_sanma_cannot_build_on_the_missing_characters() -> None:
    # why: 1111m 1111z 222z 33z: with four players 111m + 1m + 23m, a run, is two tiles away
    # (1-shanten); in sanma there is no 2m or 3m, the spare 1m and 1z are fifth copies for any
    # pung or pair, so the best target (111m 111z 222z 333z + a new pair, or 33z + a new set)
    # lacks three tiles: 2-shanten (docs/rules/sanma.md §1)
    hand = counts("1111m111122233z")
    assert standard_shanten(hand) == 1
    assert standard_shanten(hand, room=Room(absent=SANMA_ABSENT)) == 2


def test_sanma_draws_leave_out_the_missing_characters() -> None:
    # why: 1m 9m beside 456p 789s 111z 22z: 1-shanten. With four players a second 1m or 9m (a
    # shanpon with 22z), a third 2z (two tanki), or 2m 3m 7m 8m (a partial run, 22z the pair)
    # make it ready; sanma has no 2m-8m to draw
    hand = counts("19m456p789s111z22z")
    assert improving_kinds(hand) == kinds("123789m2z")
    assert improving_kinds(hand, room=Room(absent=SANMA_ABSENT)) == kinds("19m2z")


# --- wild tiles (Baida): a wild stands for any tile, a fifth copy included (docs/rules/baida.md §2)


def test_a_wild_may_be_a_fifth_copy() -> None:
    # why: 1111m 234p 567p 789s and a Baida: 111m and the fourth 1m with the Baida as a fifth 1m
    # for the pair, which the Baida scorer accepts: complete
    assert standard_shanten(counts("1111m234p567p789s"), wilds=1) == -1


def test_wilds_complete_sets_and_the_pair() -> None:
    # why: 123m 456p 789s and a lone 1z with three Baida (13 tiles): 1z + two Baida are a pung,
    # the third Baida waits for any tile to pair: ready
    hand = counts("123m456p789s1z")
    assert standard_shanten(hand, wilds=3) == 0
    # why: every kind that can be drawn completes it, a Baida too
    assert improving_kinds(hand, wilds=3) == tuple(range(RIICHI_KINDS))


def test_wilds_in_seven_pairs_and_thirteen_orphans() -> None:
    # why: five pairs, a lone 6s and two Baida (13 tiles): one Baida pairs the 6s, the other
    # waits on its own pair: ready
    assert pairs_shanten(counts("1122m3344p556s"), wilds=2) == 0
    # why: twelve orphan kinds and one Baida: it is the Red, and any orphan drawn pairs: ready;
    # with two Baida, complete
    assert orphans_shanten(counts("19m19p19s123456z"), wilds=1) == 0
    assert orphans_shanten(counts("19m19p19s123456z"), wilds=2) == -1


def test_a_wild_game_has_no_fifth_copy_bar() -> None:
    # why: in Baida a drawn Baida completes any ready hand, so 1111m 234p 567p 789s with no
    # Baida in hand is ready all the same (a Baida as the fifth 1m); riichi's set says 1-shanten
    hand = counts("1111m234p567p789s")
    assert standard_shanten(hand, room=WILD_GAME) == 0
    # why: with baida=3z the Baida are 3z and 4z: drawn, a Baida is the fifth 1m and wins; no
    # other tile does (the fourth 1m needs a fifth for its pair, or 2m and 3m for a run), and
    # 1m cannot be drawn
    wild_kinds = (k("3z"), k("4z"))
    assert improving_kinds(hand, room=WILD_GAME, wild_kinds=wild_kinds) == wild_kinds


# --- the discard helper


def test_discards_give_each_drop_its_shanten_and_waits() -> None:
    # why: 123m 456p 789s 11z 22z 5z (14 tiles): only dropping 5z leaves a ready hand, a
    # shanpon on 1z or 2z; each other drop leaves the 5z and a broken group: 1-shanten
    rows = discards(counts("123m456p789s11z22z5z"))
    assert [row.kind for row in rows] == list(kinds("123m456p789s125z"))
    (ready,) = [row for row in rows if row.shanten.best == 0]
    assert ready.kind == k("5z")
    assert ready.improving == kinds("12z")
    assert all(row.shanten.best == 1 for row in rows if row is not ready)


def test_discards_of_a_hand_with_wilds_include_a_wild() -> None:
    # why: 123m 456p 789s 1z 5z and three Baida (14 tiles): dropping 5z leaves a ready hand (as
    # above); a Baida dropped is the last row, kind None, and leaves 5z and 1z lone with two
    # Baida: 1z + Baida + Baida a pung, 5z waits its pair: ready too
    rows = discards(counts("123m456p789s15z"), wilds=3)
    assert rows[-1].kind is None
    assert rows[-1].shanten.standard == 0


def test_discards_in_a_wild_game_count_as_improving_kinds_does() -> None:
    # why: 1111m 234p 567p 789s 5z and no Baida in hand, Baida 3z and 4z (baida=3z): dropping 5z
    # leaves 1111m 234p 567p 789s, which a drawn Baida completes (a fifth 1m, docs/rules/baida.md
    # §2): ready, and its row says so (in riichi's set it would be 1-shanten), waiting on the Baida
    wild_kinds = (k("3z"), k("4z"))
    rows = discards(counts("1111m234p567p789s5z"), wild_kinds=wild_kinds)
    (row,) = [row for row in rows if row.kind == k("5z")]
    assert row.shanten.standard == 0
    assert row.improving == wild_kinds
