"""What the tests of ``mjscore game`` share: running it, and its JSON documents read and
held to the game schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from click.testing import CliRunner, Result

from mjscore.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "examples" / "games"
SCHEMA = json.loads((ROOT / "mjscore" / "data" / "game.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, ["game", *args], input=stdin)


def documents(result: Result) -> list[dict[str, object]]:
    """The output's documents, one a line, each valid under the game schema."""
    docs = [json.loads(line) for line in result.stdout.splitlines()]
    for doc in docs:
        VALIDATOR.validate(doc)
    return docs
