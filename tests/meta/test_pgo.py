"""The compiled build's training run (pgo/run.py, setup.py): it runs, every hand it trains on
scores, and the modules it finds are those a batch of each rule set runs."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mjscore

ROOT = Path(__file__).resolve().parents[2]
TRAINING = ROOT / "pgo" / "run.py"


def _training_modules(tmp_path: Path) -> set[str]:
    out = tmp_path / "modules.txt"
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    run = subprocess.run(
        [sys.executable, str(TRAINING), str(out)],
        check=False,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    return set(out.read_text(encoding="utf-8").split())


def test_the_training_run_scores_every_hand_and_lists_a_batchs_modules(tmp_path: Path) -> None:
    # why: pgo/run.py fails on a line that does not score, so a status of 0 says every training
    # hand scored in both formats; the modules are those of each rule set's scoring, the JSON
    # writer and the batch, and none of the commands a batch does not run
    modules = _training_modules(tmp_path)
    for ruleset in ("riichi.fu", "riichi.points", "hana", "baida", "sanma", "baba"):
        assert f"mjscore.rulesets.{ruleset}" in modules
    assert {"mjscore.render.json", "mjscore.batch", "mjscore.families.baba.cards"} <= modules
    assert not {"mjscore.waiting", "mjscore.tasks", "mjscore.game", "mjscore.logs"} & modules


@pytest.mark.skipif(mjscore.build() == "pure Python", reason="the libraries of a compiled build")
def test_a_compiled_build_keeps_a_batchs_modules_in_the_trained_library() -> None:
    # why: setup.py compiles the modules the training run lists into mjscore_hot__mypyc (the
    # library it trains) and the rest into mjscore_cold__mypyc; a build that fell back to one
    # library has neither, and a module of the batch in the cold one would go untrained
    probe = "import sys, mjscore.rulesets.riichi.fu; print(sorted(m for m in sys.modules if m.endswith('__mypyc')))"
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert "mjscore_hot__mypyc" in run.stdout
    assert importlib.util.find_spec("mjscore_cold__mypyc") is not None
