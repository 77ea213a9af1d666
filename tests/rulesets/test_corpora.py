"""The hand-worked corpora of the riichi family (``<ruleset>/corpus.txt``,
formats in each folder's CORPUS.md).

Every expectation there was worked out by hand from the rule book (docs/rules/riichi.md,
docs/rules/hana.md), with its working in the ``# why:`` lines above it. Each line becomes one
test, tagged with the ``rule`` marker for every item it expects, and for every
item it expects *not* to score: those its section is about, and those a
``# near miss of: ID, ID`` line above it names (a hand chosen to come close to
them; the test checks they are absent).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mjscore.errors import HandError
from mjscore.payment import STICKS
from mjscore.result import ScoreResult
from mjscore.rulesets.baida import RULES as BAIDA_RULES
from mjscore.rulesets.hana import HANA_RULES
from mjscore.rulesets.riichi.rows import RULES
from mjscore.rulesets.sanma import SANMA_RULES
from mjscore.scoring import score
from tests.corpus_lines import corpus_lines

HERE = Path(__file__).parent
CORPORA = {ruleset: HERE / ruleset / "corpus.txt" for ruleset in ("riichi", "hana", "sanma")}
RULE_IDS = {r.id for r in RULES} | {r.id for r in HANA_RULES} | {r.id for r in SANMA_RULES}
# On a tsumo every other seat pays (docs/rules/riichi.md §7): three at four players, two in sanma.
TSUMO_PAYERS = {"riichi": 3, "hana": 3, "sanma": 2}

# The items each section is about: a line of the section that does not score
# one of them is a near miss for it.
SECTION_TOPICS = {
    "Pinfu": ("pinfu",),
    "Riichi, double riichi, ippatsu, menzen tsumo": ("riichi", "double-riichi", "ippatsu", "menzen-tsumo"),
    "All simples": ("all-simples",),
    "Pure double chow": ("pure-double-chow",),
    "Dragons and winds": ("white-dragon", "green-dragon", "red-dragon", "seat-wind", "prevalent-wind"),
    "Last tile, after a kong, robbing the kong": ("haitei", "houtei", "rinshan", "chankan"),
    "All pungs": ("all-pungs",),
    "Mixed and pure outside hands": ("mixed-outside-hand", "pure-outside-hand"),
    "Pure straight": ("pure-straight",),
    "Seven pairs": ("seven-pairs",),
    "Mixed triple chow": ("mixed-triple-chow",),
    "Three concealed pungs": ("three-concealed-pungs",),
    "All terminals and honours": ("all-terminals-and-honours",),
    "Little three dragons": ("little-three-dragons",),
    "Triple pung": ("triple-pung",),
    "Three kongs": ("three-kongs",),
    "Half flush": ("half-flush",),
    "Full flush and twice pure double chow": ("full-flush", "twice-pure-double-chow"),
    "Dora, ura-dora, red fives": ("dora", "ura-dora", "red-five"),
    "Yakuman": tuple(r.id for r in RULES if r.category == "yakuman"),
    # hana
    "Variation 1: seat flowers": ("seat-flower",),
    "Variation 1: Shoufaahou": ("shoufaahou",),
    "Variation 1: Daifaahou": ("daifaahou",),
    "Variation 2": ("flower",),
    # sanma
    "Norths set aside": ("kita",),
}

WIN = re.compile(
    r"^(?P<items>.+?) \| (?P<han>\d+) han (?P<fu>\d+|-) fu \| (?P<pay>.+) received (?P<received>\d+)"
    r"(?: chips (?P<chips>\d+))?$"
)
# A draw lists every seat at the table: sanma has no N (its result has no North party either).
DRAW = re.compile(r"^draw E (?P<E>0|[+-]\d+), S (?P<S>0|[+-]\d+), W (?P<W>0|[+-]\d+)(?:, N (?P<N>0|[+-]\d+))?$")


@dataclass(frozen=True)
class Entry:
    ruleset: str
    section: str
    number: int
    hand: str
    expected: str
    why: str
    near_misses: tuple[str, ...] = ()  # items the hand comes close to and must not score


def _entries(ruleset: str, corpus: Path) -> list[Entry]:
    # a section is named by its heading up to " (" or "." ("Yakuman (limit hands)" is "Yakuman")
    return [
        Entry(
            ruleset, c.section.split(" (")[0].split(".")[0].strip(), c.number, c.hand, c.expected, c.why, c.near_misses
        )
        for c in corpus_lines(corpus)
    ]


def _marks(entry: Entry) -> list[Any]:
    match = WIN.match(entry.expected)
    if not match:
        return []
    items = _items(match["items"])
    marks = [pytest.mark.rule(entry.ruleset, rid, True) for rid in items if rid in RULE_IDS]
    for topic in SECTION_TOPICS.get(entry.section, ()):
        if topic not in items and "counted-yakuman" not in items:
            marks.append(pytest.mark.rule(entry.ruleset, topic, False))
    marks += [pytest.mark.rule(entry.ruleset, rid, False) for rid in entry.near_misses]
    return marks


def _items(text: str) -> dict[str, int]:
    return {rid: int(value) for rid, value in (item.rsplit(" ", 1) for item in text.split(", "))}


ENTRIES = [entry for ruleset, corpus in CORPORA.items() for entry in _entries(ruleset, corpus)]


def test_corpora_are_large_and_every_line_has_a_why() -> None:
    sizes = {ruleset: sum(e.ruleset == ruleset for e in ENTRIES) for ruleset in CORPORA}
    assert sizes["riichi"] >= 200
    assert sizes["hana"] >= 50
    assert sizes["sanma"] >= 60
    assert all(e.why for e in ENTRIES)


@pytest.mark.parametrize(
    "entry",
    [pytest.param(e, id=f"{e.ruleset}/{e.section}-{e.number}: {e.hand}", marks=_marks(e)) for e in ENTRIES],
)
def test_corpus_line(entry: Entry) -> None:
    if entry.expected.startswith("error"):
        _check_error(entry)
        return
    result = score(entry.hand)
    if entry.expected.startswith("draw"):
        match = DRAW.match(entry.expected)
        assert match, entry.expected
        assert result.deltas == {seat: int(match[seat]) for seat in "ESWN" if match[seat] is not None}
        return
    match = WIN.match(entry.expected)
    assert match, entry.expected
    _check_win(result, match, TSUMO_PAYERS[entry.ruleset])


def _check_error(entry: Entry) -> None:
    """``error CODE ...``: the line is refused with exactly these problem codes."""
    with pytest.raises(HandError) as caught:
        score(entry.hand)
    assert {p.code for p in caught.value.problems} == set(entry.expected.split()[1:])


def _check_win(result: ScoreResult, match: re.Match[str], tsumo_payers: int) -> None:
    expected = _items(match["items"])
    got = {line.rule_id: line.value for line in result.lines}
    summary = result.summary
    assert summary is not None
    if expected == {"counted-yakuman": 13}:
        # CORPUS.md ASSUMED 2: the corpus names the limit; mjscore lists the yaku and dora that reach it
        assert summary.limit == "counted_yakuman"
    else:
        assert got == expected
    assert result.total == int(match["han"])
    if match["fu"] != "-":
        assert summary.fu == int(match["fu"])
    assert _settlement(result) == match["pay"]
    if match["pay"].startswith("tsumo"):  # docs/rules/riichi.md §7: on a tsumo each other seat pays
        assert len([p for p in result.payments if p.payer != STICKS]) == tsumo_payers
    assert result.received == int(match["received"])
    assert sum(p.amount for p in result.side_payments) == int(match["chips"] or 0)


def _settlement(result: ScoreResult) -> str:
    """The payments written the corpus's way: "ron N", "tsumo N/M", "tsumo Nall", "pao ..."."""
    rows = [p for p in result.payments if p.payer != STICKS]
    if any("pao" in p.reason for p in rows):
        return "pao " + ", ".join(f"{p.payer} pays {p.amount}" for p in rows)
    if len(rows) == 1:
        return f"ron {rows[0].amount}"
    dealer = [p.amount for p in rows if p.payer == "E"]  # the East seat deals
    others = sorted({p.amount for p in rows if p.payer != "E"})
    if not dealer:
        return f"tsumo {others[0]}all" if len(others) == 1 else f"tsumo {others}"
    return f"tsumo {'/'.join(map(str, others))}/{dealer[0]}"


# --- baida: its own win format (points, not han and fu), see baida/CORPUS.md

BAIDA_WIN = re.compile(
    r"^(?P<items>.+?) \| (?P<total>\d+) points \| (?P<kind>tsumo|ron) (?P<n>\d+) received (?P<received>\d+)$"
)
BAIDA_TOPICS = {
    "One-suit hands": ("mixed-one-suit", "pure-one-suit"),
    "Nine-tile straight and baida dragon": ("nine-tile-straight", "baida-dragon"),
    "Thirteen terminals": ("thirteen-terminals",),
    "All triplets": ("all-triplets",),
    "Seven pairs": ("seven-pairs",),
    "Big crane": ("big-crane",),
    "Four kongs": ("four-kongs",),
    "Four baida and seven baida": ("four-baida",),
    "Situations": (
        "win-on-kong",
        "robbing-a-kong",
        "final-draw",
        "final-discard",
        "blessing-of-heaven",
        "blessing-of-earth",
    ),
    "Chicken, no-baida and payment schemes": ("no-baida",),
}
CAP_LINES = ("pattern-cap", "hand-cap")  # mjscore shows a cut as a line of its own; the corpus lists items uncapped
BAIDA_ENTRIES = _entries("baida", HERE / "baida" / "corpus.txt")


def _baida_marks(entry: Entry) -> list[Any]:
    match = BAIDA_WIN.match(entry.expected)
    if not match:
        return []
    items = _items(match["items"])
    marks = [pytest.mark.rule("baida", rid, True) for rid in items if rid not in ("chicken", "seven-baida")]
    marks += [pytest.mark.rule("baida", t, False) for t in BAIDA_TOPICS.get(entry.section, ()) if t not in items]
    marks += [pytest.mark.rule("baida", rid, False) for rid in entry.near_misses]
    return marks


def test_baida_corpus_is_there() -> None:
    assert len(BAIDA_ENTRIES) >= 50
    assert all(e.why for e in BAIDA_ENTRIES)


@pytest.mark.parametrize(
    "entry",
    [pytest.param(e, id=f"baida/{e.section}-{e.number}: {e.hand}", marks=_baida_marks(e)) for e in BAIDA_ENTRIES],
)
def test_baida_corpus_line(entry: Entry) -> None:
    if entry.expected.startswith("error"):
        _check_error(entry)
        return
    match = BAIDA_WIN.match(entry.expected)
    assert match, entry.expected
    result = score(entry.hand)
    got = {line.rule_id: line.value for line in result.lines if line.rule_id not in CAP_LINES}
    assert got == _items(match["items"])
    assert result.total == int(match["total"])
    amounts = {p.amount for p in result.payments}
    assert amounts == {int(match["n"])}
    assert len(result.payments) == (3 if match["kind"] == "tsumo" else 1)
    assert result.received == int(match["received"])


NEAR_MISSES = [e for e in (*ENTRIES, *BAIDA_ENTRIES) if e.near_misses]


@pytest.mark.parametrize("entry", [pytest.param(e, id=f"{e.ruleset}: {e.hand}") for e in NEAR_MISSES])
def test_a_near_miss_scores_none_of_what_it_comes_close_to(entry: Entry) -> None:
    known = RULE_IDS | {r.id for r in BAIDA_RULES}
    # why: a near-miss tag names real items (a typo would mark nothing)
    assert set(entry.near_misses) <= known
    # why: the hand comes close to these items and must score none of them
    assert not set(entry.near_misses) & {line.rule_id for line in score(entry.hand).lines}


def test_near_misses_are_tagged() -> None:
    # why: the tags below are read at all (a corpus whose tags were lost would leave the rules one-sided)
    assert len(NEAR_MISSES) >= 10
