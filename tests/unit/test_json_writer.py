"""``result_line`` writes a result's JSON document straight from the result, as UTF-8, for
speed; the document itself is ``ScoreResult.to_dict``. The two must give the same bytes for
every kind of result: every rule set's corpus and example hands (wins, draws, flowers' side payments,
BABA's pot, Baida), with and without ``--all``, with and without a batch's line and source."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjscore.errors import MjscoreError
from mjscore.payment import Payment
from mjscore.render import json as writer
from mjscore.render.json import document_line, result_line
from mjscore.result import ScoreLine, ScoreResult
from mjscore.scoring import score
from tests.corpus_lines import corpus_lines

ROOT = Path(__file__).resolve().parents[2]
CORPORA = sorted((ROOT / "tests" / "rulesets").glob("*/corpus.txt"))
EXAMPLES = [ROOT / "examples" / name for name in ("riichi.txt", "hana.txt", "sanma.txt", "baida.txt", "baba.txt")]


def _hands() -> list[str]:
    hands = [entry.hand for corpus in CORPORA for entry in corpus_lines(corpus)]
    for example in EXAMPLES:
        lines = example.read_text(encoding="utf-8").splitlines()
        hands += [line for line in lines if line.strip() and not line.startswith("#")]
    return hands


def _results() -> list[ScoreResult]:
    results = []
    for hand in _hands():
        try:
            results.append(score(hand, explain=True))
        except MjscoreError:
            continue  # a corpus's error entries: their documents are error_document's
    return results


RESULTS = _results()


def test_the_hands_cover_every_kind_of_document() -> None:
    documents = [r.to_dict() for r in RESULTS]
    # why: a writer held to the encoder only on riichi wins would prove nothing for the
    # rest; each of these keys is set (not null) only by some results
    assert {d["ruleset"] for d in documents} >= {"riichi", "hana", "sanma", "baida", "baba"}
    assert any(d["kind"] == "draw" and d["settlement"] for d in documents)
    assert any(d["side_payments"] for d in documents)
    assert any(d["breakdown"] is None for d in documents)
    assert any(d["summary"] is None for d in documents)
    assert any(len(r.candidates) > 1 for r in RESULTS)


@pytest.mark.parametrize("show_all", [False, True])
@pytest.mark.parametrize(("line", "source"), [(0, ""), (7, "hands.txt"), (3, 'odd "名前"\\.txt')])
def test_the_writer_gives_the_encoders_bytes(show_all: bool, line: int, source: str) -> None:
    for result in RESULTS:
        expected = document_line(result.to_dict(show_all, line=line, source=source)).encode()
        assert result_line(result, show_all, line=line, source=source) == expected, result.hand


def test_the_writer_writes_json() -> None:
    # why: equal bytes to the encoder's imply valid JSON, but this says it without the encoder
    text = result_line(RESULTS[0], True, line=1, source="x")
    assert json.loads(text)["line"] == 1


def test_a_kept_text_is_never_given_to_a_new_value() -> None:
    # why: the writer keeps the text of lines and payments by id(); a value made after another
    # was dropped often takes its id at once, so unless an entry holds its value, the new line
    # would be written with the old one's text. More values than the writer keeps: it clears too.
    for n in range(2 * writer._KEPT + 10):
        line = ScoreLine("rule", f"line {n}", "", 1, n)
        assert json.loads(writer._lines_text((line,))) == [line.to_dict()]
        payment = Payment("S", "E", n, f"payment {n}")
        assert json.loads(writer._payments_text((payment,))) == [
            {"payer": "S", "payee": "E", "amount": n, "reason": f"payment {n}"}
        ]


def test_a_kept_text_is_the_same_text_again() -> None:
    line = ScoreLine("riichi", "Riichi", "立直", 1, 1)
    first = writer._lines_text((line,))
    # why: the second time the text comes from what the writer kept, and it must not differ
    assert writer._lines_text((line, line)) == b"[" + first[1:-1] + b", " + first[1:-1] + b"]"
    assert writer._label_text("seat", "E (dealer)") == b'{"label": "seat", "text": "E (dealer)"}'
    assert writer._label_text("seat", "E (dealer)") == b'{"label": "seat", "text": "E (dealer)"}'
    # why: a kept word is the encoder's text of it (quotes and backslashes escaped, kanji as
    # they are), the first time and from the memo
    for _ in range(2):
        assert writer._word_text('a "b" \\ 役') == '"a \\"b\\" \\\\ 役"'
    # why: rows are kept by label, then words; the same words under another label are another row
    assert writer._label_text("round", "E (dealer)") == b'{"label": "round", "text": "E (dealer)"}'
