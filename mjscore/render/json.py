"""``--format json``: one JSON object per hand, errors included (schema 1)."""

from __future__ import annotations

import json

from mjscore.errors import HandError
from mjscore.result import SCHEMA_VERSION, ScoreResult

# One encoder for every hand; a result holds no cycles, so the encoder need not look for them.
_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


class JsonRenderer:
    def start(self) -> str | None:
        return None

    def result(self, number: int, result: ScoreResult, show_all: bool = False) -> str:
        doc = {"line": number, **result.to_dict()} if number else result.to_dict()
        if show_all:
            doc["candidates"] = [
                {"reading": c.reading, "total": c.total, "items": [x.to_dict() for x in c.lines]}
                for c in result.candidates
            ]
        return _encode(doc)

    def error(self, number: int, text: str, error: HandError) -> str | None:
        doc: dict[str, object] = {"schema": SCHEMA_VERSION, "ok": False}
        if number:
            doc["line"] = number
        doc["hand"] = text
        doc["errors"] = [p.to_dict() for p in error.problems]
        return _encode(doc)
