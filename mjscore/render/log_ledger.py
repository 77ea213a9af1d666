"""``mjscore log`` for people: each log's game as ``mjscore game`` prints its ledger, with each
round's rebuilt line and a mark where mjscore and the log agree; a disagreement shows both
results (README, "Tenhou logs").
"""

from __future__ import annotations

from collections.abc import Sequence

from mjscore.logs.ledger import GameCheck, LedgerRound, RoundCheck
from mjscore.render.game import GameTable


def log_text(checked: GameCheck) -> str:
    """A log checked: where it comes from, its game as the ledger kept it, round by round with
    each round's mark, the standings, and how many rounds and wins agree."""
    names = checked.rebuilt.names
    out = [f"{checked.game.source}: a Tenhou log, rebuilt as a game file and replayed by the ledger"]
    table = GameTable()
    if checked.header is not None:
        out.append(table.start(checked.header) or "")
    elif checked.problem:
        out.append(f"  not replayed: {checked.problem}")
    for ledger_round in checked.rounds:
        if ledger_round.restarted is not None:
            out.append(_restart(ledger_round, table))
        out.append(_round_text(ledger_round, table, names, checked.rebuilt.first_line))
    if checked.standings is not None:
        out.append(table.standings(checked.standings))
    out.append(summary(checked))
    return "\n".join(out)


def _restart(ledger_round: LedgerRound, table: GameTable) -> str:
    header = ledger_round.restarted
    assert header is not None
    resumed = (table.start(header) or "").splitlines()
    where = next((line.strip() for line in resumed if line.strip().startswith("resumes at")), "")
    return f"the ledger starts again from the log's {ledger_round.check.round_name}: {where}\n"


def _round_text(ledger_round: LedgerRound, table: GameTable, names: Sequence[str], first_line: int) -> str:
    check = ledger_round.check
    if ledger_round.played is not None:
        lines = table.hand(ledger_round.played).rstrip("\n").splitlines()
    else:
        lines = [f"{check.round_name}: not played by the ledger"]
    lines.append(f"  rebuilt: {check.line}")
    lines += _mark(check, names)
    return "\n".join(lines) + "\n"


def _mark(check: RoundCheck, names: Sequence[str]) -> list[str]:
    """The round's mark: agree, or DISAGREE with why, then mjscore's result and the log's."""
    head = f"  log {check.round_name} ({check.result}):"
    if check.agree:
        return [f"{head} agree"]
    ours = "not played" if check.ours is None else _changes(check.ours, names)
    wins_ours = [f"{names[c.win.winner]}: {c.ours.figures()}" for c in check.wins if c.ours is not None]
    wins_log = [f"{names[c.win.winner]}: {c.theirs.figures()}" for c in check.wins]
    return [
        f"{head} DISAGREE: {check.problem}",
        f"    mjscore: {'; '.join([ours, *wins_ours])}",
        f"    log:     {'; '.join([_changes(check.theirs, names), *wins_log])}",
    ]


def _changes(deltas: Sequence[int], names: Sequence[str]) -> str:
    """Each player's point change: ``Aki +2600, Ben 0``."""
    return ", ".join(f"{name} {d:+d}" if d else f"{name} 0" for name, d in zip(names, deltas, strict=True))


def summary(checked: GameCheck) -> str:
    """How many rounds and wins agree with the log."""
    rounds = checked.checks
    wins = [w for r in rounds for w in r.wins]
    agreed = sum(1 for r in rounds if r.agree)
    wins_agreed = sum(1 for w in wins if w.agree)
    return (
        f"{checked.game.source}: {agreed} of {len(rounds)} rounds agree with the log "
        f"({wins_agreed} of {len(wins)} wins)"
    )
