"""Write random *complete, scoring* riichi hands for the riichi benchmark.

    python tests/benchmarks/gen_riichi_hands.py OUT.txt [--hands N] [--seed S] [--mahjong OUT.jsonl]

The same seed always gives the same files. Two files come from one random draw:

* ``OUT.txt``: one hand per line in mjscore notation (``docs/notation.md``), e.g.
  ``234m067p5z(789s)(777z)+5z ron seat=S round=E dora=4p``;
* ``OUT.mahjong.jsonl`` (or ``--mahjong``): the same hands, one JSON object per
  line, as the ``mahjong`` package (PyPI) takes them: the 136-tile arrays (hand,
  melds, dora and ura indicators), the winning tile and the ``HandConfig`` flags;
* ``OUT.stats.json``: how many candidates were drawn, kept and discarded, and why;
* ``OUT.discarded.jsonl``: the candidates mjscore refused, with its reason and the
  same ``mahjong`` inputs (the benchmark asks the package about them too).

Every tile is a physical tile drawn from one 136-tile set (ids ``kind * 4 + copy``,
as the ``mahjong`` package numbers them), so a hand never holds a fifth copy,
indicators included, and a red five is the tile the ``mahjong`` package counts as
red (16, 52, 88: one per suit, although docs/rules/riichi.md §1 allows two red 5p). Hands have 14
tiles counting a kong as three.

The mix: closed and open hands of several styles (all simples, value-tile pungs,
flushes, all pungs, outside hands, straights, triple chows, free), chi / pon /
open kong ``(…)`` and closed kong ``[…]``, some Seven Pairs, a few Thirteen Orphans
and other limit hands, red fives in about half of the games, ``+TILE`` (sometimes
left out: then the winner is the last concealed tile), tsumo / ron, riichi,
double riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou / chiihou now
and then, seat and round winds, dora indicators (one more per kong), ura
indicators on some riichi hands, honba and sticks sometimes; the items of a line
come in random order.

Each candidate is scored with mjscore (``parse_hand`` + ``evaluate``): those it
refuses (mostly "no yaku" on open hands) are discarded and counted by error code;
the discard rate is printed and stored in the stats file. An exception other than
mjscore's ``HandError`` is a bug: it is reported with its line and the candidate
discarded.

A benchmark helper, not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

KINDS = 34
HONOURS = 27
WINDS = (27, 28, 29, 30)  # East South West North
DRAGONS = (31, 32, 33)
SEATS = "ESWN"
RED_IDS = {16: 4, 52: 13, 88: 22}  # the red fives of the mahjong package: 136 id -> kind
TERMINALS = tuple(k for k in range(HONOURS) if k % 9 in (0, 8))
ORPHANS = (*TERMINALS, *WINDS, *DRAGONS)
SIMPLES = tuple(k for k in range(HONOURS) if k % 9 not in (0, 8))
GREENS = (19, 20, 21, 23, 25, 32)  # 2 3 4 6 8 sou, green dragon

# Shares of the hand shapes and styles (weights).
SHAPES = {"standard": 905, "seven pairs": 70, "limit": 20, "thirteen orphans": 5}
STYLES = {
    "free": 30,
    "simples": 25,
    "value": 20,
    "flush": 10,
    "pungs": 5,
    "outside": 4,
    "straight": 3,
    "triple chow": 3,
}
LIMITS = ("big three dragons", "four concealed pungs", "all honours", "all green", "nine gates", "little four winds")


class Exhausted(Exception):
    """The wall has too few copies for this draw: start the candidate again."""


def tile_name(kind: int, red: bool = False) -> str:
    if kind >= HONOURS:
        return f"{kind - HONOURS + 1}z"
    return f"{0 if red else kind % 9 + 1}{'mps'[kind // 9]}"


class Wall:
    """The 136 physical tiles of one deal; ``take`` removes copies at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.free = {k: [4 * k + c for c in range(4)] for k in range(KINDS)}

    def left(self, kind: int) -> int:
        return len(self.free[kind])

    def take(self, kind: int, n: int = 1) -> list[int]:
        copies = self.free[kind]
        if len(copies) < n:
            raise Exhausted
        chosen = self.rng.sample(copies, n)
        for t in chosen:
            copies.remove(t)
        return chosen

    def any_tile(self) -> int:
        kinds = [k for k in range(KINDS) if self.free[k]]
        return self.take(self.rng.choice(kinds))[0]


@dataclass
class Group:
    """A set, pair or single of the drawn hand, with its physical tiles."""

    shape: str  # "chow", "pung", "pair", "single", "kong"
    tiles: list[int]
    meld: str | None = None  # None (concealed), "chi", "pon", "open kan", "closed kan"


@dataclass
class Deal:
    groups: list[Group]
    winner: int = -1  # 136 id
    tsumo: bool = False
    flags: list[str] = field(default_factory=list)
    seat: int = 28
    round: int = 27
    dora: list[int] = field(default_factory=list)
    ura: list[int] = field(default_factory=list)
    honba: int = 0
    sticks: int = 0
    aka: bool = False  # red fives exist in this game
    aka_word: bool = False  # write aka=on
    explicit_winner: bool = True

    @property
    def melds(self) -> list[Group]:
        return [g for g in self.groups if g.meld]

    @property
    def concealed(self) -> list[int]:
        return [t for g in self.groups if not g.meld for t in g.tiles]

    @property
    def is_open(self) -> bool:
        return any(g.meld in ("chi", "pon", "open kan") for g in self.groups)

    @property
    def kongs(self) -> int:
        return sum(g.shape == "kong" for g in self.groups)

    def red(self, t: int) -> bool:
        return self.aka and t in RED_IDS


# --- drawing sets


def weighted(rng: random.Random, table: dict[str, int]) -> str:
    return rng.choices(list(table), weights=list(table.values()))[0]


def chow_starts(suits: Sequence[int], ranks: range = range(7)) -> list[int]:
    return [s * 9 + r for s in suits for r in ranks]


def take_chow(wall: Wall, start: int) -> Group:
    return Group("chow", [t for k in (start, start + 1, start + 2) for t in wall.take(k)])


def take_pung(wall: Wall, kind: int) -> Group:
    return Group("pung", wall.take(kind, 3))


def take_pair(wall: Wall, kind: int) -> Group:
    return Group("pair", wall.take(kind, 2))


@dataclass(frozen=True)
class Style:
    """Where a style draws its chows, pungs and pair from, and how often a set is a chow."""

    chows: tuple[int, ...]
    pungs: tuple[int, ...]
    pairs: tuple[int, ...]
    chow_share: float


def style_of(name: str, rng: random.Random, seat: int, prevalent: int) -> tuple[Style, list[Callable[[Wall], Group]]]:
    """The style's tile sources, and sets it must hold (drawn first)."""
    every = tuple(range(KINDS))
    free = Style(tuple(chow_starts((0, 1, 2))), every, every, 0.6)
    fixed: list[Callable[[Wall], Group]] = []
    if name == "simples":
        style = Style(tuple(chow_starts((0, 1, 2), range(1, 6))), SIMPLES, SIMPLES, 0.6)
    elif name == "value":
        value = rng.choice((*DRAGONS, seat, prevalent))
        fixed.append(partial(take_pung, kind=value))
        style = free
    elif name == "flush":
        suit = rng.randrange(3)
        tiles = tuple(range(suit * 9, suit * 9 + 9))
        honours = tuple(range(HONOURS, KINDS)) if rng.random() < 0.5 else ()
        style = Style(tuple(chow_starts((suit,))), tiles + honours, tiles + honours, 0.6)
    elif name == "pungs":
        style = Style((), every, every, 0.0)
    elif name == "outside":
        orphans = ORPHANS if rng.random() < 0.6 else TERMINALS
        starts = tuple(s * 9 + r for s in range(3) for r in (0, 6))
        style = Style(starts, orphans, orphans, 0.6)
    elif name == "straight":
        suit = rng.randrange(3)
        fixed += [partial(take_chow, start=suit * 9 + r) for r in (0, 3, 6)]
        style = free
    elif name == "triple chow":
        rank = rng.randrange(7)
        fixed += [partial(take_chow, start=suit * 9 + rank) for suit in range(3)]
        style = free
    else:
        style = free
    return style, fixed


def draw_set(wall: Wall, rng: random.Random, style: Style) -> Group:
    for _ in range(50):
        try:
            if style.chows and rng.random() < style.chow_share:
                return take_chow(wall, rng.choice(style.chows))
            return take_pung(wall, rng.choice(style.pungs))
        except Exhausted:
            continue
    raise Exhausted


def draw_pair(wall: Wall, rng: random.Random, kinds: Sequence[int]) -> Group:
    choices = [k for k in kinds if wall.left(k) >= 2]
    if not choices:
        raise Exhausted
    return take_pair(wall, rng.choice(choices))


def standard_groups(wall: Wall, rng: random.Random, seat: int, prevalent: int) -> tuple[list[Group], str]:
    name = weighted(rng, STYLES)
    style, fixed = style_of(name, rng, seat, prevalent)
    groups = [make(wall) for make in fixed]
    while len(groups) < 4:
        groups.append(draw_set(wall, rng, style))
    rng.shuffle(groups)
    return [*groups, draw_pair(wall, rng, style.pairs)], name


def seven_pairs(wall: Wall, rng: random.Random) -> list[Group]:
    pool = rng.choice((tuple(range(KINDS)), SIMPLES, tuple(range(rng.randrange(3) * 9, 27))[:9] + DRAGONS))
    if len(pool) < 7:
        raise Exhausted
    return [take_pair(wall, k) for k in rng.sample(pool, 7)]


def thirteen_orphans(wall: Wall, rng: random.Random) -> list[Group]:
    extra = rng.choice(ORPHANS)
    return [Group("pair" if k == extra else "single", wall.take(k, 2 if k == extra else 1)) for k in ORPHANS]


def limit_hand(wall: Wall, rng: random.Random) -> tuple[list[Group], str]:
    """A hand drawn to be (or nearly be) a limit hand: the evaluator decides what it is."""
    name = rng.choice(LIMITS)
    every = tuple(range(KINDS))
    if name == "big three dragons":
        groups = [take_pung(wall, k) for k in DRAGONS]
        groups += [draw_set(wall, rng, Style(tuple(chow_starts((0, 1, 2))), every, every, 0.5))]
        groups.append(draw_pair(wall, rng, every))
    elif name == "four concealed pungs":
        groups = [take_pung(wall, k) for k in rng.sample(every, 4)]
        groups.append(draw_pair(wall, rng, every))
    elif name == "all honours":
        kinds = rng.sample(range(HONOURS, KINDS), 5)
        groups = [take_pung(wall, k) for k in kinds[:4]] + [take_pair(wall, kinds[4])]
    elif name == "all green":
        style = Style((19,), GREENS, GREENS, 0.4)
        groups = [draw_set(wall, rng, style) for _ in range(4)]
        groups.append(draw_pair(wall, rng, GREENS))
    elif name == "nine gates":
        suit = rng.randrange(3) * 9
        counts = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        counts[rng.randrange(9)] += 1
        # one "group" of 14 concealed tiles: the evaluator finds the sets
        groups = [Group("single", [t for r, n in enumerate(counts) for t in wall.take(suit + r, n)])]
    else:  # little four winds (or big, if the pair becomes a pung)
        winds = list(WINDS)
        rng.shuffle(winds)
        groups = [take_pung(wall, k) for k in winds[:3]]
        groups += [draw_set(wall, rng, Style(tuple(chow_starts((0, 1, 2))), every, every, 0.5))]
        groups.append(take_pair(wall, winds[3]))
    return groups, name


# --- melds, winner, table


def call_melds(deal: Deal, wall: Wall, rng: random.Random, style: str) -> None:
    """Turn some sets into chi / pon / open kan, some concealed pungs into closed kans."""
    sets = [g for g in deal.groups if g.shape in ("chow", "pung")]
    open_share = {"value": 0.55, "simples": 0.45, "pungs": 0.6, "flush": 0.45}.get(style, 0.3)
    if rng.random() < open_share:
        n = min(len(sets), rng.choices((1, 2, 3, 4), weights=(40, 30, 20, 10))[0])
        for g in rng.sample(sets, n):
            if g.shape == "chow":
                g.meld = "chi"
            elif wall.left(g.tiles[0] // 4) and rng.random() < 0.12:
                g.shape, g.meld = "kong", "open kan"
                g.tiles += wall.take(g.tiles[0] // 4)
            else:
                g.meld = "pon"
    for g in sets:
        if g.shape == "pung" and not g.meld and wall.left(g.tiles[0] // 4) and rng.random() < 0.07:
            g.shape, g.meld = "kong", "closed kan"
            g.tiles += wall.take(g.tiles[0] // 4)


def table(deal: Deal, wall: Wall, rng: random.Random) -> None:
    """Win, situations, indicators, honba and sticks."""
    concealed = deal.concealed
    deal.winner = rng.choice(concealed)
    deal.explicit_winner = rng.random() < 0.9
    deal.tsumo = rng.random() < 0.45
    closed = not deal.is_open
    no_melds = not deal.melds
    flags = deal.flags
    first_draw = closed and no_melds and deal.tsumo and rng.random() < 0.004
    if first_draw:
        flags.append("tenhou" if deal.seat == WINDS[0] else "chiihou")
    elif closed and rng.random() < 0.48:
        flags.append("double-riichi" if rng.random() < 0.06 else "riichi")
        if rng.random() < 0.15:
            flags.append("ippatsu")
    if deal.tsumo:
        if deal.kongs and rng.random() < 0.3:
            flags.append("rinshan")
        elif rng.random() < 0.02:
            flags.append("haitei")
    elif rng.random() < 0.02:
        flags.append("houtei")
    else:
        kind = deal.winner // 4
        held = sum(t // 4 == kind for g in deal.groups for t in g.tiles)
        if held == 1 and wall.left(kind) == 3 and rng.random() < 0.02:
            wall.take(kind, 3)  # the robbed kong: three copies on another player's table
            flags.append("chankan")
    deal.dora = [wall.any_tile() for _ in range(1 + deal.kongs)]
    if {"riichi", "double-riichi"} & set(flags) and rng.random() < 0.5:
        deal.ura = [wall.any_tile() for _ in range(1 + deal.kongs)]
    roll = rng.random()
    deal.honba = 0 if roll < 0.7 else rng.randint(1, 4) if roll < 0.97 else rng.randint(5, 6)
    deal.sticks = 0 if rng.random() < 0.7 else rng.randint(1, 3)
    if {"riichi", "double-riichi"} & set(flags):
        deal.sticks = max(deal.sticks, 1)  # the winner's own declaration is on the table


def draw_deal(rng: random.Random) -> tuple[Deal, str]:
    """One candidate deal (retrying draws the wall cannot supply)."""
    while True:
        wall = Wall(rng)
        seat = rng.choice(WINDS)
        prevalent = rng.choices(WINDS, weights=(60, 35, 4, 1))[0]
        shape = weighted(rng, SHAPES)
        try:
            style = shape
            if shape == "standard":
                groups, style = standard_groups(wall, rng, seat, prevalent)
            elif shape == "seven pairs":
                groups = seven_pairs(wall, rng)
            elif shape == "thirteen orphans":
                groups = thirteen_orphans(wall, rng)
            else:
                groups, style = limit_hand(wall, rng)
            deal = Deal(groups, seat=seat, round=prevalent)
            if shape in ("standard", "limit"):
                call_melds(deal, wall, rng, style)
            deal.aka = rng.random() < 0.5
            table(deal, wall, rng)
        except Exhausted:
            continue
        deal.aka_word = (
            deal.aka and not any(deal.red(t) for t in deal.concealed + meld_tiles(deal)) and rng.random() < 0.5
        )
        return deal, f"{shape}/{style}" if style != shape else shape


def meld_tiles(deal: Deal) -> list[int]:
    return [t for g in deal.melds for t in g.tiles]


# --- writing


def mpsz(deal: Deal, tiles: Sequence[int]) -> str:
    """Compact notation: digits grouped by suit, red fives as 0."""
    out, run, digits = [], "", ""
    for t in sorted(tiles, key=lambda t: (t // 4, not deal.red(t))):
        name = tile_name(t // 4, deal.red(t))
        if name[1] != run and digits:
            out.append(digits + run)
            digits = ""
        run = name[1]
        digits += name[0]
    if digits:
        out.append(digits + run)
    return "".join(out)


def notation(deal: Deal, rng: random.Random) -> str:
    concealed = list(deal.concealed)
    concealed.remove(deal.winner)
    hand = mpsz(deal, concealed)
    if not deal.explicit_winner:
        hand += tile_name(deal.winner // 4, deal.red(deal.winner))  # the last tile written wins
    for g in deal.melds:
        hand += ("[{}]" if g.meld == "closed kan" else "({})").format(mpsz(deal, g.tiles))
    if deal.explicit_winner:
        hand += "+" + tile_name(deal.winner // 4, deal.red(deal.winner))
    items = ["tsumo" if deal.tsumo else "ron", *deal.flags]
    items += [f"seat={SEATS[WINDS.index(deal.seat)]}", f"round={SEATS[WINDS.index(deal.round)]}"]
    items.append(f"dora={mpsz(deal, deal.dora)}")
    if deal.ura:
        items.append(f"ura={mpsz(deal, deal.ura)}")
    if deal.honba:
        items.append(f"honba={deal.honba}")
    if deal.sticks:
        items.append(f"sticks={deal.sticks}")
    if deal.aka_word:
        items.append("aka=on")
    rng.shuffle(items)
    return f"{hand} {' '.join(items)}"


MELD_TYPES = {"chi": "chi", "pon": "pon", "open kan": "kan", "closed kan": "kan"}


def mahjong_record(deal: Deal, text: str) -> dict[str, object]:
    """The inputs of ``HandCalculator.estimate_hand_value`` for this deal (JSON-ready)."""
    flags = set(deal.flags)
    has_red = any(deal.red(t) for t in deal.concealed + meld_tiles(deal))
    return {
        "text": text,
        "tiles": sorted(t for g in deal.groups for t in g.tiles),
        "win_tile": deal.winner,
        "melds": [
            {"type": MELD_TYPES[g.meld], "tiles": sorted(g.tiles), "opened": g.meld != "closed kan"}
            for g in deal.melds
            if g.meld
        ],
        "dora": deal.dora,
        "ura": deal.ura,
        "aka": has_red or deal.aka_word,  # mjscore turns aka on when a red five is written
        "config": {
            "is_tsumo": deal.tsumo,
            "is_riichi": "riichi" in flags,
            "is_daburu_riichi": "double-riichi" in flags,
            "is_ippatsu": "ippatsu" in flags,
            "is_rinshan": "rinshan" in flags,
            "is_chankan": "chankan" in flags,
            "is_haitei": "haitei" in flags,
            "is_houtei": "houtei" in flags,
            "is_tenhou": "tenhou" in flags,
            "is_chiihou": "chiihou" in flags,
            "player_wind": deal.seat,
            "round_wind": deal.round,
            "tsumi_number": deal.honba,
            "kyoutaku_number": deal.sticks,
        },
    }


# --- checking with mjscore


@dataclass
class Stats:
    drawn: int = 0
    kept: int = 0
    discarded: Counter[str] = field(default_factory=Counter)
    kept_shapes: Counter[str] = field(default_factory=Counter)
    discarded_shapes: Counter[str] = field(default_factory=Counter)
    crashes: list[str] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        discards = sum(self.discarded.values())
        return {
            "drawn": self.drawn,
            "kept": self.kept,
            "discarded": discards,
            "discard_rate": discards / self.drawn if self.drawn else 0.0,
            "discarded_by_code": dict(self.discarded.most_common()),
            "kept_by_shape": dict(self.kept_shapes.most_common()),
            "discarded_by_shape": dict(self.discarded_shapes.most_common()),
            "crashes": self.crashes[:20],
            "tile_mismatches": self.mismatches[:20],
        }


def check(text: str, deal: Deal, stats: Stats, shape: str) -> str | None:
    """Score the line with mjscore: None if it scores (and holds the tiles meant), else why not."""
    from mjscore.errors import HandError
    from mjscore.scoring import parse_hand

    try:
        parsed = parse_hand(text)
        parsed.ruleset.evaluate(parsed.deal)
    except HandError as exc:
        why = "+".join(sorted({p.code for p in exc.problems}))
    except Exception as exc:  # a crash in mjscore: a bug to report, not a hand to keep
        stats.crashes.append(f"{text}  ->  {type(exc).__name__}: {exc}")
        why = f"crash {type(exc).__name__}"
    else:
        written = getattr(parsed.deal, "hand", None)
        meant = sorted((t // 4, deal.red(t)) for g in deal.groups for t in g.tiles)
        if written is None or not hasattr(written, "all_tiles") or sorted(written.all_tiles) == meant:
            return None
        stats.mismatches.append(text)
        why = "tile mismatch"
    stats.discarded[why] += 1
    stats.discarded_shapes[shape] += 1
    return why


def generate(count: int, seed: int, paths: dict[str, Path], verbose: bool = True) -> Stats:
    """Write ``count`` hands to paths["txt"] and paths["mahjong"]; discarded candidates to
    paths["discarded"] (JSON lines: the line, mjscore's reason, the mahjong inputs)."""
    rng = random.Random(seed)
    stats = Stats()
    start = time.perf_counter()
    with (
        paths["txt"].open("w", encoding="utf-8") as out,
        paths["mahjong"].open("w", encoding="utf-8") as mj,
        paths["discarded"].open("w", encoding="utf-8") as dropped,
    ):
        while stats.kept < count:
            deal, shape = draw_deal(rng)
            text = notation(deal, rng)
            stats.drawn += 1
            record = mahjong_record(deal, text)
            why = check(text, deal, stats, shape)
            if why is not None:
                dropped.write(json.dumps({"why": why, **record}, separators=(",", ":")) + "\n")
                continue
            stats.kept += 1
            stats.kept_shapes[shape.split("/")[0]] += 1
            out.write(text + "\n")
            mj.write(json.dumps(record, separators=(",", ":")) + "\n")
    if verbose:
        summary = stats.as_dict()
        print(
            f"{paths['txt']}: {stats.kept:,} hands kept of {stats.drawn:,} drawn "
            f"(discard rate {summary['discard_rate']:.1%}) in {time.perf_counter() - start:.1f} s",
            file=sys.stderr,
        )
        for code, n in stats.discarded.most_common():
            print(f"  discarded {n:6,}  {code}", file=sys.stderr)
        for line in stats.crashes[:5]:
            print(f"  CRASH: {line}", file=sys.stderr)
    return stats


def output_paths(out: Path, **given: Path | None) -> dict[str, Path]:
    """The files written beside ``out`` unless named: .mahjong.jsonl, .stats.json, .discarded.jsonl."""
    defaults = {"mahjong": ".mahjong.jsonl", "stats": ".stats.json", "discarded": ".discarded.jsonl"}
    return {"txt": out, **{k: given.get(k) or out.with_suffix(suffix) for k, suffix in defaults.items()}}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random complete, scoring riichi hands (mjscore + mahjong formats).")
    parser.add_argument("out", type=Path, help="the hands file (mjscore notation), e.g. riichi-5000.txt")
    parser.add_argument("--hands", type=int, default=5000, help="hands to write (default 5000)")
    parser.add_argument("--seed", type=int, default=20240611, help="random seed (default 20240611)")
    parser.add_argument("--mahjong", type=Path, help="the mahjong-package file (default OUT.mahjong.jsonl)")
    parser.add_argument("--stats", type=Path, help="counts of drawn, kept, discarded (default OUT.stats.json)")
    parser.add_argument("--discarded", type=Path, help="the candidates mjscore refused (default OUT.discarded.jsonl)")
    args = parser.parse_args(argv)
    paths = output_paths(args.out, mahjong=args.mahjong, stats=args.stats, discarded=args.discarded)
    stats = generate(args.hands, args.seed, paths)
    paths["stats"].write_text(json.dumps(stats.as_dict(), indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
