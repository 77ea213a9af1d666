"""Golden tests: every ``examples/*.txt`` batch, in every output format.

Each example file is run through the real CLI (``mjscore batch FILE --format F``)
and its stdout compared with ``examples/golden/<name>.<F>``, its stderr with
``examples/golden/<name>.stderr``. ``pytest --update-golden`` rewrites them; then
check every changed line by hand against the rule book (docs/rules/). ``examples/golden/README.md``
is the evidence: the hand-worked total of every example hand, which the last
test here holds the golden JSON to.
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mjscore.cli import main
from mjscore.scoring import hand_lines

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GOLDEN = EXAMPLES / "golden"
FORMATS = ("table", "json", "csv")


@dataclass(frozen=True)
class Case:
    """One golden run: ``name`` is the golden files' stem, ``source`` the batch file."""

    name: str
    source: str  # relative to the repository root, with forward slashes
    extra: tuple[str, ...] = ()

    def args(self, fmt: str) -> list[str]:
        return ["batch", self.source, "--format", fmt, *self.extra]


def _cases() -> list[Case]:
    cases = [Case(path.stem, f"examples/{path.name}") for path in sorted(EXAMPLES.glob("*.txt"))]
    cases.append(Case("baba+house-rules", "examples/baba.txt", ("--rules", "examples/house-rules.toml")))
    return cases


CASES = _cases()


def _run(case: Case, fmt: str, monkeypatch: pytest.MonkeyPatch) -> Result:
    monkeypatch.chdir(ROOT)  # file names in messages are relative, as a user types them
    return CliRunner(env={"MJSCORE_RULES": None}).invoke(main, case.args(fmt))


def _check(path: Path, actual: str, update: bool) -> None:
    rel = path.relative_to(ROOT).as_posix()
    if update:
        path.write_text(actual, encoding="utf-8", newline="\n")
        return
    if not path.exists():
        pytest.fail(f"{rel} is missing: run pytest --update-golden, then check it line by line", pytrace=False)
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=f"{rel} (golden)",
                tofile="actual output",
            )
        )
        pytest.fail(
            f"output differs from {rel}:\n{diff}\n"
            "If the change is intended: pytest --update-golden, then check every changed line against docs/rules/.",
            pytrace=False,
        )


def _failed(stderr: str) -> int:
    m = re.search(r"(\d+) failed$", stderr.strip())
    assert m, f"no summary line on stderr:\n{stderr}"
    return int(m.group(1))


def test_every_example_file_is_discovered() -> None:
    names = {c.name for c in CASES}
    assert {"baba", "baba-beginner", "baba+house-rules"} <= names
    assert len(CASES) == len(list(EXAMPLES.glob("*.txt"))) + 1


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_golden(case: Case, fmt: str, monkeypatch: pytest.MonkeyPatch, update_golden: bool) -> None:
    result = _run(case, fmt, monkeypatch)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    _check(GOLDEN / f"{case.name}.{fmt}", result.stdout, update_golden)
    _check(GOLDEN / f"{case.name}.stderr", result.stderr, update_golden)
    assert result.exit_code == (1 if _failed(result.stderr) else 0)


def _hands(case: Case) -> list[tuple[int, str]]:
    with (ROOT / case.source).open(encoding="utf-8") as f:
        return list(hand_lines(f))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_golden_json_accounts_for_every_line_and_adds_up(case: Case) -> None:
    """Every hand line has one JSON document; items add up to the total, payments to what is received."""
    docs = [json.loads(line) for line in (GOLDEN / f"{case.name}.json").read_text(encoding="utf-8").splitlines()]
    assert [d["line"] for d in docs] == [number for number, _ in _hands(case)]
    for doc in docs:
        assert doc["schema"] == 2
        if not doc["ok"]:
            assert doc["errors"] and all({"code", "message", "col"} <= set(e) for e in doc["errors"])
            continue
        if doc["kind"] == "draw":
            assert doc["total"] is None and doc["received"] is None and doc["winner"] is None
            continue
        assert sum(item["value"] for item in doc["items"]) == doc["total"]
        assert sum(p["amount"] for p in doc["payments"] if p["payee"] == doc["winner"]) == doc["received"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_golden_csv_has_a_row_per_hand(case: Case) -> None:
    rows = list(csv.DictReader(io.StringIO((GOLDEN / f"{case.name}.csv").read_text(encoding="utf-8"))))
    assert [int(r["line"]) for r in rows] == [number for number, _ in _hands(case)]


def _evidence() -> dict[str, dict[int, tuple[str, str]]]:
    """From examples/golden/README.md: case name -> line -> (total, received) worked out by hand."""
    tables: dict[str, dict[int, tuple[str, str]]] = {}
    current: dict[int, tuple[str, str]] | None = None
    for line in (GOLDEN / "README.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## `([^`]+)`", line)
        if heading:
            current = tables.setdefault(heading.group(1), {})
            continue
        row = re.match(r"^\|\s*(\d+)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|", line)
        if row and current is not None:
            current[int(row.group(1))] = (row.group(2), row.group(3))
    return tables


def _shown(value: int | None) -> str:
    return "-" if value is None else str(value)  # a draw has neither total nor received


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_golden_totals_match_the_hand_worked_evidence(case: Case) -> None:
    """The golden output holds exactly the totals worked out by hand in examples/golden/README.md."""
    evidence = _evidence().get(case.name)
    assert evidence, f"examples/golden/README.md has no section for {case.name}"
    docs = [json.loads(line) for line in (GOLDEN / f"{case.name}.json").read_text(encoding="utf-8").splitlines()]
    golden = {d["line"]: (_shown(d["total"]), _shown(d["received"])) if d["ok"] else ("error", "") for d in docs}
    assert golden == evidence
