"""What a hand waits on, and what each wait scores; how far a hand is from ready; which tile to
discard: ``mjscore waits`` (README, "What a hand waits on").

A hand one tile or card short of a win (riichi: 13 tiles, each meld counted as 3; BABA: 5
cards, 6 with a KAN), written without its winning tile, waits on each kind that makes it a
winning shape; a kind the hand holds every copy of is no wait. Each wait is scored by the
scoring pipeline, on a line made from the user's: the kind written into the hand (riichi:
``+TILE`` right after the hand's last group), and ``ron`` or ``tsumo`` after the items. Every
item of the line so means what it means to ``score``, and a problem of the line is the
problem ``score`` reports, at the column of the line as typed (``_Made`` maps the columns
back). The line is first read with a kind it does not show (the *probe*): what is wrong then
is the line's, never the tile's.

A hand one short that nothing completes gets its shanten and the kinds that lower it; a hand
one over (riichi: 14 tiles, a tile just drawn) gets a row per distinct discard, the shanten and
improving kinds of what it leaves, and for a ready one its waits scored as above on the line
with the discard taken out (``_Made``'s cut; the probe too takes a tile out). Both come from
the rule set's shanten engine (``Waiting.shape``); a rule set without one refuses such hands
(``analysis-not-ready-yet``, ``analysis-discards-not-yet``).

What differs between rule sets is asked of the rule set through two hooks and nothing else
(``RuleSet.waiting_line`` and ``RuleSet.waiting``, whose answers ``mjscore.waiting`` describes;
docs/adding-a-ruleset.md, "Analysis"): how its line's hand is counted, where a tile goes and
what takes one out, which kinds complete the hand, how many copies of each exist and the line
shows, how the line reads back, and how far a hand is from a winning shape. A rule set that
does not write them is refused (``analysis-ruleset-not-yet``).

The analysis reads two items of its own, which made lines leave out (blanked, so that no
column moves): ``seen=`` (tiles visible on the table) and ``discards=`` (the player's own
discards: a wait among them makes the hand furiten where the rule set knows furiten; in a hand
one over, the tile a row discards is one of them). Both count as seen when the copies left of
a kind are counted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from mjscore.errors import HandError, Problem
from mjscore.families.mpsz.shanten import Shanten
from mjscore.front import DEFAULT_SETTINGS, named_ruleset, parse_hand, read_tokens, score
from mjscore.hand import Win
from mjscore.notation.build import ANALYSIS_KEYS, Items, fail, gather_items, known_words, unknown_word
from mjscore.notation.tokens import Token
from mjscore.result import ScoreLine, ScoreResult, Shown, Summary, copied_context, document_start
from mjscore.rulesets import AnyRuleSet
from mjscore.scoring import Overlong, hand_lines
from mjscore.settings import Settings
from mjscore.values import Value
from mjscore.waiting import Piece, Progress, Spelling, Waiting, WaitingLine, WaitKind

SEEN, DISCARDS_KEY = ANALYSIS_KEYS
# Analysis.kind: what the hand is.
WAITS: Final = "waits"  # a ready hand, one short: what it waits on
NOT_READY: Final = "not-ready"  # a hand one short that is not ready: its shanten
DISCARDS: Final = "discards"  # a hand one over (a tile just drawn): a row per discard
SCHEMA: Final = "analysis-1"  # the JSON document's (mjscore/data/analysis.schema.json)

# How a wait is won one way (``Outcome.kind``).
WIN: Final = "win"  # scored
NO_YAKU: Final = "no-yaku"  # a winning shape without a yaku; riichi may give one (``Outcome.with_riichi``)
FURITEN: Final = "furiten"  # a ron the hand may not make: one of its waits is among its own discards
REFUSED: Final = "refused"  # the scorer refuses the win: ``Outcome.problems`` say why (two-fan-minimum ...)
NONE_LEFT: Final = "none-left"  # not scored: the line itself (hand, indicators, tiles set aside) holds every copy

WINS: Final = (Win.RON, Win.TSUMO)  # the wins a wait is scored by, in the order they are shown
NO_YAKU_CODE: Final = "no-yaku"  # riichi's problem for a winning shape without a yaku (docs/rules/riichi.md §4)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class WinValue(Value):
    """What a win scores: its best reading as ``score`` describes it, that reading's items, its
    total in the rule set's unit (riichi: han; BABA: KOBAN per payer), its summary (han, fu,
    limit where the rule set has them, and ``hand_value``: what the hand earns the winner, before
    honba, sticks and pot), what the winner receives in all (those included), the unit
    ``hand_value`` and ``received`` are in (points, KOBAN) and how the rule set names its total
    ("total per payer", "hand total")."""

    reading: str
    items: tuple[ScoreLine, ...]
    total: int
    summary: Summary
    received: int
    unit: str
    total_label: str

    @classmethod
    def of(cls, result: ScoreResult) -> WinValue:
        summary, total, received = result.summary, result.total, result.received
        assert summary is not None and total is not None and received is not None  # a win's result
        return cls(result.reading, result.lines, total, summary, received, result.paid_in, result.total_label)

    def to_dict(self) -> dict[str, object]:
        return {
            "reading": self.reading,
            "items": [x.to_dict() for x in self.items],
            "total": self.total,
            "summary": self.summary.to_dict(),
            "received": self.received,
        }


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Outcome(Value):
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


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Wait(Value):
    """One wait: its kind, the tile or card scored (``5p``; ``0p`` when the plain fives are all
    accounted for and only a red one is left to win on; ``馬場``, ``OBABA``), the copies still
    unseen, how it is won by ron and by tsumo (None: not asked) and notes for people."""

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


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Draw(Value):
    """A kind whose draw brings a hand one step closer to a win (for a ready hand: a wait), its
    name, and the copies of it still unseen."""

    kind: int
    tile: str
    unseen: int

    def to_dict(self) -> dict[str, object]:
        return {"tile": self.tile, "unseen": self.unseen}


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Best(Value):
    """The most a ready discard's waits score: the wait (its tile as scored), the win, and what
    that win scores."""

    tile: str
    win: Win
    value: WinValue

    def to_dict(self) -> dict[str, object]:
        return {"tile": self.tile, "win": self.win.value, "hand_value": self.value.summary.hand_value}


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class DiscardRow(Value):
    """One discard of a hand one over: the tile (``5p``; ``0p`` a red five, a discard of its own),
    whether it is the tile just drawn (+TILE), the shanten after it, the kinds that then improve
    the hand (for a ready hand: its waits) with their copies unseen; for a ready hand its waits
    scored, the waits among the discards (this one included: furiten, where the rule set knows
    it), the all-four-held kinds, and the ``best`` a win on them scores (None: none scores)."""

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

    def to_dict(self, names: dict[int, str]) -> dict[str, object]:
        """The row as data; ``names``: each kind's name, as outputs write it."""
        return {
            "discard": self.tile,
            "drawn": self.drawn,
            "shanten": _shanten_dict(self.shanten),
            "improving": [d.to_dict() for d in self.improving],
            "unseen": self.unseen,
            "furiten": [names[k] for k in self.furiten],
            "held_four": [names[k] for k in self.held_four],
            "waits": [w.to_dict() for w in self.waits],
            "best": None if self.best is None else self.best.to_dict(),
            "notes": list(self.notes),
        }


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Analysis(Value):
    """What a hand is, and what it waits on or how far it is from waiting. ``kind``: ``waits`` (a
    ready hand one short: ``waits``, ``furiten``), ``not-ready`` (a hand one short that is not:
    ``shanten`` and its ``improving`` draws) or ``discards`` (a hand one over: ``rows``, one per
    discard, best first; ``complete``: it is a winning shape as it stands; ``drawn``: the +TILE,
    the tile just drawn). ``shown``: the line as read (in canonical notation, ``seen=`` and
    ``discards=`` included), the header for people and the context as data (no reading).
    ``wins``: the wins asked (both, unless the line names one or its words rule one out);
    ``seen`` and ``discards``: the kinds those items list; ``furiten``: the waits among the
    discards (a rule set without furiten: none); ``held_four``: kinds that would complete a hand
    one short but that it holds every copy of, so no wait; ``names``: each kind's name, as
    outputs write it; ``piece``: what the hand is made of ("tile", "card"), and ``shapes``: the
    names of the shapes ``shanten`` counts (``HandShape.names``), for people."""

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
    names: dict[int, str]
    piece: str
    shanten: Shanten | None = None
    improving: tuple[Draw, ...] = ()
    rows: tuple[DiscardRow, ...] = ()
    complete: bool = False
    drawn: str | None = None
    shapes: tuple[str, ...] = ()

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
            "seen": self.codes(self.seen),
            "discards": self.codes(self.discards),
            "furiten": self.codes(self.furiten),
            "held_four": self.codes(self.held_four),
            "unseen": self.unseen,
            "payment_unit": self.payment_unit,
            "waits": [w.to_dict() for w in self.waits],
        }

    def _not_ready_fields(self) -> dict[str, object]:
        assert self.shanten is not None  # a hand not ready has its shanten
        return {
            "seen": self.codes(self.seen),
            "discards": self.codes(self.discards),
            "held_four": self.codes(self.held_four),
            "shanten": _shanten_dict(self.shanten),
            "improving": [d.to_dict() for d in self.improving],
            "unseen": self.unseen,
        }

    def _discards_fields(self) -> dict[str, object]:
        return {
            "wins": [win.value for win in self.wins],
            "seen": self.codes(self.seen),
            "discards": self.codes(self.discards),
            "drawn": self.drawn,
            "complete": self.complete,
            "payment_unit": self.payment_unit,
            "rows": [r.to_dict(self.names) for r in self.rows],
        }

    def codes(self, kinds: Iterable[int]) -> list[str]:
        """The names of ``kinds``, as outputs write them ("1m", "馬場")."""
        return [self.names[k] for k in kinds]


def _shanten_dict(found: Shanten) -> dict[str, object]:
    return {
        "best": found.best,
        "standard": found.standard,
        "seven_pairs": found.pairs,
        "thirteen_orphans": found.orphans,
    }


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class AnalysedLine(Value):
    """One hand line of a file: its number, its text, and an analysis or an error."""

    number: int
    text: str
    analysis: Analysis | None
    error: HandError | None


def analyse(text: str, settings: Settings | None = None) -> Analysis:
    """What the hand of one line waits on, and what each wait scores by ron and by tsumo; how
    far a hand one short that is not ready is; a hand one over's discards, best first
    (``Analysis``). ``HandError`` lists what is wrong with the line: every problem ``score``
    finds in it, and the analysis's own.

    >>> [w.tile for w in analyse("23m456p789s11z567s ron").waits]
    ['1m', '4m']
    >>> [row.tile for row in analyse("23m456p789s11z567s5z").rows][:2]
    ['5z', '2m']
    """
    settings = settings or DEFAULT_SETTINGS
    ruleset, tokens = read_tokens(text, settings)
    try:
        return _Analyst(_read(text, ruleset, tokens, settings), settings).analysis()
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
                raise text.error(named_ruleset(text.head, settings or DEFAULT_SETTINGS))
            yield AnalysedLine(number, text, analyse(text, settings), None)
        except HandError as exc:
            yield AnalysedLine(number, exc.text, None, exc)


# --- the line as typed


class _Line(NamedTuple):
    """A line as typed, read for the analysis: its rule set, its hand as the rule set reads it
    (``hand``: its size, where it is, where a tile is put in and what takes one out, the tiles
    ``seen=`` and ``discards=`` list), the text with the analysis's own items blanked out (what
    lines are made from), the win it names, and those items as read."""

    text: str
    ruleset: AnyRuleSet
    hand: WaitingLine
    blanked: str
    win: Win | None
    items: Items


def _read(text: str, ruleset: AnyRuleSet, tokens: list[Token], settings: Settings) -> _Line:
    own = [t for t in tokens if t.tag == "option" and t.text.lower() in ANALYSIS_KEYS]
    items = gather_items(own, (), ANALYSIS_KEYS, ())
    hand = ruleset.waiting_line(text, tokens, items, settings)  # a rule set that cannot be analysed says so
    if tokens and tokens[0].tag == "draw":
        message = "a draw line has no hand to wait: waits reads a hand of 13 tiles, each meld counted as 3"
        raise fail(text, [Problem("analysis-draw-line", message, tokens[0].loc + 1)])
    blanked = text
    for t in own:  # blanks: every other column stays where it was
        blanked = blanked[: t.loc] + " " * (t.end - t.loc) + blanked[t.end :]
    words = {t.text.lower() for t in tokens if t.tag == "flag"}
    named = [w for w in Win if w.value in words]
    # both named: nothing is added, and the made line tells the conflict
    return _Line(text, ruleset, hand, blanked, named[0] if named else None, items)


class _Made(NamedTuple):
    """A line made from the user's: ``width`` characters put in at ``at`` (0-based in the line as
    typed; -1: none), ``cut_width`` characters taken out from ``cut`` (before ``at``; -1:
    none) and ``rest_width`` put in their place, words added at the end of the ``typed``
    characters. ``problems`` maps a problem of the made line back to the line as typed."""

    text: str
    at: int
    width: int
    typed: int
    cut: int = -1
    cut_width: int = 0
    rest_width: int = 0

    def problems(self, exc: HandError) -> list[Problem]:
        return [p if p.col <= 0 else Problem(p.code, p.message, self.col(p.col)) for p in exc.problems]

    def col(self, col: int) -> int:
        """The column of the line as typed that stands where ``col`` of the made line does:
        what stands in place of the cut stands where the cut was, what follows it where it was
        typed, the tile put in where it was put (past the hand), the words added for the line
        as a whole (0)."""
        i = col - 1
        if i >= self.cut:
            if i < self.cut + self.rest_width:
                return self.cut + 1
            i += self.cut_width - self.rest_width  # past the cut (none: 0)
            if 0 <= self.at <= i:
                i = self.at if i < self.at + self.width else i - self.width
        return i + 1 if i < self.typed else 0


def _with_analysis_words(problem: Problem, line: _Line) -> Problem:
    """An unknown word told as a line read by the analysis knows it: seen= and discards= among
    the words known (and guessed), as the scorer, which reads neither, cannot."""
    if problem.code != "unknown-word" or problem.col <= 0:
        return problem
    word = line.text[problem.col - 1 :].split(maxsplit=1)[0]
    word = word[: word.index("=") + 1] if "=" in word else word
    ruleset = line.ruleset
    known = known_words(ruleset.flags, (*ruleset.keys, *ANALYSIS_KEYS), ruleset.option_specs())
    told = unknown_word(word, known, problem.col)
    given = problem.message.rpartition(")")[2]  # "; given twice", when it was
    return Problem(told.code, told.message + given, told.col)


def _made(line: _Line, cut: Piece | None, put: str, win: Win, more: str = "") -> _Made:
    """The line with ``put`` (a kind as the rule set writes it) put in as the winning tile and
    ``win`` (unless the line names it) and ``more`` added, the piece ``cut`` taken out (its
    ``rest`` in its place); a hand
    one short that names its winning tile keeps it (and is refused). A +TILE that is not cut
    stays in the hand as a concealed tile (its "+" a blank)."""
    hand = line.hand
    words = ("" if line.win else f" {win.value}") + more
    text = line.blanked
    at = hand.hand_end
    if cut is None:
        if hand.winner_col:
            return _Made(text + words, -1, 0, len(line.text))
        return _Made(text[:at] + put + text[at:] + words, at, len(put), len(line.text))
    if hand.winner_col and not cut.drawn:
        text = text[: hand.winner_col - 1] + " " + text[hand.winner_col :]
    made = text[: cut.cut] + cut.rest + text[cut.cut + cut.width : at] + put + text[at:] + words
    return _Made(made, at, len(put), len(line.text), cut.cut, cut.width, len(cut.rest))


# --- the analysis


class _Probed(NamedTuple):
    """What the probe found of a line, and what every hand the analysis looks at shares: the
    wins asked, the probe's deal, what the rule set says of the hand (``waiting``: the copies of
    each kind the line shows, the shanten engine), the copies ``seen=`` and ``discards=`` list,
    and the kinds discarded."""

    wins: tuple[Win, ...]
    deal: Any
    waiting: Waiting
    seen: Counter[int]
    discarded: frozenset[int]


class _Analyst:
    """The analysis of one line: the probes that check it, then what the hand is: ready (each
    wait scored), not ready (its shanten) or one over (a row per discard)."""

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
        wins, deal = self._probe(problems, size is not None)
        if problems or deal is None:
            raise fail(line.text, problems)
        waiting = line.ruleset.waiting(deal, line.hand, win_named=line.win is not None)
        seen = Counter([kind for _, kind in (*line.hand.seen, *line.hand.discards)])
        copies = _copy_problems(line, waiting, seen)
        if copies:
            raise fail(line.text, copies)
        self.notes += waiting.notes
        probed = _Probed(wins, deal, waiting, seen, frozenset([kind for _, kind in line.hand.discards]))
        if line.hand.cut is not None:
            return self._discard_table(probed)
        return self._one_short(probed)

    def _one_short(self, probed: _Probed) -> Analysis:
        """A hand one short: its waits, each scored, or how far it is from ready."""
        line, waiting = self.line, probed.waiting
        kinds = {k.kind: k for k in waiting.kinds}
        held = waiting.held
        held_four = tuple([k for k in waiting.completing if held[k] >= kinds[k].copies])
        completing = [kinds[k] for k in waiting.completing if held[k] < kinds[k].copies]
        if not completing:
            return self._not_ready(probed, held_four)
        furiten = tuple([k.kind for k in completing if k.kind in probed.discarded]) if waiting.furiten else ()
        if furiten:
            self.notes.append(
                f"furiten: {_listed(furiten, waiting)} {'is' if len(furiten) == 1 else 'are'} among your discards: "
                "no ron on any wait; a tsumo still wins"
            )
        self.notes += [_held_four_note(k, waiting) for k in held_four]
        scorer = _Scorer(line, self.settings, probed)
        waits = tuple(
            [
                scorer.wait(
                    k,
                    on_line=waiting.on_line[k.kind],
                    seen=probed.seen[k.kind],
                    furiten=bool(furiten),
                    discarded=probed.discarded,
                )
                for k in completing
            ]
        )
        return self._analysis(WAITS, probed, waits=waits, furiten=furiten, held_four=held_four)

    def _not_ready(self, probed: _Probed, held_four: tuple[int, ...]) -> Analysis:
        """A hand one short that nothing completes: its shanten and the kinds that lower it, where
        the rule set can tell (else refused: ``analysis-not-ready-yet``)."""
        line, waiting = self.line, probed.waiting
        if waiting.shape is None:
            raise fail(line.text, [_not_ready_problem(held_four, waiting, line.hand.piece)])
        progress = waiting.shape.progress([p.kind for p in line.hand.pieces])
        if held_four:
            self.notes.append(_ready_in_shape_only(held_four, progress.shanten.best, waiting))
        improving = self._draws(progress.improving, probed)
        return self._analysis(NOT_READY, probed, held_four=held_four, distance=progress.shanten, improving=improving)

    def _discard_table(self, probed: _Probed) -> Analysis:
        """A hand one over: a row per distinct discard, best first (``_rank``), where the rule set
        can tell how far a hand is (else refused: ``analysis-discards-not-yet``)."""
        line, waiting = self.line, probed.waiting
        if waiting.shape is None:
            raise fail(line.text, [_discards_not_yet(line.hand)])
        pieces = line.hand.pieces
        kinds = [p.kind for p in pieces]
        complete = waiting.shape.shanten(kinds).best < 0
        if complete:
            self.notes.append("the hand is complete as it stands (a winning shape): mjscore score scores it")
        after: dict[int, Progress] = {}
        rows = []
        for piece in _distinct(pieces):
            if piece.kind not in after:
                left = list(kinds)
                left.remove(piece.kind)
                after[piece.kind] = waiting.shape.progress(left)
            rows.append(self._row(piece, after[piece.kind], probed))
        names = waiting.names()
        order = {k.kind: i for i, k in enumerate(waiting.kinds)}
        rows.sort(key=lambda row: _rank(row, names, order))
        drawn = next((p.tile for p in pieces if p.drawn), None)
        return self._analysis(DISCARDS, probed, rows=tuple(rows), complete=complete, drawn=drawn)

    def _row(self, piece: Piece, after: Progress, probed: _Probed) -> DiscardRow:
        """One discard: what it leaves (``after``, from the shanten engine), and for a ready hand
        its waits scored on the line with the piece taken out. Copies unseen count the hand one
        over: the piece discarded is seen, and a wait on a discarded kind, this one included, is
        furiten where the rule set knows furiten."""
        waiting = probed.waiting
        notes = ["the tile drawn"] if piece.drawn else []
        improving = self._draws(after.improving, probed)
        held_four = after.held_four
        if after.shanten.best > 0:
            if held_four:
                notes.append(_ready_in_shape_only(held_four, after.shanten.best, waiting))
            return DiscardRow(
                piece.tile, piece.kind, piece.drawn, after.shanten, improving, (), (), held_four, None, tuple(notes)
            )
        notes += [_held_four_note(k, waiting) for k in held_four]
        discarded = probed.discarded | {piece.kind}
        furiten = tuple([k for k in after.improving if k in discarded]) if waiting.furiten else ()
        if furiten:
            names = waiting.names()
            listed = ", ".join([f"{names[k]} (this discard)" if k == piece.kind else names[k] for k in furiten])
            notes.append(f"furiten: {listed} among your discards: no ron")
        scorer = _Scorer(self.line, self.settings, probed, piece)
        on_line = waiting.on_line.copy()
        on_line[piece.kind] -= 1
        seen = probed.seen.copy()
        seen[piece.kind] += 1
        kinds = {k.kind: k for k in waiting.kinds}
        waits = tuple(
            [
                scorer.wait(kinds[k], on_line=on_line[k], seen=seen[k], furiten=bool(furiten), discarded=discarded)
                for k in after.improving
            ]
        )
        return DiscardRow(
            piece.tile,
            piece.kind,
            piece.drawn,
            after.shanten,
            improving,
            waits,
            furiten,
            held_four,
            _best(waits),
            tuple(notes),
        )

    def _draws(self, kinds: tuple[int, ...], probed: _Probed) -> tuple[Draw, ...]:
        """``kinds`` with their copies unseen: those that exist, less those on the line (the hand
        as typed), seen= and discards=."""
        waiting = probed.waiting
        copies = {k.kind: k for k in waiting.kinds}
        return tuple([Draw(k, copies[k].name, copies[k].copies - waiting.on_line[k] - probed.seen[k]) for k in kinds])

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
        line, waiting = self.line, probed.waiting
        return Analysis(
            line.ruleset.name,
            line.ruleset.result_title(probed.deal),
            kind,
            self._shown(waiting, drawn),
            waits,
            probed.wins,
            tuple([k for _, k in line.hand.seen]),
            tuple([k for _, k in line.hand.discards]),
            furiten,
            held_four,
            tuple(self.notes),
            line.ruleset.payment_unit or line.ruleset.unit,
            waiting.names(),
            line.hand.piece,
            distance,
            improving,
            rows,
            complete,
            drawn,
            () if waiting.shape is None else waiting.shape.names,
        )

    def _size_problem(self) -> Problem | None:
        hand = self.line.hand
        piece = hand.piece
        if hand.size == hand.ready + 1:
            # a tile just drawn, +TILE or not: a row per discard, where the rule set makes them
            return None if hand.cut is not None else _discards_not_yet(hand)
        if hand.winner_col:
            named, short = "", ""
            if hand.pieces:  # the rule set reads a hand one over too, where +TILE is the tile just drawn
                named, short = f" (in a hand of {hand.ready + 1}, the {piece} just drawn)", f" of {hand.ready}"
            message = (
                f"+TILE names the {piece} that won a hand{named}: waits tries every {piece} in its place, so write "
                f"the hand{short} without it"
            )
            return Problem("analysis-winning-tile", message, hand.winner_col)
        if hand.size != hand.ready:
            message = f"{piece} count: {hand.size} given; waits reads a hand of {hand.sizes}"
            return Problem(hand.count_code, message, hand.hand_col)
        return None

    def _probe(self, problems: list[Problem], sized: bool) -> tuple[tuple[Win, ...], Any]:
        """Read the line, for each win asked, with the probe put in (a kind it does not show; a
        hand one over with ``cut`` taken out): the wins that can be asked, and the deal of the
        first. A problem found with both wins, or with the one the line names, is the line's and
        goes to ``problems`` (a size the analysis tells itself when ``sized``); one found with
        one win only rules that win out (a note says why). ``score`` would find each at the same
        column."""
        line = self.line
        asked = (line.win,) if line.win else WINS
        count_code = line.hand.count_code
        found: dict[Win, tuple[Any, list[Problem]]] = {}
        for win in asked:
            made = _made(line, line.hand.cut, line.hand.probe, win)
            try:
                found[win] = (parse_hand(made.text, self.settings).deal, [])
            except HandError as exc:
                found[win] = (None, [p for p in made.problems(exc) if not (sized and p.code == count_code)])
        faults = [[_with_analysis_words(p, line) for p in found[win][1]] for win in asked]
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

    def _shown(self, waiting: Waiting, drawn: str | None) -> Shown:
        """The line as read (the rule set's, with seen= and discards= added), its header (a hand
        one over's with the tile just drawn) and context."""
        line = self.line
        shown = waiting.shown
        words, header = [], list(shown.header)
        if drawn:
            header.append(("drawn", drawn))
        for key, listed in ((SEEN, line.hand.seen), (DISCARDS_KEY, line.hand.discards)):
            if listed:
                kinds = [kind for _, kind in listed]
                words.append(f" {key}={waiting.list_text(kinds)}")
                header.append((key, " ".join(_codes(kinds, waiting))))
        return Shown(shown.hand + "".join(words), tuple(header), "", shown.context)


class _Scorer:
    """Scores the waits of one hand one short: the line as typed, or a hand one over with
    ``cut``, the piece discarded, taken out. Each wait is scored on a line made from the
    user's."""

    def __init__(self, line: _Line, settings: Settings, probed: _Probed, cut: Piece | None = None) -> None:
        self.line = line
        self.settings = settings
        self.probed = probed
        self.cut = cut

    def wait(self, kind: WaitKind, *, on_line: int, seen: int, furiten: bool, discarded: frozenset[int]) -> Wait:
        """A wait scored by each win asked, in the first way of writing it whose wins are not
        refused for too many copies (with aka on, a plain five may be one too many when red
        ones are left: then the red five is scored). ``on_line``: its copies on the line scored
        (every one: none left); ``seen``: those seen besides; ``furiten``: the hand is furiten;
        ``discarded``: the kinds among the player's discards."""
        waiting = self.probed.waiting
        notes = [kind.note] if kind.note else []
        none_left = on_line >= kind.copies
        if none_left:
            notes.append(f"not scored: {waiting.where} show every copy")
        spelling = kind.spellings[0]
        outcomes = self._outcomes(spelling, none_left, furiten)
        for other in kind.spellings[1:]:
            if not any(_too_many(o) for o in outcomes.values()):
                break
            tried = self._outcomes(other, none_left, furiten)
            if not any(_too_many(o) for o in tried.values()):
                spelling, outcomes = other, tried
                notes.append(other.note)
        among = kind.kind in discarded
        if furiten and among:
            notes.append("among your discards (furiten)")
        elif among and not waiting.furiten:
            notes.append(f"among your discards: {self.line.ruleset.title} has no furiten, so a ron on it still wins")
        unseen = kind.copies - on_line - seen
        if unseen <= 0 and not none_left:
            notes.append("dead wait: every copy not in the hand is seen (seen=, discards=)")
        return Wait(kind.kind, spelling.tile, unseen, outcomes.get(Win.RON), outcomes.get(Win.TSUMO), tuple(notes))

    def _outcomes(self, spelling: Spelling, none_left: bool, furiten: bool) -> dict[Win, Outcome]:
        found = {}
        for win in self.probed.wins:
            if none_left:
                found[win] = Outcome(NONE_LEFT)
            elif furiten and win is Win.RON:
                found[win] = Outcome(FURITEN)
            else:
                found[win] = self._scored(spelling.text, win)
        return found

    def _scored(self, put: str, win: Win) -> Outcome:
        made = _made(self.line, self.cut, put, win)
        try:
            return Outcome(WIN, WinValue.of(score(made.text, self.settings)))
        except HandError as exc:
            problems = tuple(made.problems(exc))
        if any(p.code == NO_YAKU_CODE for p in problems):
            return Outcome(NO_YAKU, problems=problems, with_riichi=self._with_yaku_word(put, win))
        return Outcome(REFUSED, problems=problems)

    def _with_yaku_word(self, put: str, win: Win) -> WinValue | None:
        """What a win without a yaku scores with the word that gives one added (riichi, when the
        hand is closed and the line says no riichi: ``Waiting.yaku_word``)."""
        word = self.probed.waiting.yaku_word
        if not word:
            return None
        try:
            return WinValue.of(score(_made(self.line, self.cut, put, win, f" {word}").text, self.settings))
        except HandError:
            return None


def _copy_problems(line: _Line, waiting: Waiting, seen: Counter[int]) -> list[Problem]:
    """More copies of a kind than exist, counting those ``seen=`` and ``discards=`` list: at the
    listed tile that is one too many."""
    problems = []
    listed = sorted((*line.hand.seen, *line.hand.discards))
    copies = {k.kind: k for k in waiting.kinds}
    for kind, n in sorted(seen.items()):
        shown = waiting.on_line[kind]
        most = copies[kind].copies
        if shown + n > most:
            cols = [col for col, k in listed if k == kind]
            message = (
                f"{shown + n} copies of {copies[kind].name} (at most {_number(most)} exist): the line shows {shown}, "
                f"and seen= and discards= list {n}"
            )
            problems.append(Problem("too-many-copies", message, cols[max(most - shown, 0)]))
    return problems


def _not_ready_problem(held_four: tuple[int, ...], waiting: Waiting, piece: str) -> Problem:
    """A hand nothing completes, in a rule set that cannot tell how far it is from ready."""
    but = (
        f" ({_listed(held_four, waiting)} would, but the hand holds {_all_held(held_four, waiting)})"
        if held_four
        else ""
    )
    message = f"not ready: no {piece} completes this hand{but}; how far it is from ready comes in a later version"
    return Problem("analysis-not-ready-yet", message)


def _discards_not_yet(hand: WaitingLine) -> Problem:
    """A hand one over, in a rule set that does not tell its discards."""
    piece = hand.piece
    message = (
        f"{hand.size} {piece}s: which {piece} to discard from a hand of {hand.size} comes in a later version; "
        f"waits reads a hand of {hand.sizes}, and mjscore score scores a winning hand"
    )
    return Problem("analysis-discards-not-yet", message, hand.hand_col)


def _distinct(pieces: tuple[Piece, ...]) -> list[Piece]:
    """One piece of each distinct discard (a red five apart from the plain fives): the +TILE when
    it is one, else the last written."""
    found: dict[tuple[int, str], Piece] = {}
    for p in pieces:
        key = (p.kind, p.tile)
        if key not in found or not found[key].drawn:
            found[key] = p
    return list(found.values())


def _rank(row: DiscardRow, names: dict[int, str], order: dict[int, int]) -> tuple[int, int, int, int, bool]:
    """Best first: the least shanten after the discard, then the most tiles unseen that improve
    (or complete) the hand, then the best a win on its waits scores; then in the order of the
    tile set (``order``: each kind's place in ``Waiting.kinds``; BABA: the deck's, then OBABA),
    a plain five before a red one (keeping a red five keeps a dora)."""
    best = 0 if row.best is None else row.best.value.summary.hand_value
    return (row.shanten.best, -row.unseen, -best, order[row.kind], row.tile != names[row.kind])


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


def _held_four_note(kind: int, waiting: Waiting) -> str:
    return f"{waiting.names()[kind]} would complete the hand, but it holds {_all_held((kind,), waiting)}: no wait"


def _ready_in_shape_only(held_four: tuple[int, ...], shanten: int, waiting: Waiting) -> str:
    """What a hand says whose only completions are kinds it holds every copy of (docs/rules/riichi.md §3)."""
    return (
        f"ready in shape only: {_listed(held_four, waiting)} would complete it, but the hand holds "
        f"{_all_held(held_four, waiting)}, so it is {shanten}-shanten"
    )


def _too_many(outcome: Outcome) -> bool:
    return outcome.kind == REFUSED and any(p.code == "too-many-copies" for p in outcome.problems)


def _listed(kinds: Iterable[int], waiting: Waiting) -> str:
    return ", ".join(_codes(kinds, waiting))


def _codes(kinds: Iterable[int], waiting: Waiting) -> list[str]:
    names = waiting.names()
    return [names[k] for k in kinds]


_NUMBERS: Final = ("no", "one", "two", "three", "four")


def _all_held(kinds: tuple[int, ...], waiting: Waiting) -> str:
    """ "all four": how many copies of ``kinds`` a hand that holds every one holds."""
    copies = {k.kind: k.copies for k in waiting.kinds}
    counts = {copies[k] for k in kinds}
    return f"all {_number(counts.pop())}" if len(counts) == 1 else "every copy"


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
