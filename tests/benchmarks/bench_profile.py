"""Where ``mjscore batch --format json`` spends its time, stage by stage.

    python tests/benchmarks/bench_profile.py FILE            # stage timings + cProfile top list
    python tests/benchmarks/bench_profile.py FILE --no-cprofile

Two views of the same batch of hands (make one with ``gen_baba_hands.py``):

1. Stage timings without a profiler: each stage of the pipeline the ``batch``
   command runs is timed on its own over every hand, through mjscore's own
   functions (read the line, tokenize, build the hand, evaluate, to_dict,
   json.dumps, writing the line). No profiler overhead, so the shares are honest;
   the stages add up to about the end-to-end time minus start-up.
2. cProfile of ``mjscore.cli:main(["batch", FILE, "--format", "json"])`` with
   standard output sent to /dev/null: the functions with the most own time and
   the cumulative time of the functions that matter. cProfile inflates code
   that makes many small calls, so read it for *which* functions, and the
   stage timings for *how much*.

Run it pinned (``taskset -c 1 python ...``) for steadier figures. A benchmark
helper, not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import time
from collections.abc import Sequence
from contextlib import redirect_stdout
from pathlib import Path

# Functions whose cumulative time the cProfile view reports: (label, file suffix, function name).
WATCHED = (
    ("batch command, whole loop", "mjscore/cli.py", "batch"),
    ("score() per line", "mjscore/scoring.py", "score"),
    ("tokenize (fast regex / pyparsing)", "mjscore/notation/build.py", "tokenize"),
    ("pyparsing fallback parse_string", "pyparsing/core.py", "parse_string"),
    ("RuleSet.build", "mjscore/rulesets/baba.py", "build"),
    ("read_cards", "mjscore/families/baba/cards.py", "read_cards"),
    ("gather_items", "mjscore/notation/build.py", "gather_items"),
    ("option_specs / specs", "mjscore/options.py", "specs"),
    ("validate", "mjscore/rulesets/baba.py", "validate"),
    ("evaluate (the pipeline)", "mjscore/rulesets/base.py", "evaluate"),
    ("readings + decompose", "mjscore/rulesets/baba.py", "hand_readings"),
    ("decompose (lru_cache)", "mjscore/decompose.py", "decompose"),
    ("apply_rules", "mjscore/engine.py", "apply_rules"),
    ("present (ScoreResult)", "mjscore/rulesets/base.py", "present"),
    ("canonical", "mjscore/rulesets/baba.py", "canonical"),
    ("_header", "mjscore/rulesets/baba.py", "_header"),
    ("JsonRenderer.result", "mjscore/render/json.py", "result"),
    ("ScoreResult.to_dict", "mjscore/result.py", "to_dict"),
    ("json.dumps", "json/__init__.py", "dumps"),
    ("rendered (batch.py: score + render)", "mjscore/batch.py", "rendered"),
    ("click.echo", "click/utils.py", "echo"),
)


ITEM_TAGS = ("flag", "option", "word")  # every other token is cards or a meld
STAGES = (
    "read line (hand_lines)",
    "split_prefix + tokenize",
    "build (cards, items, checks)",
    "evaluate (readings, rules, result)",
    "ScoreResult.to_dict",
    "JSON encoding (as the JSON renderer encodes)",
    "write the line (file.write, as batch does)",
)
PARTS = (
    "tokenize, lines the fast regex rejects",
    "read_cards (part of build)",
    "_candidates (part of evaluate)",
    "click.echo instead of file.write",
)


def stage_times(path: Path) -> tuple[int, dict[str, float], dict[str, float], int]:
    """Each stage of the batch pipeline timed on every hand as it streams by (seconds),
    plus a few parts timed on their own; and how many lines took the pyparsing path."""
    import json

    import click

    from mjscore.configure import load_settings
    from mjscore.families.baba.cards import read_cards
    from mjscore.families.baba.deck import deck_of
    from mjscore.notation import tokens as fast_reader
    from mjscore.notation.build import split_prefix, tokenize
    from mjscore.rulesets import find_ruleset, get_ruleset
    from mjscore.scoring import hand_lines

    settings = load_settings(None, None)
    deck = deck_of(settings)
    stages = dict.fromkeys(STAGES, 0.0)
    parts = dict.fromkeys(PARTS, 0.0)
    slow = hands = 0
    clock = time.perf_counter
    with path.open(encoding="utf-8") as f, open(os.devnull, "w", encoding="utf-8") as devnull:
        lines = hand_lines(f)
        while True:
            t0 = clock()
            try:
                number, text = next(lines)
            except StopIteration:
                break
            t1 = clock()
            name, _col, start = split_prefix(text, settings.ruleset)
            find_ruleset(name)
            ruleset = get_ruleset(name)
            tokens = tokenize(text, ruleset.family, start)
            t2 = clock()
            deal = ruleset.build(text, tokens, settings)
            t3 = clock()
            result = ruleset.evaluate(deal)
            t4 = clock()
            doc = result.to_dict(line=number)
            t5 = clock()
            out = json.dumps(doc, ensure_ascii=False, check_circular=False)  # as the renderer encodes a score
            t6 = clock()
            devnull.write(out + "\n")
            t7 = clock()
            for stage, (a, b) in zip(
                STAGES, ((t0, t1), (t1, t2), (t2, t3), (t3, t4), (t4, t5), (t5, t6), (t6, t7)), strict=True
            ):
                stages[stage] += b - a
            hands += 1
            # Parts, timed again on their own (not in the stages' sum).
            if ruleset.family in fast_reader.FAMILIES and fast_reader.fast_tokens(ruleset.family, text, start) is None:
                slow += 1
                parts[PARTS[0]] += t2 - t1
            candidates = getattr(ruleset, "_candidates", None) or (lambda *_: None)  # BABA's readings + rules
            t8 = clock()
            for tok in tokens:
                if tok.tag not in ITEM_TAGS:  # cards and melds, whatever their brackets
                    read_cards(tok.text, deck, tok.loc)
            t9 = clock()
            candidates(deal.table, deal.options)
            t10 = clock()
            click.echo(out, file=devnull)
            t11 = clock()
            parts[PARTS[1]] += t9 - t8
            parts[PARTS[2]] += t10 - t9
            parts[PARTS[3]] += t11 - t10
    return hands, stages, parts, slow


def cprofile(path: Path, top: int) -> None:
    from mjscore.cli import main

    profiler = cProfile.Profile()
    with open(os.devnull, "w", encoding="utf-8") as devnull, redirect_stdout(devnull):
        profiler.enable()
        try:
            main(["batch", str(path), "--format", "json"], standalone_mode=False)
        finally:
            profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    print(out.getvalue())
    total = max(v[3] for v in stats.stats.values())  # type: ignore[attr-defined]
    print(f"cumulative time of watched functions (under cProfile; whole run {total:.2f} s)")
    for label, suffix, func in WATCHED:
        cum = sum(
            v[3]
            for (file, _line, name), v in stats.stats.items()  # type: ignore[attr-defined]
            if name == func and file.replace(os.sep, "/").endswith(suffix)
        )
        print(f"  {label:36} {cum:7.2f} s  {cum / total:6.1%}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Stage timings and a cProfile of `mjscore batch --format json`.")
    parser.add_argument("file", type=Path, help="a hands file (see gen_baba_hands.py)")
    parser.add_argument("--top", type=int, default=30, help="functions to list by own time (default 30)")
    parser.add_argument("--no-cprofile", action="store_true", help="stage timings only")
    args = parser.parse_args(argv)

    hands, stages, parts, slow = stage_times(args.file)
    total = sum(stages.values())
    print(f"stage timings, {hands:,} hands streamed, no profiler (µs per hand, share of the stages' sum)")
    for name, seconds in stages.items():
        print(f"  {name:42} {seconds * 1e6 / hands:7.1f} µs  {seconds / total:6.1%}")
    print(f"  {'sum of stages':42} {total * 1e6 / hands:7.1f} µs  -> {hands / total:,.0f} hands/s, start-up excluded")
    print("parts, timed again on their own:")
    for name, seconds in parts.items():
        per = seconds * 1e6 / (slow if name == PARTS[0] else hands) if (slow or name != PARTS[0]) else 0.0
        print(f"  {name:42} {per:7.1f} µs per {'such line' if name == PARTS[0] else 'hand'}  ({seconds:.2f} s in all)")
    print(f"  lines the fast regex rejects (pyparsing fallback): {slow:,} of {hands:,} ({slow / max(hands, 1):.1%})\n")
    if not args.no_cprofile:
        cprofile(args.file, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
