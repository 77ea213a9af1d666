"""Payments: who pays whom, and settlements that always sum to zero."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

WINNER = "winner"
POT = "pot"


@dataclass(frozen=True, slots=True)
class Payment:
    payer: str
    payee: str
    amount: int
    reason: str

    def to_dict(self) -> dict[str, object]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount, "reason": self.reason}


def balances(payments: Iterable[Payment]) -> dict[str, int]:
    """Net gain of every party; a settlement is sound when these sum to zero."""
    net: dict[str, int] = {}
    for p in payments:
        net[p.payer] = net.get(p.payer, 0) - p.amount
        net[p.payee] = net.get(p.payee, 0) + p.amount
    return net


def other_players(players: int) -> tuple[str, ...]:
    """Names for the players other than the winner (games without seat names)."""
    return tuple(f"other player {n}" for n in range(1, players))


def win_payments(total: int, tsumo: bool, players: int, pot: int, reason: str) -> tuple[Payment, ...]:
    """Tsumo: every other player pays ``total``; ron: the discarder pays it.

    Every other player gets a row (0 when they owe nothing), so the table names
    each seat; penalty KOBAN in the pot go to the winner on a row of their own.
    """
    others = other_players(players)
    if tsumo:
        rows = [Payment(name, WINNER, total, reason) for name in others]
    else:
        rows = [Payment("discarder", WINNER, total, reason)]
        rows += [Payment(name, WINNER, 0, "not the discarder") for name in others[:-1]]
    if pot:
        rows.append(Payment(POT, WINNER, pot, "penalty KOBAN in the pot"))
    return tuple(rows)
