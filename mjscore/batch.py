"""Batch scoring: lines in, rendered lines out, in input order, streamed.

``rendered`` scores the lines of one input in this process; ``rendered_inputs``
scores several inputs one after another, in this process or spread in chunks
over worker processes, still yielding in input order. Both hold only a bounded
window of lines in memory, whatever the length of the input. Each ``Rendered``
says which input it is from (``source``) and its line number in that input.

What is done with each line is a ``Task``: ``Scoring`` (mjscore batch), or one of ``tasks``
(mjscore waits FILE, game and log); ``tasked_inputs`` runs any task over the inputs as above.
A task may take other items than lines: ``tasks.Replaying`` (mjscore game) takes whole games,
each replayed and rendered as one ``GameReport``.

Ctrl-C and SIGTERM are the caller's to handle: workers ignore SIGINT (the
terminal sends it to them too) and die quietly on SIGTERM, which is how the pool
is ended when the caller's exception leaves ``rendered_inputs``.
"""

from __future__ import annotations

import signal
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any, Final, Protocol, TypeVar

from mjscore.errors import Problem
from mjscore.render import Output, Renderer
from mjscore.scoring import Overlong, score_many
from mjscore.settings import Settings
from mjscore.values import Value

CHUNK: Final = 512  # lines a worker scores per task
GAME_CHUNK: Final = 8  # games a worker replays per task (a game of 16 hands is some 50 lines' work)
WINDOW: Final = 4  # tasks per worker in flight at once


@dataclass(slots=True, init=False, repr=False, eq=False)
class Source(Value):
    """An input of a batch: its place among the inputs (the same file may be named twice) and
    its name as messages and records show it (``<stdin>`` for standard input; ``printable``)."""

    index: Final[int]
    name: Final[str]

    def __init__(self, index: int, name: str) -> None:  # see result.ScoreLine
        self.index = index
        self.name = name


NO_SOURCE: Final = Source(0, "")  # lines that come from no named input (a library caller's)


@dataclass(slots=True, init=False, repr=False, eq=False)
class Rendered(Value):
    """One hand line, scored and rendered: what goes to stdout, its problems, and where it is
    from: ``number`` is its line number in ``source``."""

    number: Final[int]
    output: Final[Output | None]
    problems: Final[tuple[Problem, ...]]
    source: Final[Source]

    def __init__(  # written out, as result.ScoreLine says why: one is made for every line
        self, number: int, output: Output | None, problems: tuple[Problem, ...], source: Source = NO_SOURCE
    ) -> None:
        self.number = number
        self.output = output
        self.problems = problems
        self.source = source


Lines = Iterable[str | Overlong]
Item_contra = TypeVar("Item_contra", contravariant=True)  # what a task takes one at a time: a line, a game
Done_co = TypeVar("Done_co", covariant=True)  # what it gives for each
T = TypeVar("T")
R = TypeVar("R")


class Task(Protocol[Item_contra, Done_co]):
    """What a run does with the items of an input (a batch's hand lines, mjscore game's games):
    each one read, worked on and rendered."""

    def rendered(self, lines: Iterable[Item_contra], start: int, source: Source) -> Iterator[Done_co]:
        """Each item of ``lines``, done; ``start`` is the number of the first (a line's, a game's)."""
        ...


@dataclass(slots=True, init=False, repr=False, eq=False)
class Scoring(Value):
    """mjscore batch: each line scored (``show_all``: with every reading considered, ``--all``)."""

    settings: Final[Settings]
    renderer: Final[Renderer]
    show_all: Final[bool]

    def __init__(self, settings: Settings, renderer: Renderer, show_all: bool = False) -> None:  # see result.ScoreLine
        self.settings = settings
        self.renderer = renderer
        self.show_all = show_all

    def rendered(self, lines: Lines, start: int, source: Source) -> Iterator[Rendered]:
        renderer = self.renderer
        for line in score_many(lines, self.settings, start, self.show_all):
            if line.result is not None:
                output = renderer.result(line.number, line.result, self.show_all, source.name)
                yield Rendered(line.number, output, (), source)
            elif line.error is not None:
                errors = renderer.error(line.number, line.error, source.name)
                yield Rendered(line.number, errors, line.error.problems, source)


def rendered(
    lines: Lines,
    settings: Settings,
    renderer: Renderer,
    *,
    start: int = 1,
    source: Source = NO_SOURCE,
    show_all: bool = False,
) -> Iterator[Rendered]:
    """Score and render each hand line; ``start`` is the number of the first line; ``show_all``:
    with every reading considered (``--all``)."""
    return Scoring(settings, renderer, show_all).rendered(lines, start, source)


def rendered_inputs(
    inputs: Iterable[tuple[Source, Lines]],
    settings: Settings,
    renderer: Renderer,
    jobs: int = 1,
    show_all: bool = False,
) -> Generator[Rendered, None, None]:
    """Every line of every input scored, in order, over ``jobs`` processes (1: this one)."""
    return tasked_inputs(inputs, Scoring(settings, renderer, show_all), jobs)


def tasked_inputs(
    inputs: Iterable[tuple[Source, Iterable[T]]], task: Task[T, R], jobs: int = 1, chunk: int = CHUNK
) -> Generator[R, None, None]:
    """Every item (line, game) of every input, in order, done by ``task`` over ``jobs`` processes
    (1: this one), ``chunk`` items to a worker at a time."""
    if jobs == 1:
        for source, lines in inputs:
            yield from task.rendered(lines, 1, source)
    else:
        yield from _rendered_parallel(inputs, task, jobs, chunk)


def _rendered_parallel(
    inputs: Iterable[tuple[Source, Iterable[T]]], task: Task[T, R], jobs: int, chunk: int
) -> Generator[R, None, None]:
    """Workers are forked, so each starts with the caller's task (its settings and renderer),
    already loaded and checked."""
    import multiprocessing

    # A worker forked while SIGINT and SIGTERM are blocked starts with them blocked, and takes
    # them only once it has set what they do (_init_worker): one forked between the fork and
    # that would run the caller's handlers, traceback and all.
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        pool = multiprocessing.get_context("fork").Pool(jobs, _init_worker, (task,))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    chunks = _chunks(inputs, chunk)
    with pool:
        while window := list(islice(chunks, jobs * WINDOW)):
            for chunk_result in pool.map(_do_chunk, window):
                yield from chunk_result


Chunk = tuple[Source, int, list[T]]  # a run of items of one input: the number of the first


def _chunks(inputs: Iterable[tuple[Source, Iterable[T]]], size: int) -> Iterator[Chunk[T]]:
    for source, lines in inputs:
        numbered = enumerate(lines, 1)
        while chunk := list(islice(numbered, size)):
            yield source, chunk[0][0], [text for _, text in chunk]


_worker: Task[Any, Any] | None = None
_STOPS: Final = {signal.SIGINT, signal.SIGTERM}


def _init_worker(task: Task[Any, Any]) -> None:
    global _worker  # noqa: PLW0603 - one task per worker process
    _worker = task
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it ends the pool
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the pool's terminate(): end without a word
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)


def _do_chunk(chunk: Chunk[Any]) -> list[Any]:
    """A contiguous run of items of one input, done and rendered in a worker."""
    assert _worker is not None
    source, start, lines = chunk
    return list(_worker.rendered(lines, start, source))
