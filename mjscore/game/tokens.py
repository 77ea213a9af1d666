"""The tokens of a game line: each token's spelling, as one regular expression, and the fast
reader built from them (no pyparsing).

``grammar`` builds the pyparsing grammar of a game line (``grammar/game.bnf``) from these same
patterns; ``read_tokens`` reads a line as that grammar does, alternative by alternative (the
first whose start matches is the line's, as pyparsing's ``MatchFirst`` commits), and gives the
same tokens. A line it does not read is one the grammar refuses: it goes to the grammar only
to be told where and why it fails, so pyparsing, a large import, is loaded only then. Tests
hold the two to the same tokens and the same refusals (tests/unit/test_game_tokens.py,
tests/property/test_game_tokens_properties.py).
"""

from __future__ import annotations

import re
from typing import Final

from mjscore.notation.tokens import DRAW_RE, KEY_VALUE_RE, RULESET_RE, WORD_RE, Token, option_token

# A player's name: a letter (of any script), then letters, digits, "_", "-" or ".".
PLAYER_RE: Final = r"[^\W\d_][\w.-]*"
NAME_LIMIT: Final = 40  # characters of a player's name: a table's names are short
ABORT: Final = "abort"
CHOMBO: Final = "chombo"
SEPARATOR: Final = "&"  # between the winners of one discard
# A hand's text: up to the next "&" or the line's end, without the blanks around it.
HAND_RE: Final = rf"[^{SEPARATOR}\s]([^{SEPARATOR}]*[^{SEPARATOR}\s])?"
# A line of its own between two games of a games file (as a YAML stream separates documents).
GAMES_SEPARATOR_RE: Final = r"-{3,}"

_BLANK: Final = r"[ \t\r\n\u3000]"  # the notation's blanks (tokens.BLANKS)
_BLANKS: Final = re.compile(rf"{_BLANK}*+")
_KEY_VALUE: Final = re.compile(KEY_VALUE_RE)
_PLAYER: Final = re.compile(PLAYER_RE)
_HAND: Final = re.compile(HAND_RE)
_REASON: Final = re.compile(WORD_RE)
_GAMES_SEPARATOR: Final = re.compile(GAMES_SEPARATOR_RE)
_KEYWORD_CHARS: Final = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$"
)  # pyparsing's, as a caseless keyword has them
# A draw line starts with the draw word, perhaps after a rule-set prefix. The prefix is taken
# whole or not at all (atomic), as the grammar's optional element: "draw : 1m" is no draw line.
_DRAW_AHEAD: Final = re.compile(rf"(?>(?:{RULESET_RE})?){_BLANK}*+{DRAW_RE}")


def read_tokens(text: str) -> list[Token] | None:
    """The tokens of a game line, as the game grammar (``grammar.parse_line``) gives them; None
    where the grammar refuses the line (it then says why)."""
    at = _skip(text, 0)
    if _KEY_VALUE.match(text, at):
        return _items(text, at, [])
    if _GAMES_SEPARATOR.match(text, at):
        return _ended(text, _token(_GAMES_SEPARATOR, "separator", text, at))
    if _keyword(text, at, ABORT):
        return _abort(text, at)
    if _keyword(text, at, CHOMBO):
        return _chombo(text, at)
    if _DRAW_AHEAD.match(text, at):
        return _ended(text, _token(_HAND, "draw", text, at))
    return _wins(text, at)


def is_games_separator(text: str) -> bool:
    """Whether a line of a file, as ``scoring.hand_lines`` gives it (comment and end taken off),
    separates two games: what ``read_tokens`` reads as a separator line."""
    return _ended(text, _token(_GAMES_SEPARATOR, "separator", text, _skip(text, 0))) is not None


def _skip(text: str, at: int) -> int:
    found = _BLANKS.match(text, at)
    assert found is not None  # it may be empty
    return found.end()


def _token(pattern: re.Pattern[str], tag: str, text: str, at: int) -> tuple[list[Token], int] | None:
    found = pattern.match(text, at)
    return None if found is None else ([Token(tag, at, found[0])], found.end())


def _ended(text: str, read: tuple[list[Token], int] | None) -> list[Token] | None:
    """The tokens read, if only blanks follow them."""
    if read is None:
        return None
    tokens, at = read
    return tokens if _skip(text, at) == len(text) else None


def _keyword(text: str, at: int, word: str) -> bool:
    """Whether ``word`` stands at ``at`` (just after a blank or at the start), in any case and
    not followed by a letter or digit: as pyparsing's ``CaselessKeyword`` reads it, its case
    rules (``str.upper``) and keyword characters included."""
    end = at + len(word)
    return text[at:end].upper() == word.upper() and (end >= len(text) or text[end].upper() not in _KEYWORD_CHARS)


def _items(text: str, at: int, tokens: list[Token]) -> list[Token] | None:
    """``key=value`` items to the end of the line, after ``tokens``."""
    while found := _KEY_VALUE.match(text, at):
        tokens.append(option_token(at, found[0]))
        at = _skip(text, found.end())
    return tokens if at == len(text) else None


def _abort(text: str, at: int) -> list[Token] | None:
    tokens = [Token(ABORT, at, ABORT)]  # the grammar's keyword gives its word as defined, whatever the case
    at = _skip(text, at + len(ABORT))
    reason = _REASON.match(text, at)
    if reason is not None:
        tokens.append(Token("reason", at, reason[0]))
        at = _skip(text, reason.end())
    return _items(text, at, tokens)


def _chombo(text: str, at: int) -> list[Token] | None:
    offender_at = _skip(text, at + len(CHOMBO))
    offender = _PLAYER.match(text, offender_at)
    if offender is None:
        return None
    tokens = [Token(CHOMBO, at, CHOMBO), Token("player", offender_at, offender[0])]
    return _items(text, _skip(text, offender.end()), tokens)


def _wins(text: str, at: int) -> list[Token] | None:
    """``NAME: HAND`` joined by "&"."""
    tokens: list[Token] = []
    while True:
        winner = _PLAYER.match(text, at)
        if winner is None:
            return None
        colon = _skip(text, winner.end())
        if not text.startswith(":", colon):
            return None
        hand_at = _skip(text, colon + 1)
        hand = _HAND.match(text, hand_at)
        if hand is None:
            return None
        tokens += [Token("player", at, winner[0]), Token("hand", hand_at, hand[0])]
        at = _skip(text, hand.end())
        if at == len(text):
            return tokens
        if not text.startswith(SEPARATOR, at):
            return None
        at = _skip(text, at + 1)
