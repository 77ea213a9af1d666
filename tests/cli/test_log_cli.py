"""``mjscore log`` (issue 17): Tenhou logs replayed by the ledger and checked round by round, the exit
code a regression check."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from click.testing import CliRunner, Result

from mjscore.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"


def run(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(main, ["log", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result


def test_an_agreeing_log_prints_its_ledger_and_exits_0() -> None:
    result = run(str(DATA / "rinshan.json"))
    # why: rinshan.json is South 2 cut from a game (Bさん, the second player, deals), so the
    # rebuilt file resumes there with the log's points; Dさん's rinshan win (rebuilt by hand in
    # test_tenhou_log) is a mangan tsumo, 2000 from each non-dealer and 4000 from the dealer,
    # with Dさん's own stick back: -2000 -4000 -2000 +8000 as the log's 9000 less that stick.
    # Bさん's 2700 less 4000 goes below zero: the game ends (bust=on)
    assert (result.exit_code, result.stderr) == (0, "")
    lines = result.stdout.splitlines()
    assert "  resumes at S2, 0 riichi sticks on the table: Aさん 29300, Bさん 2700, Cさん 48500, Dさん 19500" in lines
    assert "S2, honba 0, 0 riichi sticks on the table (line 4): Bさん deals" in lines
    assert (
        "  Aさん 27300 (-2000)  Bさん -1300 (-4000)  Cさん 46500 (-2000)  Dさん 27500 (+8000)"
        "  | 0 riichi sticks on the table"
    ) in lines
    assert "  the game ends: Bさん below zero (bust=on)" in lines
    assert "  rebuilt: Dさん: 33m45p123055s[6666m]+6p tsumo dora=2s1m ura=3z8s riichi rinshan" in lines
    assert "  log S2-0 (和了): agree" in lines
    assert lines[-1].endswith("rinshan.json: 1 of 1 rounds agree with the log (1 of 1 wins)")


def test_an_exhaustive_draw_is_rebuilt_with_who_was_ready() -> None:
    result = run(str(DATA / "ryukyoku.json"))
    # why: ryukyoku.json is East 1 with one honba of a tournament game (its points add up to
    # 4 x 30000: start=30000); at the draw 福地誠 and 多井隆晴 hold ready hands and the others
    # do not: 3000 no-ten payment, 1500 from each of two to each of two, the log's own changes;
    # the dealer is ready and keeps the deal, honba 2
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "  start 30000, target 30000, uma +20000 +10000 -10000 -20000, east-south" in lines
    assert "  rebuilt: draw tenpai=福地誠,多井隆晴" in lines
    assert "  福地誠 keeps the deal, honba 2" in lines
    assert "  log E1-1 (流局): agree" in lines


def test_a_disagreement_shows_both_results_and_exits_1() -> None:
    result = run(str(DATA / "confusing_nakis_1.json"))
    # why: the log pays the winner no riichi stick (1000 + 600 for two honba); the ledger pays
    # the stick Cさん put down (test_tenhou_log says why this one is left open); Cさん's -2600 is
    # the log's -1600 less that stick
    assert result.exit_code == 1
    assert (
        "  log E2-2 (和了): DISAGREE: the point changes differ; Aさん's win differs\n"
        "    mjscore: Aさん +2600, Bさん 0, Cさん -2600, Dさん 0; Aさん: 1 han 30 fu; red-dragon 1\n"
        "    log:     Aさん +1600, Bさん 0, Cさん -2600, Dさん 0; Aさん: 1 han 30 fu; red-dragon 1\n"
    ) in result.stdout
    assert result.stdout.endswith("confusing_nakis_1.json: 0 of 1 rounds agree with the log (0 of 1 wins)\n")


def test_final_scores_that_differ_are_a_disagreement_in_text_and_json(tmp_path: Path) -> None:
    # why: 2019021004 (a whole game) with Tenhou's final scores (sc's second values) changed
    # from -46 and 58 to -47 and 59: the ledger's are -46 -33 21 58 (test_tenhou_games works
    # them out), so the last round, S4-0, disagrees: the run fails (1), and the JSON record of
    # that round says so in its problem
    document = json.loads((DATA / "games" / "2019021004-east-south-added-kan-dora.json").read_text("utf-8"))
    document["sc"] = [4400, -47, 7100, -33, 40700, 21, 47800, 59]
    path = tmp_path / "scores.json"
    path.write_text(json.dumps(document, ensure_ascii=False), "utf-8")
    says = (
        "the game's final scores (oka and uma) differ: the ledger's -46.0 -33.0 21.0 58.0 (the points to the "
        "thousand, as the log's), the log's -47.0 -33.0 21.0 59.0"
    )
    result = run(str(path))
    assert result.exit_code == 1
    assert f"  log S4-0 (和了): DISAGREE: {says}" in result.stdout.splitlines()
    records = [json.loads(line) for line in run("--format", "json", str(path)).stdout.splitlines()]
    assert [(r["label"], r["agree"], r["problem"]) for r in records if not r["agree"]] == [("S4-0", False, says)]


def test_a_bad_file_is_reported_and_the_others_still_read() -> None:
    result = run("-", str(DATA / "chankan.json"), str(DATA / "no-such-file.json"), stdin="{bad")
    # why: standard input is not JSON and the last file does not exist: each is named on
    # stderr, chankan.json is still checked (its one round agrees), and the run fails (1)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith("<stdin>: not JSON")
    assert result.stderr.splitlines()[1].endswith("no-such-file.json: cannot read: No such file or directory")
    assert result.stdout.count("(和了): agree") == 1


def test_logs_as_a_games_file_that_mjscore_game_replays(tmp_path: Path) -> None:
    ranked, draw = DATA / "ranked_game.json", DATA / "ryukyoku.json"
    result = run("--game-file", str(ranked), str(draw))
    # why: ranked_game.json starts at the game's start (25000 each at East 1): no resume=; its
    # three wins are lines of their own, named as the log names them. ryukyoku.json is East 1
    # with one honba of a game whose points add up to 4 x 30000: start=30000 and resume=E1-1.
    # A line of '---' between the two makes the output a games file
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == (
        f"# {ranked}, rebuilt by mjscore log\n"
        "ruleset=riichi preset=tenhou players=Aさん,Bさん,Cさん,Dさん length=east-south\n"
        "Dさん: 3340678p(666z)(222p)+9p ron from=Cさん dora=4m  # E1-0 和了\n"
        "Bさん: 22m07p234s(456m)(406s)+6p tsumo dora=4s  # E2-0 和了\n"
        "Bさん: 07m067p22s(067s)(678s)+6m ron from=Cさん dora=6p  # E2-1 和了\n"
        "---\n"
        f"# {draw}, rebuilt by mjscore log\n"
        "ruleset=riichi preset=tenhou players=福地誠,多井隆晴,Cさん,石橋伸洋 length=east-south start=30000\n"
        "resume=E1-1 points=32900,30000,27100,30000\n"
        "draw tenpai=福地誠,多井隆晴  # E1-1 流局\n"
    )
    games = tmp_path / "games.txt"
    games.write_text(result.stdout, "utf-8")
    replayed = CliRunner().invoke(main, ["game", str(games)])
    # why: the first game ends where Tenhou ended it, Cさん below zero after the third hand;
    # the second is one hand of a game the file does not finish
    assert replayed.exit_code == 0
    assert "final standings (Cさん below zero (bust=on); 3 hands)" in replayed.stdout
    assert "standings so far: the game is unfinished" in replayed.stdout


def test_an_mjlog_is_read_by_its_content_gzip_or_not(tmp_path: Path) -> None:
    # why: Tenhou's XML form reads like the JSON form; nm.mjlog (SOURCE.md) agrees in all ten
    # rounds, seven of them wins; a copy gzip-compressed under another name is the same game
    source = DATA / "mjlog" / "nm.mjlog"
    packed = tmp_path / "nm.bin"
    packed.write_bytes(gzip.compress(source.read_bytes()))
    for path in (source, packed):
        result = run(str(path))
        assert (result.exit_code, result.stderr) == (0, "")
        assert result.stdout.splitlines()[-1] == f"{path}: 10 of 10 rounds agree with the log (7 of 7 wins)"


def test_bad_xml_is_named_with_its_line_and_column_and_the_other_files_are_read(tmp_path: Path) -> None:
    # why: an mjlog cut in the middle of a tag: ElementTree names the token left open, "<GO",
    # which starts at line 1, column 20 ('<mjloggm ver="2.3">' is 19 characters); the next file
    # is still checked, exit 1
    bad = tmp_path / "cut.mjlog"
    bad.write_text('<mjloggm ver="2.3"><GO typ', "utf-8")
    result = run(str(bad), str(DATA / "mjlog" / "pao-tsumo.mjlog"))
    assert result.exit_code == 1
    # why: then the count of several files: pao-tsumo.mjlog holds 5 rounds (5 <INIT> elements)
    assert result.stderr.splitlines() == [
        f"{bad}: not XML: unclosed token at line 1, column 20",
        "2 games in 2 files: 5 rounds, 5 agree, 0 disagree; 1 could not be read (a game or a round)",
    ]
    assert result.stdout.splitlines()[-1].endswith("pao-tsumo.mjlog: 5 of 5 rounds agree with the log (5 of 5 wins)")
