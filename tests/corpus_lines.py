"""How a hand-worked corpus file is read (the format of tests/rulesets/*/CORPUS.md and
tests/analysis/CORPUS.md): ``# ===`` starts a section, ``# why:`` lines (and the indented
``#  `` lines after them) explain the next entry, ``# near miss of:`` names the items it must
not score, and an entry is ``HAND  =>  EXPECTED``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

NEAR_MISS = "# near miss of:"


@dataclass(frozen=True)
class CorpusLine:
    section: str  # the section's heading, without its "# ===" marks
    number: int  # the entry's number within its section, from 1
    hand: str
    expected: str
    why: str
    near_misses: tuple[str, ...] = ()  # items the hand comes close to and must not score


def corpus_lines(corpus: Path) -> list[CorpusLine]:
    entries: list[CorpusLine] = []
    section, number, why, near = "", 0, list[str](), tuple[str, ...]()
    for line in corpus.read_text(encoding="utf-8").splitlines():
        if line.startswith("# ==="):
            section, number = line.strip("# ="), 0
        elif line.startswith(NEAR_MISS):
            near = tuple(rid.strip() for rid in line.removeprefix(NEAR_MISS).split(","))
        elif line.startswith("# why:") or (line.startswith("#  ") and why):
            why.append(line)
        elif line.strip() and not line.startswith("#"):
            hand, expected = line.split("  =>  ", 1)
            number += 1
            entries.append(CorpusLine(section, number, hand, expected, "\n".join(why), near))
            why, near = [], ()
    return entries
