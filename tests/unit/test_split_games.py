"""A games file cut into its games (``split_games``): at each line of three or more '-', every
line keeping its number in the file, no empty games; a separator inside one replayed game is
refused."""

from __future__ import annotations

import pytest

from mjscore.game.read import GameError
from mjscore.game.replay import GameText, Replay, split_games
from mjscore.game.tokens import is_games_separator


def _games(text: str) -> list[tuple[int, tuple[str, ...]]]:
    return [(game.first, tuple(str(line) for line in game.lines)) for game in split_games(text.splitlines(True))]


def test_games_are_cut_at_separator_lines_and_keep_their_line_numbers() -> None:
    # why: lines 1-2 are the first game, line 3 separates, line 4 starts the second
    assert _games("a\nb\n---\nc\n") == [(1, ("a\n", "b\n")), (4, ("c\n",))]
    # why: the comment and blank line (2, 3) belong to the first game, which starts after line 1's
    # separator; line 5 (a separator with a comment) ends it; 6 is blank, 7 separates; 8 is the second game
    assert _games("---\n#x\n\na\n--- # c\n\n---\nb\n---\n") == [(2, ("#x\n", "\n", "a\n")), (8, ("b\n",))]


def test_a_file_with_no_game_is_one_empty_game() -> None:
    # why: an empty file, or one of separators alone, is still told (its header is missing)
    assert _games("") == [(1, ())]
    assert _games("---\n") == [(2, ())]


def test_a_byte_order_mark_before_a_first_line_separator() -> None:
    # why: the mark is taken off line 1 as a batch does; the separator then stands alone
    assert _games("\ufeff---\na\n") == [(2, ("a\n",))]


@pytest.mark.parametrize(
    ("text", "separates"),
    [("---", True), ("  ------\u3000", True), ("\t---", True), ("--", False), ("--- x", False), ("-- -", False)],
)
def test_what_a_separator_line_is(text: str, separates: bool) -> None:
    # why: three or more '-' alone, blanks around them (space, tab, U+3000); nothing else on the line
    assert is_games_separator(text) is separates


def test_a_separator_inside_a_game_replayed_alone_is_refused() -> None:
    with pytest.raises(GameError) as caught:
        list(Replay(["players=Aki,Ben,Chie,Dai\n", "---\n"]).hands())
    # why: line 2 is the separator; Replay plays one game, so it is told at the line's first column
    assert [(n, p.code, p.col) for n, e in caught.value.faults for p in e.problems] == [(2, "game-separator", 1)]


def test_a_game_of_a_games_file_counts_its_lines_from_where_it_starts() -> None:
    with pytest.raises(GameError) as caught:
        list(Replay(GameText(11, ("players=Aki,Ben,Chie,Dai\n", "Eve: 234m567p345s66p67s+8s tsumo\n"))).hands())
    # why: the game's second line is line 12 of its file; the winner's name (column 1) is nobody's
    assert [(n, p.code, p.col) for n, e in caught.value.faults for p in e.problems] == [(12, "game-unknown-player", 1)]
