"""Baida's Seven Pairs reading names all seven pairs, a pair of Baida alone included."""

from __future__ import annotations

from mjscore.scoring import score


def test_seven_pairs_lists_the_pair_the_baida_make_alone() -> None:
    # why: docs/rules/baida.md §1: baida=1p makes 1p and 2p the Baida, so the two 1p are wild. Six man
    # pairs and two Baida: the Baida pair each other, the seventh pair, and the reading
    # shows it (it once listed six pairs).
    result = score("baida:112233445566m1p+1p baida=1p tsumo", explain=True)
    (seven,) = [c for c in result.candidates if c.reading.endswith("seven pairs")]
    assert seven.reading == "11m · 22m · 33m · 44m · 55m · 66m · pair of Baida alone · seven pairs"
