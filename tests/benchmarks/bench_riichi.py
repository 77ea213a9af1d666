"""Benchmark mjscore's riichi scoring against the ``mahjong`` package (PyPI, 2.1.0), same hands, one run.

    python tests/benchmarks/bench_riichi.py --hands 5000          # the full run (about 2-3 minutes)
    python tests/benchmarks/bench_riichi.py --quick               # fewer repetitions, smaller jobs file
    python tests/benchmarks/bench_riichi.py --e2e-reps 0 --jobs-hands 0   # only a and d (in-process)

The hands: ``gen_riichi_hands.py`` (fixed seed) draws N random complete riichi
hands that score under mjscore, and writes them twice from the same draw: in
mjscore notation and as the ``mahjong`` package's inputs (136-tile arrays, melds,
indicators, ``HandConfig`` flags). Files go to a scratch folder (``--data``),
never into the repository, and are reused by later runs (``--fresh`` remakes them).

What it measures, against the project's targets for it:

a. scoring call, in this process pinned to one core: every hand parsed by
   ``mjscore.scoring.parse_hand`` beforehand (not timed), then
   ``ruleset.evaluate(deal)`` timed over all hands; and for the ``mahjong``
   package, the tile arrays, ``Meld`` and ``HandConfig`` objects built beforehand
   (not timed), then ``HandCalculator().estimate_hand_value(...)`` timed over the
   same hands. Repetitions interleaved (mjscore, mahjong, mjscore, ...) after a
   warm-up. Target (compiled build): mjscore's rate >= 4x the package's. Then "cold": the same
   passes with every cache of both emptied before each one, so no pass gains from
   having seen these hands before (mjscore's caches hold suits and score lines
   that new hands share; the package caches its last 128 splits).
b. end to end, one core (``taskset -c CORE``): ``mjscore batch FILE --format json >
   /dev/null`` against ``python bench_mahjong_script.py FILE > /dev/null`` (reads the
   same text file, parses it itself, calls the package, prints one JSON line per
   hand), interleaved, after a warm-up. Both children get a bytecode cache in the
   data folder (PYTHONPYCACHEPREFIX) so neither compiles its sources at each start.
   Target (compiled build): mjscore at least 1.5x as fast.
c. ``mjscore batch --jobs J`` against ``--jobs 1`` on a larger file (default 20,000
   hands), not pinned: wall and CPU times, and every output must be byte-identical.
d. agreement (not a target): han, fu and payments of both on every hand, with the
   categories of disagreement and one example each. The package is configured as
   docs/rules/riichi.md says where ``OptionalRules`` can say it (see ``OPTIONS_NOTE``).
   d2 repeats it with the package's default options (what those settings change);
   d3 asks the package about the candidates the generator dropped because mjscore
   refused them; d4 scores a few fixed "probe" hands the random mix never makes,
   each showing a rule the two read differently.

Every figure comes with its spread (min, max, stdev over the repetitions) and the
load average before and after: the machine is small and shared. A benchmark
script, not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # gen_riichi_hands, bench_mahjong_script, bench_common

from bench_common import Spread, code_state, mjscore_exe, pinned, verdict  # noqa: E402 - after the path

STALE_HINT = (
    "\n(hands a reused file holds were drawn under the mjscore of that day; if its rules changed since, "
    "some may now be refused: run again with --fresh)"
)
# The compiled build's targets (pip install .; the pure build is held to no slower than before).
TARGET_CALL_RATIO = 4.0
TARGET_E2E_RATIO = 1.5
OPTIONS_NOTE = (
    "mahjong OptionalRules set to docs/rules/riichi.md §2: has_open_tanyao=True (kuitan), has_aka_dora=per hand "
    "(on when a red five or aka=on is written), has_double_yakuman=True, kazoe_limit=KAZOE_LIMITED "
    "(13+ han = one yakuman), kiriage=False, fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False, "
    "renhou_as_yakuman=False (renhou never flagged), has_daisharin=True (pin only), has_daichisei=False, "
    "limit_to_sextuple_yakuman=False (yakuman stack). Not expressible: ryanshi (2-han minimum at 5+ honba; "
    "the generator drops hands mjscore refuses for it), two red 5p (the generator uses one red five per suit), "
    "pao and from= (not generated)."
)

# mahjong package yaku names -> mjscore rule ids
YAKU_IDS = {
    "Menzen Tsumo": "menzen-tsumo",
    "Riichi": "riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei",
    "Houtei Raoyui": "houtei",
    "Double Riichi": "double-riichi",
    "Pinfu": "pinfu",
    "Tanyao": "all-simples",
    "Iipeiko": "pure-double-chow",
    "Yakuhai (haku)": "white-dragon",
    "Yakuhai (hatsu)": "green-dragon",
    "Yakuhai (chun)": "red-dragon",
    "Sanshoku Doujun": "mixed-triple-chow",
    "Ittsu": "pure-straight",
    "Chantai": "mixed-outside-hand",
    "Honroutou": "all-terminals-and-honours",
    "Toitoi": "all-pungs",
    "San Ankou": "three-concealed-pungs",
    "San Kantsu": "three-kongs",
    "Sanshoku Doukou": "triple-pung",
    "Chiitoitsu": "seven-pairs",
    "Shou Sangen": "little-three-dragons",
    "Honitsu": "half-flush",
    "Junchan": "pure-outside-hand",
    "Ryanpeikou": "twice-pure-double-chow",
    "Chinitsu": "full-flush",
    "Kokushi Musou": "thirteen-orphans",
    "Chuuren Poutou": "nine-gates",
    "Suu Ankou": "four-concealed-pungs",
    "Daisangen": "big-three-dragons",
    "Shousuushii": "little-four-winds",
    "Ryuuiisou": "all-green",
    "Suu Kantsu": "four-kongs",
    "Tsuu Iisou": "all-honours",
    "Chinroutou": "all-terminals",
    "Daisharin": "big-wheels",
    "Dai Suushii": "big-four-winds",
    "Kokushi Musou Juusanmen Matchi": "thirteen-orphans-13-wait",
    "Suu Ankou Tanki": "four-concealed-pungs-single-wait",
    "Daburu Chuuren Poutou": "pure-nine-gates",
    "Tenhou": "heavenly-hand",
    "Chiihou": "earthly-hand",
    "Dora": "dora",
    "Aka Dora": "red-five",
    "Ura Dora": "ura-dora",
}


# --- small helpers


def ratio_spread(a: Sequence[float], b: Sequence[float]) -> Spread:
    """Per-repetition ratios a[i] / b[i] (the repetitions were interleaved)."""
    return Spread.of([x / y for x, y in zip(a, b, strict=True)])


@contextlib.contextmanager
def on_core(core: int | None) -> Iterator[None]:
    """Pin this process to one core for the in-process timings, then restore."""
    if core is None or not hasattr(os, "sched_setaffinity"):
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {core})
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def child_env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(data / "pycache")
    return env


@dataclass(frozen=True)
class Run:
    wall: float  # seconds
    cpu: float  # user + system seconds of the child and every process it waited for (its workers)
    code: int
    stderr: str


def run_timed(argv: Sequence[str], env: dict[str, str], stdout: Any = subprocess.DEVNULL) -> Run:
    """Wall time, CPU time, exit code and stderr of one child process."""
    with tempfile.TemporaryFile() as err:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        code = subprocess.run(
            argv, stdin=subprocess.DEVNULL, stdout=stdout, stderr=err, env=env, check=False
        ).returncode
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        err.seek(0)
        return Run(wall, cpu, code, err.read().decode("utf-8", "replace"))


# --- data


def hands_files(data: Path, count: int, seed: int, fresh: bool) -> tuple[dict[str, Path], dict[str, Any]]:
    """The generated files for (count, seed): made once, reused unless ``fresh``."""
    from gen_riichi_hands import output_paths

    paths = output_paths(data / f"riichi-{count}-seed{seed}.txt")
    if fresh or not all(p.exists() for p in paths.values()):
        print(f"generating {count:,} hands (seed {seed}) -> {paths['txt']}")
        tmp = paths["txt"].with_suffix(".part")
        extra = [f"--{k}={v}" for k, v in paths.items() if k != "txt"]
        gen = [sys.executable, str(HERE / "gen_riichi_hands.py"), str(tmp), "--hands", str(count), "--seed", str(seed)]
        subprocess.run([*gen, *extra], check=True)
        tmp.replace(paths["txt"])  # last: the text file marks a complete set
    else:
        print(f"reusing {paths['txt']} (and its .mahjong.jsonl, .stats.json, .discarded.jsonl; --fresh remakes them)")
    return paths, json.loads(paths["stats"].read_text(encoding="utf-8"))


def mahjong_inputs(jsonl: Path, defaults: bool = False) -> list[dict[str, Any]]:
    """The package's keyword arguments for every hand, objects built (untimed); with
    ``defaults`` the package's own default OptionalRules instead of docs/rules/riichi.md §2's."""
    from bench_mahjong_script import yakuza2_options
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    options = {aka: OptionalRules() if defaults else yakuza2_options(aka) for aka in (False, True)}
    out = []
    with jsonl.open(encoding="utf-8") as f:
        for rec in map(json.loads, f):
            out.append(
                {
                    "tiles": rec["tiles"],
                    "win_tile": rec["win_tile"],
                    "melds": [Meld(meld_type=m["type"], tiles=m["tiles"], opened=m["opened"]) for m in rec["melds"]],
                    "dora_indicators": rec["dora"],
                    "ura_dora_indicators": rec["ura"],
                    "config": HandConfig(**rec["config"], options=options[rec["aka"]]),
                }
            )
    return out


# --- a. the scoring call


@dataclass
class CallResult:
    hands: int
    mjscore_rates: list[float]
    mahjong_rates: list[float]
    parse_rate: float
    build_rate: float
    mjscore_results: list[Any]
    mahjong_results: list[Any]
    mjscore_cold_rates: list[float]
    mahjong_cold_rates: list[float]

    @property
    def ratio(self) -> Spread:
        return ratio_spread(self.mjscore_rates, self.mahjong_rates)

    @property
    def cold_ratio(self) -> Spread:
        return ratio_spread(self.mjscore_cold_rates, self.mahjong_cold_rates)


def empty_caches() -> None:
    """Forget everything either side has cached (mjscore: every functools cache of its modules
    and every memo made by ``values.memo``; mahjong: its divider's cache), as in a process that
    has just started."""
    from mahjong.hand_calculating.divider import HandDivider

    from mjscore.values import forget_memos

    for name, module in list(sys.modules.items()):
        if name == "mjscore" or name.startswith("mjscore."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    forget_memos()
    HandDivider._divide_hand_impl.cache_clear()


def timed_pass(fn: Callable[[], list[Any]], hands: int) -> float:
    """Hands per second of one pass. The garbage collector stays on (both sides allocate), but
    starts each pass from a clean heap, and no earlier pass's results are alive: otherwise a
    pass that follows one of the same kind runs slower (its collections walk the old results)."""
    gc.collect()
    start = time.perf_counter()
    fn()
    return hands / (time.perf_counter() - start)


def interleaved_passes(
    passes: dict[str, Callable[[], list[Any]]],
    hands: int,
    warmup: int,
    reps: int,
    *,
    label: str,
    before: Callable[[], None] = lambda: None,
) -> tuple[list[float], list[float]]:
    """Rates of mjscore's and mahjong's passes, in alternating order, ``before`` run ahead of
    each pass; the warm-up passes are printed but not kept."""
    kept: dict[str, list[float]] = {name: [] for name in passes}
    for i in range(warmup + reps):
        got = {}
        for name in list(passes) if i % 2 == 0 else reversed(list(passes)):
            before()
            got[name] = timed_pass(passes[name], hands)
        mj_rate, pk_rate = got["mjscore"], got["mahjong"]
        shown = "warm-up" if i < warmup else f"{label} {i - warmup + 1}"
        print(
            f"   {shown:8} mjscore {mj_rate:9,.0f} hands/s   mahjong {pk_rate:9,.0f} hands/s   "
            f"ratio {mj_rate / pk_rate:5.2f}"
        )
        if i >= warmup:
            for name, rate in got.items():
                kept[name].append(rate)
    return kept["mjscore"], kept["mahjong"]


def bench_call(txt: Path, jsonl: Path, reps: int, warmup: int, core: int | None) -> CallResult:
    from mahjong.hand_calculating.hand import HandCalculator

    from mjscore.scoring import parse_hand

    lines = [x.rstrip("\n") for x in txt.open(encoding="utf-8")]
    with on_core(core):
        start = time.perf_counter()
        parsed = [parse_hand(x) for x in lines]
        parse_rate = len(lines) / (time.perf_counter() - start)
        start = time.perf_counter()
        inputs = mahjong_inputs(jsonl)
        build_rate = len(inputs) / (time.perf_counter() - start)
        if len(inputs) != len(parsed):
            sys.exit(f"{jsonl} has {len(inputs)} hands, {txt} {len(parsed)}")
        calculator = HandCalculator()
        estimate = calculator.estimate_hand_value

        def run_mjscore() -> list[Any]:
            return [p.ruleset.evaluate(p.deal) for p in parsed]

        def run_mahjong() -> list[Any]:
            return [estimate(**kw) for kw in inputs]

        n = len(parsed)
        print(f"a. scoring call, {n:,} hands, pinned to core {core}; {warmup} warm-up + {reps} interleaved runs")
        print(f"   (untimed: parse_hand {parse_rate:,.0f} hands/s; mahjong inputs built {build_rate:,.0f} hands/s)")
        passes = {"mjscore": run_mjscore, "mahjong": run_mahjong}
        mj_rates, pk_rates = interleaved_passes(passes, n, warmup, reps, label="run")
        print("   the same, every cache of both emptied before each pass (each hand new to the process):")
        mj_cold, pk_cold = interleaved_passes(passes, n, 0, reps, label="cold", before=empty_caches)
    return CallResult(n, mj_rates, pk_rates, parse_rate, build_rate, run_mjscore(), run_mahjong(), mj_cold, pk_cold)


# --- b. end to end


@dataclass
class E2EResult:
    hands: int
    mjscore_s: list[float]
    mahjong_s: list[float]
    script_agrees: str
    mjscore_startup_s: list[float]
    mahjong_startup_s: list[float]

    @property
    def ratio(self) -> Spread:
        """mahjong time / mjscore time: above 1 means mjscore is faster."""
        return ratio_spread(self.mahjong_s, self.mjscore_s)


def interleaved(
    commands: dict[str, list[str]], reps: int, warmup: int, env: dict[str, str], expect: dict[str, str]
) -> dict[str, list[float]]:
    """Wall times of each command, run in turn (order alternating) ``warmup + reps`` times."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for i in range(warmup + reps):
        got = {}
        names = list(commands) if i % 2 == 0 else list(reversed(commands))
        for name in names:
            run = run_timed(commands[name], env)
            if run.code != 0 or expect.get(name, "") not in run.stderr:
                sys.exit(f"{' '.join(commands[name])} failed (exit {run.code}): {run.stderr[-2000:]}" + STALE_HINT)
            got[name] = run.wall
        label = "warm-up" if i < warmup else f"run {i - warmup + 1}"
        print(f"   {label:8} " + "   ".join(f"{name} {got[name]:6.3f} s" for name in commands))
        if i >= warmup:
            for name, runs in times.items():
                runs.append(got[name])
    return times


def bench_e2e(
    txt: Path, hands: int, reps: int, warmup: int, *, core: int | None, env: dict[str, str], data: Path
) -> E2EResult:
    script = HERE / "bench_mahjong_script.py"

    def commands(path: Path) -> dict[str, list[str]]:
        return {
            "mjscore": pinned(core, [str(mjscore_exe()), "batch", str(path), "--format", "json"]),
            "mahjong": pinned(core, [sys.executable, str(script), str(path)]),
        }

    cmds = commands(txt)
    print(f"b. end to end, {hands:,} hands; {warmup} warm-up + {reps} interleaved runs of each:")
    print(f"   $ {' '.join(cmds['mjscore'])} > /dev/null\n   $ {' '.join(cmds['mahjong'])} > /dev/null")
    times = interleaved(cmds, reps, warmup, env, {"mjscore": f"{hands} scored, 0 failed"})
    empty = data / "empty.txt"
    empty.write_text("# no hands: start-up and shut-down only\n", encoding="utf-8")
    print(f"   the same commands on a file with no hands ({empty.name}): start-up")
    startup = interleaved(commands(empty), reps, warmup, env, {"mjscore": "0 scored, 0 failed"})
    return E2EResult(hands, times["mjscore"], times["mahjong"], "", startup["mjscore"], startup["mahjong"])


def check_script(txt: Path, mahjong_results: Sequence[Any], env: dict[str, str]) -> str:
    """The script's own parsing gives the same han / fu / cost as the generator's inputs."""
    script = HERE / "bench_mahjong_script.py"
    proc = subprocess.run([sys.executable, str(script), str(txt)], capture_output=True, text=True, env=env, check=False)
    rows = [json.loads(x) for x in proc.stdout.splitlines()]
    same = 0
    for row, res in zip(rows, mahjong_results, strict=False):
        if res.error:
            same += row.get("error") == res.error
        else:
            same += (row.get("han"), row.get("fu"), row.get("cost")) == (res.han, res.fu, res.cost)
    return f"{same:,} of {len(mahjong_results):,} hands give the same han, fu and cost from text as from the arrays"


# --- c. jobs


@dataclass
class JobsResult:
    hands: int
    jobs: int
    one_s: list[float]
    many_s: list[float]
    one_cpu: list[float]
    many_cpu: list[float]
    identical: bool
    digest: str

    @property
    def speedup(self) -> Spread:
        return ratio_spread(self.one_s, self.many_s)


def bench_jobs(txt: Path, hands: int, jobs: int, reps: int, *, env: dict[str, str], data: Path) -> JobsResult:
    exe = str(mjscore_exe())
    argv = {n: [exe, "batch", str(txt), "--format", "json", "--jobs", str(n)] for n in (1, jobs)}
    print(f"c. --jobs {jobs} vs --jobs 1, {hands:,} hands, not pinned ({os.cpu_count()} cores); {reps} runs each:")
    for a in argv.values():
        print(f"   $ {' '.join(a)} > FILE")
    times: dict[int, list[float]] = {1: [], jobs: []}
    cpus: dict[int, list[float]] = {1: [], jobs: []}
    digests: dict[int, set[str]] = {1: set(), jobs: set()}
    out = data / "jobs-output.jsonl"
    for i in range(reps + 1):
        row = []
        for n in (1, jobs) if i % 2 == 0 else (jobs, 1):
            with out.open("wb") as f:
                run = run_timed(argv[n], env, stdout=f)
            if run.code != 0 or f"{hands} scored, 0 failed" not in run.stderr:
                sys.exit(f"{' '.join(argv[n])} failed (exit {run.code}): {run.stderr[-2000:]}" + STALE_HINT)
            digests[n].add(hashlib.sha256(out.read_bytes()).hexdigest())
            if i > 0:
                times[n].append(run.wall)
                cpus[n].append(run.cpu)
            row.append(f"--jobs {n}: {run.wall:6.2f} s wall, {run.cpu:6.2f} s cpu")
        print(f"   {'warm-up' if i == 0 else f'run {i}':8} " + "   ".join(row))
    out.unlink(missing_ok=True)
    identical = len(digests[1] | digests[jobs]) == 1
    digest = next(iter(digests[1]))[:16]
    return JobsResult(hands, jobs, times[1], times[jobs], cpus[1], cpus[jobs], identical, digest)


# --- d. agreement


@dataclass
class Outcome:
    han: int | None
    fu: int | None
    main: int | None  # the largest single payment (the discarder on a ron; the dealer, or each, on a tsumo)
    total: int | None  # everything the winner receives, honba and sticks included
    yaku: Counter[str]
    error: str | None = None

    def describe(self) -> str:
        if self.error:
            return f"error {self.error}"
        yaku = ", ".join(f"{k} {v}" for k, v in sorted(self.yaku.items()))
        return f"{self.han} han {self.fu} fu, main {self.main}, total {self.total} [{yaku}]"


def mjscore_outcome(result: Any) -> Outcome:
    fu = result.summary.fu or 0  # None: no fu counted (a limit hand outside the hand's shape)
    payments = [p.amount for p in result.payments if p.payer != "sticks"]
    yaku: Counter[str] = Counter()
    for line in result.lines:
        yaku[line.rule_id] += line.value
    return Outcome(result.total, fu, max(payments), result.received, yaku)


def mahjong_outcome(resp: Any) -> Outcome:
    if resp.error:
        return Outcome(None, None, None, None, Counter(), resp.error)
    cost = resp.cost
    yaku: Counter[str] = Counter()
    for y in resp.yaku:
        name = YAKU_IDS.get(y.name, y.name)
        if name.startswith("Yakuhai (seat wind"):
            name = "seat-wind"
        elif name.startswith("Yakuhai (round wind"):
            name = "prevalent-wind"
        yaku[name] += y.han_open if resp.is_open_hand and y.han_open else y.han_closed
    main = max(cost["main"] + cost["main_bonus"], cost["additional"] + cost["additional_bonus"])
    return Outcome(resp.han, resp.fu, main, cost["total"], yaku)


def category(mj: Outcome, pk: Outcome) -> str | None:
    """None when both agree on han, fu and payments; else what differs, as a stable key."""
    if pk.error:
        return f"mahjong refuses the hand ({pk.error})"
    if (mj.han, mj.fu, mj.main, mj.total) == (pk.han, pk.fu, pk.main, pk.total):
        return None
    if mj.yaku != pk.yaku:
        only_mj = sorted(set(mj.yaku) - set(pk.yaku))
        only_pk = sorted(set(pk.yaku) - set(mj.yaku))
        valued = sorted(k for k in set(mj.yaku) & set(pk.yaku) if mj.yaku[k] != pk.yaku[k])
        parts = []
        if only_mj:
            parts.append("only mjscore: " + ", ".join(only_mj))
        if only_pk:
            parts.append("only mahjong: " + ", ".join(only_pk))
        if valued:
            parts.append("han differs: " + ", ".join(f"{k} {mj.yaku[k]} vs {pk.yaku[k]}" for k in valued))
        return "yaku: " + "; ".join(parts)
    if mj.fu != pk.fu:
        return "same yaku, fu differs"
    return "same yaku, han and fu; payment differs"


@dataclass
class Agreement:
    hands: int
    han: int
    han_fu: int
    full: int
    total_only: int
    categories: list[tuple[str, int, str, str, str]]  # key, count, line, mjscore, mahjong


def agreement(txt: Path, mj_results: Sequence[Any], pk_results: Sequence[Any]) -> Agreement:
    lines = [x.rstrip("\n") for x in txt.open(encoding="utf-8")]
    counts: Counter[str] = Counter()
    examples: dict[str, tuple[str, str, str]] = {}
    han = han_fu = full = total_only = 0
    for text, mj_res, pk_res in zip(lines, mj_results, pk_results, strict=True):
        mj, pk = mjscore_outcome(mj_res), mahjong_outcome(pk_res)
        han += mj.han == pk.han
        han_fu += (mj.han, mj.fu) == (pk.han, pk.fu)
        total_only += mj.total == pk.total
        key = category(mj, pk)
        if key is None:
            full += 1
            continue
        counts[key] += 1
        examples.setdefault(key, (text, mj.describe(), pk.describe()))
    cats = [(key, n, *examples[key]) for key, n in counts.most_common()]
    return Agreement(len(lines), han, han_fu, full, total_only, cats)


def agreement_with_defaults(txt: Path, jsonl: Path, mj_results: Sequence[Any]) -> Agreement:
    """d2: the same comparison with the package's default OptionalRules (what the settings change)."""
    from mahjong.hand_calculating.hand import HandCalculator

    pk = [HandCalculator.estimate_hand_value(**kw) for kw in mahjong_inputs(jsonl, defaults=True)]
    return agreement(txt, mj_results, pk)


@dataclass
class DiscardCheck:
    """d3: the candidates mjscore refused, asked of the package: does it refuse them too?"""

    total: int
    verdicts: Counter[tuple[str, str]]  # (mjscore's reason, the package's verdict) -> count
    examples: dict[tuple[str, str], tuple[str, str]]  # -> (line, the package's outcome)


def check_discarded(path: Path) -> DiscardCheck:
    from mahjong.hand_calculating.hand import HandCalculator

    records = [json.loads(x) for x in path.open(encoding="utf-8")]
    verdicts: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], tuple[str, str]] = {}
    for rec, kw in zip(records, mahjong_inputs(path), strict=True):
        outcome = mahjong_outcome(HandCalculator.estimate_hand_value(**kw))
        key = (rec["why"], f"refuses too ({outcome.error})" if outcome.error else "scores it")
        verdicts[key] += 1
        examples.setdefault(key, (rec["text"], outcome.describe()))
    return DiscardCheck(len(records), verdicts, examples)


# d4: hands the random mix never makes, each showing a rule the two read differently.
PROBES = (
    (
        "ryanshi: at 5+ honba a win needs 2 han without dora (no such rule in the package)",
        "123m456p789s12s55z+3s ron riichi honba=5",
    ),
    ("two red 5p (docs/rules/riichi.md §1; the package has one red five per suit)", "123m004466p789s1z+1z ron riichi"),
    ("haitei and rinshan together (the package refuses)", "123m456p789s2z[1111z]+2z tsumo rinshan haitei seat=S"),
    ("chankan and houtei together (the package refuses)", "123m456p78s111z22z+9s ron chankan houtei"),
    (
        "pao on a ron by another player: liable and discarder pay half each (the package: discarder pays all)",
        "123m1s(555z)(666z)(777z)+1s ron pao=W from=N seat=S",
    ),
    (
        "aka=on and four plain 5m, although one 5m of the set is red (the package counts one as red)",
        "234m567p2z[5555m](777z)+2z ron aka=on",
    ),
    (
        "a real yakuman and a counted yakuman tie on points: both keep the real one (docs/rules/riichi.md §5: counted "
        "yakuman only with no real limit hand; mjscore once kept the counted one, with more han); about 1 in "
        "30,000-100,000 random hands",
        "3334445556688s+8s tsumo double-riichi dora=7s",
    ),
)


def run_probes() -> list[tuple[str, str, str, str]]:
    from bench_mahjong_script import parse
    from mahjong.hand_calculating.hand import HandCalculator

    from mjscore.errors import HandError
    from mjscore.scoring import parse_hand

    out = []
    for label, line in PROBES:
        try:
            parsed = parse_hand(line)
            mj = mjscore_outcome(parsed.ruleset.evaluate(parsed.deal)).describe()
        except HandError as exc:
            mj = "error " + "+".join(sorted({p.code for p in exc.problems}))
        pk = mahjong_outcome(HandCalculator.estimate_hand_value(**parse(line))).describe()
        out.append((label, line, mj, pk))
    return out


# --- report


def report(
    call: CallResult,
    e2e: E2EResult | None,
    jobs: JobsResult | None,
    agree: Agreement,
    *,
    gen_stats: dict[str, Any],
    load: tuple[float, float],
    examples: int,
    defaults: Agreement | None = None,
    discards: DiscardCheck | None = None,
    probes: Sequence[tuple[str, str, str, str]] = (),
) -> list[str]:
    mj, pk = Spread.of(call.mjscore_rates), Spread.of(call.mahjong_rates)
    r = call.ratio
    lines = [
        "",
        "=" * 100,
        f"SUMMARY  ({call.hands:,} hands; load average {load[0]:.2f} before, {load[1]:.2f} after; "
        f"{os.cpu_count()} cores)",
        "-" * 100,
        f"hands     generator kept {gen_stats['kept']:,} of {gen_stats['drawn']:,} drawn: discard rate "
        f"{gen_stats['discard_rate']:.1%} ({', '.join(f'{k} {v}' for k, v in gen_stats['discarded_by_code'].items())})",
        f"          shapes kept: {', '.join(f'{k} {v}' for k, v in gen_stats['kept_by_shape'].items())}",
        f"a. call  mjscore evaluate(deal)          {mj.show('hands/s')}",
        f"         mahjong estimate_hand_value     {pk.show('hands/s')}",
        f"         ratio mjscore/mahjong {r.median:.2f}x (per-run ratios {r.low:.2f}-{r.high:.2f}; best runs "
        f"{mj.high / pk.high:.2f}x); "
        f"target >= {TARGET_CALL_RATIO:.0f}x: {verdict(r.median >= TARGET_CALL_RATIO)}",
    ]
    mjc, pkc, rc = Spread.of(call.mjscore_cold_rates), Spread.of(call.mahjong_cold_rates), call.cold_ratio
    lines += [
        f"   cold  mjscore evaluate(deal)          {mjc.show('hands/s')}",
        f"         mahjong estimate_hand_value     {pkc.show('hands/s')}",
        f"         ratio mjscore/mahjong {rc.median:.2f}x (per-run ratios {rc.low:.2f}-{rc.high:.2f}), every cache of "
        f"both emptied before each pass; target >= {TARGET_CALL_RATIO:.0f}x: {verdict(rc.median >= TARGET_CALL_RATIO)}",
    ]
    if e2e is not None:
        ms, ps = Spread.of(e2e.mjscore_s), Spread.of(e2e.mahjong_s)
        mss = Spread.of([t * 1000 for t in e2e.mjscore_startup_s])
        pss = Spread.of([t * 1000 for t in e2e.mahjong_startup_s])
        er = e2e.ratio
        lines += [
            f"b. e2e   mjscore batch --format json     {ms.show('s', '.3f')}  = {e2e.hands / ms.median:,.0f} hands/s",
            f"         mahjong script (text -> JSON)   {ps.show('s', '.3f')}  = {e2e.hands / ps.median:,.0f} hands/s",
            f"         speed ratio mjscore/mahjong {er.median:.2f}x (per-run {er.low:.2f}-{er.high:.2f}; best runs "
            f"{ps.low / ms.low:.2f}x); "
            f"target >= {TARGET_E2E_RATIO:g}x: {verdict(er.median >= TARGET_E2E_RATIO)}",
            f"         start-up (no hands): mjscore {mss.show('ms', '.0f')}",
            f"                              mahjong {pss.show('ms', '.0f')}",
            f"         after start-up: mjscore {e2e.hands / (ms.median - mss.median / 1000):,.0f} hands/s, mahjong "
            f"script {e2e.hands / (ps.median - pss.median / 1000):,.0f} hands/s (median time minus median start-up)",
            f"         script check: {e2e.script_agrees}",
        ]
    if jobs is not None:
        one, many = Spread.of(jobs.one_s), Spread.of(jobs.many_s)
        s = jobs.speedup
        lines += [
            f"c. jobs  --jobs 1 {one.show('s', '.2f')}",
            f"         --jobs {jobs.jobs} {many.show('s', '.2f')}",
            f"         speed-up {s.median:.2f}x (per-run {s.low:.2f}-{s.high:.2f}; best run against best run "
            f"{one.low / many.low:.2f}x) on {jobs.hands:,} hands",
            f"         CPU seconds, all processes: --jobs 1 median {statistics.median(jobs.one_cpu):.2f}, --jobs "
            f"{jobs.jobs} median {statistics.median(jobs.many_cpu):.2f}",
            f"         output byte-identical to --jobs 1 in every run: {verdict(jobs.identical)} "
            f"(sha256 {jobs.digest}...)",
        ]
    n = agree.hands
    lines += [
        f"d. agree han {agree.han:,}/{n:,} ({agree.han / n:.1%}); han+fu {agree.han_fu:,} ({agree.han_fu / n:.1%}); "
        f"han+fu+main payment+total {agree.full:,} ({agree.full / n:.1%}); total received {agree.total_only:,} "
        f"({agree.total_only / n:.1%})",
        f"         {OPTIONS_NOTE}",
        "         disagreements by category (count, then one example: line / mjscore / mahjong):",
    ]
    lines += categories(agree, examples)
    if max(mj.rel, pk.rel) > 0.1:
        lines.append(
            f"noise: the scoring-call rates moved by {max(mj.rel, pk.rel):.0%} between runs (the machine changed "
            "speed); the per-run ratios, taken from interleaved runs, are the steadier figure."
        )
    if defaults is not None:
        lines += [
            f"d2. with the package's DEFAULT OptionalRules instead: han+fu+payments agree on {defaults.full:,}/{n:,} "
            f"({defaults.full / n:.1%}); han on {defaults.han:,}; categories:",
            *categories(defaults, examples),
        ]
    if discards is not None:
        lines.append(f"d3. the {discards.total:,} candidates mjscore refused, asked of the package (riichi options):")
        for (why, verdict_text), count in discards.verdicts.most_common():
            text, outcome = discards.examples[why, verdict_text]
            lines += [f"   {count:5,}  mjscore {why}; mahjong {verdict_text}", f"          {text}  ->  {outcome}"]
    if probes:
        lines.append("d4. probes (hands the random mix never makes; line / mjscore / mahjong):")
        for label, line, mj_text, pk_text in probes:
            lines += [
                f"   {label}",
                f"          {line}",
                f"          mjscore: {mj_text}",
                f"          mahjong: {pk_text}",
            ]
    lines.append("=" * 100)
    return lines


def categories(agree: Agreement, examples: int) -> list[str]:
    lines = []
    for key, count, text, mj_text, pk_text in agree.categories[:examples]:
        lines += [
            f"   {count:5,}  {key}",
            f"          {text}",
            f"          mjscore: {mj_text}",
            f"          mahjong: {pk_text}",
        ]
    if len(agree.categories) > examples:
        rest = sum(c for _, c, *_ in agree.categories[examples:])
        lines.append(f"   {rest:5,}  in {len(agree.categories) - examples} more categories (--examples N shows more)")
    if not agree.categories:
        lines.append("   (none)")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="mjscore riichi vs the mahjong package: scoring call, end to end, jobs."
    )
    parser.add_argument("--hands", type=int, default=5000, help="hands for a, b and d (default 5000)")
    parser.add_argument("--jobs-hands", type=int, help="hands for c (default 20,000, --quick 10,000; 0 skips c)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for c (default 2)")
    parser.add_argument("--seed", type=int, default=20240611, help="generator seed (default 20240611)")
    parser.add_argument(
        "--data",
        type=Path,
        default=Path(tempfile.gettempdir()) / "mjscore-bench-riichi",
        help="folder for generated files, reused between runs (default $TMPDIR/mjscore-bench-riichi)",
    )
    parser.add_argument("--fresh", action="store_true", help="generate the hands again even if the files exist")
    parser.add_argument("--reps", type=int, help="timed runs of a (default 7, --quick 3)")
    parser.add_argument("--e2e-reps", type=int, help="timed runs of b (default 5, --quick 3; 0 skips b)")
    parser.add_argument("--jobs-reps", type=int, help="timed runs of c (default 5, --quick 2)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs before a and b (default 1)")
    parser.add_argument("--core", default="0", help="core to pin a and b to, or 'none' (default 0)")
    parser.add_argument("--examples", type=int, default=12, help="disagreement categories to show (default 12)")
    parser.add_argument("--quick", action="store_true", help="fewer runs and a smaller file for c (see above)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    unset = {"reps": (7, 3), "e2e_reps": (5, 3), "jobs_reps": (5, 2), "jobs_hands": (20_000, 10_000)}
    for name, (full, quick) in unset.items():
        if getattr(args, name) is None:
            setattr(args, name, quick if args.quick else full)
    core = None if args.core == "none" else int(args.core)
    args.data.mkdir(parents=True, exist_ok=True)
    env = child_env(args.data)

    from importlib.metadata import version

    import mahjong  # noqa: F401 - fail early if the benchmark dependency is missing

    import mjscore

    package_dir = Path(mjscore.__file__).parent
    load_before = os.getloadavg()[0]
    state = code_state(package_dir)
    print(f"python {sys.executable}\nmjscore {mjscore_exe()} ({state}); mahjong {version('mahjong')}")
    print(f"cores {os.cpu_count()}, load {load_before:.2f}")
    paths, gen_stats = hands_files(args.data, args.hands, args.seed, args.fresh)
    txt = paths["txt"]
    call = bench_call(txt, paths["mahjong"], args.reps, args.warmup, core)
    e2e = None
    if args.e2e_reps > 0:
        e2e = bench_e2e(txt, args.hands, args.e2e_reps, args.warmup, core=core, env=env, data=args.data)
        e2e.script_agrees = check_script(txt, call.mahjong_results, env)
    jobs = None
    if args.jobs_hands > 0:
        big, _ = hands_files(args.data, args.jobs_hands, args.seed, args.fresh)
        jobs = bench_jobs(big["txt"], args.jobs_hands, args.jobs, args.jobs_reps, env=env, data=args.data)
    agree = agreement(txt, call.mjscore_results, call.mahjong_results)
    defaults = agreement_with_defaults(txt, paths["mahjong"], call.mjscore_results)
    discards = check_discarded(paths["discarded"])
    probes = run_probes()
    load_after = os.getloadavg()[0]
    load = (load_before, load_after)
    lines = report(
        call,
        e2e,
        jobs,
        agree,
        gen_stats=gen_stats,
        load=load,
        examples=args.examples,
        defaults=defaults,
        discards=discards,
        probes=probes,
    )
    print("\n".join(lines))
    print(f"measured: mjscore {state}")
    if code_state(package_dir) != state:
        print(f"WARNING: mjscore changed during the run (now {code_state(package_dir)}): the figures mix two versions")
    if args.json:
        figures = {
            "hands": args.hands,
            "generator": gen_stats,
            "call": {
                "mjscore_rates": call.mjscore_rates,
                "mahjong_rates": call.mahjong_rates,
                "mjscore_cold_rates": call.mjscore_cold_rates,
                "mahjong_cold_rates": call.mahjong_cold_rates,
            },
            "e2e": None
            if e2e is None
            else {
                "mjscore_s": e2e.mjscore_s,
                "mahjong_s": e2e.mahjong_s,
                "mjscore_startup_s": e2e.mjscore_startup_s,
                "mahjong_startup_s": e2e.mahjong_startup_s,
            },
            "jobs": None
            if jobs is None
            else {
                "hands": jobs.hands,
                "one_s": jobs.one_s,
                "many_s": jobs.many_s,
                "one_cpu_s": jobs.one_cpu,
                "many_cpu_s": jobs.many_cpu,
                "identical": jobs.identical,
            },
            "agreement": {
                "han": agree.han,
                "han_fu": agree.han_fu,
                "full": agree.full,
                "categories": [{"key": c[0], "count": c[1], "example": c[2]} for c in agree.categories],
            },
            "load": [load_before, load_after],
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
