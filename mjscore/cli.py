"""The ``mjscore`` command: thin, it parses options, calls the library, renders.

Exit codes: 0 ok; 1 a hand or input problem (batch: any line failed); 2 a
usage error (bad option, rules file or deck file). EPILOG tells users the same.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, TypeVar

import click

from mjscore import __version__
from mjscore.errors import HandError, UsageError, printable
from mjscore.render import FORMATS, get_renderer
from mjscore.settings import ENV_RULES, Settings, load_settings

F = TypeVar("F", bound=Callable[..., Any])

EXIT_HAND = 1

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
--rules naming no rule set, an unreadable rules or deck file).
"""


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


@click.group(epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
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
        _emit(renderer.error(0, text, exc))
        _say(exc.describe())
        sys.exit(EXIT_HAND)
    _emit(renderer.start())
    _emit(renderer.result(0, result, show_all))


@main.command(epilog=EPILOG)
@click.argument("file", type=click.File("r", encoding="utf-8", errors="surrogateescape"))
@common_options
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Worker processes; output stays in input order.",
)
def batch(file: IO[str], fmt: str, rules: str | None, deck: Path | None, jobs: int) -> None:
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
    out = sys.stdout
    scored = failed = 0
    _emit(renderer.start())
    for item in stream:
        if jobs == 1 and not scored + failed:  # the first line has loaded its rule set here: what is made
            gc.freeze()  # so far lives to the end, so the collector need not walk it at every full collection
        if item.output is not None:
            out.write(item.output + "\n")
        if not item.problems:
            scored += 1
            continue
        failed += 1
        for problem in item.problems:
            _say(f"{name}:{item.number}:{max(problem.col, 1)}: {problem.message} [{problem.code}]")
    out.flush()
    _say(f"{name}: {scored + failed} hands, {scored} scored, {failed} failed")
    if failed:
        sys.exit(EXIT_HAND)


def _with_progress(file: IO[str]) -> Iterator[str]:
    """The file's lines, with a progress bar on stderr when that is a terminal."""
    try:
        size = os.fstat(file.fileno()).st_size
    except (OSError, ValueError, AttributeError):
        size = 0
    if not (sys.stderr.isatty() and size):
        yield from file
        return
    with click.progressbar(length=size, file=sys.stderr, label="scoring") as bar:
        for line in file:
            bar.update(len(line.encode("utf-8", "surrogateescape")))
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
        click.echo(ruleset_list())
        return
    if find_ruleset(name) is None:
        raise click.BadParameter(unknown_ruleset(name).message, param_hint="NAME")
    ruleset = get_ruleset(name)
    click.echo(ruleset_tables(ruleset))
    if ruleset.family == "baba":
        click.echo(deck_table(_settings(None, deck).deck))


def _say(text: str) -> None:
    """Tell the user, on stderr; text from the input in it (a hand, a file name) is shown escaped."""
    click.echo(printable(text, keep_newlines=True), err=True)


def _emit(text: str | None) -> None:
    if text is not None:
        click.echo(text)
