"""``mjscore game`` in its three formats: a game's hands and standings for people (table); one
JSON document per hand, then one for the standings (schema ``game-1``, described by
``mjscore/data/game.schema.json``); or CSV rows (README, "Whole games").

Each renderer has the same calls: ``start`` (the game's header, before the first hand),
``hand`` (one hand as played), ``standings`` (the end, or where the game stands) and
``error`` (the line that stopped the game; the CLI tells it on stderr too). A BABA game is
written by ``render.baba_game``, which each renderer hands it to. A renderer of one game among
several (``GamePlace``) says which game it is: a heading, a ``game_number`` key and column (the
CSV's columns are then the same for every game and rule set: ``several_games_start``).
``chart_of`` gives a game's totals for ``--plot`` (``render.plot``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final, NamedTuple, Protocol

from tabulate import tabulate

from mjscore.errors import HandError, printable
from mjscore.game.hana import keeps_chips
from mjscore.game.ledger import STICK, Played, Standings, Table, WinPlayed, sticks_text
from mjscore.game.options import BabaGameOptions, GameOptions, game_specs
from mjscore.game.read import Header
from mjscore.payment import STICKS, Payment
from mjscore.render import baba_game
from mjscore.render.baba_game import is_baba
from mjscore.render.csv import csv_row
from mjscore.render.json import document_line
from mjscore.render.plot import START, Chart
from mjscore.result import ScoreResult, document_start

SCHEMA: Final = "game-1"
MOST_PLAYERS: Final = 4  # a table seats at most four: the player columns of a CSV of several games


class GamePlace(NamedTuple):
    """Where a game of several is: its place among the games of its input (1 first), its first line."""

    number: int
    first: int


class GameRenderer(Protocol):
    def start(self, header: Header) -> str | None: ...

    def hand(self, played: Played) -> str: ...

    def standings(self, standings: Standings) -> str: ...

    def error(self, number: int, error: HandError) -> str | None: ...


def get_game_renderer(name: str, source: str, place: GamePlace | None = None) -> GameRenderer:
    """The renderer of a ``--format``; ``source`` names the game file as messages do; ``place``:
    where the game is, when the run has several."""
    if name == "json":
        return GameJson(source, place)
    if name == "csv":
        return GameCsv(source, place)
    return GameTable(source, place)


def several_games_start(name: str) -> str | None:
    """What a run of several games writes before the first (the CSV's header row)."""
    return csv_row(several_games_columns()) if name == "csv" else None


def hand_label(played: Played) -> str:
    """A hand as players name it: its label (E1; BABA: its number), and its honba after a dash (E2-1)."""
    return _with_honba(played.label, played.table.honba)


def _with_honba(label: str, honba: int) -> str:
    return f"{label}-{honba}" if honba else label


def chart_of(header: Header, played: Sequence[Played], source: str) -> Chart:
    """The chart of a game replayed, as far as it went: everyone's start, then the totals after
    each hand (BABA: KOBAN); titled with the file, the rule set and the preset. Only the riichi
    family's games have return points (target=) that the final scores count from."""
    o = header.options
    preset = f", preset {header.preset}" if header.preset else ""
    return Chart(
        f"{source}: {header.ruleset.name}{preset}",
        header.players,
        (START, *(hand_label(p) for p in played)),
        (header.start_points(), *(p.totals for p in played)),
        o.start,
        o.target if isinstance(o, GameOptions) else None,
        header.ruleset.payment_unit or header.ruleset.unit,  # what the totals count: points, KOBAN
    )


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


CHIPS_RULE: Final = "each flower earns its holder 1 chip from every other player (variant=3), kept beside the points"


def _keeps_sticks(header: Header) -> bool:
    """A game of the riichi family: honba, riichi sticks, oka and uma (Baida's has none)."""
    return isinstance(header.options, GameOptions)


def _title(header: Header) -> str:
    if not header.preset:
        return f"A game of {header.ruleset.name}: {header.ruleset.title}"
    title = header.ruleset.preset(header.preset).title
    return f"A game of {header.ruleset.name}, preset {header.preset}: {title}"


# --- for people


def _party(code: str) -> str:
    return "the table" if code == STICKS else code


def _paid(p: Payment) -> str:
    return f"{_party(p.payer)} pays {_party(p.payee)} {p.amount} ({p.reason})"


def _win_text(w: WinPlayed, seat: dict[str, str]) -> str:
    how = f"{w.winner} ({seat[w.winner]}) {w.win}"
    if w.discarder:
        how += f" from {w.discarder} ({seat[w.discarder]})"
    s = w.result.summary
    if s is not None and s.han is not None:
        fu = f" {s.fu} fu" if s.fu else ""
        limit = f", {s.limit_name}" if s.limit_name else ""
        how += f": {s.han} han{fu}{limit}, {s.hand_value}"
    elif w.result.total is not None:  # a rule set without han (Baida): the hand's total
        how += f": {w.result.total_label} {w.result.total}"
    if w.note:
        how += f" ({w.note})"
    return how if w.paid else f"{how}, not paid"


def _resumed(header: Header) -> list[str]:
    """Where a file that starts in the middle of a game starts (none for one that starts at the start)."""
    r = header.resume
    if r is None:
        return []
    hand = _with_honba(Table(r.round, r.dealer).label(len(header.players)), r.honba)
    points = ", ".join(f"{name} {p}" for name, p in zip(header.players, r.points, strict=True))
    return [f"  resumes at {hand}, {sticks_text(r.sticks)} on the table: {points}"]


def _what(played: Played, seat: dict[str, str]) -> list[str]:
    """What happened in a hand, a line each."""
    if played.outcome == "chombo":
        return [f"chombo: {played.offender} ({seat[played.offender or '']})"]
    lines = [_win_text(w, seat) for w in played.wins]
    if played.outcome == "abort":
        lines.insert(0, f"abortive draw{f' ({played.reason})' if played.reason else ''}")
    if played.outcome == "draw" and played.draw is None:  # a rule set without a draw settlement (Baida)
        lines.append("draw: nobody won, nothing is paid")
    if played.draw is not None and played.draw.settlement is not None:
        s = played.draw.settlement
        ready = ", ".join(_by_seat(s.tenpai, seat)) or "nobody"
        lines.append(f"exhaustive draw: ready {ready}")
        if s.nagashi:
            lines.append(f"nagashi mangan: {', '.join(_by_seat(s.nagashi, seat))}")
    return lines


def _by_seat(letters: Sequence[str], seat: dict[str, str]) -> list[str]:
    player = {letter: name for name, letter in seat.items()}
    return [f"{player[x]} ({x})" for x in letters]


def _scored(played: Played) -> list[ScoreResult]:
    return [w.result for w in played.wins] + ([played.draw] if played.draw is not None else [])


class GameTable:
    """The header, a few lines per hand, then the standings table; a game of several is headed by
    where it is (FILE:LINE: game N, as an editor finds it)."""

    def __init__(self, source: str = "", place: GamePlace | None = None) -> None:
        self.players: tuple[str, ...] = ()
        self.heading = [] if place is None else [f"{source}:{place.first}: game {place.number}"]
        self.sticks = True  # the game keeps honba, riichi sticks, oka and uma (the riichi family)
        self.chips = False  # the game keeps chips beside the points (hana, variant=3)
        self.baba = False  # a BABA game: render.baba_game writes it

    def start(self, header: Header) -> str | None:
        self.players = header.players
        self.baba = is_baba(header)
        return "\n".join([*self.heading, baba_game.header_text(header) if self.baba else self._header(header)])

    def _header(self, header: Header) -> str:
        """The header of a game of the riichi family or Baida (BABA's is ``baba_game``'s)."""
        self.sticks, self.chips = _keeps_sticks(header), keeps_chips(header)
        o = header.options
        assert not isinstance(o, BabaGameOptions)  # a BABA game's is baba_game's
        seats = ", ".join(f"{p} ({letter})" for p, letter in zip(header.players, header.seats, strict=True))
        uma = " ".join(_signed(u) for u in header.uma)
        shown = ("start", "target", "length")
        changed = [
            f"{s.name}={s.shown(getattr(o, s.name))}" for s in game_specs(header.ruleset.name) if s.name not in shown
        ]
        if isinstance(o, GameOptions):
            points = f"  start {o.start}, target {o.target}, uma {uma}, {o.length}"
        else:
            points = f"  start {o.start}, {o.length}"
        chips = [f"  chips: {CHIPS_RULE}"] if self.chips else []
        return "\n".join(
            [
                _title(header),
                f"  players: {seats}; {header.players[0]} deals first",
                *_resumed(header),
                points,
                textwrap.fill(", ".join(changed), width=100, initial_indent="  rules: ", subsequent_indent="    "),
                *chips,
                "",
            ]
        )

    def hand(self, played: Played) -> str:
        if self.baba:
            return baba_game.hand_text(played, self.players)
        t = played.table
        seat = dict(zip(self.players, played.seats, strict=True))
        where = f", honba {t.honba}, {sticks_text(t.sticks)} on the table" if self.sticks else ""
        head = f"{played.label}{where} (line {played.line}): {played.dealer} deals"
        lines = [head, *(f"  {x}" for x in _what(played, seat))]
        lines += [f"  scored: {r.hand}" for r in _scored(played)]
        if played.riichi:
            lines.append(f"  riichi: {', '.join(played.riichi)}")
        if played.payments:
            lines.append(f"  paid: {'; '.join(_paid(p) for p in played.payments)}")
        totals = _totals(self.players, played.totals, played.deltas)
        lines.append(f"  {totals}  | {sticks_text(played.sticks)} on the table" if self.sticks else f"  {totals}")
        if self.chips:
            if played.chip_payments:
                lines.append(f"  chips paid: {'; '.join(_chips_paid(played.chip_payments, len(self.players)))}")
            lines.append(f"  chips: {_totals(self.players, played.chip_totals, played.chip_deltas)}")
        lines += [f"  {note}" for note in played.notes]
        return "\n".join(lines) + "\n"

    def standings(self, standings: Standings) -> str:
        if self.baba:
            return baba_game.standings_text(standings)
        rows = standings.rows
        penalties = any(r.penalty for r in rows)
        sticks = ["sticks", "oka", "uma"] if self.sticks else []
        headers = ["place", "player", "points", *sticks, *(["penalty"] if penalties else []), "final"]
        headers += ["chips"] if self.chips else []
        table = [
            [r.place, r.player, r.points]
            + ([_signed(r.sticks), _signed(r.oka), _signed(r.uma)] if self.sticks else [])
            + ([_signed(-r.penalty)] if penalties else [])
            + [_signed(r.final)]
            + ([_signed(r.chips or 0)] if self.chips else [])
            for r in rows
        ]
        title = "final standings" if standings.finished else "standings so far: the game is unfinished"
        lines = [
            f"{title} ({standings.ended}; {standings.hands} hands)",
            tabulate(
                table, headers=headers, tablefmt="simple", colalign=("left", "left", *["right"] * (len(headers) - 2))
            ),
        ]
        if self.sticks:
            lines.append(_leftover(standings))
        if self.chips:
            lines.append("the chips are kept beside the final score: no chip is converted to points")
        return "\n".join(lines)

    def error(self, number: int, error: HandError) -> str | None:
        return None  # told on stderr by the CLI


def _chips_paid(payments: Sequence[Payment], players: int) -> list[str]:
    """Chip payments for people: those of one flower holder, paid alike by every other player,
    as one ("each other player pays Ben 2 (...)")."""
    groups: dict[tuple[str, int, str], list[Payment]] = {}
    for p in payments:
        groups.setdefault((p.payee, p.amount, p.reason), []).append(p)
    said = []
    for (payee, amount, reason), paid in groups.items():
        if len(paid) == players - 1:
            said.append(f"each other player pays {payee} {amount} ({reason})")
        else:
            said += [_paid(p) for p in paid]
    return said


def _totals(players: Sequence[str], totals: Sequence[int], deltas: Sequence[int]) -> str:
    """Each player's total, with their change: "Aki 25000  Ben 17000 (-8000)"."""
    return "  ".join(
        f"{name} {total}" + (f" ({delta:+d})" if delta else "")
        for name, total, delta in zip(players, totals, deltas, strict=True)
    )


def _leftover(standings: Standings) -> str:
    count = standings.leftover
    if not count:
        return "no riichi sticks left on the table"
    sticks = f"{sticks_text(count)} left on the table ({count * STICK} points)"
    if standings.leftover_to:
        return f"{sticks}: to {', '.join(standings.leftover_to)}, first place"
    return f"{sticks}: {'lost' if standings.finished else 'still on the table'}"


# --- for scripts


def _win_record(w: WinPlayed) -> dict[str, object]:
    s = w.result.summary
    figures: dict[str, object] = {"han": None, "fu": None, "limit": None, "hand_value": None}
    if s is not None:
        figures = {"han": s.han, "fu": s.fu, "limit": s.limit, "hand_value": s.hand_value}
    return {
        "winner": w.winner,
        "win": w.win,
        "discarder": w.discarder,
        "paid": w.paid,
        "note": w.note,
        "scored": w.result.hand,
        **figures,
        "received": w.result.received if w.paid else 0,
    }


def _draw_record(result: ScoreResult | None) -> dict[str, object] | None:
    if result is None or result.settlement is None:
        return None
    return {"scored": result.hand, "tenpai": list(result.settlement.tenpai), "nagashi": list(result.settlement.nagashi)}


def _opening(line: int, source: str, place: GamePlace | None) -> dict[str, object]:
    """The keys that open a document: ``document_start``'s, then which game it is of several."""
    doc = document_start(line, source, SCHEMA)
    if place is not None:
        doc["game_number"] = place.number
    return doc


def hand_document(
    played: Played, players: tuple[str, ...], source: str, place: GamePlace | None = None
) -> dict[str, object]:
    """The JSON document of one hand (schema ``game-1``)."""
    t = played.table
    return {
        **_opening(played.line, source, place),
        "kind": "hand",
        "hand": played.label,
        "round": played.label[0],
        "dealer": played.dealer,
        "honba": t.honba,
        "sticks": t.sticks,
        "seats": dict(zip(players, played.seats, strict=True)),
        "outcome": played.outcome,
        "reason": played.reason or None,
        "offender": played.offender,
        "riichi": list(played.riichi),
        "wins": [_win_record(w) for w in played.wins],
        "draw": _draw_record(played.draw),
        "payments": [p.to_dict() for p in played.payments],
        "deltas": dict(zip(players, played.deltas, strict=True)),
        "totals": dict(zip(players, played.totals, strict=True)),
        "sticks_after": played.sticks,
        "notes": list(played.notes),
        "ended": played.ended,
        **_chips_record(played, players),
    }


def _chips_record(played: Played, players: tuple[str, ...]) -> dict[str, object]:
    """A hand's chips, where the game keeps them (hana, variant=3): none otherwise."""
    if not played.chip_deltas:
        return {}
    return {
        "chips": {
            "payments": [p.to_dict() for p in played.chip_payments],
            "deltas": dict(zip(players, played.chip_deltas, strict=True)),
            "totals": dict(zip(players, played.chip_totals, strict=True)),
        }
    }


def standings_document(
    standings: Standings, header: Header, source: str, place: GamePlace | None = None
) -> dict[str, object]:
    """The JSON document of the standings (schema ``game-1``): the game as played, then each place."""
    return {
        **_opening(0, source, place),
        "kind": "standings",
        "finished": standings.finished,
        "ended": standings.ended,
        "hands": standings.hands,
        "game": {
            "ruleset": header.ruleset.name,
            "preset": header.preset or None,
            "players": dict(zip(header.players, header.seats, strict=True)),
            "uma": list(header.uma),
            "options": {s.name: getattr(header.options, s.name) for s in game_specs(header.ruleset.name)},
            "hand_options": dict(header.hand_options),
            **_resume_document(header),
        },
        "leftover_sticks": {
            "count": standings.leftover,
            "points": standings.leftover * STICK,
            "to": list(standings.leftover_to),
        },
        "standings": [
            {
                "place": r.place,
                "player": r.player,
                "points": r.points,
                "sticks": r.sticks,
                "oka": r.oka,
                "uma": r.uma,
                "penalty": r.penalty,
                "final": r.final,
                **({} if r.chips is None else {"chips": r.chips}),
            }
            for r in standings.rows
        ],
    }


def _resume_document(header: Header) -> dict[str, object]:
    """Where a file that starts in the middle of a game starts, as its header says (``resume=``,
    ``sticks=``, ``points=``; docs/notation.md §7): none for one that starts at the start."""
    r = header.resume
    if r is None:
        return {}
    hand = Table(r.round, r.dealer).label(len(header.players))
    points = dict(zip(header.players, r.points, strict=True))
    return {"resume": {"hand": hand, "honba": r.honba, "sticks": r.sticks, "points": points}}


def game_error_document(
    number: int, error: HandError, source: str, place: GamePlace | None = None
) -> dict[str, object]:
    """The document of the line that stopped the game: the line as written and its problems."""
    return {
        **_opening(number, source, place),
        "kind": "error",
        "text": error.text,
        "errors": [p.to_dict() for p in error.problems],
    }


class GameJson:
    def __init__(self, source: str, place: GamePlace | None = None) -> None:
        self.source = source
        self.place = place
        self.header: Header | None = None

    def start(self, header: Header) -> str | None:
        self.header = header
        return None

    def hand(self, played: Played) -> str:
        assert self.header is not None
        if is_baba(self.header):
            opening = _opening(played.line, self.source, self.place)
            return document_line(baba_game.hand_document(played, self.header.players, opening))
        return document_line(hand_document(played, self.header.players, self.source, self.place))

    def standings(self, standings: Standings) -> str:
        assert self.header is not None
        if is_baba(self.header):
            opening = _opening(0, self.source, self.place)
            return document_line(baba_game.standings_document(standings, self.header, opening))
        return document_line(standings_document(standings, self.header, self.source, self.place))

    def error(self, number: int, error: HandError) -> str | None:
        return document_line(game_error_document(number, error, self.source, self.place), as_typed=True)


HAND_COLUMNS: Final = (
    "source",
    "line",
    "kind",
    "hand",
    "dealer",
    "honba",
    "sticks",
    "outcome",
    "winners",
    "discarder",
    "riichi",
    "scored",
    "hand_value",
)
PLACE_COLUMNS: Final = ("place", "player", "points", "leftover", "oka", "uma", "penalty", "final")
ERROR_COLUMNS: Final = ("text", "error_code", "error_col", "error")


def csv_columns(per_player: tuple[str, ...], chips: tuple[str, ...]) -> tuple[str, ...]:
    """A riichi-family game's CSV columns: ``per_player`` each player's change and total, ``chips``
    each one's chips and a place's (hana, variant=3; else none)."""
    return (*HAND_COLUMNS, *per_player, "sticks_after", *PLACE_COLUMNS, *chips, *ERROR_COLUMNS)


def _per_player(keys: Sequence[str], *what: str) -> tuple[str, ...]:
    """The columns of each player's ``what`` (delta_Aki, total_Aki, ... or delta_1 ...)."""
    return tuple(f"{w}_{key}" for key in keys for w in what)


def several_games_columns() -> tuple[str, ...]:
    """The columns of a CSV of several games, whatever their rule sets: ``game_number`` after
    ``source``, each rule set's columns (``csv_columns``, ``baba_game.csv_columns``) once, and each
    player's by their seat at the start (``player_1`` the first dealer's name, ``delta_1``,
    ``total_1`` ..., ``chip_delta_1`` ...), as many as a table seats; a game of fewer players, or
    of a rule set without a column, leaves it empty."""
    seats = [str(i) for i in range(1, MOST_PLAYERS + 1)]
    per_seat = _per_player(seats, "player", "delta", "total")
    riichi = csv_columns(per_seat, (*_per_player(seats, "chip_delta", "chip_total"), "chips"))
    source, *rest = _union(riichi, baba_game.csv_columns(per_seat, ERROR_COLUMNS))
    return (source, "game_number", *rest)


def _union(first: Sequence[str], second: Sequence[str]) -> tuple[str, ...]:
    """The columns of both, each once: ``first``'s in their order, and each of ``second``'s that
    ``first`` lacks just after the column it follows in ``second``."""
    merged = list(first)
    at = 0
    for column in second:
        if column in merged:
            at = merged.index(column) + 1
        else:
            merged.insert(at, column)
            at += 1
    return tuple(merged)


class GameCsv:
    """A row per hand (each player's change and total in columns of their own), then a row per
    player's place; a line that stopped the game is a row of kind error. A game of several has
    the columns every game has (``several_games_columns``), written once before the first."""

    def __init__(self, source: str, place: GamePlace | None = None) -> None:
        self.source = source
        self.game = None if place is None else place.number
        self.players: tuple[str, ...] = ()
        self.columns: tuple[str, ...] = () if place is None else several_games_columns()
        self.baba = False

    def start(self, header: Header) -> str | None:
        self.players = header.players
        self.baba = is_baba(header)
        if self.game is not None:
            return None
        per_player = _per_player(header.players, "delta", "total")
        if self.baba:
            self.columns = baba_game.csv_columns(per_player, ERROR_COLUMNS)
        elif keeps_chips(header):  # hana, variant=3: each player's chips, and a place's
            self.columns = csv_columns(per_player, (*_per_player(header.players, "chip_delta", "chip_total"), "chips"))
        else:
            self.columns = csv_columns(per_player, ())
        return csv_row(self.columns)

    def _row(self, **fields: object) -> str:
        fields["game_number"] = self.game
        return csv_row(tuple("" if fields.get(c) is None else fields[c] for c in self.columns))

    def _changes(self, played: Played) -> dict[str, object]:
        """Each player's change and total (and chips, where the game keeps them), keyed by name (one
        game) or by seat at the start, with the player's name (several)."""
        values = {"delta": played.deltas, "total": played.totals}
        if played.chip_deltas:  # the game keeps chips
            values |= {"chip_delta": played.chip_deltas, "chip_total": played.chip_totals}
        changes: dict[str, object] = {}
        for i, name in enumerate(self.players):
            key = name if self.game is None else str(i + 1)
            if self.game is not None:
                changes[f"player_{key}"] = name
            changes |= {f"{what}_{key}": numbers[i] for what, numbers in values.items()}
        return changes

    def hand(self, played: Played) -> str:
        if self.baba:
            return self._row(**baba_game.hand_fields(played, self.source), **self._changes(played))
        paid = [w for w in played.wins if w.paid]
        scored = _scored(played)
        changes = self._changes(played)
        return self._row(
            source=self.source,
            line=played.line,
            kind="hand",
            hand=played.label,
            dealer=played.dealer,
            honba=played.table.honba,
            sticks=played.table.sticks,
            outcome=played.outcome,
            winners=";".join(w.winner for w in paid),
            discarder=paid[0].discarder if paid else None,
            riichi=";".join(played.riichi),
            scored="; ".join(r.hand for r in scored),
            hand_value=";".join(str(w.result.summary.hand_value) for w in paid if w.result.summary),
            sticks_after=played.sticks,
            **changes,
        )

    def standings(self, standings: Standings) -> str:
        if self.baba:
            return "\n".join(self._row(**fields) for fields in baba_game.standings_rows(standings, self.source))
        return "\n".join(
            self._row(
                source=self.source,
                kind="standing",
                outcome="finished" if standings.finished else "unfinished",
                leftover=r.sticks,
                place=r.place,
                player=r.player,
                points=r.points,
                oka=r.oka,
                uma=r.uma,
                penalty=r.penalty,
                final=r.final,
                chips=r.chips,
            )
            for r in standings.rows
        )

    def error(self, number: int, error: HandError) -> str | None:
        if not self.columns:  # the header could not be read: no columns yet
            self.columns = csv_columns((), ())
            head = csv_row(self.columns) + "\n"
        else:
            head = ""
        return head + self._row(
            source=self.source,
            line=number or None,
            kind="error",
            text=printable(error.text),
            error_code=";".join(p.code for p in error.problems),
            error_col=";".join(str(p.col) for p in error.problems),
            error="; ".join(p.message for p in error.problems),
        )
