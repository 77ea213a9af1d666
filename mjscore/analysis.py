"""What a hand waits on, and what each wait scores: ``mjscore waits`` (README, "What a hand
waits on").

A hand of 13 tiles (each meld counted as 3), written without its winning tile, is ready when
the shanten engine (``families/mpsz/shanten.py``) says so; its waits are the kinds whose draw
completes it (``improving_kinds``), never a kind whose copies are all in the hand and its melds
(the ``Room`` of the line's melds and rule set). A kind that would complete it but that it
holds all four of is told apart (``RiichiFamily.completing_kinds``, the scorer's readings). Each
wait is scored by the scoring pipeline, on a line made from the user's: the kind written as
``+TILE`` right after the hand's last group, and ``ron`` or ``tsumo`` after the items. Every
item of the line so means what it means to ``score``, and a problem of the line is the
problem ``score`` reports, at the column of the line as typed (``_Made`` maps the columns
back). The line is first read with a tile of a kind it does not show (the *probe*): what is
wrong then is the line's, never the tile's.

A hand of 13 that is not ready gets its shanten and the kinds that lower it. A hand of 14 (a
tile just drawn; ``+TILE`` names it) gets a row per distinct discard: the engine's shanten and
improving kinds for the 13 tiles left, and for a ready one its waits scored as above on the
line with the discard taken out (``_Made``'s cut; the probe too takes a tile out).

The analysis reads two items of its own, which made lines leave out (blanked, so that no
column moves): ``seen=`` (tiles visible on the table) and ``discards=`` (the player's own
discards: a wait among them makes the hand furiten; in a hand of 14, the tile a row discards
is one of them). Both count as seen when the copies left of a kind are counted.

Baida and BABA (wild tiles and cards) are refused by ``_read`` for now.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from mjscore.errors import HandError, Problem
from mjscore.families.mpsz.items import read_tile_list
from mjscore.families.mpsz.shanten import Discard, Room, Shanten, discards, improving_kinds, shanten
from mjscore.families.mpsz.tiles import HONOURS, MAX_COPIES, RIICHI_KINDS, rank_of, suit_of, tile_name, tile_offsets
from mjscore.families.mpsz.written import HAND_TAGS, format_hand, format_tiles
from mjscore.hand import Hand, Meld, Win
from mjscore.notation.build import ANALYSIS_KEYS, Items, fail, gather_items
from mjscore.notation.tokens import Token
from mjscore.result import ScoreLine, ScoreResult, Shown, Summary, copied_context, document_start
from mjscore.rulesets.riichi import RiichiDeal, RiichiFamily
from mjscore.scoring import Overlong, hand_lines, named_ruleset, parse_hand, read_tokens, score
from mjscore.settings import Settings

_DEFAULT_SETTINGS = Settings()
WAITING_TILES = 13  # a hand one tile short of a win, each meld counted as 3
DRAWN_TILES = 14  # a hand with a tile just drawn: its table of discards comes next
SEEN, DISCARDS = ANALYSIS_KEYS
# Analysis.kind: what the hand is.
WAITS = "waits"  # a ready hand of 13 tiles: what it waits on
NOT_READY = "not-ready"  # a hand of 13 that is not ready: its shanten
DISCARDS = "discards"  # a hand of 14: a row per discard
SCHEMA = "analysis-1"  # the JSON document's (mjscore/data/analysis.schema.json)

# How a wait is won one way (``Outcome.kind``).
WIN = "win"  # scored
NO_YAKU = "no-yaku"  # a winning shape without a yaku; riichi may give one (``Outcome.with_riichi``)
FURITEN = "furiten"  # a ron the hand may not make: one of its waits is among its own discards
REFUSED = "refused"  # the scorer refuses the win: ``Outcome.problems`` say why (two-fan-minimum ...)
NONE_LEFT = "none-left"  # not scored: the line itself (hand, indicators, tiles set aside) holds every copy

WINS = (Win.RON, Win.TSUMO)  # the wins a wait is scored by, in the order they are shown
NO_YAKU_CODE = "no-yaku"  # riichi's problem for a winning shape without a yaku (docs/rules/riichi.md §4)
RIICHI_WORDS = frozenset(("riichi", "double-riichi"))


@dataclass(frozen=True, slots=True)
class WinValue:
    """What a win scores: its best reading as ``score`` describes it, that reading's items, its
    total in the rule set's unit (riichi: han), its summary (han, fu, limit, and ``hand_value``:
    what the hand earns the winner, before honba and sticks) and what the winner receives in
    all (honba and sticks included)."""

    reading: str
    items: tuple[ScoreLine, ...]
    total: int
    summary: Summary
    received: int

    @classmethod
    def of(cls, result: ScoreResult) -> WinValue:
        summary, total, received = result.summary, result.total, result.received
        assert summary is not None and total is not None and received is not None  # a win's result
        return cls(result.reading, result.lines, total, summary, received)

    def to_dict(self) -> dict[str, object]:
        return {
            "reading": self.reading,
            "items": [x.to_dict() for x in self.items],
            "total": self.total,
            "summary": self.summary.to_dict(),
            "received": self.received,
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a wait is won one way, by ron or by tsumo: ``kind`` is WIN, NO_YAKU, FURITEN, REFUSED
    or NONE_LEFT; ``value``: what a win scores; ``problems``: why a win has no yaku or is refused
    (the scorer's, at the columns of the line as typed); ``with_riichi``: what a win without a
    yaku scores with riichi declared (None: the hand cannot declare it, or it gives none)."""

    kind: str
    value: WinValue | None = None
    problems: tuple[Problem, ...] = ()
    with_riichi: WinValue | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "outcome": self.kind,
            "value": None if self.value is None else self.value.to_dict(),
            "problems": [p.to_dict() for p in self.problems],
            "with_riichi": None if self.with_riichi is None else self.with_riichi.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Wait:
    """One wait: its kind, the tile scored (``5p``; ``0p`` when the plain fives are all
    accounted for and only a red one is left to win on), the copies still unseen, how it is won
    by ron and by tsumo (None: not asked) and notes for people."""

    kind: int
    tile: str
    unseen: int
    ron: Outcome | None
    tsumo: Outcome | None
    notes: tuple[str, ...] = ()

    def outcome(self, win: Win) -> Outcome | None:
        return self.ron if win is Win.RON else self.tsumo

    def to_dict(self) -> dict[str, object]:
        return {
            "tile": self.tile,
            "unseen": self.unseen,
            "ron": None if self.ron is None else self.ron.to_dict(),
            "tsumo": None if self.tsumo is None else self.tsumo.to_dict(),
            "notes": list(self.notes),
        }


@dataclass(frozen=True, slots=True)
class Draw:
    """A kind whose draw brings a hand one step closer to a win (for a ready hand: a wait), and
    the copies of it still unseen."""

    kind: int
    unseen: int

    def to_dict(self) -> dict[str, object]:
        return {"tile": tile_name(self.kind), "unseen": self.unseen}


@dataclass(frozen=True, slots=True)
class Best:
    """The most a ready discard's waits score: the wait (its tile as scored), the win, and what
    that win scores."""

    tile: str
    win: Win
    value: WinValue

    def to_dict(self) -> dict[str, object]:
        return {"tile": self.tile, "win": self.win.value, "hand_value": self.value.summary.hand_value}


@dataclass(frozen=True, slots=True)
class DiscardRow:
    """One discard of a hand of 14 tiles: the tile (``5p``; ``0p`` a red five, a discard of its
    own), whether it is the tile just drawn (+TILE), the shanten after it, the kinds that then
    improve the hand (for a ready hand: its waits) with their copies unseen; for a ready hand its
    waits scored, the waits among the discards (this one included: furiten), the all-four-held
    kinds, and the ``best`` a win on them scores (None: none scores)."""

    tile: str
    kind: int
    drawn: bool
    shanten: Shanten
    improving: tuple[Draw, ...]
    waits: tuple[Wait, ...]
    furiten: tuple[int, ...]
    held_four: tuple[int, ...]
    best: Best | None
    notes: tuple[str, ...]

    @property
    def unseen(self) -> int:
        """The tiles still unseen that improve the hand after this discard (complete it, when ready)."""
        return sum([d.unseen for d in self.improving])

    def to_dict(self) -> dict[str, object]:
        return {
            "discard": self.tile,
            "drawn": self.drawn,
            "shanten": _shanten_dict(self.shanten),
            "improving": [d.to_dict() for d in self.improving],
            "unseen": self.unseen,
            "furiten": _codes(self.furiten),
            "held_four": _codes(self.held_four),
            "waits": [w.to_dict() for w in self.waits],
            "best": None if self.best is None else self.best.to_dict(),
            "notes": list(self.notes),
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """What a hand is, and what it waits on or how far it is from waiting. ``kind``: ``waits``
    (a ready hand of 13 tiles: ``waits``, ``furiten``), ``not-ready`` (a hand of 13 that is
    not: ``shanten`` and its ``improving`` draws) or ``discards`` (a hand of 14: ``rows``, one
    per discard, best first; ``complete``: it is a winning shape as it stands; ``drawn``: the
    +TILE, the tile just drawn). ``shown``: the line as read (in canonical notation, ``seen=``
    and ``discards=`` included), the header for people and the context as data (no reading).
    ``wins``: the wins asked (both, unless the line names one or its words rule one out);
    ``seen`` and ``discards``: the kinds those items list; ``held_four``: kinds that would
    complete a hand of 13 but that it holds all four of, so no wait."""

    ruleset: str
    title: str
    kind: str
    shown: Shown
    waits: tuple[Wait, ...]
    wins: tuple[Win, ...]
    seen: tuple[int, ...]
    discards: tuple[int, ...]
    furiten: tuple[int, ...]
    held_four: tuple[int, ...]
    notes: tuple[str, ...]
    payment_unit: str
    shanten: Shanten | None = None
    improving: tuple[Draw, ...] = ()
    rows: tuple[DiscardRow, ...] = ()
    complete: bool = False
    drawn: str | None = None

    @property
    def unseen(self) -> int:
        """The tiles still unseen that complete the hand (every wait's together), or that bring
        a hand not ready closer."""
        if self.kind == NOT_READY:
            return sum([d.unseen for d in self.improving])
        return sum([w.unseen for w in self.waits])

    def to_dict(self, *, line: int = 0, source: str = "") -> dict[str, object]:
        """The JSON document (``SCHEMA``; mjscore/data/analysis.schema.json): data under stable
        keys, tiles as codes; what is only for people sits in ``shown``. ``line`` and ``source``:
        where a file's line is from (0 and "": not a file's)."""
        if self.kind == WAITS:
            fields = self._waits_fields()
        elif self.kind == NOT_READY:
            fields = self._not_ready_fields()
        else:
            fields = self._discards_fields()
        return {
            **document_start(line, source, SCHEMA),
            "ok": True,
            "kind": self.kind,
            "ruleset": self.ruleset,
            "hand": self.shown.hand,
            "context": copied_context(self.shown.context),
            **fields,
            "notes": list(self.notes),
            "shown": {
                "title": self.title,
                "header": [{"label": label, "text": text} for label, text in self.shown.header],
            },
        }

    def _waits_fields(self) -> dict[str, object]:
        return {
            "wins": [win.value for win in self.wins],
            "seen": _codes(self.seen),
            "discards": _codes(self.discards),
            "furiten": _codes(self.furiten),
            "held_four": _codes(self.held_four),
            "unseen": self.unseen,
            "payment_unit": self.payment_unit,
            "waits": [w.to_dict() for w in self.waits],
        }

    def _not_ready_fields(self) -> dict[str, object]:
        assert self.shanten is not None  # a hand not ready has its shanten
        return {
            "seen": _codes(self.seen),
            "discards": _codes(self.discards),
            "held_four": _codes(self.held_four),
            "shanten": _shanten_dict(self.shanten),
            "improving": [d.to_dict() for d in self.improving],
            "unseen": self.unseen,
        }

    def _discards_fields(self) -> dict[str, object]:
        return {
            "wins": [win.value for win in self.wins],
            "seen": _codes(self.seen),
            "discards": _codes(self.discards),
            "drawn": self.drawn,
            "complete": self.complete,
            "payment_unit": self.payment_unit,
            "rows": [r.to_dict() for r in self.rows],
        }


def _shanten_dict(found: Shanten) -> dict[str, object]:
    return {
        "best": found.best,
        "standard": found.standard,
        "seven_pairs": found.pairs,
        "thirteen_orphans": found.orphans,
    }


@dataclass(frozen=True, slots=True)
class AnalysedLine:
    """One hand line of a file: its number, its text, and an analysis or an error."""

    number: int
    text: str
    analysis: Analysis | None
    error: HandError | None


def analyse(text: str, settings: Settings | None = None) -> Analysis:
    """What the hand of one line waits on, and what each wait scores by ron and by tsumo; how
    far a hand of 13 that is not ready is; a hand of 14's discards, best first (``Analysis``).
    ``HandError`` lists what is wrong with the line: every problem ``score`` finds in it, and
    the analysis's own.

    >>> [tile_name(w.kind) for w in analyse("23m456p789s11z567s ron").waits]
    ['1m', '4m']
    >>> [row.tile for row in analyse("23m456p789s11z567s5z").rows][:2]
    ['5z', '2m']
    """
    settings = settings or _DEFAULT_SETTINGS
    ruleset, tokens = read_tokens(text, settings)
    try:
        return _Analyst(_read(text, ruleset, tokens), settings).analysis()
    except HandError as exc:
        exc.ruleset = ruleset.name
        raise


def analyse_many(
    lines: Iterable[str | Overlong], settings: Settings | None = None, start: int = 1
) -> Iterator[AnalysedLine]:
    """Analyse a stream of lines lazily, as ``scoring.score_many`` scores them: a bad line
    yields its error and the rest go on; ``start`` is the number of the first line."""
    for number, text in hand_lines(lines, start):
        try:
            if isinstance(text, Overlong):
                raise text.error(named_ruleset(text.head, settings or _DEFAULT_SETTINGS))
            yield AnalysedLine(number, text, analyse(text, settings), None)
        except HandError as exc:
            yield AnalysedLine(number, exc.text, None, exc)


# --- the line as typed


class _Line(NamedTuple):
    """A line as typed, read for the analysis: its rule set, its hand's size (each meld as 3),
    the column of the hand and of a +TILE it names (0: none), where a tile is put in
    (``hand_end``: past the hand's last group), the text with the analysis's own items blanked
    out (what lines are made from), the win it names, those items as read, how many of each
    kind its hand, melds and indicators show, and its concealed tiles as typed."""

    text: str
    ruleset: RiichiFamily[Any]
    size: int
    hand_col: int
    winner_col: int
    hand_end: int
    blanked: str
    win: Win | None
    items: Items
    seen: tuple[tuple[int, int], ...]  # (column, kind) of each tile seen=, then discards=, lists
    discards: tuple[tuple[int, int], ...]
    shown: Counter[int]
    tiles: tuple[_Tile, ...]


class _Tile(NamedTuple):
    """A concealed tile as typed: its kind, whether it is a red five, whether it is the +TILE
    (the tile just drawn, in a hand of 14), and the characters that take it out of the line:
    ``width`` from ``cut`` (0-based): its digit, with the suit letter when no other digit shares
    the letter; a +TILE whole."""

    kind: int
    red: bool
    drawn: bool
    cut: int
    width: int

    @property
    def code(self) -> str:
        """``5p``; ``0p`` for a red five."""
        return f"0{suit_of(self.kind)}" if self.red else tile_name(self.kind)


def _read(text: str, ruleset: object, tokens: list[Token]) -> _Line:
    if not isinstance(ruleset, RiichiFamily):
        message = "waits reads riichi, sanma and hana hands for now: Baida and BABA come later"
        raise fail(text, [Problem("analysis-ruleset-not-yet", message)])
    if tokens and tokens[0].tag == "draw":
        message = "a draw line has no hand to wait: waits reads a hand of 13 tiles, each meld counted as 3"
        raise fail(text, [Problem("analysis-draw-line", message, tokens[0].loc + 1)])
    hand = [t for t in tokens if t.tag in HAND_TAGS]
    own = [t for t in tokens if t.tag == "option" and t.text.lower() in ANALYSIS_KEYS]
    items = gather_items(own, (), ANALYSIS_KEYS, ())
    blanked = text
    for t in own:  # blanks: every other column stays where it was
        blanked = blanked[: t.loc] + " " * (t.end - t.loc) + blanked[t.end :]
    words = {t.text.lower() for t in tokens if t.tag == "flag"}
    named = [w for w in Win if w.value in words]
    indicators = [t.value for t in tokens if t.tag == "option" and t.text.lower() in ("dora", "ura")]
    shown = Counter([kind for value in [t.text for t in hand] + indicators for _, (kind, _) in tile_offsets(value)])
    return _Line(
        text,
        ruleset,
        sum([_size(t) for t in hand]),
        hand[0].loc + 1 if hand else 0,
        next((t.loc + 1 for t in hand if t.tag == "winning"), 0),
        max([t.end for t in hand], default=len(text)),
        blanked,
        named[0] if named else None,  # both: nothing is added, and the made line tells the conflict
        items,
        _tiles_item(items, SEEN, "tiles seen on the table", ruleset),
        _tiles_item(items, DISCARDS, "your own discards", ruleset),
        shown,
        _concealed(hand),
    )


def _size(token: Token) -> int:
    """The tiles a token of the hand adds to its size: a meld 3 (a kong too), a flower none."""
    if token.tag in ("open", "closed"):
        return 3
    return sum([kind < RIICHI_KINDS for _, (kind, _) in tile_offsets(token.text)])


def _concealed(hand: list[Token]) -> tuple[_Tile, ...]:
    """The concealed tiles of a hand as typed (flowers set aside), the +TILE among them."""
    found = []
    for t in hand:
        if t.tag == "winning":
            found += [_Tile(kind, red, True, t.loc, t.end - t.loc) for _, (kind, red) in tile_offsets(t.text)]
        elif t.tag == "cards":
            text = t.text
            for offset, (kind, red) in tile_offsets(text):
                if kind < RIICHI_KINDS:
                    alone = not text[offset + 1].isdigit() and not (offset and text[offset - 1].isdigit())
                    found.append(_Tile(kind, red, False, t.loc + offset, 2 if alone else 1))
    return tuple(found)


def _tiles_item(items: Items, key: str, what: str, ruleset: RiichiFamily[Any]) -> tuple[tuple[int, int], ...]:
    """(column, kind) of each tile a ``seen=`` or ``discards=`` item lists. A code that is no
    tile (as ``dora=`` tells it: ``read_tile_list``), a flower (never waited on) or a kind the
    rule set's set lacks is a problem in ``items.problems`` at its column."""
    read_tile_list(items, key, items.problems, what)  # for its problems: the tiles are read below, with columns
    if key not in items.values:
        return ()
    value, col = items.values[key]
    found = []
    for offset, (kind, _) in tile_offsets(value):
        if kind >= RIICHI_KINDS:
            message = f"{key}= lists the tiles a hand may wait on: a flower ({tile_name(kind)}) is never one"
            items.problems.append(Problem("bad-value", message, col + offset))
        elif kind not in ruleset.tile_kinds:
            message = f"{tile_name(kind)} is not a tile of {ruleset.title}"
            items.problems.append(Problem("not-in-set", message, col + offset))
        else:
            found.append((col + offset, kind))
    return tuple(found)


class _Made(NamedTuple):
    """A line made from the user's: ``width`` characters put in at ``at`` (0-based in the line as
    typed; -1: none), ``cut_width`` characters taken out from ``cut`` (before ``at``; -1:
    none), words added at the end of the ``typed`` characters. ``problems`` maps a problem of
    the made line back to the line as typed."""

    text: str
    at: int
    width: int
    typed: int
    cut: int = -1
    cut_width: int = 0

    def problems(self, exc: HandError) -> list[Problem]:
        return [p if p.col <= 0 else Problem(p.code, p.message, self.col(p.col)) for p in exc.problems]

    def col(self, col: int) -> int:
        """The column of the line as typed that stands where ``col`` of the made line does:
        what follows the cut stands where it was typed, the tile put in stands where it was put
        (past the hand), the words added stand for the line as a whole (0)."""
        i = col - 1
        if i >= self.cut:
            i += self.cut_width  # past the cut (none: 0)
            if 0 <= self.at <= i:
                i = self.at if i < self.at + self.width else i - self.width
        return i + 1 if i < self.typed else 0


# --- the analysis


class _Probed(NamedTuple):
    """What the probe found of a line, and what every hand the analysis looks at shares: the
    wins asked, the probe's deal (melds, indicators, table), the shanten engine's ``Room``, the
    copies of each kind the line shows (the hand as typed, its melds, the indicators, the tiles
    set aside), those ``seen=`` and ``discards=`` list, and the kinds discarded."""

    wins: tuple[Win, ...]
    deal: RiichiDeal[Any]
    room: Room
    on_line: Counter[int]
    seen: Counter[int]
    discarded: frozenset[int]


class _Analyst:
    """The analysis of one line: the probes that check it, then what the hand is: ready (each
    wait scored), not ready (its shanten) or one of 14 (a row per discard)."""

    def __init__(self, line: _Line, settings: Settings) -> None:
        self.line = line
        self.settings = settings
        self.notes: list[str] = []

    def analysis(self) -> Analysis:
        line = self.line
        problems = list(line.items.problems)
        size = self._size_problem()
        if size is not None:
            problems.append(size)
        drawn = line.size == DRAWN_TILES
        wins, deal = self._probe(problems, size is not None, _probe_cut(line) if drawn else None)
        if problems or deal is None:
            raise fail(line.text, problems)
        melds = deal.table.hand.melds
        on_line = Counter([t.kind for t in line.tiles] + [kind for meld in melds for kind in meld.kinds])
        on_line.update([kind for _, tiles in deal.indicators for kind, _ in tiles])
        on_line.update([kind for kind in deal.table.flowers if kind < RIICHI_KINDS])  # set aside: sanma's Norths
        seen = Counter([kind for _, kind in (*line.seen, *line.discards)])
        copies = _copy_problems(line, on_line, seen)
        if copies:
            raise fail(line.text, copies)
        discarded = frozenset([kind for _, kind in line.discards])
        probed = _Probed(wins, deal, _room(line.ruleset, melds), on_line, seen, discarded)
        if drawn:
            return self._discard_table(probed)
        return self._thirteen(probed)

    def _thirteen(self, probed: _Probed) -> Analysis:
        """A hand of 13: its waits, each scored, or how far it is from ready."""
        line, deal = self.line, probed.deal
        hand = Hand(tuple(sorted([t.kind for t in line.tiles])), 0, deal.table.hand.melds)
        held_four = _held_four(line.ruleset, hand)
        counts, melds = _counts(hand.concealed), len(hand.melds)
        found = shanten(counts, melds, room=probed.room)
        kinds = improving_kinds(counts, melds, kinds=line.ruleset.tile_kinds, room=probed.room)
        if found.best > 0:
            if held_four:
                self.notes.append(_ready_in_shape_only(held_four, found.best))
            improving = tuple([Draw(k, _unseen(probed, k)) for k in kinds])
            return self._analysis(NOT_READY, probed, held_four=held_four, distance=found, improving=improving)
        furiten = tuple([k for k in kinds if k in probed.discarded])
        if furiten:
            self.notes.append(
                f"furiten: {_listed(furiten)} {'is' if len(furiten) == 1 else 'are'} among your discards: "
                "no ron on any wait; a tsumo still wins"
            )
        self.notes += [_held_four_note(k) for k in held_four]
        scorer = _Scorer(line, self.settings)
        waits = tuple(
            [scorer.wait(k, probed, on_line=probed.on_line[k], seen=probed.seen[k], furiten=furiten) for k in kinds]
        )
        return self._analysis(WAITS, probed, waits=waits, furiten=furiten, held_four=held_four)

    def _discard_table(self, probed: _Probed) -> Analysis:
        """A hand of 14: a row per distinct discard, best first (``_rank``)."""
        line = self.line
        counts, melds = _counts([t.kind for t in line.tiles]), len(probed.deal.table.hand.melds)
        complete = shanten(counts, melds, room=probed.room).best < 0
        if complete:
            self.notes.append("the hand is complete as it stands (a winning shape): mjscore score scores it")
        after = {d.kind: d for d in discards(counts, melds, kinds=line.ruleset.tile_kinds, room=probed.room)}
        rows = sorted([self._row(tile, after[tile.kind], probed) for tile in _distinct(line.tiles)], key=_rank)
        drawn = next((t.code for t in line.tiles if t.drawn), None)
        return self._analysis(DISCARDS, probed, rows=tuple(rows), complete=complete, drawn=drawn)

    def _row(self, tile: _Tile, after: Discard, probed: _Probed) -> DiscardRow:
        """One discard: what it leaves (``after``, from the engine), and for a ready hand its
        waits scored on the line with the tile taken out. Copies unseen count the hand of 14: the
        tile discarded is seen, and a wait on a discarded kind, this one included, is furiten."""
        line = self.line
        notes = ["the tile drawn"] if tile.drawn else []
        improving = tuple([Draw(k, _unseen(probed, k)) for k in after.improving])
        left = list(line.tiles)
        left.remove(tile)
        hand = Hand(tuple(sorted([t.kind for t in left])), 0, probed.deal.table.hand.melds)
        held_four = _held_four(line.ruleset, hand)
        if after.shanten.best > 0:
            if held_four:
                notes.append(_ready_in_shape_only(held_four, after.shanten.best))
            return DiscardRow(
                tile.code, tile.kind, tile.drawn, after.shanten, improving, (), (), held_four, None, notes=tuple(notes)
            )
        notes += [_held_four_note(k) for k in held_four]
        discarded = probed.discarded | {tile.kind}
        furiten = tuple([k for k in after.improving if k in discarded])
        if furiten:
            listed = ", ".join([f"{tile_name(k)} (this discard)" if k == tile.kind else tile_name(k) for k in furiten])
            notes.append(f"furiten: {listed} among your discards: no ron")
        scorer = _Scorer(line, self.settings, tile)
        on_line = probed.on_line.copy()
        on_line[tile.kind] -= 1
        waits = tuple(
            [
                scorer.wait(
                    k,
                    probed,
                    on_line=on_line[k],
                    seen=probed.seen[k] + (1 if k == tile.kind else 0),
                    furiten=furiten,
                )
                for k in after.improving
            ]
        )
        return DiscardRow(
            tile.code,
            tile.kind,
            tile.drawn,
            after.shanten,
            improving,
            waits,
            furiten,
            held_four,
            _best(waits),
            tuple(notes),
        )

    def _analysis(
        self,
        kind: str,
        probed: _Probed,
        *,
        waits: tuple[Wait, ...] = (),
        furiten: tuple[int, ...] = (),
        held_four: tuple[int, ...] = (),
        distance: Shanten | None = None,
        improving: tuple[Draw, ...] = (),
        rows: tuple[DiscardRow, ...] = (),
        complete: bool = False,
        drawn: str | None = None,
    ) -> Analysis:
        line = self.line
        return Analysis(
            line.ruleset.name,
            line.ruleset.result_title(probed.deal),
            kind,
            self._shown(probed.deal, drawn_hand=kind == DISCARDS),
            waits,
            probed.wins,
            tuple([k for _, k in line.seen]),
            tuple([k for _, k in line.discards]),
            furiten,
            held_four,
            tuple(self.notes),
            line.ruleset.payment_unit,
            distance,
            improving,
            rows,
            complete,
            drawn,
        )

    def _size_problem(self) -> Problem | None:
        line = self.line
        if line.size == DRAWN_TILES:
            return None  # a tile just drawn, +TILE or not: a row per discard
        if line.winner_col and line.size == WAITING_TILES:
            message = (
                "+TILE names the tile that won a hand (in a hand of 14, the tile just drawn): waits tries every "
                "tile in its place, so write the hand of 13 without it"
            )
            return Problem("analysis-winning-tile", message, line.winner_col)
        if line.size != WAITING_TILES:
            message = (
                f"tile count: {line.size} given; waits reads a hand of {WAITING_TILES} (one tile short of a win) "
                f"or {DRAWN_TILES} (a tile just drawn: which to discard), counting each meld as 3"
            )
            return Problem("tile-count", message, line.hand_col)
        return None

    def _probe(
        self, problems: list[Problem], sized: bool, cut: _Tile | None
    ) -> tuple[tuple[Win, ...], RiichiDeal[Any] | None]:
        """Read the line, for each win asked, with a tile of a kind it does not show (a hand of 14
        with ``cut`` taken out): the wins that can be asked, and the deal of the first. A problem
        found with both wins, or with the one the line names, is the line's and goes to
        ``problems`` (a tile count the analysis tells itself when ``sized``); one found with one
        win only rules that win out (a note says why). ``score`` would find each at the same
        column."""
        line = self.line
        asked = (line.win,) if line.win else WINS
        fresh = tile_name(next(k for k in sorted(line.ruleset.tile_kinds, key=_is_five) if k not in line.shown))
        scorer = _Scorer(line, self.settings, cut)
        found: dict[Win, tuple[RiichiDeal[Any] | None, list[Problem]]] = {}
        for win in asked:
            made = scorer.made(fresh, win)
            try:
                found[win] = (_deal(made.text, self.settings), [])
            except HandError as exc:
                found[win] = (None, [p for p in made.problems(exc) if not (sized and p.code == "tile-count")])
        faults = [found[win][1] for win in asked]
        common = [p for p in faults[0] if all(p in f for f in faults)]
        if common or all(faults):
            problems += common or [p for f in faults for p in f]
            return asked, None
        wins = tuple([win for win in asked if not found[win][1]])
        for win in asked:
            if found[win][1]:
                why = "; ".join([p.message for p in found[win][1]])
                self.notes.append(f"only a {wins[0].value} is scored: the line refuses a {win.value} ({why})")
        if line.win:
            self.notes.append(f"the line says {line.win.value}: only a {line.win.value} is scored")
        return wins, found[wins[0]][0]

    def _shown(self, deal: RiichiDeal[Any], *, drawn_hand: bool) -> Shown:
        """The line as read (the rule set's, with seen= and discards= added), its header and
        context; a hand of 14 (``drawn_hand``) with all its tiles, its +TILE written as typed."""
        line = self.line
        shown = line.ruleset.shown_waiting(deal, win_named=line.win is not None)
        text, header = shown.hand, list(shown.header)
        if drawn_hand:
            text, drawn = _with_fourteen(text, line, deal)
            if drawn:
                header.append(("drawn", drawn))
        words = []
        for key, tiles in ((SEEN, line.seen), (DISCARDS, line.discards)):
            if tiles:
                kinds = [kind for _, kind in tiles]
                words.append(f" {key}={format_tiles(tuple([(kind, False) for kind in kinds]))}")
                header.append((key, " ".join([tile_name(kind) for kind in kinds])))
        return Shown(text + "".join(words), tuple(header), "", shown.context)


class _Scorer:
    """Scores the waits of one hand of 13: the line as typed, or a hand of 14 with ``cut``, the
    tile discarded, taken out. Each wait is scored on a line made from the user's."""

    def __init__(self, line: _Line, settings: Settings, cut: _Tile | None = None) -> None:
        self.line = line
        self.settings = settings
        self.cut = cut

    def made(self, tile: str, win: Win, more: str = "") -> _Made:
        """The line with ``tile`` put in as the winning tile and ``win`` (unless the line names
        it) and ``more`` added, the tile ``cut`` taken out; a hand of 13 that names its winning
        tile keeps it (and is refused). A +TILE that is not cut stays in the hand as a concealed
        tile (its "+" a blank)."""
        line, cut = self.line, self.cut
        words = ("" if line.win else f" {win.value}") + more
        text = line.blanked
        if cut is None:
            if line.winner_col:
                return _Made(text + words, -1, 0, len(line.text))
            start = width = 0
        else:
            start, width = cut.cut, cut.width
            if line.winner_col and not cut.drawn:
                text = text[: line.winner_col - 1] + " " + text[line.winner_col :]
        at = line.hand_end
        put = f"+{tile}"
        made = text[:start] + text[start + width : at] + put + text[at:] + words
        if cut is None:
            return _Made(made, at, len(put), len(line.text))
        return _Made(made, at, len(put), len(line.text), start, width)

    def wait(
        self,
        kind: int,
        probed: _Probed,
        *,
        on_line: int,
        seen: int,
        furiten: tuple[int, ...],
    ) -> Wait:
        """A wait scored by each win asked. ``on_line``: its copies on the line scored (more
        would be refused); ``seen``: those seen besides; ``furiten``: the hand's waits among its
        discards. With aka on, a plain five may be one too many when red ones are left: then the
        red five is scored."""
        notes = []
        if on_line >= MAX_COPIES:
            notes.append("not scored: the hand, the indicators and the tiles set aside show every copy")
        tile = tile_name(kind)
        wins, deal = probed.wins, probed.deal
        outcomes = self._outcomes(tile, wins, deal, on_line, bool(furiten))
        if _is_five(kind) and any(_too_many(o) for o in outcomes.values()):
            red = f"0{suit_of(kind)}"
            with_red = self._outcomes(red, wins, deal, on_line, bool(furiten))
            if not any(_too_many(o) for o in with_red.values()):
                tile, outcomes = red, with_red
                notes.append(f"the plain {tile_name(kind)} are all accounted for: scored with the red {red}")
        if kind in furiten:
            notes.append("among your discards (furiten)")
        unseen = MAX_COPIES - on_line - seen
        return Wait(kind, tile, unseen, outcomes.get(Win.RON), outcomes.get(Win.TSUMO), tuple(notes))

    def _outcomes(
        self, tile: str, wins: tuple[Win, ...], deal: RiichiDeal[Any], on_line: int, furiten: bool
    ) -> dict[Win, Outcome]:
        found = {}
        for win in wins:
            if on_line >= MAX_COPIES:
                found[win] = Outcome(NONE_LEFT)
            elif furiten and win is Win.RON:
                found[win] = Outcome(FURITEN)
            else:
                found[win] = self._scored(tile, win, deal)
        return found

    def _scored(self, tile: str, win: Win, deal: RiichiDeal[Any]) -> Outcome:
        made = self.made(tile, win)
        try:
            return Outcome(WIN, WinValue.of(score(made.text, self.settings)))
        except HandError as exc:
            problems = tuple(made.problems(exc))
        if any(p.code == NO_YAKU_CODE for p in problems):
            return Outcome(NO_YAKU, problems=problems, with_riichi=self._with_riichi(tile, win, deal))
        return Outcome(REFUSED, problems=problems)

    def _with_riichi(self, tile: str, win: Win, deal: RiichiDeal[Any]) -> WinValue | None:
        """What a win without a yaku scores with riichi declared, if the hand can declare it (a
        closed hand, and the line says no riichi)."""
        if not deal.table.closed or deal.table.flags & RIICHI_WORDS:
            return None
        try:
            return WinValue.of(score(self.made(tile, win, " riichi").text, self.settings))
        except HandError:
            return None


def _deal(text: str, settings: Settings) -> RiichiDeal[Any]:
    deal = parse_hand(text, settings).deal
    assert isinstance(deal, RiichiDeal)  # the rule set is of riichi's family (``_read``), and the line a win
    return deal


def _copy_problems(line: _Line, on_line: Counter[int], seen: Counter[int]) -> list[Problem]:
    """More copies of a kind than the set has, counting those ``seen=`` and ``discards=`` list:
    at the listed tile that is one too many."""
    problems = []
    listed = sorted((*line.seen, *line.discards))
    for kind, n in sorted(seen.items()):
        shown = on_line[kind]
        if shown + n > MAX_COPIES:
            cols = [col for col, k in listed if k == kind]
            message = (
                f"{shown + n} copies of {tile_name(kind)} (at most four exist): the line shows {shown}, "
                f"and seen= and discards= list {n}"
            )
            problems.append(Problem("too-many-copies", message, cols[max(MAX_COPIES - shown, 0)]))
    return problems


def _room(ruleset: RiichiFamily[Any], melds: Iterable[Meld]) -> Room:
    """What the set leaves a hand with these melds (their copies) in this rule set (sanma: no
    2m-8m), for the shanten engine."""
    held = [0] * RIICHI_KINDS
    for meld in melds:
        for kind in meld.kinds:
            held[kind] += 1
    return Room(held, frozenset(range(RIICHI_KINDS)) - frozenset(ruleset.tile_kinds))


def _counts(kinds: Iterable[int]) -> list[int]:
    """The 34 counts of the shanten engine."""
    counts = [0] * RIICHI_KINDS
    for kind in kinds:
        counts[kind] += 1
    return counts


def _held_four(ruleset: RiichiFamily[Any], hand: Hand) -> tuple[int, ...]:
    """The kinds that would complete ``hand`` (one tile short) in shape but that it holds all
    four of, concealed and in its melds: no wait. Asked of the scorer's readings only when the
    hand holds four of a kind."""
    held = Counter(hand.all_kinds)
    if all(n < MAX_COPIES for n in held.values()):
        return ()
    return tuple([k for k in ruleset.completing_kinds(hand) if held[k] >= MAX_COPIES])


def _probe_cut(line: _Line) -> _Tile:
    """The tile a hand of 14 is probed without: one of the kind the line shows fewest of, a plain
    tile before a red five, so that a count of the line that is wrong (five copies, a red five
    too many) stays wrong without it."""
    return min(reversed(line.tiles), key=lambda t: (line.shown[t.kind], t.red))


def _distinct(tiles: tuple[_Tile, ...]) -> list[_Tile]:
    """One tile of each distinct discard (a red five apart from the plain fives): the +TILE when
    it is one, else the last written."""
    found: dict[tuple[int, bool], _Tile] = {}
    for t in tiles:
        key = (t.kind, t.red)
        if key not in found or not found[key].drawn:
            found[key] = t
    return list(found.values())


def _rank(row: DiscardRow) -> tuple[int, int, int, int, bool]:
    """Best first: the least shanten after the discard, then the most tiles unseen that improve
    (or complete) the hand, then the best a win on its waits scores; then in the order of the
    tile set, a plain five before a red one (keeping a red five keeps a dora)."""
    best = 0 if row.best is None else row.best.value.summary.hand_value
    return (row.shanten.best, -row.unseen, -best, row.kind, row.tile.startswith("0"))


def _best(waits: tuple[Wait, ...]) -> Best | None:
    """The most any win on these waits scores (the hand's value, before honba and sticks): the
    first such wait, ron before tsumo; None when no wait wins (furiten, no yaku, none left)."""
    found: Best | None = None
    for wait in waits:
        for win in WINS:
            outcome = wait.outcome(win)
            if outcome is None or outcome.value is None:
                continue
            if found is None or outcome.value.summary.hand_value > found.value.summary.hand_value:
                found = Best(wait.tile, win, outcome.value)
    return found


def _unseen(probed: _Probed, kind: int) -> int:
    """Copies of a kind still unseen: four less those on the line and those seen=/discards= list."""
    return MAX_COPIES - probed.on_line[kind] - probed.seen[kind]


def _held_four_note(kind: int) -> str:
    return f"{tile_name(kind)} would complete the hand, but it holds all four: no wait"


def _ready_in_shape_only(held_four: tuple[int, ...], shanten: int) -> str:
    """What a hand says whose only completions are kinds it holds all four of (docs/rules/riichi.md §3)."""
    return (
        f"ready in shape only: {_listed(held_four)} would complete it, but the hand holds all four, so it is "
        f"{shanten}-shanten"
    )


def _with_fourteen(text: str, line: _Line, deal: RiichiDeal[Any]) -> tuple[str, str | None]:
    """The canonical line of a hand of 14 from the probe's (13 tiles, the tile probed out
    missing): its hand with every tile, the +TILE written as such; and that tile's code."""
    drawn = next((t for t in line.tiles if t.drawn), None)
    concealed = tuple([(t.kind, t.red) for t in line.tiles if t is not drawn])
    winning = deal.hand.winning if drawn is None else (drawn.kind, drawn.red)
    fourteen = replace(deal.hand, concealed=concealed, winning=winning)
    probed = f"{line.ruleset.name}:{format_hand(deal.hand, winner=False)}"
    assert text.startswith(probed)  # the canonical line starts with its hand
    shown = f"{line.ruleset.name}:{format_hand(fourteen, winner=drawn is not None)}" + text[len(probed) :]
    return shown, None if drawn is None else drawn.code


def _too_many(outcome: Outcome) -> bool:
    return outcome.kind == REFUSED and any(p.code == "too-many-copies" for p in outcome.problems)


def _is_five(kind: int) -> bool:
    return kind < HONOURS and rank_of(kind) == 5  # a red five may stand for it


def _listed(kinds: Iterable[int]) -> str:
    return ", ".join(_codes(kinds))


def _codes(kinds: Iterable[int]) -> list[str]:
    return [tile_name(k) for k in kinds]
