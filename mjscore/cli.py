"""The ``mjscore`` command: thin, it parses options, calls the library, renders.

Exit codes: 0 ok; 1 a hand or input problem (batch: any line failed); 2 a
usage error (bad option, rules file or deck file); 74 the output could not be
written; 130 and 143 stopped by SIGINT (Ctrl-C) and SIGTERM; 141 the reader of
the output went away (a closed pipe). EPILOG tells users the same. ``Program`` holds these conventions of the shell.
"""

from __future__ import annotations

import errno
import gc
import io
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import IO, Any, TypeVar

import click

from mjscore import __version__
from mjscore.errors import HandError, UsageError, printable
from mjscore.render import FORMATS, get_renderer
from mjscore.scoring import Overlong, read_lines
from mjscore.settings import ENV_RULES, Settings, load_settings

F = TypeVar("F", bound=Callable[..., Any])

EXIT_HAND = 1
EXIT_OUTPUT = 74  # sysexits.h's EX_IOERR: the output could not be written
EXIT_CLOSED_PIPE = 128 + signal.SIGPIPE  # 141: what a shell shows for a program a closed pipe ended
# A run stopped by a signal exits 128 + its number, as a shell shows it: 130 Ctrl-C, 143 SIGTERM.

EPILOG = """\b
Examples:
  mjscore score '234m067p5z(789s)(777z)+5z ron seat=S dora=4p'
  mjscore score 234m456p789s23m55p+4m tsumo riichi --all
  mjscore score baba:馬馬馬場場O dora=場 tsumo menzen
  mjscore batch examples/riichi.txt --format json
  mjscore rules riichi

\b
Exit codes: 0 scored; 1 a hand could not be scored (batch: any line), its
prefix naming no rule set included; 2 a usage error (an unknown option,
--rules naming no rule set, an unreadable rules or deck file); 74 the
output could not be written (a full disk, standard output closed); 130
stopped by Ctrl-C, 143 by SIGTERM (batch says how far it got); 141 the reader
of the output went away (mjscore batch FILE | head -1): mjscore stops quietly.
"""


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


STOPS = Stops()


def _stopped_by(stop: KeyboardInterrupt) -> tuple[str, int]:
    """How a run that ``stop`` ended is told (a word and the exit code): 128 + the signal's number."""
    if isinstance(stop, Terminated):
        return "terminated", 128 + signal.SIGTERM
    return "interrupted", 128 + signal.SIGINT


class OutputError(Exception):
    """Standard output could not be written; not an ``OSError``, so that click leaves it alone."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(cause.strerror)
        self.errno = cause.errno
        self.strerror = cause.strerror


class Program(click.Group):
    """The ``mjscore`` group, run with the shell's conventions for what click leaves open: a
    closed pipe ends the run quietly (141), an output that cannot be written is one line on
    stderr (74), and Python's own flush of standard output at exit has nothing left to fail;
    Ctrl-C and SIGTERM stop it without a traceback (130, 143)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("standalone_mode", True) is False:
            return super().main(*args, **kwargs)
        kwargs["standalone_mode"] = False
        in_charge = threading.current_thread() is threading.main_thread()  # only there can it take signals
        previous = [(n, signal.signal(n, STOPS.take)) for n in (signal.SIGINT, signal.SIGTERM)] if in_charge else []
        try:
            code = self._exit_code(args, kwargs)
        finally:
            for signum, handler in previous:
                signal.signal(signum, handler)
        sys.exit(code)

    def _exit_code(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
        if sys.stdout is None:  # started with standard output closed (>&-): nowhere to write
            _say("mjscore: error: standard output is closed")
            return EXIT_OUTPUT
        try:
            return self._run(args, kwargs)
        except (click.Abort, KeyboardInterrupt) as exc:  # Abort: click's word for Ctrl-C (and Terminated)
            stop = exc.__cause__ if isinstance(exc, click.Abort) else exc
            return _stopped_by(stop)[1] if isinstance(stop, KeyboardInterrupt) else 1
        except click.ClickException as exc:
            shown = io.StringIO()
            exc.show(shown)
            _say(shown.getvalue().rstrip("\n"))
            return exc.exit_code
        except (OutputError, OSError) as exc:  # OSError: click's own output (help) failed
            return _output_failed(exc)

    def _run(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
        """click's main, unattended, and the output flushed; its exit code."""
        stdout = sys.stdout
        try:
            code = super().main(*args, **kwargs)
        except SystemExit as exc:
            code = exc.code
        if sys.stdout is not stdout:  # click met a closed pipe in its own output (help) and swapped it
            return _closed_pipe()
        _flush()  # here, where a failure can be told: Python's flush at exit cannot
        return code if isinstance(code, int) else 0 if code is None else 1


def _output_failed(exc: OutputError | OSError) -> int:
    if exc.errno == errno.EPIPE:
        return _closed_pipe()
    _discard(sys.stdout)
    try:
        _say(f"mjscore: error: cannot write the output: {exc.strerror or exc}")
    except OSError:
        _discard(sys.stderr)
    return EXIT_OUTPUT


def _closed_pipe() -> int:
    """The reader went away (``| head -1``): stop quietly, nothing left to write anywhere."""
    _discard(sys.stdout)
    return EXIT_CLOSED_PIPE


def _discard(stream: IO[str] | None) -> None:
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


def common_options(command: F) -> F:
    """--format, --rules and --deck, shared by the commands that score."""
    command = click.option(
        "--deck",
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        help="A BABA deck file (TOML) to use instead of the built-in one.",
    )(command)
    command = click.option(
        "--rules",
        "rules",
        metavar="NAME|FILE",
        help=f"Rule set for hands without a 'name:' prefix, or a TOML rules file with rule options "
        f"(default: ${ENV_RULES}, else riichi).",
    )(command)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default="table",
        show_default=True,
        help="table for people; json (one object per hand) or csv for scripts.",
    )(command)


def _settings(rules: str | None, deck: Path | None) -> Settings:
    """Settings checked up front, so a bad rules or deck file is a usage error (exit 2)."""
    from mjscore.rulesets import find_ruleset, get_ruleset, unknown_ruleset

    try:
        settings = load_settings(rules, deck)
        if settings.ruleset_from and find_ruleset(settings.ruleset) is None:
            problem = unknown_ruleset(settings.ruleset).message
            raise click.BadParameter(problem, param_hint=settings.ruleset_from)
        for name in settings.options:
            if find_ruleset(name) is None:
                raise UsageError(f"{settings.source}: [{name}] is not a rule set ({unknown_ruleset(name).message})")
            get_ruleset(name).base_options(settings)
        if settings.deck_path:
            _ = settings.deck
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    return settings


@click.group(cls=Program, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mjscore")
def main() -> None:
    """Score mahjong-family hands written in a compact notation.

    A hand is one line: an optional rule-set prefix (riichi: is the default;
    hana:, baida:, baba:, baba-beginner:), the tiles or cards, then items such
    as tsumo, ron, riichi, seat=E, dora=4p. See README.md for the notation; `mjscore rules
    NAME` lists what scores and the rule options.
    """


@main.command(epilog=EPILOG)
@click.argument("hand", nargs=-1, required=True)
@common_options
@click.option("--all", "show_all", is_flag=True, help="Also list every reading considered, with its total.")
def score(hand: tuple[str, ...], fmt: str, rules: str | None, deck: Path | None, show_all: bool) -> None:
    """Score one HAND; its words may come as separate arguments.

    \b
    mjscore score '234m067p5z(789s)(777z)+5z ron seat=S dora=4p'
    mjscore score baba:馬馬馬場場O dora=場 tsumo menzen
    mjscore score 'baba:(馬場馬場O) 場場場 ron'
    """
    from mjscore.scoring import score as score_hand

    settings = _settings(rules, deck)
    renderer = get_renderer(fmt)
    text = " ".join(hand)
    try:
        result = score_hand(text, settings, explain=show_all)
    except HandError as exc:
        _emit(renderer.start())
        _emit(renderer.error(0, exc.text, exc))
        _say(exc.describe())
        sys.exit(EXIT_HAND)
    _emit(renderer.start())
    _emit(renderer.result(0, result, show_all))


@main.command(epilog=EPILOG)
@click.argument("file", type=click.File("rb"))
@common_options
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Worker processes; output stays in input order.",
)
def batch(file: IO[bytes], fmt: str, rules: str | None, deck: Path | None, jobs: int) -> None:
    """Score every hand in FILE (- for standard input), one per line.

    '#' starts a comment and blank lines are skipped. A bad line is reported
    on stderr as file:line:col: message and the batch goes on; the exit code
    is 1 if any line failed. Output streams, whatever the file's length.
    """
    from mjscore.batch import rendered, rendered_parallel

    settings = _settings(rules, deck)
    renderer = get_renderer(fmt)
    name = str(getattr(file, "name", "<stdin>"))  # standard input re-wrapped for its decoding may have no name
    lines = _with_progress(file)
    stream = rendered_parallel(lines, settings, renderer, jobs) if jobs > 1 else rendered(lines, settings, renderer)
    scored = failed = 0
    _emit(renderer.start())
    try:
        with closing(stream):  # ends the workers, also when the loop stops at a failed write
            for item in stream:
                if jobs == 1 and not scored + failed:  # the first line has loaded its rule set: what is made
                    gc.freeze()  # so far lives to the end, so the collector need not walk it at every collection
                STOPS.held = True  # a hand is written and counted, or neither
                if item.output is not None:
                    _write(item.output + "\n")
                if not item.problems:
                    scored += 1
                else:
                    failed += 1
                    for problem in item.problems:
                        _say(f"{name}:{item.number}:{max(problem.col, 1)}: {problem.message} [{problem.code}]")
                STOPS.release()
    except KeyboardInterrupt as stop:  # Ctrl-C or SIGTERM: say how far it got
        how, code = _stopped_by(stop)
        _say(f"{how} after {scored + failed} hands ({scored} scored, {failed} failed)")
        sys.exit(code)
    _flush()
    _say(f"{name}: {scored + failed} hands, {scored} scored, {failed} failed")
    if failed:
        sys.exit(EXIT_HAND)


def _with_progress(file: IO[bytes]) -> Iterator[str | Overlong]:
    """The file's lines, with a progress bar on stderr when that is a terminal."""
    try:
        size = os.fstat(file.fileno()).st_size
    except (OSError, ValueError, AttributeError):
        size = 0
    if not (sys.stderr.isatty() and size):
        yield from read_lines(file)
        return
    with click.progressbar(length=size, file=sys.stderr, label="scoring") as bar:
        for line in read_lines(file):
            bar.update(file.tell() - bar.pos)
            yield line


@main.command()
@click.argument("name", required=False)
@click.option("--deck", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="A BABA deck file.")
def rules(name: str | None, deck: Path | None) -> None:
    """List the rule sets, or show one rule set's scoring table and options.

    The tables are rendered from the same rows the scoring engine applies.
    """
    from mjscore.render.rules import deck_table, ruleset_list, ruleset_tables
    from mjscore.rulesets import find_ruleset, get_ruleset, unknown_ruleset

    if name is None:
        _emit(ruleset_list())
        return
    if find_ruleset(name) is None:
        raise click.BadParameter(unknown_ruleset(name).message, param_hint="NAME")
    ruleset = get_ruleset(name)
    _emit(ruleset_tables(ruleset))
    if ruleset.family == "baba":
        _emit(deck_table(_settings(None, deck).deck))


def _say(text: str) -> None:
    """Tell the user, on stderr; text from the input in it (a hand, a file name) is shown escaped."""
    click.echo(printable(text, keep_newlines=True), err=True)


def _emit(text: str | None) -> None:
    """A line (or lines) of output, unless there is none."""
    if text is not None:
        _write(text + "\n")


def _write(text: str) -> None:
    """Standard output, buffered; ``OutputError`` if it cannot be written."""
    try:
        sys.stdout.write(text)
    except OSError as exc:
        raise OutputError(exc) from None


def _flush() -> None:
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise OutputError(exc) from None
