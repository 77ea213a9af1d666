"""Points and payments (docs/rules/riichi.md §7-§9): limits, rounding, honba, sticks,
liability, and the settlements of an exhaustive draw."""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from mjscore.families.mpsz.tiles import DEALER, SEAT_LETTER, WINDS
from mjscore.payment import DISCARDER, STICKS, Party, Payment, win_parties
from mjscore.values import kept, memo

MANGAN: Final = 2000
YAKUMAN_HAN: Final = 13  # a limit hand's han; as many counted han make a counted yakuman
YAKUMAN_BASE: Final = 8000
COUNTED_YAKUMAN: Final = "counted_yakuman"  # the limit of 13 han or more without a limit hand
# (lowest han, limit id, base points): the limits above mangan, highest first; with kazoe off
# there is no counted yakuman and 13 han or more stay a sanbaiman (docs/rules/riichi.md §7)
LIMITS: Final = (
    (YAKUMAN_HAN, COUNTED_YAKUMAN, YAKUMAN_BASE),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
)
LIMITS_WITHOUT_KAZOE: Final = LIMITS[1:]
STICK: Final = 1000
NO_TEN_TOTAL: Final = 3000


class HandValue(NamedTuple):
    base: int
    limit: str  # the limit's id ("mangan", "counted_yakuman", "yakuman" ...); "" below mangan
    points: int  # what the winner receives, before honba and sticks (to rank readings)


def hand_value(
    han: int,
    fu: int,
    yakuman: int,
    kiriage: bool,
    *,
    kazoe: bool,
    dealer: bool,
    tsumo: bool,
    payers: int = 3,
    split: bool = False,
) -> HandValue:
    """Base points, fu x 2^(2+han) capped by the limits (``yakuman`` counts limit hands; ``kazoe``:
    13 han make a counted yakuman), and the points they come to (a tsumo paid by ``payers``
    others; ``split``: see ``Table``). Kept: every reading asks, and a batch meets few values."""
    # one number packs the arguments, the key of a plain dict (compiled, a functools cache's
    # call is a generic one that builds a tuple of its nine arguments): fu below 1,024, yakuman
    # below 64 and payers below 8 (four concealed kongs of honours make 170 fu, a limit hand 0)
    key = ((han * 1024 + fu) * 64 + yakuman) * 8 + payers
    key = key * 32 + kiriage * 16 + kazoe * 8 + dealer * 4 + tsumo * 2 + split
    found = _HAND_VALUES.get(key)
    if found is None:
        found = kept(
            _HAND_VALUES, 1024, key, _hand_value(han, fu, yakuman, kiriage, kazoe, dealer, tsumo, payers, split)
        )
    return found


_HAND_VALUES: Final[dict[int, HandValue]] = memo()


def _hand_value(  # noqa: PLR0917
    han: int, fu: int, yakuman: int, kiriage: bool, kazoe: bool, dealer: bool, tsumo: bool, payers: int, split: bool
) -> HandValue:
    base, limit = _base(han, fu, yakuman, kiriage, kazoe)
    if not tsumo:
        return HandValue(base, limit, share(base, dealer, tsumo=False))
    payers_are_dealer = [False] * payers if dealer else [True] + [False] * (payers - 1)
    extra = absent_share(base, dealer, payers) if split else 0
    points = sum([share(base, dealer, tsumo=True, payer_is_dealer=p) + extra for p in payers_are_dealer])
    return HandValue(base, limit, points)


_YAKUMAN_NAMES: Final = {  # past six: "7-fold yakuman"
    1: "yakuman",
    2: "double yakuman",
    3: "triple yakuman",
    4: "quadruple yakuman",
    5: "quintuple yakuman",
    6: "sextuple yakuman",
}


def limit_name(limit: str, yakuman: int) -> str:
    """A limit for people: "mangan", "counted yakuman", "double yakuman" ("": none)."""
    if limit == "yakuman":
        return _YAKUMAN_NAMES.get(yakuman, f"{yakuman}-fold yakuman")
    return limit.replace("_", " ")


def _base(han: int, fu: int, yakuman: int, kiriage: bool, kazoe: bool) -> tuple[int, str]:
    if yakuman:
        return YAKUMAN_BASE * yakuman, "yakuman"
    for lowest, name, base in LIMITS if kazoe else LIMITS_WITHOUT_KAZOE:
        if han >= lowest:
            return base, name
    raw = fu * 2 ** (2 + han)
    if raw > MANGAN or han >= 5 or (kiriage and (han, fu) in ((4, 30), (3, 60))):
        return MANGAN, "mangan"
    return raw, ""


def share(base: int, dealer: bool, *, tsumo: bool, payer_is_dealer: bool = False) -> int:
    """What one payer owes for a hand of ``base`` points, rounded up to 100, before honba
    (docs/rules/riichi.md §7): the discarder pays 6x a dealer's, 4x another's; on a tsumo each
    pays 2x, or 1x when neither the winner nor the payer is the dealer."""
    if not tsumo:
        return round_up(base * (6 if dealer else 4))
    return round_up(base * (2 if dealer or payer_is_dealer else 1))


def round_up(points: int, unit: int = 100) -> int:
    """Up to the next multiple of ``unit``: payments to 100, fu to 10."""
    return -(-points // unit) * unit


class Table(NamedTuple):  # made per hand: a NamedTuple is cheaper than a frozen dataclass
    """Who is where: the winner's seat, the discarder (ron; None when not named) and the liable
    player; the seats at the table (three-player riichi: no North); the honba, their value
    (``honba_value``: what one adds to a ron) and who pays them under liability
    (``liable_pays_honba``: the ``pao_honba=liable`` option); ``split``: the absent North's tsumo
    share is shared out (sanma_tsumo=split)."""

    winner: int
    tsumo: bool
    discarder: int | None
    liable: int | None
    honba: int
    sticks: int
    honba_value: int
    liable_pays_honba: bool
    seats: tuple[int, ...] = WINDS
    split: bool = False


@lru_cache(maxsize=4096)
def win_payments(base: int, table: Table, liable_base: int = 0) -> tuple[Payment, ...]:
    """Every payment of a win; ``liable_base`` is the part of ``base`` a liable player answers for.
    Cached: payments are frozen, and a batch meets few distinct values and seatings."""
    dealer = table.winner == DEALER
    shared = base > liable_base
    # the honba go with the shared part when there is one, else with the liability; with
    # pao_honba=liable always with the liability (docs/rules/riichi.md §8)
    liable_honba = bool(liable_base) and (table.liable_pays_honba or not shared)
    rows = _shared(base - liable_base, dealer, table, 0 if liable_honba else table.honba) if shared else []
    if liable_base:
        rows += _liability(liable_base, dealer, table, table.honba if liable_honba else 0)
    rows = _merge(rows)
    if table.sticks:
        winner = SEAT_LETTER[table.winner]
        rows.append(Payment(STICKS, winner, STICK * table.sticks, f"{table.sticks} on the table"))
    return tuple(rows)


def _shared(base: int, dealer: bool, table: Table, honba: int) -> list[Payment]:
    """The usual payments of ``base`` and ``honba`` honba: the discarder pays a ron and its honba;
    on a tsumo each other player pays their share and an equal part of the honba."""
    others = [w for w in table.seats if w != table.winner]
    winner = SEAT_LETTER[table.winner]
    if not table.tsumo:
        amount = share(base, dealer, tsumo=False) + table.honba_value * honba
        return [Payment(_discarder(table), winner, amount, _why("ron", honba))]
    extra = absent_share(base, dealer, len(others)) if table.split else 0
    how = "tsumo + half the absent North's share" if extra else "tsumo"
    rows = []
    each = table.honba_value // len(others) * honba  # the option's choices split evenly between the payers
    for w in others:
        amount = share(base, dealer, tsumo=True, payer_is_dealer=w == DEALER) + extra + each
        rows.append(Payment(SEAT_LETTER[w], winner, amount, _why(how, honba)))
    return rows


def absent_share(base: int, dealer: bool, payers: int) -> int:
    """What each payer of a tsumo adds, when the share of the seat that is not at the table
    (three-player riichi's North, never the dealer) is split between them: half that share,
    rounded up to 100 (docs/rules/sanma.md §6); nothing at a full table."""
    if payers == len(WINDS) - 1:
        return 0
    return round_up(share(base, dealer, tsumo=True) // 2)


def parties(table: Table) -> tuple[Party, ...]:
    unnamed = not table.tsumo and table.discarder is None
    return win_parties(table.winner, unnamed_discarder=unnamed, sticks=table.sticks > 0, seats=table.seats)


def _discarder(table: Table) -> str:
    return SEAT_LETTER[table.discarder] if table.discarder is not None else DISCARDER


def _liability(base: int, dealer: bool, table: Table, honba: int) -> list[Payment]:
    """Tsumo: the liable player pays the whole limit; ron by another's discard: half each.
    ``honba`` are paid as on any win (docs/rules/riichi.md §7): on a ron by the discarder; on a tsumo
    by the liable player, who pays the whole hand, for all three payers. With pao_honba=liable
    (``liable_pays_honba``) the liable player pays them on a ron too (§8)."""
    assert table.liable is not None
    whole = share(base, dealer, tsumo=False)  # the whole hand, as one payer of a ron pays it
    liable, winner = SEAT_LETTER[table.liable], SEAT_LETTER[table.winner]
    bonus, why = table.honba_value * honba, f" + {honba} honba" if honba else ""
    if table.tsumo:
        return [Payment(liable, winner, whole + bonus, "liability (pao): the whole limit hand" + why)]
    discarder = _discarder(table)
    if discarder == liable:
        return [Payment(liable, winner, whole + bonus, "liability (pao), and the discard" + why)]
    half = round_up(whole // 2)
    if table.liable_pays_honba:
        return [
            Payment(liable, winner, half + bonus, "liability (pao): half" + why),
            Payment(discarder, winner, half, "the discard: half"),
        ]
    return [
        Payment(liable, winner, half, "liability (pao): half"),
        Payment(discarder, winner, half + bonus, "the discard: half" + why),
    ]


def _merge(rows: list[Payment]) -> list[Payment]:
    """One row per payer: a payer owing for two reasons pays once, reasons joined."""
    merged: dict[str, Payment] = {}
    for p in rows:
        if p.payer in merged:
            old = merged[p.payer]
            merged[p.payer] = Payment(p.payer, p.payee, old.amount + p.amount, f"{old.reason}; {p.reason}")
        else:
            merged[p.payer] = p
    return list(merged.values())


def _why(how: str, honba: int) -> str:
    return f"{how} + {honba} honba" if honba else how


def no_ten_payments(
    tenpai: frozenset[int], seats: tuple[int, ...] = WINDS, total: int = NO_TEN_TOTAL
) -> tuple[Payment, ...]:
    """Exhaustive draw: ``total`` (3000; sanma 2000) from the ``seats`` not ready, shared by the
    seats ready."""
    noten = [w for w in seats if w not in tenpai]
    if not tenpai or not noten:
        return ()
    rows = []
    for payer in noten:
        for payee in sorted(tenpai):
            amount = total // len(noten) // len(tenpai)
            rows.append(Payment(SEAT_LETTER[payer], SEAT_LETTER[payee], amount, "no-ten payment"))
    return tuple(rows)


def nagashi_payments(seat: int, seats: tuple[int, ...] = WINDS, split: bool = False) -> tuple[Payment, ...]:
    """Nagashi mangan: paid as a mangan tsumo by ``seat`` at a table of ``seats`` (``split``: see
    ``Table``)."""
    table = Table(seat, True, None, None, 0, 0, 0, False, seats, split)
    return tuple(
        Payment(p.payer, p.payee, p.amount, f"nagashi mangan, paid as a mangan {p.reason}")
        for p in _shared(MANGAN, seat == DEALER, table, 0)
    )
