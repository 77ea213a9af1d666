"""A Tenhou log replayed by our game ledger, round by round, and each round compared with the
log (issue 17).

The log is rebuilt as a game file (``rebuild``), and the ledger (``mjscore game``'s) plays its
lines: the dealer, the honba, the riichi sticks and every payment are ours. Each round is then
held to the log: every player's point change (the log's leave out the riichi sticks put down
that round, so they are taken off here as the ledger pays them), each win's han, fu and yaku
(``check``), and the table the next round begins with (its round, dealer, honba, sticks and
everyone's points). Where the ledger's table is not the log's, or a line cannot be played, the
ledger starts again from the log's next round (a game file resumed there), so that one
difference is told once, at the round it comes from (the same where a round of the log could
not be read and is left out). Where the log holds the whole game (its
final points follow from its last round), the ledger must end it there too, with those points,
and with the log's final scores (oka and uma), as Tenhou rounds them (``tenhou_scores``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from mjscore.game.ledger import ROUND_LETTERS, STICK, Ledger, Played, Standing, Standings, sticks_text
from mjscore.game.read import GameError, Header, read_line
from mjscore.game.replay import Replay
from mjscore.game.riichi import RiichiLedger
from mjscore.logs.check import Check, outcome_of, theirs
from mjscore.logs.rebuild import GameFile, RebuiltRound, deposits, game_file, header_at
from mjscore.logs.tenhou import Game, Round
from mjscore.values import Value


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class RoundCheck(Value):
    """One round of a log as the ledger played it, beside the log: a plain record (a JSON or
    CSV writer needs nothing else). ``ours`` is None where the ledger could not play the line."""

    source: str  # the log's file (and its line, for a file of one log per line)
    number: int  # the round's place in the log: 1 for its first
    round_name: str  # as the log names it: E2-1 is East 2 with one honba
    kind: str  # win | draw | nagashi | abort
    result: str  # the log's own word: 和了, 流局, 九種九牌 ...
    line: str  # the round rebuilt as a line of a game file
    scored: tuple[str, ...]  # the hand or draw lines the ledger scored: what mjscore score reads
    ours: tuple[int, ...] | None  # each player's point change as the ledger paid it (riichi sticks included)
    theirs: tuple[int, ...]  # the log's, the riichi sticks put down this round taken off as the ledger pays them
    agree: bool
    problem: str  # why not, for people ("" when they agree)
    wins: tuple[Check, ...] = ()  # each win's han, fu, yaku and point changes, ours and the log's


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class LedgerRound(Value):
    """A round for the ledger's report: its check, the hand as the ledger played it (None if it
    could not), and the header the ledger started again from before it (None: it went on)."""

    check: RoundCheck
    played: Played | None
    restarted: Header | None = None


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameCheck(Value):
    """A log checked: its game file, the ledger's header (None: it could not start, ``problem``
    says why), every round, and the standings as the ledger ends (or leaves) the game."""

    game: Game
    rebuilt: GameFile
    header: Header | None
    rounds: tuple[LedgerRound, ...]
    standings: Standings | None
    problem: str = ""

    @property
    def checks(self) -> tuple[RoundCheck, ...]:
        return tuple(r.check for r in self.rounds)

    @property
    def agree(self) -> bool:
        return not self.problem and all(r.check.agree for r in self.rounds)


def check_log(game: Game) -> GameCheck:
    """Every round of ``game`` played by the ledger and compared with the log."""
    rebuilt = game_file(game)
    try:
        replay = Replay(rebuilt.header)
    except GameError as failure:
        return _unplayed(game, rebuilt, f"the rebuilt header cannot be read: {failure}")
    header = replay.header
    rounds: list[LedgerRound] = []
    broken = False  # the last line could not be played: the ledger starts again from the log
    for index, game_round in enumerate(game.rounds):
        this = rebuilt.rounds[index]
        restarted = None
        if index:
            # a round of the log that could not be read (left out of ``game``) is no difference
            broken = broken or game_round.number != game.rounds[index - 1].number + 1
            why = "" if broken else _table_difference(replay.ledger, game_round)
            if why:
                rounds[-1] = _amended(rounds[-1], why)
            if broken or why:
                try:
                    replay = Replay(header_at(game, rebuilt.names, index))
                except GameError as failure:  # a round the ledger's game has no room for (North 1)
                    rounds.append(
                        LedgerRound(
                            _not_played(game, game_round, this, f"the ledger cannot resume here: {failure}"), None
                        )
                    )
                    broken = True
                    continue
                restarted = replay.header
        try:
            played = replay.ledger.play(read_line(rebuilt.first_line + index, this.line))
        except GameError as failure:
            rounds.append(LedgerRound(_not_played(game, game_round, this, str(failure)), None, restarted))
            broken = True
            continue
        broken = False
        rounds.append(LedgerRound(_compared(game, game_round, this, played, rebuilt.names), played, restarted))
    why = _end_difference(game, replay.ledger) if rounds and not broken else ""
    if why:
        rounds[-1] = _amended(rounds[-1], why)
    return GameCheck(game, rebuilt, header, tuple(rounds), replay.standings())


def _unplayed(game: Game, rebuilt: GameFile, why: str) -> GameCheck:
    rounds = tuple(
        LedgerRound(_not_played(game, r, line, why), None) for r, line in zip(game.rounds, rebuilt.rounds, strict=True)
    )
    return GameCheck(game, rebuilt, None, rounds, None, why)


def _not_played(game: Game, game_round: Round, rebuilt: RebuiltRound, why: str) -> RoundCheck:
    """A round the ledger could not play: the log's result kept, each win's figures with it."""
    wins = tuple(Check(win, win.hand_text(), None, theirs(win), why) for win in game_round.wins)
    return _round_check(
        game, game_round, rebuilt, scored=(), ours=None, theirs_=_theirs(game_round), problems=[why], wins=wins
    )


def _round_check(
    game: Game,
    game_round: Round,
    rebuilt: RebuiltRound,
    *,
    scored: tuple[str, ...],
    ours: tuple[int, ...] | None,
    theirs_: tuple[int, ...],
    problems: Sequence[str],
    wins: tuple[Check, ...],
) -> RoundCheck:
    """A round's record: which round and how it ended, then the comparison (agreed where the
    ledger played it and nothing differs)."""
    return RoundCheck(
        source=game.source,
        number=game_round.number,
        round_name=game_round.name,
        kind=game_round.kind,
        result=game_round.result,
        line=rebuilt.line,
        scored=scored,
        ours=ours,
        theirs=theirs_,
        agree=ours is not None and not problems,
        problem="; ".join(problems),
        wins=wins,
    )


def _theirs(game_round: Round) -> tuple[int, ...]:
    """The log's point changes as the ledger pays them: less each riichi stick put down this round."""
    return tuple(d - stick for d, stick in zip(game_round.deltas, deposits(game_round), strict=True))


def _compared(game: Game, game_round: Round, rebuilt: RebuiltRound, played: Played, names: Sequence[str]) -> RoundCheck:
    """The round as the ledger played it, held to the log: the point changes and each win."""
    problems = list(rebuilt.doubts)
    wins = _wins(game_round, played, names)
    problems += [f"{names[w.win.winner]}'s win differs" for w in wins if not w.agree]
    theirs_ = _theirs(game_round)
    if played.deltas != theirs_:
        problems.insert(0, "the point changes differ")
    scored = tuple(w.result.hand for w in played.wins) + ((played.draw.hand,) if played.draw is not None else ())
    return _round_check(
        game, game_round, rebuilt, scored=scored, ours=played.deltas, theirs_=theirs_, problems=problems, wins=wins
    )


def _wins(game_round: Round, played: Played, names: Sequence[str]) -> tuple[Check, ...]:
    """Each win of the log beside the ledger's, found by its winner (``names``: the players as
    the game file names them, in the log's order); the ledger plays them nearest the discarder first."""
    by_winner = {w.winner: w for w in played.wins}
    dealer, players = played.table.dealer, len(played.seats)
    checks = []
    for win in game_round.wins:
        mine = by_winner.get(names[win.winner])
        if mine is None:  # the ledger plays every winner of a line: a defect if it does not
            checks.append(Check(win, win.hand_text(), None, theirs(win), "the ledger has no such win"))
            continue
        checks.append(Check(win, mine.result.hand, outcome_of(mine.result, dealer, players), theirs(win)))
    return tuple(checks)


def _amended(ledger_round: LedgerRound, why: str) -> LedgerRound:
    check = ledger_round.check
    problem = f"{check.problem}; {why}" if check.problem else why
    return replace(ledger_round, check=replace(check, agree=False, problem=problem))


def _table_difference(ledger: Ledger, game_round: Round) -> str:
    """Why the ledger's table after a round is not the log's next round ("" where it is)."""
    ended = ledger.over()
    if ended is not None:
        return f"the ledger ends the game after it ({ended}); the log plays on, {game_round.name}"
    assert isinstance(ledger, RiichiLedger)  # a log is riichi or sanma
    t = ledger.table
    ours = f"{ROUND_LETTERS[t.round]}{t.dealer + 1}-{t.honba}, {sticks_text(t.sticks)}, points {_points(ledger.points)}"
    log = f"{game_round.name}, {sticks_text(game_round.sticks)}, points {_points(game_round.scores)}"
    return "" if ours == log else f"the next round: the ledger has {ours}; the log {log}"


def _points(points: Sequence[int]) -> str:
    return " ".join(str(p) for p in points)


def _end_difference(game: Game, ledger: Ledger) -> str:
    """Where the log holds the whole game (its final points follow from its last round, the
    sticks left to first place): why the ledger does not end it there, with those points and
    final scores."""
    last = game.rounds[-1]
    after = [s + d for s, d in zip(last.scores, _theirs(last), strict=True)]
    left = 0 if last.kind == "win" else (last.sticks + len(last.declared)) * STICK
    extra = [f - a for f, a in zip(game.final, after, strict=True)] if len(game.final) == len(after) else []
    whole = bool(extra) and sum(extra) == left and all(e in (0, left) for e in extra)
    if not whole:
        return ""
    standings = ledger.standings()
    if not standings.finished:
        return "the log's game ends after it; the ledger plays on"
    ours = {row.player: row.points + row.sticks for row in standings.rows}
    assert isinstance(ledger, RiichiLedger)
    final = [ours[name] for name in ledger.header.players]
    if tuple(final) != game.final:
        return f"the game's final points differ: the ledger's {_points(final)}, the log's {_points(game.final)}"
    return _scores_difference(game, standings, ledger.header.players)


ROUNDED_TO: Final = 1000  # Tenhou's older scores: each player's points to the thousand


def _scores_difference(game: Game, standings: Standings, players: Sequence[str]) -> str:
    """Why the ledger's final scores (oka and uma) are not the log's, as Tenhou rounds them
    (``tenhou_scores``); "" where they are, or the log gives none."""
    if not game.final_scores:
        return ""
    rounded = all(score % ROUNDED_TO == 0 for score in game.final_scores)
    by_name = tenhou_scores(standings, ROUNDED_TO if rounded else 1)
    scores = tuple(by_name[name] for name in players)
    if scores == game.final_scores:
        return ""
    ours, log = _thousands(scores), _thousands(game.final_scores)
    how = " (the points to the thousand, as the log's)" if rounded else ""
    return f"the game's final scores (oka and uma) differ: the ledger's {ours}{how}, the log's {log}"


def tenhou_scores(standings: Standings, unit: int) -> dict[str, int]:
    """Each player's final score (oka and uma) as Tenhou gives it, in points, by name: every
    player's but first place's with their points (and sticks) rounded to ``unit``, half away
    from 0; first place's what keeps the sum the ledger's. Tenhou's older rule rounds to the
    thousand, half away from 0 (every stored game of 2010 to 2020: its scores are whole
    thousands, 25500 points counted as 26000 and -4500 as -5000); the stored game of 2023 writes
    tenths (63.8) and rounds nothing (``unit`` 1). The two agree wherever the points are whole
    thousands, so a log's whole scores may be held to the older rule whatever its date."""
    first, *rest = standings.rows
    scores = {row.player: row.final - _held(row) + _rounded(_held(row), unit) for row in rest}
    scores[first.player] = sum(row.final for row in standings.rows) - sum(scores.values())
    return scores


def _held(row: Standing) -> int:
    """What a player holds at the end: the points, and the sticks left to them."""
    return row.points + row.sticks


def _rounded(points: int, unit: int) -> int:
    """``points`` to the nearest ``unit``, a half away from 0: 25500 is 26000, -4500 is -5000."""
    size = (abs(points) + unit // 2) // unit * unit
    return size if points >= 0 else -size


def _thousands(scores: Sequence[int]) -> str:
    """Scores as Tenhou writes them, in thousands to a tenth: 43.1 -5.0."""
    return " ".join(f"{score / 1000:.1f}" for score in scores)
