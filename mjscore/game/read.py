"""Reading a game file: its lines as the game grammar reads them, and the header.

The header is the ``key=value`` lines before the first hand: the rule set, the players
seated E S W N at the start, the preset, the uma, the game's rules (``GameOptions``, or the
rule set's own: ``options.game_options_type``) and rule options for every hand. Every problem
of the header is told at once, before any hand is read (README, "Whole games").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Final

from mjscore.compiling import mypyc_attr
from mjscore.errors import HandError, MjscoreError, NotationError, Problem, quoted
from mjscore.game.options import (
    STICK,
    UMA_KEY,
    AnyGameOptions,
    BabaGameOptions,
    GameOptions,
    GameTable,
    game_specs,
    game_table,
)
from mjscore.game.tokens import NAME_LIMIT, PLAYER_RE, read_tokens
from mjscore.notation.build import gather_items
from mjscore.notation.tokens import Token
from mjscore.options import ON_WORDS, OptionSpec, OptionValue, specs, with_values
from mjscore.presets import PRESET_KEY
from mjscore.rulesets import AnyRuleSet, find_ruleset, get_ruleset, is_ruleset_name, unknown_ruleset
from mjscore.settings import DEFAULT_RULESET, Settings
from mjscore.values import Value

if TYPE_CHECKING:
    from pyparsing import ParseBaseException

RULESET_KEY: Final = "ruleset"
PLAYERS_KEY: Final = "players"
# A game file that starts in the middle of a game (a log cut from one, the second half of a
# session): the first hand, the riichi sticks on the table and each player's points then.
RESUME_KEY: Final = "resume"
STICKS_KEY: Final = "sticks"
POINTS_KEY: Final = "points"
RESUME_KEYS: Final = (RESUME_KEY, STICKS_KEY, POINTS_KEY)
HEADER_KEYS: Final = (RULESET_KEY, PRESET_KEY, PLAYERS_KEY, UMA_KEY, *RESUME_KEYS)
# The words a line of a game file is made of, and the pool of riichi sticks: no player's name.
LINE_WORDS: Final = ("draw", "abort", "chombo", "sticks")


@mypyc_attr(native_class=False)  # an error class: see errors.MjscoreError
class GameError(MjscoreError):
    """A game file that cannot be played on: each faulty line (its number, 0 for the file as a
    whole) with every problem of it."""

    code: ClassVar[str] = "game"

    def __init__(self, faults: Sequence[tuple[int, HandError]]) -> None:
        self.faults = tuple(faults)
        super().__init__("; ".join(str(error) for _, error in self.faults))


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameLine(Value):
    """One line of a game file as the game grammar read it (``text``: as written)."""

    number: int
    text: str
    tokens: tuple[Token, ...]

    @property
    def kind(self) -> str:
        """header, win, draw, abort or chombo."""
        tag = self.tokens[0].tag
        return {"option": "header", "player": "win"}.get(tag, tag)


def read_line(number: int, text: str) -> GameLine:
    """A line of a game file; ``GameError`` at the column where it cannot be read. The fast reader
    reads it; the grammar (pyparsing) is asked only where it declines, to say where the line fails."""
    tokens = read_tokens(text)
    if tokens is not None:
        return GameLine(number, text, tuple(tokens))
    import pyparsing as pp

    from mjscore.game.grammar import parse_line

    try:
        return GameLine(number, text, tuple(parse_line(text)))
    except pp.ParseBaseException as exc:
        raise GameError([(number, NotationError(text, exc.loc + 1, _expected(exc)))]) from None


def _expected(exc: ParseBaseException) -> str:
    found = "the end of the line" if exc.loc >= len(exc.pstr) else quoted(exc.pstr[exc.loc])
    return f"cannot read the game line here: {exc.msg[0].lower()}{exc.msg[1:]} (found {found})"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Resume(Value):
    """Where a game file of the riichi family starts when it starts in the middle of a game
    (``resume=S2-1 sticks=1 points=...``): the first hand's round (0 East, 1 South ...), its
    dealer (a player's index), its honba, the riichi sticks on the table and each player's
    points before it, in the order of the players."""

    round: int
    dealer: int
    honba: int
    sticks: int
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Header(Value):
    """What a game is played with, as the header says (a table's values where it says nothing)."""

    ruleset: AnyRuleSet
    preset: str  # "": the rule set has no presets (hana, Baida, BABA)
    players: tuple[str, ...]  # seated E S W N at the start: the first deals first
    seats: str  # the seat letters of its rule set (sanma: E S W)
    uma: tuple[int, ...]  # points per place, first to last (none: Baida, BABA)
    options: AnyGameOptions  # the game's rules: GameOptions, or the rule set's own (game_options_type)
    hand_options: Mapping[str, OptionValue]  # rule options every hand is scored with
    settings: Settings  # what each hand line is scored with
    resume: Resume | None = None  # where the file starts in the middle of a game (None: at its start)

    def start_points(self) -> tuple[int, ...]:
        """Each player's points when the file starts: the game's start, or where it resumes."""
        if self.resume is not None:
            return self.resume.points
        return (self.options.start,) * len(self.players)

    def player_index(self, name: str) -> int | None:
        """The player of ``name``, in any case (None: nobody)."""
        folded = name.casefold()
        return next((i for i, p in enumerate(self.players) if p.casefold() == folded), None)


def read_header(
    lines: Sequence[GameLine], seats: Mapping[str, Callable[[AnyRuleSet], str]], hands: GameLine | None = None
) -> Header:
    """The header from its lines (``key=value`` items); ``seats`` maps each rule set that has a
    ledger to what gives its seat letters; ``hands``: the first hand line, where a file without
    a header is told so (none: the file's first line). ``GameError`` lists every problem, each
    at its line."""
    faults: dict[int, list[Problem]] = {}
    found: dict[str, tuple[int, str, int]] = {}  # header key -> (line, value, column of the value)
    for line in lines:
        for tok in line.tokens:
            if tok.text.lower() in HEADER_KEYS:
                found.setdefault(tok.text.lower(), (line.number, tok.value, tok.value_loc + 1))
    ruleset = _ruleset(found, seats, faults)
    hand_specs: tuple[OptionSpec, ...] = ()
    rule_specs = specs(GameOptions)
    if ruleset is not None:
        hand_specs = ruleset.option_specs()
        rule_specs = game_specs(ruleset.name)
    values, given = _items(lines, (*rule_specs, *hand_specs), faults)
    if PLAYERS_KEY not in found:
        message = "the header names no players: players=NAME,NAME,... seated E S W N at the start, first dealer first"
        faults.setdefault(_first_line(lines, hands), []).append(Problem("game-header-missing", message))
    header = None
    if ruleset is not None:
        preset = _preset(ruleset, found, faults)
        table = game_table(ruleset.name, preset)
        game_names = {s.name for s in rule_specs}
        options = with_values(table.options, {k: v for k, v in values.items() if k in game_names})
        hand_values = MappingProxyType({k: v for k, v in values.items() if k not in game_names})
        players, letters = _players(found, seats[ruleset.name](ruleset), _table_sizes(ruleset), faults)
        uma = _uma(found, table, len(letters), faults)
        _conflicts(options, given, _first_line(lines, hands), faults)
        settings = Settings(
            ruleset=ruleset.name,
            options=MappingProxyType({ruleset.name: hand_values}),
            source="the game's header",
            preset=preset or None,
        )
        resume = _resume(found, options, len(players), faults)
        header = Header(ruleset, preset, players, letters, uma, options, hand_values, settings, resume)
    errors = _errors(faults, [*lines, *([] if hands is None else [hands])])
    if errors or header is None:
        raise GameError(errors)
    return header


def _first_line(lines: Sequence[GameLine], hands: GameLine | None) -> int:
    """The line a missing header is told at: the header's first, else the first hand's."""
    if lines:
        return lines[0].number
    if hands is not None:
        return hands.number
    return 1


def _items(
    lines: Sequence[GameLine], option_specs: Sequence[OptionSpec], faults: dict[int, list[Problem]]
) -> tuple[dict[str, OptionValue], dict[str, tuple[int, int]]]:
    """The header's option values (``option_specs``: the game's rules and the rule set's options),
    and where each item was first given (line, column); each line's problems join ``faults``."""
    values: dict[str, OptionValue] = {}
    given: dict[str, tuple[int, int]] = {}
    for line in lines:
        items = gather_items(line.tokens, (), HEADER_KEYS, option_specs)
        problems = faults.setdefault(line.number, [])
        problems.extend(items.problems)
        for tok in line.tokens:
            item = tok.text.lower()
            if item in given and given[item][0] != line.number:  # twice on one line: gather_items says so
                message = f"{quoted(tok.text)} is given again (first on line {given[item][0]})"
                problems.append(Problem("duplicate-item", message, tok.loc + 1))
            given.setdefault(item, (line.number, tok.loc + 1))
        values.update(items.options)
    return values, given


def _errors(faults: Mapping[int, list[Problem]], lines: Sequence[GameLine]) -> list[tuple[int, HandError]]:
    """Each line with problems, in order, its problems in the order of their columns."""
    texts = {line.number: line.text for line in lines}
    return sorted(
        (n, HandError(texts.get(n, ""), tuple(sorted(ps, key=lambda p: p.col)))) for n, ps in faults.items() if ps
    )


def _ruleset(
    found: Mapping[str, tuple[int, str, int]], ledgers: Mapping[str, object], faults: dict[int, list[Problem]]
) -> AnyRuleSet | None:
    """The rule set the header names (else the default), if its games have a ledger (``ledgers``:
    every built-in rule set; not one registered from outside mjscore)."""
    number, name, col = found.get(RULESET_KEY, (0, DEFAULT_RULESET, 0))
    if find_ruleset(name) is None:
        faults.setdefault(number, []).append(unknown_ruleset(name, col))
        return None
    ruleset = get_ruleset(name)
    if ruleset.name not in ledgers:
        message = (
            f"{ruleset.name} is a rule set registered from outside mjscore: it scores hands, and mjscore game "
            f"keeps games of its own rule sets only ({', '.join(ledgers)})"
        )
        faults.setdefault(number, []).append(Problem("game-ruleset-no-ledger", message, col))
        return None
    return ruleset


def _preset(ruleset: AnyRuleSet, found: Mapping[str, tuple[int, str, int]], faults: dict[int, list[Problem]]) -> str:
    """The header's preset, else the rule set's first; "" for a rule set without presets (a
    preset= is then its problem, no-presets)."""
    default = ruleset.presets[0] if ruleset.presets else ""
    if PRESET_KEY not in found:
        return default
    number, name, col = found[PRESET_KEY]
    problem = ruleset.preset_problem(name, col)
    if problem:
        faults.setdefault(number, []).append(problem)
        return default
    return name.lower()


_NAME: Final = re.compile(PLAYER_RE)


def _table_sizes(ruleset: AnyRuleSet) -> tuple[int, ...]:
    """How many players a rule set's game may have: the choices of its players= option (BABA: 3
    or 4, docs/rules/baba.md §6), else none (as many as it has seats)."""
    spec = next((s for s in ruleset.option_specs() if s.name == PLAYERS_KEY), None)
    return () if spec is None else spec.choices


def _players(
    found: Mapping[str, tuple[int, str, int]], letters: str, sizes: tuple[int, ...], faults: dict[int, list[Problem]]
) -> tuple[tuple[str, ...], str]:
    """The players the header names and their seat letters (``letters``: a full table's; ``sizes``:
    the numbers of players the game may have, when it is not one per seat)."""
    sizes = sizes or (len(letters),)
    if PLAYERS_KEY not in found:  # the header's problem is told; nothing is played
        return tuple(f"player{i + 1}" for i in range(sizes[-1])), letters[: sizes[-1]]
    number, text, col = found[PLAYERS_KEY]
    problems = faults.setdefault(number, [])
    names = text.split(",")
    seen: dict[str, str] = {}
    at = col
    for name in names:
        why = _name_problem(name, seen)
        if why:
            problems.append(Problem("game-players", why, at))
        seen.setdefault(name.casefold(), name)
        at += len(name) + 1
    if len(names) not in sizes:
        message = (
            f"players= names {len(names)} players; this rule set is played by {' or '.join(map(str, sizes))}, "
            "seated E S W N from the first dealer"
        )
        problems.append(Problem("game-players", message, col))
        return tuple(names), letters
    return tuple(names), letters[: len(names)]


def _name_problem(name: str, seen: Mapping[str, str]) -> str | None:
    if not name:
        return "players= lists names separated by commas, one each: players=Aki,Ben,Chie,Dai"
    if not _NAME.fullmatch(name) or len(name) > NAME_LIMIT:
        return (
            f"{quoted(name)} is no player's name: a letter, then letters, digits, '_', '-' or '.', "
            f"at most {NAME_LIMIT} characters"
        )
    folded = name.casefold()
    if folded in seen:
        return f"two players are named {quoted(seen[folded])} (names are read in any case)"
    if folded in ("e", "s", "w", "n") or folded in LINE_WORDS or folded in ON_WORDS or is_ruleset_name(folded):
        return (
            f"{quoted(name)} cannot name a player: it is a seat letter, a word of the game file "
            "(draw, abort, chombo, sticks), a switch word (on, off ...) or a rule set's name"
        )
    return None


def _uma(
    found: Mapping[str, tuple[int, str, int]], table: GameTable, seats: int, faults: dict[int, list[Problem]]
) -> tuple[int, ...]:
    if UMA_KEY not in found:
        return table.uma
    number, text, col = found[UMA_KEY]
    if not table.uma:
        message = "this game has no uma: its standings are the players' own count (README, Whole games)"
        faults.setdefault(number, []).append(Problem("game-header-conflict", message, col))
        return table.uma
    parts = text.split(",")
    values = [_signed(p) for p in parts]
    numbers = [v for v in values if v is not None]
    problems = faults.setdefault(number, [])
    if len(numbers) != len(parts) or len(parts) != seats:
        message = f"uma= is {seats} whole numbers of points, first place to last, e.g. uma=20000,10000,-10000,-20000"
        problems.append(Problem("bad-value", message, col))
        return table.uma
    if sum(numbers) != 0:
        message = f"uma= adds up to {sum(numbers):+d}: what the places win and lose must add up to 0"
        problems.append(Problem("game-header-conflict", message, col))
    return tuple(numbers)


_SIGNED: Final = re.compile(r"[+-]?[0-9]{1,7}")
# A hand as players name it: the round's wind, which deal of it, and its honba after a dash (S2-1).
_HAND_NAME: Final = re.compile(r"([ESWN])([1-4])(?:-([0-9]{1,2}))?", re.IGNORECASE)
_ROUND_LETTERS: Final = "ESWN"
_STICKS: Final = re.compile(r"[0-9]{1,3}")
STICKS_MOST: Final = 100  # a hand line's sticks=: four players' 25,000 points are at most 100 sticks


def _resume(
    found: Mapping[str, tuple[int, str, int]], options: AnyGameOptions, players: int, faults: dict[int, list[Problem]]
) -> Resume | None:
    """Where the file starts in the middle of a game: ``resume=``, ``sticks=`` and ``points=``
    (None: none given, the game starts at its start). The points and sticks must hold what the
    players started with, as every hand after them does (docs/notation.md §7)."""
    given = [key for key in RESUME_KEYS if key in found]
    if not given:
        return None
    if not isinstance(options, GameOptions):
        number, _, col = found[given[0]]
        message = (
            f"{given[0]}= starts a game of the riichi family (riichi, sanma, hana) in its middle: "
            "this game has no honba, riichi sticks or seats to resume"
        )
        faults.setdefault(number, []).append(Problem("game-header-conflict", message, col))
        return None
    where = _resumed_hand(found, options, players, faults)
    sticks = _resumed_sticks(found, faults)
    points = _resumed_points(found, options.start, players, faults)
    if where is None or sticks is None or points is None:
        return None
    held = sum(points) + sticks * STICK
    if held != options.start * players:
        key = POINTS_KEY if POINTS_KEY in found else STICKS_KEY
        number, _, col = found[key]
        message = (
            f"points= and sticks= hold {held} points, not the {options.start * players} the players started "
            f"with (start={options.start} each): the sticks on the table were paid out of the points"
        )
        faults.setdefault(number, []).append(Problem("game-header-conflict", message, col))
        return None
    round_, dealer, honba = where
    return Resume(round_, dealer, honba, sticks, points)


def _resumed_hand(
    found: Mapping[str, tuple[int, str, int]], options: GameOptions, players: int, faults: dict[int, list[Problem]]
) -> tuple[int, int, int] | None:
    """``resume=``: the first hand's round, dealer and honba (E1, honba 0 without it)."""
    if RESUME_KEY not in found:
        return 0, 0, 0
    number, text, col = found[RESUME_KEY]
    problems = faults.setdefault(number, [])
    match = _HAND_NAME.fullmatch(text)
    if match is None or int(match[2]) > players:
        message = (
            f"resume= is the first hand as players name it: a round's wind, which deal of it (1 to {players}) "
            "and its honba after a dash, e.g. resume=S2-1"
        )
        problems.append(Problem("bad-value", message, col))
        return None
    round_ = _ROUND_LETTERS.index(match[1].upper())
    rounds = (1 if options.length == "east" else 2) + (1 if options.extension else 0)
    if round_ >= rounds:
        last = _ROUND_LETTERS[rounds - 1]
        message = (
            f"resume={text}: a game of length={options.length}, extension={'on' if options.extension else 'off'} "
            f"plays no round after {last}"
        )
        problems.append(Problem("game-header-conflict", message, col))
        return None
    return round_, int(match[2]) - 1, int(match[3] or 0)


def _resumed_sticks(found: Mapping[str, tuple[int, str, int]], faults: dict[int, list[Problem]]) -> int | None:
    """``sticks=``: the riichi sticks on the table when the file starts (0 without it)."""
    if STICKS_KEY not in found:
        return 0
    number, text, col = found[STICKS_KEY]
    if not _STICKS.fullmatch(text) or int(text) > STICKS_MOST:
        message = f"sticks= is the riichi sticks on the table when the file starts, 0 to {STICKS_MOST}"
        faults.setdefault(number, []).append(Problem("bad-value", message, col))
        return None
    return int(text)


def _resumed_points(
    found: Mapping[str, tuple[int, str, int]], start: int, players: int, faults: dict[int, list[Problem]]
) -> tuple[int, ...] | None:
    """``points=``: each player's points when the file starts, in the order of players= (start each without it)."""
    if POINTS_KEY not in found:
        return (start,) * players
    number, text, col = found[POINTS_KEY]
    values = [_signed(part) for part in text.split(",")]
    points = tuple(v for v in values if v is not None)
    if len(points) != len(values) or len(points) != players:
        message = f"points= is {players} whole numbers of points, one per player in the order of players="
        faults.setdefault(number, []).append(Problem("bad-value", message, col))
        return None
    return points


def _signed(text: str) -> int | None:
    return int(text) if _SIGNED.fullmatch(text) else None


def _conflicts(
    options: AnyGameOptions, given: Mapping[str, tuple[int, int]], first: int, faults: dict[int, list[Problem]]
) -> None:
    """Rules of the header that cannot hold together (told at the one it gives, else its first line)."""
    if isinstance(options, BabaGameOptions) and options.start < 1:
        # a player with no KOBAN ends the game (docs/rules/baba.md §7)
        number, col = given.get("start", (first, 0))
        message = "start=0: a BABA game ends when a player has no KOBAN, so each starts with 1 or more"
        faults.setdefault(number, []).append(Problem("game-header-conflict", message, col))
    if isinstance(options, GameOptions) and options.triple_ron == "abort" and not options.abortive:
        number, col = given.get("triple_ron", given.get("abortive", (first, 0)))
        message = (
            "triple_ron=abort makes three winners on one discard an abortive draw, but abortive=off says there are none"
        )
        faults.setdefault(number, []).append(Problem("game-header-conflict", message, col))
