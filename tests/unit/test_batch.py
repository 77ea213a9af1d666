"""``mjscore.batch``: several inputs, in this process or over workers; each rendered line says
which input it is from and its line number there (what the CLI's messages and records use)."""

from __future__ import annotations

import pytest

from mjscore.batch import Source, rendered_inputs
from mjscore.render.json import JsonRenderer
from mjscore.settings import Settings

GOOD = "baba:MBMBMB NBNBNB ron"


@pytest.mark.parametrize("jobs", [1, 2])
def test_each_rendered_line_names_its_input_and_its_line_there(jobs: int) -> None:
    first, second = Source(0, "a.txt"), Source(1, "b.txt")
    inputs = [(first, [GOOD + "\n"] * 700), (second, ["# a comment\n", GOOD + "\n", "baba:MB ron\n"])]
    found = [(r.source, r.number, bool(r.problems)) for r in rendered_inputs(inputs, Settings(), JsonRenderer(), jobs)]
    # why: 700 hands of a.txt, numbered 1-700 (two chunks of workers' work), then b.txt's lines 2 (a hand)
    # and 3 (one card: refused), its comment on line 1 skipped
    assert found == [(first, n, False) for n in range(1, 701)] + [(second, 2, False), (second, 3, True)]
