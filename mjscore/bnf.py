"""The notation's BNF and railroad diagram, written from the live grammar.

``grammar/build.py`` writes ``grammar/notation.bnf`` and ``grammar/railroad.html``
from here, and ``tests/meta`` checks the committed files still match. Only
those two use this module: the CLI never imports it (nor ``pyparsing.diagram``),
so reading hands pays nothing for it. It documents every rule set's words and the
BABA deck, so it stands above the registry, not in ``notation/``, which the rule
sets build on.

``ebnf`` is generic: it walks pyparsing elements and writes one rule per named
element (``set_name``). Everything specific to mjscore (the ``line`` rule, the
comments on how cards and items are read after parsing) is in ``notation_bnf``.
A new body (riichi, hana, baida) appears here by being named, listed in
``grammar.ELEMENTS`` and registered in ``grammar.BODIES``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Final

import pyparsing as pp

from mjscore.families.baba.deck import WILD_KANJI_ALT, WILD_SPELLINGS, default_deck
from mjscore.notation.grammar import BODIES, ELEMENTS, ruleset_prefix
from mjscore.rulesets import AnyRuleSet, all_rulesets

LINE: Final = "line"
BODY: Final = "body"

LEGEND: Final = """\
How to read this file:
  <name>      a rule; each rule is one named element of the pyparsing grammar
  "x"         the text x;  "x"i  the same, any case
  /re/        a Python regular expression matched at that point (i: any case)
  a b         a then b; blanks (space, tab, line end, U+3000) may stand before any token
  a | b       a if it matches here, else b
  a ^ b       whichever of a and b matches the longer text
  a ~ b       a, then b is required: once a matched, a failure of b is reported
              where b should be, and no other alternative is tried
  [ a ]       a or nothing;  a*  zero or more a;  a+  one or more a;  ( a ) grouping
  !a          here a must not match (nothing is read);  &a  here a must match"""

# Precedence of what an expression's text is: a choice binds loosest, a single item tightest.
_CHOICE: Final = 1
_SEQUENCE: Final = 2
_ITEM: Final = 3


class _Writer:
    """Renders one element's definition; named children become references."""

    def __init__(self) -> None:
        self.found: dict[int, pp.ParserElement] = {}  # every named element met, in order
        self._active: set[int] = set()

    def definition(self, element: pp.ParserElement) -> tuple[str, int]:
        return self._render(element, top=True)

    def _render(self, e: pp.ParserElement, top: bool = False) -> tuple[str, int]:
        e = _resolve(e)
        if e.customName and not top:
            self.found.setdefault(id(e), e)
            return f"<{e.customName}>", _ITEM
        if id(e) in self._active:
            raise ValueError(f"{e!r} is recursive: name it with set_name so the BNF can refer to it")
        self._active.add(id(e))
        try:
            return self._render_kind(e)
        finally:
            self._active.discard(id(e))

    def _render_kind(self, e: pp.ParserElement) -> tuple[str, int]:
        if isinstance(e, pp.And._ErrorStop):
            return "~", _ITEM
        if isinstance(e, pp.And | pp.MatchFirst | pp.Or | pp.Each):
            return self._expression(e)
        if isinstance(e, pp.ParseElementEnhance):
            return self._enhanced(e)
        return _token(e), _ITEM

    def _enhanced(self, e: pp.ParseElementEnhance) -> tuple[str, int]:
        if e.expr is None:
            return f"?{e.name}?", _ITEM
        if isinstance(e, pp.Opt):
            return f"[ {self._render(e.expr)[0]} ]", _ITEM
        if isinstance(e, pp.OneOrMore | pp.ZeroOrMore):
            inner = e.expr if e.not_ender is None else e.not_ender + e.expr
            return self._wrapped(inner, _ITEM) + ("+" if isinstance(e, pp.OneOrMore) else "*"), _ITEM
        if isinstance(e, pp.NotAny | pp.FollowedBy):
            return ("!" if isinstance(e, pp.NotAny) else "&") + self._wrapped(e.expr, _ITEM), _ITEM
        return self._render(e.expr)  # Suppress, Group, Combine, Forward, ...: the same text

    def _expression(self, e: pp.ParseExpression) -> tuple[str, int]:
        parts = list(_flatten(e))
        if isinstance(e, pp.And):
            texts = [self._wrapped(p, _SEQUENCE) for p in parts]
            return " ".join(texts), _SEQUENCE if len(texts) > 1 else _ITEM
        joiner = {pp.MatchFirst: " | ", pp.Or: " ^ ", pp.Each: " & "}[type(e)]
        texts = [self._wrapped(p, _SEQUENCE) for p in parts]
        return joiner.join(texts), _CHOICE if len(texts) > 1 else _ITEM

    def _wrapped(self, e: pp.ParserElement, need: int) -> str:
        text, level = self._render(e)
        return f"( {text} )" if level < need else text


def _resolve(e: pp.ParserElement) -> pp.ParserElement:
    """A ``Forward`` named like the element it stands for is that element's rule."""
    if isinstance(e, pp.Forward) and e.expr is not None and e.expr.customName == e.customName:
        return e.expr
    return e


def _flatten(e: pp.ParseExpression) -> Iterator[pp.ParserElement]:
    """The parts of ``e``, with unnamed nested expressions of the same kind opened up
    (``a | b | c`` is built as ``(a | b) | c``; ``streamline`` may or may not have run)."""
    for part in e.exprs:
        if type(part) is type(e) and not part.customName and isinstance(part, pp.ParseExpression):
            yield from _flatten(part)
        else:
            yield part


def _token(e: pp.ParserElement) -> str:
    if isinstance(e, pp.Regex):
        return _regex(str(e.pattern), int(e.flags))
    if isinstance(e, pp.CaselessLiteral | pp.CaselessKeyword):
        return _quoted(e.match) + "i"
    if isinstance(e, pp.Literal | pp.Keyword):
        return _quoted(e.match)
    pattern: object = getattr(e, "reString", None) if isinstance(e, pp.Word) else None
    if isinstance(pattern, str) and pattern:
        return _regex(pattern, 0)
    return f"?{e.name}?"


def _regex(pattern: str, flags: int) -> str:
    text = re.sub(r"\s*\n\s*", "", pattern).replace("/", r"\/")
    return f"/{text}/" + ("i" if flags & re.IGNORECASE else "")


def _quoted(text: str) -> str:
    return f"'{text}'" if '"' in text else f'"{text}"'


def ebnf(elements: Sequence[pp.ParserElement], notes: Mapping[str, str] | None = None) -> str:
    """One rule per named element: those given, in order, then any other named
    element they refer to. ``notes`` maps an element's name to a comment put
    above its rule. Alternatives at the top of a rule stand one per line."""
    notes = notes or {}
    writer = _Writer()
    queue = [_resolve(e) for e in elements]
    for e in queue:
        if not e.customName:
            raise ValueError(f"{e!r} has no name (set_name): a BNF rule needs one")
    rules: list[tuple[str, str]] = []
    done: set[int] = set()
    while queue:
        e = queue.pop(0)
        if id(e) in done:
            continue
        done.add(id(e))
        text, level = writer.definition(e)
        if level == _CHOICE:
            text = "\n   | ".join(_top_choices(e, writer))
        rules.append((e.customName, text))
        queue.extend(x for key, x in writer.found.items() if key not in done and x not in queue)
    names = [name for name, _ in rules]
    if len(set(names)) != len(names):
        raise ValueError(f"two grammar elements share a name: {sorted(n for n in names if names.count(n) > 1)}")
    width = max(len(n) for n in names) + 2
    out = []
    for name, text in rules:
        if name in notes:
            out.append("\n".join(f"# {line}".rstrip() for line in notes[name].splitlines()))
        head = f"<{name}>".ljust(width)
        body = text.replace("\n", "\n" + " " * width)
        out.append(f"{head} ::= {body}\n")
    return "\n".join(out)


def _top_choices(e: pp.ParserElement, writer: _Writer) -> list[str]:
    assert isinstance(e, pp.ParseExpression)
    return [writer._wrapped(p, _SEQUENCE) for p in _flatten(e)]


# --- mjscore's notation


def line_element() -> pp.ParserElement:
    """A whole line: an optional rule-set prefix, then the body its rule set reads.

    (mjscore reads the prefix with ``build.split_prefix`` and the rest with
    ``build.tokenize``; this element exists for the BNF and the diagram.)
    """
    body = pp.MatchFirst(list(BODIES.values())).set_name(BODY)
    return (pp.Opt(ruleset_prefix) + body).set_name(LINE)


def _body_of(line: pp.ParserElement) -> pp.ParserElement:
    assert isinstance(line, pp.And)
    return line.exprs[-1]


def notation_bnf() -> str:
    """The text of ``grammar/notation.bnf``."""
    header = "\n".join(
        [
            "mjscore hand notation: the grammar as mjscore reads it.",
            "GENERATED by `python grammar/build.py` from mjscore/notation/grammar.py; do not edit by hand.",
            "",
            LEGEND,
        ]
    )
    top = "# " + header.replace("\n", "\n# ").replace("# \n", "#\n") + "\n"
    line = line_element()
    return top + "\n" + ebnf([line, _body_of(line), *ELEMENTS], _notes())


def _notes() -> dict[str, str]:
    families: dict[str, list[str]] = {}
    for rs in all_rulesets():
        families.setdefault(rs.family, []).append(rs.name)
    names = ", ".join(f"{rs.name} (also {', '.join(rs.aliases)})" if rs.aliases else rs.name for rs in all_rulesets())
    deck = default_deck()
    cards = ", ".join(f"{k.spelling} {k.code}" for k in deck.kinds)
    shorthand = ", ".join(f"{ch} = {deck.kinds[i].spelling}" for ch, i in deck.by_shorthand.items())
    return {
        LINE: _lines(
            "One line is one hand. The rule set is named by the prefix; without one, by the --rules option,",
            "else the MJSCORE_RULES environment variable, else riichi. The rule set chooses the body:",
            "bodies are not tried one after another.",
        ),
        BODY: _lines(
            "The body each rule set reads:",
            *(f"  <{BODIES[f].customName}>: {', '.join(n)}" for f, n in families.items() if f in BODIES),
        ),
        ruleset_prefix.customName: _lines("A rule-set name or alias (any case) and its colon:", f"  {names}"),
        "cards": _lines(
            "The hand part: cards written together, groups separated by blanks or not at all.",
            "<cards> never starts with a key=value or a flag word, so these end the hand part; any",
            "other word there is read as cards, and reported after parsing if it is not.",
            "",
            "After parsing, BABA reads the text of <cards> and <meld cards> left to right, trying",
            "at each position, in this order:",
            f"  {' '.join(WILD_SPELLINGS)} (and {WILD_KANJI_ALT} when no card kind uses it): one OBABA, the wild card",
            "  a card's ASCII code, in any case (MB, mb, Mb): one card",
            "  a card's two-kanji spelling (馬場): one card, unless its first kanji continues a run of",
            "    shorthand (below)",
            f"  a lone kanji X: shorthand for the card X々 ({shorthand}); in a run of one",
            "    shorthand kanji each stays shorthand: 馬馬馬場場 is 馬々 馬々 馬々 場々 場々,",
            "    while 馬場 is the one card 馬場",
            "  anything else: error unknown-card at that column (unknown-word if it looks like a mistyped item)",
            "The default deck (a reconstruction; --deck FILE replaces it), spelling and code:",
            f"  {cards}",
        ),
        "open meld": "BABA: a PON (3 cards) or an open KAN (Min-KAN or Ka-KAN, 4 cards).",
        "closed kan": "BABA: an An-KAN (4 cards); it keeps the hand concealed (Menzen).",
        "item": _lines(
            "Items come after the hand part, in any order. The words a rule set knows are checked",
            "after parsing: an unknown word is an error (unknown-word, with a did-you-mean), so is a",
            "word given twice (duplicate-item) and a bad value (bad-value).",
            *(_item_words(rs) for rs in all_rulesets()),
            "BABA:",
            "  tsumo | ron   how the hand was won; exactly one is required",
            "  menzen        asserts the hand has no open meld (an error if it has one)",
            "  dora=CARDS    the face-up DORAYAKI chips, comma-separated cards (dora=場々,馬庭)",
            "  pot=N         penalty KOBAN in the pot, paid to the winner",
            "  players=3|4   players at the table (default 4)",
        ),
    }


def _lines(*lines: str) -> str:
    return "\n".join(lines)


def _item_words(rs: type[AnyRuleSet]) -> str:
    words = [*rs.flags, *(f"{key}=" for key in rs.keys), *(f"{s.name}=" for s in rs.option_specs())]
    return f"  {rs.name}: {' '.join(words)}"


# --- the railroad diagram


def railroad_html() -> str:
    """The text of ``grammar/railroad.html``: pyparsing's diagram of ``line_element``.

    pyparsing numbers each diagram's anchor from a counter that lives as long as
    the process, so the numbers are replaced by their order in the page: the same
    grammar gives the same bytes in any process, however often it is drawn.
    """
    out = io.StringIO()
    note = (
        "<p>mjscore hand notation, drawn by pyparsing from the live grammar "
        "(mjscore/notation/grammar.py) by <code>python grammar/build.py</code>; "
        "the rules with comments are in notation.bnf.</p>"
    )
    line_element().create_diagram(out, vertical=3, body=note)
    return _renumber_anchors(out.getvalue())


_ANCHOR: Final = re.compile(r'(?<=id=")([a-z][a-z0-9-]*)-(\d{4})(?=")|(?<=href="#)([a-z][a-z0-9-]*)-(\d{4})(?=")')


def _renumber_anchors(html: str) -> str:
    numbers: dict[str, int] = {}

    def number(m: re.Match[str]) -> str:
        anchor = m.group(0)
        numbers.setdefault(anchor, len(numbers) + 1)
        base = m.group(1) or m.group(3)
        return f"{base}-{numbers[anchor]:04d}"

    lines = (line.rstrip() for line in _ANCHOR.sub(number, html).splitlines())
    return "\n".join(line for line in lines if line) + "\n"


# --- the game file (mjscore game)


def game_bnf() -> str:
    """The text of ``grammar/game.bnf``: one line of a game file."""
    from mjscore.game import grammar as game

    header = "\n".join(
        [
            "mjscore game file notation: one line of a game file, as mjscore game reads it.",
            "GENERATED by `python grammar/build.py` from mjscore/game/grammar.py; do not edit by hand.",
            "",
            "A game file is lines; '#' starts a comment and blank lines are skipped, as in a batch file.",
            "The header lines come first, then one line per hand. <hand> and <draw hand> are read",
            "by the hand notation (grammar/notation.bnf: a <line>), <key=value> and <ruleset> are",
            "its elements. A games file holds several games, each a game file, separated by",
            "<next game> lines:",
            "",
            "  <games file> ::= <game file> ( <next game> <game file> )*",
            "",
            "A game with no line that holds something (before the first separator, after the",
            "last, between two) is no game: it is skipped.",
            "",
            LEGEND,
        ]
    )
    top = "# " + header.replace("\n", "\n# ").replace("# \n", "#\n") + "\n"
    return top + "\n" + ebnf(game.ELEMENTS, _game_notes())


def _game_notes() -> dict[str, str]:
    from mjscore.game import baba
    from mjscore.game.hana import ASIDE
    from mjscore.game.options import BabaGameOptions, BaidaGameOptions, GameOptions
    from mjscore.game.read import HEADER_KEYS
    from mjscore.game.riichi import ABORT_REASONS, PLAYER_KEYS, STATE_KEYS
    from mjscore.options import specs

    options = " ".join(f"{s.name}=" for s in specs(GameOptions))
    baida = " ".join(f"{s.name}=" for s in specs(BaidaGameOptions))
    baba_options = " ".join(f"{s.name}=" for s in specs(BabaGameOptions))
    baba_stated = " ".join(k + "=" for k in baba.HAND_END_KEYS)
    return {
        "game line": _lines(
            "One line of a game file: the header's items, or a hand. The header is every line",
            "before the first hand; a header line after a hand is an error (game-header-late).",
        ),
        "header line": _lines(
            "Items of the header, checked after parsing (unknown-word, duplicate-item, bad-value):",
            f"  {' '.join(k + '=' for k in HEADER_KEYS)}",
            "  players=NAME,NAME,...  seated E S W N at the start, the first deals first (required)",
            "  uma=N,N,...            points per place, first to last, adding up to 0",
            "  resume=S2-1 sticks=N points=N,N,...  (the riichi family) a file that starts in the middle",
            "                         of a game: its first hand, the riichi sticks on the table, each",
            "                         player's points; they hold what the players started with",
            f"  the game's rules: {options}",
            f"  (a Baida game's: {baida} and no uma=)",
            f"  BABA's (no preset, no uma; 3 or 4 players): {baba_options}",
            "  and the rule set's options (kuitan=off ...), for every hand",
        ),
        "abort line": _lines(
            "An abortive draw; its reason, if given, is one of:",
            *(f"  at {n} players: {' '.join(r)}" for n, r in ABORT_REASONS.items()),
            "then riichi=NAMES and the stated round=, honba=, sticks=. Baida and BABA have none.",
        ),
        "chombo line": _lines(
            "A penalty: the player named; then the stated round=, honba=, sticks=. Baida has none.",
            f"BABA: the offender's KOBAN goes into the pot; the stated {baba_stated}",
        ),
        "draw line": _lines(
            "An exhaustive draw, written as a draw line of the hand notation; tenpai=, nagashi= and",
            "riichi= name players (or this hand's seat letters). Baida: the word draw alone. BABA: no",
            f'result (the pile ran out), "draw" and the stated {baba_stated}',
        ),
        "wins": "Several winners on one discard are written on one line, separated by '&' (Baida, BABA: one).",
        "win": _lines(
            "The winner, then the hand as the hand notation writes it. What the ledger derives may",
            f"be stated and must agree ({' '.join(k + '=' for k in STATE_KEYS)}); these name players",
            f"by name or by this hand's seat letter: {' '.join(k + '=' for k in PLAYER_KEYS)}",
            f"and, in a hana game of variant=3, {ASIDE}=NAME:FLOWERS,... the other players' flowers.",
            "Baida: of these, seat= and from= only. BABA: from= names the discarder by name; stated:",
            f"{' '.join(k + '=' for k in baba.STATE_KEYS)}",
        ),
        "player": "A player's name as the header lists it (any case), or a seat letter of this hand (BABA: a name).",
        "next game": _lines(
            "Three or more '-', alone on their line: the end of a game and the start of the next",
            "(mjscore game reads each game on its own; in a game replayed alone it is game-separator).",
        ),
    }


def game_railroad_html() -> str:
    """The text of ``grammar/game-railroad.html``: pyparsing's diagram of a game line."""
    from mjscore.game.grammar import game_line

    out = io.StringIO()
    note = (
        "<p>mjscore game file notation, drawn by pyparsing from the live grammar "
        "(mjscore/game/grammar.py) by <code>python grammar/build.py</code>; "
        "the rules with comments are in game.bnf.</p>"
    )
    game_line.create_diagram(out, vertical=3, body=note)
    return _renumber_anchors(out.getvalue())


def generated_files() -> dict[str, str]:
    """File name (in ``grammar/``) -> the text it must hold."""
    return {
        "notation.bnf": notation_bnf(),
        "railroad.html": railroad_html(),
        "game.bnf": game_bnf(),
        "game-railroad.html": game_railroad_html(),
    }
