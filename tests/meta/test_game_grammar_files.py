"""grammar/game.bnf and grammar/game-railroad.html stay in step with the game file's live grammar
(``grammar/build.py`` writes them; ``test_grammar_files`` checks every generated file is current),
and the BNF has a rule for every named element of it."""

from __future__ import annotations

import re
from pathlib import Path

import pyparsing as pp

from mjscore.bnf import generated_files
from mjscore.game import grammar

GRAMMAR_DIR = Path(__file__).resolve().parents[2] / "grammar"
RULE = re.compile(r"^<([^>]+)>\s+::=", re.MULTILINE)


def test_the_committed_game_files_are_current() -> None:
    generated = generated_files()
    for name in ("game.bnf", "game-railroad.html"):
        committed = (GRAMMAR_DIR / name).read_text(encoding="utf-8")
        assert committed == generated[name], f"run python grammar/build.py: {name}"


def test_every_game_element_has_a_rule() -> None:
    rules = RULE.findall((GRAMMAR_DIR / "game.bnf").read_text(encoding="utf-8"))
    assert len(rules) == len(set(rules)), "a rule is defined twice"
    assert [e.customName for e in grammar.ELEMENTS if e.customName not in rules] == []


def test_every_named_game_element_is_listed() -> None:
    """ELEMENTS names every named element a game line is made of, except those of the hand
    notation it reuses (key=value, the rule-set prefix, the draw word)."""
    listed = {id(e) for e in grammar.ELEMENTS}
    reused = {"key=value", "ruleset", "draw"}
    seen: set[int] = set()
    stack: list[pp.ParserElement] = [grammar.game_line]
    unlisted = []
    while stack:
        e = stack.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        if e.customName and id(e) not in listed and e.customName not in reused:
            unlisted.append(e.customName)
        stack.extend(e.recurse())
    assert unlisted == []


def test_the_bnf_says_how_a_game_line_reads() -> None:
    bnf = generated_files()["game.bnf"]
    # why: the shapes docs/notation.md §7 describes: a header of items, wins joined by "&", the three other lines
    assert re.search(r"^<wins> +::= <win> \( \"&\" ~ <win> \)\*$", bnf, flags=re.M)
    assert re.search(r"^<win> +::= <player> \":\" ~ <hand>$", bnf, flags=re.M)
    assert re.search(r"^<header line> ::= <key=value>\+$", bnf, flags=re.M)
    for word in ('"abort"i', '"chombo"i', "<draw line>", "players=", "uma=", "last_hand="):
        assert word in bnf
