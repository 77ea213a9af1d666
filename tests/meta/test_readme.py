"""README is executable documentation: its commands run and print what it says."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli import main
from mjscore.scoring import score

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(lang: str) -> list[str]:
    """The fenced code blocks whose info string is ``lang`` ("" for plain fences)."""
    blocks, current, current_lang = [], [], None
    for line in README.splitlines(keepends=True):
        if line.startswith("```"):
            if current_lang is None:
                current_lang, current = line[3:].strip(), []
            else:
                if current_lang == lang:
                    blocks.append("".join(current))
                current_lang = None
        elif current_lang is not None:
            current.append(line)
    return blocks


def _console_examples() -> list[tuple[str, str]]:
    """($ command, expected output) pairs from the console blocks."""
    examples = []
    for block in _blocks("console"):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command, output))
    return examples


@pytest.mark.parametrize(("command", "expected"), _console_examples(), ids=lambda x: x[:40])
def test_console_examples_print_what_readme_shows(command: str, expected: str) -> None:
    args = shlex.split(command)
    assert args[0] == "mjscore"
    result = CliRunner().invoke(main, args[1:])
    assert result.output == expected


def test_notation_examples_all_score() -> None:
    block = next(b for b in _blocks("") if "baba:馬馬馬場場O" in b and "Ba-ittsu" in b)
    hands = [re.split(r"\s{2,}", line)[0] for line in block.splitlines() if line.strip()]
    assert len(hands) == 5
    results = [score(hand) for hand in hands]
    # why: every example is a winning hand
    assert all(r.total > 0 for r in results)
    # why: what the README says of them: WIN 1 + DORAYAKI 2 + Menzen 1 + Hon-itsu 1 = 5; an open PON
    # scores no Menzen; the fourth is Ba-ittsu
    assert results[0].total == 5
    assert "menzen" not in {line.rule_id for line in results[1].lines}
    assert "ba-ittsu" in {line.rule_id for line in results[3].lines}


def test_quick_start_has_two_commands_and_ci_runs_the_test_one() -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [b.strip() for b in _blocks("sh") if b.strip() in quick]
    assert len(commands) == 2
    assert "examples/" in commands[0]
    assert "pytest" in commands[1]
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
