"""The library's front door: a line of notation in, a ``ScoreResult`` out."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any, Final

from mjscore.errors import QUOTE_LIMIT, HandError, Problem, not_utf8
from mjscore.notation.build import fail, split_prefix, tokenize
from mjscore.notation.tokens import Token
from mjscore.result import ScoreResult
from mjscore.rulesets import AnyRuleSet, find_ruleset, get_ruleset, unknown_ruleset
from mjscore.settings import Settings

_DEFAULT_SETTINGS: Final = Settings()


@dataclass(frozen=True, slots=True)
class ParsedHand:
    """A line read and checked by its rule set, ready for ``ruleset.evaluate``."""

    ruleset: AnyRuleSet
    deal: Any


def parse_hand(text: str, settings: Settings | None = None) -> ParsedHand:
    """Read one line; ``HandError`` (or its ``NotationError``) lists what is wrong."""
    settings = settings or _DEFAULT_SETTINGS
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


@dataclass(frozen=True, slots=True)
class BatchLine:
    """One hand line of a batch: its number, its text, and a result or an error."""

    number: int
    text: str
    result: ScoreResult | None
    error: HandError | None


LINE_LIMIT: Final = 64 * 1024  # bytes of a batch line before its '#' comment: a hand is a few dozen


@dataclass(frozen=True, slots=True)
class Overlong:
    """What stands for a line longer than ``LINE_LIMIT`` bytes (``read_lines`` does not keep it).

    Not a ``Value``: this module stays Python (setup.py), and a Python class cannot derive
    from a compiled one; a Python frozen dataclass pickles as it is."""

    head: str  # its start, for the message
    size: int  # its bytes

    def error(self, ruleset: str | None) -> HandError:
        message = f"a line holds at most {LINE_LIMIT:,} bytes before its '#' comment; this one holds {self.size:,}"
        return HandError(self.head + "…", (Problem("line-too-long", message),), ruleset)


def read_lines(file: IO[bytes]) -> Iterator[str | Overlong]:
    """The lines of a file opened in binary, as ``score_many`` takes them, in bounded memory.

    A line ends at LF only: a lone CR is a character of its line, so line numbers are those an
    editor shows (``hand_lines`` takes off the CR of a CR LF). Bytes that are not UTF-8 are kept
    (``surrogateescape``) for ``parse_hand`` to refuse at their column. A line longer than
    ``LINE_LIMIT`` bytes is not kept: an ``Overlong`` stands for it, unless a '#' in its first
    ``LINE_LIMIT`` bytes makes the rest a comment."""
    readline = file.readline
    while line := readline(LINE_LIMIT + 1):
        if len(line) > LINE_LIMIT and line[-1:] != b"\n":
            yield _past_the_limit(line, readline)
        else:
            yield line.decode("utf-8", "surrogateescape")


def _past_the_limit(head: bytes, readline: Callable[[int], bytes]) -> str | Overlong:
    """A line whose first ``LINE_LIMIT`` + 1 bytes are ``head``: the rest is read and dropped."""
    size, rest = len(head), head
    while rest[-1:] != b"\n" and (rest := readline(LINE_LIMIT)):
        size += len(rest)
    comment = head.find(b"#")
    if comment >= 0:  # what is read is all there is before the comment
        return head[:comment].decode("utf-8", "surrogateescape")
    shown = head[: 4 * QUOTE_LIMIT].decode("utf-8", "replace")[:QUOTE_LIMIT]
    return Overlong(shown, size - rest.endswith(b"\n"))


def hand_lines(lines: Iterable[str | Overlong], start: int = 1) -> Iterator[tuple[int, str | Overlong]]:
    """(line number, hand text) for each line that holds a hand: ``#`` starts a
    comment, blank lines are skipped, a byte-order mark and CR LF are accepted.
    ``start`` is the number of the first line (a chunk of a longer file)."""
    for number, raw in enumerate(lines, start):
        if isinstance(raw, Overlong):
            yield number, raw
            continue
        line = raw.removesuffix("\n").removesuffix("\r")
        if number == 1:
            line = line.removeprefix("\ufeff")
        text = line.split("#", 1)[0]
        if text.strip():
            yield number, text.rstrip()


def score_many(
    lines: Iterable[str | Overlong], settings: Settings | None = None, start: int = 1, explain: bool = False
) -> Iterator[BatchLine]:
    """Score a stream of lines lazily; a bad line yields its error and the batch goes on.

    The text of a line's error is ``HandError.text``: a line that is not UTF-8 is shown with a
    replacement character for the bytes that are not (it cannot be written as it is)."""
    for number, text in hand_lines(lines, start):
        try:
            if isinstance(text, Overlong):
                raise text.error(named_ruleset(text.head, settings or _DEFAULT_SETTINGS))
            yield BatchLine(number, text, score(text, settings, explain), None)
        except HandError as exc:
            yield BatchLine(number, exc.text, None, exc)
