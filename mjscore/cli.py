"""The ``mjscore`` command: thin, it parses options, calls the library, renders.

Exit codes: 0 ok; 1 a hand or input problem (batch: any line failed); 2 a
usage error (bad option, rules file or deck file); 74 the output could not be
written; 130 and 143 stopped by SIGINT (Ctrl-C) and SIGTERM; 141 the reader of
the output went away (a closed pipe). EPILOG tells users the same. ``Program``
runs the commands with these conventions (``shell`` holds their parts).
"""

from __future__ import annotations

import io
import os
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import replace
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, Final, TypeVar

import click

from mjscore import __version__, build
from mjscore.batch import GAME_CHUNK, Scoring, Source, tasked_inputs
from mjscore.configure import load_settings
from mjscore.errors import HandError, UsageError, printable, quoted_path
from mjscore.render import FORMATS, get_analysis_renderer, get_renderer
from mjscore.settings import ENV_RULES, Settings
from mjscore.shell import (
    EXIT_OUTPUT,
    STOPS,
    BatchRun,
    GamesRun,
    LogsRun,
    OutputError,
    Progress,
    closed_pipe,
    emit,
    encodable_output,
    flush,
    output_failed,
    progress_may_show,
    say,
    stopped_by,
)

if TYPE_CHECKING:
    from mjscore.game.replay import GameText
    from mjscore.tasks import Analysing

F = TypeVar("F", bound=Callable[..., Any])

EXIT_HAND: Final = 1

EPILOG: Final = """\b
Examples:
  mjscore score '234m067p5z(789s)(777z)+5z ron seat=S dora=4p'
  mjscore score 234m456p789s23m55p+4m tsumo riichi --all
  mjscore score baba:馬馬馬場場O dora=場 tsumo menzen
  mjscore batch examples/riichi.txt --format json
  mjscore rules riichi

\b
Exit codes: 0 scored; 1 a hand could not be scored (batch: any line), its
prefix naming no rule set included; 2 a usage error (an unknown option,
--rules naming no rule set, an unreadable rules, deck or batch file); 74 the
output could not be written (a full disk, standard output closed); 130
stopped by Ctrl-C, 143 by SIGTERM (batch says how far it got); 141 the reader
of the output went away (mjscore batch FILE | head -1): mjscore stops quietly.
"""


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
            STOPS.reset()
        sys.exit(code)

    def _exit_code(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
        if sys.stdout is None:  # started with standard output closed (>&-): nowhere to write
            say("mjscore: error: standard output is closed")
            return EXIT_OUTPUT
        encodable_output(data=False)
        try:
            return self._run(args, kwargs)
        except (click.Abort, KeyboardInterrupt) as exc:  # Abort: click's word for Ctrl-C (and Terminated)
            stop = exc.__cause__ if isinstance(exc, click.Abort) else exc
            return stopped_by(stop)[1] if isinstance(stop, KeyboardInterrupt) else 1
        except click.ClickException as exc:
            shown = io.StringIO()
            exc.show(shown)
            say(shown.getvalue().rstrip("\n"))
            return exc.exit_code
        except (OutputError, OSError) as exc:  # OSError: click's own output (help) failed
            return output_failed(exc)

    def _run(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
        """click's main, unattended, and the output flushed; its exit code."""
        stdout = sys.stdout
        try:
            code = super().main(*args, **kwargs)
        except SystemExit as exc:
            code = exc.code
        if sys.stdout is not stdout:  # click met a closed pipe in its own output (help) and swapped it
            return closed_pipe()
        flush()  # here, where a failure can be told: Python's flush at exit cannot
        return code if isinstance(code, int) else 0 if code is None else 1


def common_options(command: F) -> F:
    """--format, --rules, --preset, --deck and --all, shared by the commands that score."""
    command = click.option(
        "--all",
        "show_all",
        is_flag=True,
        help="Also list every reading considered, with what it is worth (every format).",
    )(command)
    command = click.option(
        "--deck",
        type=click.Path(),
        help="A BABA deck file (TOML) to use instead of the built-in one.",
    )(command)
    return line_options(command)


def line_options(command: F) -> F:
    """--format, --rules and --preset: how lines are read and their results written."""
    command = click.option(
        "--preset",
        metavar="NAME",
        help="Score with a preset, a named table of rule options: riichi has yakuza2 (its defaults), "
        "tenhou, mahjongsoul, wrc, ema and mleague (`mjscore rules riichi --compare`). It stands above "
        "a rules file's preset and below a line's preset=; options given in a rules file or on a line "
        "override it.",
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


def _settings(rules: str | None, deck: str | None, preset: str | None = None) -> Settings:
    """Settings checked up front, so a bad rules or deck file or a preset the rule set of lines
    without a prefix does not have is a usage error (exit 2)."""
    from mjscore.families import load_family_files
    from mjscore.rulesets import find_ruleset, get_ruleset, unknown_ruleset

    try:
        settings = replace(load_settings(rules, deck), preset=preset)
        if settings.ruleset_from and find_ruleset(settings.ruleset) is None:
            problem = unknown_ruleset(settings.ruleset).message
            raise click.BadParameter(problem, param_hint=settings.ruleset_from)
        fault = None if preset is None else get_ruleset(settings.ruleset).preset_problem(preset)
        if fault is not None:
            raise click.BadParameter(fault.message, param_hint="--preset")
        for name in settings.options:  # a rule set's name: checked when the file was read
            get_ruleset(name).base_options(settings)
        load_family_files(settings)
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    return settings


@click.group(cls=Program, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(f"{__version__} ({build()})", prog_name="mjscore")
def main() -> None:
    """Score mahjong-family hands written in a compact notation.

    A hand is one line: an optional rule-set prefix (riichi: is the default;
    hana:, sanma:, baida:, baba:, baba-beginner:), the tiles or cards, then items such
    as tsumo, ron, riichi, seat=E, dora=4p. The project's README and
    docs/notation.md describe the notation; `mjscore rules NAME` lists what
    scores and the rule options.
    """


@main.command(epilog=EPILOG)
@click.argument("hand", nargs=-1, required=True)
@common_options
def score(  # click passes the options by name
    *, hand: tuple[str, ...], fmt: str, rules: str | None, preset: str | None, deck: str | None, show_all: bool
) -> None:
    """Score one HAND; its words may come as separate arguments.

    \b
    mjscore score '234m067p5z(789s)(777z)+5z ron seat=S dora=4p'
    mjscore score baba:馬馬馬場場O dora=場 tsumo menzen
    mjscore score 'baba:(馬場馬場O) 場場場 ron'
    """
    from mjscore.scoring import score as score_hand

    settings = _settings(rules, deck, preset)
    renderer = get_renderer(fmt)
    encodable_output(data=fmt != "table")
    emit(renderer.start())
    try:
        result = score_hand(" ".join(hand), settings, explain=show_all)
    except HandError as exc:
        emit(renderer.error(0, exc))
        say(exc.describe())
        sys.exit(EXIT_HAND)
    emit(renderer.result(0, result, show_all))


def file_options(command: F) -> F:
    """--jobs, --no-progress and --quiet: how the lines of files are worked through."""
    command = click.option(
        "--quiet", "-q", is_flag=True, help="No progress bar and no summary; problems are still reported."
    )(command)
    command = click.option(
        "--no-progress",
        is_flag=True,
        help="No progress bar. It is drawn on stderr only when that is a terminal (TERM not dumb), "
        "standard output is not that terminal, and every FILE has a size.",
    )(command)
    return _jobs_option(
        "Worker processes; output stays in input order. Lines go to workers 512 at a time, so output "
        "from a slow standard input comes in runs (use 1 to see each hand at once)."
    )(command)


def _games_jobs_option(doing: str) -> Callable[[F], F]:
    """``--jobs`` of the commands that hand whole games to workers (game, log)."""
    return _jobs_option(
        f"Worker processes {doing} games; output stays in input order. Games go to workers {GAME_CHUNK} at a time."
    )


def _jobs_option(help_text: str) -> Callable[[F], F]:
    """``--jobs``: how many worker processes, 1 to 64 (1: none, the work done in this process)."""
    return click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True, help=help_text)


WAITS_EPILOG: Final = """\b
Examples:
  mjscore waits 23m456p789s11z567s
  mjscore waits 23m456p789s11z567s riichi dora=1m seen=1m1m
  mjscore waits sanma:99m456p789s11z567s kita=1 --format json
  mjscore waits 1112345678999p ron discards=5p
  mjscore waits 2367m456p789s155z seen=4m4m
  mjscore waits 23m456p55p567s789s+5z dora=1m
  mjscore waits examples/waits/hands.txt --format csv

\b
Exit codes: 0 every hand analysed; 1 a hand could not be (a FILE: any line);
2 a usage error; 74, 130, 141 and 143 as for mjscore batch.
"""


@main.command(epilog=WAITS_EPILOG)
@click.argument("hand", nargs=-1, required=True, metavar="HAND...|FILE...")
@line_options
@file_options
def waits(  # click passes the options by name
    *,
    hand: tuple[str, ...],
    fmt: str,
    rules: str | None,
    preset: str | None,
    jobs: int,
    no_progress: bool,
    quiet: bool,
) -> None:
    """What a ready HAND waits on, and what each wait scores by ron and by tsumo; how far a
    HAND that is not ready is; which tile to discard from a HAND of 14 (BABA: which card, from 6).

    HAND is written as for score, with 13 tiles (each meld counted as 3; BABA: 5 cards, 6 with a
    KAN) and no +TILE; without ron or tsumo both are scored. Each wait shows the copies still unseen (four less those in
    the hand, its melds, the indicators, seen= and discards=), and what a ron and a tsumo on it
    score: points, han and fu, and the items. seen=TILES lists tiles visible on the table;
    discards=TILES your own discards (a wait among them: furiten, no ron). A hand that is not
    ready shows its shanten and the tiles that bring it closer. A hand of 14 (+TILE: the tile
    just drawn; BABA: 6 cards, 7 with a KAN) shows a row per discard, best first: the shanten it
    leaves, the tiles that then improve it (its waits, when ready) and for a ready hand the best
    its waits score.

    Given FILE... (or - for standard input) instead, every hand in each file is analysed, one
    per line, as mjscore batch scores them: a bad line is reported on stderr as
    file:line:col: message.
    """
    from mjscore.analysis import analyse
    from mjscore.tasks import Analysing

    if _names_files(hand):

        def analysing(several_inputs: bool) -> Analysing:
            return Analysing(_settings(rules, None, preset), get_analysis_renderer(fmt, several_inputs))

        _run_files(hand, analysing, fmt=fmt, jobs=jobs, no_progress=no_progress, quiet=quiet, done="analysed")
        return
    settings = _settings(rules, None, preset)
    renderer = get_analysis_renderer(fmt)
    encodable_output(data=fmt != "table")
    emit(renderer.start())
    try:
        analysis = analyse(" ".join(hand), settings)
    except HandError as exc:
        emit(renderer.error(0, exc))
        say(exc.describe())
        sys.exit(EXIT_HAND)
    emit(renderer.analysis(0, analysis))


def _names_files(words: tuple[str, ...]) -> bool:
    """Whether the words of ``waits`` name files, not a hand: the first is - (standard input),
    holds a / or a . (no hand does), or names a file that exists."""
    first = words[0]
    return first == "-" or "/" in first or "." in first or os.path.isfile(first)


@main.command(epilog=EPILOG)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@common_options
@file_options
def batch(  # click passes the options by name
    *,
    files: tuple[str, ...],
    fmt: str,
    rules: str | None,
    preset: str | None,
    deck: str | None,
    jobs: int,
    no_progress: bool,
    quiet: bool,
    show_all: bool,
) -> None:
    """Score every hand in each FILE (- for standard input, once), one per line.

    '#' starts a comment and blank lines are skipped; a line ends at LF (CR LF
    too) and holds at most 64 KiB before its comment. A bad line is reported on
    stderr as file:line:col: message, lines counted in each file, and the batch
    goes on; the exit code is 1 if any line failed. A FILE that cannot be read
    is a usage error before anything is scored. Output streams, whatever the
    files' length.
    """

    def scoring(several_inputs: bool) -> Scoring:
        return Scoring(_settings(rules, deck, preset), get_renderer(fmt, several_inputs), show_all)

    _run_files(files, scoring, fmt=fmt, jobs=jobs, no_progress=no_progress, quiet=quiet)


def _run_files(
    files: tuple[str, ...],
    task_for: Callable[[bool], Scoring | Analysing],
    *,
    fmt: str,
    jobs: int,
    no_progress: bool,
    quiet: bool,
    done: str = "scored",
) -> None:
    """Every hand line of each file done by the task ``task_for`` makes (given whether there are
    several files), streamed: each problem told as file:line:col, a summary per file (unless
    ``quiet``; ``done``: what was done with a hand that did not fail), exit code 1 if a line
    failed; a progress bar, and Ctrl-C and SIGTERM told (how far it got)."""
    inputs = _inputs(files)
    sizes = [size for _, _, size in inputs]
    shown = not (no_progress or quiet) and None not in sizes and progress_may_show()
    label = "analysing" if done == "analysed" else "scoring"
    run = BatchRun(inputs, Progress(sum(size or 0 for size in sizes), shown, label), done)
    task = task_for(len(inputs) > 1)
    encodable_output(data=fmt != "table")
    emit(task.renderer.start())
    try:
        run.write(tasked_inputs(run.inputs(), task, jobs), freeze=jobs == 1)
    except KeyboardInterrupt as stop:  # Ctrl-C or SIGTERM: say how far it got
        how, code = stopped_by(stop)
        tally = run.all
        run.say(f"{how} after {tally.hands} hands ({tally.scored} {done}, {tally.failed} failed)")
        sys.exit(code)
    finally:
        run.bar.clear()
    flush()
    if not quiet:
        run.summary()
    if run.failed:
        sys.exit(EXIT_HAND)


def _inputs(files: tuple[str, ...]) -> list[tuple[Source, str, int | None]]:
    """Each input as (source, path, size in bytes or None), every one checked before anything
    is scored: one that cannot be read is a usage error."""
    if files.count("-") > 1:
        raise click.BadParameter("standard input (-) can be read once only", param_hint="FILE...")
    named = ((i, path, "<stdin>" if path == "-" else printable(path)) for i, path in enumerate(files))
    return [(Source(i, name), path, _size(path)) for i, path, name in named]  # names as every output shows them


def _size(path: str, hint: str = "FILE...") -> int | None:
    """The size of a file that can be read (None: not a regular file); a usage error if it cannot
    (``hint``: the argument it names)."""
    if path == "-":
        if sys.stdin is None:
            raise click.BadParameter("cannot read standard input: it is closed", param_hint=hint)
        try:
            found = os.fstat(sys.stdin.fileno())
        except (OSError, ValueError):  # a stream with no file (a test's)
            return None
    else:
        try:
            found = os.stat(path)
        except OSError as exc:
            raise click.BadParameter(f"cannot read {quoted_path(path)}: {exc.strerror}", param_hint=hint) from None
        if stat.S_ISDIR(found.st_mode) or not os.access(path, os.R_OK):
            reason = "it is a directory" if stat.S_ISDIR(found.st_mode) else "permission denied"
            raise click.BadParameter(f"cannot read {quoted_path(path)}: {reason}", param_hint=hint)
    return found.st_size if stat.S_ISREG(found.st_mode) else None


@main.command()
@click.argument("name", required=False)
@click.option("--deck", type=click.Path(), help="A BABA deck file.")
@click.option(
    "--preset",
    metavar="PRESET",
    help="Show the rule options as this preset sets them (riichi: yakuza2, tenhou, mahjongsoul, wrc, ema, "
    "mleague), with the document it follows.",
)
@click.option("--compare", is_flag=True, help="Show the rule set's presets side by side, one row per option.")
def rules(name: str | None, deck: str | None, preset: str | None, compare: bool) -> None:
    """List the rule sets, or show one rule set's scoring table and options.

    The tables are rendered from the same rows the scoring engine applies.

    \b
    mjscore rules riichi
    mjscore rules riichi --preset tenhou
    mjscore rules riichi --compare
    """
    from mjscore.render.rules import preset_comparison, ruleset_list, ruleset_tables, shown_table
    from mjscore.rulesets import find_ruleset, get_ruleset, unknown_ruleset

    if name is None:
        if preset is not None or compare:
            raise click.UsageError(f"{'--compare' if compare else '--preset'} needs a rule set: mjscore rules riichi")
        emit(ruleset_list())
        return
    if find_ruleset(name) is None:
        raise click.BadParameter(unknown_ruleset(name).message, param_hint="NAME")
    ruleset = get_ruleset(name)
    if compare:
        if preset is not None:
            raise click.UsageError("--compare shows every preset: give it without --preset")
        if not ruleset.presets:
            raise click.BadParameter(f"{ruleset.name} has no presets to compare", param_hint="--compare")
        emit(preset_comparison(ruleset))
        return
    fault = None if preset is None else ruleset.preset_problem(preset)
    if fault is not None:
        raise click.BadParameter(fault.message, param_hint="--preset")
    emit(ruleset_tables(ruleset, None if preset is None else ruleset.preset(preset.lower())))
    for table in ruleset.more_tables(lambda: _settings(None, deck)):
        emit(shown_table(table))


GAME_EPILOG: Final = """\b
Examples:
  mjscore game examples/games/riichi-east-south.txt
  mjscore game examples/games/sanma.txt --format json
  mjscore game examples/games/hana-flowers.txt
  mjscore game examples/games/baida.txt
  mjscore game examples/games/baba-beginner.txt
  mjscore game - --format csv < game.txt
  mjscore game examples/games/tenhou-east.txt --plot tenhou-east.png
  mjscore game season.txt examples/games/ --jobs 2 --format csv

\b
Exit codes: 0 every game replayed (finished, or unfinished: the file ends before
the game does, which stderr says); 1 a line stopped a game (a header that
cannot be read, a hand that cannot be scored, a line after the game's end), or
a FILE could not be read to its end; 2 a usage error (--plot without
matplotlib included); 70 the ledger found itself wrong (an internal error, to be
reported); 74, 130, 141 and 143 as for mjscore batch (74 also: the picture of
--plot could not be written).
"""
EXIT_INTERNAL: Final = 70  # EX_SOFTWARE of sysexits.h: the ledger's own check failed
GAME_FILES: Final = "*.txt"  # the game files of a directory given as FILE


@main.command(epilog=GAME_EPILOG)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="table",
    show_default=True,
    help="table for people; json (one object per hand, then the standings) or csv for scripts.",
)
@_games_jobs_option("replaying")
@click.option(
    "--plot",
    metavar="FILE.png|FILE.svg",
    help="Also draw each player's total over the hands of the game into this file, PNG or SVG by its "
    "extension. One game only; needs matplotlib: pip install 'mjscore[plot]'.",
)
def game(files: tuple[str, ...], fmt: str, jobs: int, plot: str | None) -> None:
    """Replay the game in FILE (- for standard input): each hand's payments and every player's
    total, then the final standings.

    A game file starts with a header of name=value items (players=Aki,Ben,Chie,Dai from the
    first dealer, seated E S W N; ruleset=, preset=, uma= and the game's rules), then one line
    per hand: NAME: HAND for a win, draw, abort [REASON] or chombo NAME. The ledger writes what
    it derives into each hand it scores. Each rule set keeps its own game:

    \b
    riichi, sanma  seats, honba and riichi sticks; several winners on one discard
                   (NAME: HAND & NAME: HAND), draw tenpai=NAMES; oka and uma
    hana           riichi's game; under variant=3 each flower earns chips, kept
                   beside the points (aside=NAME:FLOWERS: the others' flowers)
    baida          running totals from 0 by its own rules (length=, repeat_win=
                   ...): one winner a discard, draw alone; no abort, chombo, uma
    baba, baba-beginner
                   3 or 4 players, KOBAN and a pot of penalties: a ron names
                   from=NAME, draw adds an OBABA, chombo NAME; no abort, no uma

    Several games: several FILEs, a directory (its *.txt files, by name), or a games file, whose
    games are separated by a line of '---'. Each is replayed on its own and written in input
    order, saying which game it is (FILE:LINE: game N; JSON and CSV: source and game_number); a
    game that stops at a line is told as file:line:col and the others still play.
    """
    from mjscore.game.replay import Replay, split_games
    from mjscore.scoring import read_lines
    from mjscore.tasks import Replaying

    sources = _game_sources(files)
    if plot is not None:
        _check_plot(plot, len(sources))
    unreadable: list[str] = []

    def games_of(source: Source, path: str) -> Iterator[GameText]:
        try:
            with open(path, "rb") if path != "-" else nullcontext(sys.stdin.buffer) as stream:
                yield from split_games(read_lines(stream))
        except OSError as exc:  # it could be read when checked; now it cannot
            unreadable.append(source.name)
            say(f"{source.name}: cannot read: {exc.strerror}")

    inputs, several = _several_games([(source, games_of(source, path)) for source, path in sources])
    if plot is not None and several:
        raise click.BadParameter(f"it draws one game; {sources[0][0].name} holds several", param_hint="--plot")
    run = GamesRun(fmt, several)
    run.write(tasked_inputs(inputs, Replaying(Replay, fmt, several, plot is not None), jobs, GAME_CHUNK))
    if several:
        say(run.summary(len(sources)))
    if plot is not None:
        _draw(plot, run)
    if run.broken:
        sys.exit(EXIT_INTERNAL)
    if run.failed or unreadable:
        sys.exit(EXIT_HAND)


def _game_sources(files: tuple[str, ...]) -> list[tuple[Source, str]]:
    """Each game file to read, as (source, path), in order: a directory stands for its *.txt files
    by name. Every one is checked before anything is replayed: one that cannot be read, or a
    directory without game files, is a usage error."""
    paths = _expanded(files, (GAME_FILES,), "game files")
    for path in paths:
        _size(path)
    return _named(paths)


def _expanded(files: tuple[str, ...], patterns: tuple[str, ...], kind: str) -> list[str]:
    """The paths of FILE..., in order: a directory stands for its files that match ``patterns``, by
    name (a usage error if it has none: ``kind`` says what they are); standard input (-) once only."""
    if files.count("-") > 1:
        raise click.BadParameter("standard input (-) can be read once only", param_hint="FILE...")
    paths: list[str] = []
    for path in files:
        if path != "-" and os.path.isdir(path):
            from pathlib import Path  # only here: pathlib is 5 ms of every start-up

            found = sorted({str(p) for pattern in patterns for p in Path(path).glob(pattern) if p.is_file()})
            if not found:
                message = f"{quoted_path(path)} holds no {kind} ({', '.join(patterns)})"
                raise click.BadParameter(message, param_hint="FILE...")
            paths += found
        else:
            paths.append(path)
    return paths


def _named(paths: list[str]) -> list[tuple[Source, str]]:
    """Each path as (source, path): its name as every output shows it."""
    return [(Source(i, "<stdin>" if path == "-" else printable(path)), path) for i, path in enumerate(paths)]


def _several_games(
    inputs: list[tuple[Source, Iterator[GameText]]],
) -> tuple[list[tuple[Source, Iterator[GameText]]], bool]:
    """The inputs, and whether they hold more than one game: several files do; one file does if
    a second game follows its first (read ahead, so that the first game's output says which it is)."""
    if len(inputs) > 1:
        return inputs, True
    [(source, games)] = inputs
    ahead = list(islice(games, 2))
    return [(source, chain(ahead, games))], len(ahead) > 1


def _check_plot(path: str, inputs: int) -> None:
    """--plot's file and matplotlib, checked before any game is read: a usage error if either will not do."""
    from mjscore.render.plot import PLOT_FORMATS, PlotUnavailable, load_pyplot, plot_format

    if plot_format(path) is None:
        kinds = " or ".join(f".{kind}" for kind in PLOT_FORMATS)
        raise click.BadParameter(f"{quoted_path(path)}: the picture is PNG or SVG, named {kinds}", param_hint="--plot")
    if inputs > 1:
        raise click.BadParameter("it draws one game: give one FILE", param_hint="--plot")
    try:
        load_pyplot()
    except PlotUnavailable as missing:
        raise MissingExtra(f"{missing} [{missing.code}]") from None


class MissingExtra(click.ClickException):
    """An optional extra an option needs is not installed: exit 2, as a usage error."""

    exit_code = 2


def _draw(path: str, run: GamesRun) -> None:
    """The picture of the game replayed, unless a line stopped it; exit 74 if it cannot be written."""
    from mjscore.render.plot import draw

    if run.chart is None:
        say(f"{printable(path)}: not drawn: the game stopped at a line")
        return
    try:
        note = draw(run.chart, path)
    except OSError as exc:
        say(f"mjscore: error: cannot write {quoted_path(path)}: {exc.strerror or exc}")
        sys.exit(EXIT_OUTPUT)
    if note is not None:
        say(f"{printable(path)}: {note}")


LOG_EPILOG: Final = """\b
Examples:
  mjscore log game.json
  mjscore log games.jsonl other.json --format csv
  mjscore log archive/ --jobs 2 --format json
  mjscore log - < game.json
  mjscore log --game-file game.json > game.txt && mjscore game game.txt

\b
Exit codes: 0 every round agrees with the log; 1 a round disagrees, or a game,
a round or a file could not be read (the others are still checked); 2 a usage
error (a directory without logs included); 74, 130, 141 and 143 as for
mjscore batch.
"""
LOG_FILES: Final = ("*.json", "*.jsonl", "*.mjlog", "*.xml")  # the log files of a directory given as FILE


@main.command(epilog=LOG_EPILOG)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="table",
    show_default=True,
    help="table for people; json (one object per round) or csv (a row per round) for scripts.",
)
@_games_jobs_option("checking")
@click.option(
    "--game-file",
    "as_game",
    is_flag=True,
    help="Write each log rebuilt as a game file (what mjscore game reads; several: a games file, "
    "'---' between them) instead of checking it.",
)
def log(files: tuple[str, ...], fmt: str, jobs: int, as_game: bool) -> None:
    """Check Tenhou game logs: each game rebuilt as a game file, replayed by the ledger and
    compared with the log round by round.

    A FILE (- for standard input) holds a log in the tenhou.net/6 JSON form, or one log per
    line, or a game in Tenhou's XML form (mjlog, gzip-compressed or not); a directory stands
    for its *.json, *.jsonl, *.mjlog and *.xml files, by name. Every round is
    replayed and rebuilt as a line of a game file (wins, exhaustive draws with who was ready,
    nagashi mangan, abortive draws); the ledger plays them as mjscore game does and prints
    each round, its rebuilt line, then agree, or DISAGREE with mjscore's result and the log's
    (every player's point change; each win's han, fu and yaku). A game, a round or a file that
    cannot be read is told on stderr (the file, the round and the place in the log) and the
    others are still checked.
    """
    from mjscore.logs.mjlog import UNZIP_ERRORS, opened_log
    from mjscore.logs.tenhou import LogText, split_logs
    from mjscore.scoring import read_lines
    from mjscore.tasks import Checking

    sources = _named(_expanded(files, LOG_FILES, "logs"))
    if any(path == "-" for _, path in sources):
        _size("-")  # standard input closed: a usage error
    unreadable: list[str] = []

    def logs_of(source: Source, path: str) -> Iterator[LogText]:
        try:
            with open(path, "rb") if path != "-" else nullcontext(sys.stdin.buffer) as stream:
                yield from split_logs(read_lines(opened_log(stream)))
        except UNZIP_ERRORS as exc:  # OSError, and a spoilt gzip file's errors
            unreadable.append(source.name)
            say(f"{source.name}: cannot read: {getattr(exc, 'strerror', None) or exc}")

    if as_game:
        if fmt != "table":
            raise click.UsageError("--game-file writes game files: it takes no --format")
        fmt = "game-file"
    run = LogsRun(fmt)
    run.write(
        tasked_inputs([(source, logs_of(source, path)) for source, path in sources], Checking(fmt), jobs, GAME_CHUNK)
    )
    if (run.games > 1 or len(sources) > 1) and not as_game:
        say(run.summary(len(sources)))
    if run.failed or unreadable:
        sys.exit(EXIT_HAND)
