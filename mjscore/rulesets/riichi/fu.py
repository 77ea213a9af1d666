"""Fu (minipoints), itemised line by line (docs/rules/riichi.md §6)."""

from __future__ import annotations

from typing import Final

from mjscore.families.mpsz.tiles import DRAGONS, TERMINALS_AND_HONOURS, tile_name
from mjscore.hand import Shape, Win
from mjscore.result import ScoreLine
from mjscore.rulesets.riichi.model import WAIT_FU, RiichiReading, RiichiTable, Wait
from mjscore.rulesets.riichi.points import round_up
from mjscore.rulesets.riichi.readings import SEVEN_PAIRS, THIRTEEN_ORPHANS
from mjscore.rulesets.riichi.rows import is_pinfu
from mjscore.values import kept, memo

BASE: Final = 20
SEVEN_PAIRS_FU: Final = 25
OPEN_PINFU_FU: Final = 30
PAIR_FU: Final = 2  # a pair of a dragon, of the seat wind, of the prevalent wind (docs/rules/riichi.md §6)


def _line(rid: str, name: str, fu: int, detail: str = "") -> ScoreLine:
    return ScoreLine(rid, name, "", 1, fu, detail)


# Lines that never change, and memos of the lines that depend on a few small values: a
# ScoreLine is immutable, so every hand with a closed pung of 5p shares one. Each memo is a
# plain dict keyed by one number that packs the values (compiled, a functools cache's call is a
# generic one that builds a tuple of the arguments as its key).
_BASE: Final = _line("base", "base", BASE)
_CLOSED_RON: Final = _line("closed-ron", "closed ron", 10)
_TSUMO: Final = _line("tsumo", "tsumo", 2)
_SEVEN_PAIRS: Final = (_line("seven-pairs", "Seven Pairs", SEVEN_PAIRS_FU, "fixed"),)
_OPEN_PINFU: Final = _line("open-pinfu", "open hand of 20 fu counts 30", OPEN_PINFU_FU - BASE)


def fu_lines(r: RiichiReading, t: RiichiTable, double_wind_fu: int) -> tuple[tuple[ScoreLine, ...], int]:
    """The fu lines of a reading and their total, rounded as the rules say (``double_wind_fu``:
    what a pair of a wind that is both the seat and the prevalent wind earns)."""
    if r.shape == SEVEN_PAIRS:
        return _SEVEN_PAIRS, SEVEN_PAIRS_FU
    if r.shape == THIRTEEN_ORPHANS:
        return (), 0  # a limit hand: fu play no part
    pinfu = is_pinfu(r, t)
    lines = [_BASE]
    if t.closed and t.win is Win.RON:
        lines.append(_CLOSED_RON)
    if t.win is Win.TSUMO and not pinfu:
        lines.append(_TSUMO)
    if r.pungs:
        lines += _set_lines(r)
    if r.pair is not None:
        lines += _pair_lines(r.pair, t.seat, t.round, double_wind_fu)
    if t.flower_fu and not pinfu:  # flower fu are ignored while Pinfu is claimed (docs/rules/hana.md §4)
        lines.append(_line("flowers", "flowers", t.flower_fu, f"{len(t.flowers)} set aside"))
    if WAIT_FU[r.wait]:
        lines.append(_wait_line(r.wait, t.winning))
    raw = 0
    for x in lines:  # a loop, not sum(): compiled, sum is looked up among the builtins at each call
        raw += x.value
    total = round_up(raw, 10)
    if total > raw:
        lines.append(_round_up_line(raw, total))
    if total == BASE and not t.closed:
        lines.append(_OPEN_PINFU)
        total = OPEN_PINFU_FU
    return tuple(lines), total


def _set_lines(r: RiichiReading) -> list[ScoreLine]:
    """A line for each pung and kong: concealed when not melded open nor completed by a discard."""
    found = []
    for i, g in enumerate(r.groups):
        if g.shape is Shape.SET or g.shape is Shape.KAN:
            opened_by_ron = r.ron_opened and i == r.win_group
            found.append(_set_line(g.kind, g.shape is Shape.KAN, not g.is_open and not opened_by_ron, opened_by_ron))
    return found


_SET_LINES: Final[dict[int, ScoreLine]] = memo()
_PAIR_LINES: Final[dict[int, tuple[ScoreLine, ...]]] = memo()
_WAIT_LINES: Final[dict[int, ScoreLine]] = memo()
_ROUND_UP_LINES: Final[dict[int, ScoreLine]] = memo()
_KINDS: Final = 64  # past every tile kind (a pair's, a set's): what packs a kind into a key
_LINES_KEPT: Final = 4096


def _set_line(kind: int | None, kong: bool, concealed: bool, opened_by_ron: bool) -> ScoreLine:
    assert kind is not None
    key = kind * 8 + kong * 4 + concealed * 2 + opened_by_ron
    found = _SET_LINES.get(key)
    if found is None:
        found = kept(_SET_LINES, _LINES_KEPT, key, _new_set_line(kind, kong, concealed, opened_by_ron))
    return found


def _new_set_line(kind: int, kong: bool, concealed: bool, opened_by_ron: bool) -> ScoreLine:
    outside = kind in TERMINALS_AND_HONOURS
    fu = (4 if outside else 2) * (2 if concealed else 1) * (4 if kong else 1)
    how = "concealed" if concealed else "open"
    what = "kong" if kong else "pung"
    note = "completed by the discard, so open" if opened_by_ron else "terminal/honour" if outside else "simple"
    return _line("set", f"{how} {what} of {tile_name(kind)}", fu, note)


def _pair_lines(pair: int, seat: int, prevalent: int, double_wind_fu: int) -> tuple[ScoreLine, ...]:
    key = ((double_wind_fu * _KINDS + pair) * _KINDS + seat) * _KINDS + prevalent
    found = _PAIR_LINES.get(key)
    if found is None:
        found = kept(_PAIR_LINES, _LINES_KEPT, key, _new_pair_lines(pair, seat, prevalent, double_wind_fu))
    return found


def _new_pair_lines(pair: int, seat: int, prevalent: int, double_wind_fu: int) -> tuple[ScoreLine, ...]:
    """2 fu for a pair of dragons, of the seat wind, of the prevalent wind (each); a wind that is
    both earns ``double_wind_fu``: 4 (a line for each) or 2 (one line)."""
    name = f"pair of {tile_name(pair)}"
    if pair == seat == prevalent and double_wind_fu != 2 * PAIR_FU:
        return (_line("pair", name, double_wind_fu, f"seat and prevalent wind (double_wind_fu={double_wind_fu})"),)
    reasons = (("dragon", pair in DRAGONS), ("seat wind", pair == seat), ("prevalent wind", pair == prevalent))
    return tuple(_line("pair", name, PAIR_FU, why) for why, applies in reasons if applies)


def _wait_line(wait: Wait, winning: int) -> ScoreLine:
    key = _WAIT_NUMBER[wait] * _KINDS + winning
    found = _WAIT_LINES.get(key)
    if found is None:
        line = _line("wait", f"{wait.value} wait", WAIT_FU[wait], f"on {tile_name(winning)}")
        found = kept(_WAIT_LINES, _LINES_KEPT, key, line)
    return found


_WAIT_NUMBER: Final = {wait: number for number, wait in enumerate(Wait)}


def _round_up_line(raw: int, total: int) -> ScoreLine:
    """(``total`` is ``raw`` rounded up: ``raw`` alone is the key.)"""
    found = _ROUND_UP_LINES.get(raw)
    if found is None:
        line = _line("round-up", "rounded up to 10", total - raw, f"{raw} -> {total}")
        found = kept(_ROUND_UP_LINES, _LINES_KEPT, raw, line)
    return found
