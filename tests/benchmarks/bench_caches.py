"""What each function cache saves per hand, in the build that runs this script.

    python tests/benchmarks/bench_caches.py                      # riichi and BABA random hands
    python tests/benchmarks/bench_caches.py FILE [FILE...]       # hands of your own

Every module-level ``functools`` cache in ``mjscore`` is found by looking (nothing is
listed by hand). A compiled build calls between its modules directly, so the calls
cannot be watched there: the source tree (pure Python, a child process) scores each
file once and records every call of every cached function, with its arguments. This
process then replays the recorded calls twice, through the cache (emptied first, so
hits and misses come as in the batch) and through the function it wraps, and prints
the difference per hand, with the hit rate. A cache stays where it saves at least
1 us per hand (about half a percent of a riichi line, compiled); the figures of the
last audit are in README (Development).

Arguments that a compiled build cannot unpickle (frozen dataclasses outside
``values.Value``: options, the deck, the decomposer's target) are sent as their class
and fields and made again here. Not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import pickle
import pkgutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
Call = tuple[tuple[Any, ...], dict[str, Any]]  # the arguments of one call
REPS = 7


def cached_functions() -> Iterator[tuple[str, Any]]:
    """(module:name, function) of every module-level cache in mjscore."""
    import mjscore

    for info in pkgutil.walk_packages(mjscore.__path__, "mjscore."):
        if info.name.endswith(("__main__", ".cli", ".shell")):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if not callable(getattr(value, "cache_clear", None)):
                continue
            # made here: defined here, or a cache put on a function from elsewhere (an alias)
            if value.__module__ == info.name or value.__wrapped__.__name__ != name:
                yield f"{info.name}:{name}", value


def _portable(value: object) -> object:
    """``value`` as this build's pickle can carry it to another build (see the docstring)."""
    if isinstance(value, tuple) and type(value) is tuple:
        return tuple(_portable(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        if cls.__module__ == "mjscore.result":  # values.Value: pickles across builds
            return value
        fields = {f.name: _portable(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        return ("__made_again__", id(value), cls.__module__, cls.__qualname__, fields)
    return value


def _made_again(value: object, made: dict[int, object]) -> object:
    """The value ``_portable`` sent, made once per object recorded (a deck is hashed by identity)."""
    if isinstance(value, tuple) and len(value) == 5 and value[0] == "__made_again__":
        _, identity, module, qualname, fields = value
        if identity not in made:
            cls = getattr(importlib.import_module(module), qualname)
            made[identity] = cls(**{k: _made_again(v, made) for k, v in fields.items()})
        return made[identity]
    if isinstance(value, tuple):
        return tuple(_made_again(v, made) for v in value)
    return value


def record(files: list[str], out: str) -> None:
    """In the source tree: score every line of ``files``, recording each cached call."""
    from mjscore.errors import HandError
    from mjscore.render.json import JsonRenderer
    from mjscore.scoring import parse_hand

    calls: dict[str, list[Call]] = {}
    for key, cached in list(cached_functions()):
        calls[key] = []
        name = key.split(":")[1]

        def watching(*args: Any, _f: Callable[..., Any] = cached, _key: str = key, **kwargs: Any) -> Any:
            calls[_key].append((tuple(_portable(a) for a in args), {k: _portable(v) for k, v in kwargs.items()}))
            return _f(*args, **kwargs)

        for module in list(sys.modules.values()):
            if getattr(module, "__name__", "").startswith("mjscore") and getattr(module, name, None) is cached:
                setattr(module, name, watching)
    recorded = []
    for file in files:
        lines = [line for line in Path(file).read_text(encoding="utf-8").splitlines() if line.strip()]
        for key in calls:
            calls[key] = []
        for number, line in enumerate(lines, 1):  # what a batch does with a line, --format json
            try:
                parsed = parse_hand(line)
                JsonRenderer().result(number, parsed.ruleset.evaluate(parsed.deal))
            except HandError:
                pass
        recorded.append((file, len(lines), dict(calls)))
    Path(out).write_bytes(pickle.dumps(recorded))


def replay(recorded: str) -> None:
    for file, hands, calls in pickle.loads(Path(recorded).read_bytes()):
        print(f"\n{Path(file).name}: {hands} hands; build: {_build()}; us per hand, median of {REPS}")
        _replay_file(hands, calls)


def _replay_file(hands: int, calls: dict[str, list[Call]]) -> None:
    functions = dict(cached_functions())
    made: dict[int, object] = {}
    print(f"{'cache':55s} {'calls':>6s} {'hits':>5s} {'cached':>7s} {'raw':>7s} {'saves':>7s}")
    for key, seen in sorted(calls.items()):
        if not seen:
            continue
        cached = functions[key]
        args = [(_made_again(a, made), {k: _made_again(v, made) for k, v in kw.items()}) for a, kw in seen]
        through, direct = [], []
        for _ in range(REPS):
            cached.cache_clear()
            through.append(_timed(cached, args))
            direct.append(_timed(cached.__wrapped__, args))
        hits = cached.cache_info().hits / len(args)
        c, r = statistics.median(through) / hands * 1e6, statistics.median(direct) / hands * 1e6
        print(f"{key:55s} {len(args) / hands:6.2f} {hits:5.2f} {c:7.2f} {r:7.2f} {r - c:7.2f}")


def _timed(function: Callable[..., Any], calls: list[Call]) -> float:
    start = time.perf_counter()
    for args, kwargs in calls:
        function(*args, **kwargs)
    return time.perf_counter() - start


def _build() -> str:
    import mjscore.engine

    return "compiled" if mjscore.engine.__file__.endswith((".so", ".pyd")) else "pure"


def _default_files(scratch: Path) -> list[str]:
    here = Path(__file__).parent
    made = []
    for script, name, count in (("gen_riichi_hands.py", "riichi", "--hands"), ("gen_baba_hands.py", "baba", "--count")):
        out = scratch / f"{name}.txt"
        subprocess.run([sys.executable, str(here / script), str(out), count, "5000"], check=True)
        made.append(str(out))
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help="hand files (default: 5,000 random riichi and BABA hands)")
    parser.add_argument("--record", metavar="OUT", help=argparse.SUPPRESS)  # the child's part
    ns = parser.parse_args()
    if ns.record:
        record(ns.files, ns.record)
        return
    with tempfile.TemporaryDirectory() as scratch:
        files = ns.files or _default_files(Path(scratch))
        recorded = str(Path(scratch) / "calls.pickle")
        child = [sys.executable, __file__, "--record", recorded, *files]
        subprocess.run(child, check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""})
        replay(recorded)


if __name__ == "__main__":
    main()
