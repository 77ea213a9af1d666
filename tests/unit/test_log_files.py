"""Tenhou log files (issue 17): a file split into its games (one JSON document, or one game per
line), each game checked round by round (``logs.report``), and every kind of bad input told with
the file, the round and the place in the JSON, never a traceback.

The logs are the real games of tests/data/tenhou (SOURCE.md there), some of them spoilt on
purpose; each expected message is worked out from the log's lists, as the `# why:` says.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from mjscore.batch import Source
from mjscore.logs.ledger import RoundCheck
from mjscore.logs.report import Unreadable, check_game_text
from mjscore.logs.tenhou import LogError, LogText, Where, decode_log, read_games, split_logs
from mjscore.render.log import round_title
from mjscore.tasks import LogReport

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"


def log_of(name: str) -> dict[str, object]:
    document: dict[str, object] = json.loads((DATA / name).read_text("utf-8"))
    return document


def one_line(name: str) -> str:
    return json.dumps(log_of(name), ensure_ascii=False)


def games_of(lines: list[str]) -> list[LogText]:
    return list(split_logs(lines))


def told(log: LogText) -> str:
    """What decoding the game says is wrong with it."""
    with pytest.raises(LogError) as raised:
        decode_log(log, "f.json")
    return str(raised.value)


# --- a file split into its games


def test_a_pretty_printed_log_is_one_game() -> None:
    # why: its first line, "{", is not JSON on its own, nor is its second ("title": ...): the
    # whole file is one game, named by the file alone
    pretty = json.dumps(log_of("rinshan.json"), ensure_ascii=False, indent=1)
    (game,) = games_of([line + "\n" for line in pretty.split("\n")])
    assert (game.first, game.own_line, game.name("f.json")) == (1, False, "f.json")
    assert decode_log(game, "f.json") == log_of("rinshan.json")


def test_one_game_per_line_names_each_by_its_line() -> None:
    # why: the first line that holds something (line 2) is JSON on its own, so each line is a
    # game; blank lines 1 and 3 are skipped, and the games keep their lines in the file: 2, 4
    game = one_line("rinshan.json") + "\n"
    games = games_of(["\n", game, "   \n", game])
    assert [g.name("f.json") for g in games] == ["f.json:2", "f.json:4"]


def test_a_file_of_one_line_is_named_by_the_file() -> None:
    # why: one game, whatever its form: no line number in its name (as a file of one game of
    # mjscore game has no game number)
    (game,) = games_of([one_line("rinshan.json") + "\n"])
    assert game.name("f.json") == "f.json"


def test_a_bad_first_line_does_not_make_a_file_of_games_one_game() -> None:
    # why: line 1 is not JSON, but line 2 is a whole log: the file holds a game per line, and
    # line 1 alone is told ({ then b: a property name expected at the second character)
    game = one_line("rinshan.json") + "\n"
    games = games_of(["{bad\n", game, game])
    assert [g.name("f.json") for g in games] == ["f.json:1", "f.json:2", "f.json:3"]
    assert told(games[0]) == "f.json:1: not JSON: Expecting property name enclosed in double quotes at column 2"
    assert decode_log(games[2], "f.json") == log_of("rinshan.json")


def test_a_document_that_is_not_json_says_its_line_and_column() -> None:
    # why: line 2's value ends and line 3 starts (after one space) with "name", no comma between
    text = '{\n "title": ["", ""]\n "name": []\n}\n'
    (game,) = games_of(text.splitlines(keepends=True))
    assert told(game) == "f.json: not JSON: Expecting ',' delimiter at line 3, column 2"


def test_a_file_with_nothing_in_it_is_one_empty_game() -> None:
    # why: no line holds anything (none, or blanks only): one game, which says it is empty
    for lines in ([], ["\n", "  \n"]):
        (game,) = games_of(lines)
        assert told(game) == "f.json: empty: no log"


def test_a_byte_order_mark_may_start_the_file() -> None:
    # why: an editor's BOM before the first line is no part of the JSON
    (game,) = games_of(["\ufeff" + one_line("rinshan.json") + "\n"])
    assert decode_log(game, "f.json") == log_of("rinshan.json")


def test_bytes_that_are_not_utf8_are_told_at_their_line_and_column() -> None:
    text = one_line("rinshan.json")
    # why: scoring.read_lines keeps byte 0xff as the stand-in U+DCFF. Here, after a blank line,
    # it stands where no JSON may (the 101st character of line 2): the file is no game per
    # line, so one document from line 1
    (game,) = games_of(["\n", text[:100] + "\udcff" + text[100:] + "\n"])
    assert told(game) == "f.json: not UTF-8 text: byte 0xff at line 2, column 101 cannot be read (write it as UTF-8)"
    # why: inside a string (before the first player's name) the line is JSON on its own: the
    # file's only game, on line 3, the byte at the name's column
    name = text.index("Aさん")
    (game,) = games_of(["\n", "\n", text[:name] + "\udcff" + text[name:] + "\n"])
    assert (
        told(game)
        == f"f.json: not UTF-8 text: byte 0xff at line 3, column {name + 1} cannot be read (write it as UTF-8)"
    )


def test_read_games_stops_at_the_first_bad_game() -> None:
    # why: read_games (the library's one call for a whole file) raises for line 2, the first
    # that is not JSON ("nope": n starts no JSON value, at column 1)
    game = one_line("rinshan.json")
    with pytest.raises(LogError, match=r"^many.jsonl:2: not JSON: Expecting value at column 1$"):
        read_games(f"{game}\nnope\n{game}\n", "many.jsonl")


# --- a game checked round by round


def checked(document: object, source: str = "g.json") -> list[RoundCheck | Unreadable]:
    (game,) = games_of([json.dumps(document, ensure_ascii=False) + "\n"])
    return list(check_game_text(game, source, 1).records())


def test_a_round_that_cannot_be_read_leaves_the_others_checked() -> None:
    # why: ranked_game.json has three rounds (E1-0, E2-0, E2-1), each won and agreeing; the
    # second's scores are spoilt: it alone is told, at log[1][1], and the third is still checked,
    # the ledger starting again from the log's E2-1 (no difference told for the round left out)
    document = log_of("ranked_game.json")
    rounds = document["log"]
    assert isinstance(rounds, list)
    rounds[1][1] = "x"
    first, second, third = checked(document)
    assert isinstance(first, RoundCheck) and isinstance(third, RoundCheck)
    assert (first.round_name, first.agree, third.round_name, third.agree) == ("E1-0", True, "E2-1", True)
    assert (first.number, third.number, first.problem, third.problem) == (1, 3, "", "")
    assert isinstance(second, Unreadable)
    assert str(second.error) == "g.json: round 2, log[1][1]: scores: a list of numbers expected"
    assert (second.error.where.round_number, second.error.where.path) == (2, "log[1][1]")


def test_a_round_with_a_fifth_copy_is_left_out_and_the_others_checked() -> None:
    # why: ranked_game.json's second round (E2-0) given four East indicators (log[1][2]);
    # player 3's hand holds an East (41), and the hands come into play before the indicators,
    # so the fourth indicator is a fifth East. That round alone is told; the first and third
    # are checked and agree, the ledger starting again from the log's E2-1 (as for any round
    # that cannot be read)
    document = log_of("ranked_game.json")
    rounds = document["log"]
    assert isinstance(rounds, list)
    rounds[1][2] = [41] * 4
    first, second, third = checked(document)
    assert isinstance(first, RoundCheck) and isinstance(third, RoundCheck)
    assert (first.round_name, first.agree, third.round_name, third.agree) == ("E1-0", True, "E2-1", True)
    assert isinstance(second, Unreadable)
    assert str(second.error) == (
        "g.json: round 2, dora indicators, item 4: a fifth 1z in play: the set holds four (at log[1][2][3])"
    )
    assert (second.error.where.round_number, second.error.where.path) == (2, "log[1][2][3]")


def test_a_round_says_its_kind_and_its_name() -> None:
    # why: ryukyoku.json's one round is 流局 (an exhaustive draw) in East 1 with one honba
    # ([0, 1, 0]), East and South ready: the 3000 no-ten payment splits into +1500 to each ready
    # player and -1500 from each other, as the log's [1500, 1500, -1500, -1500]; no riichi
    # stick is put down, so those are the ledger's too: checked, no win, agree
    (draw,) = checked(log_of("ryukyoku.json"))
    assert isinstance(draw, RoundCheck)
    assert (draw.kind, draw.result, round_title(draw.round_name), draw.wins, draw.agree) == (
        "draw",
        "流局",
        "East 1, 1 honba",
        (),
        True,
    )
    assert (draw.ours, draw.theirs) == ((1500, 1500, -1500, -1500), (1500, 1500, -1500, -1500))
    # why: double_ron.json's round [7, 0, 0] is South 4 (7 = 4 + 3), no honba; two winners
    (double,) = checked(log_of("double_ron.json"))
    assert isinstance(double, RoundCheck)
    assert (double.kind, round_title(double.round_name), [c.win.winner for c in double.wins]) == (
        "win",
        "South 4, 0 honba",
        [0, 2],
    )


def test_a_game_that_is_not_a_log_is_one_error() -> None:
    # why: JSON, but a list, not an object with "log": the game as a whole, no round, no path
    (error,) = checked([1, 2])
    assert isinstance(error, Unreadable)
    assert str(error.error) == 'g.json: not a Tenhou log: a JSON object with "log", a list of rounds, expected'
    assert (error.error.where.round_number, error.error.where.path) == (0, "")


# --- bad input: the file, the round and the place in the JSON


def _spoilt(name: str, column: int, index: int | None, value: object) -> str:
    """The log of ``name`` with item ``index`` of its first round's ``column`` set to ``value``
    (``index`` None: the whole column), as one line of JSON."""
    document = log_of(name)
    rounds = document["log"]
    assert isinstance(rounds, list)
    if index is None:
        rounds[0][column] = value
    else:
        rounds[0][column][index] = value
    return json.dumps(document, ensure_ascii=False)


def _cut(name: str, column: int, keep: int) -> str:
    """The log of ``name`` with its first round's list ``column`` cut to its first ``keep`` items."""
    document = log_of(name)
    rounds = document["log"]
    assert isinstance(rounds, list)
    rounds[0][column] = rounds[0][column][:keep]
    return json.dumps(document, ensure_ascii=False)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        pytest.param(
            _cut("chankan.json", 9, 7),
            # why: player 1's discards (log[0][9]) cut to 7. No call comes before the turns reach
            # player 1's eighth (the first, player 3's pon of 36, claims player 0's tenth
            # discard), so eight turns each for players 0 and 1 and seven for 2 and 3 are
            # played: player 1 draws its eighth tile and has no eighth discard. Left then:
            # player 0 12 - 8 of each, player 1 10 - 8 draws, player 2 11 - 7 of each, player 3
            # 12 - 7 of each
            "bad.json: round 1, discards of player 1, item 8: cannot be played in turn order: the list ends here, "
            "yet player 0 has 4 draws and 4 discards left, player 1 has 2 draws left, player 2 has 4 draws and "
            "4 discards left, player 3 has 5 draws and 5 discards left (at log[0][9][7])",
            id="a discard list cut short",
        ),
        pytest.param(
            _cut("chankan.json", 5, 9),
            # why: player 0's draws (log[0][5]) cut to 9: in turn 10 the dealer has no draw
            # (no call came before: the first claims player 0's tenth discard). Left: player 0
            # 12 - 9 discards; players 1, 2 and 3 have played 9 turns each (10, 11, 12 - 9)
            "bad.json: round 1, draws of player 0, item 10: cannot be played in turn order: the list ends here, "
            "yet player 0 has 3 discards left, player 1 has 1 draw and 1 discard left, player 2 has 2 draws and "
            "2 discards left, player 3 has 3 draws and 3 discards left (at log[0][5][9])",
            id="a draw list cut short",
        ),
        pytest.param(
            _cut("chankan.json", 15, 9),
            # why: player 3's discards (log[0][15]) cut to 9. Nine turns each are played; in the
            # tenth, player 0 draws and throws 36, which player 3's tenth draw, 3636p36, pons
            # (the letter last: from the right, player 0); player 3 then has no tenth discard.
            # Had the pon not been made there, player 3 would meet it on a turn of its own
            # later: that reading goes farther but only says the call was missed, so the
            # list that ends is told. Left: player 0 12 - 10 of each, player 1 10 - 9, player
            # 2 11 - 9, player 3 12 - 10 draws
            "bad.json: round 1, discards of player 3, item 10: cannot be played in turn order: the list ends here, "
            "yet player 0 has 2 draws and 2 discards left, player 1 has 1 draw and 1 discard left, player 2 has "
            "2 draws and 2 discards left, player 3 has 2 draws left (at log[0][15][9])",
            id="a list cut short just after a call",
        ),
        pytest.param(
            _cut("rinshan.json", 14, 9),
            # why: player 3's draws lose the last (26, drawn after the closed kan of 16): every
            # list is then played out, but the winner holds 13 + 9 drawn - 8 discarded - 4 in the
            # kan = 10 tiles and the kan (3): 13, one short of a tsumo's 14
            "bad.json: round 1, log[0][16][2]: player 3 wins by tsumo holding 13 tiles (a call counted as 3), "
            "not 14: the log is cut short, or the result names another winner",
            id="the winner's list cut short",
        ),
        pytest.param(
            _spoilt("chankan.json", 15, 11, "3636x3636"),
            # why: player 3's twelfth discard (log[0][15][11]), its added kan, with x for k
            "bad.json: round 1, discards of player 3, item 12: unknown call '3636x3636': one of c p m k a and "
            "two-digit tiles (at log[0][15][11])",
            id="an unknown call among the discards",
        ),
        pytest.param(
            _spoilt("chankan.json", 14, 0, 13),
            # why: 3m (13) as the tiles come into play: two in player 0's hand and one in player
            # 2's; none among the indicators ([33]); then the draws turn by turn from the dealer,
            # player 0: the first draws are 42 12 26 and player 3's (log[0][14][0], 11) made a
            # 13, the fourth; the second 11 19 16 18; the third 47 38 13: player 2's is a fifth
            # (the pon 13p1313 is of tiles counted: one of player 0's and two of player 2's)
            "bad.json: round 1, draws of player 2, item 3: a fifth 3m in play: the set holds four (at log[0][11][2])",
            id="a fifth copy of a tile",
        ),
        pytest.param(
            _spoilt("chankan.json", 2, None, [25, 25]),
            # why: 5p: one in player 0's hand (25), one in player 1's, then the indicators made
            # [25, 25]: four; no draw is a 5p before player 0's eighth, the red 52 (items 1-7:
            # 42 11 47 17 47 16 31, 12 19 38 22 11 22 12, 26 16 13 34 22 15 35, 11 18 45 46 32
            # 16 15), a fifth: the red 0p is one of the set's four 5p
            "bad.json: round 1, draws of player 0, item 8: a fifth 5p in play (a red five counts as its "
            "five): the set holds four (at log[0][5][7])",
            id="a fifth five, the red one among them",
        ),
        pytest.param(
            _spoilt("chankan.json", 14, 0, 51),
            # why: player 2's hand holds the red 5m (51); player 3's first draw made a 51 is a
            # second (the first draws before it, 42 12 26, hold none): the tenhou preset deals
            # one red five of each suit (5m so far: 15 51 in player 2's hand and this 51, three)
            "bad.json: round 1, draws of player 3, item 1: a second red five (0m) in play: the set holds one "
            "(at log[0][14][0])",
            id="a second red five",
        ),
        pytest.param(
            _spoilt("chankan.json", 0, None, [16, 0, 0]),
            # why: round 16 would be a fifth wind (16 // 4 = 4): the rounds are East 1 (0) to North 4 (15)
            "bad.json: round 1, log[0][0]: no round 16 at a table of 4",
            id="a round past North 4",
        ),
        pytest.param(
            _spoilt("chankan.json", 0, None, [0, -1, 0]),
            # why: a honba count below 0 is no count
            "bad.json: round 1, log[0][0]: round, honba, sticks: [0, -1, 0]: honba and sticks are not below 0",
            id="a honba below 0",
        ),
        pytest.param(
            _spoilt("chankan.json", 16, None, ["和了", [0, 0, 8000, -8000], [2, 3, 2]]),
            # why: the win's details (log[0][16][2]) lack the score text and the yaku
            "bad.json: round 1, log[0][16][2]: a win's details: winner, from, liable, score text, yaku",
            id="a win's details cut short",
        ),
    ],
)
def test_bad_input_names_the_file_the_round_and_the_place(text: str, says: str) -> None:
    with pytest.raises(LogError) as raised:
        read_games(text, "bad.json")
    assert str(raised.value) == says


# --- what a compiled build must do too


def test_what_crosses_processes_pickles() -> None:
    # why: --jobs hands a game's text to a worker and its report back; compiled, a frozen
    # dataclass is restored only through its constructor (values.Value)
    game = LogText(3, "{}", True, "")
    report = LogReport(Source(0, "f.json"), "out\n", ("told",), 1, 2, 3)
    assert pickle.loads(pickle.dumps(game)) == game
    assert pickle.loads(pickle.dumps(report)) == report


def test_a_log_error_keeps_its_place_and_its_reason() -> None:
    # why: the JSON and CSV records give the round and the path apart from the message; compiled,
    # an exception class's own attributes and its code must still be found through the instance
    error = Where("f.json", 2, "log[1][5][3]", "draws of player 0, item 4").error("a bad tile")
    assert (error.code, error.reason, error.where.path) == ("log", "a bad tile", "log[1][5][3]")
    assert str(error) == "f.json: round 2, draws of player 0, item 4: a bad tile (at log[1][5][3])"
