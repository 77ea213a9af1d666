"""Checks of a riichi line beyond its tiles: situations that contradict each other or the
hand, and the seats named."""

from __future__ import annotations

from collections.abc import Sequence

from mjscore.errors import Problem
from mjscore.families.mpsz import written
from mjscore.families.mpsz.checks import discarder_problems, situation_problems
from mjscore.families.mpsz.tiles import DEALER
from mjscore.hand import MeldKind, Win
from mjscore.notation.build import Items
from mjscore.rulesets.riichi.model import RENHOU_OFF


def flag_problems(
    hand: written.WrittenHand,
    flags: frozenset[str],
    items: Items,
    win: Win,
    seat: int | None,
    *,
    indicators: Sequence[written.Tile],
    set_aside: bool = False,
    renhou: str,
) -> list[Problem]:
    """Situations that contradict each other or the hand (issue: validation): those every
    rule set on these tiles shares, then riichi's own (riichi, ippatsu, ura, first draws,
    renhou: ``renhou`` is the option's value). ``set_aside``: the items set bonus tiles aside
    (sanma's kita=)."""
    problems = situation_problems(hand, items.flags, win, seat, indicators, set_aside=set_aside)
    if flags <= {"tsumo", "ron"} and "ura" not in items.values:
        return problems  # every check below needs a situation flag or ura=: most hands have none
    at = items.flags.get
    closed = all(kind is MeldKind.CLOSED_KAN for kind, _ in hand.melds)
    first_draw = "tenhou" if "tenhou" in flags else "chiihou"
    checks = (
        (
            "riichi" in flags and "double-riichi" in flags,
            "riichi-conflict",
            "riichi and double-riichi together",
            "riichi",
        ),
        ("riichi" in flags and not closed, "riichi-open", "riichi needs a concealed hand (no open meld)", "riichi"),
        (
            "double-riichi" in flags and not closed,
            "riichi-open",
            "double-riichi needs a concealed hand",
            "double-riichi",
        ),
        (
            "ippatsu" in flags and not ({"riichi", "double-riichi"} & flags),
            "ippatsu-without-riichi",
            "ippatsu needs riichi (or double-riichi)",
            "ippatsu",
        ),
        (
            "ippatsu" in flags and "rinshan" in flags,
            "ippatsu-rinshan",
            "rinshan is the draw after the winner's own kong, and a kong declared after riichi ends ippatsu",
            "ippatsu",
        ),
        (first_draw in flags and win is Win.RON, "tenhou-ron", "a first-draw win is a tsumo", first_draw),
        (
            first_draw in flags and bool({"riichi", "double-riichi", "ippatsu"} & flags),
            "first-draw-riichi",
            "a win on the first draw comes before any riichi declaration",
            first_draw,
        ),
        (
            "ura" in items.values and not ({"riichi", "double-riichi"} & flags),
            "ura-without-riichi",
            "ura dora count only with riichi (or double-riichi)",
            "",
        ),
    )
    problems += [
        Problem(code, message, at(flag, 0) if flag else items.values["ura"][1])
        for ok, code, message, flag in checks
        if ok
    ]
    if "renhou" in flags:
        problems += _renhou_problems(hand, flags, win, seat, renhou=renhou, col=at("renhou", 0))
    return problems


def _renhou_problems(
    hand: written.WrittenHand, flags: frozenset[str], win: Win, seat: int | None, *, renhou: str, col: int
) -> list[Problem]:
    """Renhou (docs/rules/riichi.md §5) is a non-dealer's ron before their first draw, with no
    call before it: no meld in the hand (not even a closed kong: one is declared after a draw)
    and no riichi. The word is refused while the option says the table has no renhou."""
    checks = (
        (
            renhou == RENHOU_OFF,
            "renhou-off",
            "renhou is no yaku at this table (renhou=off, as in Yakuza 2): "
            "say renhou=mangan, renhou=5han or renhou=yakuman to score it",
        ),
        (win is Win.TSUMO, "renhou-tsumo", "renhou is won on a discard before one's first draw: a ron"),
        (seat == DEALER, "renhou-dealer", "renhou is a non-dealer's: the dealer's first turn begins with a draw"),
        (
            bool(hand.melds),
            "renhou-with-melds",
            "renhou comes before any call and before one's first draw: no meld, not even a closed kong",
        ),
        (
            bool({"riichi", "double-riichi", "ippatsu"} & flags),
            "renhou-riichi",
            "renhou comes before one's first draw, so before any riichi declaration",
        ),
    )
    return [Problem(code, message, col) for ok, code, message in checks if ok]


def seat_problems(items: Items, seat: int | None, win: Win, pao: int | None, discarder: int | None) -> list[Problem]:
    problems = discarder_problems(items, seat, win, discarder)
    if pao is not None and pao == seat:
        problems.append(
            Problem("pao-winner", "the liable player (pao=) must be another player", items.values["pao"][1])
        )
    return problems
