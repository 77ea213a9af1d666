"""Benchmark ``mjscore game``: a 16-hand game on top of start-up, and a file of 1,000 games.

    python tests/benchmarks/bench_game.py                    # about two minutes
    python tests/benchmarks/bench_game.py --quick            # fewer runs
    python tests/benchmarks/bench_game.py --baseline DIR     # also A/B against another source tree

What it measures, against the targets of issue 16:

* a game of 16 hands (riichi, East and South: each deal a dealer's tsumo, then a ron that
  passes the deal, so the game ends after S4's second hand): ``mjscore game`` as a fresh
  process on it, on the same game cut to its first hand, and on its header alone (start-up:
  nothing is scored), run interleaved; the medians' differences are what the hands cost.
  Target: the 16 hands under 50 ms on top of start-up. Also the same game replayed in this
  process, warm (the scoring alone, without loading anything).
* reading game lines without pyparsing: what importing pyparsing and building the game
  grammar costs a fresh process that has loaded the game command (what the fast reader,
  ``mjscore/game/tokens.py``, saves every game that has no bad line).
* ``--baseline DIR``: the 16-hand game as ``python -m mjscore`` from this tree and from DIR
  (another checkout, e.g. ``git archive`` of an earlier commit), interleaved: their ratio.
* 1,000 copies of the game in one games file (separated by ``---``), ``--format json``, with
  ``--jobs 2`` and ``--jobs 1`` interleaved: games and hands per second.

The machine is shared and small: every figure comes with its spread, the load average is
printed before and after, and runs of the things compared are interleaved so that a busy
moment falls on both. Generated files go to a scratch folder (``--data``), never into the
repository. This is a benchmark script, not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_common, also when pytest imports this file

from bench_baba import child_env, run_child
from bench_common import Spread, code_state, mjscore_exe, pinned, verdict

TARGET_GAME_MS = 50
HAND = "234m567p345s66p67s+8s"  # All Simples and Pinfu: any seat may win it, by ron or tsumo
HEADER = "players=Aki,Ben,Chie,Dai"
GRAMMAR_COST = (
    "import time, mjscore.cli, mjscore.game.replay, mjscore.render.game\n"
    "wall, cpu = time.perf_counter(), time.process_time()\n"
    "from mjscore.game.grammar import parse_line\n"
    "parse_line('players=Aki,Ben,Chie,Dai')\n"
    "print(time.perf_counter() - wall, time.process_time() - cpu)\n"
)


def game_lines() -> list[str]:
    """The 16-hand game: in each of the eight deals (E1 to S4) the dealer wins by tsumo (the deal
    stays, a honba more), then South wins by ron from West (the deal passes); riichi now and then."""
    lines = [HEADER]
    for deal in range(8):
        lines.append(f"E: {HAND} tsumo")
        lines.append(f"S: {HAND} ron from=W" + (" riichi" if deal % 3 == 0 else ""))
    return lines


def write_files(data: Path, copies: int) -> dict[str, Path]:
    data.mkdir(parents=True, exist_ok=True)
    lines = game_lines()
    texts = {
        "header": HEADER + "\n",
        "1 hand": "\n".join(lines[:2]) + "\n",
        "16 hands": "\n".join(lines) + "\n",
        f"{copies} games": "---\n".join(["\n".join(lines) + "\n"] * copies),
    }
    paths = {}
    for name, text in texts.items():
        path = data / f"game-{name.replace(' ', '-')}.txt"
        path.write_text(text, encoding="utf-8")
        paths[name] = path
    return paths


def in_process_ms(reps: int) -> Spread:
    """The 16-hand game replayed in this process, after a warm-up: milliseconds per game."""
    from mjscore.game.replay import Replay

    lines = [line + "\n" for line in game_lines()]
    times = []
    for i in range(reps + 1):
        start = time.perf_counter()
        replay = Replay(lines)
        played = list(replay.hands())
        if not replay.standings().finished or len(played) != 16:
            sys.exit("the benchmark game did not play to its end in 16 hands")
        if i:
            times.append((time.perf_counter() - start) * 1000)
    return Spread.of(times)


Times = dict[str, dict[str, list[float]]]  # command -> "wall" | "cpu" -> milliseconds of each run


def interleaved(commands: dict[str, tuple[list[str], dict[str, str]]], runs: int) -> Times:
    """Each command (its argv, its environment) run ``runs`` times, in turn, after one warm-up
    round: the wall and CPU milliseconds of each run, run i of every command in the same round."""
    times: Times = {name: {"wall": [], "cpu": []} for name in commands}
    for i in range(runs + 1):
        for name, (argv, env) in commands.items():
            run, code, stderr = run_child(argv, env)
            if code != 0:
                sys.exit(f"{name} failed (exit {code}): {stderr.decode('utf-8', 'replace')[-2000:]}")
            if i:
                times[name]["wall"].append(run.wall_s * 1000)
                times[name]["cpu"].append(run.cpu_s * 1000)
    return times


def show_times(times: Times) -> None:
    for name, kinds in times.items():
        for kind, values in kinds.items():
            print(f"  {name:9} {kind:4} {Spread.of(values).show('ms')}")


def paired(times: Times, more: str, less: str, kind: str) -> Spread:
    """``more`` less ``less``, round by round (the two ran one after the other, under the same load)."""
    return Spread.of([a - b for a, b in zip(times[more][kind], times[less][kind], strict=True)])


def grammar_ms(python: Path, runs: int, env: dict[str, str]) -> tuple[Spread, Spread]:
    """What importing pyparsing and building the game grammar costs a fresh process: wall, CPU."""
    walls, cpus = [], []
    for _ in range(runs):
        done = subprocess.run([str(python), "-c", GRAMMAR_COST], capture_output=True, text=True, env=env, check=True)
        wall, cpu = (float(x) * 1000 for x in done.stdout.split())
        walls.append(wall)
        cpus.append(cpu)
    return Spread.of(walls), Spread.of(cpus)


def games_rates(exe: Path, path: Path, copies: int, runs: int, env: dict[str, str]) -> None:
    commands = {f"--jobs {j}": [str(exe), "game", str(path), "--format", "json", "--jobs", str(j)] for j in (2, 1)}
    print(f"$ mjscore game {path.name} --format json --jobs 2|1 > /dev/null   ({runs} interleaved runs each)")
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            run, code, stderr = run_child(argv, env)
            told = stderr.decode("utf-8", "replace")
            if code != 0 or f"{copies} games in 1 file: {copies} finished" not in told:
                sys.exit(f"mjscore game failed (exit {code}): {told[-2000:]}")
            walls[name].append(run.wall_s)
            cpus[name].append(run.cpu_s)
            print(f"  {name}  {run.wall_s:6.2f} s wall  {copies / run.wall_s:7.1f} games/s")
    for name in commands:
        rate = Spread.of([copies / w for w in walls[name]])
        print(f"  {name}: {rate.show('games/s', ',.1f')}; {16 * rate.median:,.0f} hands/s")
        print(f"           CPU (the parent's and its workers'): {Spread.of(cpus[name]).show('s', '.2f')}")
    ratio = Spread.of([w1 / w2 for w1, w2 in zip(walls["--jobs 1"], walls["--jobs 2"], strict=True)])
    print(f"  speed-up of --jobs 2, run by run: {ratio.show('x', '.2f')}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=Path(tempfile.gettempdir()) / "mjscore-bench-game")
    parser.add_argument("--runs", type=int, default=21, help="fresh processes of each kind (default 21)")
    parser.add_argument("--games", type=int, default=1000, help="games in the games file (default 1,000)")
    parser.add_argument("--games-runs", type=int, default=3, help="runs of the games file per --jobs (default 3)")
    parser.add_argument("--baseline", type=Path, help="a source tree to A/B the 16-hand game against")
    parser.add_argument("--core", default="none", help="pin the single-process runs to this core (default none)")
    parser.add_argument("--quick", action="store_true", help="9 runs of each process, 1 of the games file")
    args = parser.parse_args(argv)
    runs, games_runs = (9, 1) if args.quick else (args.runs, args.games_runs)
    core = None if args.core == "none" else int(args.core)
    exe, python = mjscore_exe(), Path(sys.executable)
    env = child_env("cache", args.data)
    paths = write_files(args.data, args.games)
    print(f"mjscore: {code_state(Path(__file__).resolve().parents[2] / 'mjscore')}; {exe}")
    print(f"load average before: {os.getloadavg()}")

    print(f"\nthe 16-hand game replayed in this process, warm: {in_process_ms(50).show('ms', '.1f')}")

    names = ("header", "1 hand", "16 hands")
    commands = {name: (pinned(core, [str(exe), "game", str(paths[name])]), env) for name in names}
    print(f"\n$ mjscore game FILE > /dev/null   ({runs} interleaved runs each)")
    found = interleaved(commands, runs)
    show_times(found)
    for kind in ("wall", "cpu"):
        extra = paired(found, "16 hands", "header", kind)
        print(f"  16 hands on top of start-up (the header alone), {kind}, round by round: {extra.show('ms')}")
        print(f"    {verdict(extra.median < TARGET_GAME_MS)} (target: under {TARGET_GAME_MS} ms)")
        print(f"  15 hands after the first, {kind}: {paired(found, '16 hands', '1 hand', kind).show('ms')}")

    wall, cpu = grammar_ms(python, runs, env)
    print(f"\nimporting pyparsing and the game grammar, fresh process: wall {wall.show('ms')}; cpu {cpu.show('ms')}")

    if args.baseline is not None:
        # python -S: no site, so no editable install's finder (it would win over PYTHONPATH); -P: not
        # the current folder either; the installed packages (click ...) come after the tree measured
        game = pinned(core, [str(python), "-S", "-P", "-m", "mjscore", "game", str(paths["16 hands"])])
        packages = sysconfig.get_paths()["purelib"]
        trees = {"this tree": Path(__file__).resolve().parents[2], "baseline": args.baseline.resolve()}
        envs = {name: {**env, "PYTHONPATH": f"{tree}{os.pathsep}{packages}"} for name, tree in trees.items()}
        print(f"\nA/B: python -m mjscore game (16 hands), this tree against {args.baseline} ({runs} runs each)")
        both = interleaved({name: (game, envs[name]) for name in trees}, runs)
        show_times(both)
        for kind in ("wall", "cpu"):
            saved = paired(both, "baseline", "this tree", kind)
            print(f"  baseline less this tree, {kind}, round by round: {saved.show('ms')}")

    print()
    games_rates(exe, paths[f"{args.games} games"], args.games, games_runs, env)
    print(f"\nload average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
