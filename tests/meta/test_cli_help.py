"""Every command of the CLI, and the group itself, has help that exits 0."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from mjscore.cli import main


def _commands(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The group and every command under it, as argument paths: (), ("score",), ..."""
    found = [path]
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += _commands(command, (*path, name))
        else:
            found.append((*path, name))
    return found


COMMANDS = _commands(main)


def test_the_commands_are_found() -> None:
    assert {("score",), ("batch",), ("rules",)} <= set(COMMANDS)


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(("mjscore", *p)))
def test_help_exits_0(path: tuple[str, ...], flag: str) -> None:
    result = CliRunner().invoke(main, [*path, flag])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Usage: ")
    assert result.stderr == ""
    command = main
    for name in path:
        assert isinstance(command, click.Group)
        command = command.commands[name]
    # the command's own one-line summary is in its help
    assert command.help, f"{' '.join(path) or 'the group'} has no help text"
    first = command.help.strip().splitlines()[0].strip()
    assert first in " ".join(result.stdout.split()) or first in result.stdout
