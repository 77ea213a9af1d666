"""The library's front door: a line of notation in, a ``ScoreResult`` out (``front``'s
``score``, ``parse_hand`` and ``read_tokens``, given here too); a file's lines in, a result or
an error for each out (``read_lines``, ``hand_lines``, ``score_many``).

This module stays Python (setup.py): compiled code never runs Python's signal handlers, so
a compiled loop over a file's lines would not stop on Ctrl-C. Each line's work is ``front``'s,
compiled."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO, Final, NamedTuple

from mjscore.errors import QUOTE_LIMIT, HandError, Problem
from mjscore.front import (
    DEFAULT_SETTINGS,
    BatchLine,
    ParsedHand,
    named_ruleset,
    parse_hand,
    read_tokens,
    score,
    scored_line,
    undecoded_error,
)
from mjscore.settings import Settings

__all__ = [  # front's names, given here too: the library's callers import them from here
    "LINE_LIMIT",
    "BatchLine",
    "Overlong",
    "ParsedHand",
    "hand_lines",
    "named_ruleset",
    "parse_hand",
    "read_lines",
    "read_tokens",
    "score",
    "score_many",
    "undecoded_error",
]

LINE_LIMIT: Final = 64 * 1024  # bytes of a batch line before its '#' comment: a hand is a few dozen


class Overlong(NamedTuple):
    """What stands for a line longer than ``LINE_LIMIT`` bytes (``read_lines`` does not keep it).

    Not a ``Value``: this module stays Python (setup.py), and a Python class cannot derive
    from a compiled one. A NamedTuple is frozen and pickles as it is, and Python makes one
    at import in a tenth of the time of a frozen dataclass (whose methods are compiled from
    source: about a millisecond)."""

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
        line = raw.removeprefix("\ufeff") if number == 1 else raw
        # what stands before a comment, without the blanks after it (the line's LF or CR LF
        # among them): one new string a line, where taking off each end and the comment made four
        comment = line.find("#")
        text = (line if comment < 0 else line[:comment]).rstrip()
        if text:
            yield number, text


def score_many(
    lines: Iterable[str | Overlong], settings: Settings | None = None, start: int = 1, explain: bool = False
) -> Iterator[BatchLine]:
    """Score a stream of lines lazily; a bad line yields its error and the batch goes on.

    The text of a line's error is ``HandError.text``: a line that is not UTF-8 is shown with a
    replacement character for the bytes that are not (it cannot be written as it is)."""
    for number, text in hand_lines(lines, start):
        if isinstance(text, Overlong):
            error = text.error(named_ruleset(text.head, settings or DEFAULT_SETTINGS))
            yield BatchLine(number, error.text, None, error)
        else:
            yield scored_line(number, text, settings, explain)
