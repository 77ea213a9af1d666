"""What a hand waits on, and what each wait scores: ``mjscore waits`` (README, "What a hand
waits on").

A hand one tile or card short of a win (riichi: 13 tiles, each meld counted as 3; BABA: 5
cards, 6 with a KAN), written without its winning tile, waits on each kind that makes it a
winning shape; a kind the hand holds every copy of is no wait. Each wait is scored by the
scoring pipeline, on a line made from the user's: the kind written into the hand (riichi:
``+TILE`` right after the hand's last group), and ``ron`` or ``tsumo`` after the items. Every
item of the line so means what it means to ``score``, and a problem of the line is the
problem ``score`` reports, at the column of the line as typed (``_Made`` maps the columns
back). The line is first read with a kind it does not show (the *probe*): what is wrong then
is the line's, never the tile's.

What differs between rule sets is asked of the rule set through two hooks and nothing else
(``RuleSet.waiting_line`` and ``RuleSet.waiting``, whose answers ``mjscore.waiting`` describes;
docs/adding-a-ruleset.md, "Analysis"): how its line's hand is counted and where a tile goes,
which kinds complete the hand, how many copies of each exist and the line shows, and how the
line reads back. A rule set that does not write them is refused (``analysis-ruleset-not-yet``).

The analysis reads two items of its own, which made lines leave out (blanked, so that no
column moves): ``seen=`` (tiles visible on the table) and ``discards=`` (the player's own
discards: a wait among them makes the hand furiten where the rule set knows furiten). Both
count as seen when the copies left of a wait are counted.

This is the first part of issue 15. What comes next slots in where a problem now says "not
yet" (codes ``analysis-*-not-yet``, raised by ``_Analyst.analysis``): a hand that is not ready
(its shanten) and a hand one tile over (a table of discards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from mjscore.errors import HandError, Problem
from mjscore.hand import Win
from mjscore.notation.build import ANALYSIS_KEYS, Items, fail, gather_items
from mjscore.notation.tokens import Token
from mjscore.result import ScoreLine, ScoreResult, Shown, Summary, copied_context, document_start
from mjscore.rulesets import AnyRuleSet
from mjscore.scoring import Overlong, hand_lines, named_ruleset, parse_hand, read_tokens, score
from mjscore.settings import Settings
from mjscore.waiting import Spelling, Waiting, WaitingLine, WaitKind

_DEFAULT_SETTINGS = Settings()
SEEN, DISCARDS = ANALYSIS_KEYS
WAITS = "waits"  # Analysis.kind of a ready hand
SCHEMA = "analysis-1"  # the JSON document's (mjscore/data/analysis.schema.json)

# How a wait is won one way (``Outcome.kind``).
WIN = "win"  # scored
NO_YAKU = "no-yaku"  # a winning shape without a yaku; riichi may give one (``Outcome.with_riichi``)
FURITEN = "furiten"  # a ron the hand may not make: one of its waits is among its own discards
REFUSED = "refused"  # the scorer refuses the win: ``Outcome.problems`` say why (two-fan-minimum ...)
NONE_LEFT = "none-left"  # not scored: the line itself (hand, indicators, tiles set aside) holds every copy

WINS = (Win.RON, Win.TSUMO)  # the wins a wait is scored by, in the order they are shown
NO_YAKU_CODE = "no-yaku"  # riichi's problem for a winning shape without a yaku (docs/rules/riichi.md §4)


@dataclass(frozen=True, slots=True)
class WinValue:
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


@dataclass(frozen=True, slots=True)
class Analysis:
    """What a hand is and what it waits on. ``kind``: ``waits``, a ready hand one tile short (the
    analysis of hands not ready and of a tile over comes next). ``shown``: the line as read (in
    canonical notation, ``seen=`` and ``discards=`` included), the header for people and the
    context as data (no reading). ``wins``: the wins asked (both, unless the line names one or
    its words rule one out); ``seen`` and ``discards``: the kinds those items list;
    ``furiten``: the waits among the discards (a rule set without furiten: none);
    ``held_four``: kinds that would complete the hand but that it holds every copy of, so no
    wait; ``names``: each kind's name, as outputs write it; ``piece``: what the hand is made of
    ("tile", "card"), for people."""

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

    @property
    def unseen(self) -> int:
        """The tiles still unseen that complete the hand, every wait's together."""
        return sum([w.unseen for w in self.waits])

    def to_dict(self, *, line: int = 0, source: str = "") -> dict[str, object]:
        """The JSON document (``SCHEMA``; mjscore/data/analysis.schema.json): data under stable
        keys, tiles as codes; what is only for people sits in ``shown``. ``line`` and ``source``:
        where a file's line is from (0 and "": not a file's)."""
        return {
            **document_start(line, source, SCHEMA),
            "ok": True,
            "kind": self.kind,
            "ruleset": self.ruleset,
            "hand": self.shown.hand,
            "context": copied_context(self.shown.context),
            "wins": [win.value for win in self.wins],
            "seen": self.codes(self.seen),
            "discards": self.codes(self.discards),
            "furiten": self.codes(self.furiten),
            "held_four": self.codes(self.held_four),
            "unseen": self.unseen,
            "payment_unit": self.payment_unit,
            "waits": [w.to_dict() for w in self.waits],
            "notes": list(self.notes),
            "shown": {
                "title": self.title,
                "header": [{"label": label, "text": text} for label, text in self.shown.header],
            },
        }

    def codes(self, kinds: Iterable[int]) -> list[str]:
        """The names of ``kinds``, as outputs write them ("1m", "馬場")."""
        return [self.names[k] for k in kinds]


@dataclass(frozen=True, slots=True)
class AnalysedLine:
    """One hand line of a file: its number, its text, and an analysis or an error."""

    number: int
    text: str
    analysis: Analysis | None
    error: HandError | None


def analyse(text: str, settings: Settings | None = None) -> Analysis:
    """What the hand of one line waits on, and what each wait scores by ron and by tsumo.
    ``HandError`` lists what is wrong with the line: every problem ``score`` finds in it, and
    the analysis's own.

    >>> [w.tile for w in analyse("23m456p789s11z567s ron").waits]
    ['1m', '4m']
    """
    settings = settings or _DEFAULT_SETTINGS
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
                raise text.error(named_ruleset(text.head, settings or _DEFAULT_SETTINGS))
            yield AnalysedLine(number, text, analyse(text, settings), None)
        except HandError as exc:
            yield AnalysedLine(number, exc.text, None, exc)


# --- the line as typed


class _Line(NamedTuple):
    """A line as typed, read for the analysis: its rule set, its hand as the rule set reads it
    (``hand``: its size, where it is, where a tile is put in, the tiles ``seen=`` and
    ``discards=`` list), the text with the analysis's own items blanked out (what lines are made
    from), the win it names, and those items as read."""

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
    """A line made from the user's: ``width`` characters put in at ``at`` (0-based; -1: none),
    words added at the end of the ``typed`` characters. ``problems`` maps a problem of the
    made line back to the line as typed."""

    text: str
    at: int
    width: int
    typed: int

    def problems(self, exc: HandError) -> list[Problem]:
        return [p if p.col <= 0 else Problem(p.code, p.message, self.col(p.col)) for p in exc.problems]

    def col(self, col: int) -> int:
        """The column of the line as typed that stands where ``col`` of the made line does:
        the tile put in stands where it was put (past the hand), the words added stand for the
        line as a whole (0)."""
        i = col - 1
        if 0 <= self.at <= i:
            i = self.at if i < self.at + self.width else i - self.width
        return i + 1 if i < self.typed else 0


# --- the analysis


class _Analyst:
    """The analysis of one line: the probes that check it, then each wait scored."""

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
        kinds = {k.kind: k for k in waiting.kinds}
        held = waiting.held
        held_four = tuple([k for k in waiting.completing if held[k] >= kinds[k].copies])
        completing = [kinds[k] for k in waiting.completing if held[k] < kinds[k].copies]
        on_line = waiting.on_line
        seen = Counter([kind for _, kind in (*line.hand.seen, *line.hand.discards)])
        copies = _copy_problems(line, waiting, seen)
        if copies:
            raise fail(line.text, copies)
        if not completing:
            raise fail(line.text, [_not_ready(held_four, waiting, line.hand.piece)])
        self.notes += waiting.notes
        discarded = {kind for _, kind in line.hand.discards}
        furiten = tuple([k.kind for k in completing if k.kind in discarded]) if waiting.furiten else ()
        if furiten:
            self.notes.append(
                f"furiten: {_listed(furiten, waiting)} {'is' if len(furiten) == 1 else 'are'} among your discards: "
                "no ron on any wait; a tsumo still wins"
            )
        self.notes += [
            f"{kinds[k].name} would complete the hand, but it holds {_all_held((k,), waiting)}: no wait"
            for k in held_four
        ]
        waits = tuple(
            [
                self._wait(k, wins, waiting, on_line=on_line[k.kind], seen=seen[k.kind], furiten=bool(furiten))
                for k in completing
            ]
        )
        return Analysis(
            line.ruleset.name,
            line.ruleset.result_title(deal),
            WAITS,
            self._shown(waiting),
            waits,
            wins,
            tuple([kind for _, kind in line.hand.seen]),
            tuple([kind for _, kind in line.hand.discards]),
            furiten,
            held_four,
            tuple(self.notes),
            line.ruleset.payment_unit or line.ruleset.unit,
            waiting.names(),
            line.hand.piece,
        )

    def _size_problem(self) -> Problem | None:
        hand = self.line.hand
        piece = hand.piece
        if hand.size == hand.ready + 1:
            message = (
                f"{hand.size} {piece}s: which {piece} to discard from a hand of {hand.size} comes in a later version; "
                f"waits reads a hand of {hand.sizes}, and mjscore score scores a winning hand"
            )
            return Problem("analysis-discards-not-yet", message, hand.hand_col)
        if hand.winner_col:
            message = (
                f"+TILE names the {piece} that won a hand: waits tries every {piece} in its place, so write the hand "
                "without it"
            )
            return Problem("analysis-winning-tile", message, hand.winner_col)
        if hand.size != hand.ready:
            message = f"{piece} count: {hand.size} given; waits reads a hand of {hand.sizes}"
            return Problem(hand.count_code, message, hand.hand_col)
        return None

    def _probe(self, problems: list[Problem], sized: bool) -> tuple[tuple[Win, ...], Any]:
        """Read the line, for each win asked, with the probe put in (a kind it does not show):
        the wins that can be asked, and the deal of the first. A problem found with both wins, or
        with the one the line names, is the line's and goes to ``problems`` (a size the analysis
        tells itself when ``sized``); one found with one win only rules that win out (a note says
        why). ``score`` would find each at the same column."""
        line = self.line
        asked = (line.win,) if line.win else WINS
        count_code = line.hand.count_code
        found: dict[Win, tuple[Any, list[Problem]]] = {}
        for win in asked:
            made = self._made(line.hand.probe, win)
            try:
                found[win] = (parse_hand(made.text, self.settings).deal, [])
            except HandError as exc:
                found[win] = (None, [p for p in made.problems(exc) if not (sized and p.code == count_code)])
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

    def _made(self, put: str, win: Win, more: str = "") -> _Made:
        """The line with ``put`` (a kind as the rule set writes it) put in as the winning tile and
        ``win`` (unless the line names it) and ``more`` added; a line that names its winning
        tile keeps it (and is refused)."""
        line = self.line
        words = ("" if line.win else f" {win.value}") + more
        if line.hand.winner_col:
            return _Made(line.blanked + words, -1, 0, len(line.text))
        at = line.hand.hand_end
        return _Made(line.blanked[:at] + put + line.blanked[at:] + words, at, len(put), len(line.text))

    def _wait(
        self, kind: WaitKind, wins: tuple[Win, ...], waiting: Waiting, *, on_line: int, seen: int, furiten: bool
    ) -> Wait:
        """A wait scored by each win asked, in the first way of writing it whose wins are not
        refused for too many copies (with aka on, a plain five may be one too many when red
        ones are left: then the red five is scored)."""
        notes = [kind.note] if kind.note else []
        if on_line >= kind.copies:
            notes.append(f"not scored: {waiting.where} show every copy")
        spelling = kind.spellings[0]
        outcomes = self._outcomes(spelling, wins, waiting, on_line >= kind.copies, furiten)
        for other in kind.spellings[1:]:
            if not any(_too_many(o) for o in outcomes.values()):
                break
            tried = self._outcomes(other, wins, waiting, on_line >= kind.copies, furiten)
            if not any(_too_many(o) for o in tried.values()):
                spelling, outcomes = other, tried
                notes.append(other.note)
        among = kind.kind in {k for _, k in self.line.hand.discards}
        if furiten and among:
            notes.append("among your discards (furiten)")
        elif among and not waiting.furiten:
            notes.append(f"among your discards: {self.line.ruleset.title} has no furiten, so a ron on it still wins")
        unseen = kind.copies - on_line - seen
        return Wait(kind.kind, spelling.tile, unseen, outcomes.get(Win.RON), outcomes.get(Win.TSUMO), tuple(notes))

    def _outcomes(
        self, spelling: Spelling, wins: tuple[Win, ...], waiting: Waiting, none_left: bool, furiten: bool
    ) -> dict[Win, Outcome]:
        found = {}
        for win in wins:
            if none_left:
                found[win] = Outcome(NONE_LEFT)
            elif furiten and win is Win.RON:
                found[win] = Outcome(FURITEN)
            else:
                found[win] = self._scored(spelling.text, win, waiting)
        return found

    def _scored(self, put: str, win: Win, waiting: Waiting) -> Outcome:
        made = self._made(put, win)
        try:
            return Outcome(WIN, WinValue.of(score(made.text, self.settings)))
        except HandError as exc:
            problems = tuple(made.problems(exc))
        if any(p.code == NO_YAKU_CODE for p in problems):
            return Outcome(NO_YAKU, problems=problems, with_riichi=self._with_yaku_word(put, win, waiting))
        return Outcome(REFUSED, problems=problems)

    def _with_yaku_word(self, put: str, win: Win, waiting: Waiting) -> WinValue | None:
        """What a win without a yaku scores with the word that gives one added (riichi, when the
        hand is closed and the line says no riichi: ``Waiting.yaku_word``)."""
        if not waiting.yaku_word:
            return None
        try:
            return WinValue.of(score(self._made(put, win, f" {waiting.yaku_word}").text, self.settings))
        except HandError:
            return None

    def _shown(self, waiting: Waiting) -> Shown:
        """The line as read (the rule set's, with seen= and discards= added), its header and
        context."""
        line = self.line
        shown = waiting.shown
        words, header = [], list(shown.header)
        for key, listed in ((SEEN, line.hand.seen), (DISCARDS, line.hand.discards)):
            if listed:
                kinds = [kind for _, kind in listed]
                words.append(f" {key}={waiting.list_text(kinds)}")
                header.append((key, " ".join(_codes(kinds, waiting))))
        return Shown(shown.hand + "".join(words), tuple(header), "", shown.context)


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


def _not_ready(held_four: tuple[int, ...], waiting: Waiting, piece: str) -> Problem:
    """A hand nothing completes: not ready (how far it is, its shanten, comes next)."""
    but = (
        f" ({_listed(held_four, waiting)} would, but the hand holds {_all_held(held_four, waiting)})"
        if held_four
        else ""
    )
    message = f"not ready: no {piece} completes this hand{but}; how far it is from ready comes in a later version"
    return Problem("analysis-not-ready-yet", message)


def _too_many(outcome: Outcome) -> bool:
    return outcome.kind == REFUSED and any(p.code == "too-many-copies" for p in outcome.problems)


def _listed(kinds: Iterable[int], waiting: Waiting) -> str:
    return ", ".join(_codes(kinds, waiting))


def _codes(kinds: Iterable[int], waiting: Waiting) -> list[str]:
    names = waiting.names()
    return [names[k] for k in kinds]


_NUMBERS = ("no", "one", "two", "three", "four")


def _all_held(kinds: tuple[int, ...], waiting: Waiting) -> str:
    """ "all four": how many copies of ``kinds`` a hand that holds every one holds."""
    copies = {k.kind: k.copies for k in waiting.kinds}
    counts = {copies[k] for k in kinds}
    return f"all {_number(counts.pop())}" if len(counts) == 1 else "every copy"


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
