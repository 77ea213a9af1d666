"""Fu (minipoints), itemised line by line (RULES.md §2.6)."""

from __future__ import annotations

from mjscore.hand import Shape, Win
from mjscore.result import ScoreLine
from mjscore.rulesets.riichi.model import RiichiReading, RiichiTable, is_pung
from mjscore.rulesets.riichi.readings import SEVEN_PAIRS, THIRTEEN_ORPHANS
from mjscore.rulesets.riichi.yaku import is_pinfu
from mjscore.tiles import DRAGONS, TERMINALS_AND_HONOURS, tile_name

BASE = 20
SEVEN_PAIRS_FU = 25
OPEN_PINFU_FU = 30


def _line(rid: str, name: str, fu: int, detail: str = "") -> ScoreLine:
    return ScoreLine(rid, name, "", 1, fu, detail)


def fu_lines(r: RiichiReading, t: RiichiTable) -> tuple[tuple[ScoreLine, ...], int]:
    """The fu lines of a reading and their total, rounded as the rules say."""
    if r.shape == SEVEN_PAIRS:
        return (_line("seven-pairs", "Seven Pairs", SEVEN_PAIRS_FU, "fixed"),), SEVEN_PAIRS_FU
    if r.shape == THIRTEEN_ORPHANS:
        return (), 0  # a limit hand: fu play no part
    pinfu = is_pinfu(r, t)
    lines = [_line("base", "base", BASE)]
    if t.closed and t.win is Win.RON:
        lines.append(_line("closed-ron", "closed ron", 10))
    if t.win is Win.TSUMO and not pinfu:
        lines.append(_line("tsumo", "tsumo", 2))
    lines += [_set_line(r, i) for i, g in enumerate(r.groups) if is_pung(g)]
    lines += _pair_lines(r, t)
    if t.flower_fu and not pinfu:  # flower fu are ignored while Pinfu is claimed (RULES.md §3)
        lines.append(_line("flowers", "flowers", t.flower_fu, f"{len(t.flowers)} set aside"))
    if r.wait.fu:
        winning = tile_name(t.winning)
        lines.append(_line("wait", f"{r.wait.value} wait", r.wait.fu, f"on {winning}"))
    raw = sum(x.value for x in lines)
    total = -(-raw // 10) * 10
    if total > raw:
        lines.append(_line("round-up", "rounded up to 10", total - raw, f"{raw} -> {total}"))
    if total == BASE and not t.closed:
        lines.append(_line("open-pinfu", "open hand of 20 fu counts 30", OPEN_PINFU_FU - BASE))
        total = OPEN_PINFU_FU
    return tuple(lines), total


def _set_line(r: RiichiReading, i: int) -> ScoreLine:
    g = r.groups[i]
    assert g.kind is not None
    outside = g.kind in TERMINALS_AND_HONOURS
    fu = 4 if outside else 2
    concealed = r.concealed(i)
    if concealed:
        fu *= 2
    kong = g.shape is Shape.KAN
    if kong:
        fu *= 4
    how = "concealed" if concealed else "open"
    what = "kong" if kong else "pung"
    kind = "terminal/honour" if outside else "simple"
    note = "completed by the discard, so open" if r.ron_opened and i == r.win_group else ""
    return _line("set", f"{how} {what} of {tile_name(g.kind)}", fu, note or kind)


def _pair_lines(r: RiichiReading, t: RiichiTable) -> list[ScoreLine]:
    pair = next((g.kind for g in r.groups if g.shape is Shape.PAIR), None)
    if pair is None:
        return []
    lines = []
    if pair in DRAGONS:
        lines.append(_line("pair", f"pair of {tile_name(pair)}", 2, "dragon"))
    if pair == t.seat:
        lines.append(_line("pair", f"pair of {tile_name(pair)}", 2, "seat wind"))
    if pair == t.round:
        lines.append(_line("pair", f"pair of {tile_name(pair)}", 2, "prevalent wind"))
    return lines
