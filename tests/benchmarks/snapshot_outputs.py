"""Write every output users see, to compare two versions of mjscore byte for byte.

    python tests/benchmarks/snapshot_outputs.py INPUTS OUT [--hands N]

``INPUTS`` holds the random hand files (made on the first run with the generators beside
this script, then reused, so two versions read the same lines): N riichi hands, the same
hands as hana lines with random flowers, as Baida lines with a random indicator, and N
BABA hands, also read as BABA Beginner. ``OUT`` gets, for each of those files and each
example, the ``mjscore batch`` output in every format (with and without ``--all``), its
standard error and its exit code, and the ``mjscore rules`` table of every rule set.
Compare two runs with ``diff -r OUT1 OUT2``.

A benchmark helper, not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FLOWERS = ["1f", "2f", "3f", "4f", "1g", "2g", "3g", "4g"]
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
RULESETS = ("riichi", "hana", "baida", "baba", "baba-beginner")


def make_inputs(inputs: Path, hands: int) -> None:
    inputs.mkdir(parents=True, exist_ok=True)
    riichi = inputs / "riichi.txt"
    if not riichi.exists():
        run([sys.executable, str(HERE / "gen_riichi_hands.py"), str(riichi), "--hands", str(hands)])
    baba = inputs / "baba.txt"
    if not baba.exists():
        run([sys.executable, str(HERE / "gen_baba_hands.py"), str(baba), "--count", str(hands)])
    rng = random.Random(13)
    lines = riichi.read_text(encoding="utf-8").splitlines()
    hana = inputs / "hana.txt"
    if not hana.exists():
        hana.write_text("".join(f"hana:{_with_flowers(line, rng)}\n" for line in lines), encoding="utf-8")
    baida = inputs / "baida.txt"
    if not baida.exists():
        baida.write_text("".join(f"{_as_baida(line, rng)}\n" for line in lines), encoding="utf-8")
    beginner = inputs / "baba-beginner.txt"
    if not beginner.exists():
        text = baba.read_text(encoding="utf-8").replace("baba:", "baba-beginner:")
        beginner.write_text(text, encoding="utf-8")


def _with_flowers(line: str, rng: random.Random) -> str:
    flowers = rng.sample(FLOWERS, rng.choice((0, 0, 1, 2, 3)))
    return f"{line} {''.join(flowers)}" if flowers else line


def _as_baida(line: str, rng: random.Random) -> str:
    """The hand and its win of a riichi line, with a Baida indicator (many are not Baida wins)."""
    words = line.split()
    win = "ron" if "ron" in words else "tsumo"
    return f"baida:{words[0]} {win} baida={rng.choice(TILES)}"


def run(command: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(command, check=False, capture_output=True, cwd=cwd)


def snapshot(mjscore: str, inputs: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    files = [inputs / f"{name}.txt" for name in RULESETS]
    files += sorted((ROOT / "examples").glob("*.txt"))
    for file in files:
        stem = f"{file.parent.name}-{file.stem}"
        default = ["--rules", file.stem] if file.parent == inputs else []
        for fmt in ("table", "json", "csv"):
            for extra in ([], ["--all"]):
                done = run([mjscore, "batch", str(file), "--format", fmt, "-q", *default, *extra], cwd=ROOT)
                name = f"{stem}.{fmt}{'-all' if extra else ''}"
                (out / name).write_bytes(done.stdout)
                (out / f"{name}.stderr").write_bytes(done.stderr + f"exit {done.returncode}\n".encode())
    for ruleset in RULESETS:
        (out / f"rules-{ruleset}.txt").write_bytes(run([mjscore, "rules", ruleset]).stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--mjscore", default=str(Path(sys.executable).parent / "mjscore"))
    args = parser.parse_args()
    make_inputs(args.inputs, args.hands)
    snapshot(args.mjscore, args.inputs, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
