"""The game's rules and each preset's table (mjscore/data/games/): one table per preset of each rule
set a game is kept for, the rule book's defaults where the preset is the rule book's, and the
README's comparison of the presets held to the data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjscore.game.options import DEFAULT_TABLE, BabaGameOptions, GameOptions, game_tables
from mjscore.game.replay import LEDGERS
from mjscore.options import specs
from mjscore.rulesets import REGISTRY, get_ruleset

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ruleset", sorted(LEDGERS))
def test_every_preset_has_a_game_table(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    tables = game_tables(ruleset)
    # why: a rule set without presets (hana, Baida, BABA) has one table, [default]
    assert sorted(tables) == sorted(rs.presets or [DEFAULT_TABLE])
    players = len(LEDGERS[ruleset].seats(rs))
    for name, table in tables.items():
        if not isinstance(table.options, GameOptions):
            # why: Baida's and BABA's standings rank their own count, points or KOBAN: no uma
            # (docs/rules/baida.md §9, docs/rules/baba.md §7)
            assert table.uma == (), name
            continue
        # why: one uma per place, adding up to 0 (a header's uma= is held to the same)
        assert (len(table.uma), sum(table.uma)) == (players, 0), name


def test_every_rule_set_keeps_games() -> None:
    # why: mjscore game keeps a game of each built-in rule set (README, "Whole games"); only one
    # registered from outside mjscore has no ledger
    assert sorted(LEDGERS) == sorted(REGISTRY)


def test_the_rule_books_table_is_the_options_defaults() -> None:
    # why: GameOptions' defaults are docs/rules/riichi.md §10, which the yakuza2 preset is
    assert game_tables("riichi")["yakuza2"].options == GameOptions()
    assert game_tables("riichi")["yakuza2"].uma == (25000, 0, -10000, -15000)


def test_every_table_sets_every_option() -> None:
    # why: a table that leaves an option out would take the rule book's silently, uncited
    names = {s.name for s in specs(GameOptions)}
    text = (ROOT / "mjscore" / "data" / "games" / "riichi.toml").read_text(encoding="utf-8")
    for section in re.split(r"^\[\w+\]$", text, flags=re.M)[1:]:
        assert set(re.findall(r"^(\w+) =", section, flags=re.M)) == names | {"uma"}


def test_babas_tables_are_the_rules_and_say_where_they_chose() -> None:
    # why: BabaGameOptions' defaults are the Expert rules' (docs/rules/baba.md §1: 8 KOBAN, 2 OBABA)
    assert game_tables("baba")[DEFAULT_TABLE].options == BabaGameOptions()
    # why: the Beginner rules start with 5 KOBAN each, everything else as Expert (docs/rules/baba.md §1)
    assert game_tables("baba-beginner")[DEFAULT_TABLE].options == BabaGameOptions(start=5)
    names = {s.name for s in specs(BabaGameOptions)}
    silent = {"obaba_reset", "deal", "debt", "leftover_pot"}  # what docs/rules/baba.md §7 leaves open
    for ruleset in ("baba", "baba-beginner"):
        text = (ROOT / "mjscore" / "data" / "games" / f"{ruleset}.toml").read_text(encoding="utf-8")
        (section,) = re.split(r"^\[default\]$", text, flags=re.M)[1:]
        values = dict(re.findall(r"^(\w+) += .*?# (.*)$", section, flags=re.M))
        # why: every option set, each with its source; the ones the rules are silent on say they were chosen
        assert set(values) == names, ruleset
        assert {name for name, why in values.items() if why.startswith("chosen:")} == silent, ruleset


def test_the_readme_compares_the_presets_as_the_data_says() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    head = "| option | `yakuza2` | `tenhou` | `mahjongsoul` | `wrc` | `ema` | `mleague` |"
    rows = readme.split(head, 1)[1].split("\n\n", 1)[0].strip().splitlines()[1:]
    tables = game_tables("riichi")
    names = ["yakuza2", "tenhou", "mahjongsoul", "wrc", "ema", "mleague"]
    for row in rows:
        option, *cells = [c.strip().replace("`", "") for c in row.strip("|").split("|")]
        if option == "uma":
            found = [" ".join(f"{u:+d}" if u else "0" for u in tables[n].uma) for n in names]
        elif option == "start / target":
            found = [f"{tables[n].options.start} / {tables[n].options.target}" for n in names]
        else:
            spec = next(s for s in specs(GameOptions) if s.name == option)
            found = [spec.shown(getattr(tables[n].options, option)) for n in names]
        assert cells == found, option
    assert len(rows) >= 10
