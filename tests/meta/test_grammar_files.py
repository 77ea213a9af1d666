"""grammar/ stays in step with the live grammar: the committed BNF and railroad
diagram are what ``grammar/build.py`` would write now, and the BNF names every
grammar element."""

from __future__ import annotations

import importlib.util
import io
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pyparsing as pp
import pytest

from mjscore.bnf import ebnf, generated_files, notation_bnf, railroad_html
from mjscore.notation import grammar

GRAMMAR_DIR = Path(__file__).resolve().parents[2] / "grammar"
RULE = re.compile(r"^<([^>]+)>\s+::=", re.MULTILINE)


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    return generated_files()


@pytest.mark.parametrize("name", ["notation.bnf", "railroad.html"])
def test_committed_file_is_up_to_date(name: str, generated: dict[str, str]) -> None:
    committed = (GRAMMAR_DIR / name).read_text(encoding="utf-8")
    if committed != generated[name]:
        pytest.fail(f"grammar/{name} no longer matches the grammar: run python grammar/build.py", pytrace=False)


def test_every_grammar_element_has_a_rule() -> None:
    rules = RULE.findall((GRAMMAR_DIR / "notation.bnf").read_text(encoding="utf-8"))
    assert len(rules) == len(set(rules)), "a rule is defined twice"
    missing = [e.customName for e in grammar.ELEMENTS if e.customName not in rules]
    assert missing == []
    assert {"line", "body"} <= set(rules)


def _named_reachable(root: pp.ParserElement) -> list[pp.ParserElement]:
    seen: set[int] = set()
    found: list[pp.ParserElement] = []
    stack = [root]
    while stack:
        e = stack.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        if e.customName:
            found.append(e)
        stack.extend(e.recurse())
    return found


def test_every_named_element_is_listed() -> None:
    """ELEMENTS is complete: each named element a body or the prefix uses is in it,
    every body is in it, and no two elements share a name."""
    listed = {id(e) for e in grammar.ELEMENTS}
    for root in (grammar.ruleset_prefix, *grammar.BODIES.values()):
        assert id(root) in listed
        unlisted = [e.customName for e in _named_reachable(root) if id(e) not in listed]
        assert unlisted == [], f"named but not in grammar.ELEMENTS: {unlisted}"
    names = [e.customName for e in grammar.ELEMENTS]
    assert all(names)
    assert len(names) == len(set(names))


def test_generation_is_repeatable() -> None:
    """The same bytes however often and after whatever else pyparsing drew before."""
    first, first_bnf = railroad_html(), notation_bnf()
    other = (pp.Word("a").set_name("item") + pp.Regex("b").set_name("line")).set_name("unrelated")
    other.create_diagram(io.StringIO())
    assert railroad_html() == first
    assert notation_bnf() == first_bnf
    anchors = re.findall(r'id="([^"]+)"', first)
    assert len(anchors) == len(set(anchors))
    assert set(re.findall(r'href="#([^"]+)"', first)) <= set(anchors)


def test_bnf_names_what_a_hand_is_made_of(generated: dict[str, str]) -> None:
    bnf = generated["notation.bnf"]
    assert re.search(r"^<line> +::= \[ <ruleset> \] <body>$", bnf, flags=re.M)
    for word in ("tsumo", "ron", "menzen", "dora=", "pot=", "players=", "馬馬馬場場", "MB", "OBABA"):
        assert word in bnf


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("grammar_build", GRAMMAR_DIR / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_build_check_finds_a_stale_file(tmp_path: Path, generated: dict[str, str]) -> None:
    build = _build_script()
    for name, text in generated.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert build.stale(tmp_path) == {}
    (tmp_path / "notation.bnf").write_text(generated["notation.bnf"].replace("<item>*", "<item>+"), encoding="utf-8")
    (tmp_path / "railroad.html").unlink()
    diffs = build.stale(tmp_path)
    assert sorted(diffs) == ["notation.bnf", "railroad.html"]
    assert re.search(r"^-<baba body> +::= <card group>\+ <item>\+$", diffs["notation.bnf"], flags=re.M)


def test_build_check_passes_on_the_committed_files() -> None:
    done = subprocess.run(
        [sys.executable, str(GRAMMAR_DIR / "build.py"), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_scoring_does_not_load_the_generator() -> None:
    """Reading and scoring hands never imports the BNF writer or the diagram machinery."""
    code = (
        "import sys, mjscore.cli; from mjscore import score; score('baba:馬馬馬場場O dora=場 tsumo menzen'); "
        "print(sorted(m for m in ('mjscore.bnf', 'pyparsing.diagram', 'railroad', 'jinja2') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_pyparsing_loads_only_for_a_line_the_fast_reader_declines() -> None:
    """Well-formed lines of both families are read by the fast reader alone; a line with a
    slip goes to the pyparsing grammar, which locates it (and loads pyparsing for that)."""
    code = (
        "import sys; from mjscore import score\n"
        "score('baba:馬馬馬場場O dora=場 tsumo menzen'); score('riichi:123m456p789s1z123p+1z ron riichi')\n"
        "print('pyparsing' in sys.modules)\n"
        "try: score('riichi:123m456p789s1z123p +1 z ron')\n"
        "except Exception as exc: print(type(exc).__name__, exc.problems[0].col)\n"
        "print('pyparsing' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # why: "+1 z": the winning tile's digit must touch its suit; "riichi:" (7) + 18 tile characters + a blank
    # put "+" at column 27, so the "1" the error points at is column 28
    assert done.stdout.split("\n")[:3] == ["False", "NotationError 28", "True"]


# --- the generic writer, on a grammar of its own


def test_ebnf_writes_every_kind_of_element() -> None:
    expr = pp.Forward().set_name("expr")
    number = pp.Regex(r"\d+(/\d+)?").set_name("number")
    atom = (number | pp.Suppress("(") - expr + pp.Suppress(")")).set_name("atom")
    sign = pp.Opt(pp.one_of("+ -")).set_name("sign")
    expr <<= (sign + atom + pp.ZeroOrMore(pp.Literal("*") + atom)).set_name("expr")
    word = pp.Combine(pp.Word("ab") + pp.Group(pp.CaselessLiteral("x"))).set_name("word")
    misc = (~pp.Keyword("no") + pp.FollowedBy(word) + (word ^ pp.Literal('"'))).set_name("misc")
    text = ebnf([expr, misc], {"expr": "an expression\nof numbers"})
    assert text == (
        "# an expression\n"
        "# of numbers\n"
        '<expr>      ::= <sign> <atom> ( "*" <atom> )*\n\n'
        '<misc>      ::= !"no" &<word> ( <word> ^ \'"\' )\n\n'
        "<sign>      ::= [ <'+' | '-'> ]\n\n"
        "<atom>      ::= <number>\n"
        '              | "(" ~ <expr> ")"\n\n'
        '<word>      ::= /[ab]+/ "X"i\n\n'
        "<'+' | '-'> ::= /[+\\-]/\n\n"
        "<number>    ::= /\\d+(\\/\\d+)?/\n"
    )


def test_ebnf_wants_names() -> None:
    with pytest.raises(ValueError, match="no name"):
        ebnf([pp.Literal("a") + pp.Literal("b")])
    loop = pp.Forward()
    loop <<= pp.Literal("a") + pp.Opt(loop)
    with pytest.raises(ValueError, match="recursive"):
        ebnf([(pp.Literal("b") + loop).set_name("b")])
    with pytest.raises(ValueError, match="share a name"):
        ebnf([(pp.Literal("a") + pp.Literal("c").set_name("x")).set_name("x")])
