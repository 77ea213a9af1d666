"""How a riichi result reads: the reading for people, the hand in canonical notation, the
summary and the notes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final

from mjscore.families.mpsz import written
from mjscore.families.mpsz.groups import group_text
from mjscore.families.mpsz.tiles import SEAT_LETTER, tile_name
from mjscore.hand import Group, Win, bracketed
from mjscore.notation.build import other_flags
from mjscore.options import OptionSpec, OptionValue, option_words
from mjscore.presets import PRESET_KEY
from mjscore.result import Summary
from mjscore.rulesets.riichi.model import RiichiReading, RiichiTable, Wait
from mjscore.rulesets.riichi.points import COUNTED_YAKUMAN, HandValue, limit_name
from mjscore.values import kept, memo

# Words looked up: an enum's .value is a Python-level call.
WORD: Final = {member: member.value for member in (*Win, *Wait)}


_NOTES: Final[dict[int, tuple[str, ...]]] = memo()  # a win's notes, by the number notes() packs


def notes(explicit_winner: bool, winning: int, unnamed_discarder: bool) -> tuple[str, ...]:
    """The notes of a win, kept by one number packing what they say: a batch's hands share the
    few there are (and the JSON writer, by their identity, their text)."""
    key = winning << 2 | int(explicit_winner) << 1 | int(unnamed_discarder)
    found = _NOTES.get(key)
    if found is None:
        found = kept(_NOTES, 1024, key, _new_notes(explicit_winner, winning, unnamed_discarder))
    return found


def _new_notes(explicit_winner: bool, winning: int, unnamed_discarder: bool) -> tuple[str, ...]:
    notes = []
    if not explicit_winner:
        notes.append(f"winning tile: {tile_name(winning)} (the last tile written; +TILE names it)")
    if unnamed_discarder:
        notes.append("the discarder is not named (from=SEAT): shown as 'discarder'")
    return tuple(notes)


@lru_cache(maxsize=1024)
def summary(han: int, fu: int, yakuman: int, value: HandValue) -> Summary:
    """What the hand comes to (cached, by position: every reading asks, and a batch meets few
    distinct values)."""
    base, limit, points = value
    if limit == COUNTED_YAKUMAN:
        yakuman = 1
    return Summary(han, fu or None, base, limit or None, limit_name(limit, yakuman) or None, yakuman, points)


def describe(r: RiichiReading, t: RiichiTable) -> str:
    """A reading for people: "123m* 456p (789s) 55z · standard, two-sided wait on 1m"."""
    groups = " ".join([_group_text(g) + "*" if i == r.win_group else _group_text(g) for i, g in enumerate(r.groups)])
    if r.win_group < 0:
        return f"{groups} · {r.shape}"
    return f"{groups} · {r.shape}, {WORD[r.wait]} wait on {tile_name(t.winning)}"


# A group as written, kept by the group in a plain dict: lru_cache's call (a tuple of its
# arguments, and a key made of them) cost about 600 instructions more, five times a hand.
_GROUP_TEXT: Final[dict[Group, str]] = memo()


def _group_text(g: Group) -> str:
    text = _GROUP_TEXT.get(g)
    if text is None:
        text = kept(_GROUP_TEXT, 4096, g, bracketed(group_text(g), g.meld))
    return text


def canonical(
    hand: written.WrittenHand,
    t: RiichiTable,
    indicators: Sequence[tuple[str, tuple[written.Tile, ...]]],
    *,
    options: Mapping[str, OptionValue],
    ruleset: str,
    specs: Sequence[OptionSpec],
    preset: str | None = None,
    more: Sequence[str] = (),
    winner: bool = True,
    win: bool = True,
) -> str:
    """The line as read, in canonical notation (``options``: those the line wrote; ``preset``:
    the preset it chose, if it did; ``more``: the rule set's own items, sanma's kita=). A hand
    that waits (mjscore waits) is written without the ``winner`` and, unless its line named it,
    without the ``win``."""
    parts = [written.format_hand(hand, winner)]
    if hand.flowers:
        parts.append(" " + written.format_tiles(tuple((f, False) for f in hand.flowers)))
    words = [WORD[t.win]] if win else []
    words += other_flags(t.flags)
    words += [f"seat={SEAT_LETTER[t.seat]}", f"round={SEAT_LETTER[t.round]}"]
    for key, tiles in indicators:
        if tiles:
            words.append(f"{key}={written.format_recurring(tiles)}")
    # one statement each, not loops over (key, value) pairs: compiled, each pair is a new tuple
    if t.honba:
        words.append(f"honba={t.honba}")
    if t.sticks:
        words.append(f"sticks={t.sticks}")
    if t.pao is not None:
        words.append(f"pao={SEAT_LETTER[t.pao]}")
    if t.discarder is not None:
        words.append(f"from={SEAT_LETTER[t.discarder]}")
    words += more
    if preset is not None:
        words.append(f"{PRESET_KEY}={preset}")
    words += option_words(options, specs)
    return f"{ruleset}:" + "".join(parts) + " " + " ".join(words)
