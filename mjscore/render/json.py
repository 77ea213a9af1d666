"""``--format json``: one JSON document per hand, errors included (schema 2; the documents
are made by ``result``).

Text is written as UTF-8, not escaped. A scored hand's document holds only text mjscore
wrote and the input's name (``Source`` names are ``printable``); the document of a line
that could not be scored holds the line as written, in which control characters (JSON
escapes only C0), the line separators U+2028 and U+2029 and lone surrogates (bytes of a
bad encoding) are escaped too: a document stays on one line, can always be written, and
cannot drive a terminal.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from json.encoder import encode_basestring
from types import MappingProxyType
from typing import Final

from mjscore.errors import UNPRINTABLE, HandError
from mjscore.payment import Payment, deltas
from mjscore.result import SCHEMA_VERSION, ScoreLine, ScoreResult, Summary, error_document
from mjscore.values import ByIdentity, compiled_pattern, kept, memo

# A result holds no cycles, so the encoder need not look for them.
_encode: Final = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
# A str as JSON, not escaped to ASCII (C). Final, as _encode: compiled, a Final name is a C
# static, where an imported function is looked up in the module's dict at every call.
_quoted: Final = encode_basestring


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"  # such characters stand only inside strings


def document_line(doc: dict[str, object], *, as_typed: bool = False) -> str:
    """A document as one line of JSON; ``as_typed``: it holds a line as typed (an error's), whose
    control characters, line separators and lone surrogates are escaped too."""
    return compiled_pattern(UNPRINTABLE).sub(_escaped, _encode(doc)) if as_typed else _encode(doc)


def result_line(result: ScoreResult, show_all: bool = False, *, line: int = 0, source: str = "") -> bytes:
    """``document_line(result.to_dict(...))`` encoded as UTF-8, written straight from the result:
    a batch's JSON time was half a hand's, most of it the dicts of ``to_dict`` and the general
    encoder's walk of them. The keys stand in the text; the values are written as the encoder
    would (tests/unit/test_json_writer.py holds the two to the same bytes). The document is
    made as bytes, the kept pieces encoded once: one kanji (a yaku's local name) made the
    whole line a two-byte string, and encoding it was 5% of a compiled batch hand."""
    summary, settlement = result.summary, result.settlement
    shown = result.presented
    head = [f'{{"schema": {SCHEMA_VERSION}']
    if source:
        head.append(f', "source": {_word_text(source)}')
    if line:
        head.append(f', "line": {line}')
    head.append(
        f', "ok": true, "kind": {_word_text(result.kind)}, "ruleset": {_word_text(result.ruleset)}'
        f', "hand": {_quoted(shown.hand)}, "context": {_context_text(shown.context)}, "items": '
    )
    parts = [
        "".join(head).encode(),
        _lines_text(result.lines),
        f', "unit": {_text(result.unit or None)}, "total": {_text(result.total)}, "breakdown": '.encode(),
        _breakdown_text(result) if result.breakdown else b"null",
        b', "summary": ',
        _summary_text(summary) if summary is not None else b"null",
        f', "winner": {_text(result.winner)}, "settlement": '
        f"{_mapping_text(settlement.to_dict()) if settlement is not None else 'null'}"
        f', "payment_unit": {_word_text(result.paid_in)}, "payments": '.encode(),
        _payments_text(result.payments),
        f', "received": {_text(result.received)}, "deltas": {_settled_text(result)}, "side_payments": '.encode(),
        _side_text(result) if result.side_payments else b"null",
        f', "notes": {_notes_text(result.notes)}, "shown": {{"title": {_word_text(result.ruleset_title)}'
        ', "header": '.encode(),
        _array([_label_text(label, words) for label, words in shown.header]),
        f', "reading": {_quoted(shown.reading)}}}'.encode(),
    ]
    if show_all:
        parts.append(f', "candidates": {_encode([c.to_dict() for c in result.candidates])}'.encode())
    parts.append(b"}")
    return b"".join(parts)


def _breakdown_text(result: ScoreResult) -> bytes:
    return b"".join(
        [f'{{"unit": {_word_text(result.breakdown_unit)}, "items": '.encode(), _lines_text(result.breakdown), b"}"]
    )


def _text(value: object) -> str:
    """A value as the encoder writes it: str, int, bool, None, and lists and dicts of them."""
    if isinstance(value, str):
        return _quoted(value)
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    if isinstance(value, int):
        return str(int(value))  # int(): an IntEnum is written as its number
    if isinstance(value, (list, tuple)):
        return _list_text(value)
    return _mapping_text(value) if isinstance(value, dict) else _encode(value)


def _list_text(values: list[object] | tuple[object, ...]) -> str:
    return f"[{', '.join([_text(v) for v in values])}]"


def _mapping_text(values: Mapping[str, object]) -> str:
    return f"{{{', '.join([f'{_quoted(k)}: {_text(v)}' for k, v in values.items()])}}}"


_KEPT: Final = 4096  # entries the memos of keys, lines and header rows hold; past it, each starts again

# The few words every document of a batch repeats (the input's name, the kind, the rule set
# and its title, the units), as JSON, and the context's keys as they open a member after
# another (', "seat": '): a lookup of a string that keeps its hash, where writing one is a
# call that makes a new string.
_WORD_TEXT: Final[dict[str, str]] = memo()
_KEY_TEXT: Final[dict[str, str]] = memo()


def _word_text(word: str) -> str:
    text = _WORD_TEXT.get(word)
    if text is None:
        text = kept(_WORD_TEXT, _KEPT, word, _quoted(word))
    return text


def _key_text(key: str) -> str:
    text = _KEY_TEXT.get(key)
    if text is None:
        text = kept(_KEY_TEXT, _KEPT, key, f", {_quoted(key)}: ")
    return text


# The text of a context's options, kept by the options' read-only mapping, which a rule set
# keeps per options object (``options.option_values``): a batch's hands share a few.
_OPTIONS_TEXT: Final[ByIdentity[str]] = ByIdentity(64)
# That mapping's type, tested exactly: compiled, ``type(x) is`` a Final name is a pointer
# compare, where ``isinstance`` of an imported class is a lookup and a call for every key.
_READ_ONLY: Final = MappingProxyType


def _context_text(context: Mapping[str, object]) -> str:
    """The context as a JSON object, its pieces joined once (the first member's ", " cut): an
    f-string per member, then a join of them, cost 4,300 instructions a riichi hand more,
    compiled."""
    parts = []
    for key, value in context.items():
        text: str | None
        if type(value) is str:  # a word mjscore wrote (a seat, a wind, a tile): kept as the others are
            text = _word_text(value)
        elif type(value) is _READ_ONLY:
            text = _OPTIONS_TEXT.get(value)
            if text is None:
                text = _OPTIONS_TEXT.put(value, None, (), _mapping_text(value))
        else:
            text = _text(value)
        parts.append(_key_text(key))
        parts.append(text)
    return f"{{{''.join(parts)[2:]}}}"


# The UTF-8 text of score lines, summaries and payments, kept by the value's identity: the
# engine and the rule sets share these values between hands (a rule's line counted once, a
# summary per han and fu, a payment per amount), so a batch writes each once. 5,000 riichi
# hands: 35,254 lines from 1,664 objects, 5,000 summaries from 229.
_TEXT_OF: Final[ByIdentity[bytes]] = ByIdentity(_KEPT)


# A result's notes as JSON, kept by the notes' identity: a rule set may share them between
# hands (riichi keeps its few), and the writer then writes each once.
_NOTES_TEXT: Final[ByIdentity[str]] = ByIdentity(_KEPT)


def _notes_text(notes: tuple[str, ...]) -> str:
    text = _NOTES_TEXT.get(notes)
    return text if text is not None else _NOTES_TEXT.put(notes, None, (), _list_text(notes))


# A result's deltas and pools, kept by its payments and parties, which rule sets share
# between hands (riichi: its payments per amount and seating, its parties per table).
_SETTLED_TEXT: Final[ByIdentity[str]] = ByIdentity(_KEPT)


def _settled_text(result: ScoreResult) -> str:
    """The deltas' text, then the pools' with their key: the two stand side by side."""
    text = _SETTLED_TEXT.get(result.payments, result.parties)
    if text is None:
        players, pools = result.settled()
        text = f'{_mapping_text(players)}, "pools": {_mapping_text(pools)}'
        text = _SETTLED_TEXT.put(result.payments, result.parties, (), text)
    return text


def _array(items: list[bytes]) -> bytes:
    """A JSON array of items already written."""
    return b"".join([b"[", b", ".join(items), b"]"])


def _lines_text(lines: tuple[ScoreLine, ...]) -> bytes:
    return _array([_line_text(x) for x in lines])


def _line_text(x: ScoreLine) -> bytes:
    text = _TEXT_OF.get(x)
    if text is None:
        text = _TEXT_OF.put(
            x,
            None,
            (),
            f'{{"id": {_quoted(x.rule_id)}, "name": {_quoted(x.name)}, '
            f'"local_name": {_quoted(x.local_name)}, "count": {x.count}, "value": {x.value}, '
            f'"detail": {_quoted(x.detail)}}}'.encode(),
        )
    return text


def _summary_text(summary: Summary) -> bytes:
    text = _TEXT_OF.get(summary)
    return text if text is not None else _TEXT_OF.put(summary, None, (), _mapping_text(summary.to_dict()).encode())


def _payments_text(payments: tuple[Payment, ...]) -> bytes:
    return _array([_payment_text(p) for p in payments])


def _payment_text(p: Payment) -> bytes:
    text = _TEXT_OF.get(p)
    if text is None:
        text = _TEXT_OF.put(
            p,
            None,
            (),
            f'{{"payer": {_quoted(p.payer)}, "payee": {_quoted(p.payee)}, '
            f'"amount": {p.amount}, "reason": {_quoted(p.reason)}}}'.encode(),
        )
    return text


def _side_text(result: ScoreResult) -> bytes:
    players = deltas(result.side_payments, result.parties)[0]
    return b"".join(
        [
            f'{{"unit": {_quoted(result.side_unit)}, "payments": '.encode(),
            _payments_text(result.side_payments),
            f', "deltas": {_mapping_text(players)}}}'.encode(),
        ]
    )


# A header's rows as UTF-8, kept by their label, then their words: 5,000 riichi hands have
# 37,511 rows and 551 distinct. By words, not by the (label, words) pair: compiled, a pair
# read from the header is taken apart, and made again (a new tuple, hashed) to be a key.
_LABEL_TEXT: Final[dict[str, dict[str, bytes]]] = memo()
_LABELS_KEPT: Final = 64  # a rule set's header has a few labels


def _label_text(label: str, words: str) -> bytes:
    by_words = _LABEL_TEXT.get(label)
    if by_words is None:
        by_words = kept(_LABEL_TEXT, _LABELS_KEPT, label, {})
    text = by_words.get(words)
    if text is None:
        text = kept(by_words, _KEPT, words, f'{{"label": {_quoted(label)}, "text": {_quoted(words)}}}'.encode())
    return text


class JsonRenderer:
    def start(self) -> str | None:
        return None

    def result(self, number: int, result: ScoreResult, show_all: bool = False, source: str = "") -> bytes:
        return result_line(result, show_all, line=number, source=source)

    def error(self, number: int, error: HandError, source: str = "") -> str | None:
        return document_line(error_document(error, line=number, source=source), as_typed=True)
