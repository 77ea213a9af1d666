"""BABA, the kanji card game (docs/rules/baba.md): Expert and Beginner rules.

A hand is 6 cards (7 with one KAN) in two sets; OBABA cards are wild. The
scoring items are the rows of ``EXPERT_RULES`` / ``BEGINNER_RULES``; the shapes
a hand may take come from each rule set's ``readings`` (``_basic``, ``_san_toitsu``,
``_ba_ittsu``); everything else here reads
the notation into a ``Hand`` and checks it can exist.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final

from mjscore.decompose import Target, decompose, kind_counts
from mjscore.engine import Rule
from mjscore.errors import Problem
from mjscore.families.baba.cards import deck_table, describe, format_cards, meld_problems, nth_card, read_cards
from mjscore.families.baba.deck import (
    DOUBLING_MARK,
    MAX_COPIES,
    WILD_NAME,
    WILD_SPELLINGS,
    WILD_WAIT,
    Deck,
    deck_of,
)
from mjscore.families.baba.words import FLAGS as BABA_FLAGS
from mjscore.hand import Group, Hand, Meld, MeldKind, Reading, Shape, Win, bracketed, copies
from mjscore.notation.build import (
    ANALYSIS_KEYS,
    ITEM_TAGS,
    Items,
    closest_word,
    fail,
    gather_items,
    known_words,
    other_flags,
    read_count,
    read_win,
    unknown_word,
)
from mjscore.notation.tokens import Token
from mjscore.options import OptionSpec, changed_options, option, option_values, option_words
from mjscore.payment import DISCARDER, POT, WINNER, Party, Payment
from mjscore.result import ScoreLine, Shown, ShownTable, value_summary
from mjscore.rulesets.base import RuleSet
from mjscore.rulesets.deal import Deal, Scored, Settled
from mjscore.settings import Settings
from mjscore.values import Value, made

if TYPE_CHECKING:  # the analysis's values (rulesets/base.py: why)
    from mjscore.families.baba.shape import BabaShape
    from mjscore.waiting import Piece, Waiting, WaitingLine, WaitKind

HAND_SIZE: Final = 6  # +1 with a KAN
# The largest pot=: far above the 32 KOBAN at a table of four (8 each, docs/rules/baba.md §1),
# leaving room for a house's own supply of coins.
MOST_POT: Final = 999
BA: Final = "場"  # Ba-ittsu: one card of each kind containing it
YAKU_KANJI: Final = ("馬", BA, DOUBLING_MARK)  # the kanji Chin-itsu and Hon-itsu are made of
FUNDAMENTAL: Final = "fundamental"  # the kinds of scoring item (docs/rules/baba.md §4)
BONUS: Final = "bonus"
YAKU: Final = "yaku"

BASIC: Final = "two Kohtsu"
BA_ITTSU: Final = "Ba-ittsu"
SAN_TOITSU: Final = "San-toitsu"
KAN_AND_KOHTSU: Final = "a KAN and a Kohtsu"  # the basic shape of a hand with a KAN, for people
WILD_SPELLING: Final = WILD_SPELLINGS[0]  # OBABA as a line writes it back ("O", as canonical lines do)
SEEN, DISCARDS = ANALYSIS_KEYS
_LISTED: Final = {SEEN: "lists the cards seen on the table", DISCARDS: "lists your own discards"}  # for messages
_MELD_TAGS: Final = {"open": MeldKind.OPEN, "closed": MeldKind.CLOSED_KAN, "shown": MeldKind.SHOWN}
_WORDLIKE: Final = re.compile(r"[a-z][a-z_-]*")


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BeginnerOptions(Value):
    players: int = option(4, "players at the table; on tsumo every other player pays", "docs/rules/baba.md §6", (3, 4))
    obaba_dora: bool = option(
        False, "an OBABA standing in for a chip's kind counts as a DORAYAKI card", "docs/rules/baba.md §4 house default"
    )
    obaba_set: bool = option(
        False, "three OBABA alone form a Kohtsu (of no kind)", "docs/rules/baba.md §2 house default: no kind to match"
    )

    # What the Expert options decide; Beginner rules have no shown sets nor San-toitsu.
    def shown_set_is_claim(self) -> bool:
        """A set only shown face up, written {…}, breaks Menzen like a claimed one."""
        return False

    def santoitsu_of_four(self) -> bool:
        """Four of a kind counts as two of San-toitsu's pairs."""
        return False


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ExpertOptions(BeginnerOptions):
    shown_menzen: bool = option(
        True,
        "a Kohtsu dealt or drawn and only shown face up, written {…}, keeps Menzen (it was not claimed)",
        "docs/rules/baba.md §3 house default",
    )
    santoitsu_four: bool = option(
        True,
        "four of a kind plus a pair counts as San-toitsu (two of its pairs are one kind)",
        "docs/rules/baba.md §2 house default",
    )

    def shown_set_is_claim(self) -> bool:
        return not self.shown_menzen

    def santoitsu_of_four(self) -> bool:
        return self.santoitsu_four


@dataclass(slots=True, init=False, repr=False, eq=False)
class BabaTable(Value):
    """Everything a BABA rule looks at besides the reading."""

    hand: Final[Hand]
    win: Final[Win]
    chips: Final[tuple[int, ...]]
    pot: Final[int]
    deck: Final[Deck]

    def __init__(  # see result.ScoreLine
        self, hand: Hand, win: Win, chips: tuple[int, ...], pot: int, deck: Deck
    ) -> None:
        self.hand = hand
        self.win = win
        self.chips = chips
        self.pot = pot
        self.deck = deck


BabaDeal = Deal[BeginnerOptions, BabaTable]  # a line read and checked: ready to be scored
BabaScored = Scored[Reading, BabaTable]


BabaRule = Rule[Reading, BabaTable, BeginnerOptions]
BabaPredicate = Callable[[Reading, BabaTable, BeginnerOptions], int]


# --- predicates: (reading, table, options) -> how many times the item applies


def _shape_is(shape: str) -> BabaPredicate:
    return lambda reading, _t, _o: reading.shape == shape


def _dora_cards(reading: Reading, t: BabaTable, o: BeginnerOptions) -> dict[int, int]:
    """How many cards of each chip's kind the hand holds, those it holds only."""
    cards = copies([k for k in t.hand.all_kinds if k in t.chips])
    if o.obaba_dora:  # each OBABA counts as the kind it stands for in this reading
        for g in reading.groups:
            if g.kind is not None and g.kind in t.chips and g.wilds:
                cards[g.kind] = cards.get(g.kind, 0) + g.wilds
    return cards


def _dora(reading: Reading, t: BabaTable, o: BeginnerOptions) -> int:
    if not o.obaba_dora:  # the common case needs no reading
        return sum(k in t.chips for k in t.hand.all_kinds)
    return sum(_dora_cards(reading, t, o).values())


def _dora_detail(reading: Reading, t: BabaTable, o: BeginnerOptions) -> str:
    return ", ".join(f"{t.deck.name(k)} ×{n}" for k, n in sorted(_dora_cards(reading, t, o).items()))


def is_menzen(hand: Hand, o: BeginnerOptions) -> bool:
    """No PON, Min-KAN or Ka-KAN; a merely shown set counts as a claim only with shown_menzen off."""
    return hand.is_concealed and not (o.shown_set_is_claim() and any(m.meld is MeldKind.SHOWN for m in hand.melds))


def _menzen(_r: Reading, t: BabaTable, o: BeginnerOptions) -> int:
    return is_menzen(t.hand, o)


def _baba_yakuman(reading: Reading, t: BabaTable, _o: BeginnerOptions) -> int:
    # Four of one kind and two OBABA as two Kohtsu; a declared KAN cannot be rearranged into it.
    kinds = t.hand.all_kinds
    no_kan = all(g.shape is Shape.SET for g in reading.groups)
    return reading.shape == BASIC and no_kan and len(kinds) == 4 and len(set(kinds)) == 1 and t.hand.all_wilds == 2


def shared_kanji(t: BabaTable) -> tuple[str, ...]:
    """The yaku kanji that every real card of the hand contains."""
    masks = t.deck.kanji_masks(YAKU_KANJI)
    shared = (1 << len(YAKU_KANJI)) - 1
    for k in t.hand.all_kinds:
        shared &= masks[k]
    return tuple(kanji for i, kanji in enumerate(YAKU_KANJI) if shared >> i & 1)


def _chin_itsu(_r: Reading, t: BabaTable, _o: BeginnerOptions) -> int:
    return t.hand.all_wilds == 0 and bool(shared_kanji(t))


def _hon_itsu(_r: Reading, t: BabaTable, _o: BeginnerOptions) -> int:
    return t.hand.all_wilds > 0 and bool(shared_kanji(t))


def _kanji_detail(_r: Reading, t: BabaTable, _o: BeginnerOptions) -> str:
    return "/".join(shared_kanji(t))


def item(
    category: str,
    id: str,
    name: str,
    local_name: str,
    *,
    koban: int,
    when: BabaPredicate,
    condition: str,
    supersedes: tuple[str, ...] = (),
    detail: Callable[[Reading, BabaTable, BeginnerOptions], str] | None = None,
) -> BabaRule:
    """A scoring item of one of the rules' three kinds (docs/rules/baba.md §4): every one
    that applies is added up, ``koban`` for each application."""
    return Rule(id, name, local_name, category, koban, condition, when, supersedes, detail=detail)


# fmt: off
WIN_RULE: Final[BabaRule] = item(FUNDAMENTAL, "win", "WIN", "和了", koban=1, when=_shape_is(BASIC),
                                 condition="two Kohtsu, or a KAN and a Kohtsu")
DORAYAKI_RULE: Final[BabaRule] = item(BONUS, "dorayaki", "DORAYAKI", "どら焼き", koban=1, when=_dora,
                                      detail=_dora_detail,
                                      condition="each card of a kind shown on a face-up chip (OBABA: see obaba_dora)")

EXPERT_RULES: Final[tuple[BabaRule, ...]] = (
    WIN_RULE,
    item(FUNDAMENTAL, "ba-ittsu", "Ba-ittsu", "場一通", koban=1, when=_shape_is(BA_ITTSU),
         condition="the six different 場 cards, no OBABA", supersedes=("chin-itsu",)),
    item(FUNDAMENTAL, "san-toitsu", "San-toitsu", "三対子", koban=1, when=_shape_is(SAN_TOITSU),
         condition="three pairs, no OBABA"),
    DORAYAKI_RULE,
    item(BONUS, "menzen", "Menzen", "門前", koban=1, when=_menzen,
         condition="no PON, Min-KAN or Ka-KAN (An-KAN allowed)"),
    item(YAKU, "baba-yakuman", "BABA Yakuman", "ババ役満", koban=5, when=_baba_yakuman,
         condition="4 cards of one kind + 2 OBABA as two Kohtsu, not from a declared KAN"),
    item(YAKU, "chin-itsu", "Chin-itsu", "清一色", koban=2, when=_chin_itsu, detail=_kanji_detail,
         condition="every card shares 馬, 場 or 々; no OBABA"),
    item(YAKU, "hon-itsu", "Hon-itsu", "混一色", koban=1, when=_hon_itsu, detail=_kanji_detail,
         condition="every non-OBABA card shares 馬, 場 or 々; at least one OBABA"),
)
# fmt: on

BEGINNER_RULES: Final[tuple[BabaRule, ...]] = (WIN_RULE, DORAYAKI_RULE)


# --- shapes: hand -> readings

# (Their groups are made with ``made``: a Group's own __new__ is Python, slow compiled.)
_PAIR: Final = Shape.PAIR
_SINGLE: Final = Shape.SINGLE


def _basic(hand: Hand, o: BeginnerOptions, kinds: int) -> Iterator[Reading]:
    melded = tuple(_meld_group(m) for m in hand.melds)
    target = Target(sets=2 - len(melded), wild_only_groups=o.obaba_set)
    if target.sets < 0:
        return
    for groups in decompose(kind_counts(hand.concealed, kinds), hand.wilds, target):
        yield Reading(BASIC, melded + groups)


def _san_toitsu(hand: Hand, o: BeginnerOptions) -> Iterator[Reading]:
    if hand.melds or hand.wilds or len(hand.concealed) != HAND_SIZE:
        return
    four_ok = o.santoitsu_of_four()
    if all(n == 2 or (n == 4 and four_ok) for n in copies(hand.concealed).values()):
        yield Reading(SAN_TOITSU, tuple([made(Group, (_PAIR, k, 0, None)) for k in sorted(hand.concealed)[::2]]))


def _ba_ittsu(hand: Hand, _o: BeginnerOptions, ba_kinds: frozenset[int]) -> Iterator[Reading]:
    if not hand.melds and not hand.wilds and set(hand.concealed) == ba_kinds and len(hand.concealed) == HAND_SIZE:
        yield Reading(BA_ITTSU, tuple([made(Group, (_SINGLE, k, 0, None)) for k in hand.concealed]))


def _meld_group(m: Meld) -> Group:
    shape = Shape.KAN if m.size == 4 else Shape.SET
    return made(Group, (shape, m.kinds[0] if m.kinds else None, m.wilds, m.meld))  # one a meld


# --- the rule sets


class BabaBeginner(RuleSet[BabaDeal, Reading, BabaTable, BeginnerOptions]):
    name = "baba-beginner"
    aliases: ClassVar[tuple[str, ...]] = ("baba-b", "beginner")
    title = "BABA (Beginner rules)"
    summary = "the BABA kanji card game, Beginner rules: two Kohtsu, DORAYAKI"
    family = "baba"
    unit = "KOBAN"
    options_type = BeginnerOptions
    flags: ClassVar[tuple[str, ...]] = BABA_FLAGS
    keys: ClassVar[tuple[str, ...]] = ("dora", "pot")
    rules = BEGINNER_RULES
    allows_kan: ClassVar[bool] = False
    scores_menzen: ClassVar[bool] = False

    def hand_readings(self, hand: Hand, o: BeginnerOptions, deck: Deck) -> Iterator[Reading]:
        yield from _basic(hand, o, len(deck.kinds))

    def more_tables(self, settings: Callable[[], Settings]) -> Sequence[ShownTable]:
        return (deck_table(deck_of(settings())),)

    def build(self, text: str, tokens: Sequence[Token], settings: Settings) -> BabaDeal:
        """The hand and its table from a line's tokens, with every problem found."""
        deck = deck_of(settings)
        cards = [t for t in tokens if t.tag in _MELD_TAGS or t.tag == "cards"]
        items = gather_items([t for t in tokens if t.tag in ITEM_TAGS], self.flags, self.keys, self.option_specs())
        problems = items.problems
        options = self._options(settings, items)
        hand = self._hand(cards, deck, problems)
        chips = _read_chips(items, deck, problems)
        pot = read_count(items, "pot", problems, MOST_POT, "the number of KOBAN in the pot")
        win = read_win(items, problems, "from the pile")
        if hand is not None:
            problems.extend(self.validate(hand, items, options, deck, cards=cards))
        if problems or hand is None or win is None:
            raise fail(text, problems)
        return Deal(text, items, options, BabaTable(hand, win, chips, pot, deck))

    # -- the pipeline's hooks

    def readings(self, deal: BabaDeal) -> Iterator[Reading]:
        return self.hand_readings(deal.table.hand, deal.options, deal.table.deck)

    def is_open(self, reading: Reading, table: BabaTable) -> bool:
        return not table.hand.is_concealed

    def total(self, deal: BabaDeal, reading: Reading, table: BabaTable, lines: tuple[ScoreLine, ...]) -> BabaScored:
        total = sum(x.value for x in lines)
        payers = deal.options.players - 1 if table.win is Win.TSUMO else 1  # each pays the total
        return Scored(reading, table, lines, total, summary=value_summary(total * payers), key=(total,))

    def not_winning(self, deal: BabaDeal) -> str:
        shapes = "two Kohtsu (sets of 3 matching cards; OBABA may stand in)"
        if self.allows_kan:
            shapes += ", a KAN and a Kohtsu, three pairs (San-toitsu) or the six 場 cards (Ba-ittsu)"
        return f"not a winning hand: the cards do not form {shapes}"

    def settle(self, deal: BabaDeal, best: BabaScored) -> Settled:
        table = deal.table
        tsumo = table.win is Win.TSUMO
        players = deal.options.players
        payments = _payments(best.total, players, tsumo, table.pot, self.unit)
        return Settled(payments, _parties(players, tsumo, table.pot), WINNER)

    def shown(self, deal: BabaDeal, best: BabaScored) -> Shown:
        return Shown(
            canonical(self.name, deal, self.option_specs()),
            self._header(deal.table, deal.options),
            self.describe(deal, best),
            _context(deal),
        )

    def describe(self, deal: BabaDeal, scored: BabaScored) -> str:
        return describe(scored.reading, deal.table.deck)

    def notes(self, deal: BabaDeal, best: BabaScored) -> tuple[str, ...]:
        table, items = deal.table, deal.items
        notes = []
        if not table.chips:
            notes.append("no DORAYAKI chip given (dora=...): one is always face up, so DORAYAKI may be missing")
        kans = sum(m.size == 4 for m in table.hand.melds)
        if kans and len(table.chips) < 1 + kans:
            notes.append(f"a KAN turns up one more DORAYAKI chip; {len(table.chips)} chip(s) given")
        if "menzen" in items.flags and not self.scores_menzen:
            notes.append("menzen: the hand is concealed, but Beginner rules score no Menzen")
        return tuple(notes)

    # -- what a hand waits on (mjscore waits)

    def waiting_line(self, text: str, tokens: Sequence[Token], items: Items, settings: Settings) -> WaitingLine:
        """A hand one card short: 5 cards, or 6 with a KAN (docs/rules/baba.md §2), every card
        counted (a KAN 4); a hand one over (6, 7 with a KAN: a card just drawn) is discarded
        from. A card is put in after the hand's last group by its code (`` MB ``, a blank either
        side: a word of its own), and taken out by a blank (``_pieces``); the probe of a hand one
        over leaves out a card of the kind the hand has most room for, so that a count of the
        line that is wrong stays wrong. ``seen=`` and ``discards=`` list cards as ``dora=`` does,
        OBABA among them."""
        from mjscore.waiting import WaitingLine

        deck = deck_of(settings)
        cards = [t for t in tokens if t.tag in _MELD_TAGS or t.tag == "cards"]
        read = [read_cards(t.text, deck, t.text_col)[0] for t in cards]
        kans = sum([t.tag != "cards" and len(r) == 4 for t, r in zip(cards, read, strict=True)])
        held = Counter([WILD_WAIT if card is None else card for r in read for card in r])
        probe = next((k.index for k in deck.kinds if k.index not in held), 0)
        copies = {k.kind: k.copies for k in _wait_kinds(deck)}
        size = sum([len(r) for r in read])
        ready = HAND_SIZE - 1 + kans
        pieces = _pieces([t for t in cards if t.tag == "cards"], deck)
        cut = None
        if pieces and size == ready + 1:
            cut = max(reversed(pieces), key=lambda p: copies[p.kind] - held[p.kind])
        end = len(text)  # a card goes in past the hand's last group, or before the items of a line without one
        if cards:
            end = cards[-1].end
        elif tokens:
            end = tokens[0].loc
        return WaitingLine(
            size=size,
            ready=ready,
            piece="card",
            sizes=self._sizes(),
            count_code="card-count",
            hand_col=cards[0].loc + 1 if cards else 0,
            winner_col=0,  # a BABA line names no winning card
            hand_end=end,
            probe=f" {deck.kinds[probe].code} ",
            probe_kind=probe,
            seen=_listed_cards(items, SEEN, deck),
            discards=_listed_cards(items, DISCARDS, deck),
            pieces=tuple(pieces),
            cut=cut,
        )

    def _sizes(self) -> str:
        """The sizes waits reads, for messages."""
        if self.allows_kan:
            return (
                "5 cards, 6 with a KAN (one card short of a win), or 6, 7 with a KAN (a card just drawn: which to "
                "discard)"
            )
        return "5 cards (one card short of a win) or 6 (a card just drawn: which to discard)"

    def waiting(self, deal: BabaDeal, line: WaitingLine, *, win_named: bool) -> Waiting:
        """The hand without the probe card, and with the card the probe cut from a hand one over
        put back: each kind of the deck, and OBABA, that gives a hand one short a reading of this
        rule set's shapes; how far a hand is, ``BabaShape`` on this rule set's readings. The line
        shows the hand's cards only: the DORAYAKI chips are chips, not cards (docs/rules/baba.md
        §1). BABA knows no furiten and no word that gives a yaku."""
        from mjscore.waiting import Waiting

        table, deck, o = deal.table, deal.table.deck, deal.options
        hand = _less(table.hand, line.probe_kind)
        if line.cut is not None:
            hand = _more(hand, line.cut.kind)
        waiting_deal = Deal(deal.text, deal.items, o, replace(table, hand=hand), deal.preset)
        held = Counter(hand.all_kinds)
        held[WILD_WAIT] += hand.all_wilds
        completing: tuple[int, ...] = ()
        notes: tuple[str, ...] = ()
        if line.cut is None:
            shapes = {kind: self._shapes(_more(hand, kind), o, deck) for kind in (*range(len(deck.kinds)), WILD_WAIT)}
            completing = tuple([kind for kind, found in shapes.items() if found])
            all_wilds_held = held[WILD_WAIT] >= deck.max_wilds  # then the analysis says OBABA is no wait
            if completing and not all_wilds_held:
                notes = (_wild_note(shapes),)
        return Waiting(
            _wait_kinds(deck),
            completing,
            held,
            Counter(held),
            "the hand and its melds",
            self._shown_waiting(waiting_deal, win_named=win_named),
            lambda kinds: ",".join([WILD_SPELLING if k == WILD_WAIT else deck.name(k) for k in kinds]),
            notes=notes,
            shape=self.shape(hand.melds, o, deck),
        )

    def shape(self, melds: Sequence[Meld], o: BeginnerOptions, deck: Deck) -> BabaShape:
        """How far a hand with these melds is from this rule set's winning shapes: two Kohtsu (a
        KAN and a Kohtsu), San-toitsu and Ba-ittsu, in the places of a ``Shanten``'s standard
        shape, Seven Pairs and Thirteen Orphans (Beginner rules, or a hand with melds: the basic
        shape only)."""
        from mjscore.families.baba.shape import BabaShape

        kan = any(m.size == 4 for m in melds)
        return BabaShape(
            melds,
            deck,
            lambda hand: self._shapes(hand, o, deck),
            cards=HAND_SIZE + int(kan) - sum([m.size for m in melds]),
            shapes=(BASIC, SAN_TOITSU, BA_ITTSU),
            key=(self.name, o),
            names=(KAN_AND_KOHTSU if kan else BASIC, SAN_TOITSU, BA_ITTSU),
        )

    def _shapes(self, hand: Hand, o: BeginnerOptions, deck: Deck) -> frozenset[str]:
        """The shapes of this rule set's readings of ``hand`` (none: no winning hand)."""
        return frozenset([r.shape for r in self.hand_readings(hand, o, deck)])

    def _shown_waiting(self, deal: BabaDeal, *, win_named: bool) -> Shown:
        """The line of a hand one card short, as mjscore waits shows it: without the win unless
        the line names it (the header and the context likewise); no reading."""
        header = tuple([row for row in self._header(deal.table, deal.options) if win_named or row[0] != "win"])
        context = {key: value for key, value in _context(deal).items() if win_named or key != "win"}
        return Shown(canonical(self.name, deal, self.option_specs(), win=win_named), header, "", context)

    # -- reading the line

    def _options(self, settings: Settings, items: Items) -> BeginnerOptions:
        return self.line_options(settings, items)[0]  # BABA has no presets: a preset= is a problem

    def _hand(self, cards: Sequence[Token], deck: Deck, problems: list[Problem]) -> Hand | None:
        concealed: list[int] = []
        wilds = 0
        melds: list[Meld] = []
        for tok in cards:
            read, bad = read_cards(tok.text, deck, tok.text_col)
            if bad and tok.tag == "cards" and self._looks_like_a_word(tok.text):
                bad = [self._unknown_word(tok)]  # a mistyped item word, not cards
            problems.extend(bad)
            real = tuple(sorted(k for k in read if k is not None))
            if tok.tag == "cards":
                concealed.extend(real)
                wilds += len(read) - len(real)
            elif not bad:
                meld = made(Meld, (real, len(read) - len(real), _MELD_TAGS[tok.tag]))
                problems.extend(meld_problems(meld, tok.loc + 1, deck))
                melds.append(meld)
        if any(p.code == "unknown-card" for p in problems):
            return None
        return made(Hand, (tuple(sorted(concealed)), wilds, tuple(melds)))  # one a line

    def _looks_like_a_word(self, text: str) -> bool:
        """Lower-case letters, or close to a word we know ("RON", "Tsumo"): not meant as cards."""
        if not _WORDLIKE.fullmatch(text.lower()):
            return False
        return text.islower() or closest_word(text, self._known_words()) is not None

    def _known_words(self) -> list[str]:
        return known_words(self.flags, self.keys, self.option_specs())

    def _unknown_word(self, tok: Token) -> Problem:
        return unknown_word(tok.text, self._known_words(), tok.loc + 1)

    def validate(
        self, hand: Hand, items: Items, options: BeginnerOptions, deck: Deck, *, cards: Sequence[Token]
    ) -> list[Problem]:
        """Every reason this hand cannot exist under these rules, each at the word or card it is
        about (``cards``: the hand's tokens; the count is at the first)."""
        problems = []
        kans: list[int] = []  # the columns of the KANs
        if any(m.size == 4 for m in hand.melds):
            melds = [t for t in cards if t.tag != "cards"]  # a token a meld: a hand is checked once all are read
            kans = [tok.loc + 1 for tok, m in zip(melds, hand.melds, strict=True) if m.size == 4]
        if kans and not self.allows_kan:
            problems.append(Problem("no-kan", "Beginner rules have no KAN (use baba: for Expert rules)", kans[0]))
        if len(kans) > 1:
            message = "a hand holds at most one KAN: after a KAN only two cards stay in hand"
            problems.append(Problem("two-kans", message, kans[1]))
        elif hand.size != HAND_SIZE + len(kans):
            message = f"a BABA hand holds 6 cards (7 with a KAN); {hand.size} given"
            problems.append(Problem("card-count", message, cards[0].loc + 1))
        for kind, n in sorted(copies(hand.all_kinds).items()):
            if n > MAX_COPIES:
                col = nth_card(cards, deck, kind, MAX_COPIES + 1)
                problems.append(Problem("too-many-copies", f"{n} copies of {deck.name(kind)} (at most 4 exist)", col))
        if hand.all_wilds > deck.max_wilds:
            message = f"{hand.all_wilds} OBABA (at most {deck.max_wilds} are in play)"
            problems.append(Problem("too-many-obaba", message, nth_card(cards, deck, None, deck.max_wilds + 1)))
        if "menzen" in items.flags and not is_menzen(hand, options):
            problems.append(
                Problem(
                    "menzen-open",
                    "menzen was asserted but the hand has "
                    + (
                        "a shown Kohtsu {…} with shown_menzen=off"
                        if hand.is_concealed
                        else "an open meld (PON, Min-KAN or Ka-KAN)"
                    ),
                    items.flags["menzen"],
                )
            )
        return problems

    # -- presenting

    def _header(self, table: BabaTable, o: BeginnerOptions) -> tuple[tuple[str, str], ...]:
        chips = ", ".join(table.deck.name(k) for k in table.chips) or "none given"
        changed = changed_options(o, skip=("players",))  # players has a line of its own
        who_pays = "every other player pays" if table.win is Win.TSUMO else "the discarder pays"
        header = [
            ("win", f"{table.win.value} ({who_pays})"),
            ("players", str(o.players)),
            ("DORAYAKI chips", chips),
            ("pot", str(table.pot)),
        ]
        if changed:
            header.append(("options", changed))
        return tuple(header)


class BabaExpert(BabaBeginner):
    name = "baba"
    aliases: ClassVar[tuple[str, ...]] = ("baba-expert", "expert")
    title = "BABA (Expert rules)"
    summary = "the BABA kanji card game, Expert rules: KAN, Ba-ittsu, San-toitsu, Menzen, yaku"
    options_type = ExpertOptions
    rules = EXPERT_RULES
    allows_kan: ClassVar[bool] = True
    scores_menzen: ClassVar[bool] = True

    def hand_readings(self, hand: Hand, o: BeginnerOptions, deck: Deck) -> Iterator[Reading]:
        yield from _basic(hand, o, len(deck.kinds))
        yield from _san_toitsu(hand, o)
        yield from _ba_ittsu(hand, o, deck.kinds_with(BA))


def _read_chips(items: Items, deck: Deck, problems: list[Problem]) -> tuple[int, ...]:
    chips: list[int] = []
    for at, card in _cards_item(items, "dora", deck, problems, "names the face-up DORAYAKI chips"):
        if card is None:
            problems.append(Problem("bad-chip", f"there is no DORAYAKI chip for {WILD_NAME}", at))
        elif card in chips:
            problems.append(Problem("bad-chip", f"DORAYAKI chip {deck.name(card)} is named twice", at))
        else:
            chips.append(card)
    return tuple(chips)


def _cards_item(items: Items, key: str, deck: Deck, problems: list[Problem], what: str) -> list[tuple[int, int | None]]:
    """(column, card) of each card a ``key=`` item lists, comma-separated parts of cards as
    written in a hand (None: OBABA); none when the line does not give it. Text that is no card,
    and an empty value (``what``: what the item does, for its message), go to ``problems``."""
    if key not in items.values:
        return []
    value, col = items.values[key]
    found: list[tuple[int, int | None]] = []
    offset = 0
    for part in value.split(","):
        starts: list[int] = []
        read, bad = read_cards(part, deck, col + offset, starts)
        problems.extend(bad)
        # starts ends with the text that is no card, if any (a loop: compiled, zip() with a keyword is a Python call)
        for i, card in enumerate(read):
            found.append((starts[i], card))
        offset += len(part) + 1
    if not value:
        problems.append(Problem("bad-value", f"{key}= {what}, e.g. {key}=場々,馬庭", col))
    return found


def _listed_cards(items: Items, key: str, deck: Deck) -> tuple[tuple[int, int], ...]:
    """(column, kind) of each card a ``seen=`` or ``discards=`` lists, OBABA as WILD_WAIT; a
    problem goes to ``items.problems``."""
    listed = _cards_item(items, key, deck, items.problems, _LISTED[key])
    return tuple([(at, WILD_WAIT if card is None else card) for at, card in listed])


@lru_cache(maxsize=8)
def _wait_kinds(deck: Deck) -> tuple[WaitKind, ...]:
    """The deck's kinds and OBABA as waits: four copies of each kind, and as many OBABA as can
    be in play (docs/rules/baba.md §1); a card is put in a line by its code."""
    from mjscore.waiting import Spelling, WaitKind

    kinds = [WaitKind(k.index, k.spelling, MAX_COPIES, (Spelling(f" {k.code} ", k.spelling),)) for k in deck.kinds]
    wild = Spelling(f" {WILD_SPELLING} ", WILD_NAME)
    note = f"wild: at most {deck.max_wilds} in play (docs/rules/baba.md §1)"
    return (*kinds, WaitKind(WILD_WAIT, WILD_NAME, deck.max_wilds, (wild,), note))


def _less(hand: Hand, kind: int) -> Hand:
    """``hand`` without one concealed card of ``kind``."""
    concealed = list(hand.concealed)
    concealed.remove(kind)
    return Hand(tuple(concealed), hand.wilds, hand.melds)


def _more(hand: Hand, kind: int) -> Hand:
    """``hand`` with one more concealed card of ``kind`` (WILD_WAIT: OBABA)."""
    if kind == WILD_WAIT:
        return Hand(hand.concealed, hand.wilds + 1, hand.melds)
    return Hand(tuple(sorted((*hand.concealed, kind))), hand.wilds, hand.melds)


def _pieces(tokens: Sequence[Token], deck: Deck) -> list[Piece]:
    """The concealed cards of ``tokens`` as typed (OBABA as WILD_WAIT), each taken out of the line
    as the last card of its kind in a row of them (that card's characters, a blank in their
    place). Either side of that blank the cards read as typed: a card read from one character
    (a shorthand 馬, an O) cannot run together with the next into another card, and the card
    after the row is never one that the row's shorthand kanji kept from being read as a
    two-kanji card (it would be of the row's kind)."""
    from mjscore.waiting import Piece

    found = []
    for t in tokens:
        starts: list[int] = []
        read, _ = read_cards(t.text, deck, t.text_col, starts)
        bounds = [*starts, t.text_col + len(t.text)]  # each card's column, then what follows it
        for i, card in enumerate(read):
            last = i
            while last + 1 < len(read) and read[last + 1] == card:
                last += 1
            kind = WILD_WAIT if card is None else card
            width = bounds[last + 1] - bounds[last]
            found.append(Piece(kind, deck.name(card), False, bounds[last] - 1, width, " "))
    return found


def _wild_note(shapes: dict[int, frozenset[str]]) -> str:
    """Whether a drawn OBABA completes the hand, and why not when it does not."""
    if shapes[WILD_WAIT]:
        return f"a drawn {WILD_NAME} completes the hand: it stands in for the card the hand waits on"
    if any(BASIC in found for found in shapes.values()):
        return (
            f"a drawn {WILD_NAME} does not complete the hand: it would make three {WILD_NAME} alone, "
            "no Kohtsu with obaba_set off (docs/rules/baba.md §2)"
        )
    return (
        f"a drawn {WILD_NAME} does not complete the hand: it waits as San-toitsu or Ba-ittsu only, which take no "
        f"{WILD_NAME} (docs/rules/baba.md §2)"
    )


def _context(deal: BabaDeal) -> dict[str, object]:
    table = deal.table
    return {
        "win": table.win.value,
        "dorayaki_chips": [table.deck.name(k) for k in table.chips],
        "pot": table.pot,
        "flags": other_flags(deal.items.flags),
        "options": option_values(deal.options),
    }


# --- who pays: BABA's players by role


@lru_cache(maxsize=64)
def _parties(players: int, tsumo: bool, pot: int) -> tuple[Party, ...]:
    """BABA's players by role: the winner, the discarder on a ron, the others numbered."""
    others = [Party(f"other_{n}", f"other player {n}") for n in range(1, players)]
    if not tsumo:
        others = [Party(DISCARDER, "discarder"), *others[:-1]]
    pool = (Party(POT, "pot", pool=True),) if pot else ()
    return (Party(WINNER, "winner"), *others, *pool)


@lru_cache(maxsize=256)
def _payments(total: int, players: int, tsumo: bool, pot: int, unit: str) -> tuple[Payment, ...]:
    """On a tsumo every other player pays ``total``; on a ron the discarder pays it.

    Every other player gets a row (0 when they owe nothing), so the table names
    each one; penalty KOBAN in the pot go to the winner on a row of their own. Kept, by
    position: a batch's hands share a few totals, and the JSON writer writes a payment it
    has met before from its memo.
    """
    reason = f"{total} {unit} hand"
    rows = []
    for party in _parties(players, tsumo, pot):
        if party.code == WINNER or party.pool:
            continue
        pays = tsumo or party.code == DISCARDER
        rows.append(Payment(party.code, WINNER, total if pays else 0, reason if pays else "not the discarder"))
    if pot:
        rows.append(Payment(POT, WINNER, pot, "penalty KOBAN in the pot"))
    return tuple(rows)


# --- writing hands back


def canonical(ruleset: str, deal: BabaDeal, option_specs: Sequence[OptionSpec], *, win: bool = True) -> str:
    """The hand as read, in notation that reads back to the same hand (``win``: with its win)."""
    table, items = deal.table, deal.items
    deck, hand = table.deck, table.hand
    groups = [format_cards(hand.concealed, hand.wilds, deck)] if hand.concealed or hand.wilds else []
    for m in hand.melds:
        groups.append(bracketed(format_cards(m.kinds, m.wilds, deck), m.meld))
    parts = [f"{ruleset}:{' '.join(groups)}"]
    if table.chips:
        parts.append("dora=" + ",".join(deck.name(k) for k in table.chips))
    if table.pot:
        parts.append(f"pot={table.pot}")
    if win:
        parts.append(table.win.value)
    if "menzen" in items.flags:
        parts.append("menzen")
    parts += option_words(items.options, option_specs)
    return " ".join(parts)
