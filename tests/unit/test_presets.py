"""Presets: the files riichi ships, the loader, how a line's options are resolved (defaults <
preset < rules file < the line; the line's preset= < --preset < a rules file's preset = for
choosing one), the header and context that name it, and the problems of a bad one.

Scores are worked out by hand from docs/rules/riichi.md; each says why.
"""

from __future__ import annotations

from importlib import resources
from types import MappingProxyType

import pytest

from mjscore.errors import HandError, UsageError
from mjscore.options import option_values, specs
from mjscore.presets import load_preset, read_preset
from mjscore.rulesets import get_ruleset
from mjscore.rulesets.riichi import Riichi, RiichiOptions
from mjscore.scoring import score
from mjscore.settings import Settings

RIICHI = get_ruleset("riichi")
# why: 4 han 30 fu non-dealer ron (riichi, pinfu, all simples, dora 2m from indicator 1m): base 30 x 64 = 1920,
# ron 7680 -> 7700; with kiriage the base rounds up to mangan: 8000 (docs/rules/riichi.md §2, §7).
KIRIAGE_HAND = "234m55p456p678s23s+4s ron riichi dora=1m"
PLAIN, ROUNDED_UP = 7700, 8000


def _file_names(ruleset: str) -> set[str]:
    folder = resources.files("mjscore").joinpath(f"data/presets/{ruleset}")
    return {p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")}


def _settings(preset: str | None = None, riichi: dict[str, object] | None = None) -> Settings:
    options = MappingProxyType({"riichi": MappingProxyType(riichi)}) if riichi is not None else MappingProxyType({})
    return Settings(options=options, source="rules file test.toml", preset=preset)


def _received(line: str, settings: Settings | None = None) -> int:
    result = score(line, settings)
    assert result.received is not None
    return result.received


# -- the files


def test_every_preset_file_is_declared_and_every_declared_preset_has_a_file() -> None:
    assert set(Riichi.presets) == _file_names("riichi")


def test_the_default_preset_is_the_rule_sets_defaults() -> None:
    # yakuza2 is first (the default) and sets every option to its built-in default: no score changes without a preset
    assert Riichi.presets[0] == "yakuza2"
    # read from the file itself: a line that chooses no preset is scored with the defaults as built in
    assert load_preset("riichi", "yakuza2", RiichiOptions).options == RiichiOptions()
    assert RIICHI.default_preset() is not None and RIICHI.default_preset().options == RiichiOptions()


@pytest.mark.parametrize("name", Riichi.presets)
def test_every_preset_sets_every_option_and_names_its_source(name: str) -> None:
    """A preset that left an option out would score it as Yakuza 2 does, which it need not: each states all."""
    preset = RIICHI.preset(name)
    assert set(preset.values) == {s.name for s in specs(RiichiOptions)}
    assert preset.title and preset.source


# The values the sources give (the preset files cite each one); a file edited by mistake fails here.
SOURCED = {
    # option: (yakuza2, tenhou, mahjongsoul, wrc, ema, mleague)
    "kuitan": (True, True, True, True, True, True),
    "ryanshi": (True, False, False, False, False, False),
    "yakuman_stack": (True, True, True, True, False, True),
    "double_yakuman": (True, False, True, False, False, False),
    "kiriage": (False, False, False, True, False, True),
    "aka": (False, True, True, False, False, True),
    "aka_m": (1, 1, 1, 0, 0, 1),
    "aka_p": (2, 1, 1, 0, 0, 1),
    "aka_s": (1, 1, 1, 0, 0, 1),
    "honba_value": (300, 300, 300, 300, 300, 300),
    "nagashi": (True, True, True, False, False, False),
    "pao_hands": ("dragons-winds",) * 5 + ("dragons-winds-kongs",),
    "pao_scope": ("yakuman", "hand", "yakuman", "yakuman", "yakuman", "yakuman"),
    "pao_honba": ("discarder", "liable", "discarder", "discarder", "discarder", "liable"),
    "double_wind_fu": (4, 4, 4, 4, 4, 2),
    "kazoe": (True, True, True, False, False, False),
    **dict.fromkeys(
        ("double_kokushi", "double_suuankou", "double_chuuren", "double_daisuushii"),
        (True, False, True, False, False, False),
    ),
    "daisharin": (True, False, False, False, False, False),
    "renhou": ("off", "off", "off", "5han", "mangan", "off"),
}


@pytest.mark.parametrize("option", SOURCED)
def test_preset_values_are_those_of_their_sources(option: str) -> None:
    assert tuple(getattr(RIICHI.preset(n).options, option) for n in Riichi.presets) == SOURCED[option]


# -- the loader

GOOD = 'title = "A table"\nsource = "a document"\n[options]\nkiriage = true\n'


def test_a_preset_file_reads_its_title_source_and_options() -> None:
    preset = read_preset(GOOD, "club", RiichiOptions, "club.toml")
    assert (preset.title, preset.source, dict(preset.values)) == ("A table", "a document", {"kiriage": True})
    assert preset.options == RiichiOptions(kiriage=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD + "wareme = true\n", "no option 'wareme'"),  # an option the rule set does not have
        (GOOD.replace("kiriage = true", "kiriage = 4"), "kiriage is on or off, not 4"),
        (GOOD + "[extra]\n", "no key 'extra'"),
        (GOOD.replace('title = "A table"\n', ""), "title = is text in quotes"),
        ('title = "t"\nsource = "s"\n', r"\[options\] is a table"),
        ("title = ", "not valid TOML"),
    ],
)
def test_the_loader_refuses_a_bad_preset_file(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_preset(text, "club", RiichiOptions, "club.toml")


def test_a_preset_file_is_read_once() -> None:
    """Resolved once and kept: a batch of lines under a preset reads its file once. (Told by
    identity, as patching the reader would not show in the compiled build, whose calls between
    its modules are direct: a second read would make a new preset.)"""
    ruleset = Riichi()
    settings = Settings()
    preset = ruleset.preset("wrc")
    first = ruleset.base_options(settings, preset)
    assert ruleset.preset("wrc") is preset
    assert ruleset.base_options(settings, ruleset.preset("wrc")) is first
    assert list(ruleset.loaded_presets) == ["wrc"]


# -- choosing a preset, and what overrides it


def test_a_line_chooses_a_preset_in_any_case() -> None:
    assert _received(KIRIAGE_HAND) == PLAIN  # why: yakuza2, kiriage off
    assert _received(KIRIAGE_HAND + " preset=wrc") == ROUNDED_UP  # why: WRC 2015 §6.1 rounds 1920 up
    assert _received(KIRIAGE_HAND + " preset=WRC") == ROUNDED_UP


def test_an_explicit_option_overrides_the_preset_without_an_error() -> None:
    assert _received(KIRIAGE_HAND + " preset=wrc kiriage=off") == PLAIN  # why: the line's kiriage=off wins


def test_the_rules_file_and_the_command_line_choose_a_preset() -> None:
    assert _received(KIRIAGE_HAND, _settings(riichi={"preset": "wrc"})) == ROUNDED_UP  # why: the file's preset
    assert _received(KIRIAGE_HAND, _settings(preset="mleague")) == ROUNDED_UP  # why: --preset; M.League has kiriage


def test_which_preset_wins() -> None:
    # the line's preset= beats --preset, which beats the rules file's preset =
    file_wrc = {"preset": "wrc"}
    assert _received(KIRIAGE_HAND, _settings(preset="tenhou", riichi=file_wrc)) == PLAIN  # why: tenhou, no kiriage
    assert _received(KIRIAGE_HAND + " preset=wrc", _settings(preset="tenhou")) == ROUNDED_UP  # why: the line's wrc


def test_rules_file_options_override_the_preset_and_the_line_overrides_both() -> None:
    file_options = {"preset": "wrc", "kiriage": False}
    assert _received(KIRIAGE_HAND, _settings(riichi=file_options)) == PLAIN  # why: the file's kiriage=false
    assert _received(KIRIAGE_HAND + " preset=mleague", _settings(riichi=file_options)) == PLAIN  # why: the file's too
    assert _received(KIRIAGE_HAND + " kiriage=on", _settings(riichi=file_options)) == ROUNDED_UP  # why: the line's


# -- what a result says


def _header(line: str, settings: Settings | None = None) -> dict[str, str]:
    return dict(score(line, settings).header)


def test_the_header_names_the_preset_and_the_options_that_differ_from_it() -> None:
    assert _header(KIRIAGE_HAND)["preset"] == "yakuza2"
    assert "options" not in _header(KIRIAGE_HAND)
    assert "options" not in _header(KIRIAGE_HAND + " preset=wrc")  # wrc's own kiriage=on is no difference
    differs = _header(KIRIAGE_HAND + " preset=wrc kiriage=off")
    assert (differs["preset"], differs["options"]) == ("wrc", "kiriage=off")
    assert _header(KIRIAGE_HAND + " kiriage=on")["options"] == "kiriage=on"  # against yakuza2, as before


def test_the_title_context_and_canonical_line_name_the_preset() -> None:
    result = score(KIRIAGE_HAND + " preset=WRC")
    assert result.ruleset_title == "Riichi (World Riichi Championship rules, 2022 and 2025)"
    assert result.context["preset"] == "wrc"
    assert result.context["options"] == dict(option_values(RIICHI.preset("wrc").options))
    assert result.hand.endswith(" preset=wrc")  # the line wrote it: pasted back, it scores the same
    assert score(result.hand).received == ROUNDED_UP
    chosen_elsewhere = score(KIRIAGE_HAND, _settings(preset="wrc"))
    assert "preset=" not in chosen_elsewhere.hand  # as an option from a rules file, not written on the line
    assert score(KIRIAGE_HAND).ruleset_title == "Riichi (Yakuza 2 table rules)"


def test_hana_has_no_presets_and_its_context_names_none() -> None:
    result = score("hana:123m456p789s1122z+2z 1f3g tsumo")
    assert "preset" not in result.context and "preset" not in dict(result.header)


# -- bad input


def _problems(line: str, settings: Settings | None = None) -> list[tuple[str, str, int]]:
    with pytest.raises(HandError) as caught:
        score(line, settings)
    return [(p.code, p.message, p.col) for p in caught.value.problems]


def test_an_unknown_preset_is_told_at_its_column_with_a_guess() -> None:
    line = "12399m456p23789s+4s ron preset=tenhuo"
    [(code, message, col)] = _problems(line)
    assert code == "unknown-preset" and col == line.index("tenhuo") + 1
    assert "did you mean 'tenhou'?" in message and "presets: yakuza2, tenhou" in message


@pytest.mark.parametrize(
    "line",
    ["baba:馬馬馬場場O dora=場 tsumo preset=wrc", "baida:12346p789p789m11z+5p tsumo baida=5p preset=wrc"],
)
def test_a_preset_on_a_rule_set_without_presets_says_so(line: str) -> None:
    [(code, message, col)] = _problems(line)
    assert code == "no-presets" and "its rule set has no presets" in message and col == line.index("wrc") + 1


def test_hana_has_no_presets_either() -> None:
    [(code, _, _)] = _problems("hana:123m456p789s1122z+2z 1f3g tsumo preset=wrc")
    assert code == "no-presets"


def test_a_draw_line_takes_its_preset_as_a_win_does() -> None:
    # why: wrc has no nagashi mangan (nagashi=false): refused at the seats named, as --preset wrc refuses it
    [(code, _, col)] = _problems("riichi: draw nagashi=S preset=wrc")
    assert (code, col) == ("nagashi-off", len("riichi: draw nagashi=") + 1)
    [(code, _, _)] = _problems("riichi: draw nagashi=S", _settings(preset="wrc"))
    assert code == "nagashi-off"
    # why: the no-ten payments do not change (3000 from the three not ready); the header and the line say wrc
    result = score("riichi: draw tenpai=E preset=wrc")
    assert result.deltas == {"E": 3000, "S": -1000, "W": -1000, "N": -1000}
    assert dict(result.header)["preset"] == "wrc"
    assert result.hand == "riichi:draw tenpai=E preset=wrc"
    assert result.ruleset_title.startswith("Riichi (World Riichi Championship")
    assert result.context["preset"] == "wrc"
    # why: a draw's context holds every option's value as a win's does: WRC's kiriage (on), the line's honba_value
    options = score("riichi: draw tenpai=E preset=wrc honba_value=600").context["options"]
    assert isinstance(options, MappingProxyType)
    assert options == dict(option_values(RIICHI.preset("wrc").options)) | {"honba_value": 600}
    assert options["kiriage"] is True


def test_the_command_lines_preset_on_a_line_of_a_rule_set_without_it_is_a_problem_of_that_line() -> None:
    [(code, message, col)] = _problems("baba:馬馬馬場場O dora=場 tsumo", _settings(preset="tenhou"))
    assert (code, col) == ("no-presets", 0) and message.startswith("--preset tenhou: baba has no presets")


@pytest.mark.parametrize(
    ("section", "message"),
    [({"preset": "wcr"}, "did you mean 'wrc'"), ({"preset": 3}, "a preset's name in quotes, not 3")],
)
def test_a_bad_preset_in_a_rules_file_is_a_usage_error(section: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        RIICHI.base_options(_settings(riichi=section))
