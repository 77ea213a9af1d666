"""``--format json``: one JSON document per hand, errors included (schema 2).

Text is written as UTF-8, not escaped, except the characters a reader may take for a
line end (U+0085, U+2028, U+2029) and lone surrogates (bytes of a bad encoding), which
are escaped so a document stays on one line and can always be written.
"""

from __future__ import annotations

import json
import re

from mjscore.errors import HandError
from mjscore.result import SCHEMA_VERSION, ScoreResult

# A result holds no cycles, so the encoder need not look for them.
_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_UNSAFE = re.compile("[\u0085\u2028\u2029\ud800-\udfff]")


def encode(doc: dict[str, object]) -> str:
    """One document as one line of JSON text."""
    text = _encode(doc)
    return text if text.isascii() else _UNSAFE.sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"  # these characters stand only inside strings


class JsonRenderer:
    def start(self) -> str | None:
        return None

    def result(self, number: int, result: ScoreResult, show_all: bool = False) -> str:
        doc = result.document(show_all)
        return encode({"schema": SCHEMA_VERSION, "line": number, **doc} if number else doc)

    def error(self, number: int, text: str, error: HandError) -> str | None:
        doc: dict[str, object] = {"schema": SCHEMA_VERSION, "ok": False}
        if number:
            doc["line"] = number
        doc["ruleset"] = error.ruleset
        doc["hand"] = text
        doc["errors"] = [p.to_dict() for p in error.problems]
        return encode(doc)
