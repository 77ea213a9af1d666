"""What a command-line program owes its shell, apart from click: writing its output (a failed
write is told once, a closed pipe ends it quietly), telling the user on stderr (text from the
input escaped), stopping cleanly on Ctrl-C and SIGTERM, a progress bar that never mixes with
anything else, and a run of ``mjscore batch`` that does all of these (``BatchRun``), one of
``mjscore game`` (``GamesRun``) and one of ``mjscore log`` (``LogsRun``).

Exit codes past click's 0, 1 and 2: 74 the output could not be written, 128 + the signal's
number for a run a signal stopped (130 SIGINT, 143 SIGTERM), 141 a closed pipe.
"""

from __future__ import annotations

import errno
import gc
import io
import os
import signal
import sys
import time
from collections.abc import Generator, Iterator
from contextlib import closing, nullcontext
from typing import IO, TYPE_CHECKING, Final

from mjscore.batch import Rendered, Source
from mjscore.errors import printable
from mjscore.render import Output
from mjscore.scoring import Overlong, read_lines

if TYPE_CHECKING:  # the reports of mjscore game and log, whose commands import their tasks
    from mjscore.render.plot import Chart
    from mjscore.tasks import GameReport, LogReport

EXIT_OUTPUT: Final = 74  # sysexits.h's EX_IOERR: the output could not be written
EXIT_CLOSED_PIPE: Final = 128 + signal.SIGPIPE  # 141: what a shell shows for a program a closed pipe ended
# The collector's first threshold once a batch is under way (Python's is 700 objects). What a
# hand leaves behind is entries of the memos, not cycles, so each collection walked them for
# nothing: 49 collections, 70 to 81 ms of a 5,000-hand riichi batch's 1.2 s; at this, none.
BATCH_GC_THRESHOLD: Final = 100_000


# --- stopping: Ctrl-C and SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is: the run stops where it is, cleanly (exit 143)."""


class Stops:
    """Ctrl-C (SIGINT) and SIGTERM, raised as ``KeyboardInterrupt`` and ``Terminated``. While
    ``held``, one waits until ``release``, so that writing a hand and counting it is one step: no
    write is cut short (an exception inside a write loses what it was writing), and "interrupted
    after N hands" counts exactly the hands written. A second signal does not wait: a write that
    blocks (a reader that does not read) cannot hold the run forever."""

    def __init__(self) -> None:
        self.held = False
        self.pending: int | None = None

    def take(self, signum: int, frame: object) -> None:
        """The signal handler."""
        if self.held and self.pending is None:
            self.pending = signum
        else:
            raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt

    def release(self) -> None:
        self.held = False
        if self.pending is not None:
            signum, self.pending = self.pending, None
            self.take(signum, None)

    def reset(self) -> None:
        """Nothing held, nothing waiting: as a run starts (a write that failed left it held)."""
        self.held, self.pending = False, None


STOPS: Final = Stops()


def stopped_by(stop: KeyboardInterrupt) -> tuple[str, int]:
    """How a run that ``stop`` ended is told (a word and the exit code): 128 + the signal's number."""
    if isinstance(stop, Terminated):
        return "terminated", 128 + signal.SIGTERM
    return "interrupted", 128 + signal.SIGINT


# --- standard output and standard error


class OutputError(Exception):
    """Standard output could not be written; not an ``OSError``, so that click leaves it alone."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(cause.strerror)
        self.errno = cause.errno
        self.strerror = cause.strerror


def encodable_output(data: bool) -> None:
    """JSON and CSV (``data``) are written in UTF-8 whatever the locale says: a script reads
    them. Text for people, and stderr, keep the locale's encoding, and what it cannot encode
    (kanji under a Latin-1 or ASCII locale) is written as an escape (\\u99ac) instead of
    failing."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.encoding.lower().replace("-", "") != "utf8":
            if data and stream is sys.stdout:
                stream.reconfigure(encoding="utf-8")
            else:
                stream.reconfigure(errors="backslashreplace")
    if data and isinstance(sys.stdout, io.TextIOWrapper):
        # JSON comes as bytes, written to the byte buffer below: text must reach it at once too
        sys.stdout.reconfigure(write_through=True)


def emit(text: Output | None) -> None:
    """A line (or lines) of output, unless there is none."""
    if text is not None:
        write(text + "\n" if isinstance(text, str) else text + b"\n")


def write(text: Output) -> None:
    """Standard output, buffered; ``OutputError`` if it cannot be written. Bytes (JSON, made as
    UTF-8) go to its byte buffer, as a line-buffered stream's text would (a terminal's)."""
    stdout = sys.stdout  # looked up once: a batch writes here for every line
    try:
        if isinstance(text, str):
            stdout.write(text)
        elif isinstance(stdout, io.TextIOWrapper):
            if not stdout.write_through:  # text it holds goes first (encodable_output sets it)
                stdout.flush()
            stdout.buffer.write(text)
            if stdout.line_buffering:
                stdout.buffer.flush()
        else:  # a stream of text only (a test's StringIO)
            stdout.write(text.decode())
    except OSError as exc:
        raise OutputError(exc) from None


def flush() -> None:
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise OutputError(exc) from None


def say(text: str) -> None:
    """Tell the user, on stderr (flushed); text from the input in it (a hand, a file name) is shown
    escaped. Nothing, when standard error is closed."""
    if sys.stderr is not None:
        sys.stderr.write(printable(text, keep_newlines=True) + "\n")
        sys.stderr.flush()


def output_failed(exc: OutputError | OSError) -> int:
    """The exit code of a run whose output failed, told on stderr unless the pipe was closed."""
    if exc.errno == errno.EPIPE:
        return closed_pipe()
    discard(sys.stdout)
    try:
        say(f"mjscore: error: cannot write the output: {exc.strerror or exc}")
    except OSError:
        discard(sys.stderr)
    return EXIT_OUTPUT


def closed_pipe() -> int:
    """The reader went away (``| head -1``): stop quietly, nothing left to write anywhere."""
    discard(sys.stdout)
    return EXIT_CLOSED_PIPE


def discard(stream: IO[str] | None) -> None:
    """What ``stream`` still holds goes to /dev/null (as the Python documentation advises after
    a BrokenPipeError), so that Python's own flush at exit does not fail again."""
    try:
        fd = stream.fileno() if stream is not None else -1
    except (OSError, ValueError):  # a stream with no file (a test's)
        return
    if fd >= 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)


# --- the progress bar


def progress_may_show() -> bool:
    """Whether a progress bar may be drawn: on stderr, when it is a terminal that can take one
    (TERM is not dumb) and standard output does not go to that same terminal (its lines and the
    bar would mix)."""
    if os.environ.get("TERM") == "dumb":
        return False
    try:
        return sys.stderr.isatty() and not os.path.samestat(
            os.fstat(sys.stderr.fileno()), os.fstat(sys.stdout.fileno())
        )
    except (AttributeError, OSError, ValueError):  # a stream that is closed, or has no file (a test's)
        return False


class Progress:
    """A progress bar on stderr, "scoring [#######-------------]  35%", of ``total`` bytes read
    (``label``: what is being done to them, "scoring" or "analysing").

    Drawn at most ten times a second, and only when ``shown``; ``clear`` takes it off its line,
    which whoever writes to stderr calls first, so the bar never shares a line with a message."""

    WIDTH = 30
    EVERY = 0.1  # seconds between two drawings

    def __init__(self, total: int, shown: bool, label: str = "scoring") -> None:
        self.total = total
        self.label = label
        self.shown = shown and total > 0
        self.drawn = False
        self._next = 0.0

    def due(self) -> bool:
        """Whether it is time to draw again (cheap: ask once per line read)."""
        return self.shown and time.monotonic() >= self._next

    def draw(self, done: int) -> None:
        share = min(done / self.total, 1.0)
        filled = round(share * self.WIDTH)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        sys.stderr.write(f"\r{self.label} [{bar}] {share:4.0%}\x1b[K")
        sys.stderr.flush()
        self.drawn = True
        self._next = time.monotonic() + self.EVERY

    def clear(self) -> None:
        if self.drawn:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.drawn = False


# --- a run of mjscore batch


class Tally:
    """What a batch has written for one input so far; ``done`` says what was done with a hand
    that did not fail (scored; analysed, by mjscore waits). A plain class: a dataclass's
    methods are compiled from source as it is made, a third of a millisecond of start-up."""

    __slots__ = ("done", "failed", "scored")

    def __init__(self, done: str = "scored") -> None:
        self.scored = 0
        self.failed = 0
        self.done = done

    @property
    def hands(self) -> int:
        return self.scored + self.failed

    def __str__(self) -> str:
        return f"{self.hands} hand{'' if self.hands == 1 else 's'}, {self.scored} {self.done}, {self.failed} failed"


class BatchRun:
    """One run of ``mjscore batch``: its inputs read in turn, what it has written for each, and
    everything it tells on stderr (the progress bar is cleared first)."""

    def __init__(self, inputs: list[tuple[Source, str, int | None]], bar: Progress, done: str = "scored") -> None:
        self._inputs = inputs
        self.bar = bar
        # by the input's place (Source.index), not the Source: hashing an int is cheap, and a
        # dataclass's generated __hash__ is a Python call for every line written
        self.tallies = {source.index: Tally(done=done) for source, _, _ in inputs}
        self.all = Tally(done=done)
        self.unreadable = 0
        self._read_before = 0  # bytes of the inputs read to their end

    @property
    def failed(self) -> bool:
        return bool(self.all.failed or self.unreadable)

    def inputs(self) -> Iterator[tuple[Source, Iterator[str | Overlong]]]:
        for source, path, size in self._inputs:
            yield source, self._lines(source, path)
            self._read_before += size or 0

    def _lines(self, source: Source, path: str) -> Iterator[str | Overlong]:
        try:
            with open(path, "rb") if path != "-" else nullcontext(sys.stdin.buffer) as file:
                # with no bar to draw (a pipe, -q), the lines as read: no check for each
                yield from self._drawing(read_lines(file), file) if self.bar.shown else read_lines(file)
        except OSError as exc:  # it could be read when checked; now it cannot (removed, a disk error)
            self.unreadable += 1
            self.say(f"{source.name}: cannot read: {exc.strerror}")

    def _drawing(self, lines: Iterator[str | Overlong], file: IO[bytes]) -> Iterator[str | Overlong]:
        """``lines``, read from ``file``, the bar drawn as they are."""
        for line in lines:
            if self.bar.due():
                self.bar.draw(self._read_before + file.tell())
            yield line

    def write(self, stream: Generator[Rendered, None, None], freeze: bool) -> None:
        """Every hand of ``stream`` written out, its problems told, and counted."""
        threshold = gc.get_threshold()
        to_freeze = freeze  # at the first item: its line has loaded its rule set
        try:
            with closing(stream):  # ends the workers, also when the loop stops at a failed write
                for item in stream:
                    if to_freeze:
                        to_freeze = False
                        gc.freeze()  # set: what is made so far lives to the end, the collector need not walk it
                        gc.set_threshold(BATCH_GC_THRESHOLD, *threshold[1:])
                    STOPS.held = True  # a hand is written and counted, or neither
                    self._written(item)
                    STOPS.release()
            if freeze:  # and so does what the batch made: the collections of Python's exit need not walk it
                gc.freeze()
        finally:  # the collector as it was, for a caller that goes on (tests run the command in process)
            gc.set_threshold(*threshold)

    def _written(self, item: Rendered) -> None:
        """One hand written out and counted, its problems told."""
        emit(item.output)
        tally = self.tallies[item.source.index]
        if not item.problems:
            tally.scored += 1
            self.all.scored += 1
        else:
            tally.failed += 1
            self.all.failed += 1
            for problem in item.problems:
                where = f"{item.source.name}:{item.number}:{max(problem.col, 1)}"
                self.say(f"{where}: {problem.message} [{problem.code}]")

    def summary(self) -> None:
        """A line per input, and one for all when there are several."""
        for source, _, _ in self._inputs:
            self.say(f"{source.name}: {self.tallies[source.index]}")
        if len(self.tallies) > 1:
            self.say(f"{len(self.tallies)} files: {self.all}")

    def say(self, text: str) -> None:
        self.bar.clear()
        say(text)


class GamesRun:
    """One run of ``mjscore game``: each game's report written out in input order (several games
    of the table format a blank line apart, and the CSV's header row once before them), its
    messages told, and the games counted by how they went; ``chart``: the last game's picture."""

    def __init__(self, fmt: str, several: bool) -> None:
        self.fmt = fmt
        self.several = several
        self.outcomes = dict.fromkeys(("finished", "unfinished", "failed", "broken"), 0)
        self.chart: Chart | None = None

    @property
    def failed(self) -> bool:
        return bool(self.outcomes["failed"])

    @property
    def broken(self) -> bool:
        return bool(self.outcomes["broken"])

    def write(self, stream: Generator[GameReport, None, None]) -> None:
        from mjscore.render.game import several_games_start

        encodable_output(data=self.fmt != "table")
        if self.several:
            emit(several_games_start(self.fmt))
        written = False
        with closing(stream):  # ends the workers, also when the loop stops at a failed write
            for report in stream:
                if written and report.output and self.several and self.fmt == "table":
                    write("\n")
                write(report.output)
                written = written or bool(report.output)
                for message in report.messages:
                    say(message)
                self.outcomes[report.outcome] += 1
                self.chart = report.chart
        flush()

    def summary(self, files: int) -> str:
        """How the games went, for stderr: "12 games in 3 files: 10 finished, 1 unfinished, 1 failed"."""
        o = self.outcomes
        games = sum(o.values())
        return (
            f"{games} game{'s' * (games != 1)} in {files} file{'s' * (files != 1)}: {o['finished']} finished, "
            f"{o['unfinished']} unfinished, {o['failed'] + o['broken']} failed"
        )


class LogsRun:
    """One run of ``mjscore log``: each game's report written out in input order (the CSV's header
    row once before them), its messages told, and its rounds counted by how they went."""

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt
        self.games = 0
        self.counts = dict.fromkeys(("agreed", "disagreed", "unreadable"), 0)

    @property
    def failed(self) -> bool:
        """A round disagrees, or a game or a round cannot be read."""
        return bool(self.counts["disagreed"] or self.counts["unreadable"])

    def write(self, stream: Generator[LogReport, None, None]) -> None:
        from mjscore.render.log import BETWEEN, get_log_renderer

        encodable_output(data=self.fmt in ("json", "csv"))
        emit(get_log_renderer(self.fmt).start())
        shown = False
        with closing(stream):  # ends the workers, also when the loop stops at a failed write
            for report in stream:
                if report.output:
                    write((BETWEEN.get(self.fmt, "") if shown else "") + report.output)
                    shown = True
                for message in report.messages:
                    say(message)
                self.games += 1
                for name in self.counts:
                    self.counts[name] += getattr(report, name)
        flush()

    def summary(self, files: int) -> str:
        """How the rounds went, for stderr: "12 games in 3 files: 80 rounds agree, 1 disagrees, ..."."""
        c = self.counts
        rounds = c["agreed"] + c["disagreed"]
        return (
            f"{self.games} game{'s' * (self.games != 1)} in {files} file{'s' * (files != 1)}: "
            f"{rounds} round{'s' * (rounds != 1)}, {c['agreed']} agree, {c['disagreed']} disagree; "
            f"{c['unreadable']} could not be read (a game or a round)"
        )
