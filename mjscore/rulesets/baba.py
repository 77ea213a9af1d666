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
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from mjscore.decompose import Target, decompose, kind_counts
from mjscore.engine import Rule, apply_rules
from mjscore.errors import Problem, quoted
from mjscore.hand import SHAPE_SIZE, Group, Hand, Meld, MeldKind, Reading, Shape, Win, bracketed
from mjscore.notation.build import (
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
from mjscore.notation.tokens import BABA_FLAGS, Token
from mjscore.options import OptionSpec, as_dict, changed_options, option, option_words, with_values
from mjscore.payment import POT, WINNER, baba_parties, win_payments
from mjscore.result import Candidate, ScoreLine, ScoreResult, Shown, Summary
from mjscore.rulesets.base import RuleSet
from mjscore.settings import Settings
from mjscore.tiles import DOUBLING_MARK, MAX_COPIES, WILD_NAME, Deck

HAND_SIZE = 6  # +1 with a KAN
# The largest pot=: far above the 32 KOBAN at a table of four (8 each, docs/rules/baba.md §1),
# leaving room for a house's own supply of coins.
MOST_POT = 999
BA = "場"  # Ba-ittsu: one card of each kind containing it
YAKU_KANJI = ("馬", BA, DOUBLING_MARK)  # the kanji Chin-itsu and Hon-itsu are made of

BASIC, BA_ITTSU, SAN_TOITSU = "two Kohtsu", "Ba-ittsu", "San-toitsu"
_MELD_TAGS = {"open": MeldKind.OPEN, "closed": MeldKind.CLOSED_KAN, "shown": MeldKind.SHOWN}
_WORDLIKE = re.compile(r"[a-z][a-z_-]*")


@dataclass(frozen=True, slots=True)
class BeginnerOptions:
    players: int = option(4, "players at the table; on tsumo every other player pays", "docs/rules/baba.md §6", (3, 4))
    obaba_dora: bool = option(
        False, "an OBABA standing in for a chip's kind counts as a DORAYAKI card", "docs/rules/baba.md §4 house default"
    )
    obaba_set: bool = option(
        False, "three OBABA alone form a Kohtsu (of no kind)", "docs/rules/baba.md §2 house default: no kind to match"
    )


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class BabaTable:
    """Everything a BABA rule looks at besides the reading."""

    hand: Hand
    win: Win
    chips: tuple[int, ...]
    pot: int
    deck: Deck


@dataclass(frozen=True, slots=True)
class BabaDeal:
    """A line read and checked: ready to be scored."""

    text: str
    table: BabaTable
    options: BeginnerOptions
    items: Items


BabaRule = Rule[Reading, BabaTable, BeginnerOptions]


# --- predicates: (reading, table, options) -> how many times the item applies


def _shape_is(shape: str) -> Callable[[Reading, BabaTable, BeginnerOptions], int]:
    return lambda reading, _t, _o: reading.shape == shape


def _dora_cards(reading: Reading, t: BabaTable, o: BeginnerOptions) -> Counter[int]:
    cards = Counter(k for k in t.hand.all_kinds if k in t.chips)
    if o.obaba_dora:  # each OBABA counts as the kind it stands for in this reading
        for g in reading.groups:
            if g.kind is not None and g.kind in t.chips:
                cards[g.kind] += g.wilds
    return +cards  # drop zero counts


def _dora(reading: Reading, t: BabaTable, o: BeginnerOptions) -> int:
    if not o.obaba_dora:  # the common case needs no reading
        return sum(k in t.chips for k in t.hand.all_kinds)
    return sum(_dora_cards(reading, t, o).values())


def _dora_detail(reading: Reading, t: BabaTable, o: BeginnerOptions) -> str:
    return ", ".join(f"{t.deck.name(k)} ×{n}" for k, n in sorted(_dora_cards(reading, t, o).items()))


def is_menzen(hand: Hand, o: BeginnerOptions) -> bool:
    """No PON, Min-KAN or Ka-KAN; a merely shown set counts as a claim only with shown_menzen off."""
    shown_breaks = isinstance(o, ExpertOptions) and not o.shown_menzen
    return hand.is_concealed and not (shown_breaks and any(m.meld is MeldKind.SHOWN for m in hand.melds))


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


WIN_RULE: BabaRule = Rule("win", "WIN", "和了", "fundamental", 1, "two Kohtsu, or a KAN and a Kohtsu", _shape_is(BASIC))
DORAYAKI_RULE: BabaRule = Rule(
    "dorayaki",
    "DORAYAKI",
    "どら焼き",
    "bonus",
    1,
    "each card of a kind shown on a face-up chip (OBABA: see obaba_dora)",
    _dora,
    detail=_dora_detail,
)

EXPERT_RULES: tuple[BabaRule, ...] = (
    WIN_RULE,
    Rule(
        "ba-ittsu",
        "Ba-ittsu",
        "場一通",
        "fundamental",
        1,
        "the six different 場 cards, no OBABA",
        _shape_is(BA_ITTSU),
        supersedes=("chin-itsu",),
    ),
    Rule("san-toitsu", "San-toitsu", "三対子", "fundamental", 1, "three pairs, no OBABA", _shape_is(SAN_TOITSU)),
    DORAYAKI_RULE,
    Rule("menzen", "Menzen", "門前", "bonus", 1, "no PON, Min-KAN or Ka-KAN (An-KAN allowed)", _menzen),
    Rule(
        "baba-yakuman",
        "BABA Yakuman",
        "ババ役満",
        "yaku",
        5,
        "4 cards of one kind + 2 OBABA as two Kohtsu, not from a declared KAN",
        _baba_yakuman,
    ),
    Rule(
        "chin-itsu",
        "Chin-itsu",
        "清一色",
        "yaku",
        2,
        "every card shares 馬, 場 or 々; no OBABA",
        _chin_itsu,
        detail=_kanji_detail,
    ),
    Rule(
        "hon-itsu",
        "Hon-itsu",
        "混一色",
        "yaku",
        1,
        "every non-OBABA card shares 馬, 場 or 々; at least one OBABA",
        _hon_itsu,
        detail=_kanji_detail,
    ),
)

BEGINNER_RULES: tuple[BabaRule, ...] = (WIN_RULE, DORAYAKI_RULE)


# --- shapes: hand -> readings


def _basic(hand: Hand, o: BeginnerOptions, kinds: int) -> Iterator[Reading]:
    melded = tuple(_meld_group(m) for m in hand.melds)
    target = Target(sets=2 - len(melded), wild_only_groups=o.obaba_set)
    if target.sets < 0:
        return
    for groups in decompose(kind_counts(hand.concealed, kinds), hand.wilds, target):
        yield Reading(BASIC, melded + groups)


def _san_toitsu(hand: Hand, o: BeginnerOptions) -> Iterator[Reading]:
    counts = Counter(hand.concealed)
    four_ok = isinstance(o, ExpertOptions) and o.santoitsu_four
    pairs_ok = all(n == 2 or (n == 4 and four_ok) for n in counts.values())
    if not hand.melds and not hand.wilds and len(hand.concealed) == HAND_SIZE and pairs_ok:
        yield Reading(SAN_TOITSU, tuple(Group(Shape.PAIR, k) for k in sorted(hand.concealed)[::2]))


def _ba_ittsu(hand: Hand, _o: BeginnerOptions, ba_kinds: frozenset[int]) -> Iterator[Reading]:
    if not hand.melds and not hand.wilds and set(hand.concealed) == ba_kinds and len(hand.concealed) == HAND_SIZE:
        yield Reading(BA_ITTSU, tuple(Group(Shape.SINGLE, k) for k in hand.concealed))


def _meld_group(m: Meld) -> Group:
    shape = Shape.KAN if m.size == 4 else Shape.SET
    return Group(shape, m.kinds[0] if m.kinds else None, m.wilds, m.meld)


# --- the rule sets


class BabaBeginner(RuleSet[BabaDeal]):
    name = "baba-beginner"
    aliases: ClassVar[tuple[str, ...]] = ("baba-b", "beginner")
    title = "BABA (Beginner rules)"
    summary = "the BABA kanji card game, Beginner rules: two Kohtsu, DORAYAKI"
    family = "baba"
    unit = "KOBAN"
    options_type = BeginnerOptions
    flags: ClassVar[tuple[str, ...]] = BABA_FLAGS
    keys: ClassVar[tuple[str, ...]] = ("dora", "pot")
    rules: ClassVar[tuple[BabaRule, ...]] = BEGINNER_RULES
    allows_kan = False
    scores_menzen = False

    def readings(self, hand: Hand, o: BeginnerOptions, deck: Deck) -> Iterator[Reading]:
        yield from _basic(hand, o, len(deck.kinds))

    def build(self, text: str, tokens: Sequence[Token], settings: Settings) -> BabaDeal:
        """The hand and its table from a line's tokens, with every problem found."""
        deck = settings.deck
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
        return BabaDeal(text, BabaTable(hand, win, chips, pot, deck), options, items)

    def evaluate(self, deal: BabaDeal, explain: bool = False) -> ScoreResult:
        scored = self._scored(deal.table, deal.options)
        if not scored:
            raise fail(deal.text, [Problem("not-winning", self._why_not_winning(deal.table.hand), 0)])
        # the first of equal totals, told by its place: a compiled build makes a new tuple
        # object each time it hands one over, so `is` cannot tell it
        best = max(range(len(scored)), key=lambda i: scored[i][2])
        reading, lines, total = scored[best]
        payers = deal.options.players - 1 if deal.table.win is Win.TSUMO else 1  # each pays the total
        deck = deal.table.deck
        chosen = Candidate(describe(reading, deck), lines, total, total * payers, kept=True)
        listed = (
            tuple(Candidate(describe(c[0], deck), c[1], c[2], c[2] * payers, i == best) for i, c in enumerate(scored))
            if explain
            else ()
        )
        return self._result(deal, chosen, listed)

    # -- reading the line

    def _options(self, settings: Settings, items: Items) -> BeginnerOptions:
        base = self.base_options(settings)
        assert isinstance(base, BeginnerOptions)
        return with_values(base, items.options)

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
                meld = Meld(real, len(read) - len(real), _MELD_TAGS[tok.tag])
                problems.extend(_meld_problems(meld, tok.loc + 1, deck))
                melds.append(meld)
        if any(p.code == "unknown-card" for p in problems):
            return None
        return Hand(tuple(sorted(concealed)), wilds, tuple(melds))

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
        for kind, n in sorted(Counter(hand.all_kinds).items()):
            if n > MAX_COPIES:
                col = _nth_card(cards, deck, kind, MAX_COPIES + 1)
                problems.append(Problem("too-many-copies", f"{n} copies of {deck.name(kind)} (at most 4 exist)", col))
        if hand.all_wilds > deck.max_wilds:
            message = f"{hand.all_wilds} OBABA (at most {deck.max_wilds} are in play)"
            problems.append(Problem("too-many-obaba", message, _nth_card(cards, deck, None, deck.max_wilds + 1)))
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

    def _why_not_winning(self, hand: Hand) -> str:
        shapes = "two Kohtsu (sets of 3 matching cards; OBABA may stand in)"
        if self.allows_kan:
            shapes += ", a KAN and a Kohtsu, three pairs (San-toitsu) or the six 場 cards (Ba-ittsu)"
        return f"not a winning hand: the cards do not form {shapes}"

    # -- scoring

    def _scored(self, table: BabaTable, o: BeginnerOptions) -> list[tuple[Reading, tuple[ScoreLine, ...], int]]:
        """Every reading with its lines and total."""
        out = []
        for reading in self.readings(table.hand, o, table.deck):
            lines = apply_rules(self.book, reading, table, o, is_open=not table.hand.is_concealed)
            out.append((reading, lines, sum(x.value for x in lines)))
        return out

    def _result(self, deal: BabaDeal, chosen: Candidate, candidates: tuple[Candidate, ...]) -> ScoreResult:
        table, o, items = deal.table, deal.options, deal.items
        notes = self._notes(table, items)
        tsumo = table.win is Win.TSUMO
        parties = baba_parties(o.players, tsumo, table.pot)
        payments = win_payments(chosen.total, parties, tsumo, table.pot, f"{chosen.total} {self.unit} hand")
        context = {
            "win": table.win.value,
            "dorayaki_chips": [table.deck.name(k) for k in table.chips],
            "pot": table.pot,
            "flags": other_flags(items.flags),
            "options": as_dict(o),
        }
        return ScoreResult(
            ruleset=self.name,
            ruleset_title=self.title,
            shown=Shown(
                canonical(self.name, deal, self.option_specs()), self._header(table, o), chosen.reading, context
            ),
            lines=chosen.lines,
            unit=self.unit,
            total=chosen.total,
            payments=payments,
            parties=parties,
            winner=WINNER,
            summary=Summary(hand_value=sum(p.amount for p in payments if p.payer != POT)),  # the pot: no part of it
            notes=notes,
            candidates=candidates,
        )

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

    def _notes(self, table: BabaTable, items: Items) -> tuple[str, ...]:
        notes = []
        if not table.chips:
            notes.append("no DORAYAKI chip given (dora=...): one is always face up, so DORAYAKI may be missing")
        kans = sum(m.size == 4 for m in table.hand.melds)
        if kans and len(table.chips) < 1 + kans:
            notes.append(f"a KAN turns up one more DORAYAKI chip; {len(table.chips)} chip(s) given")
        if "menzen" in items.flags and not self.scores_menzen:
            notes.append("menzen: the hand is concealed, but Beginner rules score no Menzen")
        return tuple(notes)


class BabaExpert(BabaBeginner):
    name = "baba"
    aliases: ClassVar[tuple[str, ...]] = ("baba-expert", "expert")
    title = "BABA (Expert rules)"
    summary = "the BABA kanji card game, Expert rules: KAN, Ba-ittsu, San-toitsu, Menzen, yaku"
    options_type = ExpertOptions
    rules: ClassVar[tuple[BabaRule, ...]] = EXPERT_RULES
    allows_kan = True
    scores_menzen = True

    def readings(self, hand: Hand, o: BeginnerOptions, deck: Deck) -> Iterator[Reading]:
        yield from _basic(hand, o, len(deck.kinds))
        yield from _san_toitsu(hand, o)
        yield from _ba_ittsu(hand, o, deck.kinds_with(BA))


# --- reading cards


def read_cards(
    text: str, deck: Deck, col: int, starts: list[int] | None = None
) -> tuple[list[int | None], list[Problem]]:
    """The cards written in ``text`` (``None`` for OBABA), read left to right.

    A two-kanji spelling or ASCII code is one card. A lone kanji X stands for
    "X々"; inside a run of shorthand the same kanji stays shorthand, so
    ``馬馬馬場場`` is 馬々×3 場々×2 while ``馬場`` is the 馬場 card. ``col`` is the
    1-based column of ``text[0]``; ``starts``, when given, gets the column of each card
    (for a problem that points at one card), and of the text that is no card, if any.
    """
    cards: list[int | None] = []
    i, run = 0, ""
    while i < len(text):
        if starts is not None:
            starts.append(col + i)
        ch, pair = text[i], text[i : i + 2]
        if ch in deck.wild_spellings:
            cards.append(None)
            i, run = i + 1, ""
        elif len(pair) == 2 and pair.upper() in deck.by_code:
            cards.append(deck.by_code[pair.upper()])
            i, run = i + 2, ""
        elif pair in deck.by_spelling and ch != run:
            cards.append(deck.by_spelling[pair])
            i, run = i + 2, ""
        elif ch in deck.by_shorthand:
            cards.append(deck.by_shorthand[ch])
            i, run = i + 1, ch
        else:
            return cards, [_not_a_card(text, i, deck, col)]
    return cards, []


def _nth_card(tokens: Sequence[Token], deck: Deck, card: int | None, n: int) -> int:
    """The column of the ``n``-th copy (1-based, in line order) of ``card`` (None: OBABA); the
    hand's start if there are fewer. The tokens are read again: this is for a problem only."""
    cols = []
    for tok in tokens:
        starts: list[int] = []
        read, _ = read_cards(tok.text, deck, tok.text_col, starts)
        cols += [at for at, c in zip(starts, read, strict=False) if c == card]
    return cols[n - 1] if len(cols) >= n else tokens[0].loc + 1


def _not_a_card(text: str, i: int, deck: Deck, col: int) -> Problem:
    return Problem("unknown-card", f"{quoted(text[i:])} is not a card; the cards are {deck.card_names()}", col + i)


def _meld_problems(meld: Meld, col: int, deck: Deck) -> list[Problem]:
    if meld.meld is MeldKind.CLOSED_KAN and meld.size != 4:
        return [Problem("bad-meld", f"an An-KAN […] is four matching cards; {meld.size} given", col)]
    if meld.meld is MeldKind.SHOWN and meld.size != 3:
        return [Problem("bad-meld", f"a shown Kohtsu {{…}} is three matching cards; {meld.size} given", col)]
    if meld.size not in (3, 4):
        return [Problem("bad-meld", f"a meld (…) is a PON (3) or a KAN (4); {meld.size} cards given", col)]
    if len(set(meld.kinds)) > 1:
        names = " ".join(deck.name(k) for k in meld.kinds)
        return [Problem("bad-meld", f"a meld's cards must match (OBABA may stand in); got {names}", col)]
    if not meld.kinds:
        return [Problem("bad-meld", "a meld of OBABA alone has no kind to match", col)]
    return []


def _read_chips(items: Items, deck: Deck, problems: list[Problem]) -> tuple[int, ...]:
    if "dora" not in items.values:
        return ()
    value, col = items.values["dora"]
    chips: list[int] = []
    offset = 0
    for part in value.split(","):
        starts: list[int] = []
        read, bad = read_cards(part, deck, col + offset, starts)
        problems.extend(bad)
        for card, at in zip(read, starts, strict=False):
            if card is None:
                problems.append(Problem("bad-chip", f"there is no DORAYAKI chip for {WILD_NAME}", at))
            elif card in chips:
                problems.append(Problem("bad-chip", f"DORAYAKI chip {deck.name(card)} is named twice", at))
            else:
                chips.append(card)
        offset += len(part) + 1
    if not value:
        problems.append(Problem("bad-value", "dora= names the face-up DORAYAKI chips, e.g. dora=場々,馬庭", col))
    return tuple(chips)


# --- writing hands back


def describe(reading: Reading, deck: Deck) -> str:
    """A reading for people: "Kohtsu 馬々×3 · Kohtsu 場々×2+OBABA"."""
    return " · ".join(_describe_group(g, deck) for g in reading.groups)


_GROUP_WORDS = {Shape.SET: "Kohtsu", Shape.KAN: "KAN", Shape.PAIR: "pair", Shape.SINGLE: "", Shape.RUN: "run"}
_MELD_WORDS = {MeldKind.OPEN: " (open)", MeldKind.CLOSED_KAN: " (An-KAN)", MeldKind.SHOWN: " (shown)", None: ""}


@lru_cache(maxsize=1024)
def _describe_group(g: Group, deck: Deck) -> str:
    size = SHAPE_SIZE[g.shape]
    real = size - g.wilds
    cards = f"{deck.name(g.kind)}×{real}" if g.kind is not None and real > 1 else deck.name(g.kind) if real else ""
    wild = f"{WILD_NAME}×{g.wilds}" if g.wilds > 1 else WILD_NAME if g.wilds else ""
    text = "+".join(x for x in (cards, wild) if x)
    return f"{_GROUP_WORDS[g.shape]} {text}{_MELD_WORDS[g.meld]}".strip()


def format_cards(kinds: Sequence[int], wilds: int, deck: Deck) -> str:
    return "".join(deck.kinds[k].spelling for k in kinds) + "O" * wilds


def canonical(ruleset: str, deal: BabaDeal, option_specs: Sequence[OptionSpec]) -> str:
    """The hand as read, in notation that reads back to the same hand."""
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
    parts.append(table.win.value)
    if "menzen" in items.flags:
        parts.append("menzen")
    parts += option_words(items.options, option_specs)
    return " ".join(parts)
