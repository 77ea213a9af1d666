"""A rule set written only here, on the mpsz family, scored through the library and the CLI
without touching the engine or another rule set: the proof that the pipeline is open
(docs/adding-a-ruleset.md walks through this same rule set).

Garden is a made-up game. A win is four sets and a pair (melds allowed). Points: 1 for the
win; 3 when every set is a run (closed hands only); 2 for each pung or kong of dragons; 5
when every tile is of one suit (no honours); 1 for a self-drawn win; 2 when the line says
"bloom" (a word of Garden's own). A hand is worth at most 8. On tsumo each other seat pays
the total; on ron the discarder pays twice the total.

Garden also answers ``mjscore waits`` (the two analysis hooks, in a dozen lines, on the mpsz
family's reader): a rule set is analysed through hooks only, as it is scored.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from mjscore.analysis import analyse
from mjscore.cli import main
from mjscore.decompose import Target, decompose, kind_counts
from mjscore.engine import Rule, flag_is_set
from mjscore.errors import HandError
from mjscore.families.mpsz import waiting as mpsz_waiting
from mjscore.families.mpsz import written
from mjscore.families.mpsz.checks import count_problems, discarder_problems
from mjscore.families.mpsz.groups import group_text, meld_group
from mjscore.families.mpsz.items import read_seat
from mjscore.families.mpsz.tiles import DRAGONS, HONOURS, RIICHI_KINDS, RUN_STARTS, SEAT_LETTER, WINDS
from mjscore.hand import Hand, Reading, Shape, Win, bracketed
from mjscore.notation.build import Items, fail, gather_items, read_win
from mjscore.notation.tokens import Token
from mjscore.options import option, with_values
from mjscore.payment import DISCARDER, Payment, seat_code, win_parties
from mjscore.result import ScoreLine, Shown, Summary
from mjscore.rulesets import register, unregister
from mjscore.rulesets.base import RuleSet
from mjscore.rulesets.deal import Deal, Scored, Settled
from mjscore.scoring import score
from mjscore.settings import Settings
from mjscore.waiting import Waiting, WaitingLine

CAP = 8
KINDS = tuple(range(RIICHI_KINDS))  # Garden's tiles: every mpsz kind, no flowers


@dataclass(frozen=True, slots=True)
class GardenOptions:
    ron_pays: int = option(2, "what the discarder pays, in totals", "a made-up game", (1, 2))


@dataclass(frozen=True, slots=True)
class GardenTable:
    hand: Hand
    win: Win
    flags: frozenset[str]
    seat: int
    discarder: int | None


def _pung_kinds(r: Reading) -> list[int]:
    """The kind of each pung or kong."""
    return [g.kind or 0 for g in r.groups if g.shape in (Shape.SET, Shape.KAN)]


def _all_runs(r: Reading, _t: GardenTable, _o: GardenOptions) -> int:
    return all(g.shape in (Shape.RUN, Shape.PAIR) for g in r.groups)


def _dragon_pungs(r: Reading, _t: GardenTable, _o: GardenOptions) -> int:
    return sum(kind in DRAGONS for kind in _pung_kinds(r))


def _one_suit(_r: Reading, t: GardenTable, _o: GardenOptions) -> int:
    kinds = t.hand.all_kinds
    return max(kinds) < HONOURS and len({k // 9 for k in kinds}) == 1


GardenRule = Rule[Reading, GardenTable, GardenOptions]
# fmt: off
RULES: tuple[GardenRule, ...] = (
    Rule("win", "Win", "", category="base", value=1, condition="every win", predicate=lambda _r, _t, _o: 1),
    Rule("all-runs", "All Runs", "", category="pattern", value=3, condition="every set a run", predicate=_all_runs,
         closed_only=True),
    Rule("dragon-pung", "Dragon Pung", "", category="pattern", value=2, condition="each pung or kong of dragons",
         predicate=_dragon_pungs),
    Rule("one-suit", "One Suit", "", category="pattern", value=5, condition="every tile of one suit, no honours",
         predicate=_one_suit),
    Rule("self-drawn", "Self-drawn", "", category="bonus", value=1, condition="won by tsumo",
         predicate=flag_is_set("tsumo"), gate="tsumo"),
    Rule("bloom", "Bloom", "", category="bonus", value=2, condition="won as the garden blooms (a word of its own)",
         predicate=flag_is_set("bloom"), gate="bloom"),
)
# fmt: on


class Garden(RuleSet[Deal[GardenOptions, GardenTable], Reading, GardenTable, GardenOptions]):
    name = "garden"
    aliases: ClassVar[tuple[str, ...]] = ("made-up",)
    title = "Garden (a made-up game for the tests)"
    summary = "four sets and a pair on mpsz tiles, scored in points"
    family = "mpsz"
    unit = "points"
    options_type = GardenOptions
    flags: ClassVar[tuple[str, ...]] = ("tsumo", "ron", "bloom")  # bloom: no other game's word
    keys: ClassVar[tuple[str, ...]] = ("seat", "from")
    rules = RULES

    def build(self, text: str, tokens: Sequence[Token], settings: Settings) -> Deal[GardenOptions, GardenTable]:
        hand_tokens = [t for t in tokens if t.tag in written.HAND_TAGS]
        items = gather_items([t for t in tokens if t not in hand_tokens], self.flags, self.keys, self.option_specs())
        problems = items.problems
        hand = written.read_hand(hand_tokens, problems)
        win = read_win(items, problems, "self-drawn")
        seat = read_seat(items, "seat", "S", problems)
        discarder = read_seat(items, "from", None, problems)
        if hand is not None:
            problems += count_problems(hand, (), win, written.TilePlaces(hand_tokens), aka=False)
        if win is not None:
            problems += discarder_problems(items, seat, win, discarder)
        if problems or hand is None or win is None or seat is None:
            raise fail(text, problems)
        table = GardenTable(hand.hand(), win, frozenset(items.flags), seat, discarder)
        return Deal(text, items, with_values(self.base_options(settings), items.options), table)

    def readings(self, deal: Deal[GardenOptions, GardenTable]) -> Iterator[Reading]:
        return _four_sets_and_a_pair(deal.table.hand)

    def is_open(self, reading: Reading, table: GardenTable) -> bool:
        return not table.hand.is_concealed

    def features(self, deal: Deal[GardenOptions, GardenTable], reading: Reading, table: GardenTable) -> frozenset[str]:
        return table.flags

    def total(
        self, deal: Deal[GardenOptions, GardenTable], reading: Reading, table: GardenTable, lines: tuple[ScoreLine, ...]
    ) -> Scored[Reading, GardenTable]:
        total = sum(x.value for x in lines)
        if total > CAP:
            lines = (*lines, ScoreLine("cap", "capped", "", 1, CAP - total, f"at {CAP}"))
            total = CAP
        times = 3 if table.win is Win.TSUMO else deal.options.ron_pays
        return Scored(reading, table, lines, total, summary=Summary(hand_value=total * times), key=(total,))

    def not_winning(self, deal: Deal[GardenOptions, GardenTable]) -> str:
        return "not a winning hand: no four sets and a pair"

    def settle(self, deal: Deal[GardenOptions, GardenTable], best: Scored[Reading, GardenTable]) -> Settled:
        t, winner = deal.table, SEAT_LETTER[deal.table.seat]
        if t.win is Win.TSUMO:
            payments = tuple(Payment(SEAT_LETTER[w], winner, best.total, "each pays") for w in WINDS if w != t.seat)
        else:
            payer = seat_code(t.discarder) or DISCARDER
            payments = (Payment(payer, winner, deal.options.ron_pays * best.total, "the discarder pays"),)
        unnamed = t.win is Win.RON and t.discarder is None
        return Settled(payments, win_parties(t.seat, unnamed_discarder=unnamed, sticks=False), winner)

    def shown(self, deal: Deal[GardenOptions, GardenTable], best: Scored[Reading, GardenTable]) -> Shown:
        context = {"seat": SEAT_LETTER[deal.table.seat], "win": deal.table.win.value}
        return Shown(deal.text, (("win", deal.table.win.value),), self.describe(deal, best), context)

    def describe(self, deal: Deal[GardenOptions, GardenTable], scored: Scored[Reading, GardenTable]) -> str:
        return " ".join(group_text(g) for g in scored.reading.groups)

    # -- what a hand waits on (docs/adding-a-ruleset.md, "Analysis")

    def waiting_line(self, text: str, tokens: Sequence[Token], items: Items, settings: Settings) -> WaitingLine:
        return mpsz_waiting.waiting_line(text, tokens, items, KINDS, self.title)  # mpsz tiles, a hand of 13

    def waiting(self, deal: Deal[GardenOptions, GardenTable], line: WaitingLine, *, win_named: bool) -> Waiting:
        concealed = list(deal.table.hand.concealed)
        concealed.remove(line.probe_kind)  # the probe is the deal's winning tile
        short = Hand(tuple(concealed), 0, deal.table.hand.melds)
        completing = [
            k for k in KINDS if any(_four_sets_and_a_pair(short._replace(concealed=tuple(sorted((*concealed, k))))))
        ]
        held = Counter(short.all_kinds)
        groups = [
            mpsz_waiting.list_text(concealed),
            *[bracketed(mpsz_waiting.list_text(m.kinds), m.meld) for m in short.melds],
        ]
        shown = Shown(f"{self.name}:{''.join(groups)}", (), "", {"seat": SEAT_LETTER[deal.table.seat]})
        kinds = mpsz_waiting.wait_kinds(KINDS)
        return Waiting(kinds, tuple(completing), held, Counter(held), "the hand", shown, mpsz_waiting.list_text)


def _four_sets_and_a_pair(hand: Hand) -> Iterator[Reading]:
    melded = tuple(meld_group(m) for m in hand.melds)
    target = Target(sets=4 - len(melded), pairs=1, run_starts=RUN_STARTS)
    for groups in decompose(kind_counts(hand.concealed, RIICHI_KINDS), 0, target):
        yield Reading("four sets and a pair", melded + groups)


@pytest.fixture
def garden() -> Iterator[None]:
    register(Garden)
    yield
    unregister("garden")


def _items(text: str) -> dict[str, int]:
    return {x.rule_id: x.value for x in score(text).lines}


@pytest.mark.usefixtures("garden")
def test_a_closed_all_runs_tsumo() -> None:
    result = score("garden:123m456m789m234m5z+5z tsumo")
    # why: win 1 + all runs 3 (closed) + self-drawn 1 = 5; not one suit (a dragon pair)
    assert _items("garden:123m456m789m234m5z+5z tsumo") == {"win": 1, "all-runs": 3, "self-drawn": 1}
    assert result.total == 5
    # why: tsumo by S (the default seat): E, W and N pay 5 each; S receives 15
    assert result.deltas == {"E": -5, "S": 15, "W": -5, "N": -5}


@pytest.mark.usefixtures("garden")
def test_closed_only_rows_are_not_asked_on_an_open_hand() -> None:
    # why: every set is a run, but one run is a claimed chow: all runs is closed-only; two suits
    assert _items("garden:(123p)456p789p123s5z+5z ron from=E") == {"win": 1}


@pytest.mark.usefixtures("garden")
def test_a_word_of_the_rule_sets_own() -> None:
    result = score("garden:123m456m789m234m5z+5z tsumo bloom")
    # why: 1 + all runs 3 + self-drawn 1 + bloom 2 = 7, under the cap of 8
    assert _items("garden:123m456m789m234m5z+5z tsumo bloom") == {"win": 1, "all-runs": 3, "self-drawn": 1, "bloom": 2}
    assert result.total == 7


@pytest.mark.usefixtures("garden")
def test_an_open_dragon_pung_on_a_named_discard() -> None:
    result = score("garden:(555z)123p456p789p1s+1s ron from=E")
    # why: win 1 + one dragon pung 2 = 3; all runs is closed-only (and a pung is no run); two suits
    assert _items("garden:(555z)123p456p789p1s+1s ron from=E") == {"win": 1, "dragon-pung": 2}
    # why: ron from E pays twice the total (ron_pays=2): 6 to S; the other seats pay nothing
    assert result.deltas == {"E": -6, "S": 6, "W": 0, "N": 0}
    one_times = score("garden:(555z)123p456p789p1s+1s ron from=E ron_pays=1")
    assert one_times.deltas == {"E": -3, "S": 3, "W": 0, "N": 0}  # why: 1 x 3


@pytest.mark.usefixtures("garden")
def test_the_cap_is_a_line_of_its_own() -> None:
    result = score("made-up:123m456m789m234m5m+5m tsumo")
    # why: 1 + 3 + one suit 5 + 1 = 10, capped at 8 by a line of -2 (the alias reads the same game)
    assert [(x.rule_id, x.value) for x in result.lines] == [
        ("win", 1),
        ("all-runs", 3),
        ("one-suit", 5),
        ("self-drawn", 1),
        ("cap", -2),
    ]
    assert result.total == 8
    assert result.summary is not None and result.summary.hand_value == 24  # why: three payers x 8


@pytest.mark.usefixtures("garden")
def test_no_winning_shape_and_bad_words_are_errors_with_columns() -> None:
    with pytest.raises(HandError) as caught:
        score("garden:123m456m789m234m6z+7z tsumo")
    # why: 6z and 7z are two single honours: no pair, so no four sets and a pair
    assert [p.code for p in caught.value.problems] == ["not-winning"]
    with pytest.raises(HandError) as caught:
        score("garden:123m456m789m234m5z+5z tsumo riichi")
    problem = caught.value.problems[0]
    # why: riichi is no word of Garden's; it starts after 35 characters, at column 36
    assert (problem.code, problem.col) == ("unknown-word", 36)


@pytest.mark.usefixtures("garden")
def test_the_cli_scores_it_in_every_format() -> None:
    runner = CliRunner()
    done = runner.invoke(main, ["score", "garden:123m456m789m234m5z+5z tsumo", "--format", "json", "--all"])
    assert done.exit_code == 0, done.output
    document = json.loads(done.output)
    Draft202012Validator(_schema_for("garden")).validate(document)
    assert (document["ruleset"], document["total"], document["deltas"]["S"]) == ("garden", 5, 15)  # why: as above
    assert [c["kept"] for c in document["candidates"]] == [True]  # why: one reading of these tiles
    table = runner.invoke(main, ["score", "garden:(555z)123p456p789p1s+1s ron from=E"])
    # why: the table lists the one dragon pung worked out above
    assert table.exit_code == 0 and "Dragon Pung" in table.output
    rules = runner.invoke(main, ["rules", "garden"])
    # why: the rules table comes from the same rows and options the tests register
    assert rules.exit_code == 0 and "ron_pays" in rules.output and "One Suit" in rules.output


def _schema_for(ruleset: str) -> dict[str, Any]:
    """The result schema with one more rule set, whose context is its own: the envelope (items,
    payments, deltas, summary, candidates ...) is what every rule set's document shares."""
    schema: dict[str, Any] = json.loads(
        (Path(__file__).parents[2] / "mjscore" / "data" / "result.schema.json").read_text()
    )
    result = schema["$defs"]["scored"]
    result["properties"]["ruleset"]["enum"].append(ruleset)
    result["properties"]["context"] = {"type": "object"}
    return schema


@pytest.mark.usefixtures("garden")
def test_waits_analyses_garden_through_its_two_hooks() -> None:
    analysis = analyse("garden:123m456m789m55z66z seen=5z")
    # why: four sets are done but for a shanpon on the two dragon pairs: 5z (a pung of 5z, the pair
    # 66z) or 6z. Each: win 1 + dragon pung 2 = 3 (no all-runs, two suits); a ron is paid twice by
    # the discarder: 6; a tsumo adds self-drawn 1: 4 from each of three: 12. Unseen: 5z 4 - 2 held -
    # 1 seen = 1, 6z 4 - 2 = 2
    assert [(w.tile, w.unseen) for w in analysis.waits] == [("5z", 1), ("6z", 2)]
    values = [(w.ron, w.tsumo) for w in analysis.waits]
    assert [
        (r and r.value and r.value.summary.hand_value, t and t.value and t.value.summary.hand_value) for r, t in values
    ] == [(6, 12), (6, 12)]
    # why: Garden's own canonical hand (no probe tile), the analysis's seen=, no furiten (Garden has none)
    assert (analysis.ruleset, analysis.shown.hand, analysis.furiten) == ("garden", "garden:123456789m5566z seen=5z", ())
    assert analysis.payment_unit == "points"


@pytest.mark.usefixtures("garden")
def test_a_rule_set_that_tells_no_shape_refuses_a_hand_not_ready_and_a_hand_of_14_with_their_codes() -> None:
    # why: Garden's waiting gives no Waiting.shape (it cannot tell how far a hand is): 1z 3z 5z 7z
    # beside three runs complete nothing, so the hand is refused as not ready, with the code of a
    # hand nothing completes and no column (the hand as a whole)
    with pytest.raises(HandError) as not_ready:
        analyse("garden:123m456m789m1z3z5z7z")
    assert [(p.code, p.col) for p in not_ready.value.problems] == [("analysis-not-ready-yet", 0)]
    # why: nor does its line hold its tiles as typed (the mpsz reader unshaped): 14 tiles are
    # refused at the hand (column 8, after "garden:"), and the sizes named are 13 only
    with pytest.raises(HandError) as one_over:
        analyse("garden:123m456m789m55z66z1z")
    [problem] = one_over.value.problems
    assert (problem.code, problem.col) == ("analysis-discards-not-yet", 8)
    assert "waits reads a hand of 13 (one tile short of a win), counting each meld as 3" in problem.message


def test_a_rule_set_without_the_analysis_hooks_is_refused_with_a_code() -> None:
    class Bare(Garden):  # Garden without its analysis: the base's hooks
        name = "bare"
        aliases = ()
        title = "Bare Garden"
        waiting_line = RuleSet.waiting_line
        waiting = RuleSet.waiting

    register(Bare)
    try:
        with pytest.raises(HandError) as caught:
            analyse("bare:123m456m789m55z66z")
    finally:
        unregister("bare")
    # why: the default hooks say the rule set cannot be analysed, with a stable code
    [problem] = caught.value.problems
    assert (problem.code, problem.col) == ("analysis-ruleset-not-yet", 0)
    assert problem.message.startswith("mjscore waits does not read Bare Garden hands yet")


@pytest.mark.usefixtures("garden")
def test_a_game_of_a_registered_rule_set_is_refused_at_its_name() -> None:
    from mjscore.game.read import GameError
    from mjscore.game.replay import Replay

    with pytest.raises(GameError) as caught:
        Replay(["ruleset=garden players=Aki,Ben,Chie,Dai\n"])
    # why: mjscore game keeps games of its own rule sets only (a ledger each); the problem is told
    # at the rule set's name, column 9 after "ruleset=", and nothing else of the header is wrong
    [(number, error)] = caught.value.faults
    assert (number, [(p.code, p.col) for p in error.problems]) == (1, [("game-ruleset-no-ledger", 9)])
    assert "garden is a rule set registered from outside mjscore" in error.problems[0].message


def test_names_are_not_taken_twice_and_unregister_forgets() -> None:
    register(Garden)
    try:
        with pytest.raises(ValueError, match="garden"):
            register(Garden)
    finally:
        unregister("garden")
    with pytest.raises(HandError) as caught:
        score("garden:123m456m789m234m5z+5z tsumo")
    # why: once unregistered, garden: names no rule set
    assert caught.value.problems[0].code == "unknown-ruleset"
