"""Write random *winning* BABA hands, one per line, for the batch benchmark.

    python tests/benchmarks/gen_baba_hands.py OUT [--count N] [--seed S] [--check N]

The same seed always gives the same file. The mix is meant to look like real
score sheets: mostly two concealed Kohtsu (0-2 OBABA), some with a PON ``(…)``,
some with a KAN ``(…)`` / ``[…]`` plus a Kohtsu (7 cards), some San-toitsu and
some Ba-ittsu. Every card is written in a random spelling: its two kanji
(``馬場``), the single-kanji shorthand where the deck has one (``馬`` = 馬々,
``場`` = 場々), or its ASCII code in either case (``MB`` / ``mb``); OBABA is ``O``.
Lines carry 1-3 distinct ``dora=`` chips, ``tsumo`` or ``ron``, and sometimes
``pot=N``, ``players=3`` and (on concealed hands) ``menzen``.

Every hand respects the limits docs/rules/baba.md puts on a real one: 6 cards (7 with
one KAN), at most 4 copies of a kind counting melds, at most 4 OBABA.

``--check N`` reads back the first N lines with mjscore and fails unless each
one scores and holds exactly the cards the generator meant.

This is a benchmark helper, not a test: CI never runs it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

WILD = "O"
DOUBLING_MARK = "々"
BA = "場"
HAND_SIZE = 6
MAX_COPIES = 4
MAX_WILDS = 4

# The share of each hand shape in the mix (weights, not percentages).
SHAPE_WEIGHTS = {"concealed": 55, "pon": 15, "kan": 12, "san-toitsu": 10, "ba-ittsu": 8}


@dataclass(frozen=True)
class Card:
    """One card kind of the deck and the ways it may be written."""

    spelling: str
    code: str

    @property
    def shorthand(self) -> str | None:
        """The single kanji that stands for this kind ("馬" for 馬々), if it has one."""
        return self.spelling[0] if self.spelling[1] == DOUBLING_MARK else None


@dataclass
class Hand:
    """A generated hand: concealed cards, melds, items; ``None`` is an OBABA."""

    concealed: list[Card | None]
    melds: list[tuple[str, list[Card | None]]] = field(default_factory=list)  # ("open"|"closed", cards)
    concealed_only: bool = True

    def all_cards(self) -> list[Card | None]:
        return self.concealed + [c for _, cards in self.melds for c in cards]


def load_cards() -> list[Card]:
    """The card kinds of mjscore's built-in deck."""
    from mjscore.families.baba.deck import default_deck

    return [Card(k.spelling, k.code) for k in default_deck().kinds]


class HandMaker:
    """Random winning hands from one seeded ``random.Random``."""

    def __init__(self, cards: Sequence[Card], rng: random.Random) -> None:
        self.cards = list(cards)
        self.rng = rng
        self.ba_cards = [c for c in self.cards if BA in c.spelling]
        self.spellings = {c.spelling for c in self.cards}

    # -- shapes

    def hand(self) -> Hand:
        shape = self.rng.choices(list(SHAPE_WEIGHTS), weights=list(SHAPE_WEIGHTS.values()))[0]
        makers = {
            "concealed": self._concealed,
            "pon": self._pon,
            "kan": self._kan,
            "san-toitsu": self._san_toitsu,
            "ba-ittsu": self._ba_ittsu,
        }
        return makers[shape]()

    def _set(self, kind: Card, wilds: int) -> list[Card | None]:
        return [kind] * (3 - wilds) + [None] * wilds

    def _two_wild_counts(self) -> tuple[int, int]:
        """OBABA in each of two Kohtsu: 0-2 in all, mostly none."""
        total = self.rng.choices((0, 1, 2), weights=(60, 28, 12))[0]
        first = self.rng.randint(0, total)
        return first, total - first

    def _two_kohtsu(self) -> tuple[list[Card | None], list[Card | None]]:
        w1, w2 = self._two_wild_counts()
        a = self.rng.choice(self.cards)
        if (3 - w1) + (3 - w2) <= MAX_COPIES and self.rng.random() < 0.1:
            b = a  # e.g. BABA Yakuman: four of a kind and two OBABA
        else:
            b = self.rng.choice([c for c in self.cards if c != a])
        return self._set(a, w1), self._set(b, w2)

    def _concealed(self) -> Hand:
        first, second = self._two_kohtsu()
        return Hand(first + second)

    def _pon(self) -> Hand:
        meld, rest = self._two_kohtsu()
        return Hand(rest, [("open", meld)], concealed_only=False)

    def _kan(self) -> Hand:
        kan_wilds = self.rng.choices((0, 1, 2), weights=(75, 20, 5))[0]
        set_wilds = self.rng.choices((0, 1, 2), weights=(70, 22, 8))[0]
        a = self.rng.choice(self.cards)
        kan = [a] * (4 - kan_wilds) + [None] * kan_wilds
        b = self.rng.choice([c for c in self.cards if c != a or (4 - kan_wilds) + (3 - set_wilds) <= MAX_COPIES])
        kind = self.rng.choice(("open", "closed"))
        return Hand(self._set(b, set_wilds), [(kind, kan)], concealed_only=kind == "closed")

    def _san_toitsu(self) -> Hand:
        kinds = self.rng.sample(self.cards, 3)
        if self.rng.random() < 0.1:
            kinds[1] = kinds[0]  # four of a kind plus a pair (santoitsu_four, on by default)
        return Hand([k for k in kinds for _ in range(2)])

    def _ba_ittsu(self) -> Hand:
        return Hand(list(self.ba_cards))

    # -- writing

    def spell(self, card: Card | None) -> tuple[str, str]:
        """(how the card is written, "kanji" | "short" | "ascii" | "wild")."""
        if card is None:
            return WILD, "wild"
        ways = ["kanji", "ascii", "ascii-lower"]
        if card.shorthand:
            ways += ["short", "short"]  # people use the shorthand when they can
        way = self.rng.choice(ways)
        if way == "kanji":
            return card.spelling, way
        if way == "short":
            return card.shorthand or card.spelling, way
        return (card.code if way == "ascii" else card.code.lower()), "ascii"

    def write_cards(self, cards: Sequence[Card | None], spaces: bool = True) -> str:
        """The cards run together, with a space wherever running them together
        would read differently (or, now and then, just because people do).
        Inside a meld's brackets there are no spaces: a card that would be
        misread there is written by its ASCII code instead."""
        out: list[str] = []
        previous: tuple[str, str] | None = None
        for card in cards:
            text, way = self.spell(card)
            if previous is not None:
                if not self._ambiguous(previous, text):
                    out.append("" if not spaces or self.rng.random() < 0.85 else " ")
                elif spaces:
                    out.append(" ")
                else:
                    assert card is not None  # an OBABA is never ambiguous
                    text, way = card.code, "ascii"
            out.append(text)
            previous = (text, way)
        return "".join(out)

    def _ambiguous(self, previous: tuple[str, str], text: str) -> bool:
        """Would ``previous`` + ``text`` be misread by mjscore's card reader?

        A lone kanji X is shorthand for X々, but "X" followed by "Y" is the card
        "XY" whenever that is a spelling; and after shorthand X, a following
        "X…" is read as shorthand again. So after shorthand X only another X,
        ASCII or OBABA, or a card whose first kanji does not pair up with X,
        may follow directly.
        """
        prev_text, prev_way = previous
        if prev_way != "short" or text == prev_text:  # a run of one shorthand (馬馬馬) is fine
            return False
        return text[0] == prev_text or prev_text + text[0] in self.spellings

    def line(self) -> tuple[str, Hand]:
        """One line of notation, and the hand it is meant to hold."""
        hand = self.hand()
        concealed = list(hand.concealed)
        self.rng.shuffle(concealed)
        groups = [self.write_cards(concealed)] if concealed else []
        for kind, cards in hand.melds:
            written = self.write_cards(cards, spaces=False)
            groups.append(f"({written})" if kind == "open" else f"[{written}]")
        self.rng.shuffle(groups)
        # Melds may touch the cards next to them ("馬馬馬(MBMBO)"), or not.
        body = "".join(g if i == 0 or self.rng.random() < 0.4 else " " + g for i, g in enumerate(groups))
        prefix = self.rng.choice(("baba:", "baba:", "baba:", "baba: "))
        return prefix + body + " " + " ".join(self._items(hand)), hand

    def _items(self, hand: Hand) -> list[str]:
        chips = self.rng.sample(self.cards, self.rng.choices((1, 2, 3), weights=(60, 30, 10))[0])
        items = ["dora=" + ",".join(self.spell(c)[0] for c in chips), self.rng.choice(("tsumo", "ron"))]
        if self.rng.random() < 0.15:
            items.append(f"pot={self.rng.randint(1, 5)}")
        if self.rng.random() < 0.3:
            items.append("players=3")
        if hand.concealed_only and self.rng.random() < 0.3:
            items.append("menzen")
        self.rng.shuffle(items)
        return items


def hands(count: int, seed: int) -> Iterator[tuple[str, Hand]]:
    """``count`` (line, hand) pairs from ``seed``: the same seed, the same lines."""
    maker = HandMaker(load_cards(), random.Random(seed))
    for _ in range(count):
        yield maker.line()


def write(path: Path, count: int, seed: int) -> None:
    """Write ``count`` hands from ``seed`` to ``path``, one per line."""
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for text, _ in hands(count, seed):
            out.write(text + "\n")


Reading = tuple[tuple[tuple[str, ...], int], tuple[tuple[str, tuple[tuple[str, ...], int]], ...]]


def _reading(concealed: Sequence[str | None], melds: Sequence[tuple[str, Sequence[str | None]]]) -> Reading:
    """Cards as spellings (``None``: OBABA), order-free, to compare what was meant with what was read."""

    def group(cards: Sequence[str | None]) -> tuple[tuple[str, ...], int]:
        return tuple(sorted(c for c in cards if c is not None)), sum(c is None for c in cards)

    return group(concealed), tuple(sorted((kind, group(cards)) for kind, cards in melds))


def _meant(hand: Hand) -> Reading:
    def names(cards: Sequence[Card | None]) -> list[str | None]:
        return [None if c is None else c.spelling for c in cards]

    return _reading(names(hand.concealed), [(kind, names(cards)) for kind, cards in hand.melds])


def check(count: int, seed: int) -> int:
    """Score the first ``count`` hands with mjscore and compare the cards it read
    with the cards meant; the number of lines that failed (each is printed)."""
    from mjscore import Settings, parse_hand
    from mjscore.errors import HandError
    from mjscore.families.baba.deck import deck_of
    from mjscore.hand import MeldKind

    settings = Settings(ruleset="baba")
    spelling = [k.spelling for k in deck_of(settings).kinds]
    bad = 0
    for number, (text, meant) in enumerate(hands(count, seed), 1):
        try:
            parsed = parse_hand(text, settings)
            parsed.ruleset.evaluate(parsed.deal)
        except HandError as exc:
            bad += 1
            print(f"line {number}: {text}\n  {exc}", file=sys.stderr)
            continue
        hand = parsed.deal.table.hand
        read = _reading(
            [spelling[k] for k in hand.concealed] + [None] * hand.wilds,
            [
                (
                    "closed" if m.meld is MeldKind.CLOSED_KAN else "open",
                    [spelling[k] for k in m.kinds] + [None] * m.wilds,
                )
                for m in hand.melds
            ],
        )
        if read != _meant(meant):
            bad += 1
            print(f"line {number}: {text}\n  read as {read}\n  meant   {_meant(meant)}", file=sys.stderr)
    return bad


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="file to write (one hand per line)")
    parser.add_argument("--count", type=int, default=100_000, help="number of hands (default 100,000)")
    parser.add_argument("--seed", type=int, default=20240501, help="random seed (default 20240501)")
    parser.add_argument("--check", type=int, default=0, metavar="N", help="score the first N lines with mjscore")
    args = parser.parse_args(argv)
    write(args.out, args.count, args.seed)
    if args.check:
        checked = min(args.check, args.count)
        bad = check(checked, args.seed)
        print(f"checked the first {checked} lines with mjscore: {bad} failed", file=sys.stderr)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
