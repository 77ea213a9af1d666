"""Batch scoring: lines in, rendered lines out, in input order, streamed.

``rendered`` scores in this process; ``rendered_parallel`` spreads chunks of
lines over worker processes and still yields in input order. Both hold only a
bounded window of lines in memory, whatever the length of the input.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from mjscore.errors import Problem
from mjscore.render import Renderer, get_renderer
from mjscore.scoring import score_many
from mjscore.settings import Settings, load_settings

CHUNK = 512  # lines a worker scores per task
WINDOW = 4  # tasks per worker in flight at once


@dataclass(frozen=True, slots=True)
class Rendered:
    """One hand line, scored and rendered: what goes to stdout, and its problems."""

    number: int
    output: str | None
    problems: tuple[Problem, ...]


def rendered(lines: Iterable[str], settings: Settings, renderer: Renderer, start: int = 1) -> Iterator[Rendered]:
    """Score and render each hand line; ``start`` is the number of the first line."""
    for line in score_many(lines, settings, start):
        if line.result is not None:
            yield Rendered(line.number, renderer.result(line.number, line.result), ())
        elif line.error is not None:
            output = renderer.error(line.number, line.text, line.error)
            yield Rendered(line.number, output, line.error.problems)


def rendered_parallel(
    lines: Iterable[str], jobs: int, fmt: str, rules: str | None, deck: Path | None
) -> Iterator[Rendered]:
    """As ``rendered``, over ``jobs`` processes; each worker loads the same settings."""
    import multiprocessing

    numbered = enumerate(lines, 1)
    with multiprocessing.get_context("fork").Pool(jobs, _init_worker, (fmt, rules, deck)) as pool:
        while True:
            window = [list(islice(numbered, CHUNK)) for _ in range(jobs * WINDOW)]
            window = [chunk for chunk in window if chunk]
            if not window:
                return
            for chunk_result in pool.map(_score_chunk, window):
                yield from chunk_result


_worker: tuple[Settings, Renderer] | None = None


def _init_worker(fmt: str, rules: str | None, deck: Path | None) -> None:
    global _worker  # noqa: PLW0603 - one settings object per worker process
    _worker = (load_settings(rules, deck), get_renderer(fmt))


def _score_chunk(chunk: list[tuple[int, str]]) -> list[Rendered]:
    """A contiguous run of numbered lines, scored and rendered in a worker."""
    assert _worker is not None
    settings, renderer = _worker
    return list(rendered([text for _, text in chunk], settings, renderer, start=chunk[0][0]))
