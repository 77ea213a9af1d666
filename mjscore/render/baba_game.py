"""A BABA game in ``mjscore game``'s three formats (README, "Whole games"): the KOBAN, the pot and
the OBABA in play where riichi has points, honba and sticks. ``render.game``'s renderers hand a
BABA game (``is_baba``) to these functions; the documents are schema ``game-1``'s BABA kinds
(``mjscore/data/game.schema.json``).
"""

from __future__ import annotations

import textwrap
from typing import Final

from tabulate import tabulate

from mjscore.families.baba.deck import WILD_NAME
from mjscore.game.ledger import Played, Standings, WinPlayed
from mjscore.game.options import BabaGameOptions
from mjscore.game.read import Header
from mjscore.options import specs
from mjscore.payment import POT, Payment

FAMILY: Final = "baba"
_SHOWN_APART: Final = ("start", "obaba")  # rules the header shows on a line of their own


def is_baba(header: Header) -> bool:
    return header.ruleset.family == FAMILY


def _options(header: Header) -> BabaGameOptions:
    assert isinstance(header.options, BabaGameOptions)  # a BABA game's header reads BABA's rules
    return header.options


# --- for people


def header_text(header: Header) -> str:
    o = _options(header)
    rules = ", ".join(
        f"{s.name}={s.shown(getattr(o, s.name))}" for s in specs(BabaGameOptions) if s.name not in _SHOWN_APART
    )
    return "\n".join(
        [
            f"A game of {header.ruleset.name}: {header.ruleset.title}",
            f"  players in turn order: {', '.join(header.players)}; {header.players[0]} deals first",
            f"  start {o.start} KOBAN each, {o.obaba} {WILD_NAME} in play",
            textwrap.fill(rules, width=100, initial_indent="  rules: ", subsequent_indent="    "),
            "",
        ]
    )


def _party(code: str) -> str:
    return "the pot" if code == POT else code


def _paid(p: Payment) -> str:
    return f"{_party(p.payer)} pays {_party(p.payee)} {p.amount} ({p.reason})"


def _win_text(w: WinPlayed) -> str:
    koban = w.result.total
    if w.discarder is None:
        how = f"{w.winner} tsumo: {koban} KOBAN from each other player"
    else:
        how = f"{w.winner} ron from {w.discarder}: {koban} KOBAN"
    return f"{how} ({w.note})" if w.note else how


def _what(played: Played) -> list[str]:
    if played.outcome == "chombo":
        return [f"penalty: {played.offender}"]
    if played.outcome == "draw":
        return ["no result: the pile ran out"]
    return [_win_text(w) for w in played.wins]


def hand_text(played: Played, players: tuple[str, ...]) -> str:
    t = played.table
    where = f"pot {t.sticks}, {t.obaba} {WILD_NAME} in play"
    head = f"hand {played.label}, {where} (line {played.line}): {played.dealer} deals"
    lines = [head, *(f"  {x}" for x in _what(played))]
    lines += [f"  scored: {w.result.hand}" for w in played.wins]
    if played.payments:
        lines.append(f"  paid: {'; '.join(_paid(p) for p in played.payments)}")
    totals = "  ".join(
        f"{name} {total}" + (f" ({delta:+d})" if delta else "")
        for name, total, delta in zip(players, played.totals, played.deltas, strict=True)
    )
    lines.append(f"  {totals}  | pot {played.sticks}")
    lines += [f"  {note}" for note in played.notes]
    return "\n".join(lines) + "\n"


def standings_text(standings: Standings) -> str:
    headers = ["place", "player", "KOBAN", "pot", "final"]
    table = [[r.place, r.player, r.points, r.sticks, r.final] for r in standings.rows]
    title = "final standings" if standings.finished else "standings so far: the game is unfinished"
    return "\n".join(
        [
            f"{title} ({standings.ended}; {standings.hands} hands)",
            tabulate(table, headers=headers, tablefmt="simple", colalign=("left", "left", "right", "right", "right")),
            _leftover(standings),
        ]
    )


def _leftover(standings: Standings) -> str:
    count = standings.leftover
    if not count:
        return "no KOBAN left in the pot"
    left = f"{count} KOBAN left in the pot"
    if standings.leftover_to:
        return f"{left}: to {', '.join(standings.leftover_to)}, first place"
    return f"{left}: {'nobody takes it (leftover_pot=lost)' if standings.finished else 'still in the pot'}"


# --- for scripts


def _received(played: Played, winner: str) -> int:
    return sum(p.amount for p in played.payments if p.payee == winner)


def _win_record(w: WinPlayed, played: Played) -> dict[str, object]:
    return {
        "winner": w.winner,
        "win": w.win,
        "discarder": w.discarder,
        "note": w.note,
        "scored": w.result.hand,
        "koban": w.result.total,
        "hand_value": None if w.result.summary is None else w.result.summary.hand_value,
        "received": _received(played, w.winner),
    }


def hand_document(played: Played, players: tuple[str, ...], opening: dict[str, object]) -> dict[str, object]:
    """The JSON document of one BABA hand, after the keys that open it (``opening``)."""
    t = played.table
    return {
        **opening,
        "kind": "hand",
        "hand": int(played.label),
        "dealer": played.dealer,
        "pot": t.sticks,
        "obaba": t.obaba,
        "outcome": played.outcome,
        "offender": played.offender,
        "wins": [_win_record(w, played) for w in played.wins],
        "payments": [p.to_dict() for p in played.payments],
        "deltas": dict(zip(players, played.deltas, strict=True)),
        "totals": dict(zip(players, played.totals, strict=True)),
        "pot_after": played.sticks,
        "notes": list(played.notes),
        "ended": played.ended,
    }


def standings_document(standings: Standings, header: Header, opening: dict[str, object]) -> dict[str, object]:
    """The JSON document of a BABA game's standings, after the keys that open it (``opening``): the
    game as played, then each place."""
    o = _options(header)
    return {
        **opening,
        "kind": "standings",
        "finished": standings.finished,
        "ended": standings.ended,
        "hands": standings.hands,
        "game": {
            "ruleset": header.ruleset.name,
            "players": list(header.players),
            "options": {s.name: getattr(o, s.name) for s in specs(BabaGameOptions)},
            "hand_options": dict(header.hand_options),
        },
        "leftover_pot": {"count": standings.leftover, "to": list(standings.leftover_to)},
        "standings": [
            {"place": r.place, "player": r.player, "koban": r.points, "pot": r.sticks, "final": r.final}
            for r in standings.rows
        ],
    }


HAND_COLUMNS: Final = (
    "source",
    "line",
    "kind",
    "hand",
    "dealer",
    "pot",
    "obaba",
    "outcome",
    "winners",
    "discarder",
    "offender",
    "scored",
    "hand_value",
)
PLACE_COLUMNS: Final = ("place", "player", "koban", "leftover", "final")


def csv_columns(per_player: tuple[str, ...], error_columns: tuple[str, ...]) -> tuple[str, ...]:
    """A BABA game's CSV columns: ``per_player`` each player's change and total."""
    return (*HAND_COLUMNS, *per_player, "pot_after", *PLACE_COLUMNS, *error_columns)


def hand_fields(played: Played, source: str) -> dict[str, object]:
    """A BABA hand's CSV row by column, but each player's change and total (``render.game``'s)."""
    wins = played.wins
    return {
        "source": source,
        "line": played.line,
        "kind": "hand",
        "hand": played.label,
        "dealer": played.dealer,
        "pot": played.table.sticks,
        "obaba": played.table.obaba,
        "outcome": played.outcome,
        "winners": ";".join(w.winner for w in wins),
        "discarder": wins[0].discarder if wins else None,
        "offender": played.offender,
        "scored": "; ".join(w.result.hand for w in wins),
        "hand_value": ";".join(str(w.result.summary.hand_value) for w in wins if w.result.summary),
        "pot_after": played.sticks,
    }


def standings_rows(standings: Standings, source: str) -> list[dict[str, object]]:
    """A BABA game's CSV rows of the standings, by column."""
    outcome = "finished" if standings.finished else "unfinished"
    return [
        {
            "source": source,
            "kind": "standing",
            "outcome": outcome,
            "place": r.place,
            "player": r.player,
            "koban": r.points,
            "leftover": r.sticks,
            "final": r.final,
        }
        for r in standings.rows
    ]
