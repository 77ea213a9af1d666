"""What the benchmark scripts share: spreads of repeated runs, which mjscore is
measured, and pinning a child process to one core."""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Spread:
    median: float
    low: float
    high: float
    stdev: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        stdev = statistics.stdev(values) if len(values) > 1 else 0.0
        return cls(statistics.median(values), min(values), max(values), stdev)

    @property
    def rel(self) -> float:
        """(max - min) / median: how far apart the runs were."""
        return (self.high - self.low) / self.median if self.median else 0.0

    def show(self, unit: str, fmt: str = ",.0f") -> str:
        return (
            f"median {self.median:{fmt}} {unit}  (min {self.low:{fmt}}, max {self.high:{fmt}}, "
            f"stdev {self.stdev:{fmt}}, spread {self.rel:.1%})"
        )


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def code_state(package_dir: Path) -> str:
    """Which mjscore is measured: the commit, and whether its files have uncommitted changes."""
    try:
        head = subprocess.run(
            ["git", "-C", str(package_dir), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(package_dir), "status", "--porcelain", "--", "."],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return f"{package_dir} (not a git checkout)"
    return f"commit {head}" + (f" + uncommitted changes in {len(dirty.splitlines())} file(s)" if dirty else "")


def mjscore_exe() -> Path:
    """The ``mjscore`` entry point of the environment running this script."""
    exe = Path(sys.executable).parent / "mjscore"
    if exe.exists():
        return exe
    found = shutil.which("mjscore")
    if found is None:
        sys.exit("mjscore is not installed in this environment (pip install -e .)")
    return Path(found)


def pinned(core: int | None, argv: Sequence[str]) -> list[str]:
    """``argv`` pinned to one core with taskset (it execs, so the pid is the command's)."""
    if core is None:
        return list(argv)
    if shutil.which("taskset") is None:
        sys.exit("taskset is not installed (util-linux); use --core none to run unpinned")
    return ["taskset", "-c", str(core), *argv]
