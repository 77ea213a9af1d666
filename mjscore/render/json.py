"""``--format json``: one JSON object per hand, errors included (schema 1).

Most of a document is score lines, and the rule sets share line objects between
hands (a rule's plain line, "base 20" fu), so each line object is encoded once:
a document is encoded with a stand-in for each run of lines, then the runs'
texts are put where the stand-ins are. The text is that of encoding the whole
document.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from mjscore.errors import HandError
from mjscore.result import SCHEMA_VERSION, ScoreLine, ScoreResult


def _encoder(default: Callable[[object], object]) -> Callable[[object], str]:
    """The encoder settings' one home; a result holds no cycles, so it need not look for them."""
    return json.JSONEncoder(ensure_ascii=False, check_circular=False, default=default).encode


def _line_dict(o: object) -> object:
    if isinstance(o, ScoreLine):
        return o.to_dict()
    raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")


# Encodes a document whole, a line left in it as its dict.
_encode = _encoder(_line_dict)

# What a run of lines is first encoded as. Only a string that is NUL, or ends in '"' and NUL,
# encodes to text holding _STAND_IN_TEXT too: such a document is then encoded whole.
_STAND_IN = "\0"
_STAND_IN_TEXT = _encode(_STAND_IN)


class JsonRenderer:
    """Writes documents one at a time (it keeps the line texts met in the one being encoded)."""

    _LIMIT = 4096  # line texts remembered; past it the memo starts again (most are one hand's own lines)

    def __init__(self) -> None:
        # Each line's text by the line's id, the line kept with it: while the text is
        # remembered, no other object can have that id.
        self._line_texts: dict[int, tuple[ScoreLine, str]] = {}
        self._met: list[str] = []  # the texts of the runs of lines in the document being written, in order

    def start(self) -> str | None:
        return None

    def result(self, number: int, result: ScoreResult, show_all: bool = False) -> str:
        """``_encode`` of the whole document, each run of lines written from texts encoded once."""
        self._met.clear()
        parts = _encode(self._document(number, result, show_all, self._stand_in)).split(_STAND_IN_TEXT)
        met = self._met
        if len(parts) != len(met) + 1:  # a string of the document's own reads as a stand-in
            return _encode(self._document(number, result, show_all, list))
        text = parts + met
        text[::2], text[1::2] = parts, met  # each run's text where its stand-in was
        return "".join(text)

    def error(self, number: int, text: str, error: HandError) -> str | None:
        doc: dict[str, object] = {"schema": SCHEMA_VERSION, "ok": False}
        if number:
            doc["line"] = number
        doc["hand"] = text
        doc["errors"] = [p.to_dict() for p in error.problems]
        return _encode(doc)

    @staticmethod
    def _document(
        number: int, result: ScoreResult, show_all: bool, lines: Callable[[tuple[ScoreLine, ...]], object]
    ) -> dict[str, object]:
        doc = result.document(lines)
        if number:
            doc = {"line": number, **doc}
        if show_all:
            doc["candidates"] = [
                {"reading": c.reading, "total": c.total, "kept": c.kept, "items": lines(c.lines)}
                for c in result.candidates
            ]
        return doc

    def _stand_in(self, lines: tuple[ScoreLine, ...]) -> str:
        """A run of lines is met in the order of the text: its text is noted, a stand-in left."""
        texts = self._line_texts
        self._met.append("[" + ", ".join([(texts.get(id(x)) or self._remember(x))[1] for x in lines]) + "]")
        return _STAND_IN

    def _remember(self, line: ScoreLine) -> tuple[ScoreLine, str]:
        if len(self._line_texts) >= self._LIMIT:
            self._line_texts.clear()
        known = self._line_texts[id(line)] = (line, _encode(line.to_dict()))
        return known
