"""``mjscore.shell.Stops``: how Ctrl-C and SIGTERM wait while a hand is written and counted."""

from __future__ import annotations

import signal

import pytest
from click.testing import CliRunner

from mjscore.cli import main
from mjscore.shell import STOPS, Stops, Terminated, stopped_by


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
