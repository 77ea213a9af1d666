"""Option declarations: switches, numbers and choices (a word among a fixed few)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from mjscore.options import option, option_values, read_table, specs


@dataclass(frozen=True, slots=True)
class TableOptions:
    loud: bool = option(False, "a switch", "made up")
    seats: int = option(4, "a number from a few", "made up", (3, 4))
    bonus: str = option("off", "a choice", "made up", words=("off", "mangan", "yakuman"))


def test_a_choice_reads_its_words_in_any_case_and_says_which_it_takes() -> None:
    spec = specs(TableOptions)[2]
    assert spec.is_choice and not spec.is_switch
    assert spec.read("Mangan") == "mangan"
    assert spec.accepted() == "off, mangan or yakuman"
    with pytest.raises(ValueError, match="bonus is off, mangan or yakuman, not 'double'"):
        spec.read("double")
    with pytest.raises(ValueError, match="bonus is off, mangan or yakuman"):
        spec.read(True)  # a TOML true is no word


def test_a_rules_file_table_reads_every_kind() -> None:
    values = read_table(TableOptions, {"loud": True, "seats": 3, "bonus": "yakuman"}, "rules.toml")
    assert values == {"loud": True, "seats": 3, "bonus": "yakuman"}


def test_a_choice_needs_its_default_among_its_words() -> None:
    @dataclass(frozen=True)
    class Broken:
        bonus: str = option("double", "a choice", "made up", words=("off", "mangan"))

    with pytest.raises(TypeError, match="needs its words"):
        specs(Broken)


def test_option_values_are_kept_per_options_object_and_read_only() -> None:
    options = TableOptions(seats=3)
    first = option_values(options)
    assert first == {"loud": False, "seats": 3, "bonus": "off"}
    with pytest.raises(TypeError):
        first["seats"] = 4  # type: ignore[index]
    # why: option_values keeps each options object's values, which every result's context holds:
    # no caller may change what the next one gets
    assert option_values(options) is first
    assert option_values(options) == {"loud": False, "seats": 3, "bonus": "off"}
    assert option_values(TableOptions()) == {"loud": False, "seats": 4, "bonus": "off"}
