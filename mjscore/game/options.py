"""A game's rules: the options a match ledger applies between hands, and each preset's table.

``GameOptions`` is declared as a rule set's options are (``mjscore.options``): every field
documents its default and where it comes from, and a game file's header sets one as
``name=value``. What each preset's platform plays is data, one table per preset in
``mjscore/data/games/<rule set>.toml``, every value with its source in a comment (README,
"Whole games"; docs/rules/riichi.md §10, docs/rules/sanma.md §11). A rule set without presets
(hana, Baida, BABA) has one table, ``[default]``. A rule set's games follow ``GameOptions``
unless they have rules of their own: Baida's ``BaidaGameOptions`` (docs/rules/baida.md §9),
BABA's ``BabaGameOptions`` (docs/rules/baba.md §7); ``game_options_type`` says which.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Final

from mjscore.errors import UsageError
from mjscore.options import OptionSpec, OptionsValue, option, read_table, specs, with_values
from mjscore.settings import parse_toml, shipped_text
from mjscore.values import Value

_GAME: Final = "docs/rules/riichi.md §10"
_DRAWS: Final = "docs/rules/riichi.md §9, §10"
STICK: Final = 1000  # a riichi stick's points (docs/rules/riichi.md §10)
POINTS_MOST: Final = 1_000_000  # start, target and a penalty: far above any table's (25,000 to 40,000)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameOptions(Value):
    """The ledger's rules; the defaults are the rule book's (the Yakuza 2 table, riichi §10)."""

    start: int = option(25000, "points each player starts with", _GAME, most=POINTS_MOST)
    target: int = option(
        25000,
        "the return (target) points: final scores count from them, first place takes the oka "
        "(what the players start with below them), and the extra round asks for them",
        _GAME,
        most=POINTS_MOST,
    )
    length: str = option(
        "east-south", "how many rounds: east (one), east-south (two)", _GAME, words=("east", "east-south")
    )
    repeat_draw: str = option(
        "tenpai",
        "the dealer keeps the deal after an exhaustive draw: when ready (tenpai), always or never",
        _DRAWS,
        words=("tenpai", "always", "never"),
    )
    honba_draw: str = option(
        "always",
        "an exhaustive draw adds a honba always, or only when the dealer keeps the deal (kept: "
        "a draw that passes it starts the count again at 0)",
        _DRAWS,
        words=("always", "kept"),
    )
    draw_sticks: str = option(
        "carry",
        "riichi sticks at an exhaustive draw stay on the table for the next winner (carry) or "
        "go back to the players who declared that hand (return)",
        _DRAWS,
        words=("carry", "return"),
    )
    multiple_ron: str = option(
        "all",
        "several winners on one discard: each is paid (all), or only the winner nearest the discarder in turn "
        "order (head: the others are checked, not paid)",
        _GAME,
        words=("all", "head"),
    )
    ron_honba: str = option(
        "nearest",
        "several winners on one discard: the honba go to the winner nearest the discarder, or to each winner",
        _GAME,
        words=("nearest", "each"),
    )
    ron_sticks: str = option(
        "nearest",
        "several winners on one discard: the riichi sticks go to the winner nearest the discarder, or are split "
        "among them",
        _GAME,
        words=("nearest", "split"),
    )
    triple_ron: str = option(
        "abort",
        "three winners on one discard (four players): an abortive draw, nobody paid (abort), or paid as "
        "multiple_ron says (pay)",
        _GAME,
        words=("abort", "pay"),
    )
    abortive: bool = option(True, "abortive draws exist (an abort line)", _GAME)
    bust: bool = option(True, "a player below zero ends the game (at 0 it goes on)", _GAME)
    extension: bool = option(
        False,
        "when nobody has the target at the end, one more round is played, sudden death: it ends after the "
        "first hand that leaves someone with the target or more",
        _GAME,
    )
    last_hand: str = option(
        "may-stop",
        "the dealer of the game's last hand, first after winning it: may stop the game (may-stop: the file "
        "says, by ending there), stops it, also after a ready draw (stops), or plays on (plays-on)",
        _GAME,
        words=("may-stop", "stops", "plays-on"),
    )
    ties: str = option(
        "seat",
        "equal points in the standings: ranked by seat order from the first dealer (seat), or sharing the "
        "uma and oka of their places (split)",
        _GAME,
        words=("seat", "split"),
    )
    leftover_sticks: str = option(
        "first", "riichi sticks left on the table at the end: to first place, or lost", _GAME, words=("first", "lost")
    )
    chombo: str = option(
        "mangan",
        "a chombo costs a mangan tsumo paid the other way round (mangan), or chombo_points off the "
        "offender's final score (final)",
        _GAME,
        words=("mangan", "final"),
    )
    chombo_points: int = option(
        20000, "what a chombo takes off the final score with chombo=final", _GAME, most=POINTS_MOST
    )


_BAIDA: Final = "docs/rules/baida.md §9"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BaidaGameOptions(Value):
    """A Baida game's rules: the sheet sets none, so each is chosen (docs/rules/baida.md §9; the
    data file, mjscore/data/games/baida.toml, says why)."""

    start: int = option(
        0, "points each player starts with: a tally from 0, which a total may go below", _BAIDA, most=POINTS_MOST
    )
    length: str = option(
        "four-winds",
        "how many rounds: east (one), east-south (two), four-winds (East, South, West, North)",
        _BAIDA,
        words=("east", "east-south", "four-winds"),
    )
    repeat_win: bool = option(True, "the dealer who wins keeps the deal (off: it passes after every hand)", _BAIDA)
    repeat_draw: str = option(
        "always",
        "the dealer keeps the deal after a draw, a hand nobody won (always), or passes it (never)",
        _BAIDA,
        words=("always", "never"),
    )


_MATCH: Final = "docs/rules/baba.md §7"
KOBAN_MOST: Final = 999  # KOBAN each player starts with: far above the rules' 8 (Expert) and 5 (Beginner)
EXTRA_OBABA: Final = 2  # the most OBABA that hands with no result add to those in play (docs/rules/baba.md §1)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BabaGameOptions(Value):
    """The rules of a BABA match (docs/rules/baba.md §7); the defaults are the Expert rules'
    (``data/games/baba.toml``; Beginner's table starts with 5 KOBAN). What the rules leave open
    is a choice, each marked so in the tables."""

    start: int = option(
        8, "KOBAN each player starts with (Expert 8, Beginner 5)", "docs/rules/baba.md §1", most=KOBAN_MOST
    )
    obaba: int = option(
        2,
        f"OBABA in play when the game starts; each hand with no result adds one for the next hand, {EXTRA_OBABA} "
        "more at most (never more than the deck's wild_cards)",
        "docs/rules/baba.md §1",
        most=4,
    )
    obaba_reset: str = option(
        "win",
        "the OBABA that hands with no result added leave the game after the next win (win), or stay to its end (never)",
        _MATCH,
        words=("win", "never"),
    )
    deal: str = option(
        "next",
        "who deals after a win: the next player in turn (next), the winner (winner), or the dealer again when "
        "the dealer won, else the next player (repeat); after no result or a penalty the dealer deals again",
        _MATCH,
        words=("next", "winner", "repeat"),
    )
    debt: bool = option(
        False,
        "a player who owes more KOBAN than they hold pays all they hold (off), or pays in full and goes below zero "
        "(on); either way the game ends, a player having no KOBAN left",
        _MATCH,
    )
    leftover_pot: str = option(
        "lost",
        "KOBAN left in the pot when the game ends: nobody's (lost), or first place's (first)",
        _MATCH,
        words=("lost", "first"),
    )


AnyGameOptions = GameOptions | BaidaGameOptions | BabaGameOptions  # a game's rules, as its ledger reads them
# The rule sets whose games have rules of their own (any other: riichi's, GameOptions).
GAME_OPTIONS: Final[Mapping[str, type[AnyGameOptions]]] = MappingProxyType(
    {"baida": BaidaGameOptions, "baba": BabaGameOptions, "baba-beginner": BabaGameOptions}
)
ROUNDS: Final[Mapping[str, int]] = MappingProxyType({"east": 1, "east-south": 2, "four-winds": 4})  # a game's length
UMA_KEY: Final = "uma"  # not an option: a list of numbers, one per place
DEFAULT_TABLE: Final = "default"  # the one game table of a rule set without presets


def game_options_type(ruleset: str) -> type[AnyGameOptions]:
    """The rules a rule set's games are played by."""
    return GAME_OPTIONS.get(ruleset, GameOptions)


def game_specs(ruleset: str) -> tuple[OptionSpec, ...]:
    """The specs of the rules a rule set's games are played by (what a header may set)."""
    options_type: type[OptionsValue] = game_options_type(ruleset)
    return specs(options_type)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameTable(Value):
    """What a preset's platform plays: its options and its uma (points per place, first to last;
    none where the rule set's games have no uma: riichi's rules have one, Baida's and BABA's none)."""

    options: AnyGameOptions
    uma: tuple[int, ...]
    source: str  # where the table was read: for a message


def games_path(ruleset: str) -> str:
    """Where a rule set's game tables lie in the package."""
    return f"data/games/{ruleset}.toml"


def game_table(ruleset: str, preset: str) -> GameTable:
    """The game table of a preset ("": the rule set has none, and one table)."""
    return game_tables(ruleset)[preset or DEFAULT_TABLE]


@cache
def game_tables(ruleset: str) -> Mapping[str, GameTable]:
    """Each preset's game table (a rule set without presets: ``[default]``), read from the package
    once (``ValueError``: a defect of the file). Games played by riichi's rules give their uma in
    every table; others have none, and an uma there is refused as any unknown rule."""
    where = f"mjscore/{games_path(ruleset)}"
    options_type = game_options_type(ruleset)
    has_uma = options_type is GameOptions
    try:
        data = parse_toml(shipped_text(games_path(ruleset)), where)
    except UsageError as exc:
        raise ValueError(str(exc)) from None
    tables = {}
    for preset, raw in data.items():
        if not isinstance(raw, dict):
            raise ValueError(f"{where}: [{preset}] is a table")
        values = {k: v for k, v in raw.items() if k != UMA_KEY or not has_uma}
        uma = raw.get(UMA_KEY) if has_uma else []
        if not (isinstance(uma, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in uma)):
            raise ValueError(f"{where}: [{preset}] uma = is a list of whole numbers, one per place")
        options = with_values(options_type(), read_table(options_type, values, f"{where} [{preset}]"))
        tables[preset] = GameTable(options, tuple(uma), f"{where} [{preset}]")
    return MappingProxyType(tables)
