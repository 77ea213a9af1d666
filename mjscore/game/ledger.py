"""What a match ledger keeps between hands and what it reports: the table before a hand, each
hand as played (its payments, everyone's change and total), and the standings.

These are the values every rule set's ledger hands on to the renderers; the rules of play are
the rule set's (``game.riichi`` for the riichi family, ``game.baba`` for BABA, whose pool on the
table is the pot of penalty KOBAN where riichi's is its sticks). Players are named by the index of
their seat at the start (0 deals first) inside the ledger, and by name in what it reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, Protocol

from mjscore.compiling import mypyc_attr
from mjscore.errors import MjscoreError
from mjscore.game.options import STICK as STICK  # noqa: PLC0414 - re-exported: the ledgers' unit, a stick's points
from mjscore.game.read import GameLine, Header
from mjscore.payment import STICKS, Payment
from mjscore.result import ScoreResult
from mjscore.values import Value

ROUND_LETTERS: Final = "ESWN"  # a round's prevalent wind, in order


@mypyc_attr(native_class=False)  # an error class: see errors.MjscoreError
class LedgerBroken(MjscoreError):
    """An internal error: the ledger no longer adds up (a defect, never the input's fault)."""

    code: ClassVar[str] = "internal-ledger"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Table(Value):
    """The table before a hand: the round (0 East, 1 South ...), who deals, the honba, the riichi
    sticks on it (BABA: the KOBAN in the pot), whether this is the extra round (sudden death),
    and the OBABA in play (BABA)."""

    round: int
    dealer: int
    honba: int = 0
    sticks: int = 0
    extra: bool = False
    obaba: int = 0

    def label(self, players: int) -> str:
        """The hand as players name it: E1, S3 (the round's wind and which deal of it)."""
        return f"{ROUND_LETTERS[self.round]}{(self.dealer % players) + 1}"

    def seat_of(self, player: int, players: int) -> int:
        """A player's seat this hand: 0 East (the dealer), 1 South ..."""
        return (player - self.dealer) % players

    def player_at(self, seat: int, players: int) -> int:
        return (self.dealer + seat) % players


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class WinPlayed(Value):
    """One winner of a hand: who, how, from whom, the line scored and its result, and whether it
    was paid (a head-bumped winner, or three on one discard made an abortive draw, is not)."""

    winner: str
    win: str  # tsumo | ron
    discarder: str | None
    result: ScoreResult  # the win as scored, its line written with the ledger's seat, round, honba, sticks
    paid: bool
    note: str = ""  # why it was paid as it was, for people


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Played(Value):
    """One hand as the ledger played it."""

    line: int  # its line in the game file
    text: str  # the line as written
    label: str  # E1, S3 ...
    table: Table  # the table before it
    dealer: str
    seats: tuple[str, ...]  # each player's seat letter this hand, in the order of the players
    outcome: str  # win | draw | abort | chombo
    wins: tuple[WinPlayed, ...]
    draw: ScoreResult | None  # an exhaustive draw as scored
    riichi: tuple[str, ...]  # who declared riichi this hand (a stick each to the table)
    offender: str | None  # a chombo's
    reason: str  # an abortive draw's (may be "")
    payments: tuple[Payment, ...]  # every move of points, players by name, the table's sticks as "sticks"
    deltas: tuple[int, ...]  # each player's change
    totals: tuple[int, ...]  # each player's points after it
    sticks: int  # riichi sticks on the table after it (BABA: the KOBAN in the pot)
    notes: tuple[str, ...]  # what the ledger decided, for people: the deal, the honba, the end
    ended: str | None  # why the game ended with this hand (None: it goes on)
    # Chips, a second unit kept beside the points (hana's flower chips, variant=3): every move of
    # them, each player's change and total. All empty where the game keeps none.
    chip_payments: tuple[Payment, ...] = ()
    chip_deltas: tuple[int, ...] = ()
    chip_totals: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Standing(Value):
    """One player's place at the end: ``final`` = points + sticks - target + oka + uma - penalty."""

    player: str
    place: int  # 1 first; players tied and sharing (ties=split) have the same place
    points: int  # as they stand at the end, before the leftover sticks (BABA: KOBAN)
    sticks: int  # leftover riichi sticks given to this player, in points (BABA: KOBAN of the pot)
    oka: int
    uma: int
    penalty: int  # chombo points taken off the final score (chombo=final)
    final: int
    chips: int | None = None  # chips at the end, beside the final score (None: the game keeps none)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Standings(Value):
    """The end of a game (or where it stands: ``finished`` false)."""

    finished: bool
    ended: str  # why it ended, or why it is not over
    rows: tuple[Standing, ...]  # in order of place
    leftover: int  # riichi sticks on the table at the end (count; BABA: KOBAN in the pot)
    leftover_to: tuple[str, ...]  # who they went to (none: lost, or still on the table)
    hands: int  # hands played (chombo lines included)


class Ledger(Protocol):
    """A rule set's ledger: plays a game file's hand lines in order."""

    header: Header

    def play(self, line: GameLine) -> Played: ...

    def over(self) -> str | None:
        """Why the game has ended (None: it goes on)."""

    def standings(self) -> Standings: ...


def sticks_text(count: int) -> str:
    """Riichi sticks for people: "1 riichi stick", "2 riichi sticks"."""
    return f"{count} riichi stick{'' if count == 1 else 's'}"


def shares(amount: int, count: int) -> list[int]:
    """``amount`` split among ``count`` players in whole points, the first ones in seat order
    getting a point more where it does not divide: the shares add up to ``amount``.

    >>> shares(1000, 3), shares(-25000, 3)
    ([334, 333, 333], [-8333, -8333, -8334])
    """
    base, rest = divmod(amount, count)
    return [base + (1 if i < rest else 0) for i in range(count)]


def zero_sum(
    header: Header,
    points: list[int],
    sticks: int,
    after: str,
    *,
    unit: int = STICK,
    pool: str = "the sticks on the table",
) -> None:
    """The ledger's check after every hand: the points and the ``sticks`` on the table (``unit``
    points each; BABA: the pot, a KOBAN each) add up to what the players started with. It never
    fails on any input; if it does, the ledger is wrong."""
    start = header.options.start * len(header.players)
    held = sum(points) + sticks * unit
    if held != start:
        raise LedgerBroken(
            f"internal error: after {after} the points ({sum(points)}) and {pool} "
            f"({sticks * unit}) add up to {held}, not the {start} the players started with; "
            "please report this with the game file"
        )


def chips_even(chips: list[int], after: str) -> None:
    """The check of a game that keeps chips, after every hand: every chip one player won another
    paid, so they add up to 0. It never fails on any input; if it does, the ledger is wrong."""
    if sum(chips) != 0:
        raise LedgerBroken(
            f"internal error: after {after} the players' chips add up to {sum(chips)}, not 0; "
            "please report this with the game file"
        )


def balances_by_player(
    payments: tuple[Payment, ...], players: tuple[str, ...], pool: str = STICKS
) -> tuple[tuple[int, ...], int]:
    """Each player's change and the pool's (riichi sticks, in points; BABA's pot) from the payments."""
    net = dict.fromkeys((*players, pool), 0)
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return tuple(net[name] for name in players), net[pool]
