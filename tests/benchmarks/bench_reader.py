"""Benchmark the reader on long, adversarial lines: the worst line's time per kilobyte.

    python tests/benchmarks/bench_reader.py            # lines up to 8 KB
    python tests/benchmarks/bench_reader.py --max 16384

A line is read as a batch reads it: ``parse_hand`` (the rule-set prefix, the fast
reader or the pyparsing grammar it falls back to, and the rule set's ``build``),
then, for a refused line, ``HandError.describe()`` (every problem with the line and
a caret: what a batch prints). Each family below repeats one unit (flag words,
melds, digits, ``key=value`` items ...), with and without a bad character at the
end, at doubling lengths up to ``--max`` bytes. A regular expression that
backtracks shows as a time per kilobyte that grows with the length; a family
stops growing once a line takes longer than a second, and a line is cut off
after ``--timeout`` seconds (reported as at least that).

Target: the worst line at most a few milliseconds per kilobyte (``--target``,
5 ms/KB; a line shorter than a kilobyte counts as one, so that the fixed cost of a
short line does not count as a cost per kilobyte), and no crash (an exception
other than ``HandError``) or timeout. Also shown: the size of the report of each
family's longest line (a repeated word should be one problem, not one per copy
with the whole line each time).

This is a benchmark script, not a test: CI never runs it. The machine is shared:
figures are the best of three runs of each line.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_common, also when pytest imports this file

from bench_common import code_state, verdict

from mjscore.errors import HandError
from mjscore.scoring import parse_hand

WIN = "123m456p789s11z22z+2z tsumo"  # a complete riichi hand
BABA = "馬馬馬場場O tsumo"  # a complete BABA hand


@dataclass(frozen=True)
class Family:
    """Lines ``head + unit * n + tail`` for growing n."""

    name: str
    head: str
    unit: str
    tail: str = ""

    def line(self, size: int) -> str:
        n = max(1, (size - _bytes(self.head + self.tail)) // max(1, _bytes(self.unit)))
        return self.head + self.unit * n + self.tail


def _bytes(text: str) -> int:
    return len(text.encode("utf-8"))


def _both(name: str, head: str, unit: str, bad: str) -> list[Family]:
    """A family as written, and with a character at its end that no reader accepts."""
    return [Family(name, head, unit), Family(f"{name} + {bad!r}", head, unit, bad)]


FAMILIES: list[Family] = [
    # BABA: flags, words read as cards, melds, "+" inside a card group, items, counts
    *_both("baba flags", "baba:MBMBMB HBHB O ", "tsumo ", ")"),
    *_both("baba words", f"baba:{BABA} ", "foo ", ")"),
    *_both("baba melds", "baba:", "(MBMBMB)", " )"),
    *_both("baba melds, blanks", "baba:", "(MBMBMB) ", ")"),
    *_both("baba shown sets", "baba:", "{HBHBHB}", "="),
    *_both("baba cards with +", "baba:MB", "+MB", " )"),
    *_both("baba one card run", "baba:", "馬", " tsumo ="),
    *_both("baba dora= repeated", f"baba:{BABA} ", "dora=場 ", "#"),
    Family("baba dora= chips", f"baba:{BABA} dora=", "O"),
    Family("baba dora= list", f"baba:{BABA} dora=", "場,"),
    Family("baba pot= digits", f"baba:{BABA} pot=", "9"),
    Family("baba players= digits", f"baba:{BABA} players=", "9"),
    Family("baba long word", f"baba:{BABA} ", "x"),
    # mpsz: riichi, hana, baida and the draw line
    *_both("riichi flags", f"riichi:{WIN} ", "riichi ", "!"),
    *_both("riichi words", f"riichi:{WIN} ", "foo ", "!"),
    *_both("riichi melds", "riichi:", "(123m)", " !"),
    *_both("riichi melds, blanks", "riichi:", "(123m) ", "!"),
    *_both("riichi closed kongs", "riichi:", "[1111m]", "!"),
    *_both("riichi winning tiles", "riichi:", "+1m", " !"),
    *_both("riichi tiles", "riichi:", "1m", " !"),
    *_both("riichi digits", "riichi:", "1", "m !"),
    *_both("riichi dora= repeated", f"riichi:{WIN} ", "dora=1m ", "!"),
    *_both("riichi blanks", "riichi:123m", " ", "!"),
    Family("riichi dora= no tiles", f"riichi:{WIN} dora=", "8z"),
    Family("riichi dora= digits", f"riichi:{WIN} dora=", "1", "x"),
    Family("riichi honba= digits", f"riichi:{WIN} honba=", "9"),
    Family("riichi sticks= digits", f"riichi:{WIN} sticks=", "9"),
    Family("riichi long word", f"riichi:{WIN} ", "x"),
    *_both("riichi draw items", "riichi: draw ", "tenpai=E ", "!"),
    Family("riichi DRAW tenpai=", "riichi: DRAW tenpai=", "E,"),
    Family("hana flowers", "hana:123m456p789s11z22z+2z ", "1f", " tsumo"),
    *_both("baida flags", "baida:123m456p789s11z22z+2z tsumo baida=5p ", "rinshan ", "!"),
    Family("baida all_triplets= digits", "baida:123m456p789s11z22z+2z tsumo baida=5p all_triplets=", "9"),
]


WARM_UP = (f"riichi:{WIN}", f"baba:{BABA}", "hana:1f", "baida:1m", "riichi:123 m", "baba:(馬")


class _Timeout(Exception):
    pass


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise _Timeout


@dataclass(frozen=True)
class Run:
    size: int  # bytes
    seconds: float
    outcome: str  # "read", "refused: N problem(s)", "crash: ...", "timeout"
    report: int  # bytes of the report (describe()) of a refused line

    @property
    def per_kb(self) -> float:
        """Milliseconds per kilobyte, a line shorter than a kilobyte counting as one."""
        return self.seconds / max(self.size / 1024, 1.0) * 1000

    @property
    def failed(self) -> bool:
        return self.outcome == "timeout" or self.outcome.startswith("crash")


def read_once(line: str, timeout: float) -> Run:
    """Read and report one line, cut off after ``timeout`` seconds."""
    signal.setitimer(signal.ITIMER_REAL, timeout)
    start = time.perf_counter()
    report = 0
    try:
        parse_hand(line)
        outcome = "read"
    except HandError as exc:
        report = _bytes(exc.describe())
        outcome = f"refused: {len(exc.problems)} problem(s)"
    except _Timeout:
        outcome = "timeout"
    except Exception as exc:  # a crash: what this reports
        outcome = f"crash: {type(exc).__name__}: {str(exc)[:60]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return Run(_bytes(line), time.perf_counter() - start, outcome, report)


def measure(line: str, timeout: float) -> Run:
    """The best of three runs (one, when a run is slow)."""
    best = read_once(line, timeout)
    for _ in range(2):
        if best.seconds > 0.2 or best.outcome == "timeout":
            break
        again = read_once(line, timeout)
        best = min(best, again, key=lambda r: r.seconds)
    return best


def sizes(largest: int) -> list[int]:
    out, size = [], 64
    while size <= largest:
        out.append(size)
        size *= 2
    return out


def run_family(family: Family, largest: int, timeout: float, show: Callable[[str], None]) -> Run:
    """The family's worst run (time per kilobyte) over growing lengths."""
    worst: Run | None = None
    for size in sizes(largest):
        run = measure(family.line(size), timeout)
        if worst is None or run.per_kb > worst.per_kb:
            worst = run
        if run.seconds > 1.0 or run.failed:
            worst = run if run.failed else worst
            break
    assert worst is not None
    show(
        f"{family.name:34} {worst.size:6,} B {worst.seconds * 1000:10.1f} ms {worst.per_kb:10.2f} ms/KB "
        f"{run.report:10,} B  {run.outcome} (at {run.size:,} B)"
    )
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--max", type=int, default=8192, help="the longest line, in bytes (default 8192)")
    parser.add_argument("--timeout", type=float, default=10.0, help="cut a line off after this many seconds")
    parser.add_argument("--target", type=float, default=5.0, help="the target, in ms per kilobyte")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    print(f"mjscore: {code_state(Path(__file__).resolve().parents[2] / 'mjscore')}")
    print(f"lines of 64 B to {args.max:,} B; the worst line of each family (time per KB), and its longest line")
    print(f"{'family':34} {'worst line':>8} {'time':>13} {'per KB':>16} {'report':>12}  outcome")
    for warm_up in WARM_UP:  # imports, compiled patterns, the pyparsing grammar
        read_once(warm_up, args.timeout)
    runs = [run_family(f, args.max, args.timeout, print) for f in FAMILIES]
    worst = max(runs, key=lambda r: r.per_kb)
    crashes = sum(r.failed for r in runs)
    print(f"worst: {worst.per_kb:.2f} ms/KB ({worst.size:,} B in {worst.seconds * 1000:.1f} ms)")
    print(f"families that crashed or timed out: {crashes}")
    print(f"target at most {args.target:g} ms/KB, no crash: {verdict(worst.per_kb <= args.target and not crashes)}")


if __name__ == "__main__":
    main()
