"""Every rule of every rule set is tested both ways, and rule tables are sound.

A test says which scoring item it checks with ``@pytest.mark.rule(ruleset, rule_id,
applies)``: ``applies=True`` for a hand where the item scores, ``False`` for a near miss
where it must not. The markers are found with pytest's own collection (in a child
process, so they may be made by helper functions, put on ``pytest.param(..., marks=...)``
or set as ``pytestmark``), never by reading the source text.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mjscore.engine import check_rule_table
from mjscore.rulesets import RULESETS, find_ruleset

ROOT = Path(__file__).resolve().parents[2]

# Run inside the child pytest: collect only, and write every "rule" marker as JSON.
_COLLECT = """
import json, sys
import pytest

class RuleMarkers:
    def __init__(self):
        self.found = []

    def pytest_collection_modifyitems(self, items):
        for item in items:
            for mark in item.iter_markers("rule"):
                self.found.append({"test": item.nodeid, "args": list(mark.args), "kwargs": dict(mark.kwargs)})

plugin = RuleMarkers()
# pythonpath= and importlib: the mjscore this run imports (the source tree here, via "-c"; the
# installed package on a compiled run, which keeps the current folder off sys.path), not
# pyproject's "."; pytest's importlib mode finds the test helpers (tests.*) without it
ARGS = ["--collect-only", "-q", "-o", "addopts=", "-o", "pythonpath=", "--import-mode=importlib"]
ARGS += ["-p", "no:cacheprovider"]
code = pytest.main([*ARGS, "tests"], plugins=[plugin])
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump({"exit": int(code), "markers": plugin.found}, out)
"""

Marker = tuple[str, str, bool, str]  # ruleset as written, rule id, applies, test node id


def _normalise(found: dict[str, Any]) -> Marker:
    names = ("ruleset", "rule_id", "applies")
    values = dict(zip(names, found["args"], strict=False)) | {k: v for k, v in found["kwargs"].items() if k in names}
    assert set(values) == set(names), f"{found['test']}: rule marker needs (ruleset, rule_id, applies): {found}"
    return values["ruleset"], values["rule_id"], values["applies"], found["test"]


@pytest.fixture(scope="module")
def markers(tmp_path_factory: pytest.TempPathFactory) -> list[Marker]:
    out = tmp_path_factory.mktemp("rule-markers") / "markers.json"
    proc = subprocess.run(
        [sys.executable, "-c", _COLLECT, str(out)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert out.exists(), f"collecting the tests failed:\n{proc.stdout}\n{proc.stderr}"
    data = json.loads(out.read_text(encoding="utf-8"))
    # 0: collected; 5: nothing collected. Anything else: a test module does not even import.
    assert data["exit"] in (0, 5), f"collecting the tests failed (exit {data['exit']}):\n{proc.stdout[-4000:]}"
    return [_normalise(found) for found in data["markers"]]


def _canonical(name: str) -> str | None:
    ruleset = find_ruleset(name)
    return None if ruleset is None else ruleset.name


def _own_rules(ruleset: Any) -> list[Any]:
    """The rows a rule set adds: rows it shares with a rule set it is built on (hana on
    riichi, BABA Expert on Beginner: one whose every row it has) are tested under that one."""
    ids = {rule.id for rule in ruleset.rules}
    parents = [rs for rs in RULESETS if rs is not ruleset and {rule.id for rule in rs.rules} < ids]
    inherited = {rule.id for parent in parents for rule in parent.rules}
    return [rule for rule in ruleset.rules if rule.id not in inherited]


RULE_SIDES = [
    pytest.param(ruleset.name, rule.id, applies, id=f"{ruleset.name}:{rule.id}:{'applies' if applies else 'absent'}")
    for ruleset in RULESETS
    for rule in _own_rules(ruleset)
    for applies in (True, False)
]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda rs: rs.name)
def test_rule_ids_are_unique_and_conflicts_name_real_rules(ruleset: Any) -> None:
    check_rule_table(ruleset.rules)
    ids = [rule.id for rule in ruleset.rules]
    assert len(ids) == len(set(ids))
    assert all(rule.id and rule.name for rule in ruleset.rules)


def test_rule_set_names_are_unique() -> None:
    names = [name.lower() for rs in RULESETS for name in (rs.name, *rs.aliases)]
    assert len(names) == len(set(names))


def test_every_rule_marker_names_a_real_rule(markers: list[Marker]) -> None:
    """A typo in a marker would silently leave a rule untested."""
    rules = {rs.name: {rule.id for rule in rs.rules} for rs in RULESETS}
    wrong = [
        f"{test}: rule({ruleset!r}, {rule_id!r}, {applies!r})"
        for ruleset, rule_id, applies, test in markers
        if _canonical(ruleset) is None
        or rule_id not in rules[_canonical(ruleset) or ""]
        or not isinstance(applies, bool)
    ]
    assert not wrong, "markers naming no rule (or applies not True/False):\n" + "\n".join(wrong)


@pytest.mark.parametrize(("ruleset", "rule_id", "applies"), RULE_SIDES)
def test_every_rule_has_a_positive_and_a_negative_test(
    markers: list[Marker], ruleset: str, rule_id: str, applies: bool
) -> None:
    tests = [test for rs, rid, app, test in markers if _canonical(rs) == ruleset and rid == rule_id and app is applies]
    kind = "positive (applies=True)" if applies else "negative (applies=False, a near miss)"
    assert tests, f"no {kind} test marked @pytest.mark.rule({ruleset!r}, {rule_id!r}, {applies})"


def test_registry_names_and_aliases_match_the_classes() -> None:
    """The lazy registry repeats each class's name and aliases so lookups import nothing."""
    from mjscore.rulesets import REGISTRY

    for name, (_, _, aliases) in REGISTRY.items():
        cls = find_ruleset(name)
        assert cls is not None
        assert (cls.name, cls.aliases) == (name, aliases)


def test_scoring_a_baba_hand_does_not_load_riichi() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from mjscore import score; score('baba:馬馬馬場場O dora=場 tsumo menzen'); "
        "print('mjscore.rulesets.riichi' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
