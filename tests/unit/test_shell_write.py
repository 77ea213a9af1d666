"""``mjscore.shell.write``: a JSON result comes as UTF-8 bytes and goes to standard output's
byte buffer; it must land in order with the text around it, and a terminal (a line-buffered
stream) must see each line at once, as it sees text."""

from __future__ import annotations

import io

import pytest

from mjscore.shell import emit, encodable_output, write


class _Buffer(io.BytesIO):
    """A byte buffer that counts its flushes (a terminal's each line)."""

    flushes = 0

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


def _stdout(monkeypatch: pytest.MonkeyPatch, *, line_buffering: bool) -> tuple[io.TextIOWrapper, _Buffer]:
    raw = _Buffer()
    stream = io.TextIOWrapper(raw, encoding="utf-8", line_buffering=line_buffering)
    monkeypatch.setattr("sys.stdout", stream)
    return stream, raw


def test_text_then_bytes_then_text_stay_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    stream, raw = _stdout(monkeypatch, line_buffering=False)
    encodable_output(data=True)
    write("head\n")
    before = raw.flushes
    emit('{"hand": "馬"}'.encode())
    # why: with the text layer writing through, no flush (a system call) is needed per line
    assert raw.flushes == before
    write("tail\n")
    stream.flush()
    # why: the bytes go to the buffer under the text layer; write-through keeps the text ahead of them
    assert raw.getvalue().decode() == 'head\n{"hand": "馬"}\ntail\n'


def test_bytes_without_write_through_still_come_after_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    stream, raw = _stdout(monkeypatch, line_buffering=False)
    write("head\n")  # encodable_output not called: the text layer may hold this
    write(b"body\n")
    stream.flush()
    # why: write flushes what the text layer holds before writing bytes beneath it
    assert raw.getvalue() == b"head\nbody\n"


def test_a_terminal_sees_each_json_line_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    _, raw = _stdout(monkeypatch, line_buffering=True)
    encodable_output(data=True)
    before = raw.flushes
    emit(b'{"ok": true}')
    # why: a line-buffered stream flushes each line of text; bytes written beneath it must too
    assert raw.getvalue() == b'{"ok": true}\n'
    assert raw.flushes > before


def test_a_text_only_stream_gets_the_bytes_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    emit('{"hand": "馬"}'.encode())
    # why: a stream with no byte buffer (a test's StringIO) still gets the document, as text
    assert out.getvalue() == '{"hand": "馬"}\n'
