"""Renderers: one per ``--format``, all with the same three calls.

``start()`` is what goes before the first hand (a CSV header), ``result`` and
``error`` render one hand each: ``number`` is its line number in a batch (0: none),
``source`` the name of the input it is from (""). Errors are also reported on stderr by the CLI
as ``file:line:col: message``; here they become part of the document, so a
script reading JSON or CSV sees every line of its input accounted for.

A result is text, or for JSON the text's UTF-8 bytes (``Output``): the JSON writer encodes
the pieces it keeps once, and data formats are always written in UTF-8 (``shell.write``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from mjscore.errors import HandError
from mjscore.result import ScoreResult

if TYPE_CHECKING:  # imported when an analysis is rendered (it loads riichi)
    from mjscore.analysis import Analysis

Output = str | bytes  # a rendered result: text, or JSON's UTF-8


class Renderer(Protocol):
    def start(self) -> str | None: ...

    def result(self, number: int, result: ScoreResult, show_all: bool = False, source: str = "") -> Output: ...

    def error(self, number: int, error: HandError, source: str = "") -> str | None: ...


FORMATS: Final = ("table", "json", "csv")


def get_renderer(name: str, several_inputs: bool = False) -> Renderer:
    """The renderer of a ``--format``; ``several_inputs``: the table names each hand's input
    (JSON and CSV always name it, in a batch)."""
    if name == "json":
        from mjscore.render.json import JsonRenderer

        return JsonRenderer()
    if name == "csv":
        from mjscore.render.csv import CsvRenderer

        return CsvRenderer()
    from mjscore.render.table import TableRenderer

    return TableRenderer(several_inputs)


class AnalysisRenderer(Protocol):
    """A renderer of ``mjscore waits``: as ``Renderer``, with ``analysis`` for a hand analysed."""

    def start(self) -> str | None: ...

    def analysis(self, number: int, analysis: Analysis, source: str = "") -> str: ...

    def error(self, number: int, error: HandError, source: str = "") -> str | None: ...


def get_analysis_renderer(name: str, several_inputs: bool = False) -> AnalysisRenderer:
    """The renderer of an analysis's ``--format`` (``several_inputs`` as ``get_renderer``)."""
    from mjscore.render.analysis import AnalysisCsv, AnalysisJson, AnalysisTable

    if name == "json":
        return AnalysisJson()
    if name == "csv":
        return AnalysisCsv()
    return AnalysisTable(several_inputs)
