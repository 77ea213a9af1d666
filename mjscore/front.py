"""The library's front door for one line of notation: read it (``parse_hand``), score it
(``score``), or both with its error kept (``scored_line``, a batch's line). ``scoring`` holds
the loops over a file's lines and gives these names too.

Compiled, where ``scoring`` stays Python (setup.py: Ctrl-C): a batch's loop returns to Python
after each line, and the line's own work runs compiled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from mjscore.errors import HandError, Problem, not_utf8
from mjscore.notation.build import fail, split_prefix, tokenize
from mjscore.notation.tokens import Token
from mjscore.result import ScoreResult
from mjscore.rulesets.base import AnyRuleSet
from mjscore.rulesets.registry import find_ruleset, get_ruleset, unknown_ruleset
from mjscore.settings import Settings
from mjscore.values import Value

DEFAULT_SETTINGS: Final = Settings()


@dataclass(slots=True, init=False, repr=False, eq=False)
class ParsedHand(Value):
    """A line read and checked by its rule set, ready for ``ruleset.evaluate``."""

    ruleset: Final[AnyRuleSet]
    deal: Final[Any]

    def __init__(self, ruleset: AnyRuleSet, deal: Any) -> None:  # see result.ScoreLine: one a line
        self.ruleset = ruleset
        self.deal = deal


@dataclass(slots=True, init=False, repr=False, eq=False)
class BatchLine(Value):
    """One hand line of a batch: its number, its text, and a result or an error."""

    number: Final[int]
    text: Final[str]
    result: Final[ScoreResult | None]
    error: Final[HandError | None]

    def __init__(  # see result.ScoreLine: one a line
        self, number: int, text: str, result: ScoreResult | None, error: HandError | None
    ) -> None:
        self.number = number
        self.text = text
        self.result = result
        self.error = error


def parse_hand(text: str, settings: Settings | None = None) -> ParsedHand:
    """Read one line; ``HandError`` (or its ``NotationError``) lists what is wrong."""
    settings = settings or DEFAULT_SETTINGS
    ruleset, tokens = read_tokens(text, settings)
    try:
        return ParsedHand(ruleset, ruleset.build(text, tokens, settings))
    except HandError as exc:
        exc.ruleset = ruleset.name
        raise


def read_tokens(text: str, settings: Settings) -> tuple[AnyRuleSet, list[Token]]:
    """A line's rule set and its tokens, not yet built into a hand: what ``parse_hand`` reads
    first (the analysis reads a line so too, then builds lines made from it). ``HandError`` (or
    its ``NotationError``) says what is wrong.

    Text that held bytes that are not UTF-8 (kept as lone surrogates by ``surrogateescape``,
    as Python decodes a command line, and ``read_lines`` a file) is refused at the first."""
    undecoded = undecoded_error(text, settings)
    if undecoded:
        raise undecoded
    name, name_col, start = split_prefix(text, settings.ruleset)
    try:
        ruleset = get_ruleset(name)
    except LookupError:
        raise fail(text, [unknown_ruleset(name, name_col)]) from None
    try:
        return ruleset, tokenize(text, ruleset.family, start)
    except HandError as exc:
        exc.ruleset = ruleset.name
        raise


def score(text: str, settings: Settings | None = None, explain: bool = False) -> ScoreResult:
    """Score one hand written in mjscore notation; ``explain`` also lists
    every reading considered (``result.candidates``).

    >>> score("baba:馬馬馬場場O dora=場 tsumo menzen").total
    5
    """
    parsed = parse_hand(text, settings)
    try:
        return parsed.ruleset.evaluate(parsed.deal, explain)
    except HandError as exc:
        exc.ruleset = parsed.ruleset.name
        raise


def scored_line(number: int, text: str, settings: Settings | None = None, explain: bool = False) -> BatchLine:
    """A batch's line ``number``, scored, or its error (whose text is ``HandError.text``: a line
    that is not UTF-8 is shown with a replacement character for the bytes that are not)."""
    try:
        return BatchLine(number, text, score(text, settings, explain), None)
    except HandError as exc:
        return BatchLine(number, exc.text, None, exc)


_UNDECODED: Final = re.compile(r"[\udc80-\udcff]")  # bytes surrogateescape could not decode (raw: see errors.py)


def named_ruleset(text: str, settings: Settings) -> str | None:
    """The rule set a line names by its prefix (or the default one), if mjscore knows it: what an
    error names when the line could not be read under it."""
    found = find_ruleset(split_prefix(text, settings.ruleset)[0])
    return None if found is None else found.name


def undecoded_error(text: str, settings: Settings) -> HandError | None:
    """The error of text that held bytes that are not UTF-8 (kept as lone surrogates by
    ``surrogateescape``, as ``read_lines`` keeps them), at the first of them; None for text
    that is all UTF-8."""
    undecoded = None if text.isascii() else _UNDECODED.search(text)
    if undecoded is None:
        return None
    return _not_utf8(text, undecoded.start(), named_ruleset(text, settings))


def _not_utf8(text: str, at: int, ruleset: str | None) -> HandError:
    byte = ord(text[at]) - 0xDC00
    shown = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")  # printable
    problem = Problem("not-utf8", not_utf8(byte), at + 1)  # the text before it decoded as is
    return HandError(shown, (problem,), ruleset)
