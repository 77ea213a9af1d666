"""The fast reader of game lines (``game.tokens.read_tokens``) gives the game grammar's tokens,
reads every well-formed line of the conformance files itself, and leaves the rest to the
grammar; replaying a game never imports pyparsing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyparsing as pp
import pytest

from mjscore.game.grammar import parse_line
from mjscore.game.tokens import read_tokens
from mjscore.notation.tokens import Token
from tests.unit.test_game_conformance import read_cases

ROOT = Path(__file__).resolve().parents[2]


def _grammar(text: str) -> list[Token] | None:
    try:
        return parse_line(text)
    except pp.ParseBaseException:
        return None


def _conformance_lines() -> list[str]:
    """Every line of a game in the conformance files that holds something, as the replay reads it."""
    lines = []
    for name in ("game-accept.txt", "game-reject.txt"):
        for case in read_cases(name):
            lines += [t.rstrip() for t in (line.split("#", 1)[0] for line in case.lines) if t.strip()]
    return lines


def test_each_kind_of_line_token_by_token() -> None:
    """Worked out by hand: a token's location is its first character (0-based), an option's value
    has its own; a keyword gives its word as the grammar defines it, in any case typed."""
    # why: "players" at 0, its value at 8; "uma" at 25, its value at 29
    assert read_tokens("players=Aki,Ben,Chie,Dai uma=1,0,0,-1") == [
        Token("option", 0, "players", "Aki,Ben,Chie,Dai", 8),
        Token("option", 25, "uma", "1,0,0,-1", 29),
    ]
    # why: "ABORT" at 1 after a blank is the word abort; the reason at 7 (ten characters, to 16), then
    # U+3000 and two spaces (17 to 19): riichi= at 20, its value at 27
    assert read_tokens(" ABORT four-winds\u3000  riichi=Aki") == [
        Token("abort", 1, "abort"),
        Token("reason", 7, "four-winds"),
        Token("option", 20, "riichi", "Aki", 27),
    ]
    # why: "chombo" at 0, the offender at 7
    assert read_tokens("chombo Dai") == [Token("chombo", 0, "chombo"), Token("player", 7, "Dai")]
    # why: hana's aside= is an item like any other: the reason at 6 (fourteen characters, to 19),
    # "aside" at 21, its value (names or seat letters, a colon, flowers, commas) at 27
    assert read_tokens("abort nine-terminals aside=S:3f4f,W:1g") == [
        Token("abort", 0, "abort"),
        Token("reason", 6, "nine-terminals"),
        Token("option", 21, "aside", "S:3f4f,W:1g", 27),
    ]
    # why: a location counts characters, not bytes: BABA's kanji hand starts at 6 as a riichi hand does
    assert read_tokens("Chie: 馬馬馬場場場 dora=馬 ron from=aki") == [
        Token("player", 0, "Chie"),
        Token("hand", 6, "馬馬馬場場場 dora=馬 ron from=aki"),
    ]
    # why: a draw line is one token, the whole line from its prefix, for the hand notation to read
    assert read_tokens("riichi: draw tenpai=Ben") == [Token("draw", 0, "riichi: draw tenpai=Ben")]
    # why: each winner, then the hand without the blanks around it: "Chie" at 0, its hand at 6 (21
    # characters, to 26), " & " at 27 to 29, "Dai" at 30, ":" and a tab, its hand at 35
    assert read_tokens("Chie: 234m567p345s66p67s+8s & Dai:\t123m ron from=Aki") == [
        Token("player", 0, "Chie"),
        Token("hand", 6, "234m567p345s66p67s+8s"),
        Token("player", 30, "Dai"),
        Token("hand", 35, "123m ron from=Aki"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "players=Aki,Ben Aki: 123m",  # a header, then a win: the header alternative was chosen
        "abort: 123m",  # "abort" is the keyword, a colon cannot follow it
        "chombo",  # no offender
        "Aki 123m",  # no colon
        "Aki: 123m &",  # a winner must follow "&"
        "Aki: 123m & Ben 123m",
        "draw & Aki: 123m",  # "&" ends a draw line's hand
        "Aki:\u00a0123m",  # a no-break space is no blank: no hand starts with it
        "1Aki: 123m",
    ],
)
def test_lines_the_grammar_refuses_are_declined(text: str) -> None:
    # why: each line has a mistake the grammar reports with its column: the fast reader must not read it
    assert _grammar(text) is None
    assert read_tokens(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Abortsson: 123m ron from=Ben",  # a name that starts with a keyword, then a letter: a win
        "chombo Dai-2 seat=S",
        "draw : 1m",  # the prefix "draw :" is read whole, and no draw word follows: a win of "draw"
        "DRAW tenpai=E",
        "Aki : 123m & Ben :123m",
    ],
)
def test_what_the_grammar_reads_the_fast_reader_reads_alike(text: str) -> None:
    # why: the grammar is the reference; each line here is one it reads
    assert _grammar(text) is not None
    assert read_tokens(text) == _grammar(text)


def test_every_conformance_line_the_grammar_reads_is_read_fast() -> None:
    lines = _conformance_lines()
    assert len(lines) > 50  # why: the two files hold dozens of games
    for text in lines:
        expected = _grammar(text)
        # why: a line the grammar refuses is declined; every other is read by the fast reader, alike
        assert read_tokens(text) == expected, text


def test_replaying_the_example_games_never_imports_pyparsing() -> None:
    code = (
        "import sys\n"
        "from mjscore.game.replay import Replay\n"
        "from pathlib import Path\n"
        "for path in sorted(Path(sys.argv[1]).glob('*.txt')):\n"
        "    replay = Replay(path.read_text(encoding='utf-8').splitlines(keepends=True))\n"
        "    played = list(replay.hands())\n"
        "    assert played, path\n"
        "print('pyparsing' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "examples" / "games")], capture_output=True, text=True, check=True
    )
    # why: pyparsing is imported only for a line the fast reader declines; the examples have none
    assert done.stdout == "False\n"
