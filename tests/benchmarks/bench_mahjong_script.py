"""The ``mahjong`` package (PyPI) as a batch scorer: text in, JSON out.

    python tests/benchmarks/bench_mahjong_script.py FILE > results.jsonl

The baseline of the end-to-end comparison in ``bench_riichi.py``: it reads a file
of riichi hands written in mjscore notation (as ``mjscore batch`` does), turns
each line into the ``mahjong`` package's inputs with its own small parser (tiles,
``(…)`` / ``[…]`` melds, ``+TILE``, flags, seat and round winds, dora and ura
indicators, honba, sticks, ``aka=``), calls ``HandCalculator.estimate_hand_value``
and prints one JSON line per hand: ``{"line", "han", "fu", "cost"}`` or
``{"line", "error"}``.

It is deliberately simple (what a user of the package would write) and it only
reads what the benchmark's generator writes: it does not check the notation
the way mjscore does (no column-exact errors, no tile counts, no five-copy
checks). The rule options are those of docs/rules/riichi.md (Yakuza 2 table rules) as far
as ``OptionalRules`` can express them: see ``yakuza2_options``.

A benchmark helper, not a test: CI never runs it.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mahjong.hand_calculating.hand_config import OptionalRules

# The package is imported inside the functions: it is a benchmark-only dependency, and
# pytest (--doctest-modules) imports every module under tests/ even where it is missing.

SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
WIND = {"E": 27, "S": 28, "W": 29, "N": 30}
FIVES = (4, 13, 22)  # kinds of 5m 5p 5s: copy 0 of each is the package's red five (16, 52, 88)
GROUP = re.compile(r"\(([0-9mpsz]+)\)|\[([0-9mpsz]+)\]|\+([0-9][mpsz])|([0-9]+[mpsz])")
TILES = re.compile(r"([0-9]+)([mpsz])")
FLAGS = {
    "tsumo": "is_tsumo",
    "riichi": "is_riichi",
    "double-riichi": "is_daburu_riichi",
    "wriichi": "is_daburu_riichi",
    "ippatsu": "is_ippatsu",
    "rinshan": "is_rinshan",
    "chankan": "is_chankan",
    "haitei": "is_haitei",
    "houtei": "is_houtei",
    "tenhou": "is_tenhou",
    "chiihou": "is_chiihou",
}


@cache
def yakuza2_options(aka: bool) -> OptionalRules:
    """docs/rules/riichi.md §2 defaults in the package's terms (what cannot be set is listed in bench_riichi.py)."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    return OptionalRules(
        has_open_tanyao=True,  # kuitan on
        has_aka_dora=aka,  # aka: on when the hand writes a red five or aka=on
        has_double_yakuman=True,  # the four double limit hands count twice
        kazoe_limit=HandConstants.KAZOE_LIMITED,  # counted yakuman: 13+ han is one yakuman
        kiriage=False,  # no rounding up of 4/30 and 3/60
        fu_for_open_pinfu=True,  # an open 20-fu hand counts 30
        fu_for_pinfu_tsumo=False,  # pinfu tsumo is 20 fu
        renhou_as_yakuman=False,  # no renhou in this rule set (never flagged)
        has_daisharin=True,  # Big Wheels (pin only) is a limit hand
        has_daisharin_other_suits=False,
        has_daichisei=False,
        limit_to_sextuple_yakuman=False,  # yakuman_stack: limit hands add up, no cap
    )


def tiles_of(text: str) -> list[tuple[int, bool]]:
    """'067p5z' -> [(kind, red), ...]; 0 is a red five."""
    out = []
    for digits, suit in TILES.findall(text):
        for d in digits:
            rank = 5 if d == "0" else int(d)
            out.append((SUIT_BASE[suit] + rank - 1, d == "0"))
    return out


class Copies:
    """Hands out 136-format ids: a red five is copy 0; plain fives take copies 1-3 first.

    The package has one red five per suit: a second red 5p (docs/rules/riichi.md §1 allows two)
    can only be a plain one here."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, kind: int, red: bool) -> int:
        order = (0, 1, 2, 3) if red else (1, 2, 3, 0) if kind in FIVES else (0, 1, 2, 3)
        for copy in order:
            tile = kind * 4 + copy
            if tile not in self.used:
                self.used.add(tile)
                return tile
        raise ValueError(f"a fifth copy of tile kind {kind}")


def parse(line: str) -> dict[str, Any]:
    """One line of mjscore notation -> keyword arguments of estimate_hand_value."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    line = line.strip().removeprefix("riichi:")
    hand_words, flags, values = [], set(), {}
    for word in line.split():
        if "=" in word:
            key, _, value = word.partition("=")
            values[key] = value
        elif word[0].isdigit() or word[0] in "([+":
            hand_words.append(word)
        else:
            flags.add(word)
    copies = Copies()
    concealed: list[tuple[int, bool]] = []
    melds: list[tuple[bool, list[tuple[int, bool]]]] = []
    winner = None
    for opened, closed, plus, cards in GROUP.findall("".join(hand_words)):
        if cards:
            concealed += tiles_of(cards)
        elif plus:
            winner = tiles_of(plus)[0]
        else:
            melds.append((bool(opened), tiles_of(opened or closed)))
    if winner is None:
        winner = concealed.pop()
    red = any(r for _, r in [*concealed, winner, *(t for _, meld in melds for t in meld)])
    aka = values.get("aka", "on" if red else "off") == "on"
    tiles = [copies.take(*t) for t in concealed]
    win_tile = copies.take(*winner)
    meld_objects = []
    for opened, meld in melds:
        ids = [copies.take(*t) for t in meld]
        kinds = {k for k, _ in meld}
        kind = Meld.KAN if len(meld) == 4 else Meld.PON if len(kinds) == 1 else Meld.CHI
        meld_objects.append(Meld(meld_type=kind, tiles=ids, opened=opened))
        tiles += ids
    config = HandConfig(
        **{attr: True for word, attr in FLAGS.items() if word in flags},
        player_wind=WIND[values.get("seat", "S").upper()],
        round_wind=WIND[values.get("round", "E").upper()],
        tsumi_number=int(values.get("honba", 0)),
        kyoutaku_number=int(values.get("sticks", 0)),
        options=yakuza2_options(aka),
    )
    return {
        "tiles": [*tiles, win_tile],
        "win_tile": win_tile,
        "melds": meld_objects,
        "dora_indicators": [copies.take(*t) for t in tiles_of(values.get("dora", ""))],
        "ura_dora_indicators": [copies.take(*t) for t in tiles_of(values.get("ura", ""))],
        "config": config,
    }


def hand_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(lines, 1):
        text = raw.split("#", 1)[0].strip()
        if text:
            yield number, text


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    from mahjong.hand_calculating.hand import HandCalculator

    source = sys.stdin if argv[0] == "-" else open(argv[0], encoding="utf-8-sig")  # noqa: SIM115
    out = sys.stdout
    failed = 0
    with source:
        for number, text in hand_lines(source):
            result = HandCalculator.estimate_hand_value(**parse(text))
            if result.error:
                failed += 1
                out.write(json.dumps({"line": number, "error": result.error}) + "\n")
            else:
                out.write(json.dumps({"line": number, "han": result.han, "fu": result.fu, "cost": result.cost}) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
