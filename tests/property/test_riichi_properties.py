"""Riichi properties over random complete hands (hypothesis)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mjscore.engine import RuleBook, apply_rules
from mjscore.errors import HandError
from mjscore.families.mpsz.tiles import DEALER, TILE_NAMES, WINDS
from mjscore.payment import _win_parties, balances, win_parties
from mjscore.rulesets.riichi.points import Table, hand_value, win_payments
from mjscore.rulesets.riichi.readings import readings
from mjscore.rulesets.riichi.rows import RULES, features
from mjscore.scoring import parse_hand, score
from tests.rulesets.test_corpora import CORPORA, _entries

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
ALL_GATES = frozenset(r.gate for r in RULES if r.gate)
BOOK = RuleBook(RULES)


@st.composite
def complete_hands(draw: st.DrawFn) -> str:
    """A complete hand of four sets and a pair, some sets melded, as notation."""
    groups: list[tuple[str, list[int]]] = []
    for _ in range(4):
        if draw(st.booleans()):
            suit, rank = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            kinds = [suit * 9 + rank + i for i in range(3)]
        else:
            kinds = [draw(st.integers(0, 33))] * draw(st.sampled_from([3, 3, 3, 4]))
        how = draw(st.sampled_from(["concealed", "concealed", "open"])) if len(kinds) == 3 else "kong"
        if how == "kong":
            how = draw(st.sampled_from(["open", "closed"]))
        groups.append((how, kinds))
    pair = draw(st.integers(0, 33))
    counts = Counter([k for _, kinds in groups for k in kinds] + [pair, pair])
    assume(max(counts.values()) <= 4)
    concealed = [k for how, kinds in groups if how == "concealed" for k in kinds] + [pair, pair]
    winning = draw(st.sampled_from(concealed))
    concealed.remove(winning)
    order = draw(st.permutations(concealed))
    melds = "".join(
        ("(" if how == "open" else "[") + "".join(TILE_NAMES[k] for k in kinds) + (")" if how == "open" else "]")
        for how, kinds in groups
        if how != "concealed"
    )
    flags = draw(st.sampled_from(["tsumo", "ron", "tsumo haitei", "ron houtei"]))
    seat = draw(st.sampled_from("ESWN"))
    indicator = draw(st.sampled_from([k for k in range(34) if counts[k] < 4]))  # indicators are tiles too
    hand = f"{''.join(TILE_NAMES[k] for k in order)}{melds}+{TILE_NAMES[winning]}"
    return f"riichi:{hand} {flags} seat={seat} dora={TILE_NAMES[indicator]}"


@SETTINGS
@given(complete_hands())
def test_gates_never_change_the_items(text: str) -> None:
    """A gate is only a necessary condition: asking every row gives the same lines."""
    deal = parse_hand(text).deal
    for reading in readings(deal.table.hand, deal.table.winning, deal.table.win):
        is_open = not deal.table.closed
        found = features(reading, deal.table)
        gated = apply_rules(BOOK, reading, deal.table, deal.options, is_open=is_open, features=found)
        ungated = apply_rules(BOOK, reading, deal.table, deal.options, is_open=is_open, features=ALL_GATES)
        assert gated == ungated


@pytest.mark.parametrize("ruleset", sorted(CORPORA))
def test_gates_never_change_the_items_of_any_corpus_hand(ruleset: str) -> None:
    """The corpora hold every yaku and limit hand, near misses too: gates must not change one item."""
    checked = 0
    for entry in _entries(ruleset, CORPORA[ruleset]):
        try:
            parsed = parse_hand(entry.hand)
        except HandError:
            continue
        deal, book, rules = parsed.deal, parsed.ruleset.book, parsed.ruleset.rules
        if not hasattr(deal, "table"):
            continue  # a draw settlement has no reading
        every_gate = frozenset(r.gate for r in rules if r.gate)
        for reading in readings(deal.table.hand, deal.table.winning, deal.table.win):
            for table in parsed.ruleset.tables(deal, reading):
                is_open = not table.closed
                gated = apply_rules(
                    book, reading, table, deal.options, is_open=is_open, features=features(reading, table)
                )
                ungated = apply_rules(book, reading, table, deal.options, is_open=is_open, features=every_gate)
                assert gated == ungated, entry.hand
                checked += 1
    # why: most corpus lines are wins (a guard against checking nothing); sanma's corpus is the smallest
    assert checked > (40 if ruleset == "sanma" else 80)


@SETTINGS
@given(complete_hands())
def test_settlement_sums_to_zero_and_reads_back(text: str) -> None:
    try:
        result = score(text)
    except HandError as exc:  # a complete hand may still have no yaku
        assert {p.code for p in exc.problems} <= {"no-yaku"}
        return
    net = balances(result.payments)
    assert sum(net.values()) == 0
    assert net[result.winner] == result.received == result.deltas[result.winner]
    again = score(result.hand)  # parse(format(x)) == x
    assert (again.hand, again.total, again.received) == (result.hand, result.total, result.received)


@SETTINGS
@given(
    han=st.integers(1, 26),
    fu=st.sampled_from([20, 25, *range(30, 120, 10)]),
    yakuman=st.integers(0, 2),
    dealer=st.booleans(),
    tsumo=st.booleans(),
)
def test_readings_rank_by_what_the_payers_pay(han: int, fu: int, yakuman: int, dealer: bool, tsumo: bool) -> None:
    # why: readings are ranked by HandValue.points (docs/rules/riichi.md §3: most points first); with no
    # honba, sticks or liability that is what docs/rules/riichi.md §7's payments, each rounded up to 100, come to:
    # dealer ron 6x base, non-dealer ron 4x; dealer tsumo 2x from each of three; non-dealer
    # tsumo 2x from the dealer and 1x from each of the other two. The payment table pays the same.
    value = hand_value(han, fu, yakuman, False, kazoe=True, dealer=dealer, tsumo=tsumo)
    base = value.base
    if not tsumo:
        expected = _up(base * (6 if dealer else 4))
    else:
        expected = 3 * _up(2 * base) if dealer else _up(2 * base) + 2 * _up(base)
    assert value.points == expected
    seat = DEALER if dealer else DEALER + 1
    table = Table(seat, tsumo, None if tsumo else DEALER + 2, None, 0, 0, honba_value=300, liable_pays_honba=False)
    assert sum(p.amount for p in win_payments(base, table)) == expected


def _up(points: int) -> int:
    return -(-points // 100) * 100


_PARTIES_ASKED = st.tuples(st.sampled_from(WINDS), st.booleans(), st.booleans(), st.sampled_from([WINDS, WINDS[:3]]))


@SETTINGS
@given(st.lists(_PARTIES_ASKED, min_size=2, max_size=6))
def test_kept_parties_are_those_of_their_own_win(asked: list[tuple[int, bool, bool, tuple[int, ...]]]) -> None:
    # why: win_parties keeps the parties by the seats, then by one number packing the winner
    # and the two switches; each win, asked again after the others, gets its own
    for winner, unnamed, sticks, seats in asked:
        win_parties(winner, unnamed_discarder=unnamed, sticks=sticks, seats=seats)
    for winner, unnamed, sticks, seats in asked:
        kept_ones = win_parties(winner, unnamed_discarder=unnamed, sticks=sticks, seats=seats)
        assert kept_ones == _win_parties(winner, unnamed, sticks, seats)
