"""Read Tenhou's own XML game log (mjlog) as the tenhou.net/6 JSON document ``tenhou.read_game``
reads, so that replaying, rebuilding and checking are shared by both forms.

An mjlog is ``<mjloggm ver=...>`` and one element per event, in the order played: ``GO``
(the lobby's rules as bits of ``type``), ``UN`` (the names, URL-encoded), then for each round
``INIT`` (``seed``: round, honba, sticks, two dice, the dora indicator; ``ten``: points in
hundreds; ``hai0``-``hai3``: the starting hands), draws ``T`` ``U`` ``V`` ``W`` and discards
``D`` ``E`` ``F`` ``G`` (one letter a player) followed by a tile id, ``N`` (a call, its tiles
packed in the bits of ``m``), ``REACH`` (step 1 before the declaring discard, 2 once it
stands), ``DORA`` (a kan's indicator), and the round's end: ``AGARI`` (one per winner) or
``RYUUKYOKU``. The last end carries ``owari``, the final points. A tile id is 0-135: four
copies of each of the 34 tiles (man, pin, sou, then East to Red); with red fives, the first
copy of each five (ids 16, 52, 88) is the red one.

A file downloaded from Tenhou is often gzip-compressed: ``log_text`` looks at the
first two bytes.
"""

from __future__ import annotations

import gzip
import io
import re
import zlib
from dataclasses import dataclass, field
from typing import IO, Final, cast
from urllib.parse import unquote
from xml.etree import ElementTree

from mjscore.logs.tenhou import (
    NO_DISCARD,
    SEATS,
    TSUMOGIRI,
    WIN,
    Game,
    LogText,
    Where,
    code_of_kind,
    decode_log,
    read_game,
    read_games,
)
from mjscore.values import Value

GZIP_MAGIC: Final = b"\x1f\x8b"
ROOT: Final = "mjloggm"
# A draw or discard element: its letter (player 0's first) and the tile id.
MOVE: Final = re.compile(r"([TUVWDEFG])(\d+)")
DRAW_LETTERS: Final = "TUVW"
RED_IDS: Final = {16: 51, 52: 52, 88: 53}  # the red five's id -> its code in the JSON form
NORTH_KIND: Final = 30  # the tile kind (id // 4) of North

# GO's type bits (the lobby's rules).
NO_RED: Final = 0x02
NO_OPEN_TANYAO: Final = 0x04
EAST_SOUTH: Final = 0x08
THREE_PLAYERS: Final = 0x10
FAST: Final = 0x40
ROOMS: Final = "般上特鳳"  # by the bits 0x20 (low) and 0x80 (high)

# Tenhou's yaku by their number in AGARI's ``yaku`` and ``yakuman``, as its JSON names them.
YAKU_NAMES: Final = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
    "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和",
    "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈",
    "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ", "抜きドラ",
)  # fmt: skip
URA: Final = 53
LIMITS: Final = ("", "満貫", "跳満", "倍満", "三倍満", "役満")  # by ``ten``'s third number
# RYUUKYOKU's ``type`` -> the JSON form's word; no type is an exhaustive draw.
DRAW_TYPES: Final = {
    "yao9": "九種九牌",
    "reach4": "四家立直",
    "ron3": "三家和了",
    "kan4": "四槓散了",
    "kaze4": "四風連打",
    "nm": "流し満貫",
}


def is_mjlog(text: str) -> bool:
    """Whether a file's text is in this form (an XML document, not JSON)."""
    return text.lstrip("\ufeff \t\r\n").startswith("<")


def read_log_bytes(raw: bytes, source: str) -> list[Game]:
    """Every game of a log file's bytes, in either form: an mjlog (detected by its content,
    gzip-compressed or not), else the tenhou.net/6 JSON form (``tenhou.read_games``).
    Text that is not UTF-8 raises UnicodeDecodeError, as reading a file as text does."""
    text = log_text(raw, source)
    return read_mjlog(text, source) if is_mjlog(text) else read_games(text, source)


def log_text(raw: bytes, source: str) -> str:
    """A file's text, gunzipped first if it is gzip-compressed (as Tenhou serves mjlogs)."""
    if raw.startswith(GZIP_MAGIC):
        try:
            raw = gzip.decompress(raw)
        except UNZIP_ERRORS as broken:
            raise Where(source).error(f"a gzip file that cannot be read: {broken}") from None
    return raw.decode("utf-8")


UNZIP_ERRORS: Final = (OSError, EOFError, zlib.error)  # what reading a spoilt gzip file raises


def opened_log(stream: IO[bytes]) -> IO[bytes]:
    """A log file's stream as read line by line (``mjscore log``): gunzipped as it is read if
    it starts as a gzip file does; reading it may then raise ``UNZIP_ERRORS``."""
    if isinstance(stream, io.BufferedReader) and stream.peek(len(GZIP_MAGIC))[: len(GZIP_MAGIC)] == GZIP_MAGIC:
        return cast(IO[bytes], gzip.GzipFile(fileobj=stream))  # read as any binary file is
    return stream


def decoded_log(log: LogText, source: str) -> object:
    """A game's document, from either form: an mjlog converted (``mjlog_document``), else
    ``tenhou.decode_log``'s JSON."""
    if not log.problem and is_mjlog(log.text):
        return mjlog_document(log.text, log.name(source))
    return decode_log(log, source)


def read_mjlog(text: str, source: str) -> list[Game]:
    """The game an mjlog holds (one a file)."""
    return [read_game(mjlog_document(text, source), source)]


def mjlog_document(text: str, source: str) -> dict[str, object]:
    """The tenhou.net/6 document (as ``json.loads`` would give it) of an mjlog's text."""
    where = Where(source)
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as bad:
        line, column = bad.position
        reason = str(bad).split(":")[0]
        raise where.error(f"not XML: {reason} at line {line}, column {column + 1}") from None
    if root.tag != ROOT:
        raise where.error(f"not a Tenhou mjlog: <{ROOT}> expected, <{root.tag}> found")
    game = _GameBuilder(where)
    for index, element in enumerate(root):
        game.take(element, where.at(f"element {index + 1} <{element.tag}>"))
    return game.document()


def _numbers(element: ElementTree.Element, name: str, where: Where, *, required: bool = True) -> list[int]:
    value = element.get(name)
    if value is None:
        if required:
            raise where.error(f"no {name}= attribute")
        return []
    try:
        return [int(v) for v in value.split(",") if v != ""]
    except ValueError:
        raise where.error(f"{name}={value!r}: numbers separated by commas expected") from None


def _final(value: str, where: Where) -> list[float]:
    try:
        return [float(v) for v in value.split(",")]
    except ValueError:
        raise where.error(f"owari={value!r}: numbers separated by commas expected") from None


def tile_code(tile: int, red: bool) -> int:
    """A tile id (0-135) as the JSON form's code: 11-19 man, 21-29 pin, 31-39 sou, 41-47 East
    to Red, 51-53 the red fives."""
    if red and tile in RED_IDS:
        return RED_IDS[tile]
    return code_of_kind(tile // 4)


def _hand_order(code: int) -> int:
    """Tenhou's order of a starting hand: a red five after the plain fives, before the sixes."""
    return code * 10 if code < 50 else (code - 50) * 100 + 51


def rule_of(kind: int) -> dict[str, object]:
    """GO's type as the JSON form's rule field: ``disp`` (三 three players, the room, 東 or
    南, 喰 open tanyao, 赤 red fives, 速 fast) and the red fives."""
    red = not kind & NO_RED
    room = ROOMS[(kind & 0x20) >> 5 | (kind & 0x80) >> 6]
    disp = ("三" if kind & THREE_PLAYERS else "") + room + ("南" if kind & EAST_SOUTH else "東")
    disp += ("" if kind & NO_OPEN_TANYAO else "喰") + ("赤" if red else "") + ("速" if kind & FAST else "")
    reds = 1 if red else 0
    return {"disp": disp, "aka53": reds, "aka52": reds, "aka51": reds}


# --- calls -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Call(Value):
    """A call decoded from N's ``m``: its kind (chi, pon, added-kan, open-kan, closed-kan,
    kita), its tile ids, the id called (or added, for an added kan) and how many seats on
    from the caller the tile came (1 the next player, 2 opposite, 3 the one before; 0 one's own)."""

    kind: str
    tiles: tuple[int, ...]
    called: int
    offset: int


def decode_call(m: int) -> Call:
    """N's ``m`` read: the low two bits say whom from, bit 2 a chi, bit 3 a pon, bit 4 an
    added kan, bit 5 a North set aside; otherwise a kan, its called id in the top bits."""
    offset = m & 3
    if m & 0x4:  # chi: base run and which of its three was called, then each tile's copy
        packed = m >> 10
        which, run = packed % 3, packed // 3
        first = (run // 7) * 9 + run % 7
        tiles = tuple((first + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
        return Call("chi", tiles, tiles[which], offset)
    if m & 0x18:  # pon or added kan: the kind, which of the three was called, the fourth copy
        packed = m >> 9
        which, kind = packed % 3, packed // 3
        fourth = kind * 4 + ((m >> 5) & 3)
        three = tuple(t for t in range(kind * 4, kind * 4 + 4) if t != fourth)
        if m & 0x8:
            return Call("pon", three, three[which], offset)
        return Call("added-kan", (*three, fourth), fourth, offset)
    if m & 0x20:
        return Call("kita", (m >> 8,), m >> 8, 0)
    called = m >> 8
    kind = called // 4
    tiles = tuple(range(kind * 4, kind * 4 + 4))
    return Call("open-kan" if offset else "closed-kan", tiles, called, offset)


def call_text(call: Call, caller: int, players: int, red: bool) -> str:
    """A call as the JSON form writes it: the tiles as codes, a letter (c p m k a) standing
    where the seat it came from says (first: the player on the left; second: opposite;
    last: on the right, as at a table of four), the called tile right after it. ``m``'s
    offset counts seats at a table of four in a three-player game too, its fourth seat empty
    (player 2's pon of player 1's discard has offset 3); ``players`` says which seats are
    taken: a call from an empty one raises ValueError."""
    if call.kind == "kita":
        return "f44"
    others = [tile_code(t, red) for t in sorted(call.tiles) if t != call.called]
    called = str(tile_code(call.called, red))
    if call.kind == "closed-kan":
        codes = [str(tile_code(t, red)) for t in sorted(call.tiles)]
        return "".join(codes[:3]) + "a" + codes[3]
    if call.kind == "chi":
        return "c" + called + "".join(map(str, others))
    source = (caller + call.offset) % SEATS
    if source >= players:
        raise ValueError(f"a call from seat {source}, which is empty in a game of {players} players")
    steps_back = (caller - source) % SEATS  # 1 left, 2 opposite, 3 right
    if call.kind == "added-kan":  # the pon as it was, "k" and the added tile where its "p" stood
        pon = decode_call_pon(call)
        return call_text(pon, caller, players, red).replace("p", "k" + called)
    letter = "m" if call.kind == "open-kan" else "p"
    place = {1: 0, 2: 1, 3: len(others)}[steps_back]
    codes = [str(c) for c in others]
    return "".join(codes[:place]) + letter + called + "".join(codes[place:])


def decode_call_pon(call: Call) -> Call:
    """The pon an added kan grew from: its three tiles and the one called then (the first:
    which of them was called leaves the text alike but for a red five)."""
    three = call.tiles[:3]
    return Call("pon", three, three[0], call.offset)


# --- rounds ------------------------------------------------------------------------


@dataclass(slots=True)
class _RoundBuilder:
    """One round as the JSON form lists it, filled event by event."""

    red: bool
    players: int
    dealer: int
    state: list[int]  # round, honba, sticks
    scores: list[int]
    dora: list[int]
    hands: list[list[int]]
    draws: list[list[object]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    discards: list[list[object]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    last_drawn: list[int] = field(default_factory=lambda: [-1] * SEATS)
    declaring: list[bool] = field(default_factory=lambda: [False] * SEATS)
    ura: list[int] = field(default_factory=list)
    result: list[object] = field(default_factory=list)

    def draw(self, player: int, tile: int) -> None:
        self.draws[player].append(tile_code(tile, self.red))
        self.last_drawn[player] = tile

    def discard(self, player: int, tile: int) -> None:
        code: int = TSUMOGIRI if tile == self.last_drawn[player] else tile_code(tile, self.red)
        self.discards[player].append(f"r{code}" if self.declaring[player] else code)
        self.declaring[player] = False
        self.last_drawn[player] = -1

    def call(self, player: int, call: Call) -> None:
        text = call_text(call, player, self.players, self.red)
        self.last_drawn[player] = -1
        if call.kind in ("closed-kan", "added-kan", "kita"):
            self.discards[player].append(text)  # made on one's own turn: among the discards
            return
        self.draws[player].append(text)
        if call.kind == "open-kan":
            self.discards[player].append(NO_DISCARD)  # a replacement is drawn, no discard

    def entry(self) -> list[object]:
        seats: list[object] = []
        for player in range(SEATS):
            seats += [sorted(self.hands[player], key=_hand_order), self.draws[player], self.discards[player]]
        return [self.state, self.scores, self.dora, self.ura, *seats, self.result]


@dataclass(slots=True)
class _GameBuilder:
    where: Where
    kind: int = -1
    names: list[str] = field(default_factory=list)
    rounds: list[_RoundBuilder] = field(default_factory=list)
    final: list[float] = field(default_factory=list)

    @property
    def red(self) -> bool:
        return not self.kind & NO_RED

    @property
    def players(self) -> int:
        return 3 if self.kind & THREE_PLAYERS else SEATS

    def take(self, element: ElementTree.Element, where: Where) -> None:
        tag = element.tag
        move = MOVE.fullmatch(tag)
        if move:
            self._move(move[1], int(move[2]), where)
        elif tag == "GO":
            self.kind = _numbers(element, "type", where)[0]
        elif tag == "UN" and element.get("dan") is not None:  # a UN without dan: a player back
            self.names = [unquote(element.get(f"n{i}", "")) for i in range(SEATS)]
        elif tag == "INIT":
            self._init(element, where)
        elif tag == "N":
            self._call(element, where)
        elif tag == "REACH":
            if _numbers(element, "step", where) == [1]:
                self._round(where).declaring[self._who(element, where)] = True
        elif tag == "DORA":
            self._round(where).dora.append(tile_code(_numbers(element, "hai", where)[0], self.red))
        elif tag == "AGARI":
            self._agari(element, where)
        elif tag == "RYUUKYOKU":
            self._ryuukyoku(element, where)
        elif tag not in ("SHUFFLE", "TAIKYOKU", "UN", "BYE"):
            raise where.error(f"unknown element <{tag}>")
        owari = element.get("owari")
        if owari is not None:
            self.final = _final(owari, where)

    def document(self) -> dict[str, object]:
        if self.kind < 0:
            raise self.where.error("no <GO>: the lobby's rules are not given")
        for number, built in enumerate(self.rounds, start=1):
            if not built.result:
                raise Where(self.where.source, number).error("no result (AGARI or RYUUKYOKU): the log is cut short")
        sc = [int(v) * 100 if i % 2 == 0 else _plain(v) for i, v in enumerate(self.final)]
        return {
            "name": self.names[: self.players],
            "rule": rule_of(self.kind),
            "log": [built.entry() for built in self.rounds],
            **({"sc": sc} if sc else {}),
        }

    def _round(self, where: Where) -> _RoundBuilder:
        if not self.rounds:
            raise where.error("an event before the first <INIT>")
        return self.rounds[-1]

    def _who(self, element: ElementTree.Element, where: Where) -> int:
        who = _numbers(element, "who", where)
        if len(who) != 1 or not 0 <= who[0] < self.players:
            raise where.error(f"who= names one of the players 0 to {self.players - 1}")
        return who[0]

    def _init(self, element: ElementTree.Element, where: Where) -> None:
        if self.kind < 0:
            raise where.error("<INIT> before <GO>: the lobby's rules are not given")
        seed = _numbers(element, "seed", where)
        ten = _numbers(element, "ten", where)
        if len(seed) != 6:
            raise where.error("seed= round, honba, sticks, two dice and the dora indicator expected")
        hands = [_numbers(element, f"hai{i}", where, required=i < self.players) for i in range(SEATS)]
        if any(len(hand) != 13 for hand in hands[: self.players]) or len(ten) < self.players:
            raise where.error(f"{self.players} hands of 13 tiles and their points expected")
        red = self.red
        self.rounds.append(
            _RoundBuilder(
                red=red,
                players=self.players,
                dealer=_numbers(element, "oya", where)[0],
                state=seed[:3],
                scores=[v * 100 for v in (ten + [0] * SEATS)[:SEATS]],
                dora=[tile_code(seed[5], red)],
                hands=[[tile_code(t, red) for t in hand] for hand in hands],
            )
        )

    def _move(self, letter: str, tile: int, where: Where) -> None:
        built = self._round(where)
        if not 0 <= tile < 136:
            raise where.error(f"tile id {tile}: 0 to 135 expected")
        if letter in DRAW_LETTERS:
            built.draw(DRAW_LETTERS.index(letter), tile)
        else:
            built.discard("DEFG".index(letter), tile)

    def _call(self, element: ElementTree.Element, where: Where) -> None:
        built = self._round(where)
        who = self._who(element, where)
        call = decode_call(_numbers(element, "m", where)[0])
        if call.kind == "kita" and call.called // 4 != NORTH_KIND:
            raise where.error(f"m={element.get('m')}: a North set aside holds no North")
        try:
            built.call(who, call)
        except ValueError as empty_seat:
            raise where.error(f"m={element.get('m')}: {empty_seat}") from None

    def _agari(self, element: ElementTree.Element, where: Where) -> None:
        built = self._round(where)
        who = self._who(element, where)
        source = _numbers(element, "fromWho", where)[0]
        pao = _numbers(element, "paoWho", where, required=False)
        fu, points, limit = ([*_numbers(element, "ten", where), 0, 0, 0])[:3]
        pairs = _numbers(element, "yaku", where, required=False)
        yaku = [(pairs[i], pairs[i + 1]) for i in range(0, len(pairs) - 1, 2)]
        yakuman = _numbers(element, "yakuman", where, required=False)
        names = [_yaku_name(n, where) for n, _ in yaku] + [_yaku_name(n, where) for n in yakuman]
        texts = [f"{name}({han}飜)" for name, (n, han) in zip(names, yaku, strict=False) if han or n != URA]
        texts += [f"{name}(役満)" for name in names[len(yaku) :]]
        han = sum(h for _, h in yaku)
        score = _score_text(fu, han, points, limit, tsumo=who == source, dealer=who == built.dealer)
        if not built.ura:
            built.ura = [tile_code(t, built.red) for t in _numbers(element, "doraHaiUra", where, required=False)]
        if not built.result:
            built.result = [WIN]
        built.result += [_deltas(element, where), [who, source, pao[0] if pao else who, score, *texts]]

    def _ryuukyoku(self, element: ElementTree.Element, where: Where) -> None:
        built = self._round(where)
        kind = element.get("type")
        if kind is not None and kind not in DRAW_TYPES:
            raise where.error(f"type={kind!r}: known types are {', '.join(DRAW_TYPES)}")
        shown = sum(1 for i in range(self.players) if element.get(f"hai{i}") is not None)
        word = DRAW_TYPES[kind] if kind else {0: "全員不聴", self.players: "全員聴牌"}.get(shown, "流局")
        deltas = _deltas(element, where)
        built.result = [word, deltas] if any(deltas) else [word]


def _deltas(element: ElementTree.Element, where: Where) -> list[int]:
    """``sc``'s point changes (every other number, in hundreds), one per seat of four."""
    sc = _numbers(element, "sc", where)
    return ([v * 100 for v in sc[1::2]] + [0] * SEATS)[:SEATS]


def _yaku_name(number: int, where: Where) -> str:
    if not 0 <= number < len(YAKU_NAMES):
        raise where.error(f"yaku number {number}: 0 to {len(YAKU_NAMES) - 1} expected")
    return YAKU_NAMES[number]


def _plain(value: float) -> float | int:
    return int(value) if value.is_integer() else value


def _hundreds_up(value: int) -> int:
    return -(-value // 100) * 100


def _score_text(fu: int, han: int, points: int, limit: int, *, tsumo: bool, dealer: bool) -> str:
    """The JSON form's score text: ``30符4飜7700点`` (below mangan), ``満貫8000点``; a tsumo
    says what each pays: ``500-1000点`` (the others, then the dealer) or ``2000点∀`` (all)."""
    if not 0 <= limit < len(LIMITS):
        limit = len(LIMITS) - 1
    value = LIMITS[limit] if limit else f"{fu}符{han}飜"
    if not tsumo:
        return f"{value}{points}点"
    if dealer:
        return f"{value}{points // 3}点∀"
    base = points // 4 if limit else fu * 2 ** (han + 2)
    return f"{value}{_hundreds_up(base)}-{_hundreds_up(2 * base)}点"
