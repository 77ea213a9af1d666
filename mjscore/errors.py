"""Every error mjscore reports: one tree, each problem with a stable ``code``.

``NotationError`` is for text that cannot be read at all (the grammar failed);
``HandError`` is for a line that was read but describes an impossible or
non-winning hand. A ``HandError`` carries *all* problems found, so a user fixes
them in one go.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from mjscore.compiling import mypyc_attr
from mjscore.values import Value, compiled_pattern

QUOTE_LIMIT: Final = 60  # characters of a user's text a message quotes
PATH_QUOTE_LIMIT: Final = 300  # of a file name: any real one, not one made to be too long


@dataclass(slots=True, init=False, repr=False, eq=False)
class Problem(Value):
    """One thing wrong with a hand: a stable code, a sentence, and a column.

    ``col`` is 1-based into the line as typed; 0 means "the hand as a whole".
    """

    code: Final[str]
    message: Final[str]
    col: Final[int]

    def __init__(self, code: str, message: str, col: int = 0) -> None:  # see result.ScoreLine
        self.code = code
        self.message = message
        self.col = col

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "col": self.col}


# Every error class is a Python class, not a native one (each says so: a class derived from
# one is native unless it does): compiled code of the other library (setup.py compiles two)
# that called a method or property of a native exception class (HandError.problems) looked it
# up at the wrong place in the object and crashed, as mypyc lays out a native class derived
# from a builtin exception in one library, and reads it as a plain native class in another.
@mypyc_attr(native_class=False)
class MjscoreError(Exception):
    """Base of every error mjscore raises on purpose."""

    # ClassVar: in a compiled build a plain class attribute of an exception class is not
    # found through its instances (UsageError("x").code raised AttributeError)
    code: ClassVar[str] = "error"

    @property
    def problems(self) -> tuple[Problem, ...]:
        return (Problem(self.code, str(self)),)


@mypyc_attr(native_class=False)  # see MjscoreError
class UsageError(MjscoreError):
    """A bad option, rules file or deck file (exit code 2 on the command line)."""

    code: ClassVar[str] = "usage"


@mypyc_attr(native_class=False)  # see MjscoreError
class HandError(MjscoreError):
    """A line that was read but cannot be scored; holds every problem found."""

    code: ClassVar[str] = "hand"

    def __init__(self, text: str, problems: tuple[Problem, ...], ruleset: str | None = None) -> None:
        self.text = text
        self._problems = problems
        self.ruleset = ruleset  # the rule set the line was read under; None when it names none known
        super().__init__("; ".join(p.message for p in problems))

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self._problems

    def describe(self) -> str:
        """Every problem as ``error: message [code]``, with the line and a caret under its column."""
        return "\n".join(
            _with_caret(self.text, p.col, printable(f"error: {p.message} [{p.code}]")) for p in self.problems
        )


@mypyc_attr(native_class=False)  # see MjscoreError
class NotationError(HandError):
    """The grammar could not read the line; one problem, at one column."""

    code: ClassVar[str] = "notation"

    def __init__(self, text: str, col: int, message: str, code: str = "syntax") -> None:
        super().__init__(text, (Problem(code, message, col),))
        self.col = col


def not_utf8(byte: int, where: str = "") -> str:
    """What text that is not UTF-8 is told: the first byte that cannot be read (and where, when
    no column says it)."""
    at = f" at {where}" if where else ""
    return f"not UTF-8 text: byte 0x{byte:02x}{at} cannot be read (write it as UTF-8)"


def file_not_utf8(exc: UnicodeDecodeError) -> str:
    return not_utf8(exc.object[exc.start], f"byte offset {exc.start}")


def _with_caret(text: str, col: int, message: str) -> str:
    if col <= 0:
        return message
    # East Asian wide characters take two terminal cells; line the caret up under them.
    from wcwidth import wcswidth

    shown = text.replace("\t", " ")  # a tab is one column; wcswidth has no width for it
    # a long line is shown around the column, not whole (a line may hold thousands of words)
    start = max(0, col - 1 - CARET_BEFORE)
    end = start + CARET_WIDTH
    before = ("…" if start else "") + shown[start : col - 1]
    line = before + shown[col - 1 : end] + ("…" if end < len(shown) else "")
    width = max(wcswidth(printable(before)), 0)
    return f"{message}\n  {printable(line)}\n  {' ' * width}^"


CARET_BEFORE: Final = 60  # characters of a long line shown before its column, and in all
CARET_WIDTH: Final = 160


# What must not reach a terminal or a line of output as it is: C0 controls, DEL and C1 controls
# drive a terminal (ESC starts an escape sequence, CR overwrites the line), U+2028 and U+2029 end
# a line for some readers, and a lone surrogate (a byte that was not UTF-8, kept by
# surrogateescape) cannot even be written to a UTF-8 stream. The patterns are raw strings (re
# reads the escapes): a compiled module cannot hold a lone surrogate in a string literal.
# Compiled on first use (``values.compiled_pattern``): a run whose text is all printable ASCII
# (a batch that scores) never needs them.
UNPRINTABLE: Final = r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]"
_UNPRINTABLE_BUT_NEWLINE: Final = r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]"


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # surrogateescape's stand-in for the byte code - 0xDC00
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str, keep_newlines: bool = False) -> str:
    r"""``text`` safe to show on a terminal: each control character (C0, DEL, C1) written as an
    escape, ``\x1b``, and each byte that was not UTF-8 as ``\xff``. Text read from input
    (a hand, a file name, a rules file's value) passes through here before it is shown, so that
    a file cannot drive the terminal. ``keep_newlines``: for text of several lines.

    >>> print(printable("1m\x1b[31m 2m \udcff"))
    1m\x1b[31m 2m \xff
    """
    if text.isascii() and text.isprintable():  # no control character: nothing to escape
        return text
    return compiled_pattern(_UNPRINTABLE_BUT_NEWLINE if keep_newlines else UNPRINTABLE).sub(_escape, text)


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A user's text as a message quotes it: in single quotes, ``printable``, and at most
    ``limit`` characters of it (a longer text is cut, and its length said).

    >>> quoted("riichi")
    "'riichi'"
    >>> quoted("x" * 100_000, limit=5)
    "'xxxxx…' (100,000 characters)"
    """
    if len(text) <= limit:
        return f"'{printable(text)}'"
    return f"'{printable(text[:limit])}…' ({len(text):,} characters)"


def quoted_value(raw: object) -> str:
    """A value a user gave, for a message: a string quoted and bounded (``errors.quoted``), a
    TOML number as it is (a number too large for a message is said to be so), any other
    TOML value (a list, a table) as Python writes it, bounded."""
    if isinstance(raw, str):
        return quoted(raw)
    if isinstance(raw, int) and not isinstance(raw, bool) and abs(raw).bit_length() > _MESSAGE_BITS:
        return "a number too large to show"
    return printable(repr(raw)[:QUOTE_LIMIT])


_MESSAGE_BITS: Final = 64  # TOML's integers are 64-bit


def quoted_path(path: object) -> str:
    """A file name as a message quotes it: ``quoted``, with room for any real path."""
    return quoted(str(path), PATH_QUOTE_LIMIT)


def some_of(faults: Sequence[str], limit: int = 10, sep: str = "; ") -> str:
    """Faults joined with ``sep``, at most ``limit`` of them and how many more: a file made of
    thousands of faults gets a message one can read."""
    more = f"{sep}and {len(faults) - limit:,} more" if len(faults) > limit else ""
    return sep.join(faults[:limit]) + more
