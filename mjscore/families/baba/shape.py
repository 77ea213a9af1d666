"""How far a BABA hand is from a winning shape: ``BabaShape``, the ``HandShape`` that
``mjscore waits`` asks of a BABA line (docs/rules/baba.md §2; README, "BABA: waits, shanten and
discards").

The number is exact, and defined as the mpsz engine's is (``families.mpsz.shanten``). A
*target* is a winning hand the concealed part could become: ``cards`` cards (6, 7 with a KAN,
less those in the melds) that the rule set reads as a winning shape beside the line's melds,
holding no more copies of a card than the deck leaves (four of a kind, the deck's
``wild_cards`` of OBABA, less those in the melds). A hand lacks the cards of a target it does
not hold; its shanten is the fewest cards it lacks of any target, less one: -1 a winning
hand, 0 ready (one card short), k: k + 1 cards short. That is also the fewest draws that can
complete it, each but the last followed by a discard, less one: a draw brings at most one card
of a target, and a hand that keeps what it holds of the nearest target, draws the rest and
throws the others gets there in that many.

Which shapes a target takes is asked of the rule set (``shapes_of``: its own readings, so that
the engine and the scorer never disagree). The targets are found once per rule set, options,
deck and melds and remembered: a hand of 6 cards of 9 kinds and OBABA is one of some 5,000.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from itertools import combinations_with_replacement
from typing import Final

from mjscore.families.baba.deck import MAX_COPIES, WILD_WAIT, Deck
from mjscore.families.mpsz.shanten import Shanten
from mjscore.hand import Hand, Meld
from mjscore.values import kept, memo
from mjscore.waiting import HandShape, Progress

Counts = tuple[int, ...]  # copies of each kind of the deck, in its order, then of OBABA
Target = tuple[tuple[int, int], ...]  # a winning hand's concealed cards: (place in Counts, copies) of each kind
ShapesOf = Callable[[Hand], frozenset[str]]  # the shapes a hand takes: the rule set's readings'
_MEMO_SIZE: Final = 256  # target sets remembered; past it the memo starts again (flat memory)
_MEMO: Final[dict[tuple[Hashable, ...], tuple[tuple[Target, ...], ...]]] = memo()


class BabaShape(HandShape):
    """The shanten of the concealed parts of one BABA line (its ``melds``, its ``deck``): of each
    of three ``shapes``, the reading shapes the three places of a ``Shanten`` count (the basic
    shape, then San-toitsu and Ba-ittsu: the pairs and the singles); a shape no target takes (a
    rule set without it, a hand with melds) is None there. ``cards``: the concealed cards of a
    winning hand; ``key``: what, besides the deck and the melds, decides ``shapes_of`` (the rule
    set and its options); ``names`` as ``HandShape``'s. A concealed part lists its cards by kind,
    OBABA as ``WILD_WAIT``."""

    def __init__(
        self,
        melds: Sequence[Meld],
        deck: Deck,
        shapes_of: ShapesOf,
        *,
        cards: int,
        shapes: tuple[str, str, str],
        key: Hashable,
        names: tuple[str, str, str],
    ) -> None:
        super().__init__(names)
        self.melds = tuple(melds)
        self.shapes_of = shapes_of
        self.cards = cards
        self.kinds = (*range(len(deck.kinds)), WILD_WAIT)  # each kind's place in Counts
        in_melds = [0] * len(self.kinds)
        for meld in self.melds:
            for kind in meld.kinds:
                in_melds[kind] += 1
            in_melds[-1] += meld.wilds
        self.in_melds: Counts = tuple(in_melds)
        self.copies: Counts = (*[MAX_COPIES] * len(deck.kinds), deck.max_wilds)
        self.targets = _remembered((key, self.melds, deck, cards, shapes), lambda: self._targets(shapes))

    def shanten(self, concealed: Sequence[int]) -> Shanten:
        return self._shanten(self._most_kept(self._counts(concealed)))

    def progress(self, concealed: Sequence[int]) -> Progress:
        """The shanten, the kinds (OBABA too) that a target nearest the hand holds more of than
        the hand does (a draw of one lowers the shanten, and only such a draw does), and the
        kinds the hand and its melds hold every copy of that would make it a winning shape."""
        counts = self._counts(concealed)
        kept = self._most_kept(counts)
        most = max(kept)
        wanted = set()
        for targets in self.targets:
            for target in targets:
                if _kept(target, counts) == most:
                    wanted.update([place for place, n in target if n > counts[place]])
        held_four = [
            kind
            for place, kind in enumerate(self.kinds)
            if counts[place] + self.in_melds[place] >= self.copies[place] and self._completes(counts, place)
        ]
        improving = [kind for place, kind in enumerate(self.kinds) if place in wanted]
        return Progress(self._shanten(kept), tuple(improving), tuple(held_four))

    def _shanten(self, kept: list[int]) -> Shanten:
        """Of each shape, the cards a hand lacks of its nearest target, less one (no target: None)."""
        standard, pairs, orphans = [None if most < 0 else self.cards - most - 1 for most in kept]
        assert standard is not None  # two Kohtsu (a KAN and a Kohtsu) can always be made: nine kinds, four of each
        return Shanten(standard, pairs, orphans)

    def _most_kept(self, counts: Counts) -> list[int]:
        """Of each shape, the most cards of a target the hand holds (-1: no target)."""
        return [max([_kept(target, counts) for target in targets], default=-1) for targets in self.targets]

    def _targets(self, shapes: tuple[str, str, str]) -> tuple[tuple[Target, ...], ...]:
        """Every winning hand of ``cards`` cards the deck leaves room for, under each shape."""
        found: list[list[Target]] = [[], [], []]
        room = [copies - held for copies, held in zip(self.copies, self.in_melds, strict=True)]
        for places in combinations_with_replacement(range(len(self.kinds)), self.cards):
            counts = [0] * len(self.kinds)
            for place in places:
                counts[place] += 1
            if any(n > most for n, most in zip(counts, room, strict=True)):
                continue
            taken = self.shapes_of(self._hand(counts))
            target = tuple([(place, n) for place, n in enumerate(counts) if n])
            for i, shape in enumerate(shapes):
                if shape in taken:
                    found[i].append(target)
        return tuple([tuple(targets) for targets in found])

    def _completes(self, counts: Counts, place: int) -> bool:
        """Whether one more card of the kind at ``place`` makes a winning shape, copies not counted."""
        more = list(counts)
        more[place] += 1
        return bool(self.shapes_of(self._hand(more)))

    def _hand(self, counts: Sequence[int]) -> Hand:
        real = tuple([kind for kind, n in zip(self.kinds[:-1], counts, strict=False) for _ in range(n)])
        return Hand(real, counts[-1], self.melds)

    def _counts(self, concealed: Sequence[int]) -> Counts:
        counts = [0] * len(self.kinds)
        wild = len(self.kinds) - 1
        for kind in concealed:
            counts[wild if kind == WILD_WAIT else kind] += 1
        return tuple(counts)


def _kept(target: Target, counts: Counts) -> int:
    """The cards of ``target`` a hand of ``counts`` holds."""
    kept = 0
    for place, n in target:
        held = counts[place]
        kept += n if n < held else held
    return kept


def _remembered(
    key: tuple[Hashable, ...], find: Callable[[], tuple[tuple[Target, ...], ...]]
) -> tuple[tuple[Target, ...], ...]:
    found = _MEMO.get(key)
    if found is None:
        found = kept(_MEMO, _MEMO_SIZE, key, find())
    return found
