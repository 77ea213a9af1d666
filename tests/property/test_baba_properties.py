"""Properties of BABA scoring, on winning hands built from the deck (hypothesis).

The strategies build hands that are winning by construction (docs/rules/baba.md §2): two
Kohtsu with 0-2 OBABA each (concealed or PON), optionally one of them a KAN
(An-KAN or open), San-toitsu, or Ba-ittsu; plus random chips, win, players and
pot. A hand is written out in random but equivalent ways: any spelling of each card
(two kanji, ASCII code in any case, the one-kanji shorthand), any OBABA spelling, any
order of cards, groups and items.
"""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter
from dataclasses import dataclass, replace

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore.cli import main
from mjscore.families.baba.deck import default_deck
from mjscore.payment import WINNER, balances
from mjscore.result import ScoreResult
from mjscore.scoring import hand_lines, parse_hand, score

DECK = default_deck()
KINDS = range(len(DECK.kinds))
BA_KINDS = tuple(k.index for k in DECK.kinds if "場" in k.spelling)
WILDS = ("O", "o", "*", "お", "婆")  # 婆 is OBABA with the built-in deck (no kind uses it)
MAX_COPIES, MAX_WILDS = 4, 4

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Card = int | None  # a kind index, or None for OBABA


@dataclass(frozen=True)
class Meld:
    closed: bool  # [An-KAN] or (PON / open KAN)
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Spec:
    """A winning hand and its table, before it is written out."""

    ruleset: str
    concealed: tuple[Card, ...]
    melds: tuple[Meld, ...]
    chips: tuple[int, ...]
    win: str
    players: int | None
    pot: int
    obaba_dora: bool | None
    menzen_flag: bool

    @property
    def real(self) -> Counter[int]:
        cards = [*self.concealed, *(c for m in self.melds for c in m.cards)]
        return Counter(c for c in cards if c is not None)


# --- strategies: winning hands


@st.composite
def basic_groups(draw: st.DrawFn, allow_kan: bool) -> tuple[tuple[Card, ...], tuple[Meld, ...]]:
    """Two Kohtsu (0-2 OBABA each), each concealed or a PON; or a KAN and a Kohtsu."""
    sizes = (4, 3) if allow_kan and draw(st.booleans()) else (3, 3)
    real: Counter[int] = Counter()
    wilds_left = MAX_WILDS
    concealed: list[Card] = []
    melds: list[Meld] = []
    for size in sizes:
        most_wilds = min(2, wilds_left)
        # a kind with copies left for at least one real card more than the OBABA can cover
        kind = draw(st.sampled_from([k for k in KINDS if MAX_COPIES - real[k] >= size - most_wilds]))
        wilds = draw(st.integers(max(0, size - (MAX_COPIES - real[kind])), most_wilds))
        real[kind] += size - wilds
        wilds_left -= wilds
        cards: tuple[Card, ...] = (kind,) * (size - wilds) + (None,) * wilds
        if size == 4:
            melds.append(Meld(draw(st.booleans()), cards))  # An-KAN or open KAN
        elif draw(st.booleans()):
            melds.append(Meld(False, cards))  # a PON
        else:
            concealed.extend(cards)
    return tuple(concealed), tuple(melds)


@st.composite
def san_toitsu(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Meld, ...]]:
    """Three pairs, no OBABA (two pairs may be one kind: santoitsu_four is on by default)."""
    kinds = draw(
        st.lists(st.sampled_from(KINDS), min_size=3, max_size=3).filter(lambda ks: max(Counter(ks).values()) <= 2)
    )
    return tuple(k for k in kinds for _ in range(2)), ()


def ba_ittsu() -> st.SearchStrategy[tuple[tuple[Card, ...], tuple[Meld, ...]]]:
    return st.just((BA_KINDS, ()))


@st.composite
def specs(draw: st.DrawFn, shapes: tuple[str, ...] = ("basic", "kan", "san-toitsu", "ba-ittsu")) -> Spec:
    shape = draw(st.sampled_from(shapes))
    if shape in ("basic", "kan"):
        concealed, melds = draw(basic_groups(allow_kan=shape == "kan"))
    elif shape == "san-toitsu":
        concealed, melds = draw(san_toitsu())
    else:
        concealed, melds = draw(ba_ittsu())
    has_kan = any(len(m.cards) == 4 for m in melds)
    beginner = shape == "basic" and not has_kan and draw(st.integers(0, 3)) == 0
    is_concealed = all(m.closed for m in melds)
    return Spec(
        ruleset="baba-beginner" if beginner else "baba",
        concealed=concealed,
        melds=melds,
        chips=tuple(draw(st.lists(st.sampled_from(KINDS), unique=True, max_size=3))),
        win=draw(st.sampled_from(["tsumo", "ron"])),
        players=draw(st.sampled_from([None, 3, 4])),
        pot=draw(st.integers(0, 3)),
        obaba_dora=draw(st.sampled_from([None, False, True])),
        menzen_flag=is_concealed and draw(st.booleans()),
    )


# --- writing a hand out, in any of its equivalent spellings and orders


def spellings(card: Card, shorthand: bool) -> list[str]:
    if card is None:
        return list(WILDS)
    kind = DECK.kinds[card]
    out = [kind.spelling, kind.code, kind.code.lower(), kind.code[0] + kind.code[1].lower()]
    if shorthand and kind.spelling[1] == "々":
        out.append(kind.spelling[0])
    return out


def write_cards(draw: st.DrawFn, cards: tuple[Card, ...], spaces: bool) -> str:
    """Cards in a random order and spelling. A shorthand card always stands alone
    (``馬`` next to ``場`` would read as the 馬場 card), so shorthand needs ``spaces``."""
    order = draw(st.permutations(cards))
    words = [draw(st.sampled_from(spellings(c, shorthand=spaces))) for c in order]
    out = words[0] if words else ""
    for before, word in itertools.pairwise(words):
        alone = (len(before) == 1 and before not in WILDS) or (len(word) == 1 and word not in WILDS)
        out += " " if alone or (spaces and draw(st.booleans())) else ""
        out += word
    return out


@st.composite
def texts(draw: st.DrawFn, spec: Spec) -> str:
    """One way of writing ``spec`` in the notation."""
    groups = [
        f"{'[' if m.closed else '('}{write_cards(draw, m.cards, spaces=False)}{']' if m.closed else ')'}"
        for m in spec.melds
    ]
    if spec.concealed:
        groups.append(write_cards(draw, spec.concealed, spaces=True))
    items = [spec.win]
    if spec.chips:
        items.append("dora=" + ",".join(draw(st.sampled_from(spellings(k, shorthand=True))) for k in spec.chips))
    if spec.pot or draw(st.booleans()):
        items.append(f"pot={spec.pot}")
    if spec.players is not None:
        items.append(f"players={spec.players}")
    if spec.obaba_dora is not None:
        items.append(f"obaba_dora={'on' if spec.obaba_dora else 'off'}")
    if spec.menzen_flag:
        items.append("menzen")
    prefix = spec.ruleset + draw(st.sampled_from([":", ": ", " : "]))
    return prefix + " ".join(draw(st.permutations(groups))) + " " + " ".join(draw(st.permutations(items)))


def itemised(result: ScoreResult) -> list[tuple[str, int, int]]:
    return sorted((line.rule_id, line.count, line.value) for line in result.lines)


def sorted_melds(text: str) -> object:
    hand = parse_hand(text).deal.table.hand
    return hand.concealed, hand.wilds, sorted(hand.melds, key=repr)


# --- properties


@FAST
@given(st.data())
def test_score_does_not_depend_on_card_group_or_item_order(data: st.DataObject) -> None:
    spec = data.draw(specs())
    first, second = data.draw(texts(spec)), data.draw(texts(spec))
    a, b = score(first), score(second)
    assert (a.total, a.received, itemised(a)) == (b.total, b.received, itemised(b)), (first, second)
    assert sorted_melds(first) == sorted_melds(second)


@FAST
@given(st.data())
def test_settlement_sums_to_zero(data: st.DataObject) -> None:
    spec = data.draw(specs())
    result = score(data.draw(texts(spec)))
    net = balances(result.payments)
    assert sum(net.values()) == 0
    assert net[WINNER] == result.received == sum(p.amount for p in result.payments if p.payee == WINNER)
    assert all(p.amount >= 0 for p in result.payments)
    others = (spec.players or 4) - 1
    # docs/rules/baba.md §6: tsumo, each other player pays the total; ron, the discarder alone; the pot on top.
    paid = result.total * (others if spec.win == "tsumo" else 1)
    assert result.received == paid + spec.pot


@FAST
@given(st.data())
def test_a_winning_hand_always_scores_its_fundamental(data: st.DataObject) -> None:
    spec = data.draw(specs())
    result = score(data.draw(texts(spec)))
    fundamentals = [line.rule_id for line in result.lines if line.rule_id in ("win", "ba-ittsu", "san-toitsu")]
    assert len(fundamentals) == 1  # docs/rules/baba.md §4: the one shape that gives the largest total
    assert result.total == sum(line.value for line in result.lines) >= 1


@FAST
@given(st.data())
def test_another_dorayaki_chip_never_lowers_the_total(data: st.DataObject) -> None:
    spec = data.draw(specs().filter(lambda s: len(s.chips) < len(KINDS)))
    chip = data.draw(st.sampled_from([k for k in KINDS if k not in spec.chips]))
    more = replace(spec, chips=(*spec.chips, chip))
    before, after = score(data.draw(texts(spec))), score(data.draw(texts(more)))
    assert after.total >= before.total
    if not spec.obaba_dora:
        # why: DORAYAKI is 1 per real card of the chip's kind and nothing else changes (docs/rules/baba.md §4).
        assert after.total - before.total == spec.real[chip]


@FAST
@given(st.data())
def test_canonical_hand_reads_back_to_the_same_hand(data: st.DataObject) -> None:
    text = data.draw(texts(data.draw(specs())))
    result = score(text)
    again = score(result.hand)
    assert again.hand == result.hand  # the canonical form is a fixed point
    assert (again.total, again.received, itemised(again)) == (result.total, result.received, itemised(result))
    original, reread = parse_hand(text).deal, parse_hand(result.hand).deal
    assert reread.table == original.table  # parse(format(x)) == x
    assert reread.options == original.options


NOTATION_BITS = st.sampled_from(
    [
        *"馬場々庭羽番橋芭婆おO*o()[]=,:# \t-MBNRHKPbmr0123456789\r\n\ufeff",
        "baba:",
        "baba-beginner:",
        "riichi:",
        "tsumo",
        "ron",
        "menzen",
        "dora=",
        "pot=",
        "players=",
        "obaba_dora=on",
        "santoitsu_four=off",
        "MB",
        "BR",
    ]
)
ANY_TEXT = st.one_of(st.lists(NOTATION_BITS, max_size=25).map("".join), st.text(max_size=30))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=ANY_TEXT, fmt=st.sampled_from(["table", "json", "csv"]), rules=st.sampled_from([[], ["--rules", "baba"]]))
def test_score_on_any_text_exits_0_1_or_2_without_a_traceback(text: str, fmt: str, rules: list[str]) -> None:
    result = CliRunner().invoke(main, ["score", "--format", fmt, *rules, text])
    assert result.exit_code in (0, 1, 2), (text, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (text, result.exc_info)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(ANY_TEXT.map(lambda s: s.replace("\n", " ").replace("\r", " ")), max_size=6))
def test_batch_on_any_text_accounts_for_every_line(lines: list[str]) -> None:
    text = "\n".join(lines)
    result = CliRunner().invoke(main, ["batch", "-", "--rules", "baba", "--format", "json"], input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    # JSON keeps U+2028 and friends raw, so split on "\n" only, as the batch reads its input.
    docs = [json.loads(line) for line in result.stdout.split("\n") if line]
    expected = [number for number, _ in hand_lines(io.StringIO(text))]
    assert [d["line"] for d in docs] == expected
    failed = sum(not d["ok"] for d in docs)
    assert result.exit_code == (1 if failed else 0)
    hands = f"{len(docs)} hand{'' if len(docs) == 1 else 's'}"
    assert result.stderr.endswith(f"<stdin>: {hands}, {len(docs) - failed} scored, {failed} failed\n")
