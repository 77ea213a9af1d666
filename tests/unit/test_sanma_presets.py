"""Three-player riichi's presets: default (the riichi rule book played by three), tenhou and
mahjongsoul (docs/rules/sanma.md §8; files in mjscore/data/presets/sanma/).

Scores are worked out by hand from docs/rules/riichi.md and docs/rules/sanma.md; each says why.
"""

from __future__ import annotations

from importlib import resources

import pytest

from mjscore.errors import HandError
from mjscore.options import specs
from mjscore.presets import load_preset
from mjscore.rulesets import get_ruleset
from mjscore.rulesets.sanma import Sanma, SanmaOptions
from mjscore.scoring import score

SANMA = get_ruleset("sanma")


def test_every_preset_has_a_file_and_the_default_is_the_rule_sets_defaults() -> None:
    folder = resources.files("mjscore").joinpath("data/presets/sanma")
    files = {p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")}
    assert set(Sanma.presets) == files
    assert Sanma.presets[0] == "default"
    # read from the file itself: a line that chooses no preset is scored with the defaults as built in
    assert load_preset("sanma", "default", SanmaOptions).options == SanmaOptions()
    assert SANMA.default_preset() is not None and SANMA.default_preset().options == SanmaOptions()


@pytest.mark.parametrize("name", Sanma.presets)
def test_every_preset_sets_every_option_and_names_its_source(name: str) -> None:
    preset = SANMA.preset(name)
    assert set(preset.values) == {s.name for s in specs(SanmaOptions)}
    assert preset.title and preset.source


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul"])
def test_a_platforms_sanma_preset_is_its_four_player_preset_but_for_what_three_players_change(name: str) -> None:
    three = dict(SANMA.preset(name).values)
    four = dict(get_ruleset("riichi").preset(name).values)
    changed = {k for k in four if three[k] != four[k]}
    # why: docs/rules/sanma.md §8: no 5m in the set, 200 per honba; the rest as the platform's four-player table
    assert changed == {"aka_m", "honba_value"}
    assert (three["aka_m"], three["aka_p"], three["aka_s"], three["honba_value"]) == (0, 1, 1, 200)
    assert three["sanma_tsumo"] == "loss"


def test_a_red_five_counts_under_a_platform_preset() -> None:
    # why: riichi (1) + menzen tsumo (1) + prevalent wind East (1) + red 0p (1, aka on) = 4 han; fu 20 + 2 tsumo
    # + 8 (concealed 1m pung) + 8 (concealed 1z pung, the tsumo completes it) = 38 -> 40: base 40 x 2^6 = 2560,
    # capped at mangan (2000); non-dealer tsumo with the tsumo loss: dealer 4000, the other payer W 2000 = 6000
    result = score("sanma:11199m406p789s11z+1z tsumo riichi seat=S preset=tenhou")
    assert result.total == 4
    assert result.deltas == {"E": -4000, "S": 6000, "W": -2000}
    # why: without the red five (a plain 5p) the same hand is 3 han 40 fu: base 40 x 2^5 = 1280;
    # dealer 2600, W 1300 = 3900
    assert score("sanma:11199m456p789s11z+1z tsumo riichi seat=S preset=tenhou").received == 3900


def test_two_red_5p_are_refused_where_the_set_holds_one() -> None:
    # why: tenhou (sanma) holds one red 5p (aka_p=1); the default preset holds two (riichi's set)
    with pytest.raises(HandError) as refused:
        score("sanma:111m12300p789s11z+1z tsumo riichi seat=S preset=tenhou")
    assert [p.code for p in refused.value.problems] == ["too-many-red-fives"]
    # why: riichi, menzen tsumo, prevalent wind East (3 han) + the pair of red fives (2, aka on) = 5
    assert score("sanma:111m12300p789s11z+1z tsumo riichi seat=S").total == 5


def test_honba_are_worth_200_in_every_sanma_preset() -> None:
    # why: riichi (1) + menzen tsumo (1) + pinfu (1) = 3 han, 20 fu: base 20 x 2^5 = 640; non-dealer tsumo:
    # dealer 1300, W 700 (the tsumo loss), each + 100 per honba (200 a honba, two payers): + 200 with 2 honba
    line = "sanma:99m123456p34789s+5s tsumo riichi seat=S honba=2 preset={}"
    for preset in Sanma.presets:
        assert score(line.format(preset)).deltas == {"E": -1500, "S": 2400, "W": -900}


def test_no_double_yakuman_under_tenhou_sanma() -> None:
    # why: Thirteen Orphans on the 13-sided wait: a double yakuman by default (64,000 for a non-dealer ron),
    # a single one under tenhou (32,000)
    line = "sanma:19m19p19s1234567z+1m ron seat=S from=E"
    assert score(line).received == 64000
    assert score(line + " preset=tenhou").received == 32000
    assert score(line + " preset=mahjongsoul").received == 64000
