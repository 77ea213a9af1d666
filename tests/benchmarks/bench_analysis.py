"""The discard table of ``mjscore waits``: how long a hand of 14 tiles takes, with every ready
discard's waits scored by ron and by tsumo, in the build that runs this script.

    python tests/benchmarks/bench_analysis.py                 # 400 hands of each class
    python tests/benchmarks/bench_analysis.py --hands 1000 --memory 20000

The hands (fixed seed), riichi, dealt from the 136 tiles (no red fives), each written as a line
of 14 tiles (each meld counted as 3) with its last tile as ``+TILE``, the tile just drawn:

- ``random``: 14 tiles at random, half of them closed, half with one or two melds (chows,
  pungs, kongs taken from the wall first, so their copies are real). Most are two to four
  tiles from ready: the table is mostly the shanten engine's.
- ``ready``: a complete hand (four sets and a pair from the wall, closed or with one or two of
  its sets called) with one concealed tile swapped for a tile from the wall: most such hands
  have discards that leave them ready, each of whose waits is scored by ron and tsumo. The
  scorer's share of the work.
- ``Baida``: such a hand, closed, as a Baida line with four of its concealed tiles made Baida
  (wild): every discard's waits are many, each a win the scorer resolves with four wild tiles.
- ``baba``: BABA hands one card over under Expert rules, dealt from the deck's 36 cards and 4
  OBABA: 6 cards, half of them closed, half with a PON (three alike, or two and an OBABA) or an
  An-KAN (7 cards), written by the cards' codes. The shanten engine (``BabaShape``) and the
  scorer of every ready discard's waits; no target in issue 15, reported for the record.

Each hand is analysed once untimed (the caches a batch of similar hands has warm), then timed
``--reps`` times in interleaved rounds; a hand's time is the least of its rounds. Reported:
median, 90th percentile and mean per class, the rows and the wins scored per hand, and the
load average. Targets (issue 15, compiled build): median under 20 ms for riichi, under 200 ms
with four Baida.

``--memory N`` also runs ``mjscore waits FILE --format json`` on files of N / 5 and N lines,
each a hand of either class dealt for it (a child process each, one job), and reports each
one's peak resident memory: the analysis keeps nothing per line, so both should be alike.

A benchmark, not a test: CI never runs it. Timings vary by 20% on a shared machine: compare
runs of the same build taken together, and read the load average.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import mjscore
from mjscore.analysis import analyse
from mjscore.families.baba.deck import default_deck
from mjscore.families.mpsz.tiles import RIICHI_KINDS, RUN_STARTS, TILE_NAMES

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_common

from bench_common import code_state, mjscore_exe, verdict

TARGET_MS = 20.0
BAIDA_TARGET_MS = 200.0  # four Baida (wild tiles)
HAND = 14  # tiles, each meld counted as 3


def _take(wall: list[int], tiles: list[int]) -> bool:
    """Take ``tiles`` from ``wall`` if every copy is there."""
    if any(wall.count(t) < tiles.count(t) for t in set(tiles)):
        return False
    for t in tiles:
        wall.remove(t)
    return True


def _set(rng: random.Random, wall: list[int], *, kong: bool) -> tuple[str, list[int]] | None:
    """A chow, pung or (``kong``) kong from the wall: its shape and tiles (None: it does not fit)."""
    shape = rng.choice(("chow", "chow", "pung", "kong") if kong else ("chow", "chow", "pung"))
    if shape == "chow":
        start = rng.choice(sorted(RUN_STARTS))
        tiles = [start, start + 1, start + 2]
    else:
        tiles = [rng.choice(wall)] * (3 if shape == "pung" else 4)
    return (shape, tiles) if _take(wall, tiles) else None


def _meld_text(shape: str, tiles: list[int], rng: random.Random) -> str:
    codes = "".join(TILE_NAMES[t][0] for t in tiles) + TILE_NAMES[tiles[0]][1]
    if shape == "kong" and rng.random() < 0.5:
        return f"[{codes}]"  # a closed kong
    return f"({codes})"


def _line(concealed: list[int], melds: list[str], drawn: int) -> str:
    held = "".join(TILE_NAMES[t] for t in sorted(concealed))
    return f"riichi:{held}{''.join(melds)}+{TILE_NAMES[drawn]}"


def random_hand(rng: random.Random, i: int) -> str:
    wall = [k for k in range(RIICHI_KINDS) for _ in range(4)]
    melds: list[str] = []
    wanted = 0 if i % 2 == 0 else 1 + rng.randrange(2)
    while len(melds) < wanted:
        found = _set(rng, wall, kong=True)
        if found is not None:
            melds.append(_meld_text(*found, rng))
    concealed = rng.sample(wall, HAND - 3 * wanted)
    return _line(concealed[:-1], melds, concealed[-1])


def ready_hand(rng: random.Random, i: int) -> str:
    wall = [k for k in range(RIICHI_KINDS) for _ in range(4)]
    called = 0 if i % 2 == 0 else 1 + rng.randrange(2)
    concealed: list[int] = []
    melds: list[str] = []
    sets = 0
    while sets < 4:
        found = _set(rng, wall, kong=False)
        if found is None:
            continue
        sets += 1
        if sets <= called:
            melds.append(_meld_text(*found, rng))
        else:
            concealed += found[1]
    pair = rng.choice([k for k in range(RIICHI_KINDS) if wall.count(k) >= 2])
    _take(wall, [pair, pair])
    concealed += [pair, pair]
    rng.shuffle(concealed)
    concealed[0] = wall.pop(rng.randrange(len(wall)))  # one tile swapped: the hand need not be complete
    return _line(concealed[1:], melds, concealed[0])


def _next_kind(kind: int) -> int:
    """The kind after ``kind`` in its suit, as Baida counts (docs/rules/baida.md): 9 wraps to 1,
    the winds E-S-W-N-E, the dragons white-green-red-white."""
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


def baida_hand(rng: random.Random, i: int) -> str:
    """A hand of 14 closed Baida tiles a swap from complete (as ``ready_hand``), four of its
    concealed tiles then made Baida (the wild tiles: the indicator's kind and the next)."""
    indicator = rng.randrange(RIICHI_KINDS)
    wild = (indicator, _next_kind(indicator))
    while True:
        tiles = ready_hand(rng, 0).removeprefix("riichi:").replace("+", "")
        kinds = _kinds(tiles)
        spare = [k for k in wild for _ in range(4 - (k == indicator) - kinds.count(k))]
        plain = [j for j, k in enumerate(kinds) if k not in wild]
        if len(spare) >= 4 and len(plain) >= 4:
            break
    for j, baida in zip(rng.sample(plain, 4), rng.sample(spare, 4), strict=True):
        kinds[j] = baida
    rng.shuffle(kinds)
    held = "".join(TILE_NAMES[k] for k in sorted(kinds[1:]))
    return f"baida:{held}+{TILE_NAMES[kinds[0]]} baida={TILE_NAMES[indicator]}"


def _kinds(tiles: str) -> list[int]:
    """The kinds of tiles written as mpsz groups (``123m44z``)."""
    kinds, digits = [], ""
    for ch in tiles:
        if ch.isdigit():
            digits += ch
        else:
            kinds += [TILE_NAMES.index(d + ch) for d in digits]
            digits = ""
    return kinds


def baba_hand(rng: random.Random, i: int) -> str:
    """A BABA hand one card over (Expert rules): 6 cards closed, or a PON and 3, or an An-KAN and 3."""
    deck = default_deck()
    codes = [k.code for k in deck.kinds]
    wall = [c for c in codes for _ in range(4)] + ["O"] * deck.max_wilds
    meld = ""
    if i % 2:
        kind = rng.choice(codes)
        kan = rng.random() < 0.3
        cards = [kind] * (4 if kan else 3) if kan or rng.random() < 0.5 else [kind, kind, "O"]
        for card in cards:
            wall.remove(card)
        meld = f" [{''.join(cards)}]" if kan else f" ({''.join(cards)})"
    concealed = rng.sample(wall, 3 if meld else 6)
    return f"baba:{''.join(concealed)}{meld}"


def timed(lines: Sequence[str], reps: int) -> tuple[list[float], list[int], list[int]]:
    """Each line's least time of ``reps`` interleaved rounds (ms), its rows and its wins scored."""
    rows, wins = [], []
    for line in lines:  # untimed: imports, and the caches such hands share
        analysis = analyse(line)
        rows.append(len(analysis.rows))
        wins.append(sum([len([o for o in (w.ron, w.tsumo) if o is not None]) for r in analysis.rows for w in r.waits]))
    best = [float("inf")] * len(lines)
    for _ in range(reps):
        for i, line in enumerate(lines):
            started = time.perf_counter()
            analyse(line)
            best[i] = min(best[i], (time.perf_counter() - started) * 1000)
    return best, rows, wins


def report(name: str, lines: Sequence[str], reps: int) -> float:
    load = os.getloadavg()[0]
    times, rows, wins = timed(lines, reps)
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    median = statistics.median(times)
    print(f"{name}: {len(lines):,} hands, {reps} rounds each (the least kept)")
    print(
        f"    median {median:.2f} ms, 90th percentile {p90:.2f} ms, mean {statistics.fmean(times):.2f} ms, "
        f"max {ordered[-1]:.2f} ms"
    )
    ready = sum(1 for w in wins if w)
    print(
        f"    rows per hand {statistics.fmean(rows):.1f}; hands with a ready discard {ready:,}; "
        f"wins scored per hand {statistics.fmean(wins):.1f} (max {max(wins)})"
    )
    print(f"    load average before {load:.2f}, after {os.getloadavg()[0]:.2f}")
    return median


def memory(seed: int, sizes: Sequence[int]) -> None:
    """Peak resident memory of ``mjscore waits FILE`` on files of each size (a child each), each
    line a hand dealt for it (random and a swap from complete, alternating): a cache keyed by
    the line would grow with the file."""
    exe = mjscore_exe()
    for size in sizes:
        rng = random.Random(seed)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as out:
            for i in range(size):
                out.write((ready_hand(rng, i) if i % 2 else random_hand(rng, i)) + "\n")
        started = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        done = subprocess.run(
            [str(exe), "waits", out.name, "--format", "json", "--quiet", "--jobs", "1"],
            stdout=subprocess.DEVNULL,
            check=False,
        )
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        os.unlink(out.name)
        grew = " (the largest child so far)" if peak > before else " (no more than an earlier child: see ru_maxrss)"
        print(
            f"    {size:,} lines: exit {done.returncode}, {time.perf_counter() - started:.0f} s, "
            f"peak RSS {peak / 1024:.1f} MiB{grew}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400, help="hands of each class (default 400)")
    parser.add_argument("--reps", type=int, default=3, help="timed rounds (default 3)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--memory", type=int, default=0, help="lines of the larger file (0: no memory check)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    randoms = [random_hand(rng, i) for i in range(args.hands)]
    readies = [ready_hand(rng, i) for i in range(args.hands)]
    babas = [baba_hand(rng, i) for i in range(args.hands)]
    print(f"mjscore {mjscore.__version__} ({mjscore.build()}), {code_state(Path(mjscore.__file__).parent)}")
    print(f"python {sys.version.split()[0]}; seed {args.seed}; e.g. {randoms[1]} and {readies[0]}")
    median = report("random hands of 14", randoms, args.reps)
    report("hands of 14 a swap from complete", readies, args.reps)
    report("BABA hands one card over (Expert rules)", babas, args.reps)
    print(f"target: the random hands' median under {TARGET_MS:.0f} ms: {verdict(median < TARGET_MS)}")
    baidas = [baida_hand(rng, i) for i in range(args.hands)]
    print(f"e.g. {baidas[0]}")
    baida_median = report("Baida hands of 14 with four Baida, a swap from complete", baidas, args.reps)
    print(f"target: their median under {BAIDA_TARGET_MS:.0f} ms: {verdict(baida_median < BAIDA_TARGET_MS)}")
    if args.memory:
        print("memory: mjscore waits FILE --format json, one job, a hand dealt for each line")
        memory(args.seed, (args.memory // 5, args.memory))


if __name__ == "__main__":
    main()
