"""Baida's readings name every group, a group of Baida alone included, as the kind it stands for."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import product

import pytest

from mjscore.families.mpsz.tiles import RIICHI_KINDS, RUN_STARTS
from mjscore.hand import Group, Reading, Shape
from mjscore.rulesets import baida
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


def _every_assignment(r: Reading) -> Iterator[Reading]:
    """``r`` with its groups of Baida alone made every pung, run or pair there is (seven pairs:
    seven different pairs): the search ``baida._assigned`` cuts short."""
    known = tuple(g for g in r.groups if g.kind is not None)
    choices = [
        [Group(Shape.SET, k, 3) for k in range(RIICHI_KINDS)] + [Group(Shape.RUN, k, 3) for k in sorted(RUN_STARTS)]
        if g.shape is Shape.SET
        else [Group(Shape.PAIR, k, 2) for k in range(RIICHI_KINDS)]
        for g in r.groups
        if g.kind is None
    ]
    for made in product(*choices):
        kinds = [g.kind for g in known + made]
        if r.shape != baida.SEVEN_PAIRS or len(set(kinds)) == len(kinds):
            yield Reading(r.shape, known + made)


@pytest.mark.parametrize(
    "line",
    [
        "baida:111222333z44z55p+6p tsumo baida=5p",  # a pung of Baida alone beside honours
        "baida:123789p111z22z55p+6p tsumo baida=5p",  # ... that fills a straight
        "baida:123m555666p7899s+9s tsumo baida=5p",  # two sets of Baida alone
        "baida:112233445566z5p+6p tsumo baida=5p",  # a seventh pair of Baida alone
        "baida:6p(111z)(222z)(333z)(444z)+5p tsumo baida=5p",  # a pair of Baida alone beside claimed melds
        "baida:123m5556666p45s1z+6s ron baida=5p",  # seven Baida held, won on a discard
    ],
)
def test_the_assignments_tried_score_as_high_as_every_assignment(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # why: docs/rules/baida.md: every assignment of the Baida is tried and the highest total
    # kept. For a group of Baida alone the scorer tries only the hand's suit and a straight's
    # missing runs; trying every kind it could be instead must find no higher total.
    tried = score(line).total
    monkeypatch.setattr(baida, "_assigned", _every_assignment)
    assert score(line).total == tried
