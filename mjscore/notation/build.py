"""From text to tokens a rule set can build on; pyparsing errors become
``NotationError`` with a column, never a traceback.

The rule set that reads a line is its ``RULESET:`` prefix, else the settings'
default. Items (flags and ``key=value``) are gathered here for every rule set
alike: duplicates, unknown words (with a "did you mean") and rule options are
checked in one place.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from mjscore.errors import HandError, NotationError, Problem, quoted
from mjscore.families import HINTS
from mjscore.hand import Win
from mjscore.notation.tokens import BLANKS, RULESET_RE, Token, fast_read, fast_tokens
from mjscore.options import OptionSpec, OptionValue, count_range, read_count_text, spec_named
from mjscore.presets import PRESET_KEY
from mjscore.values import compiled_pattern

if TYPE_CHECKING:
    from pyparsing import ParseBaseException

_PREFIX: Final = re.compile(RULESET_RE)


def split_prefix(text: str, default: str) -> tuple[str, int, int]:
    """(rule-set name, column of the name, where the body starts)."""
    m = _PREFIX.match(text) if ":" in text else None  # most lines of a batch have no colon
    if m is None:
        return default, 0, 0
    return m.group(1), m.start(1) + 1, m.end()


def tokenize(text: str, family: str, start: int) -> list[Token]:
    """Tokens of ``text[start:]`` with locations counted from the line's start."""
    tokens = fast_tokens(family, text, start)
    if tokens is not None:
        return tokens
    import pyparsing as pp  # only for a line the fast reader declines (see ``tokens``)

    from mjscore.notation.grammar import parse_structured

    resume = fast_read(family, text, start).resume(start)
    try:
        tokens = parse_structured(family, text, start, resume)  # from where the fast reader stopped
    except pp.ParseBaseException as exc:
        hint = HINTS.get(family)
        message = _expected(exc)
        if hint and hint[0].search(text, start):
            message += f"; {hint[1]}"
        raise NotationError(text, resume[1] + exc.loc + 1, message) from None
    if resume[0] != "body":  # the two read alike, so the rest never reads: if it did, read the whole body
        return parse_structured(family, text, start)
    return tokens


def _expected(exc: ParseBaseException) -> str:
    found = "the end of the line" if exc.loc >= len(exc.pstr) else quoted(exc.pstr[exc.loc])
    return f"cannot read the hand here: {exc.msg[0].lower()}{exc.msg[1:]} (found {found})"


class Items:
    """The items of one line, sorted out: flags, ``key=value`` pairs, options. (A plain class,
    not a dataclass: one is made for every line, and the ``__init__`` dataclasses generate runs
    as Python in a compiled build, as result.ScoreLine says.)"""

    __slots__ = ("flags", "option_cols", "options", "problems", "values")

    def __init__(self) -> None:
        self.flags: dict[str, int] = {}  # flag -> column
        self.values: dict[str, tuple[str, int]] = {}  # key -> (value, column)
        self.options: dict[str, OptionValue] = {}
        self.problems: list[Problem] = []
        self.option_cols: dict[str, int] = {}  # option -> column of its value


def known_words(flags: Sequence[str], keys: Sequence[str], specs: Sequence[OptionSpec]) -> list[str]:
    """The words a rule set reads, as a user writes them (``dora=`` for keys)."""
    return [*flags, *(f"{k}=" for k in (*keys, *(s.name for s in specs)))]


def gather_items(
    tokens: Iterable[Token], flags: Sequence[str], keys: Sequence[str], specs: Sequence[OptionSpec]
) -> Items:
    """Sort out flags, ``key=value`` items and rule options. Keys and option names are
    distinct (a test holds every rule set to it): a key, the usual item, is looked up first.
    ``preset=`` is read by a rule set that lists it in ``keys`` (``RuleSet.line_options``
    checks the name); on any other line it is a problem of its own, not an unknown word."""
    items = Items()
    seen: set[str] = set()
    repeats: dict[str, list[Token]] = {}  # an item given again: its copies after the first
    unknown: dict[str, int] = {}  # an unknown word: its problem's place in items.problems
    for tok in tokens:
        tag = tok.tag
        name = tok.text.lower()
        if tag not in ITEM_TAGS:
            seen.add(name)
            continue
        col = tok.loc + 1
        # an item is known by its word as written: a flag and an option may share a name (renhou, renhou=)
        item = f"{name}=" if tag == "option" else name
        if item in seen:
            repeats.setdefault(item, []).append(tok)
            continue
        seen.add(item)
        # a value's column; an empty value's is its item's (after "=" is a blank or the line's end)
        value_col = tok.value_loc + 1 if tok.value else col
        # a "word": a rule set's own flag, which its family's reader does not know (as written:
        # BABA's flags are lower case, as its card codes are letters)
        if (tag == "flag" and name in flags) or (tag == "word" and tok.text in flags):
            items.flags[name] = col
        elif tag == "option" and name in keys:
            items.values[name] = (tok.value, value_col)
        elif tag == "option" and name in _READ_ELSEWHERE:
            code, message = _READ_ELSEWHERE[name]
            items.problems.append(Problem(code, message, value_col))
        elif tag == "option" and (spec := spec_named(specs, name)):
            items.option_cols[name] = value_col
            try:
                items.options[name] = spec.read(tok.value)
            except ValueError as exc:
                items.problems.append(Problem("bad-value", str(exc), value_col))
        else:
            word = tok.text + ("=" if tag == "option" else "")
            unknown[item] = len(items.problems)
            items.problems.append(unknown_word(word, known_words(flags, keys, specs), col))
    for name, copies in repeats.items():
        if name in unknown:  # one problem for the word, which says how often it is given
            at = unknown[name]
            problem = items.problems[at]
            items.problems[at] = replace(problem, message=f"{problem.message}; given {_times(len(copies) + 1)}")
        else:
            items.problems.append(_repeated(copies))
    return items


def _repeated(copies: Sequence[Token]) -> Problem:
    """An item given more than once: one problem, at its first repetition, that says how often."""
    first, times = copies[0], len(copies) + 1
    return Problem("duplicate-item", f"{quoted(first.text)} is given {_times(times)}", first.loc + 1)


def _times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"


ITEM_TAGS: Final = frozenset(("flag", "word", "option"))  # the tags of the items after a hand
NO_PRESETS: Final = "preset= is not taken on this line: its rule set has no presets (mjscore rules NAME lists them)"
# The items of a line only the analysis reads (mjscore waits): tiles seen on the table, and the
# player's own discards. A scoring line names the command that reads them.
ANALYSIS_KEYS: Final = ("seen", "discards")
# Items a line's rule set does not list in its keys but that are read elsewhere: (code, message).
_READ_ELSEWHERE: Final = {
    PRESET_KEY: ("no-presets", NO_PRESETS),
    **{
        key: ("analysis-item", f"{key}= is read by mjscore waits (what a hand waits on), not when a hand is scored")
        for key in ANALYSIS_KEYS
    },
}


def closest_word(word: str, known: Sequence[str]) -> str | None:
    import difflib

    # A ratio of 0.6 needs 2 * matches >= 0.6 * (len(word) + len(guess)), so a word longer than
    # 7/3 of every known one has no guess: say so at once (difflib takes seconds on megabytes).
    if 3 * len(word) > 7 * max(map(len, known), default=0):
        return None
    guess = difflib.get_close_matches(word.lower(), known, n=1, cutoff=0.6)
    return guess[0] if guess else None


def unknown_word(word: str, known: Sequence[str], col: int) -> Problem:
    guess = closest_word(word, known)
    hint = f"; did you mean {guess!r}?" if guess else ""
    return Problem("unknown-word", f"unknown word {quoted(word)}{hint} (known: {', '.join(known)})", col)


def other_flags(flags: Iterable[str]) -> list[str]:
    """A line's flag words other than how it was won (tsumo, ron), sorted: as a canonical line
    and a result's context list them."""
    return sorted(f for f in flags if f not in _WIN_WORDS)


_WIN_WORDS: Final = ("tsumo", "ron")


def read_win(items: Items, problems: list[Problem], tsumo_means: str) -> Win | None:
    """Tsumo or ron: exactly one is required (docs/notation.md)."""
    tsumo, ron = "tsumo" in items.flags, "ron" in items.flags
    if tsumo != ron:
        return Win.TSUMO if tsumo else Win.RON
    if tsumo:
        problems.append(
            Problem("win-conflict", "tsumo and ron together: a win is one or the other", items.flags["ron"])
        )
    else:
        problems.append(Problem("win-missing", f"say how the hand was won: tsumo ({tsumo_means}) or ron (a discard)"))
    return None


def read_count(items: Items, key: str, problems: list[Problem], most: int, meaning: str = "") -> int:
    """A ``key=N`` item (0 when not given): a whole number from 0 to ``most``, or a problem
    that states the range (``meaning``: what the number counts, said before it)."""
    value, col = items.values.get(key, ("0", 0))
    count = read_count_text(value, most)
    if count is not None:
        return count
    stated = f"{meaning}, {count_range(most)}" if meaning else count_range(most)
    problems.append(Problem("bad-value", f"{key}= is {stated}, not {quoted(value)}", col))
    return 0


def fail(text: str, problems: Sequence[Problem]) -> HandError:
    """One error carrying every problem, in the order they stand on the line. A problem found
    again in the same word, or in copies of it (the same code and message), is one problem
    at its first column that says how often: a word repeated thousands of times is not
    thousands of problems, each drawn with the whole line."""
    if len(problems) > 1:
        problems = _folded(text, problems)
    return HandError(text, tuple(sorted(problems, key=lambda p: p.col)))


_WORD_RE: Final = f"[^{BLANKS}]+"  # a word: what stands between blanks (for errors only: ``compiled_pattern``)


def _folded(text: str, problems: Sequence[Problem]) -> list[Problem]:
    body = split_prefix(text, "")[2]  # the prefix is not part of the first word: "riichi:(12m)" is "(12m)" again
    words = list(compiled_pattern(_WORD_RE).finditer(text, body))
    starts = [w.start() for w in words]
    texts = [w[0] for w in words]  # one string per word: its hash is worked out once

    def word_at(col: int) -> str:
        """The word the 1-based column stands in ("": the hand as a whole, or a blank)."""
        i = bisect.bisect_right(starts, col - 1) - 1
        return texts[i] if col > 0 and i >= 0 and col - 1 < words[i].end() else ""

    same: dict[tuple[str, str, str], list[Problem]] = {}
    for p in problems:
        same.setdefault((p.code, p.message, word_at(p.col)), []).append(p)
    return [
        group[0] if len(group) == 1 else replace(group[0], message=f"{group[0].message} ({len(group)} times in all)")
        for group in same.values()
    ]
