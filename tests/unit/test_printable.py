"""``errors.printable``: text read from input, made safe to show. Printable ASCII is returned as
it is without the pattern; anything else goes through it."""

from __future__ import annotations

import pytest

from mjscore.errors import printable


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("riichi:123m ron", "riichi:123m ron"),  # why: printable ASCII has nothing to escape
        ("", ""),  # why: nor has the empty text
        ("a\x1b[31mb", r"a\x1b[31mb"),  # why: ASCII, but ESC (C0) drives a terminal: escaped
        ("tab\there", r"tab\x09here"),  # why: a tab is C0 too, not printable
        ("del\x7f", r"del\x7f"),  # why: DEL is not printable
        ("馬場", "馬場"),  # why: not ASCII, so the pattern decides: printable kanji stay
        ("c1\x9b", r"c1\x9b"),  # why: C1 (CSI) is past ASCII: only the pattern catches it
        ("line\u2028end", r"line\u2028end"),  # why: U+2028 ends a line for some readers
        ("byte \udcff", r"byte \xff"),  # why: a byte that was not UTF-8, shown as the byte
    ],
)
def test_printable_escapes_what_may_drive_a_terminal(text: str, shown: str) -> None:
    assert printable(text) == shown


def test_printable_keeps_newlines_only_when_asked() -> None:
    # why: "\n" is ASCII but not printable, so both calls take the pattern; only one keeps it
    assert printable("a\nb") == r"a\x0ab"
    assert printable("a\nb", keep_newlines=True) == "a\nb"
