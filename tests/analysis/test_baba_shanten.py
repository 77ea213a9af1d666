"""How far a BABA hand is from a win (``families.baba.shape.BabaShape``), against the slow,
obvious count: the fewest draws that complete a hand, each draw but the last followed by the
best discard, found by going over every hand of the deck again and again until no count
changes, each hand judged complete by the rule set's own readings. The shanten must be that
count less one for every hand one card short and every hand one over, in each shape and in
all; the improving cards must be exactly the draws after which a discard (or none: a win)
leaves a hand nearer. Then a table of discards against the hands one short it leaves, and the
characters that take a card out of a line against the cards read back.

The hands are all there are (5 or 2 concealed cards of 9 kinds and OBABA, as the deck and the
melds leave room), so nothing is sampled but the tables of discards."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations_with_replacement

import pytest

from mjscore.analysis import DISCARDS, NOT_READY, WAITS, Analysis, analyse
from mjscore.families.baba.cards import read_cards
from mjscore.families.baba.deck import MAX_COPIES, WILD_WAIT, default_deck
from mjscore.families.baba.shape import BabaShape
from mjscore.hand import Hand, Meld, MeldKind
from mjscore.notation.tokens import Token
from mjscore.rulesets.baba import (
    BA_ITTSU,
    BASIC,
    SAN_TOITSU,
    BabaBeginner,
    BabaExpert,
    BeginnerOptions,
    ExpertOptions,
    _pieces,
)
from mjscore.scoring import read_tokens
from mjscore.settings import Settings

DECK = default_deck()
KINDS = (*range(len(DECK.kinds)), WILD_WAIT)  # the deck's order, then OBABA
EXPERT, BEGINNER = BabaExpert(), BabaBeginner()
Cards = tuple[int, ...]  # a concealed part, sorted
UNREACHED = 99
SETTINGS = Settings()

# (rule set, options, melds): no meld (6 cards to win), a PON or a KAN (3 more), OBABA in them
CASES = [
    (EXPERT, ExpertOptions(), ()),
    (EXPERT, ExpertOptions(santoitsu_four=False, obaba_set=True), ()),
    (BEGINNER, BeginnerOptions(), ()),
    (EXPERT, ExpertOptions(), (Meld((0, 0, 0), 0, MeldKind.OPEN),)),
    (EXPERT, ExpertOptions(), (Meld((2, 2), 1, MeldKind.OPEN),)),
    (EXPERT, ExpertOptions(obaba_set=True), (Meld((4,), 2, MeldKind.OPEN),)),
    (EXPERT, ExpertOptions(), (Meld((5, 5, 5, 5), 0, MeldKind.CLOSED_KAN),)),
    (EXPERT, ExpertOptions(), (Meld((6, 6, 6), 1, MeldKind.OPEN),)),
    (BEGINNER, BeginnerOptions(), (Meld((7, 7, 7), 0, MeldKind.SHOWN),)),
]


class Brute:
    """The slow count for one rule set, options and melds: the fewest draws that complete each
    hand one short (to a win of one shape, or of any), by going over all of them until no count
    changes: 1 when a draw wins, else one more than the least of the hands that a draw and a
    discard leave. A draw is of a kind the hand and its melds do not hold every copy of."""

    def __init__(self, ruleset: BabaBeginner, options: BeginnerOptions, melds: tuple[Meld, ...]) -> None:
        self.ruleset, self.options, self.melds = ruleset, options, melds
        kan = any(m.size == 4 for m in melds)
        self.cards = 6 + kan - sum(m.size for m in melds)  # concealed cards of a winning hand
        in_melds = [k for m in melds for k in m.kinds] + [WILD_WAIT] * sum(m.wilds for m in melds)
        self.room = {k: (DECK.max_wilds if k == WILD_WAIT else MAX_COPIES) - in_melds.count(k) for k in KINDS}
        self.shapes: dict[Cards, frozenset[str]] = {}
        self.short = list(self.hands(self.cards - 1))
        at = {cards: i for i, cards in enumerate(self.short)}
        # each hand's draws: the hand drawn, and the hands its discards leave
        self.moves = [
            [(drawn, [at[_less(drawn, d)] for d in set(drawn)]) for _, drawn in self.drawn(cards)]
            for cards in self.short
        ]

    def hands(self, size: int) -> Iterator[Cards]:
        for cards in combinations_with_replacement(KINDS, size):
            if all(cards.count(k) <= self.room[k] for k in set(cards)):
                yield tuple(sorted(cards))

    def drawn(self, cards: Cards) -> list[tuple[int, Cards]]:
        """Each kind the hand may draw, in the deck's order, then OBABA, and the hand with it."""
        return [(k, tuple(sorted((*cards, k)))) for k in KINDS if cards.count(k) < self.room[k]]

    def shapes_of(self, cards: Cards) -> frozenset[str]:
        """The shapes the rule set reads in a complete hand (none: it is no win)."""
        if cards not in self.shapes:
            real = tuple(sorted(k for k in cards if k != WILD_WAIT))
            hand = Hand(real, cards.count(WILD_WAIT), self.melds)
            self.shapes[cards] = frozenset(r.shape for r in self.ruleset.hand_readings(hand, self.options, DECK))
        return self.shapes[cards]

    def draws(self, shape: str | None) -> dict[Cards, int]:
        """The fewest draws to a win of ``shape`` (None: any) from each hand one short."""
        found = [UNREACHED] * len(self.short)
        changed = True
        while changed:
            changed = False
            for i, moves in enumerate(self.moves):
                best = found[i]
                for drawn, left in moves:
                    shapes = self.shapes_of(drawn)
                    if shapes if shape is None else shape in shapes:
                        best = 1
                        break
                    best = min(best, 1 + min(found[j] for j in left))
                if best < found[i]:
                    found[i] = best
                    changed = True
        return dict(zip(self.short, found, strict=True))


def _less(cards: Cards, kind: int) -> Cards:
    left = list(cards)
    left.remove(kind)
    return tuple(left)


def _shanten(draws: int) -> int | None:
    return None if draws == UNREACHED else draws - 1


@pytest.mark.parametrize(("ruleset", "options", "melds"), CASES, ids=lambda c: getattr(c, "name", str(c)))
def test_shanten_is_the_fewest_draws_less_one(
    ruleset: BabaBeginner, options: BeginnerOptions, melds: tuple[Meld, ...]
) -> None:
    brute = Brute(ruleset, options, melds)
    shape: BabaShape = ruleset.shape(melds, options, DECK)
    draws = brute.draws(None)
    by_shape = [brute.draws(s) for s in (BASIC, SAN_TOITSU, BA_ITTSU)] if not melds else []
    for cards, fewest in draws.items():
        found = shape.shanten(cards)
        # why: the definition (families/baba/shape.py): the fewest draws that complete the hand, less one
        assert found.best == fewest - 1, cards
        if by_shape:  # each shape's alone (Beginner rules: only two Kohtsu, the others none)
            assert (found.standard, found.pairs, found.orphans) == tuple(_shanten(d[cards]) for d in by_shape), cards
        else:  # a hand with melds can make neither San-toitsu nor Ba-ittsu
            assert (found.pairs, found.orphans) == (None, None), cards
        nearer = [
            kind
            for kind, drawn in brute.drawn(cards)
            if brute.shapes_of(drawn) or min(draws[_less(drawn, d)] for d in set(drawn)) < fewest
        ]
        # why: a card improves the hand when, drawn, it wins or a discard leaves a hand fewer draws away
        assert list(shape.progress(cards).improving) == nearer, cards
    for cards in brute.hands(brute.cards):
        after = -1 if brute.shapes_of(cards) else min(draws[_less(cards, d)] for d in set(cards)) - 1
        # why: a hand one over is complete (-1), or as far as its best discard leaves it
        assert shape.shanten(cards).best == after, cards


def test_a_card_held_in_full_that_would_complete_the_hand_is_told_apart() -> None:
    # why: 馬場 ×2 beside a PON of 馬場 馬場 OBABA: a third 馬場 would make the Kohtsu, but the hand
    # and its meld hold all four; an OBABA still completes it (3 more in play), so it is ready
    melds = (Meld((0, 0), 1, MeldKind.OPEN),)
    progress = EXPERT.shape(melds, ExpertOptions(), DECK).progress((0, 0))
    assert (progress.shanten.best, progress.improving, progress.held_four) == (0, (WILD_WAIT,), (0,))
    # why: the same with one OBABA in play (a deck of wild_cards = 1), the meld's: nothing can
    # complete it, and no more 馬場 or OBABA can come (both held in full); the nearest hands are
    # three of another kind, none of which the hand holds (2-shanten: three draws)
    one_wild = replace(DECK, max_wilds=1)
    progress = EXPERT.shape(melds, ExpertOptions(), one_wild).progress((0, 0))
    assert (progress.shanten.best, progress.held_four) == (2, (0, WILD_WAIT))
    assert progress.improving == tuple(range(1, 9))


# --- a table of discards against the hands one short it leaves

SEED = 15


def _written(cards: Cards) -> str:
    return "".join("O" if k == WILD_WAIT else DECK.kinds[k].code for k in cards)


def _tables() -> list[tuple[Cards, str]]:
    """Hands one over: their concealed cards, and the rest of the line (melds, items)."""
    rng = random.Random(SEED)
    hands = list(Brute(EXPERT, ExpertOptions(), ()).hands(6))
    dealt = [(rng.choice(hands), "dora=MB") for _ in range(6)]
    return [*dealt, ((0, 4, 4, 5, 7, WILD_WAIT), "ron"), ((5, 7, WILD_WAIT), "[馬場馬場馬場馬場] dora=馬場,番場")]


def _draws(analysis: Analysis) -> list[tuple[int, int]]:
    if analysis.kind == WAITS:
        return [(w.kind, w.unseen) for w in analysis.waits]
    return [(d.kind, d.unseen) for d in analysis.improving]


@pytest.mark.parametrize(("cards", "rest"), _tables(), ids=lambda x: _written(x) if isinstance(x, tuple) else x)
def test_each_row_is_the_hand_one_short_it_leaves(cards: Cards, rest: str) -> None:
    table = analyse(f"baba:{_written(cards)} {rest}")
    assert table.kind == DISCARDS
    # why: one row per kind held, best first: by shanten, then the cards unseen that improve
    assert sorted(r.kind for r in table.rows) == sorted(set(cards))
    ranks = [(r.shanten.best, -r.unseen) for r in table.rows]
    assert ranks == sorted(ranks)
    for row in table.rows:
        short = analyse(f"baba:{_written(_less(cards, row.kind))} {rest} discards={_written((row.kind,))}")
        # why: the row tells the hand its discard leaves (the discard seen): ready exactly when the
        # row is, the same shanten and cards that improve it, each with the same copies unseen, and
        # for a ready one the same waits scored alike
        assert (short.kind == WAITS) == (row.shanten.best == 0)
        assert _draws(short) == [(d.kind, d.unseen) for d in row.improving]
        if short.kind == NOT_READY:
            assert short.shanten == row.shanten
        else:
            assert [(w.tile, w.ron, w.tsumo) for w in short.waits] == [(w.tile, w.ron, w.tsumo) for w in row.waits]


# --- taking a card out of a line


@pytest.mark.parametrize(
    "text",
    [
        "馬O馬場場場",  # 馬々 OBABA 馬場 場々 場々: the O cut out alone would leave 馬馬場場場, 馬々 馬々 場々 ...
        "O馬馬場",  # OBABA 馬々 馬々 場々: the first 馬 cut out alone would leave O馬場, OBABA 馬場
        "馬馬馬場場O",
        "MB馬庭*お馬場場",
        "場場馬場場々馬",
    ],
)
def test_a_card_taken_out_leaves_the_others_as_typed(text: str) -> None:
    _check_taken_out(text)


def test_a_card_taken_out_of_any_spelling_leaves_the_others() -> None:
    texts = _random_texts()
    assert len(texts) > 200  # why: most spellings run together read as cards
    for text in texts:
        _check_taken_out(text)


def _check_taken_out(text: str) -> None:
    typed, problems = read_cards(text, DECK, 1)
    assert not problems, text
    pieces = _pieces([Token("cards", 5, text)], DECK)
    assert [p.kind for p in pieces] == [WILD_WAIT if k is None else k for k in typed]
    for piece in pieces:
        line = f"baba:{text}"
        left = line[: piece.cut] + piece.rest + line[piece.cut + piece.width :]
        _, tokens = read_tokens(left, SETTINGS)
        read = [card for t in tokens for card in read_cards(t.text, DECK, 1)[0]]
        expected = list(typed)
        expected.remove(None if piece.kind == WILD_WAIT else piece.kind)
        # why: the line with the piece taken out holds the other cards, each read as typed
        assert sorted(read, key=str) == sorted(expected, key=str), (text, piece)


def _random_texts() -> list[str]:
    """Hands of 6 written in every way a card is: code, two kanji, shorthand, OBABA's spellings
    (those that read as cards: a shorthand 馬 before 馬庭 reads 馬々 and leaves 庭, no card)."""
    rng = random.Random(SEED)
    spellings: dict[int | None, list[str]] = {None: ["O", "o", "*", "お"]}
    for k in DECK.kinds:
        spellings[k.index] = [k.code, k.code.lower(), k.spelling]
        if k.spelling.endswith("々"):
            spellings[k.index].append(k.spelling[0])
    kinds: list[int | None] = [*range(len(DECK.kinds)), None]
    texts = ["".join(rng.choice(spellings[rng.choice(kinds)]) for _ in range(6)) for _ in range(300)]
    return [text for text in texts if not read_cards(text, DECK, 1)[1]]
