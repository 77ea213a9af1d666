"""``mjscore log`` (issue 17): Tenhou logs checked win by win, the exit code a regression check."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from mjscore.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"


def run(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(main, ["log", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result


def test_an_agreeing_log_prints_its_line_and_exits_0() -> None:
    result = run(str(DATA / "rinshan.json"))
    # why: the one win of rinshan.json, rebuilt by hand in test_tenhou_log, agrees with the log
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.endswith(
        "S2-0 player 3: riichi:33m45p123055s[6666m]+6p tsumo seat=W round=S sticks=1 dora=2s1m ura=3z8s"
        " riichi rinshan preset=tenhou  agree\n"
    )


def test_a_round_without_a_win_is_named_not_checked() -> None:
    result = run(str(DATA / "ryukyoku.json"))
    # why: ryukyoku.json is one exhaustive draw (流局), East 1 with one honba; draws are the next slice
    assert (result.exit_code, result.stdout.split(" ", 1)[1]) == (0, "E1-1: 流局 (not checked yet)\n")


def test_a_disagreement_shows_both_results_and_exits_1() -> None:
    result = run(str(DATA / "confusing_nakis_1.json"))
    # why: the log pays the winner no riichi stick (1000 + 600 for two honba); mjscore adds
    # the stick player 2 put down (test_tenhou_log says why this one is left open)
    assert result.exit_code == 1
    assert "DISAGREE\n  mjscore: 1 han 30 fu; red-dragon 1; deltas [2600, 0, -1600, 0]\n" in result.stdout
    assert "  log:     1 han 30 fu; red-dragon 1; deltas [1600, 0, -1600, 0]\n" in result.stdout


def test_a_bad_file_is_reported_and_the_others_still_read() -> None:
    result = run("-", str(DATA / "chankan.json"), str(DATA / "no-such-file.json"), stdin="{bad")
    # why: standard input is not JSON and the last file does not exist: each is named on
    # stderr, chankan.json is still checked (agree), and the run fails (1)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith("<stdin>: not JSON")
    assert result.stderr.splitlines()[1].endswith("no-such-file.json: cannot read: No such file or directory")
    assert result.stdout.count("agree") == 1
