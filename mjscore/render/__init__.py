"""Renderers: one per ``--format``, all with the same three calls.

``start()`` is what goes before the first hand (a CSV header), ``result`` and
``error`` render one hand each. Errors are also reported on stderr by the CLI
as ``file:line:col: message``; here they become part of the document, so a
script reading JSON or CSV sees every line of its input accounted for.
"""

from __future__ import annotations

from typing import Protocol

from mjscore.errors import HandError
from mjscore.result import ScoreResult


class Renderer(Protocol):
    def start(self) -> str | None: ...

    def result(self, number: int, result: ScoreResult, show_all: bool = False) -> str: ...

    def error(self, number: int, text: str, error: HandError) -> str | None: ...


FORMATS = ("table", "json", "csv")


def get_renderer(name: str) -> Renderer:
    if name == "json":
        from mjscore.render.json import JsonRenderer

        return JsonRenderer()
    if name == "csv":
        from mjscore.render.csv import CsvRenderer

        return CsvRenderer()
    from mjscore.render.table import TableRenderer

    return TableRenderer()
