"""``--format json``: one JSON document per hand, errors included (schema 2).

Text is written as UTF-8, not escaped, except control characters (JSON escapes C0; DEL
and C1 are escaped here too, so a document shown on a terminal cannot drive it), the
characters a reader may take for a line end (U+2028, U+2029) and lone surrogates (bytes
of a bad encoding, which could not be written).
"""

from __future__ import annotations

import json
import re

from mjscore.errors import HandError
from mjscore.result import SCHEMA_VERSION, ScoreResult

# A result holds no cycles, so the encoder need not look for them.
_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def encode(doc: dict[str, object]) -> str:
    """One document as one line of JSON text."""
    text = _encode(doc)
    if text.isascii() and "\x7f" not in text:
        return text  # most documents: nothing to escape
    return _UNSAFE.sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"  # these characters stand only inside strings


def _where(number: int, source: str) -> dict[str, object]:
    """The keys that open a document: the schema, then where its line is (a batch's)."""
    doc: dict[str, object] = {"schema": SCHEMA_VERSION}
    if source:
        doc["source"] = source
    if number:
        doc["line"] = number
    return doc


class JsonRenderer:
    def start(self) -> str | None:
        return None

    def result(self, number: int, result: ScoreResult, show_all: bool = False, source: str = "") -> str:
        return encode({**_where(number, source), **result.document(show_all)})

    def error(self, number: int, text: str, error: HandError, source: str = "") -> str | None:
        doc: dict[str, object] = {**_where(number, source), "ok": False}
        doc["ruleset"] = error.ruleset
        doc["hand"] = text
        doc["errors"] = [p.to_dict() for p in error.problems]
        return encode(doc)
