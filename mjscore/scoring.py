"""The library's front door: a line of notation in, a ``ScoreResult`` out."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from mjscore.errors import HandError, Problem, not_utf8
from mjscore.notation.build import fail, split_prefix, tokenize
from mjscore.result import ScoreResult
from mjscore.rulesets import RuleSet, get_ruleset, unknown_ruleset
from mjscore.settings import Settings

_DEFAULT_SETTINGS = Settings()


@dataclass(frozen=True, slots=True)
class ParsedHand:
    """A line read and checked by its rule set, ready for ``ruleset.evaluate``."""

    ruleset: RuleSet[Any]
    deal: Any


def parse_hand(text: str, settings: Settings | None = None) -> ParsedHand:
    """Read one line; ``HandError`` (or its ``NotationError``) lists what is wrong."""
    settings = settings or _DEFAULT_SETTINGS
    name, name_col, start = split_prefix(text, settings.ruleset)
    try:
        ruleset = get_ruleset(name)
    except LookupError:
        raise fail(text, [unknown_ruleset(name, name_col)]) from None
    try:
        tokens = tokenize(text, ruleset.family, start)
        return ParsedHand(ruleset, ruleset.build(text, tokens, settings))
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


_UNDECODED = re.compile("[\udc80-\udcff]")  # bytes surrogateescape could not decode


def _not_utf8(text: str, at: int) -> HandError:
    byte = ord(text[at]) - 0xDC00
    shown = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")  # printable
    return HandError(shown, (Problem("not-utf8", not_utf8(byte), at + 1),))  # the text before it decoded as is


@dataclass(frozen=True, slots=True)
class BatchLine:
    """One hand line of a batch: its number, its text, and a result or an error."""

    number: int
    text: str
    result: ScoreResult | None
    error: HandError | None


def hand_lines(lines: Iterable[str], start: int = 1) -> Iterator[tuple[int, str]]:
    """(line number, hand text) for each line that holds a hand: ``#`` starts a
    comment, blank lines are skipped, a byte-order mark and CR LF are accepted.
    ``start`` is the number of the first line (a chunk of a longer file)."""
    for number, raw in enumerate(lines, start):
        line = raw.rstrip("\r\n")
        if number == 1:
            line = line.removeprefix("\ufeff")
        text = line.split("#", 1)[0]
        if text.strip():
            yield number, text.rstrip()


def score_many(lines: Iterable[str], settings: Settings | None = None, start: int = 1) -> Iterator[BatchLine]:
    """Score a stream of lines lazily; a bad line yields its error and the batch goes on.

    A file read with ``errors="surrogateescape"`` (the ``batch`` command does) holds each
    byte that is not UTF-8 as a lone surrogate: such a line is refused, at that byte."""
    for number, text in hand_lines(lines, start):
        undecoded = None if text.isascii() else _UNDECODED.search(text)
        if undecoded:
            error = _not_utf8(text, undecoded.start())
            yield BatchLine(number, error.text, None, error)
            continue
        try:
            yield BatchLine(number, text, score(text, settings), None)
        except HandError as exc:
            yield BatchLine(number, text, None, exc)
