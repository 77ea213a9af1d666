"""Baida's readings name every group, a group of Baida alone included, as the kind it stands for."""

from __future__ import annotations

import re

from mjscore.scoring import score


def _kept(line: str) -> str:
    (kept,) = [c.reading for c in score(line, explain=True).candidates if c.kept]
    return kept


def test_seven_pairs_lists_the_pair_the_baida_make_alone() -> None:
    # why: docs/rules/baida.md: baida=1p makes 1p and 2p the Baida, so the two 1p are wild. Six
    # man pairs and two Baida: the Baida pair each other, the seventh pair, and the reading
    # shows it (it once listed six pairs). Seven pairs are seven different pairs, and a man
    # pair keeps Pure One-Suit: the Baida stand for 77m, 88m or 99m (it once said "pair of
    # Baida alone", of no kind).
    kept = _kept("baida:112233445566m1p+1p baida=1p tsumo")
    assert re.fullmatch(r"11m · 22m · 33m · 44m · 55m · 66m · (77|88|99)m \(2 Baida\) · seven pairs", kept)


def test_a_set_of_baida_alone_that_fills_a_straight_is_shown_as_its_run() -> None:
    # why: baida=5p: 5p 5p and the drawn 6p are wild. 123p 789p 111z 22z hold a pin straight
    # but for 456p, which the three Baida alone make: the reading says 456p (it once said
    # "pung of Baida alone" for a group scored as a run).
    kept = _kept("baida:123789p111z22z55p+6p tsumo baida=5p")
    assert kept == "123p · 456p (3 Baida) · 789p · 111z · 22z · standard"


def test_a_pung_of_baida_alone_is_shown_in_the_suit_that_makes_mixed_one_suit() -> None:
    # why: baida=5p: three wilds beside three wind pungs and a North pair. The pung the Baida
    # make alone is scored as a suit pung (Mixed One-Suit): the reading names a kind of a suit
    # (any one), not an honour and not "pung of Baida alone".
    kept = _kept("baida:111222333z44z55p+6p tsumo baida=5p")
    assert re.fullmatch(r"(\d)\1\1[mps] \(3 Baida\) · 111z · 222z · 333z · 44z · standard", kept)
