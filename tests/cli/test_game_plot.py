"""``mjscore game --plot``: each player's total over the hands, drawn with matplotlib (an optional
extra: the tests that draw are skipped where it is missing); without it, a clear error that
says how to get it, before any game is read."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from mjscore.game.ledger import Played
from mjscore.game.read import Header
from mjscore.game.replay import Replay
from mjscore.render.game import chart_of
from mjscore.render.plot import Chart
from tests.cli.game_cli import GAMES, run

TENHOU = GAMES / "tenhou-east.txt"
HEADER = "players=Aki,Ben,Chie,Dai\n"
WIN = "Ben: 234m567p345s66p67s+8s ron from=Dai\n"


def tenhou_chart() -> Chart:
    replay = Replay(TENHOU.read_text(encoding="utf-8").splitlines(keepends=True))
    return chart_of(replay.header, list(replay.hands()), "tenhou-east.txt")


def test_the_chart_of_the_tenhou_example() -> None:
    chart = tenhou_chart()
    # why: examples/games/README.md's table: the start, then each hand; the hand after E2's draw is
    # E2 with one honba (E2-1)
    assert chart.labels == ("start", "E1", "E2", "E2-1", "E3", "E4")
    assert chart.players == ("Aki", "Ben", "Chie", "Dai")
    assert chart.totals == (
        (25000, 25000, 25000, 25000),
        (25000, 17000, 25000, 33000),  # Dai's ron from Ben: 8000, and his own stick back
        (23500, 18500, 25500, 31500),  # the draw: Ben and Chie ready, 750 from each of the others; Chie's stick
        (23500, 16200, 28800, 31500),  # Chie's ron from Ben: 2000 + 300 honba, and the stick on the table
        (24600, 15900, 28300, 31200),  # Aki's tsumo: 500 from the dealer Chie, 300 from the others
        (23300, 14600, 27000, 35100),  # Dai's dealer tsumo: 1300 all
    )
    # why: the tenhou preset starts at 25000 and counts from 30000
    assert (chart.start, chart.target) == (25000, 30000)
    assert chart.title == "tenhou-east.txt: riichi, preset tenhou"


def test_the_chart_of_a_game_that_resumes_starts_at_its_points() -> None:
    resumed = [HEADER, "resume=S2-1 sticks=1 points=29300,2700,48500,18500\n", WIN]
    chart = chart_of(*_replayed(resumed), "resumed.txt")
    # why: the first hand is S2 with one honba (Ben deals); the start is the points the file
    # resumes with, not 25000 each. Ben's ron from Dai as the dealer: 2 han 30 fu, 2900, one honba
    # 300 more and the stick on the table (1000): Ben 2700 + 4200, Dai 18500 - 3200
    assert chart.labels == ("start", "S2-1")
    assert chart.totals == ((29300, 2700, 48500, 18500), (29300, 6900, 48500, 15300))


def _replayed(lines: list[str]) -> tuple[Header, list[Played]]:
    replay = Replay(lines)
    return replay.header, list(replay.hands())


def example_chart(name: str) -> Chart:
    replay = Replay((GAMES / name).read_text(encoding="utf-8").splitlines(keepends=True))
    return chart_of(replay.header, list(replay.hands()), name)


def test_the_chart_of_a_baba_game_counts_koban_and_has_no_return_points() -> None:
    chart = example_chart("baba-beginner.txt")
    # why: a BABA hand is named by its number; the totals are examples/games/README.md's, hand by hand
    assert chart.labels == ("start", *(str(n) for n in range(1, 11)))
    assert chart.totals == (
        (5, 5, 5),  # Beginner: 5 KOBAN each
        (4, 4, 7),  # Chie's tsumo, 1 from each
        (7, 4, 4),  # Aki's ron from Chie, 3
        (7, 4, 4),  # no result
        (7, 3, 4),  # Ben's penalty into the pot
        (6, 6, 3),  # Ben's tsumo, 1 from each and the pot's 1
        (6, 6, 2),  # Chie's penalty
        (6, 6, 2),  # no result
        (11, 2, 2),  # Aki's ron from Ben, 4, and the pot's 1
        (10, 4, 1),  # Ben's tsumo, 1 from each
        (10, 4, 0),  # Chie's penalty: her last KOBAN
    )
    # why: KOBAN, from 5; a BABA game has no return points, and no preset
    assert (chart.unit, chart.start, chart.target) == ("KOBAN", 5, None)
    assert chart.title == "baba-beginner.txt: baba-beginner"


def test_the_chart_of_a_baida_game_starts_at_0_and_repeats_a_dealer_s_label() -> None:
    chart = example_chart("baida.txt")
    # why: E2, E3 and E4 are dealt again after a draw or the dealer's win (examples/games/README.md)
    assert chart.labels == ("start", "E1", "E2", "E2", "E3", "E3", "E4", "E4", "E4")
    assert chart.totals[-1] == (-42, 82, 158, -198)  # why: the README's last hand
    # why: Baida counts points from 0, the finals from the start: no return points of their own
    assert (chart.unit, chart.start, chart.target) == ("points", 0, None)


def test_the_chart_of_a_hana_game_is_its_points_not_its_chips() -> None:
    chart = example_chart("hana-flowers.txt")
    # why: hana's table is the riichi rule book's, 25000 to start and to return; the last point is
    # the points of examples/games/README.md's standings (no sticks left), not the chips (7 -1 -1 -5)
    assert (chart.unit, chart.start, chart.target) == ("points", 25000, 25000)
    assert chart.totals[-1] == (21600, 27300, 22800, 28300)


def test_the_figure_of_a_game_without_return_points_draws_the_start_alone() -> None:
    pytest.importorskip("matplotlib")
    from mjscore.render.plot import figure, load_pyplot

    for name, start in (("baba-beginner.txt", "start 5"), ("baida.txt", "start 0"), ("hana-flowers.txt", None)):
        fig = figure(example_chart(name))
        try:
            (ax,) = fig.axes
            labels = [line.get_label() for line in ax.get_lines()]
            # why: BABA and Baida have no return points: their start line alone; hana's start is its
            # return (25000 both), one line that says so
            assert labels[-1] == (start or "start = return 25000")
            assert not any(label.startswith("return") for label in labels)
            assert ax.get_ylabel() == ("KOBAN" if name.startswith("baba") else "points")
        finally:
            load_pyplot().close(fig)


def test_the_figure_has_a_line_per_player_and_the_two_reference_lines() -> None:
    pytest.importorskip("matplotlib")
    from mjscore.render.plot import figure, load_pyplot

    fig = figure(tenhou_chart())
    try:
        (ax,) = fig.axes
        lines = ax.get_lines()
        # why: four players, then the start and the return points as flat lines
        assert [line.get_label() for line in lines] == ["Aki", "Ben", "Chie", "Dai", "start 25000", "return 30000"]
        assert [int(y) for y in lines[3].get_ydata()] == [25000, 33000, 31500, 31500, 31200, 35100]  # why: Dai's
        assert [int(y) for y in lines[4].get_ydata()] == [25000, 25000]
        assert [t.get_text() for t in ax.get_xticklabels()] == ["start", "E1", "E2", "E2-1", "E3", "E4"]
    finally:
        load_pyplot().close(fig)


def test_a_png_is_written_beside_the_usual_output(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "game.png"
    result = run(str(TENHOU), "--plot", str(picture))
    assert (result.exit_code, result.stderr) == (0, "")
    # why: the picture is in addition to the output, which is as without --plot
    assert result.stdout == run(str(TENHOU)).stdout
    assert picture.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_an_svg_keeps_its_text_as_text(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "game.SVG"  # why: the extension is read in any case
    assert run(str(TENHOU), "--plot", str(picture)).exit_code == 0
    texts = re.findall(r">([^<>]+)</text>", picture.read_text(encoding="utf-8"))
    # why: the legend names each player and the two reference lines; the axis names each hand
    for text in ("Aki", "Ben", "Chie", "Dai", "start 25000", "return 30000", "E2-1"):
        assert text in texts
    assert f"{TENHOU}: riichi, preset tenhou" in texts  # why: the title: the file, the rule set, the preset


def test_a_baba_game_is_drawn_in_koban(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "baba.svg"
    result = run(str(GAMES / "baba-expert.txt"), "--plot", str(picture))
    assert (result.exit_code, result.stderr) == (0, "")
    texts = re.findall(r">([^<>]+)</text>", picture.read_text(encoding="utf-8"))
    # why: the Expert rules' 8 KOBAN to start, counted in KOBAN; no return points; hand 11 the last
    assert {"KOBAN", "start 8", "11"} <= set(texts)
    assert not [t for t in texts if t.startswith("return")]


def test_without_matplotlib_a_clear_error_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # why: an import of it then fails, as where it is missing
    result = run(str(TENHOU), "--plot", str(tmp_path / "game.png"))
    assert result.exit_code == 2
    assert result.stdout == ""  # why: told before any game is replayed
    assert result.stderr == (
        "Error: --plot draws with matplotlib, an optional extra that is not installed: "
        "pip install 'mjscore[plot]' [plot-needs-matplotlib]\n"
    )


@pytest.mark.parametrize("name", ["game.pdf", "game", "png"])
def test_a_picture_that_is_neither_png_nor_svg_is_a_usage_error(tmp_path: Path, name: str) -> None:
    result = run(str(TENHOU), "--plot", str(tmp_path / name))
    assert result.exit_code == 2
    assert result.stdout == ""
    # why: the format is chosen by the extension: only .png and .svg are drawn
    assert "the picture is PNG or SVG, named .png or .svg" in result.stderr
    assert not (tmp_path / name).exists()


def test_plot_draws_one_game(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")  # without it --plot is refused first, for that
    picture = tmp_path / "game.png"
    several_files = run(str(TENHOU), str(TENHOU), "--plot", str(picture))
    games_file = run("-", "--plot", str(picture), stdin=HEADER + WIN + "---\n" + HEADER + WIN)
    # why: two files, or a file of two games: one picture cannot hold them; refused before any replay
    for result in (several_files, games_file):
        assert (result.exit_code, result.stdout) == (2, "")
        assert "Invalid value for --plot: it draws one game" in result.stderr
    assert not picture.exists()


def test_a_game_that_stops_at_a_line_is_not_drawn(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "game.png"
    result = run("-", "--plot", str(picture), stdin=HEADER + "Eve: 234m567p345s66p67s+8s tsumo\n")
    assert result.exit_code == 1
    # why: the line's problem, then why there is no picture
    assert result.stderr.splitlines()[-1] == f"{picture}: not drawn: the game stopped at a line"
    assert not picture.exists()
