"""The game's rules and each preset's table (mjscore/data/games/): one table per preset of each rule
set a game is kept for, the rule book's defaults where the preset is the rule book's, and the
README's comparison of the presets held to the data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjscore.game.options import NO_PRESET, GameOptions, game_tables
from mjscore.game.replay import LEDGERS
from mjscore.options import specs
from mjscore.rulesets import get_ruleset

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ruleset", sorted(LEDGERS))
def test_every_preset_has_a_game_table(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    tables = game_tables(ruleset)
    # why: a rule set without presets (hana, Baida) has one table, [default]
    assert sorted(tables) == sorted(rs.presets or [NO_PRESET])
    players = len(LEDGERS[ruleset].seats(rs))
    for name, table in tables.items():
        # why: one uma per place, adding up to 0 (a header's uma= is held to the same); a Baida game has none
        places = 0 if ruleset == "baida" else players
        assert (len(table.uma), sum(table.uma)) == (places, 0), name


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
