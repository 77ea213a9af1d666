"""Read a Tenhou game log (the tenhou.net/6 JSON form) and rebuild every win in it.

A log is ``{"title", "name", "rule", "log"}``; each round of ``log`` is
``[[round, honba, sticks], scores, dora, ura, (hand, draws, discards) per seat, result]``.
The round is 4 × the wind (0 East, 1 South ...) + the dealer, three players or four. A
three-player log (sanma) leaves the fourth seat's lists empty and its score 0.
Tiles are numbers: 11-19 man, 21-29 pin, 31-39 sou, 41-47 East..Red, 51/52/53 the red
fives. A draw is a tile or a call (``c`` chi, ``p`` pon, ``m`` open kan); a discard is a
tile, 60 (the tile just drawn), ``r`` + tile (riichi), 0 (none: after an open kan), a
kan (``k`` added, ``a`` closed) or ``f44``, a North set aside (sanma's kita: its
replacement is the next draw). Where the letter stands in a call says who was called
from, as seats sit at a table of four (a sanma log's empty seat included): first, the
player on the left; second, the one opposite; last, the one on the right.

The result is ``和了`` and a pair (point changes, details) per winner; an exhaustive draw
(``流局``, ``全員聴牌``, ``全員不聴``, ``流し満貫``) with its point changes; or an abortive
draw (``九種九牌``, ``四風連打``, ``四家立直``, ``四槓散了``, ``三家和了``; ``四開槓`` and
``三家和`` as logs converted from Mahjong Soul write the last two). Point changes never
count the riichi sticks put down that round; a winner's count those taken.

The rounds are replayed in turn order (a call jumps the order), which is what the words
that depend on the order need: double riichi, ippatsu, haitei, houtei, tenhou, chiihou.
The dora and ura indicators are the log's: Tenhou writes those revealed when the round
ended, so a kan dora shown after the win is not among them.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from types import MappingProxyType
from typing import ClassVar, Final

from mjscore.compiling import mypyc_attr
from mjscore.errors import MjscoreError, not_utf8
from mjscore.rulesets import get_ruleset
from mjscore.rulesets.riichi import RiichiFamily
from mjscore.scoring import LINE_LIMIT, Overlong
from mjscore.values import Value

WINDS: Final = "ESWN"
TSUMOGIRI: Final = 60
NO_DISCARD: Final = 0
NORTH: Final = 44
KITA: Final = "f"  # a discard "f44": a North set aside (sanma)
SEATS: Final = 4  # a log's seats: a three-player log leaves the fourth empty
WIN: Final = "和了"
# The round's kind by the log's word: an exhaustive draw, nagashi mangan, or an abortive draw
# by its reason as a game file names it (docs/notation.md §7).
DRAWS: Final = {"流局": "draw", "全員聴牌": "draw", "全員不聴": "draw", "流し満貫": "nagashi"}
ABORTS: Final = {
    "九種九牌": "nine-terminals",
    "四風連打": "four-winds",
    "四家立直": "four-riichi",
    "四槓散了": "four-kongs",
    "四開槓": "four-kongs",
    "三家和了": "triple-ron",
    "三家和": "triple-ron",
}
# Every tile dealt, less the dead wall and the hands: the draws a round can have (a kan's or a
# kita's replacement comes from the dead wall, which the live wall then makes up).
LIVE_WALL: Final = {4: 136 - 14 - 4 * 13, 3: 108 - 14 - 3 * 13}
# Where a call's letter stands, by kind: to the player on the left, opposite, on the right.
CLAIM_PLACES: Final = {"c": (0, -1, -1), "p": (0, 2, 4), "k": (0, 2, 4), "m": (0, 2, 6)}
RULE_KEYS: Final = frozenset({"disp", "aka", "aka51", "aka52", "aka53"})
# A byte that was not UTF-8, as scoring.read_lines keeps it (surrogateescape). A raw string:
# a compiled module cannot hold a lone surrogate in a string literal.
UNDECODED: Final = re.compile(r"[\udc80-\udcff]")


@mypyc_attr(native_class=False)  # an error class: see errors.MjscoreError
class LogError(MjscoreError):
    """A log that cannot be read: says the file, the round and the place in the JSON.

    ``where`` is that place, ``reason`` what is wrong there (the message less the place), so
    that a record of the error can give each on its own."""

    code: ClassVar[str] = "log"

    def __init__(self, message: str, where: Where, reason: str) -> None:
        super().__init__(message)
        self.where = where
        self.reason = reason


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Where(Value):
    """Where in a log a problem is: the file (``FILE`` or ``FILE:LINE`` for a game of a file of
    one game per line), the round (1 for the log's first; 0 for the game as a whole), the JSON
    path (``log[0][14][9]``; ``"rule"``), and what stands there in words (``draws of player 3,
    item 10``), if the path alone would not say it."""

    source: str
    round_number: int = 0
    path: str = ""
    what: str = ""

    def error(self, message: str) -> LogError:
        place = self.source
        if self.round_number:
            place += f": round {self.round_number}"
        shown = self.what or self.path
        if shown:
            place += f", {shown}" if self.round_number else f": {shown}"
        at = f" (at {self.path})" if self.what and self.path else ""
        return LogError(f"{place}: {message}{at}", self, message)

    def at(self, path: str) -> Where:
        return Where(self.source, self.round_number, path)

    def seat_list(self, player: int, items: str, index: int) -> Where:
        """Item ``index`` (0 first) of a player's ``items`` list in this round: "draws" or
        "discards" (each player's starting hand, draws and discards follow the round's four
        first items, in that order)."""
        column = 4 + 3 * player + (1 if items == "draws" else 2)
        path = f"log[{self.round_number - 1}][{column}][{index}]"
        return Where(self.source, self.round_number, path, f"{items} of player {player}, item {index + 1}")


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Meld(Value):
    """A call: its kind (chi, pon, open-kan, added-kan, closed-kan), its tiles, the tile
    called (a closed kan's: none, 0) and who it was called from (a player's index, or -1)."""

    kind: str
    tiles: tuple[int, ...]
    called: int
    claimed_from: int

    @property
    def closed(self) -> bool:
        return self.kind == "closed-kan"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Win(Value):
    """One win rebuilt: everything its score needs, and what the log says it scored."""

    round_number: int  # 1 for the log's first round
    round_name: str  # as Tenhou says it: E1-0 is East 1, no honba
    winner: int  # the player's index in the log
    dealer: int
    discarder: int  # the player who dealt in; -1 for a tsumo
    pao: int  # the liable player; -1 for none
    seat: str
    discarder_seat: str
    pao_seat: str
    round_wind: str
    honba: int
    sticks: int
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    winning_tile: int
    situations: tuple[str, ...]  # riichi, double-riichi, ippatsu, rinshan, chankan, haitei ...
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    rules: tuple[str, ...]  # the rule words for the line: preset=tenhou, aka=off ...
    ruleset: str
    deltas: tuple[int, ...]  # the log's point change of each player, by index
    points: str  # the log's score text: 30符4飜7700点, 満貫8000点 ...
    yaku: tuple[str, ...]  # the log's yaku texts: 立直(1飜) ...
    kita: int = 0  # Norths the winner set aside (sanma)

    @property
    def tsumo(self) -> bool:
        return self.discarder < 0

    def hand_text(self) -> str:
        """The winner's tiles in our notation: the concealed tiles, the melds, ``+`` the winning tile."""
        hand = tiles_text(self.concealed) + "".join(meld_text(m) for m in self.melds)
        return f"{hand}+{tiles_text((self.winning_tile,))}"

    def table_items(self) -> list[str]:
        """The items the table shows: the dora and ura indicators, the Norths set aside."""
        words = []
        if self.dora:
            words.append(f"dora={indicators_text(self.dora)}")
        if self.ura:
            words.append(f"ura={indicators_text(self.ura)}")
        if self.kita:
            words.append(f"kita={self.kita}")
        return words

    def line(self) -> str:
        """The win as a line of our notation (docs/notation.md §1-§3)."""
        words = [f"{self.ruleset}:{self.hand_text()}"]
        words.append("tsumo" if self.tsumo else "ron")
        words += [f"seat={self.seat}", f"round={self.round_wind}"]
        if not self.tsumo:
            words.append(f"from={self.discarder_seat}")
        if self.honba:
            words.append(f"honba={self.honba}")
        if self.sticks:
            words.append(f"sticks={self.sticks}")
        words += self.table_items()
        if self.pao >= 0:
            words.append(f"pao={self.pao_seat}")
        return " ".join([*words, *self.situations, *self.rules])


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Holding(Value):
    """A player's part of the table when a round ends: the concealed tiles, the melds, the
    Norths set aside, every tile thrown (in order), whether one of them was called by
    another player, and whether the player declared riichi."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    kita: int
    thrown: tuple[int, ...]
    thrown_called: bool
    riichi: bool


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Round(Value):
    """One round of a log: where it stood when it began (its round, dealer, honba, the riichi
    sticks on the table, each player's points), how it ended (the log's word, and ``kind``:
    win, draw, nagashi or abort), the log's point changes (every result's added up; never the
    riichi sticks put down this round), its wins, whose riichi sticks reached the table this
    round, and each player's holding at its end."""

    number: int  # 1 for the log's first round
    name: str  # as Tenhou says it: E1-0 is East 1, no honba
    wind: int  # 0 East, 1 South, 2 West (an extra round)
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    result: str
    kind: str
    deltas: tuple[int, ...]
    wins: tuple[Win, ...]
    declared: tuple[int, ...]
    holdings: tuple[Holding, ...]
    wall_left: int = 0  # tiles of the live wall left undrawn when it ended

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def reason(self) -> str:
        """An abortive draw's reason as a game file writes it ("" for another round)."""
        return ABORTS.get(self.result, "")


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Game(Value):
    """One log: where it was read from, the players' names, the game's rules (``ruleset``:
    riichi or sanma; ``rules``: the words a hand line needs, ``preset=tenhou`` first; its
    ``length``: east or east-south), its rounds, and if the log gives them (Tenhou's ``sc``;
    empty if not) each player's final points and final score with oka and uma, in points
    (``sc``'s 43.1 is 43100)."""

    source: str
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    ruleset: str = "riichi"
    rules: tuple[str, ...] = ("preset=tenhou",)
    length: str = "east-south"
    final: tuple[int, ...] = ()
    final_scores: tuple[int, ...] = ()


# --- tiles -------------------------------------------------------------------------


TILE_CODES: Final = frozenset(
    [10 * suit + n for suit in (1, 2, 3) for n in range(1, 10)] + [41 + n for n in range(7)] + [51, 52, 53]
)


def is_tile(code: object) -> bool:
    return type(code) is int and code in TILE_CODES


def kind_of(code: int) -> int:
    """The tile's kind: a red five is its suit's five."""
    return (code - 50) * 10 + 5 if code > 50 else code


def code_of_kind(kind: int) -> int:
    """Our tile kind (docs/notation.md §2: 0-8 man, 9-17 pin, 18-26 sou, 27-33 honours) as a log's code."""
    return (kind // 9 + 1) * 10 + kind % 9 + 1


RED_CODES: Final = {"m": 51, "p": 52, "s": 53}  # a suit's red five as a log's code
FIVES_RED: Final = {kind_of(red): red for red in RED_CODES.values()}  # a suit's five -> its red five


@lru_cache(maxsize=8)
def tile_set(ruleset: str, red: bool) -> Mapping[int, int]:
    """How many of each tile the set of a log's game holds, by code: four of each of the rule
    set's kinds (three players: no 2m-8m, docs/rules/sanma.md §1), a red five counted as its
    five; and by a red five's own code, how many of them the ``tenhou`` preset deals (none
    without red fives; docs/rules/riichi.md §1)."""
    family = get_ruleset(ruleset)
    assert isinstance(family, RiichiFamily)  # a log is riichi or sanma
    held = {code_of_kind(kind): 4 for kind in family.tile_kinds}
    reds: dict[str, int] = family.preset("tenhou").options.red_fives_in_set() if red else {}
    held.update({RED_CODES[suit]: count for suit, count in reds.items() if count})
    return MappingProxyType(held)


def _digit_and_suit(code: int) -> tuple[str, str]:
    if code > 50:
        return "0", "mps"[code - 51]
    suit, number = divmod(code, 10)
    return str(number), "mpsz"[suit - 1]


def _order(code: int) -> tuple[int, int]:
    return kind_of(code), 0 if code > 50 else 1


def tiles_text(codes: tuple[int, ...] | list[int]) -> str:
    """Tiles in our notation, sorted, one suit letter per run: ``123m05p``."""
    text = ""
    last_suit = ""
    for code in sorted(codes, key=_order):
        digit, suit = _digit_and_suit(code)
        if last_suit and suit != last_suit:
            text += last_suit
        text += digit
        last_suit = suit
    return text + last_suit


def indicators_text(codes: tuple[int, ...]) -> str:
    """Indicators as they lie, in the log's order: ``4p3z``."""
    return "".join("".join(_digit_and_suit(code)) for code in codes)


def meld_text(meld: Meld) -> str:
    inside = tiles_text(meld.tiles)
    return f"[{inside}]" if meld.closed else f"({inside})"


# --- calls -------------------------------------------------------------------------


def read_call(text: str, player: int, players: int, where: Where) -> Meld:
    """A call string (``c151416``, ``4646p46``, ``3636k3636``, ``161616a16``, ``m39393939``)."""
    meld = parse_call(text, player, players)
    if isinstance(meld, str):
        raise where.error(meld)
    return meld


@lru_cache(maxsize=4096)
def parse_call(text: str, player: int, players: int) -> Meld | str:
    """A call string read, or why it cannot be (a round reads each call several times)."""
    letters = [(i, ch) for i, ch in enumerate(text) if not ch.isdigit()]
    if len(letters) != 1 or letters[0][1] not in "cpmka":
        return f"unknown call {text!r}: one of c p m k a and two-digit tiles"
    place, letter = letters[0]
    digits = text[:place] + text[place + 1 :]
    size = 3 if letter in "cp" else 4
    paired = not (place % 2 or len(digits) % 2)
    tiles = tuple(int(digits[i : i + 2]) for i in range(0, len(digits), 2)) if paired else ()
    if len(tiles) != size or not all(is_tile(t) for t in tiles):
        return f"unknown call {text!r}: {size} tiles of two digits each expected"
    called = int(text[place + 1 : place + 3])
    kinds = sorted(kind_of(t) for t in tiles)
    run = letter == "c" and kinds[0] < 40 and kinds == list(range(kinds[0], kinds[0] + 3))
    if not run and len(set(kinds)) != 1:
        return f"unknown call {text!r}: not a run or tiles alike"
    if letter == "a":
        return Meld("closed-kan", tiles, 0, -1)
    steps_back = CLAIM_PLACES[letter].index(place) + 1 if place in CLAIM_PLACES[letter] else 0
    claimed_from = (player - steps_back) % SEATS  # seats as at a table of four, a sanma log's too
    if not steps_back or claimed_from >= players:  # (1 left, 2 opposite, 3 right)
        return f"unknown call {text!r}: the letter stands where no player sits"
    kind = {"c": "chi", "p": "pon", "m": "open-kan", "k": "added-kan"}[letter]
    return Meld(kind, tiles, called, claimed_from)


# --- replay ------------------------------------------------------------------------


@dataclass(slots=True)
class _Seat:
    """One player's state while a round is replayed."""

    hand: list[int]
    draws: list[object]
    discards: list[object]
    melds: list[Meld]
    drawn_at: int = 0  # how many draws are used
    discarded_at: int = 0
    last_drawn: int = 0
    last_discard: int = 0
    robbed_kan: bool = False  # the last thing discarded was a kan (chankan)
    after_kan: bool = False  # the next draw replaces a kan (rinshan)
    riichi_event: int = -1  # when riichi was declared; -1 for never
    riichi_first: bool = False  # on the player's first discard
    discards_after_riichi: int = 0
    draws_made: int = 0
    kita: int = 0  # Norths set aside (sanma)
    set_aside: bool = False  # the last thing done was setting a North aside: its replacement comes next
    thrown: list[int] = field(default_factory=list)  # every tile thrown, in order
    thrown_called: bool = False  # another player called one of them

    def copy(self) -> _Seat:
        return _Seat(
            list(self.hand),
            self.draws,
            self.discards,
            list(self.melds),
            self.drawn_at,
            self.discarded_at,
            self.last_drawn,
            self.last_discard,
            self.robbed_kan,
            self.after_kan,
            self.riichi_event,
            self.riichi_first,
            self.discards_after_riichi,
            self.draws_made,
            self.kita,
            self.set_aside,
            list(self.thrown),
            self.thrown_called,
        )

    @property
    def upcoming(self) -> object:
        return self.draws[self.drawn_at] if self.drawn_at < len(self.draws) else None

    @property
    def done(self) -> bool:
        return self.drawn_at == len(self.draws) and self.discarded_at == len(self.discards)


@dataclass(slots=True)
class _Replay:
    seats: list[_Seat]
    dealer: int
    where: Where
    draws: int = 0  # tiles drawn from the live wall (rinshan included: each kan or kita shortens it)
    events: int = 0
    call_events: tuple[int, ...] = ()
    # Shared by every reading: where each broke, ranked (``_rank``).
    dead_ends: list[tuple[tuple[bool, int], LogError]] = field(default_factory=list)
    last_thrower: int = -1  # who threw (or set aside, or added to a kan) last

    def copy(self) -> _Replay:
        seats = [seat.copy() for seat in self.seats]
        return _Replay(
            seats, self.dealer, self.where, self.draws, self.events, self.call_events, self.dead_ends, self.last_thrower
        )

    def stop(self, where: Where, message: str, *, stranded: bool = False) -> None:
        """This reading ends here for ``message``: kept, in case no reading plays to the end
        (``stranded``: at a call no discard came before)."""
        self.dead_ends.append(
            (_rank(self, stranded=stranded), where.error(f"cannot be played in turn order: {message}"))
        )

    def ended(self, player: int, items: str, index: int) -> _Replay | None:
        """The reading once ``player``'s list of ``items`` has no item ``index``: the round, if
        every list is played out; else None, and why (the log cut short, or lists that do not
        match) kept as a dead end."""
        left = [f"player {p} {_left(s)}" for p, s in enumerate(self.seats) if not s.done]
        if not left:
            return self
        self.stop(self.where.seat_list(player, items, index), f"the list ends here, yet {', '.join(left)}")
        return None


def _rank(state: _Replay, *, stranded: bool) -> tuple[bool, int]:
    """How telling a dead end is, the most telling highest: one that met a call on a plain
    turn only says that this reading should have claimed a discard before, so any other
    ranks above it; then the one that played farthest."""
    return not stranded, state.events


def _left(seat: _Seat) -> str:
    """What a player has not played yet: "has 3 draws and 2 discards left"."""
    draws, discards = len(seat.draws) - seat.drawn_at, len(seat.discards) - seat.discarded_at
    counts = [f"{n} {word}{'s' * (n != 1)}" for n, word in ((draws, "draw"), (discards, "discard")) if n]
    return f"has {' and '.join(counts)} left"


def replay(seats: list[_Seat], dealer: int, where: Where) -> _Replay:
    """Play the round's draws and discards in turn order, the dealer first.

    A draw list says that a player called, not which discard: a pon of 1m may claim
    either of two 1m thrown by the same player. Each claim the lists allow is tried, and
    a reading that strands a call (a call met on a plain turn) or leaves tiles unplayed
    is given up for the next. If none plays to the end, the one that went farthest says
    where it broke: a log cut short names the list that ends too soon."""
    start = _Replay(seats, dealer, where)
    state = _play(start, dealer, claimed=False)
    if state is None:
        if not start.dead_ends:  # every reading stops with a reason: this is a safeguard
            raise where.error("the draws, calls and discards cannot be played in turn order")
        raise max(start.dead_ends, key=lambda dead_end: dead_end[0])[1]
    return state


def _play(state: _Replay, player: int, *, claimed: bool) -> _Replay | None:
    """Play on from ``player``'s turn (``claimed``: the turn began with a call, no draw)."""
    while True:
        seat = state.seats[player]
        if not claimed:
            item = seat.upcoming
            if item is None:
                return state.ended(player, "draws", seat.drawn_at)
            if isinstance(item, str):
                where = state.where.seat_list(player, "draws", seat.drawn_at)
                read_call(item, player, len(state.seats), where)
                # a call where no discard was made: another reading is right
                state.stop(where, f"{item!r} is a call, but no discard is there to claim", stranded=True)
                return None
            _draw(state, player)
        claimed = False
        if not _discard(state, player):
            return state.ended(player, "discards", seat.discarded_at)
        if seat.robbed_kan or seat.set_aside:
            continue  # a kan or a kita: its replacement is drawn next
        for claimant in _claimants(state, player):
            branch = state.copy()
            try:
                open_kan = _claim(branch, claimant)
                played = _play(branch, claimant, claimed=not open_kan)
            except LogError as wrong:  # this reading breaks: another may not
                state.dead_ends.append((_rank(branch, stranded=False), wrong))
                played = None
            if played is not None:
                return played
        player = (player + 1) % len(state.seats)


def _draw(state: _Replay, player: int) -> None:
    seat = state.seats[player]
    item = seat.draws[seat.drawn_at]
    if not (isinstance(item, int) and is_tile(item)):
        raise state.where.seat_list(player, "draws", seat.drawn_at).error(f"{item!r} is neither a tile nor a call")
    seat.drawn_at += 1
    state.events += 1
    seat.hand.append(item)
    seat.last_drawn = item
    seat.draws_made += 1
    state.draws += 1


def _claimants(state: _Replay, discarder: int) -> list[int]:
    """Who may have called the discard just made: a pon or open kan from anyone, a chi
    from the next player, as their draw lists say."""
    players = len(state.seats)
    tile = state.seats[discarder].last_discard
    found = []
    for step in range(1, players):
        other = (discarder + step) % players
        upcoming = state.seats[other].upcoming
        if isinstance(upcoming, str):
            meld = _upcoming_call(state, other, upcoming)
            if meld.called == tile and meld.claimed_from == discarder:
                found.append(other)
    return found


def _upcoming_call(state: _Replay, player: int, text: str) -> Meld:
    """The call that is ``player``'s next draw (a round looks at it after each discard until it is
    made: its place in the log is worked out only if it is wrong)."""
    meld = parse_call(text, player, len(state.seats))
    if isinstance(meld, str):
        raise state.where.seat_list(player, "draws", state.seats[player].drawn_at).error(meld)
    if meld.kind in ("added-kan", "closed-kan"):
        raise state.where.seat_list(player, "draws", state.seats[player].drawn_at).error(
            f"{text!r}: a kan of one's own stands among the discards, not the draws"
        )
    return meld


def _claim(state: _Replay, claimant: int) -> bool:
    """The claimant calls the last discard; True for an open kan (a replacement is drawn)."""
    seat = state.seats[claimant]
    where = state.where.seat_list(claimant, "draws", seat.drawn_at)
    meld = read_call(str(seat.upcoming), claimant, len(state.seats), where)
    seat.drawn_at += 1
    state.events += 1
    state.seats[meld.claimed_from].thrown_called = True
    _call(state, claimant, meld, where)
    if meld.kind != "open-kan":
        return False
    slot = seat.discards[seat.discarded_at] if seat.discarded_at < len(seat.discards) else None
    if slot != NO_DISCARD:
        raise state.where.seat_list(claimant, "discards", seat.discarded_at).error(
            "an open kan is followed by 0 (no discard)"
        )
    seat.discarded_at += 1
    seat.after_kan = True
    return True


def _call(state: _Replay, player: int, meld: Meld, where: Where) -> None:
    seat = state.seats[player]
    used = list(meld.tiles)
    if meld.kind == "added-kan":
        pon = next((m for m in seat.melds if m.kind == "pon" and kind_of(m.called) == kind_of(meld.called)), None)
        if pon is None:
            raise where.error("an added kan without its pon")
        seat.melds[seat.melds.index(pon)] = Meld("added-kan", meld.tiles, pon.called, pon.claimed_from)
        used = [meld.called]
    else:
        if meld.kind != "closed-kan":
            used.remove(meld.called)
        seat.melds.append(meld)
    for code in used:
        _take(seat, code, where)
    state.call_events = (*state.call_events, state.events)


def _take(seat: _Seat, code: int, where: Where) -> None:
    if code not in seat.hand:
        raise where.error(_not_held(code))
    seat.hand.remove(code)


def _not_held(code: int) -> str:
    return f"{code} ({tiles_text((code,))}) is not in the player's hand"


def _discard(state: _Replay, player: int) -> bool:
    """The player's next discard (or kan); False if the player has none left (a win). Where
    it stands in the log is worked out only for an error: a round has some 70 discards."""
    seat = state.seats[player]
    index = seat.discarded_at
    if index >= len(seat.discards):
        return False
    item = seat.discards[index]
    seat.discarded_at += 1
    state.events += 1
    state.last_thrower = player
    seat.robbed_kan = False
    seat.set_aside = False
    if seat.riichi_event >= 0:
        seat.discards_after_riichi += 1
    if isinstance(item, str) and item[:1] == KITA:
        _set_aside(seat, item, state.where.seat_list(player, "discards", index))
        return True
    if isinstance(item, str) and item[:1] != "r":
        where = state.where.seat_list(player, "discards", index)
        meld = read_call(item, player, len(state.seats), where)
        if meld.kind not in ("added-kan", "closed-kan"):
            raise where.error(f"{item!r}: only a kan (k, a) stands among the discards")
        _call(state, player, meld, where)
        seat.robbed_kan = True
        seat.after_kan = True
        seat.last_discard = meld.called if meld.kind == "added-kan" else meld.tiles[0]
        return True
    seat.after_kan = False
    riichi = isinstance(item, str)
    if isinstance(item, str):
        if not item[1:].isdigit():
            raise state.where.seat_list(player, "discards", index).error(f"{item!r}: r is followed by a tile")
        item = int(item[1:])
    if item == TSUMOGIRI:
        item = seat.last_drawn
    if not (isinstance(item, int) and is_tile(item)):
        raise state.where.seat_list(player, "discards", index).error(f"{item!r} is not a tile")
    if item not in seat.hand:
        raise state.where.seat_list(player, "discards", index).error(_not_held(item))
    seat.hand.remove(item)
    if riichi:
        seat.riichi_event = state.events
        seat.riichi_first = seat.discarded_at == 1
        seat.discards_after_riichi = 0
    seat.last_discard = item
    seat.thrown.append(item)
    return True


def _set_aside(seat: _Seat, item: str, where: Where) -> None:
    """A North set aside (sanma's kita, ``f44``): out of the hand, a replacement drawn next. It
    is no discard: nobody calls it, though a winner may take it (a ron on 4z)."""
    if item[1:] != str(NORTH):
        raise where.error(f"{item!r}: only a North (f{NORTH}) is set aside")
    _take(seat, NORTH, where)
    seat.kita += 1
    seat.set_aside = True
    seat.after_kan = True
    seat.last_discard = NORTH


# --- reading a log -----------------------------------------------------------------


LOG_LIMIT: Final = 1 << 20  # characters of one game's JSON: a whole East-South game is some 20,000


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class LogText(Value):
    """One game of a file as read, not decoded yet: the number of its first line, its JSON
    text, whether it has a line of its own among other games (the file holds one game per
    line, and several), and why it cannot be read, if reading the file said so already (a
    line or a document too long)."""

    first: int
    text: str
    own_line: bool
    problem: str = ""

    def name(self, source: str) -> str:
        """The game as messages name it: the file, with the game's line if it has one of its own."""
        return f"{source}:{self.first}" if self.own_line else source


def split_logs(lines: Iterable[str | Overlong]) -> Iterator[LogText]:
    """The games of a file (its lines as ``scoring.read_lines`` gives them), in order. A file
    whose first line that holds something is JSON on its own (or whose next is a whole log)
    holds one game per line, blank lines between them skipped; any other file is one game,
    which may span many lines (pretty-printed). A file with nothing in it is one empty game."""
    numbered = enumerate(lines, 1)
    read: list[str | Overlong] = []  # the lines read so far, from the first
    for _, line in numbered:
        # a byte-order mark may start the file
        kept = line.removeprefix("\ufeff") if not read and isinstance(line, str) else line
        read.append(kept)
        if not isinstance(kept, str) or kept.strip():
            break
    if not read or not any(isinstance(line, Overlong) or line.strip() for line in read):
        yield LogText(1, "", False)
        return
    first = read[-1]
    if isinstance(first, str) and (_whole(first) or _next_is_a_log(read, numbered)):
        yield from _per_line(chain(enumerate(read, 1), numbered))
    else:
        yield _document(chain(enumerate(read, 1), numbered))


def _whole(line: str) -> bool:
    """Whether a line is JSON on its own."""
    try:
        json.loads(line)
    except json.JSONDecodeError:
        return False
    return True


def _next_is_a_log(read: list[str | Overlong], numbered: Iterator[tuple[int, str | Overlong]]) -> bool:
    """Whether the next line that holds something is a log on its own: a file of one game per
    line whose first line is not JSON. The lines it reads are added to ``read``."""
    for _, line in numbered:
        read.append(line)
        if isinstance(line, Overlong):
            return False
        if line.strip():
            try:
                document = json.loads(line)
            except json.JSONDecodeError:
                return False
            return isinstance(document, dict) and "log" in document
    return False


def _per_line(numbered: Iterator[tuple[int, str | Overlong]]) -> Iterator[LogText]:
    """Each line that holds something a game, named by its line unless it is the file's only one."""
    games = (log for log in (_line_log(number, line) for number, line in numbered) if log is not None)
    one = next(games, None)
    two = next(games, None)
    if one is None or two is None:
        yield one if one is not None else LogText(1, "", False)
        return
    yield from (LogText(log.first, log.text, True, log.problem) for log in chain((one, two), games))


def _line_log(number: int, line: str | Overlong) -> LogText | None:
    """The game on a line (None: the line is blank)."""
    if isinstance(line, Overlong):
        return LogText(number, "", False, _overlong(line.size, "the line"))
    if len(line) > LOG_LIMIT:
        return LogText(number, "", False, _too_long(f"the line holds {len(line):,} characters"))
    return LogText(number, line, False) if line.strip() else None


def _document(numbered: Iterator[tuple[int, str | Overlong]]) -> LogText:
    """The file as one game, from its first line."""
    held: list[str] = []
    size = 0
    for number, line in numbered:
        if isinstance(line, Overlong):
            return LogText(1, "", False, _overlong(line.size, f"line {number}"))
        held.append(line)
        size += len(line)
        if size > LOG_LIMIT:
            return LogText(1, "", False, _too_long(f"the file holds {size:,} characters by line {number}"))
    return LogText(1, "".join(held), False)


def _too_long(found: str) -> str:
    return f"{found}: more than a game's log ever holds ({LOG_LIMIT:,} characters at most)"


def _overlong(size: int, what: str) -> str:
    return f"{what} holds {size:,} bytes: more than a line of a log ever does ({LINE_LIMIT:,} bytes at most)"


def decode_log(log: LogText, source: str) -> object:
    """A game's JSON, decoded; ``LogError`` (naming the file, and the line and column) if it is not JSON."""
    where = Where(log.name(source))
    if log.problem:
        raise where.error(log.problem)
    if not log.text.strip():
        raise where.error("empty: no log")
    bad = UNDECODED.search(log.text)
    if bad is not None:
        line = log.text.count("\n", 0, bad.start()) + log.first
        column = bad.start() - log.text.rfind("\n", 0, bad.start())
        byte = ord(bad.group()) - 0xDC00
        raise where.error(not_utf8(byte, f"column {column}" if log.own_line else f"line {line}, column {column}"))
    try:
        return json.loads(log.text)
    except json.JSONDecodeError as wrong:
        if log.own_line:
            raise where.error(f"not JSON: {wrong.msg} at column {wrong.colno}") from None
        at = f"line {wrong.lineno + log.first - 1}, column {wrong.colno}"
        raise where.error(f"not JSON: {wrong.msg} at {at}") from None


def read_games(text: str, source: str) -> list[Game]:
    """Every game of a file's text: one JSON log, or one log per line; ``LogError`` at the
    first that cannot be read."""
    logs = split_logs(line + "\n" for line in text.split("\n"))
    return [read_game(decode_log(log, source), log.name(source)) for log in logs]


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameLog(Value):
    """A game's log whose rounds are not read yet: each is read on its own (``round``), so
    that one that cannot be read does not keep the others from being checked."""

    source: str
    players: tuple[str, ...]
    rules: Rules
    entries: tuple[object, ...]  # the log's rounds, as decoded
    final: tuple[int, ...]  # as ``Game.final``
    final_scores: tuple[int, ...]  # as ``Game.final_scores``

    def round(self, index: int) -> Round:
        """The round at ``index`` of the log (0 first); ``LogError`` if it cannot be read."""
        where = Where(self.source, index + 1, f"log[{index}]")
        return read_round(self.entries[index], where, self.rules)

    def game(self, rounds: tuple[Round, ...]) -> Game:
        """The game of these of its rounds (all, or those that could be read)."""
        rules = self.rules
        return Game(
            self.source,
            self.players,
            rounds,
            rules.ruleset,
            rules.words,
            rules.length,
            self.final,
            self.final_scores,
        )


def read_log(document: object, source: str) -> GameLog:
    """A game from its decoded JSON: its players and rules read, its rounds not yet."""
    where = Where(source)
    if not isinstance(document, dict) or not isinstance(document.get("log"), list):
        raise where.error('not a Tenhou log: a JSON object with "log", a list of rounds, expected')
    names = document.get("name", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise where.at('"name"').error("a list of player names expected")
    rules = read_rules(document.get("rule", {}), where.at('"rule"'))
    players = 3 if rules.ruleset == "sanma" else SEATS
    sc = _sc(document, players)
    final = tuple(int(v) for v in sc[0::2])
    scores = tuple(round(v * 1000) for v in sc[1::2])
    return GameLog(source, tuple(names[:players]), rules, tuple(document["log"]), final, scores)


def read_game(document: object, source: str) -> Game:
    """One game from its decoded JSON, every round read."""
    log = read_log(document, source)
    return log.game(tuple(log.round(i) for i in range(len(log.entries))))


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Rules(Value):
    """A log's rules as its rule field says: the rule set, the words a hand line needs, the length."""

    ruleset: str  # riichi or sanma
    words: tuple[str, ...]  # preset=tenhou, then aka=off, kuitan=off where the lobby says so
    length: str  # east or east-south
    red: bool  # red fives are dealt (off: the words hold aka=off)


def read_rules(rule: object, where: Where) -> Rules:
    """The log's rules from its rule field: three players (三 first in ``disp``), red fives
    (``aka``, ``aka51``-``aka53``, or 赤 in ``disp``), open tanyao (喰), East only (東)."""
    if not isinstance(rule, dict):
        raise where.error("an object expected")
    unknown = sorted(set(rule) - RULE_KEYS)
    if unknown:
        raise where.error(f"unknown rule field {unknown[0]!r} (known: {', '.join(sorted(RULE_KEYS))})")
    disp = rule.get("disp", "")
    if not isinstance(disp, str):
        raise where.error('"disp" is a text')
    reds = [rule.get(key, 0) for key in ("aka", "aka51", "aka52", "aka53")]
    if not all(isinstance(n, int) for n in reds):
        raise where.error("red fives are counted with numbers")
    words = ["preset=tenhou"]
    red = any(reds) or "赤" in disp
    if not red:
        words.append("aka=off")
    if disp and "喰" not in disp:
        words.append("kuitan=off")
    ruleset = "sanma" if disp.startswith("三") else "riichi"
    return Rules(ruleset, tuple(words), "east" if "東" in disp else "east-south", red)


def _sc(document: dict[str, object], players: int) -> list[float]:
    """Tenhou's ``sc`` of the players at the table: each one's points at the game's end, then
    final score with oka and uma in thousands (43.1); none where the log has no such list."""
    sc = document.get("sc")
    if not isinstance(sc, list) or len(sc) < 2 * players or not all(isinstance(v, (int, float)) for v in sc):
        return []
    return [float(v) for v in sc[: 2 * players]]


def _int_list(value: object, size: int | None, where: Where, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise where.error(f"{what}: a list of numbers expected")
    if size is not None and len(value) != size:
        raise where.error(f"{what}: {size} numbers expected, {len(value)} given")
    return list(value)


def read_round(entry: object, where: Where, rules: Rules) -> Round:
    if not isinstance(entry, list) or len(entry) != 17:
        raise where.error("a round of 17 items expected (its state, scores, dora, ura, 3 per player, result)")
    number, honba, sticks = _int_list(entry[0], 3, where.at(f"{where.path}[0]"), "round, honba, sticks")
    if not (honba >= 0 and sticks >= 0):
        raise where.at(f"{where.path}[0]").error(
            f"round, honba, sticks: [{number}, {honba}, {sticks}]: honba and sticks are not below 0"
        )
    scores = _int_list(entry[1], SEATS, where.at(f"{where.path}[1]"), "scores")
    dora = _indicators(entry[2], where.at(f"{where.path}[2]"))
    ura = _indicators(entry[3], where.at(f"{where.path}[3]"))
    seats = _seats(entry, where, 3 if rules.ruleset == "sanma" else SEATS)
    players = len(seats)
    dealer = number % SEATS
    if number < 0 or dealer >= players or number // SEATS >= len(WINDS):
        raise where.at(f"{where.path}[0]").error(f"no round {number} at a table of {players}")
    name = f"{WINDS[number // SEATS]}{dealer + 1}-{honba}"
    held = tile_set(rules.ruleset, rules.red)
    if not _within_set(dora, ura, seats, held):
        _check_copies(_tiles_in_play(dora, ura, seats, dealer, where), held, rules.red)
    state = replay(seats, dealer, where)
    result = entry[16]
    result_where = where.at(f"{where.path}[16]")
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise result_where.error("a result expected: a word, then its details")
    word = result[0]
    wins: list[Win] = []
    if word == WIN:
        context = _RoundContext(number, name, honba, sticks, dora, ura, rules, state)
        wins = _wins(result, context, result_where)
        deltas = [sum(column) for column in zip(*(win.deltas for win in wins), strict=True)]
        kind = "win"
    elif word in DRAWS or word in ABORTS:
        deltas = [0] * SEATS
        for item in result[1:]:
            changes = _int_list(item, SEATS, result_where, "point changes")
            deltas = [a + b for a, b in zip(deltas, changes, strict=True)]
        kind = DRAWS.get(word, "abort")
    else:
        known = ", ".join([WIN, *DRAWS, *ABORTS])
        raise result_where.error(f"unknown result {word!r} (known: {known})")
    ronned = _ronned(state, wins, word)
    return Round(
        number=where.round_number,
        name=name,
        wind=number // SEATS,
        dealer=dealer,
        honba=honba,
        sticks=sticks,
        scores=tuple(scores[:players]),
        result=word,
        kind=kind,
        deltas=tuple(deltas[:players]),
        wins=tuple(wins),
        declared=_declarers(state, ronned),
        holdings=tuple(_holding(seat) for seat in state.seats),
        wall_left=LIVE_WALL[players] - state.draws,
    )


def _seats(entry: list[object], where: Where, players: int) -> list[_Seat]:
    """Each player's starting hand, draws and discards (a three-player log's fourth seat empty)."""
    seats = []
    for player in range(SEATS):
        hand, draws, discards = entry[4 + 3 * player : 7 + 3 * player]
        hand_where = where.at(f"{where.path}[{4 + 3 * player}]")
        tiles = _int_list(hand, None, hand_where, f"starting hand of player {player}")
        if not isinstance(draws, list) or not isinstance(discards, list):
            raise hand_where.error(f"draws and discards of player {player}: lists expected")
        if player >= players:
            if tiles or draws or discards:
                raise hand_where.error(
                    f"the rule field says three players (三): player {player}'s lists are empty in such a log"
                )
            continue
        if not tiles and player == SEATS - 1:
            raise hand_where.error("player 3 has no starting hand: a three-player log says so in its rule field (三)")
        if not all(is_tile(t) for t in tiles) or len(tiles) != 13:
            raise hand_where.error(f"starting hand of player {player}: 13 tiles expected")
        seats.append(_Seat(tiles, list(draws), list(discards), []))
    return seats


def _within_set(dora: tuple[int, ...], ura: tuple[int, ...], seats: list[_Seat], held: Mapping[int, int]) -> bool:
    """Whether no tile is in play more often than the set holds it (``held``, as ``tile_set``):
    the count alone, quick, as nearly every round passes; ``_check_copies`` finds the one too many."""
    codes = [*dora, *ura]
    for seat in seats:
        codes += seat.hand
        codes += [d for d in seat.draws if isinstance(d, int) and d in TILE_CODES]
    seen = Counter(codes)
    kinds: Counter[int] = Counter()
    for code, count in seen.items():
        kinds[kind_of(code)] += count
    kinds_held = all(count <= held.get(kind, 0) for kind, count in kinds.items())
    return kinds_held and all(count <= held.get(code, 0) for code, count in seen.items() if code > 50)


def _tiles_in_play(
    dora: tuple[int, ...], ura: tuple[int, ...], seats: list[_Seat], dealer: int, where: Where
) -> Iterator[tuple[Where, int]]:
    """Every tile a round puts in play and where it stands in the log, about as they come into
    play: the starting hands, the dora indicators, the draws turn by turn from the dealer (each
    player's first, then each one's second ...), the ura indicators. A call's tiles are a
    discard's or the hand's, counted already."""
    for player, seat in enumerate(seats):
        column = 4 + 3 * player
        for i, code in enumerate(seat.hand):
            path = f"{where.path}[{column}][{i}]"
            yield Where(where.source, where.round_number, path, f"starting hand of player {player}, tile {i + 1}"), code
    yield from _indicators_in_play(dora, 2, "dora", where)
    order = [(dealer + step) % len(seats) for step in range(len(seats))]
    for i in range(max(len(seat.draws) for seat in seats)):
        for player in order:
            draws = seats[player].draws
            item = draws[i] if i < len(draws) else None
            if isinstance(item, int) and is_tile(item):  # else a call, or no tile (told when played)
                yield where.seat_list(player, "draws", i), item
    yield from _indicators_in_play(ura, 3, "ura", where)


def _indicators_in_play(codes: tuple[int, ...], column: int, which: str, where: Where) -> Iterator[tuple[Where, int]]:
    for i, code in enumerate(codes):
        path = f"{where.path}[{column}][{i}]"
        yield Where(where.source, where.round_number, path, f"{which} indicators, item {i + 1}"), code


ORDINALS: Final = ("no", "first", "second", "third", "fourth", "fifth")
COUNTS: Final = ("none", "one", "two", "three", "four")


def _check_copies(tiles: Iterable[tuple[Where, int]], held: Mapping[int, int], red: bool) -> None:
    """No tile in play more often than the set holds it (``held``, as ``tile_set``): the copy
    one too many is told where it stands. Tenhou deals no red five in a lobby without them, so
    one in such a log is as wrong as a fifth copy."""
    seen: Counter[int] = Counter()
    for where, code in tiles:
        kind = kind_of(code)
        seen[kind] += 1
        if seen[kind] > held.get(kind, 0):
            name = tiles_text((kind,))
            if not held.get(kind, 0):
                raise where.error(f"{name} in play: a three-player set has no 2m-8m")
            red_five = FIVES_RED.get(kind, 0)
            counted = " (a red five counts as its five)" if held.get(red_five, 0) or code != kind else ""
            raise where.error(f"a {ORDINALS[seen[kind]]} {name} in play{counted}: the set holds four")
        if code == kind:
            continue
        seen[code] += 1
        if seen[code] > held.get(code, 0):
            name = tiles_text((code,))
            if not red:
                raise where.error(f"a red five ({name}) in a game without them (the rule field: no 赤, no aka)")
            most = held.get(code, 0)
            raise where.error(f"a {ORDINALS[seen[code]]} red five ({name}) in play: the set holds {COUNTS[most]}")


def _ronned(state: _Replay, wins: list[Win], word: str) -> int:
    """The player whose discard was won on (or, three rons, made an abortive draw); -1 for none."""
    if word == WIN and wins and not wins[0].tsumo:
        return wins[0].discarder
    if ABORTS.get(word) == "triple-ron":
        return state.last_thrower
    return -1


def _holding(seat: _Seat) -> Holding:
    return Holding(
        tuple(seat.hand), tuple(seat.melds), seat.kita, tuple(seat.thrown), seat.thrown_called, seat.riichi_event >= 0
    )


def _indicators(value: object, where: Where) -> tuple[int, ...]:
    codes = _int_list(value, None, where, "indicators")
    if not all(is_tile(t) for t in codes) or len(codes) > 5:
        raise where.error("indicators: at most five tiles expected")
    return tuple(codes)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class _RoundContext(Value):
    number: int
    name: str
    honba: int
    sticks: int
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    rules: Rules
    state: _Replay


def _wins(result: list[object], context: _RoundContext, where: Where) -> list[Win]:
    details = result[1:]
    if not details or len(details) % 2:
        raise where.error("a win is followed by pairs of point changes and details")
    # each win's point changes, then its details: items 1 and 2 of the result, 3 and 4 ...
    places = [where.at(f"{where.path}[{i}]") for i in range(1, len(details) + 1)]
    players = len(context.state.seats)
    read = [
        _win_details(details[i], details[i + 1], players, places[i], places[i + 1]) for i in range(0, len(details), 2)
    ]
    # Several winners on one discard: the sticks go to the first after the discarder. (An
    # index, not `is`: compiled, a tuple is rebuilt where it is passed, so identity fails.)
    nearest = min(range(len(read)), key=lambda i: (read[i][1][0] - read[i][1][1]) % players)
    return [
        _win(context, who, deltas, texts, places[2 * i + 1], takes_sticks=i == nearest)
        for i, (deltas, who, texts) in enumerate(read)
    ]


def _win_details(
    deltas_item: object, info: object, players: int, deltas_where: Where, where: Where
) -> tuple[tuple[int, ...], tuple[int, int, int], list[str]]:
    """A win's point changes (of the players at the table), (winner, won from, liable) and texts, checked."""
    deltas = _int_list(deltas_item, SEATS, deltas_where, "point changes")[:players]
    if not isinstance(info, list) or len(info) < 4 or not all(isinstance(v, int) for v in info[:3]):
        raise where.error("a win's details: winner, from, liable, score text, yaku")
    if not all(isinstance(v, str) for v in info[3:]):
        raise where.error("a win's score text and yaku are texts")
    winner, source, liable = (int(v) for v in info[:3])
    if not all(0 <= v < players for v in (winner, source, liable)):
        raise where.error(f"a win's players are numbered 0 to {players - 1}")
    return tuple(deltas), (winner, source, liable), [str(v) for v in info[3:]]


def _win(
    context: _RoundContext,
    who: tuple[int, int, int],
    deltas: tuple[int, ...],
    texts: list[str],
    where: Where,
    *,
    takes_sticks: bool,
) -> Win:
    """The winner's hand as the replay left it; ``who``: the winner, the player won from
    (the winner for a tsumo) and the liable player (the winner for none); ``where``: the
    win's details in the log."""
    winner, source, liable = who
    state = context.state
    seat = state.seats[winner]
    tsumo = source == winner
    concealed = list(seat.hand)
    winning = seat.last_drawn if tsumo else state.seats[source].last_discard
    _check_winner(seat, winner, source, where)
    if tsumo:
        concealed.remove(winning)
    dealer = state.dealer
    riichi = seat.riichi_event >= 0
    players = len(state.seats)
    return Win(
        round_number=state.where.round_number,
        round_name=context.name,
        winner=winner,
        dealer=dealer,
        discarder=-1 if tsumo else source,
        pao=-1 if liable == winner else liable,
        seat=WINDS[(winner - dealer) % players],
        discarder_seat=WINDS[(source - dealer) % players],
        pao_seat=WINDS[(liable - dealer) % players],
        round_wind=WINDS[context.number // SEATS],
        honba=context.honba,
        sticks=context.sticks + len(_declarers(state, -1 if tsumo else source)) if takes_sticks else 0,
        concealed=tuple(concealed),
        melds=tuple(seat.melds),
        winning_tile=winning,
        situations=_situations(state, winner, source, tsumo),
        dora=context.dora,
        ura=context.ura if riichi else (),
        rules=context.rules.words,
        ruleset=context.rules.ruleset,
        deltas=deltas,
        points=texts[0],
        yaku=tuple(texts[1:]),
        kita=seat.kita,
    )


def _check_winner(seat: _Seat, winner: int, source: int, where: Where) -> None:
    """The winner's hand as the replay left it must be a winning hand's size: 14 tiles (a
    call counted as 3) the last drawn among them for a tsumo, 13 for a ron. A log cut short
    (the winner's lists end before their win) or a result naming the wrong player fails."""
    tsumo = winner == source
    held = len(seat.hand) + 3 * len(seat.melds)
    size = 14 if tsumo else 13
    how = "by tsumo" if tsumo else f"on player {source}'s discard"
    if held != size:
        raise where.error(
            f"player {winner} wins {how} holding {held} tiles (a call counted as 3), not {size}: "
            "the log is cut short, or the result names another winner"
        )
    if tsumo and seat.last_drawn not in seat.hand:
        raise where.error(f"player {winner} wins by tsumo, but the tile they drew last is not in their hand")


def _declarers(state: _Replay, ronned: int) -> tuple[int, ...]:
    """Whose riichi sticks reached the table this round: every declarer's, but for a riichi
    whose declaring discard was won on (``ronned``: whose discard was; -1 for none), which is
    void."""
    found = []
    for player, seat in enumerate(state.seats):
        void = player == ronned and seat.discards_after_riichi == 0
        if seat.riichi_event >= 0 and not void:
            found.append(player)
    return tuple(found)


def _situations(state: _Replay, winner: int, source: int, tsumo: bool) -> tuple[str, ...]:
    seat = state.seats[winner]
    calls = state.call_events
    words = []
    if seat.riichi_event >= 0:
        first = seat.riichi_first and not any(e < seat.riichi_event for e in calls)
        words.append("double-riichi" if first else "riichi")
        if seat.discards_after_riichi == 0 and not any(e > seat.riichi_event for e in calls):
            words.append("ippatsu")
    last_tile = state.draws == LIVE_WALL[len(state.seats)]
    if tsumo:
        if seat.after_kan:
            words.append("rinshan")
        elif last_tile:
            words.append("haitei")
        if seat.draws_made == 1 and seat.discarded_at == 0 and not calls:
            words.append("tenhou" if winner == state.dealer else "chiihou")
    elif state.seats[source].robbed_kan:
        words.append("chankan")
    elif last_tile:
        words.append("houtei")
    return tuple(words)
