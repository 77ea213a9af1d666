"""A result's text is written when first read, yet it behaves as a plain frozen value."""

from __future__ import annotations

import pickle
from types import MappingProxyType

import pytest

from mjscore import score
from mjscore.render.json import result_line
from mjscore.result import Shown

HAND = "riichi:123m456p789s1z123p+1z ron riichi seat=E"


def test_text_is_written_on_first_read_and_kept() -> None:
    result = score(HAND)
    assert callable(result.shown)  # riichi passes a function: nothing written yet
    first = result.presented
    assert isinstance(result.shown, Shown)
    # why: the two runs of pins merge, suit by suit, in canonical notation; the flags follow the win
    assert result.hand == "riichi:123m123456p789s1z+1z ron riichi seat=E round=E"
    assert result.presented is first  # written once, then kept


def test_a_result_pickles_with_its_text() -> None:
    result = score(HAND)
    copy = pickle.loads(pickle.dumps(result))
    assert copy == result
    assert (copy.hand, copy.header, copy.reading) == (result.hand, result.header, result.reading)
    # why: riichi 1; no pinfu (a single wait on East, the seat wind's pair); no other yaku -> 1 han
    assert copy.total == 1
    # why: the context's options travel as a dict (a read-only view cannot be pickled), which
    # the JSON writer writes as it writes the view
    assert result_line(copy) == result_line(result)


def test_a_contexts_options_are_read_only_and_kept_per_options() -> None:
    result, other = score(HAND), score("riichi:123m456p789s1z123p+1z tsumo seat=S")
    # why: every hand scored with the same options holds the same mapping (the JSON writer keeps
    # its text by identity), so a change to it would reach every later result
    options = result.context["options"]
    assert isinstance(options, MappingProxyType)
    assert options is other.context["options"]
    with pytest.raises(TypeError):
        options["aka"] = True  # type: ignore[index]


@pytest.mark.parametrize("line", ["riichi: draw tenpai=E,S", "riichi: draw nagashi=W", "baba:馬馬馬場場O dora=場 ron"])
def test_every_kind_of_result_pickles_and_hashes(line: str) -> None:
    result = score(line)
    # why: --jobs hands results between processes, and a frozen value hashes: a draw's settlement
    # once was a read-only mapping, which does neither
    assert pickle.loads(pickle.dumps(result)) == result
    assert hash(result) == hash(pickle.loads(pickle.dumps(result)))


def test_a_document_is_the_readers_to_change() -> None:
    result = score(HAND)
    doc = result.to_dict()
    doc["context"]["options"]["aka"] = True
    doc["context"]["flags"].append("ippatsu")
    # why: results are frozen values; a document shared its context's dicts and lists with the result
    assert result.to_dict()["context"] == score(HAND).to_dict()["context"]
    assert result.context["flags"] == ["riichi"]
