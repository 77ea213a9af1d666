"""Benchmark ``mjscore log``: one East-South game replayed and checked on top of start-up, and a
file of many games on one core and with ``--jobs 2``.

    python tests/benchmarks/bench_log.py                    # a few minutes
    python tests/benchmarks/bench_log.py --quick            # fewer runs
    python tests/benchmarks/bench_log.py --game FILE        # time a real game of your own
    python tests/benchmarks/bench_log.py --baseline DIR     # also A/B against another source tree

What it measures, against the targets of issue 17:

* the game: by default every four-player round of the real logs in tests/data/tenhou, in the
  order of their files, put into one log (14 rounds: 12 won, two of them by ron and one by two
  players on one discard, and 2 exhaustive draws; the rounds of a real East-South game are 8 to
  12 or so, with fewer wins, so this is a long one). ``mjscore log`` as a fresh process on it,
  on the same log with no round (start-up: the command and what it loads, nothing read) and on
  ``mjscore --version`` (bare start-up), run interleaved; the medians of the round-by-round
  differences are what the game costs. Target: under 50 ms on top of start-up. Also the game
  checked in this process, warm (the replay and the scoring alone).
* ``--baseline DIR``: the game as ``python -m mjscore log`` from this tree and from DIR (another
  checkout, e.g. ``git archive`` of an earlier commit), interleaved: their difference.
* a file of the game repeated (``--games``, one game per line: the stored logs are few, so
  copies stand for an archive), ``--format json`` with ``--jobs 2`` and ``--jobs 1``
  interleaved: games and rounds per second, and the speed-up.

The machine is shared and small: every figure comes with its spread, the load average is
printed before and after, and runs of the things compared are interleaved so that a busy
moment falls on both. Generated files go to a scratch folder (``--data``), never into the
repository. This is a benchmark script, not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_common, also when pytest imports this file

from bench_baba import child_env, run_child
from bench_common import Spread, code_state, mjscore_exe, pinned, verdict
from bench_game import Times, paired, show_times

TARGET_GAME_MS = 50
DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"


def stored_game() -> dict[str, object]:
    """Every four-player round of the stored logs, in the order of their files, as one log (the
    first log's header: its players and rules; all the stored logs are of red-five lobbies)."""
    logs = [json.loads(path.read_text("utf-8")) for path in sorted(DATA.glob("*.json"))]
    rounds = [entry for log in logs for entry in log["log"] if sum(1 for i in (4, 7, 10, 13) if entry[i]) == 4]
    return {**logs[0], "log": rounds}


def write_files(data: Path, game: dict[str, object], copies: int) -> dict[str, Path]:
    data.mkdir(parents=True, exist_ok=True)
    rounds = game["log"]
    assert isinstance(rounds, list)
    one_line = json.dumps(game, ensure_ascii=False)
    texts = {
        "no round": json.dumps({**game, "log": []}, ensure_ascii=False),
        "1 round": json.dumps({**game, "log": rounds[:1]}, ensure_ascii=False),
        "game": one_line,
        f"{copies} games": "\n".join([one_line] * copies),
    }
    paths = {}
    for name, text in texts.items():
        path = data / f"log-{name.replace(' ', '-')}.json{'l' * name.endswith('games')}"
        path.write_text(text + "\n", encoding="utf-8")
        paths[name] = path
    return paths


def in_process_ms(path: Path, reps: int) -> Spread:
    """The game checked in this process (JSON records), after a warm-up: milliseconds per game."""
    from mjscore.batch import Checking, Source
    from mjscore.logs.tenhou import split_logs

    games = list(split_logs(path.read_text("utf-8").splitlines(keepends=True)))
    task = Checking("json")
    times = []
    for i in range(reps + 1):
        start = time.perf_counter()
        (report,) = task.rendered(games, 1, Source(0, path.name))
        if report.unreadable:
            sys.exit(f"the benchmark game cannot be read: {report.messages}")
        if i:
            times.append((time.perf_counter() - start) * 1000)
    return Spread.of(times)


def games_rates(exe: Path, path: Path, copies: int, rounds: int, *, runs: int, env: dict[str, str]) -> None:
    commands = {f"--jobs {j}": [str(exe), "log", str(path), "--format", "json", "--jobs", str(j)] for j in (2, 1)}
    print(f"$ mjscore log {path.name} --format json --jobs 2|1 > /dev/null   ({runs} interleaved runs each)")
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            run, code, stderr = run_child(argv, env)
            told = stderr.decode("utf-8", "replace")
            if f"{copies} games in 1 file: {copies * rounds} rounds" not in told:
                sys.exit(f"mjscore log failed (exit {code}): {told[-2000:]}")
            walls[name].append(run.wall_s)
            cpus[name].append(run.cpu_s)
            print(f"  {name}  {run.wall_s:6.2f} s wall  {copies / run.wall_s:7.1f} games/s")
    for name in commands:
        rate = Spread.of([copies / w for w in walls[name]])
        print(f"  {name}: {rate.show('games/s', ',.1f')}; {rounds * rate.median:,.0f} rounds/s")
        print(f"           CPU (the parent's and its workers'): {Spread.of(cpus[name]).show('s', '.2f')}")
    ratio = Spread.of([w1 / w2 for w1, w2 in zip(walls["--jobs 1"], walls["--jobs 2"], strict=True)])
    print(f"  speed-up of --jobs 2, run by run: {ratio.show('x', '.2f')}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=Path(tempfile.gettempdir()) / "mjscore-bench-log")
    parser.add_argument("--game", type=Path, help="a Tenhou log of one game to time instead of the stored rounds")
    parser.add_argument("--runs", type=int, default=21, help="fresh processes of each kind (default 21)")
    parser.add_argument("--games", type=int, default=300, help="games in the file of many (default 300)")
    parser.add_argument("--games-runs", type=int, default=3, help="runs of the file of many per --jobs (default 3)")
    parser.add_argument("--baseline", type=Path, help="a source tree to A/B the game against")
    parser.add_argument("--core", default="none", help="pin the single-process runs to this core (default none)")
    parser.add_argument("--quick", action="store_true", help="9 runs of each process, 1 of the file of many")
    args = parser.parse_args(argv)
    runs, games_runs = (9, 1) if args.quick else (args.runs, args.games_runs)
    core = None if args.core == "none" else int(args.core)
    exe, python = mjscore_exe(), Path(sys.executable)
    env = child_env("cache", args.data)
    game = json.loads(args.game.read_text("utf-8")) if args.game else stored_game()
    rounds = len(game["log"])
    paths = write_files(args.data, game, args.games)
    print(f"mjscore: {code_state(Path(__file__).resolve().parents[2] / 'mjscore')}; {exe}")
    print(f"the game: {args.game or 'the stored rounds'}, {rounds} rounds")
    print(f"load average before: {os.getloadavg()}")

    print(f"\nthe game checked in this process, warm: {in_process_ms(paths['game'], 30).show('ms', '.1f')}")

    commands = {"--version": (pinned(core, [str(exe), "--version"]), env)}
    for name in ("no round", "1 round", "game"):
        commands[name] = (pinned(core, [str(exe), "log", str(paths[name])]), env)
    print(f"\n$ mjscore log FILE > /dev/null   ({runs} interleaved runs each)")
    found = interleaved(commands, runs)
    show_times(found)
    for kind in ("wall", "cpu"):
        extra = paired(found, "game", "no round", kind)
        print(f"  the game on top of start-up (the log with no round), {kind}, round by round: {extra.show('ms')}")
        print(f"    {verdict(extra.median < TARGET_GAME_MS)} (target: under {TARGET_GAME_MS} ms)")
        print(f"  the game on top of mjscore --version, {kind}: {paired(found, 'game', '--version', kind).show('ms')}")
        print(f"  the rounds after the first, {kind}: {paired(found, 'game', '1 round', kind).show('ms')}")

    if args.baseline is not None:
        # python -S: no site, so no editable install's finder (it would win over PYTHONPATH); -P: not
        # the current folder either; the installed packages (click ...) come after the tree measured
        log = pinned(core, [str(python), "-S", "-P", "-m", "mjscore", "log", str(paths["game"])])
        packages = sysconfig.get_paths()["purelib"]
        trees = {"this tree": Path(__file__).resolve().parents[2], "baseline": args.baseline.resolve()}
        envs = {name: {**env, "PYTHONPATH": f"{tree}{os.pathsep}{packages}"} for name, tree in trees.items()}
        print(f"\nA/B: python -m mjscore log (the game), this tree against {args.baseline} ({runs} runs each)")
        both = interleaved({name: (log, envs[name]) for name in trees}, runs)
        show_times(both)
        for kind in ("wall", "cpu"):
            saved = paired(both, "baseline", "this tree", kind)
            print(f"  baseline less this tree, {kind}, round by round: {saved.show('ms')}")

    print()
    games_rates(exe, paths[f"{args.games} games"], args.games, rounds, runs=games_runs, env=env)
    print(f"\nload average after: {os.getloadavg()}")
    return 0


def interleaved(commands: dict[str, tuple[list[str], dict[str, str]]], runs: int) -> Times:
    """As ``bench_game.interleaved``, but a run may exit 1: a round of the log disagrees (the
    stored confusing_nakis_1 does); not 2 or more (a usage error, a crash)."""
    times: Times = {name: {"wall": [], "cpu": []} for name in commands}
    for i in range(runs + 1):
        for name, (argv, env) in commands.items():
            run, code, stderr = run_child(argv, env)
            if code not in (0, 1):
                sys.exit(f"{name} failed (exit {code}): {stderr.decode('utf-8', 'replace')[-2000:]}")
            if i:
                times[name]["wall"].append(run.wall_s * 1000)
                times[name]["cpu"].append(run.cpu_s * 1000)
    return times


if __name__ == "__main__":
    raise SystemExit(main())
