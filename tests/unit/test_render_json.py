"""``--format json`` writes each score line from text it encoded once; the text of
every document is still exactly that of encoding the document whole."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mjscore.errors import HandError
from mjscore.payment import Payment
from mjscore.render.json import JsonRenderer
from mjscore.result import ScoreLine, ScoreResult, Shown
from mjscore.scoring import hand_lines, score
from mjscore.settings import Settings, load_settings

ROOT = Path(__file__).resolve().parents[2]
# Files of "HAND  =>  EXPECTED" lines: every rule set, wins and draws, hands with candidates.
CASE_FILES = [
    "tests/rulesets/riichi/corpus.txt",
    "tests/rulesets/hana/corpus.txt",
    "tests/rulesets/baida/corpus.txt",
    "grammar/conformance/accept.txt",
]
_ARROW = re.compile(r"\s+=>\s+")


def _hands(source: str) -> list[str]:
    """The hands of a batch file (examples/), or of a file of cases."""
    if source.startswith("examples/"):
        with (ROOT / source).open(encoding="utf-8") as f:
            return [text for _, text in hand_lines(f)]
    lines = (ROOT / source).read_text(encoding="utf-8").splitlines()
    return [_ARROW.split(line.strip())[0] for line in lines if line.strip() and not line.startswith("#")]


def _results(source: str, settings: Settings) -> list[ScoreResult]:
    results = []
    for text in _hands(source):
        try:
            results.append(score(text, settings, explain=True))
        except HandError:
            continue  # a refused line: its document is not one of these
    return results


def _whole(number: int, result: ScoreResult, show_all: bool) -> str:
    """The document as the renderer wrote it before: every line's dict encoded in place."""
    doc = {"line": number, **result.to_dict()} if number else result.to_dict()
    if show_all:
        doc["candidates"] = [
            {"reading": c.reading, "total": c.total, "kept": c.kept, "items": [x.to_dict() for x in c.lines]}
            for c in result.candidates
        ]
    return json.dumps(doc, ensure_ascii=False)


SOURCES = [
    pytest.param(f"examples/{path.name}", None, id=path.name) for path in sorted((ROOT / "examples").glob("*.txt"))
]
SOURCES += [pytest.param("examples/baba.txt", "examples/house-rules.toml", id="baba.txt+house-rules")]
SOURCES += [pytest.param(source, None, id=source) for source in CASE_FILES]


@pytest.mark.parametrize(("source", "rules"), SOURCES)
def test_text_is_the_whole_document_encoded(source: str, rules: str | None) -> None:
    results = _results(source, load_settings(str(ROOT / rules)) if rules else Settings())
    renderer = JsonRenderer()  # one for the file, as in a batch: lines met before are written from the memo
    for number, result in enumerate(results, 1):
        for show_all in (False, True):
            # why: byte for byte the old text: key order, ", " and ": ", kanji as they are, "line" first
            assert renderer.result(number, result, show_all) == _whole(number, result, show_all), result.hand
        # why: with no line number (mjscore score) the document has no "line" key
        assert renderer.result(0, result) == _whole(0, result, False)
    # why: every file has hands that score, so no file passes for want of documents
    assert results


def test_the_riichi_corpus_shares_lines_and_lists_candidates() -> None:
    results = _results("tests/rulesets/riichi/corpus.txt", Settings())
    lines = [id(line) for r in results for line in (*r.lines, *r.breakdown)]
    # why: hands share line objects, so the test above reads the memo, not only writes it
    assert len(set(lines)) < len(lines) / 2
    # why: show_all is tested on documents that list candidates, their lines stood in for too
    assert sum(len(r.candidates) > 1 for r in results) >= 10


def _made_up(note: str, detail: str) -> ScoreResult:
    line = ScoreLine("made-up", "made up", "", 1, 1, detail)
    return ScoreResult(
        ruleset="riichi",
        ruleset_title="Riichi",
        shown=Shown("hand", (("seat", note),), "reading"),
        lines=(line, line),
        unit="han",
        total=2,
        payments=(Payment("discarder", "winner", 1000, note),),
        notes=(note,),
        breakdown=(line,),
        breakdown_unit="fu",
    )


@pytest.mark.parametrize(
    ("note", "detail"),
    [
        pytest.param("\0", "", id="a string that is NUL"),
        pytest.param('say "\0', "", id="a string ending in a quote and NUL"),
        pytest.param("plain", "\0", id="NUL in a line's own text"),
        pytest.param('"\0', '"\0', id="both"),
    ],
)
def test_a_string_that_encodes_like_the_stand_in(note: str, detail: str) -> None:
    result = _made_up(note, detail)
    # why: a string of the document's own that encodes like a stand-in makes it be encoded whole, not
    # spliced at the wrong places; in a line's own text it does no harm (lines are encoded apart)
    assert JsonRenderer().result(7, result) == _whole(7, result, False)


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(JsonRenderer, "_LIMIT", 3)
    renderer = JsonRenderer()
    results = _results("tests/rulesets/riichi/corpus.txt", Settings())
    for number, result in enumerate(results, 1):
        # why: a memo started again mid-batch (even mid-document) still gives every line its own text
        assert renderer.result(number, result, True) == _whole(number, result, True)
    # why: the memo holds line objects alive; past its limit it lets them go
    assert len(renderer._line_texts) <= 3


def test_to_dict_writes_the_lines_and_payments_as_dicts() -> None:
    result = score("riichi:12399m456p23789s+4s ron")
    doc = result.to_dict()
    # why: 123m 99m 456p 234s 789s, won two-sided on 4s, closed, plain pair: Pinfu, 1 han (docs/rules/riichi.md §4)
    assert doc["items"] == [
        {"id": "pinfu", "name": "Pinfu", "local_name": "平和", "count": 1, "value": 1, "detail": ""}
    ]
    # why: Pinfu on a ron: base 20 + closed ron 10 = 30 fu, nothing to round (docs/rules/riichi.md §6)
    assert doc["breakdown"] == {
        "unit": "fu",
        "items": [
            {"id": "base", "name": "base", "local_name": "", "count": 1, "value": 20, "detail": ""},
            {"id": "closed-ron", "name": "closed ron", "local_name": "", "count": 1, "value": 10, "detail": ""},
        ],
    }
    # why: 30 fu x 2^(2+1) = 240 base; a non-dealer's ron is 4 x 240 = 960 -> 1000 from the discarder
    assert doc["payments"] == [{"payer": "discarder", "payee": "winner", "amount": 1000, "reason": "ron"}]
    # why: the renderer's text is that dict, whatever it keeps behind the scenes
    assert json.loads(JsonRenderer().result(0, result)) == doc
