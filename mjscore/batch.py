"""Batch scoring: lines in, rendered lines out, in input order, streamed.

``rendered`` scores in this process; ``rendered_parallel`` spreads chunks of
lines over worker processes and still yields in input order. Both hold only a
bounded window of lines in memory, whatever the length of the input.

Ctrl-C and SIGTERM are the caller's to handle: workers ignore SIGINT (the
terminal sends it to them too) and die quietly on SIGTERM, which is how the pool
is ended when the caller's exception leaves ``rendered_parallel``.
"""

from __future__ import annotations

import signal
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from itertools import islice

from mjscore.errors import Problem
from mjscore.render import Renderer
from mjscore.scoring import Overlong, score_many
from mjscore.settings import Settings

CHUNK = 512  # lines a worker scores per task
WINDOW = 4  # tasks per worker in flight at once


@dataclass(frozen=True, slots=True)
class Rendered:
    """One hand line, scored and rendered: what goes to stdout, and its problems."""

    number: int
    output: str | None
    problems: tuple[Problem, ...]


def rendered(
    lines: Iterable[str | Overlong], settings: Settings, renderer: Renderer, start: int = 1
) -> Generator[Rendered, None, None]:
    """Score and render each hand line; ``start`` is the number of the first line."""
    for line in score_many(lines, settings, start):
        if line.result is not None:
            yield Rendered(line.number, renderer.result(line.number, line.result), ())
        elif line.error is not None:
            output = renderer.error(line.number, line.text, line.error)
            yield Rendered(line.number, output, line.error.problems)


def rendered_parallel(
    lines: Iterable[str | Overlong], settings: Settings, renderer: Renderer, jobs: int
) -> Generator[Rendered, None, None]:
    """As ``rendered``, over ``jobs`` processes. Workers are forked, so each starts with the
    caller's settings and renderer, already loaded and checked."""
    import multiprocessing

    numbered = enumerate(lines, 1)
    # A worker forked while SIGINT and SIGTERM are blocked starts with them blocked, and takes
    # them only once it has set what they do (_init_worker): one forked between the fork and
    # that would run the caller's handlers, traceback and all.
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        pool = multiprocessing.get_context("fork").Pool(jobs, _init_worker, (settings, renderer))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    with pool:
        while True:
            chunks = [list(islice(numbered, CHUNK)) for _ in range(jobs * WINDOW)]
            window = [(chunk[0][0], [text for _, text in chunk]) for chunk in chunks if chunk]
            if not window:
                return
            for chunk_result in pool.map(_score_chunk, window):
                yield from chunk_result


_worker: tuple[Settings, Renderer] | None = None
_STOPS = {signal.SIGINT, signal.SIGTERM}


def _init_worker(settings: Settings, renderer: Renderer) -> None:
    global _worker  # noqa: PLW0603 - one settings object per worker process
    _worker = (settings, renderer)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it ends the pool
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the pool's terminate(): end without a word
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)


def _score_chunk(chunk: tuple[int, list[str | Overlong]]) -> list[Rendered]:
    """A contiguous run of lines (the number of the first, the texts), scored and rendered in a worker."""
    assert _worker is not None
    settings, renderer = _worker
    start, texts = chunk
    return list(rendered(texts, settings, renderer, start=start))
