"""Presets on the command line: ``--preset`` on score and batch, ``preset =`` in a rules file,
``mjscore rules riichi --preset NAME`` and ``--compare``, and their usage errors (exit 2).

Scores are worked out by hand from docs/rules/riichi.md; each says why.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mjscore.cli import main

# why: 4 han 30 fu non-dealer ron (riichi, pinfu, all simples, dora 2m): base 1920, ron 7680 -> 7700; kiriage: 8000.
HAND = "234m55p456p678s23s+4s ron riichi dora=1m"


@pytest.fixture(autouse=True)
def no_rules_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MJSCORE_RULES", raising=False)


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info  # no traceback
    return result


def received(result: Result) -> list[int]:
    return [json.loads(line)["received"] for line in result.stdout.splitlines()]


def test_score_takes_a_preset() -> None:
    assert received(run("score", HAND, "--format", "json")) == [7700]  # why: yakuza2: no kiriage
    assert received(run("score", HAND, "--preset", "wrc", "--format", "json")) == [8000]  # why: WRC kiriage


def test_batch_takes_a_preset_and_a_line_may_choose_another() -> None:
    lines = f"{HAND}\n{HAND} preset=tenhou\n"
    result = run("batch", "-", "--preset", "mleague", "--format", "json", input=lines)
    assert result.exit_code == 0
    assert received(result) == [8000, 7700]  # why: M.League rounds up; the line's tenhou does not


def test_the_table_header_names_the_preset() -> None:
    out = run("score", HAND, "--preset", "wrc", "kiriage=off").stdout
    assert out.startswith("Riichi (World Riichi Championship rules, 2022 and 2025): ")
    assert re.search(r"^  preset: wrc$", out, re.M) and re.search(r"^  options: kiriage=off$", out, re.M)


@pytest.mark.parametrize("command", ["score", "batch"])
def test_an_unknown_preset_is_a_usage_error_with_a_guess(command: str) -> None:
    result = run(command, "--preset", "tenhuo", HAND if command == "score" else "-", input="")
    assert result.exit_code == 2
    assert "Invalid value for --preset: riichi has no preset 'tenhuo'; did you mean 'tenhou'?" in result.stderr


def test_a_preset_the_default_rule_set_does_not_have_is_a_usage_error() -> None:
    result = run("score", "--rules", "baba", "--preset", "wrc", "baba:馬馬馬場場O dora=場 tsumo")
    assert result.exit_code == 2 and "baba has no presets" in result.stderr


def test_a_line_of_another_rule_set_under_preset_is_refused_where_it_stands() -> None:
    result = run("batch", "-", "--preset", "wrc", input=f"{HAND}\nbaba:馬馬馬場場O dora=場 tsumo\n")
    assert result.exit_code == 1
    assert "<stdin>:2:1: --preset wrc: baba has no presets" in result.stderr  # the line as a whole (col 0)


def test_a_rules_file_chooses_a_preset_in_the_section_of_its_rule_set(tmp_path: Path) -> None:
    rules = tmp_path / "club.toml"
    rules.write_text('[riichi]\npreset = "wrc"\n', encoding="utf-8")
    assert received(run("score", HAND, "--rules", str(rules), "--format", "json")) == [8000]  # why: WRC kiriage
    overridden = run("score", HAND, "--rules", str(rules), "--preset", "tenhou", "--format", "json")
    assert received(overridden) == [7700]  # why: --preset tenhou stands above the file's preset


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[riichi]\npreset = "wcr"\n', "riichi has no preset 'wcr'; did you mean 'wrc'?"),
        ('preset = "wrc"\n', 'preset = belongs in the section of its rule set: [riichi] preset = "tenhou"'),
        ('[baba]\npreset = "wrc"\n', "baba has no presets"),
    ],
)
def test_a_bad_preset_in_a_rules_file_is_a_usage_error(tmp_path: Path, text: str, message: str) -> None:
    rules = tmp_path / "club.toml"
    rules.write_text(text, encoding="utf-8")
    result = run("score", HAND, "--rules", str(rules))
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


def test_rules_shows_the_options_as_a_preset_sets_them() -> None:
    result = run("rules", "riichi", "--preset", "WRC")
    assert result.exit_code == 0
    assert re.search(r"^kiriage\s+on\s+off\s", result.stdout, re.M)  # wrc's value, then the default
    assert re.search(r"^double_yakuman\s+off\s+on\s", result.stdout, re.M)
    assert "Preset wrc: World Riichi Championship rules" in result.stdout
    assert "Source: WRC Rules 2025, https://www.worldriichi.org/wrc-rules" in result.stdout


def test_rules_compares_the_presets_side_by_side() -> None:
    out = run("rules", "riichi", "--compare").stdout
    header = next(line for line in out.splitlines() if line.startswith("option"))
    assert header.split() == ["option", "yakuza2", "tenhou", "mahjongsoul", "wrc", "ema", "mleague"]
    rows = {
        line.split()[0]: line.split()[1:] for line in out.splitlines() if line.split()[:1] in (["kiriage"], ["ryanshi"])
    }
    assert rows["kiriage"] == ["off", "off", "off", "on", "off", "on"]  # WRC 2015 §6.1; M.League
    assert rows["ryanshi"] == ["on", "off", "off", "off", "off", "off"]  # only Yakuza 2 has the two-fan minimum


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["rules", "riichi", "--preset", "wcr"],
            "Invalid value for --preset: riichi has no preset 'wcr'; did you mean",
        ),
        (["rules", "baba", "--compare"], "Invalid value for --compare: baba has no presets to compare"),
        (["rules", "baba", "--preset", "wrc"], "Invalid value for --preset: baba has no presets"),
        (["rules", "--compare"], "--compare needs a rule set: mjscore rules riichi"),
        (["rules", "riichi", "--compare", "--preset", "wrc"], "--compare shows every preset"),
    ],
)
def test_rules_refuses_a_preset_it_cannot_show(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in result.stderr


def test_help_teaches_presets() -> None:
    assert "tenhou, mahjongsoul, wrc, ema and mleague" in " ".join(run("score", "--help").stdout.split())
    assert "--compare" in run("rules", "--help").stdout


def test_a_csv_row_names_the_preset_it_was_scored_with(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{HAND}\n{HAND} preset=mleague\nbaba:馬馬馬場場O dora=場 tsumo\n", encoding="utf-8")

    def presets(*options: str) -> list[tuple[str, str, str]]:
        rows = [line.split(",") for line in run("batch", str(hands), "--format", "csv", *options).stdout.splitlines()]
        at = {name: rows[0].index(name) for name in ("ruleset", "preset", "kind")}
        return [(row[at["ruleset"]], row[at["kind"]], row[at["preset"]]) for row in rows[1:]]

    # why: a line without preset= scores with the default (yakuza2) or --preset's; its own preset= wins;
    # BABA has no presets (blank), and --preset on a BABA line is an error (no-presets), which names none
    assert presets() == [("riichi", "win", "yakuza2"), ("riichi", "win", "mleague"), ("baba", "win", "")]
    assert presets("--preset", "wrc") == [("riichi", "win", "wrc"), ("riichi", "win", "mleague"), ("baba", "error", "")]
