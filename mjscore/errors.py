"""Every error mjscore reports: one tree, each problem with a stable ``code``.

``NotationError`` is for text that cannot be read at all (the grammar failed);
``HandError`` is for a line that was read but describes an impossible or
non-winning hand. A ``HandError`` carries *all* problems found, so a user fixes
them in one go.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a hand: a stable code, a sentence, and a column.

    ``col`` is 1-based into the line as typed; 0 means "the hand as a whole".
    """

    code: str
    message: str
    col: int = 0

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "col": self.col}


class MjscoreError(Exception):
    """Base of every error mjscore raises on purpose."""

    code = "error"

    @property
    def problems(self) -> tuple[Problem, ...]:
        return (Problem(self.code, str(self)),)


class UsageError(MjscoreError):
    """A bad option, rules file or deck file (exit code 2 on the command line)."""

    code = "usage"


class HandError(MjscoreError):
    """A line that was read but cannot be scored; holds every problem found."""

    code = "hand"

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
        return "\n".join(_with_caret(self.text, p.col, f"error: {p.message} [{p.code}]") for p in self.problems)


class NotationError(HandError):
    """The grammar could not read the line; one problem, at one column."""

    code = "notation"

    def __init__(self, text: str, col: int, message: str, code: str = "syntax") -> None:
        super().__init__(text, (Problem(code, message, col),))
        self.col = col


QUOTED_CHARS = 40  # a longer text is quoted by its start


def quoted(text: str) -> str:
    """Text a user wrote, quoted for a message as Python writes a string (``'x1'``, control
    characters escaped), and bounded: a text longer than ``QUOTED_CHARS`` characters is
    quoted by its first ones and "…" (a line may hold a word of thousands). Every message
    that quotes user text quotes it with this."""
    if len(text) <= QUOTED_CHARS:
        return repr(text)
    start = repr(text[:QUOTED_CHARS])
    return f"{start[:-1]}…{start[-1]}"


def not_utf8(byte: int, where: str = "") -> str:
    """What text that is not UTF-8 is told: the first byte that cannot be read (and where, when
    no column says it)."""
    at = f" at {where}" if where else ""
    return f"not UTF-8 text: byte 0x{byte:02x}{at} cannot be read (save the file as UTF-8)"


def file_not_utf8(exc: UnicodeDecodeError) -> str:
    return not_utf8(exc.object[exc.start], f"byte offset {exc.start}")


def _with_caret(text: str, col: int, message: str) -> str:
    if col <= 0:
        return message
    # East Asian wide characters take two terminal cells; line the caret up under them.
    from wcwidth import wcswidth

    shown = text.replace("\t", " ")  # a tab is one column; wcswidth has no width for it
    width = max(wcswidth(shown[: col - 1]), 0)
    return f"{message}\n  {shown}\n  {' ' * width}^"
