"""Benchmark ``mjscore batch --format json`` on random winning BABA hands, and startup.

    python tests/benchmarks/bench_baba.py                 # the full run (about 5 minutes)
    python tests/benchmarks/bench_baba.py --quick         # fewer repetitions, no 1M-line file

What it measures, against the project's targets for it:

* throughput: ``mjscore batch FILE --format json > /dev/null`` on 100,000 hands
  (made by ``gen_baba_hands.py`` with a fixed seed), pinned to one core with
  ``taskset``, several repetitions after a warm-up: hands per second, median
  and spread. Target: at least 10,000 hands/s.
* memory: the peak resident set size of each run (from ``os.wait4``, the
  kernel's own account of the child), on the 100,000-line file and on a file
  ten times longer (the first one repeated). Target: under 100 MB, and not
  growing with the file.
* startup: ``mjscore score 'baba:馬馬馬場場O dora=場 tsumo menzen'`` as a fresh
  process against ``python -c "import click, pyparsing, tabulate"``, run
  interleaved many times on the same core: medians and their ratio. Target:
  at most 1.5x.

Bytecode: this environment may set ``PYTHONDONTWRITEBYTECODE=1``; mjscore is
installed editable, so it would then be compiled from source at every start
while click, pyparsing and tabulate load from their installed ``.pyc`` files.
By default the child processes get a bytecode cache in the data folder
(``PYTHONPYCACHEPREFIX``, never inside the repository), as an installed package
has; startup is also measured with the environment as it is, and both are shown.

The machine is shared and small, so every figure comes with its spread, and
the load average before and after is printed: a large spread or load means the
numbers are noisy. Generated files go to a scratch folder (``--data``), never
into the repository. This is a benchmark script, not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_common, also when pytest imports this file

from bench_common import Spread, code_state, mjscore_exe, pinned, verdict

TARGET_HANDS_PER_S = 10_000
TARGET_PEAK_MB = 100
TARGET_STARTUP_RATIO = 1.5
STARTUP_HAND = "baba:馬馬馬場場O dora=場 tsumo menzen"
BASELINE_IMPORTS = "import click, pyparsing, tabulate"


@dataclass(frozen=True)
class Run:
    """One child process: wall time, CPU time and peak memory."""

    wall_s: float
    cpu_s: float
    peak_rss_mb: float


BYTECODE_MODES = {
    "cache": "bytecode cached (PYTHONPYCACHEPREFIX), as an installed package",
    "as-is": "environment as it is",
}


def child_env(mode: str, data: Path) -> dict[str, str]:
    """The environment of the measured processes: ``cache`` gives them a bytecode cache
    under ``data`` (so nothing is compiled at start, and nothing is written into the
    repository); ``as-is`` leaves the environment alone."""
    env = dict(os.environ)
    if mode == "cache":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(data / "pycache")
    return env


def run_child(argv: Sequence[str], env: dict[str, str]) -> tuple[Run, int, bytes]:
    """Run ``argv`` (standard output to /dev/null); its wall time, CPU time and peak RSS
    (``os.wait4`` rusage of the child), exit code and stderr."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        err.seek(0)
        stderr = err.read()
    # ru_maxrss is in kilobytes on Linux.
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024), proc.returncode, stderr


# --- data


def hands_file(data: Path, count: int, seed: int, check: int, fresh: bool) -> Path:
    """The generated file for (count, seed), made once and reused (unless ``fresh``)."""
    path = data / f"baba-{count}-seed{seed}.txt"
    if fresh:
        for old in (path, *data.glob(f"{path.stem}-x*.txt")):
            old.unlink(missing_ok=True)
    if path.exists():
        print(f"reusing {path}")
        return path
    gen = Path(__file__).with_name("gen_baba_hands.py")
    print(f"generating {count:,} hands (seed {seed}) -> {path}")
    tmp = path.with_suffix(".part")
    argv = [sys.executable, str(gen), str(tmp), "--count", str(count), "--seed", str(seed), "--check", str(check)]
    subprocess.run(argv, check=True)
    tmp.replace(path)
    return path


def repeated_file(source: Path, times: int) -> Path:
    """``source`` repeated ``times`` times (the long file for the memory check)."""
    path = source.with_name(f"{source.stem}-x{times}.txt")
    if path.exists():
        print(f"reusing {path}")
        return path
    print(f"writing {path} ({times} copies of {source.name})")
    tmp = path.with_suffix(".part")
    with tmp.open("wb") as out:
        for _ in range(times):
            with source.open("rb") as src:
                shutil.copyfileobj(src, out)
    tmp.replace(path)
    return path


def count_lines(path: Path) -> int:
    with path.open("rb") as f:
        return sum(block.count(b"\n") for block in iter(lambda: f.read(1 << 20), b""))


# --- measurements


@dataclass(frozen=True)
class BatchResult:
    file: str
    hands: int
    runs: tuple[Run, ...]

    @property
    def rate(self) -> Spread:
        return Spread.of([self.hands / r.wall_s for r in self.runs])

    @property
    def cpu_rate(self) -> Spread:
        return Spread.of([self.hands / r.cpu_s for r in self.runs])

    @property
    def peak(self) -> Spread:
        return Spread.of([r.peak_rss_mb for r in self.runs])


def bench_batch(
    mjscore: Path, path: Path, reps: int, warmup: int, *, core: int | None, env: dict[str, str]
) -> BatchResult:
    hands = count_lines(path)
    argv = pinned(core, [str(mjscore), "batch", str(path), "--format", "json"])
    print(f"$ {' '.join(argv)} > /dev/null   ({hands:,} lines; {warmup} warm-up + {reps} runs)")
    runs = []
    for i in range(warmup + reps):
        run, code, stderr = run_child(argv, env)
        summary = stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["(no output on stderr)"]
        if code != 0 or f"{hands} scored, 0 failed" not in summary[0]:
            sys.exit(f"mjscore batch failed (exit {code}): {stderr.decode('utf-8', 'replace')[-2000:]}")
        label = "warm-up" if i < warmup else f"run {i - warmup + 1}"
        print(
            f"  {label:8} {run.wall_s:7.2f} s wall  {run.cpu_s:7.2f} s cpu  "
            f"{hands / run.wall_s:9,.0f} hands/s  peak {run.peak_rss_mb:6.1f} MB"
        )
        if i >= warmup:
            runs.append(run)
    return BatchResult(str(path), hands, tuple(runs))


@dataclass(frozen=True)
class StartupResult:
    mode: str
    runs: int
    mjscore_ms: Spread
    baseline_ms: Spread

    @property
    def ratio(self) -> float:
        return self.mjscore_ms.median / self.baseline_ms.median


def bench_startup(
    python: Path, mjscore: Path, runs: int, warmup: int, *, core: int | None, envs: dict[str, dict[str, str]]
) -> list[StartupResult]:
    """``mjscore score`` against the import baseline, in each environment of ``envs``,
    all four kinds of process interleaved round by round."""
    score = pinned(core, [str(mjscore), "score", STARTUP_HAND])
    base = pinned(core, [str(python), "-c", BASELINE_IMPORTS])
    print(f"$ {' '.join(score)}\n$ {' '.join(base)}")
    print(f"  ({warmup} warm-up + {runs} runs of each, interleaved; environments: {', '.join(envs)})")
    kinds = [(mode, name, argv) for mode in envs for name, argv in (("score", score), ("base", base))]
    times: dict[tuple[str, str], list[float]] = {(mode, name): [] for mode, name, _ in kinds}
    for i in range(warmup + runs):
        # Alternate the order, so a slow spell of the machine hits every kind alike.
        for mode, name, argv in kinds if i % 2 else reversed(kinds):
            run, code, stderr = run_child(argv, envs[mode])
            if code != 0:
                sys.exit(f"{' '.join(argv)} failed (exit {code}): {stderr.decode('utf-8', 'replace')}")
            if i >= warmup:
                times[mode, name].append(run.wall_s * 1000)
    results = []
    for mode in envs:
        result = StartupResult(mode, runs, Spread.of(times[mode, "score"]), Spread.of(times[mode, "base"]))
        print(f"  [{BYTECODE_MODES[mode]}]")
        for label, s in (("mjscore score", result.mjscore_ms), ("import baseline", result.baseline_ms)):
            print(
                f"    {label:16} median {s.median:6.1f} ms  min {s.low:6.1f}  max {s.high:6.1f}  stdev {s.stdev:5.1f}"
            )
        results.append(result)
    return results


# --- report


def report(
    main: BatchResult, long: BatchResult | None, startups: Sequence[StartupResult], load: tuple[float, float]
) -> list[str]:
    rate, peak = main.rate, main.peak
    lines = [
        "",
        "=" * 78,
        f"SUMMARY  (one core pinned; {len(main.runs)} runs on {main.hands:,} hands; "
        f"load average {load[0]:.2f} before, {load[1]:.2f} after)",
        "-" * 78,
        f"throughput  median {rate.median:8,.0f} hands/s   min {rate.low:,.0f}  max {rate.high:,.0f}  "
        f"spread {rate.rel:.1%}  stdev {rate.stdev:,.0f}",
        f"            per CPU second (user+sys) median {main.cpu_rate.median:,.0f} hands/s",
        f"            target >= {TARGET_HANDS_PER_S:,} hands/s: {verdict(rate.median >= TARGET_HANDS_PER_S)} "
        f"(median at {rate.median / TARGET_HANDS_PER_S:.0%} of target)",
        f"peak RSS    {main.hands:>9,} lines: {peak.median:6.1f} MB (runs {peak.low:.1f}-{peak.high:.1f})",
    ]
    worst = peak.high
    if long is not None:
        lines.append(
            f"            {long.hands:>9,} lines: {long.peak.median:6.1f} MB "
            f"(runs {long.peak.low:.1f}-{long.peak.high:.1f}); "
            f"{long.rate.median:,.0f} hands/s ({long.cpu_rate.median:,.0f} per CPU second); "
            f"growth {long.peak.median - peak.median:+.1f} MB for "
            f"{long.hands / main.hands:.0f}x the lines"
        )
        worst = max(worst, long.peak.high)
    lines.append(f"            target < {TARGET_PEAK_MB} MB whatever the length: {verdict(worst < TARGET_PEAK_MB)}")
    for startup in startups:
        m, b = startup.mjscore_ms, startup.baseline_ms
        lines += [
            f"startup     [{BYTECODE_MODES[startup.mode]}]",
            f"            mjscore score   median {m.median:6.1f} ms  (min {m.low:.1f}, max {m.high:.1f}, "
            f"stdev {m.stdev:.1f}; {startup.runs} runs)",
            f"            import baseline median {b.median:6.1f} ms  (min {b.low:.1f}, max {b.high:.1f}, "
            f"stdev {b.stdev:.1f}; {startup.runs} runs)",
            f"            ratio of medians {startup.ratio:.2f}x (of minimums {m.low / b.low:.2f}x); "
            f"target <= {TARGET_STARTUP_RATIO}x: {verdict(startup.ratio <= TARGET_STARTUP_RATIO)}",
        ]
    for result in (main, long):
        if result is None:
            continue
        waited = max(r.wall_s / r.cpu_s for r in result.runs) - 1
        if waited > 0.05:  # the process was runnable but another one had the core
            lines.append(
                f"WARNING     {result.hands:,}-line runs: wall time up to {waited:.0%} over CPU time, "
                "the pinned core was shared; the per-CPU-second rate is the fairer figure"
            )
    lines += [
        "-" * 78,
        f"noise: throughput runs differ by {rate.rel:.1%} (max-min over median)"
        + "".join(
            f"; startup stdev {s.mjscore_ms.stdev / s.mjscore_ms.median:.0%} / "
            f"{s.baseline_ms.stdev / s.baseline_ms.median:.0%} of the medians ({s.mode})"
            for s in startups
        ),
        "       another busy process on the same core widens all of these (see the load average).",
        "=" * 78,
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Benchmark `mjscore batch --format json` and `mjscore score` startup on BABA hands."
    )
    parser.add_argument("--count", type=int, default=100_000, help="hands in the main file (default 100,000)")
    parser.add_argument("--seed", type=int, default=20240501, help="generator seed (default 20240501)")
    parser.add_argument(
        "--data",
        type=Path,
        default=Path(tempfile.gettempdir()) / "mjscore-bench",
        help="folder for the generated files, reused between runs (default: $TMPDIR/mjscore-bench)",
    )
    parser.add_argument("--file", type=Path, help="benchmark this hands file instead of a generated one")
    parser.add_argument("--fresh", action="store_true", help="generate the files again even if they exist")
    parser.add_argument("--reps", type=int, default=5, help="timed runs on the main file (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs first (default 1)")
    parser.add_argument("--long-factor", type=int, default=10, help="the long file is this many copies (default 10)")
    parser.add_argument("--long-reps", type=int, default=1, help="runs on the long file (default 1; 0 skips it)")
    parser.add_argument("--startup-runs", type=int, default=30, help="fresh processes of each kind (default 30)")
    parser.add_argument("--check", type=int, default=5000, help="generator: lines scored to check it (default 5000)")
    parser.add_argument("--core", default="0", help="CPU core to pin to with taskset, or 'none' (default 0)")
    parser.add_argument(
        "--bytecode",
        choices=("cache", "as-is", "both"),
        default="both",
        help="environment of the measured processes: a bytecode cache in the data folder, the environment as it "
        "is, or both (default: both for startup; the batch runs use the cache unless 'as-is')",
    )
    parser.add_argument("--quick", action="store_true", help="3 runs, no long file, 15 startup runs")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.quick:
        args.reps, args.long_reps, args.startup_runs = 3, 0, 15
    core = None if args.core == "none" else int(args.core)

    python, mjscore = Path(sys.executable), mjscore_exe()
    args.data.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()[0]
    import mjscore as package

    state = code_state(Path(package.__file__).parent)
    print(f"python {python}\nmjscore {mjscore} ({state})")
    print(f"cores {os.cpu_count()}, pinned to {core}, load {load_before:.2f}")
    path = args.file or hands_file(args.data, args.count, args.seed, args.check, args.fresh)
    modes = ["cache", "as-is"] if args.bytecode == "both" else [args.bytecode]
    envs = {mode: child_env(mode, args.data) for mode in modes}
    batch_env = envs["as-is" if args.bytecode == "as-is" else "cache"]
    print(f"batch runs: {BYTECODE_MODES['as-is' if args.bytecode == 'as-is' else 'cache']}")
    main_result = bench_batch(mjscore, path, args.reps, args.warmup, core=core, env=batch_env)
    long_result = None
    if args.long_reps > 0:
        long_path = repeated_file(path, args.long_factor)
        long_result = bench_batch(mjscore, long_path, args.long_reps, 0, core=core, env=batch_env)
    startups = (
        bench_startup(python, mjscore, args.startup_runs, 2, core=core, envs=envs) if args.startup_runs > 0 else []
    )
    load_after = os.getloadavg()[0]
    print("\n".join(report(main_result, long_result, startups, (load_before, load_after))))
    print(f"measured: mjscore {state}")
    if args.json:
        doc = {
            "batch": {**asdict(main_result), "rate": asdict(main_result.rate), "peak": asdict(main_result.peak)},
            "long": None
            if long_result is None
            else {**asdict(long_result), "rate": asdict(long_result.rate), "peak": asdict(long_result.peak)},
            "startup": [{**asdict(s), "ratio": s.ratio} for s in startups],
            "load": [load_before, load_after],
            "mjscore": state,
        }
        args.json.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
