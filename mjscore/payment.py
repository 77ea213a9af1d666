"""Payments: who pays whom, between parties named by stable codes, and the net change
of each party (settlements always sum to zero).

A party is a player or a pool of money on the table. Players are named by seat code
(``E S W N``) where the rule set has seats, and by role where it has none (BABA:
``winner``, ``discarder``, ``other_1`` ...); a ron line that does not name its
discarder's seat has the party ``discarder``. Pools are ``sticks`` (riichi sticks on
the table) and ``pot`` (BABA's penalty KOBAN).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from mjscore.families.mpsz.tiles import DEALER, SEAT_LETTER, WINDS
from mjscore.values import Value, kept, memo

WINNER: Final = "winner"  # BABA's winner (riichi's winner is a seat)
DISCARDER: Final = "discarder"  # a discarder: BABA's, or a seat a ron line does not name
POT: Final = "pot"
STICKS: Final = "sticks"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Party(Value):
    """One side of payments: ``code`` in the data, ``label`` in the table for people."""

    code: Final[str]
    label: Final[str]
    pool: Final[bool]  # money on the table, not a player
    unnamed: Final[bool]  # one of the seats, which one the line does not say (a ron without from=)

    def __init__(  # see result.ScoreLine
        self, code: str, label: str, pool: bool = False, unnamed: bool = False
    ) -> None:
        self.code = code
        self.label = label
        self.pool = pool
        self.unnamed = unnamed


def seat_name(wind: int) -> str:
    """A seat for people: "E (dealer)", "S" ... (the East seat deals)."""
    return _SEAT_NAMES[wind]


_SEAT_NAMES: Final = {wind: f"{letter} (dealer)" if wind == DEALER else letter for wind, letter in SEAT_LETTER.items()}


def seat_code(wind: int | None) -> str | None:
    """A seat as data: "E" ... (None: no seat)."""
    return None if wind is None else SEAT_LETTER[wind]


def seat_parties(seats: tuple[int, ...] = WINDS) -> tuple[Party, ...]:
    """A draw's parties: every seat at the table (three-player riichi has no North)."""
    return tuple(Party(SEAT_LETTER[w], seat_name(w)) for w in seats)


# A win's parties, kept by its seats, then by one number (the winner and two switches): a
# functools cache's call, compiled, built a key of the arguments (1,380 instructions a call,
# where this takes 680).
_WIN_PARTIES: Final[dict[tuple[int, ...], dict[int, tuple[Party, ...]]]] = memo()


def win_parties(
    winner: int, *, unnamed_discarder: bool, sticks: bool, seats: tuple[int, ...] = WINDS
) -> tuple[Party, ...]:
    """Who a win's payments can name at a table of ``seats`` (wind kinds; three-player riichi has no
    North): every seat (the winner labelled so), the ``discarder`` when a ron line does not name
    the seat, and the riichi sticks."""
    by_rest = _WIN_PARTIES.get(seats)
    if by_rest is None:
        by_rest = kept(_WIN_PARTIES, 8, seats, {})
    key = winner << 2 | int(unnamed_discarder) << 1 | int(sticks)
    parties = by_rest.get(key)
    if parties is None:
        parties = kept(by_rest, 256, key, _win_parties(winner, unnamed_discarder, sticks, seats))
    return parties


def _win_parties(winner: int, unnamed_discarder: bool, sticks: bool, seats: tuple[int, ...]) -> tuple[Party, ...]:
    parties = [Party(SEAT_LETTER[w], "winner" if w == winner else seat_name(w)) for w in seats]
    if unnamed_discarder:
        parties.append(Party(DISCARDER, "discarder", unnamed=True))
    if sticks:
        parties.append(Party(STICKS, "riichi sticks", pool=True))
    return tuple(parties)


@dataclass(slots=True, init=False, repr=False, eq=False)
class Payment(Value):
    payer: Final[str]  # party codes
    payee: Final[str]
    amount: Final[int]
    reason: Final[str]  # for people

    def __init__(self, payer: str, payee: str, amount: int, reason: str) -> None:  # see result.ScoreLine
        self.payer = payer
        self.payee = payee
        self.amount = amount
        self.reason = reason

    def to_dict(self) -> dict[str, object]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount, "reason": self.reason}


def balances(payments: Iterable[Payment]) -> dict[str, int]:
    """Net gain of every party that pays or is paid; a settlement is sound when these sum to zero."""
    net: dict[str, int] = {}
    for p in payments:
        net[p.payer] = net.get(p.payer, 0) - p.amount
        net[p.payee] = net.get(p.payee, 0) + p.amount
    return net


def deltas(payments: Iterable[Payment], parties: Iterable[Party]) -> tuple[dict[str, int], dict[str, int]]:
    """The net change of every player, and of every pool, in the order of ``parties``; a party
    nobody pays or is paid by has 0. When an ``unnamed`` party pays, it is one of the seats
    that have no payment, so those are left out: their change is not known. An unnamed party
    with no payment is no one."""
    net = balances(payments)
    parties = tuple(parties)
    unknown = any(p.unnamed and p.code in net for p in parties)
    players: dict[str, int] = {}
    pools: dict[str, int] = {}
    for p in parties:
        if p.pool:
            pools[p.code] = net.get(p.code, 0)
        elif p.code in net or not (unknown or p.unnamed):
            players[p.code] = net.get(p.code, 0)
    return players, pools
