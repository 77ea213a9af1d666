"""``--format json`` (schema 2): every document the shipped examples, the corpora and the
conformance cases make is valid against ``mjscore/data/result.schema.json``, settles to
zero, and is one line of text that can always be written."""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mjscore.configure import load_settings
from mjscore.errors import HandError
from mjscore.options import option_values
from mjscore.render.json import JsonRenderer
from mjscore.rulesets.riichi import RiichiOptions
from mjscore.scoring import hand_lines, score
from mjscore.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "mjscore" / "data" / "result.schema.json"
# Files of "HAND  =>  EXPECTED" lines: every rule set, wins and draws, refusals, hands with candidates.
CASE_FILES = [
    "tests/rulesets/riichi/corpus.txt",
    "tests/rulesets/hana/corpus.txt",
    "tests/rulesets/baida/corpus.txt",
    "grammar/conformance/accept.txt",
    "grammar/conformance/reject.txt",
]
_ARROW = re.compile(r"\s+=>\s+")


@cache
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _hands(source: str) -> list[str]:
    """The hands of a batch file (examples/), or of a file of cases."""
    if source.startswith("examples/"):
        with (ROOT / source).open(encoding="utf-8") as f:
            return [text for _, text in hand_lines(f)]
    lines = (ROOT / source).read_text(encoding="utf-8").splitlines()
    return [_ARROW.split(line.strip())[0] for line in lines if line.strip() and not line.startswith("#")]


def _documents(source: str, settings: Settings) -> list[dict[str, Any]]:
    """Every document the renderer writes for the file's lines, with and without --all."""
    renderer = JsonRenderer()
    docs = []
    for number, text in enumerate(_hands(source), 1):
        try:
            result = score(text, settings, explain=True)
        except HandError as exc:
            docs.append(json.loads(_one_line(renderer.error(number, exc))))
            continue
        for show_all in (False, True):
            docs.append(json.loads(_one_line(renderer.result(number, result, show_all))))
        docs.append(json.loads(_one_line(renderer.result(0, result))))  # mjscore score: no line number
    return docs


def _one_line(output: str | bytes | None) -> str:
    assert output is not None
    text = output if isinstance(output, str) else output.decode()  # a result's JSON comes as UTF-8
    assert "\n" not in text  # one document, one line
    return text


SOURCES = [
    pytest.param(f"examples/{path.name}", None, id=path.name) for path in sorted((ROOT / "examples").glob("*.txt"))
]
SOURCES += [pytest.param("examples/baba.txt", "examples/house-rules.toml", id="baba.txt+house-rules")]
SOURCES += [pytest.param(source, None, id=source) for source in CASE_FILES]


@pytest.mark.parametrize(("source", "rules"), SOURCES)
def test_every_document_is_valid_and_settles(source: str, rules: str | None) -> None:
    docs = _documents(source, load_settings(str(ROOT / rules)) if rules else Settings())
    for doc in docs:
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator().iter_errors(doc)]
        assert not errors, (doc.get("hand"), errors[:3])
        if not doc["ok"]:
            continue
        # why: money changes hands, none is made: players' changes and the pools' sum to zero
        assert sum(doc["deltas"].values()) + sum(doc["pools"].values()) == 0, doc["hand"]
        if doc["winner"] is not None:
            # why: the winner pays nothing on their own win, so their change is all they receive
            assert doc["deltas"][doc["winner"]] == doc["received"], doc["hand"]
        if doc["side_payments"]:
            assert sum(doc["side_payments"]["deltas"].values()) == 0, doc["hand"]
        kept = [c for c in doc.get("candidates", ()) if c["kept"]]
        if kept:
            # why: a reading's hand_value means what the summary's does, so the kept one's is the hand's
            assert [c["hand_value"] for c in kept] == [doc["summary"]["hand_value"]], doc["hand"]
    # why: every file has documents, so no file passes for want of them
    assert docs


@pytest.mark.parametrize(
    ("path", "value"),
    [
        pytest.param("summary/han", "3", id="a number as text"),
        pytest.param("payments/0/payer", "E (dealer)", id="a seat label instead of its code"),
        pytest.param("context/riichi sticks", 0, id="a key that is no identifier"),
        pytest.param("deltas/S", None, id="a delta that is no number"),
    ],
)
def test_the_schema_refuses_what_schema_1_wrote(path: str, value: object) -> None:
    doc = json.loads(JsonRenderer().result(1, score("riichi:123m456p789s11z22z+2z tsumo seat=E riichi")))
    assert validator().is_valid(doc)
    broken = copy.deepcopy(doc)
    *parents, key = path.split("/")
    node: Any = broken
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    node[key] = value
    # why: the test above would pass a schema that checks nothing; this one would not
    assert not validator().is_valid(broken)


def test_a_ron_names_payer_and_payee_by_seat() -> None:
    doc = json.loads(JsonRenderer().result(0, score("riichi:12399m456p23789s+4s ron seat=W from=E")))
    # why: 123m 99m 456p 234s 789s, won two-sided on 4s, closed, pair no value tile: Pinfu, 1 han; Pinfu ron
    # 30 fu; 30 x 2^(2+1) = 240 base; a non-dealer's ron is 4 x 240 = 960 -> 1000, paid by the discarder E
    assert doc["payments"] == [{"payer": "E", "payee": "W", "amount": 1000, "reason": "ron"}]
    assert (doc["winner"], doc["received"]) == ("W", 1000)
    assert doc["summary"] == {
        "han": 1,
        "fu": 30,
        "base_points": 240,
        "limit": None,
        "limit_name": None,
        "yakuman": 0,
        "hand_value": 1000,
    }
    # why: every seat is named; S and N neither pay nor receive
    assert doc["deltas"] == {"E": -1000, "S": 0, "W": 1000, "N": 0}


def test_an_unnamed_discarder_is_a_party_of_its_own() -> None:
    doc = json.loads(JsonRenderer().result(0, score("riichi:12399m456p23789s+4s ron seat=W sticks=2")))
    # why: 1000 as above from the discarder; 2 sticks x 1000 from the table: 3000 received
    assert doc["payments"] == [
        {"payer": "discarder", "payee": "W", "amount": 1000, "reason": "ron"},
        {"payer": "sticks", "payee": "W", "amount": 2000, "reason": "2 on the table"},
    ]
    # why: the discarder is one of E, S, N, which one the line does not say: those seats are left out
    assert doc["deltas"] == {"W": 3000, "discarder": -1000}
    assert doc["pools"] == {"sticks": -2000}


def test_chips_from_every_seat_name_no_unnamed_discarder() -> None:
    doc = json.loads(JsonRenderer().result(0, score("hana:12399m456p23789s+4s 1f3f ron variant=3")))
    # why: Pinfu ron 1000 from a discarder the line does not name; the chips come from every other seat,
    # 2 flowers x 1 each, so they name the seats and nobody called "discarder"
    assert doc["deltas"] == {"S": 1000, "discarder": -1000}
    assert doc["side_payments"]["deltas"] == {"E": -2, "S": 6, "W": -2, "N": -2}


def test_a_draw_is_settled_in_data() -> None:
    doc = json.loads(JsonRenderer().result(0, score("riichi: draw tenpai=E,W honba=1")))
    # why: two ready, two not: each not ready pays 1500, 750 to each ready seat (docs/rules/riichi.md §9)
    assert doc["settlement"] == {"kind": "exhaustive_draw", "tenpai": ["E", "W"], "nagashi": []}
    assert doc["deltas"] == {"E": 1500, "S": -1500, "W": 1500, "N": -1500}
    assert (doc["kind"], doc["winner"], doc["received"], doc["summary"]) == ("draw", None, None, None)
    # why: riichi's default preset, and every option at its default (as a win's context holds them)
    defaults = dict(option_values(RiichiOptions()))
    assert doc["context"] == {"honba": 1, "sticks": 0, "preset": "yakuza2", "options": defaults}


def test_baba_names_players_by_role() -> None:
    doc = json.loads(JsonRenderer().result(0, score("baba:馬馬馬場場O dora=場 ron pot=2 players=3")))
    # why: WIN 1 + DORAYAKI 2 (two 場々) + Menzen 1 + Hon-itsu 1 = 5 KOBAN; on a ron the discarder pays
    # them, the one other player (3 players) nothing; the 2 KOBAN in the pot go to the winner too
    assert doc["deltas"] == {"winner": 7, "discarder": -5, "other_1": 0}
    assert doc["pools"] == {"pot": -2}
    # why: what the hand earns the winner, the pot apart
    assert doc["summary"]["hand_value"] == 5
    assert doc["context"]["dorayaki_chips"] == ["場々"]


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u0085", "\x9b", "\x7f", "\udcff"])
def test_text_that_could_break_a_line_or_the_encoding_is_escaped(char: str) -> None:
    error = HandError(f"1m{char}", ())
    text = JsonRenderer().error(3, error)
    assert text is not None
    # why: U+2028/9 and U+0085 end a line for some readers, C1 (CSI 0x9b) and DEL drive a terminal, and a
    # lone surrogate cannot be written as UTF-8
    assert char not in text and f"\\u{ord(char):04x}" in text
    text.encode("utf-8")
    assert json.loads(text)["hand"] == f"1m{char}"
