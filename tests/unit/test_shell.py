"""``mjscore.shell``: how Ctrl-C and SIGTERM wait while a hand is written and counted, and
the collector a batch runs with."""

from __future__ import annotations

import gc
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore import shell
from mjscore.cli import main
from mjscore.render import Output
from mjscore.shell import BATCH_GC_THRESHOLD, STOPS, Stops, Terminated, stopped_by


def test_a_signal_raises_at_once_when_nothing_is_held() -> None:
    with pytest.raises(KeyboardInterrupt) as interrupt:
        Stops().take(signal.SIGINT, None)
    assert stopped_by(interrupt.value) == ("interrupted", 130)  # why: 128 + SIGINT (2)
    with pytest.raises(Terminated) as termination:
        Stops().take(signal.SIGTERM, None)
    assert stopped_by(termination.value) == ("terminated", 143)  # why: 128 + SIGTERM (15)


def test_a_held_signal_waits_for_the_release_and_a_second_does_not() -> None:
    stops = Stops()
    stops.held = True
    stops.take(signal.SIGTERM, None)  # waits: the hand being written is finished first
    with pytest.raises(Terminated):
        stops.release()
    stops.held = True
    stops.take(signal.SIGINT, None)
    with pytest.raises(KeyboardInterrupt):  # a write that blocks must not hold the run forever
        stops.take(signal.SIGINT, None)


def test_a_run_leaves_nothing_held() -> None:
    STOPS.held, STOPS.pending = True, signal.SIGINT  # as a write that failed leaves them
    assert CliRunner().invoke(main, ["rules"]).exit_code == 0
    assert (STOPS.held, STOPS.pending) == (False, None)


def test_a_batch_collects_less_often_and_leaves_the_collector_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("123m456p789s11z222z tsumo\n234m567p678s55z999s ron riichi\n", encoding="utf-8")
    thresholds: list[int] = []
    freezes: list[int] = []  # how many hands were written at each gc.freeze
    write, freeze = shell.emit, gc.freeze

    def watched_emit(text: Output | None) -> None:
        thresholds.append(gc.get_threshold()[0])
        write(text)

    def watched_freeze() -> None:
        freezes.append(len(thresholds))
        freeze()

    monkeypatch.setattr(shell, "emit", watched_emit)
    monkeypatch.setattr(gc, "freeze", watched_freeze)
    before = gc.get_threshold()
    result = CliRunner().invoke(main, ["batch", str(hands), "--format", "json", "-q"])
    assert result.exit_code == 0 and result.output.count("\n") == 2  # why: two hands, two lines
    assert thresholds == [BATCH_GC_THRESHOLD] * 2  # why: set once the first line is scored, before it is written
    assert gc.get_threshold() == before  # why: put back when the batch ends
    # why: frozen once the first line is scored, and again after the last is written (what the
    # batch made is then not walked by the collections of Python's exit)
    assert freezes == [0, 2]
