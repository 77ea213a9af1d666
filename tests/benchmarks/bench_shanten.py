"""Shanten: mjscore's engine against the ``mahjong`` package (PyPI, 2.1.0), same hands, one run.

    python tests/benchmarks/bench_shanten.py                 # 100,000 hands, 3 timed rounds
    python tests/benchmarks/bench_shanten.py --hands 20000 --reps 5

The hands (fixed seed): 13 and 14 tiles counting each meld as 3, dealt from the 136 tiles:
half closed, half with 1 to 4 melds (chows, pungs and kongs taken from the wall first, so
their copies are real); one hand in five holds four of a kind among its concealed tiles;
and a share of three-player hands (108 tiles, no 2m-8m, no chow), which the package takes
with ``is_three_player``. The package sees the concealed tiles only and makes
``(14 - tiles) // 3`` implied sets of the rest, which is our ``melds``; it computes Seven
Pairs and Thirteen Orphans for 13 and 14 tiles only, as we do for hands with no meld.

1. Agreement, every hand: our best shanten against ``Shanten().calculate_shanten``.
   a. with what the package knows (the concealed tiles): every disagreement is printed,
      by class, with an example;
   b. with the melds' copies (``Room(held)``), which the package cannot see: a wait on a copy
      that lies in a meld is no wait (docs/rules/riichi.md §1). Those hands are counted as
      their own class, and each must agree with the package in a.
2. Speed: both on the same hands, interleaved rounds (ours, package, ours, ...) on one
   core; ours "cold" (every table forgotten before the round, as for a batch of new hands)
   and "warm" (the same hands again); every hand, then the closed four-player hands alone
   (where both do the most work). Target (issue 15, compiled build): ours at least 3x the
   package's rate. Every figure with its spread over the rounds and the load average: the
   machine is small and shared.

A benchmark, not a test: CI never runs it (a few hundred hands of the same check run in
tests/property/test_shanten_properties.py).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mjscore
from mjscore.families.mpsz.shanten import Room, shanten
from mjscore.families.mpsz.tiles import RIICHI_KINDS, RUN_STARTS, TILE_NAMES
from mjscore.values import forget_memos

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_common

from bench_common import Spread, code_state, verdict


def package_shanten() -> Any:
    """The mahjong package's calculator, imported when the benchmark runs: pytest imports this
    file for its doctests where the package (a benchmark-only dependency) is not installed."""
    try:
        from mahjong.shanten import Shanten
    except ImportError:  # pragma: no cover - a benchmark-only dependency
        sys.exit("the mahjong package is not installed: pip install mahjong==2.1.0 (the bench extra)")
    return Shanten()


SANMA_ABSENT = frozenset(range(1, 8))  # 2m-8m
TARGET_RATIO = 3.0


@dataclass(frozen=True)
class Deal:
    counts: tuple[int, ...]  # the concealed tiles
    melds: int
    held: tuple[int, ...]  # copies in the melds
    sanma: bool
    four: bool  # four of a kind among the concealed tiles


def _meld(rng: random.Random, wall: list[int], sanma: bool) -> list[int] | None:
    """A chow, pung or kong taken from ``wall`` (None if the draw does not fit)."""
    shape = rng.choice(("pung", "kong") if sanma else ("chow", "chow", "pung", "kong"))
    if shape == "chow":
        start = rng.choice(sorted(RUN_STARTS))
        tiles = [start, start + 1, start + 2]
    else:
        tiles = [rng.choice(wall)] * (3 if shape == "pung" else 4)
    for tile in tiles:
        if wall.count(tile) < tiles.count(tile):
            return None
    for tile in tiles:
        wall.remove(tile)
    return tiles


def deal(rng: random.Random, i: int) -> Deal:
    sanma = i % 10 == 9
    kinds = [k for k in range(RIICHI_KINDS) if not (sanma and k in SANMA_ABSENT)]
    wall = [k for k in kinds for _ in range(4)]
    melds = 0 if i % 2 == 0 else 1 + rng.randrange(4)
    held = [0] * RIICHI_KINDS
    made = 0
    while made < melds:
        tiles = _meld(rng, wall, sanma)
        if tiles is None:
            continue
        for tile in tiles:
            held[tile] += 1
        made += 1
    size = 13 + rng.randrange(2) - 3 * melds
    counts = [0] * RIICHI_KINDS
    four = size >= 4 and rng.random() < 0.2
    if four:
        candidates = [k for k in kinds if wall.count(k) == 4]
        kind = rng.choice(candidates)
        for _ in range(4):
            wall.remove(kind)
        counts[kind] = 4
        size -= 4
    for tile in rng.sample(wall, size):
        counts[tile] += 1
    return Deal(tuple(counts), melds, tuple(held), sanma, four)


def written(d: Deal) -> str:
    tiles = "".join(TILE_NAMES[k] for k in range(RIICHI_KINDS) for _ in range(d.counts[k]))
    melds = "".join(TILE_NAMES[k] for k in range(RIICHI_KINDS) for _ in range(d.held[k]))
    return f"{'sanma ' if d.sanma else ''}{tiles}" + (f" + melds holding {melds}" if d.melds else "")


def rooms(d: Deal) -> tuple[Room, Room]:
    """Ours asked with what the package knows (the set only), and with the melds' copies too."""
    absent = SANMA_ABSENT if d.sanma else ()
    return Room(absent=absent), Room(d.held, absent)


def agreement(deals: Sequence[Deal]) -> None:
    package = package_shanten()
    disagree: Counter[str] = Counter()
    examples: dict[str, str] = {}
    melded_copies = 0
    melded_example = ""
    for d in deals:
        theirs = package.calculate_shanten(list(d.counts), is_three_player=d.sanma)
        known, with_melds = rooms(d)
        ours = shanten(d.counts, d.melds, room=known).best
        if ours != theirs:
            kind = f"{'sanma' if d.sanma else 'riichi'}, {d.melds} melds, {'a four' if d.four else 'no four'}"
            label = f"{kind}: ours {ours}, package {theirs}"
            disagree[label] += 1
            examples.setdefault(label, written(d))
        ours_with_melds = shanten(d.counts, d.melds, room=with_melds).best
        if ours_with_melds != ours:
            melded_copies += 1
            if not melded_example:
                melded_example = f"{written(d)}: {ours} without the melds' copies, {ours_with_melds} with them"
    print(f"1a. agreement with the package, the same information: {len(deals):,} hands")
    print(
        f"    four of a kind among the concealed tiles: {sum(d.four for d in deals):,} hands;"
        f" with melds: {sum(d.melds > 0 for d in deals):,}; three-player: {sum(d.sanma for d in deals):,}"
    )
    if not disagree:
        print("    disagreements: none")
    for label, count in disagree.most_common():
        print(f"    disagreement: {label}: {count:,} hands, e.g. {examples[label]}")
    print("    classes excluded: none")
    print(f"1b. with the melds' copies (the package cannot see them): {melded_copies:,} hands differ from 1a,")
    print("    each a wait (or a pair) on a copy that lies in a meld, which docs/rules/riichi.md §1 rules out")
    if melded_example:
        print(f"    e.g. {melded_example}")


def _timed(run: Callable[[], None]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def speed(which: str, deals: Sequence[Deal], reps: int) -> None:
    package = package_shanten()
    theirs_in = [(list(d.counts), d.sanma) for d in deals]
    ours_in = [(list(d.counts), d.melds, rooms(d)[0]) for d in deals]

    def ours() -> None:
        for counts, melds, room in ours_in:
            shanten(counts, melds, room=room).best  # noqa: B018

    def ours_cold() -> None:
        forget_memos()
        ours()

    def theirs() -> None:
        for counts, sanma in theirs_in:
            package.calculate_shanten(counts, is_three_player=sanma)

    ours_cold()  # warm-up: imports, the interpreter's caches
    theirs()
    cold, warm, pkg = [], [], []
    load_before = os.getloadavg()
    for _ in range(reps):
        cold.append(len(deals) / _timed(ours_cold))
        pkg.append(len(deals) / _timed(theirs))
        warm.append(len(deals) / _timed(ours))
    load_after = os.getloadavg()
    cold_spread, warm_spread, pkg_spread = Spread.of(cold), Spread.of(warm), Spread.of(pkg)
    print(f"2. speed, {which}: hands per second, {reps} interleaved rounds of {len(deals):,} hands")
    print(f"    ours, cold:  {cold_spread.show('hands/s')}")
    print(f"    ours, warm:  {warm_spread.show('hands/s')}")
    print(f"    package:     {pkg_spread.show('hands/s')}")
    cold_ratios = [c / p for c, p in zip(cold, pkg, strict=True)]
    warm_ratios = [w / p for w, p in zip(warm, pkg, strict=True)]
    print(f"    ratio cold / package: {Spread.of(cold_ratios).show('x', '.2f')}")
    print(f"    ratio warm / package: {Spread.of(warm_ratios).show('x', '.2f')}")
    print(
        f"    target: ours (cold) >= {TARGET_RATIO:.0f}x the package: {verdict(min(cold_ratios) >= TARGET_RATIO)}"
        " (the worst round)"
    )
    print(f"    load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random hands (default 100,000)")
    parser.add_argument("--reps", type=int, default=3, help="timed rounds of each (default 3)")
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deals = [deal(rng, i) for i in range(args.hands)]
    print(f"mjscore {mjscore.__version__} ({mjscore.build()}), {code_state(Path(mjscore.__file__).parent)}")
    print(f"python {sys.version.split()[0]}; seed {args.seed}")
    agreement(deals)
    if args.reps:
        speed("every hand", deals, args.reps)
        speed("closed four-player hands only", [d for d in deals if not d.melds and not d.sanma], args.reps)


if __name__ == "__main__":
    main()
