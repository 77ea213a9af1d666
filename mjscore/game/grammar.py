"""The game file notation as a pyparsing grammar: one line of a game file.

    line   ::= header | abort | chombo | draw | wins | separator
    header ::= key=value+                  (before the first hand: the rule set, players, rules)
    wins   ::= player ":" hand { "&" player ":" hand }
    draw   ::= [ruleset ":"] "draw" ...    (a draw line of the hand notation)
    separator ::= "---"                    (between two games of a games file)

A hand (and a draw line) is text the hand notation reads (``mjscore.notation``): this
grammar finds where each begins and ends and who it belongs to, and ``game.read`` hands it
on. Every element is named, for messages, ``grammar/game.bnf`` and the railroad diagram.
Its patterns are ``game.tokens``', whose fast reader reads a line first: this grammar is
imported (and pyparsing with it) only for a line that reader declines, to say where it fails.
It stays Python in the compiled build (setup.py), as the hand notation's grammar does.
"""

from __future__ import annotations

from typing import Final

import pyparsing as pp

from mjscore.game.tokens import ABORT, CHOMBO, GAMES_SEPARATOR_RE, HAND_RE, PLAYER_RE, SEPARATOR
from mjscore.notation.grammar import draw_word, key_value, ruleset_prefix
from mjscore.notation.tokens import BLANKS, WORD_RE, Token


def _tag(tag: str) -> pp.ParseAction:
    def action(_s: str, loc: int, toks: pp.ParseResults) -> Token:
        return Token(tag, loc, toks[0])

    return action


_PYPARSING_BLANKS: Final = pp.ParserElement.DEFAULT_WHITE_CHARS
pp.ParserElement.set_default_whitespace_chars(BLANKS)  # for the elements below only; restored after

player = pp.Regex(PLAYER_RE).set_name("player").set_parse_action(_tag("player"))
# A hand's text: up to the next "&" or the line's end, without the blanks around it.
hand_text = pp.Regex(HAND_RE).set_name("hand")
hand_text.set_parse_action(_tag("hand"))
win = (player + pp.Suppress(":") - hand_text).set_name("win")
# A parse action of its own keeps <win> a rule of its own: pyparsing merges a nested sequence without one.
win.set_parse_action(lambda toks: toks)
wins = (win + pp.ZeroOrMore(pp.Suppress(SEPARATOR) - win)).set_name("wins")
draw_text = hand_text.copy().set_name("draw hand").set_parse_action(_tag("draw"))
draw_line = (pp.FollowedBy(pp.Opt(ruleset_prefix) + draw_word) + draw_text).set_name("draw line")
abort_word = pp.CaselessKeyword(ABORT).set_name("abort word").set_parse_action(_tag(ABORT))
reason = pp.Regex(WORD_RE).set_name("reason").set_parse_action(_tag("reason"))
abort_line = (abort_word - pp.Opt(reason) + pp.ZeroOrMore(key_value)).set_name("abort line")
chombo_word = pp.CaselessKeyword(CHOMBO).set_name("chombo word").set_parse_action(_tag(CHOMBO))
chombo_line = (chombo_word - player + pp.ZeroOrMore(key_value)).set_name("chombo line")
header_line = pp.OneOrMore(key_value).set_name("header line")
games_separator = pp.Regex(GAMES_SEPARATOR_RE).set_name("next game").set_parse_action(_tag("separator"))
game_line = (header_line | abort_line | chombo_line | draw_line | wins | games_separator).set_name("game line")
game_line.parse_with_tabs()
game_line.streamline().errmsg = (
    "Expected a game line: header items (players=Aki,Ben,Chie,Dai), a win (Aki: 234m...), draw, abort or chombo NAME"
)

pp.ParserElement.set_default_whitespace_chars(_PYPARSING_BLANKS)

# Every named element of the game notation, in the order grammar/game.bnf lists them.
ELEMENTS: Final[tuple[pp.ParserElement, ...]] = (
    game_line,
    header_line,
    abort_line,
    abort_word,
    reason,
    chombo_line,
    chombo_word,
    draw_line,
    draw_text,
    wins,
    win,
    player,
    hand_text,
    games_separator,
)


def parse_line(text: str) -> list[Token]:
    """The tokens of one game line (tags ``option`` for a key=value, ``player``, ``hand``,
    ``draw``, ``abort``, ``reason``, ``chombo``, ``separator``); ``pp.ParseBaseException`` where it
    cannot be read."""
    return list(game_line.parse_string(text, parse_all=True))
