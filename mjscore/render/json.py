"""``--format json``: one JSON document per hand, errors included (schema 2; the documents
are made by ``result``).

Text is written as UTF-8, not escaped. A scored hand's document holds only text mjscore
wrote and the input's name (``Source`` names are ``printable``); the document of a line
that could not be scored holds the line as written, in which control characters (JSON
escapes only C0), the line separators U+2028 and U+2029 and lone surrogates (bytes of a
bad encoding) are escaped too: a document stays on one line, can always be written, and
cannot drive a terminal.
"""

from __future__ import annotations

import json
import re

from mjscore.errors import UNPRINTABLE, HandError
from mjscore.result import ScoreResult, error_document

# A result holds no cycles, so the encoder need not look for them.
_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"  # such characters stand only inside strings


def document_line(doc: dict[str, object], *, as_typed: bool = False) -> str:
    """A document as one line of JSON; ``as_typed``: it holds a line as typed (an error's), whose
    control characters, line separators and lone surrogates are escaped too."""
    return UNPRINTABLE.sub(_escaped, _encode(doc)) if as_typed else _encode(doc)


class JsonRenderer:
    def start(self) -> str | None:
        return None

    def result(self, number: int, result: ScoreResult, show_all: bool = False, source: str = "") -> str:
        return document_line(result.to_dict(show_all, line=number, source=source))

    def error(self, number: int, error: HandError, source: str = "") -> str | None:
        return document_line(error_document(error, line=number, source=source), as_typed=True)
