"""Values the riichi rule set works with: options, the table, readings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from mjscore.families.mpsz.tiles import DEALER, FLOWERS, HONOURS, RIICHI_KINDS, dora_after
from mjscore.hand import Group, Hand, IdentityEnum, MeldKind, Shape, Win
from mjscore.options import option
from mjscore.values import Value, made

_Y2: Final = "docs/rules/riichi.md §2 (Yakuza 2 default)"
_TILES: Final = "docs/rules/riichi.md §1 (Yakuza 2 default)"
_POINTS: Final = "docs/rules/riichi.md §7 (Yakuza 2 default)"
_DRAWS: Final = "docs/rules/riichi.md §9 (Yakuza 2 default)"
_LIMITS: Final = "docs/rules/riichi.md §5 (Yakuza 2 default)"
_FU: Final = "docs/rules/riichi.md §6 (Yakuza 2 default)"
_LIABILITY: Final = "docs/rules/riichi.md §8 (Yakuza 2 default)"
# A tsumo's three payers each pay a third of a honba, so its value is a multiple of 300: 300 at most
# tables, 1500 (500 from each payer) at some parlours; up to 3000.
HONBA_VALUES: Final = tuple(range(300, 3001, 300))
# pao_hands: the limit hands that carry liability (docs/rules/riichi.md §8), by the option's word
PAO_HANDS: Final = {
    "dragons-winds": ("big-three-dragons", "big-four-winds"),
    "dragons-winds-kongs": ("big-three-dragons", "big-four-winds", "four-kongs"),
    "none": (),
}
RED_FIVES_MOST: Final = 4  # a suit has four fives: every one of them may be red (Mahjong Soul's rooms allow 3 and 4)
# What the renhou word is worth (docs/rules/riichi.md §5): Yakuza 2 has no renhou.
RENHOU_OFF: Final = "off"
RENHOU_MANGAN: Final = "mangan"
RENHOU_5HAN: Final = "5han"
RENHOU_YAKUMAN: Final = "yakuman"
RENHOU_WORDS: Final = (RENHOU_OFF, RENHOU_MANGAN, RENHOU_5HAN, RENHOU_YAKUMAN)

# The largest count of each count key. Honba: the rules set no limit; 99 is beyond any game.
# Riichi sticks: four players start with 25,000 points (docs/rules/riichi.md §10), so at most
# 100 sticks of 1,000 can lie on the table.
MOST: Final = {"honba": 99, "sticks": 100}


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class RiichiOptions(Value):
    kuitan: bool = option(True, "All Simples also counts on an open hand", _Y2)
    aka: bool = option(False, "red fives exist, each worth 1 han (writing one turns this on)", _Y2)
    aka_m: int = option(1, "red 5m the set holds (among the four 5m)", _TILES, most=RED_FIVES_MOST)
    aka_p: int = option(2, "red 5p the set holds (among the four 5p)", _TILES, most=RED_FIVES_MOST)
    aka_s: int = option(1, "red 5s the set holds (among the four 5s)", _TILES, most=RED_FIVES_MOST)
    ryanshi: bool = option(True, "at honba 5 or more a win needs 2 han without dora", _Y2)
    yakuman_stack: bool = option(True, "several yakuman in one hand add up", "docs/rules/riichi.md §2 house default")
    double_yakuman: bool = option(True, "the four double limit hands count twice (each also needs its own switch)", _Y2)
    kiriage: bool = option(False, "round 4 han 30 fu and 3 han 60 fu up to mangan", _Y2)
    double_wind_fu: int = option(4, "fu for a pair of a wind that is both the seat and the prevalent wind", _FU, (2, 4))
    kazoe: bool = option(True, "13 han or more without a limit hand is a counted yakuman (off: sanbaiman)", _LIMITS)
    # Each double limit hand counts twice only while double_yakuman is on too (docs/rules/riichi.md §5).
    double_kokushi: bool = option(True, "Thirteen Orphans on the 13-sided wait counts twice", _LIMITS)
    double_suuankou: bool = option(True, "Four Concealed Pungs on a single wait counts twice", _LIMITS)
    double_chuuren: bool = option(True, "Pure Nine Gates counts twice", _LIMITS)
    double_daisuushii: bool = option(True, "Big Four Winds counts twice", _LIMITS)
    daisharin: bool = option(True, "Big Wheels (22334455667788 in pins, closed) is a limit hand", _LIMITS)
    renhou: str = option(
        "off",
        "the renhou word: off (refused), mangan (alone), 5han (a yaku that adds) or yakuman",
        _LIMITS,
        words=RENHOU_WORDS,
    )
    honba_value: int = option(
        300, "points one honba adds to a ron; a tsumo's three payers pay a third each", _POINTS, HONBA_VALUES
    )
    nagashi: bool = option(True, "nagashi mangan exists: a draw line may say nagashi=SEAT", _DRAWS)
    pao_hands: str = option(
        "dragons-winds",
        "the limit hands that carry liability (pao=): Big Three Dragons and Big Four Winds, -kongs adds Four Kongs",
        _LIABILITY,
        words=tuple(PAO_HANDS),
    )
    pao_scope: str = option(
        "yakuman",
        "the liable player answers for the liable limit hands only (yakuman) or for the whole hand",
        _LIABILITY,
        words=("yakuman", "hand"),
    )
    pao_honba: str = option(
        "discarder",
        "who pays the honba under liability: as on any win (the discarder of a ron) or the liable player",
        _LIABILITY,
        words=("discarder", "liable"),
    )

    def red_fives_in_set(self) -> dict[str, int]:
        """How many red fives of each suit the set holds (by suit letter)."""
        return {"m": self.aka_m, "p": self.aka_p, "s": self.aka_s}


class Wait(IdentityEnum):
    TWO_SIDED = "two-sided"
    CLOSED = "closed"  # kanchan: the middle of a run
    EDGE = "edge"  # penchan: 3 of 123 or 7 of 789
    SINGLE = "single"  # tanki: the pair
    DUAL_PUNG = "dual pung"  # shanpon: one of two pairs became a pung
    SPECIAL = "special"  # Seven Pairs, Thirteen Orphans: no set was completed


WAIT_FU: Final = {
    wait: 2 if wait in (Wait.CLOSED, Wait.EDGE, Wait.SINGLE) else 0 for wait in Wait
}  # docs/rules/riichi.md §6


_RUN: Final = Shape.RUN
_SET: Final = Shape.SET
_KAN: Final = Shape.KAN
_PAIR: Final = Shape.PAIR


class RiichiReading(NamedTuple):
    """One way to see a complete hand: its groups (melds included), which group
    the winning tile completed, and how it waited. The facts every rule asks
    about (runs, pungs, pair, concealed pungs) are worked out once, by ``reading_of``
    or ``readings_of``: build readings with those, not with the bare constructor."""

    shape: str  # "standard", "seven pairs", "thirteen orphans"
    groups: tuple[Group, ...]
    win_group: int  # index into groups; -1 for the special shapes
    wait: Wait
    ron_opened: bool  # a pung completed by a discard counts as open (fu, concealed pungs)
    runs: tuple[int, ...]  # lowest kind of each run, sorted
    pungs: tuple[int, ...]  # kind of each pung or kong, sorted
    pair: int | None  # the pair of a standard reading
    kongs: int
    concealed_pungs: int  # pungs and kongs not claimed nor completed by a ron


# Module functions, not class methods: compiled, a NamedTuple's class method is called through
# Python (its arguments parsed again), a function directly.
def reading_of(shape: str, groups: tuple[Group, ...], win_group: int = -1, wait: Wait = Wait.SPECIAL) -> RiichiReading:
    """A reading no discard opened (the special shapes)."""
    return readings_of(shape, groups, ((win_group, wait, False),))[0]


def readings_of(shape: str, groups: tuple[Group, ...], wins: Sequence[tuple[int, Wait, bool]]) -> list[RiichiReading]:
    """One reading per (win group, wait, ron opened) of the same groups: their facts are shared."""
    runs, pungs, kongs, concealed, pair = [], [], 0, 0, None
    for group_shape, kind, _, meld in groups:
        assert kind is not None
        if group_shape is _RUN:
            runs.append(kind)
        elif group_shape is _SET or group_shape is _KAN:
            pungs.append(kind)
            kongs += group_shape is _KAN
            concealed += meld is not MeldKind.OPEN
        elif group_shape is _PAIR and shape == "standard":
            pair = kind
    facts = (tuple(sorted(runs)), tuple(sorted(pungs)), pair, kongs)
    # a pung a discard completed is open: one concealed pung fewer
    return [
        made(RiichiReading, (shape, groups, i, wait, opened, *facts, concealed - opened)) for i, wait, opened in wins
    ]


class RiichiTable(NamedTuple):
    """Everything a riichi rule looks at besides the reading. Build one with
    ``riichi_table``, which works out the derived facts once (a NamedTuple, frozen like the
    dataclasses: one is made for every hand, several times faster)."""

    hand: Hand  # concealed tiles include the winning tile
    winning: int
    win: Win
    flags: frozenset[str]
    seat: int  # wind kind of the winner's seat (27 East = dealer)
    round: int  # prevalent wind kind
    dora: int  # dora tiles in the hand (each indicator counts)
    ura: int
    red_fives: int
    honba: int
    sticks: int
    pao: int | None  # seat wind kind of the liable player
    discarder: int | None  # seat wind kind of the discarder on a ron
    kinds: frozenset[int]  # every kind in the hand
    flowers: tuple[int, ...]  # bonus tiles set aside (hana)
    flower_fu: int  # fu the flowers add when Pinfu is not claimed (hana, variation 1)
    pinfu_allowed: bool  # False: the reading that drops Pinfu to count the flower fu
    # derived, by ``riichi_table``:
    suits: frozenset[int]  # 0 man, 1 pin, 2 sou: the suits the hand holds
    has_honours: bool
    closed: bool  # no open meld (a closed kan keeps the hand closed)
    is_dealer: bool


# The set of suits held, by a bit for each: every hand's table holds one, and making a
# frozenset of them for each hand cost 2,200 of the table's 14,300 instructions.
_SUITS_OF: Final = tuple(frozenset(suit for suit in range(3) if bits >> suit & 1) for bits in range(8))


def riichi_table(
    hand: Hand,
    winning: int,
    win: Win,
    *,
    flags: frozenset[str],
    seat: int,
    round: int,  # the prevalent wind
    dora_indicators: Sequence[tuple[int, bool]],
    ura_indicators: Sequence[tuple[int, bool]],
    red_fives: int,
    honba: int,
    sticks: int,
    pao: int | None,
    discarder: int | None,
    flowers: tuple[int, ...],
    flower_fu: int,
    points_at: Callable[[int], int] = dora_after,
) -> RiichiTable:
    """The table, its dora counted from the indicators (tiles as written: kind, is red);
    ``points_at`` gives the dora an indicator points at (three-player riichi: 1m at 9m)."""
    all_kinds = hand.all_kinds
    kinds = frozenset(all_kinds)
    held = 0  # a bit for each suit held (bits 0 to 2: man, pin, sou), and bit 3 for any honour
    for k in kinds:
        held |= 1 << (k // 9 if k < HONOURS else 3)
    return made(
        RiichiTable,
        (
            hand,
            winning,
            win,
            flags,
            seat,
            round,
            dora_count(dora_indicators, all_kinds, flowers, points_at),
            dora_count(ura_indicators, all_kinds, flowers, points_at),
            red_fives,
            honba,
            sticks,
            pao,
            discarder,
            kinds,
            flowers,
            flower_fu,
            True,
            _SUITS_OF[held & 7],
            held > 7,  # an honour among the kinds
            hand.is_concealed,
            seat == DEALER,
        ),
    )


def dora_count(
    indicators: Sequence[tuple[int, bool]],
    kinds: tuple[int, ...],
    flowers: tuple[int, ...],
    points_at: Callable[[int], int] = dora_after,
) -> int:
    """Dora held: each indicator points at the next tile, held or set aside (sanma's Norths);
    a flower indicator (hana) makes every flower of its own kind (flowers or seasons) a dora."""
    count = 0
    for k, _ in indicators:
        if k >= RIICHI_KINDS:
            count += sum((f in FLOWERS) == (k in FLOWERS) for f in flowers)
        else:
            dora = points_at(k)
            # plain loops, not tuple.count (compiled, a method call) nor sum() of a generator
            # (interpreted, a generator made and run)
            for kind in kinds:
                if kind == dora:
                    count += 1
            for f in flowers:
                if f == dora:
                    count += 1
    return count
