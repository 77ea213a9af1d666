"""What a rule set tells ``mjscore waits`` (``mjscore.analysis``) through its two analysis
hooks, ``RuleSet.waiting_line`` and ``RuleSet.waiting`` (docs/adding-a-ruleset.md, "Analysis").

The analysis is the same for every rule set: it makes lines from the user's, each with a tile
or card put in (and, from a hand one over, one taken out), scores them through the pipeline,
and counts copies. What differs between rule sets is asked through these values: how a line's
hand is counted, where a tile goes, which tiles its ``seen=`` and ``discards=`` list and what
takes each concealed tile out of the line (``WaitingLine``); which kinds complete the hand one
short, how many copies of each exist and the line shows, how the line reads back, and how far
a hand is from a winning shape where the rule set can tell (``Waiting``, ``HandShape``). Kinds
are the rule set's own numbers (mpsz: ``tiles.tile_kind``; BABA: the deck's kinds, and its wild
card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from mjscore.errors import Problem
from mjscore.families.mpsz.shanten import Shanten
from mjscore.result import Shown
from mjscore.values import Value

# The problem of a line whose rule set does not answer the analysis (the hooks' defaults).
CANNOT_ANALYSE: Final = "analysis-ruleset-not-yet"


def cannot_analyse(title: str) -> Problem:
    """Why ``mjscore waits`` refuses a line of a rule set that does not write the analysis hooks."""
    return Problem(
        CANNOT_ANALYSE,
        f"mjscore waits does not read {title} hands yet: its rule set does not tell what a hand waits on",
    )


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Spelling(Value):
    """One way a made line writes a kind: ``text`` put in at ``WaitingLine.hand_end`` ("+5p",
    " MB"); ``tile``: the tile or card scored, as outputs name it ("5p", "0p", "馬場");
    ``note``: what the wait says when it is scored this way rather than the first."""

    text: str
    tile: str
    note: str = ""


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class WaitKind(Value):
    """A kind a hand may wait on: its number, its name in outputs and messages, the copies that
    exist, the ways a made line writes it, and a note every wait on it carries (""; BABA: OBABA
    is wild). The ways are tried in order while a way's win is refused for too many copies
    (riichi: a five, then the red five when the plain ones are all accounted for)."""

    kind: int
    name: str
    copies: int
    spellings: tuple[Spelling, ...]
    note: str = ""


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Piece(Value):
    """A concealed tile or card of a line's hand as typed: its kind, its name in outputs ("5p";
    "0p", a red five: a discard of its own beside the plain fives), whether it is the one just
    drawn (``+TILE``), and the characters that take it out of the line: ``width`` from ``cut``
    (0-based), ``rest`` put in their place (BABA: a blank, so that the cards either side are
    read as they were typed, never run together into another card)."""

    kind: int
    tile: str
    drawn: bool
    cut: int
    width: int
    rest: str = ""


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class WaitingLine(Value):
    """A line as the analysis reads it before anything is scored, told by its rule set
    (``RuleSet.waiting_line``).

    ``size``: the hand's size as the rule set counts it (riichi: each meld 3, a flower none;
    BABA: every card, a KAN 4); ``ready``: the size of a hand one short on this line (riichi 13;
    BABA 5, or 6 with a KAN); ``piece``: "tile" or "card", for messages; ``sizes``: the sizes the
    analysis reads, for messages ("13 (one tile short of a win), counting each meld as 3");
    ``count_code``: the rule set's own problem code for a wrong size, which the analysis tells
    itself. ``hand_col``: the 1-based column of the hand (0: none); ``winner_col``: of a winning
    tile the line names (0: none); ``hand_end``: where a tile is put in (0-based, past the
    hand's last group). ``probe``: how a kind the line does not show is written, put in to read
    the line (what is wrong then is the line's, never the tile's), and ``probe_kind`` that kind.
    ``seen`` and ``discards``: (column, kind) of each tile or card those items list.

    A hand one over (``size`` is ``ready`` + 1: a tile just drawn) gets a row per discard where
    the rule set says what takes a piece out of the line: ``pieces``, the hand's concealed pieces
    as typed (none: such a hand is refused, ``analysis-discards-not-yet``), and ``cut``, the one
    its probe leaves out, so that the line read is a winning hand's size (None: the hand is not
    one over)."""

    size: int
    ready: int
    piece: str
    sizes: str
    count_code: str
    hand_col: int
    winner_col: int
    hand_end: int
    probe: str
    probe_kind: int
    seen: tuple[tuple[int, int], ...]
    discards: tuple[tuple[int, int], ...]
    pieces: tuple[Piece, ...] = ()
    cut: Piece | None = None


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Waiting(Value):
    """A hand one short as its rule set sees it, from the deal of the line with the probe put in
    (``RuleSet.waiting``).

    ``kinds``: every kind of the set, in its order (what a wait may be and ``seen=`` may list);
    ``completing``: the kinds that make the hand a winning shape, in that order, copies not
    counted; ``held``: the copies in the hand and its melds; ``on_line``: the copies the line
    shows (``held``, and indicators, tiles set aside); ``where``: what ``on_line`` counts, for a
    note ("the hand, the indicators and the tiles set aside"). ``shown``: the line as read
    without the probe, without the win unless the line names one, no reading; ``list_text``
    writes the kinds a ``seen=`` or ``discards=`` lists, as the line reads back. ``furiten``:
    whether a wait among the player's discards rules out a ron (riichi), or is only seen
    (BABA); ``yaku_word``: a word the line may add that gives a yaku to a win the scorer refuses
    as ``no-yaku`` ("riichi" on a closed hand that declares none; "": none); ``notes``: what the
    analysis says of the hand beside its waits. ``shape``: how far a hand of the line is from a
    winning shape, asked of the kinds of ``WaitingLine.pieces`` (None: the rule set cannot tell,
    and a hand nothing completes or one over is refused).

    A line one over (``WaitingLine.cut``) is read with ``cut`` out and the probe in: ``held``,
    ``on_line`` and ``shown`` are of the hand as typed (``cut`` put back, the probe left out), and
    ``completing`` is empty (the hand is not one short)."""

    kinds: tuple[WaitKind, ...]
    completing: tuple[int, ...]
    held: Counter[int]
    on_line: Counter[int]
    where: str
    shown: Shown
    list_text: Callable[[Sequence[int]], str]
    furiten: bool = False
    yaku_word: str = ""
    notes: tuple[str, ...] = ()
    shape: HandShape | None = None

    def names(self) -> dict[int, str]:
        return {k.kind: k.name for k in self.kinds}


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Progress(Value):
    """How far a hand one short is from a win: its ``shanten`` (0: ready), the kinds whose draw
    lowers it (for a ready hand: its waits) and, apart, the kinds that would complete it but
    that the hand and its melds hold every copy of (no wait; a hand whose only completions they
    are is ready in shape only, and its shanten counts the set as it is)."""

    shanten: Shanten
    improving: tuple[int, ...]
    held_four: tuple[int, ...]


SHAPE_NAMES: Final = ("standard", "Seven Pairs", "Thirteen Orphans")  # the shapes a Shanten counts, for people


class HandShape:
    """What a rule set's shanten engine answers of the hands of one line (``Waiting.shape``): the
    line's melds, tile set and wild tiles are its own; ``concealed`` lists the kinds of a
    concealed part, one per tile (as ``WaitingLine.pieces`` name them). ``names``: how the rule
    set names the shapes a ``Shanten`` counts (Baida: Thirteen Terminals; BABA: two Kohtsu,
    San-toitsu, Ba-ittsu). (A base class, as ``RuleSet``: the mpsz family's is
    ``families.mpsz.waiting.MpszShape``, BABA's ``families.baba.shape.BabaShape``.)"""

    def __init__(self, names: tuple[str, str, str] = SHAPE_NAMES) -> None:
        self.names = names

    def shanten(self, concealed: Sequence[int]) -> Shanten:
        """The shanten of a hand one short or one over (-1: one over and complete)."""
        raise NotImplementedError

    def progress(self, concealed: Sequence[int]) -> Progress:
        """How far a hand one short is, and which draws bring it closer."""
        raise NotImplementedError
