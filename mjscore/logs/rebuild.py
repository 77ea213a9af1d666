"""A Tenhou log rebuilt as a game file of our notation (docs/notation.md §7), a line per round,
for the game ledger to replay (issue 17).

What the log states is written as it says: who won, from whom, who was liable, the tiles, and
an abortive draw's reason. What our rules decide is worked out from the tiles, not taken from
the log's result: who was ready at an exhaustive draw (the shanten of each holding), who earns
nagashi mangan (every tile thrown a terminal or an honour, none called), and whether an
abortive draw's reason holds. So the ledger's payments check the log's, and ``doubts`` says
where the tiles contradict what the log says happened.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from mjscore.families.mpsz.shanten import Room, shanten
from mjscore.families.mpsz.tiles import RIICHI_KINDS, TERMINALS_AND_HONOURS
from mjscore.game.options import STICK, game_table
from mjscore.game.read import LINE_WORDS
from mjscore.game.tokens import NAME_LIMIT, PLAYER_RE
from mjscore.logs.tenhou import WINDS, Game, Holding, Round, kind_of
from mjscore.options import ON_WORDS
from mjscore.rulesets import get_ruleset, is_ruleset_name
from mjscore.rulesets.riichi import RiichiFamily
from mjscore.values import Value

PRESET: Final = "tenhou"
NAME: Final = re.compile(PLAYER_RE)
NOT_IN_NAMES: Final = re.compile(r"[^\w.-]+")
WIND_TILES: Final = frozenset((41, 42, 43, 44))
KANS: Final = frozenset(("open-kan", "added-kan", "closed-kan"))
NINE_KINDS: Final = 9  # kinds of terminals and honours a hand needs for the nine-terminals draw
FOUR_KONGS: Final = 4
# What the log calls all ready and nobody ready, which its point changes (none) cannot say.
ALL_READY: Final = "全員聴牌"
NONE_READY: Final = "全員不聴"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class RebuiltRound(Value):
    """A round as a line of a game file, and where the log's tiles contradict its result
    (``doubts``: each a sentence; none when they agree)."""

    line: str
    doubts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameFile(Value):
    """A log rebuilt: the players' names as the file writes them, the header's items for a
    game that starts at the log's first round (``header_at`` for any other), and a line per
    round, in order."""

    names: tuple[str, ...]
    header: tuple[str, ...]
    rounds: tuple[RebuiltRound, ...]

    @property
    def first_line(self) -> int:
        """The number of the first round's line in ``text``: after a comment and the header."""
        return len(self.header) + 2

    def text(self, game: Game) -> str:
        """The game file as a person reads it: a comment naming the log, the header, then each
        round's line with a comment that names it as the log does."""
        lines = [f"# {game.source}, rebuilt by mjscore log", *self.header]
        lines += [
            f"{r.line}  # {played.name} {played.result}" for played, r in zip(game.rounds, self.rounds, strict=True)
        ]
        return "\n".join(lines) + "\n"


def game_file(game: Game) -> GameFile:
    """The log as a game file: a header (the rule set, the preset, the players, the length and
    the lobby's rules; where the log starts in the middle of a game, where it resumes) and a line
    per round."""
    names = player_names(game.players, len(game.rounds[0].scores) if game.rounds else len(game.players))
    header = header_at(game, names, 0)
    return GameFile(names, header, tuple(rebuild_round(r, names, game.ruleset) for r in game.rounds))


def header_at(game: Game, names: Sequence[str], index: int) -> tuple[str, ...]:
    """The header of a game file whose first line is the log's round ``index``: the game's
    rules, then ``resume=``, ``sticks=`` and ``points=`` unless that round is the game's start
    (East 1, no honba or sticks, every player at the start). The start is the preset's, or
    ``start=`` where the log's points add up to another (a tournament's 30000 each)."""
    items = [f"ruleset={game.ruleset}", f"preset={PRESET}", f"players={','.join(names)}", f"length={game.length}"]
    start = game_table(game.ruleset, PRESET).options.start
    if game.rounds:
        first = game.rounds[index if index < len(game.rounds) else 0]
        held, players = sum(first.scores) + first.sticks * STICK, len(first.scores)
        if held != start * players and held % players == 0:
            start = held // players
            items.append(f"start={start}")
    items += [word for word in game.rules if not word.startswith("preset=")]
    lines = [" ".join(items)]
    if index < len(game.rounds):
        first = game.rounds[index]
        if first.wind or first.dealer or first.honba or first.sticks or any(p != start for p in first.scores):
            label = f"{WINDS[first.wind]}{first.dealer + 1}" + (f"-{first.honba}" if first.honba else "")
            points = ",".join(str(p) for p in first.scores)
            sticks = f" sticks={first.sticks}" if first.sticks else ""
            lines.append(f"resume={label}{sticks} points={points}")
    return tuple(lines)


def player_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """The players' names as a game file may write them (docs/notation.md §7): the log's where
    they are names (a letter, then letters, digits, ``_ - .``; Tenhou's "Aさん" is one), with
    what no name holds left out ("Ⓢ福地誠" is 福地誠); a name that is none even then, or that
    another player already has, is P1, P2 ... by the player's place in the log (with a ``_``
    after it while another player's name is that already)."""
    taken: set[str] = set()
    found = []
    for index in range(players):
        raw = names[index] if index < len(names) else ""
        name = NOT_IN_NAMES.sub("", raw).lstrip("0123456789_.-")[:NAME_LIMIT]
        if not _usable(name, taken):
            name = f"P{index + 1}"
        while not _usable(name, taken):  # another player's name is this P-number already
            name += "_"
        taken.add(name.casefold())
        found.append(name)
    return tuple(found)


def _usable(name: str, taken: set[str]) -> bool:
    folded = name.casefold()
    reserved = folded in ("e", "s", "w", "n") or folded in LINE_WORDS or folded in ON_WORDS or is_ruleset_name(folded)
    return bool(NAME.fullmatch(name)) and not reserved and folded not in taken


# --- a round


def rebuild_round(game_round: Round, names: Sequence[str], ruleset: str) -> RebuiltRound:
    """One round as a line of a game file: its wins, its exhaustive draw or its abortive draw."""
    if game_round.kind == "win":
        return RebuiltRound(_wins_line(game_round, names))
    if game_round.kind == "abort":
        return _abort_line(game_round, names)
    return _draw_line(game_round, names, ruleset)


def _wins_line(game_round: Round, names: Sequence[str]) -> str:
    """Each winner's hand, ``&`` between winners on one discard; the other declarers in ``riichi=``."""
    winners = {win.winner for win in game_round.wins}
    others = [p for p in game_round.declared if p not in winners]
    parts = []
    for i, win in enumerate(game_round.wins):
        words = [f"{names[win.winner]}: {win.hand_text()}", "tsumo" if win.tsumo else "ron"]
        if not win.tsumo:
            words.append(f"from={names[win.discarder]}")
        words += win.table_items()
        if win.pao >= 0:
            words.append(f"pao={names[win.pao]}")
        words += win.situations
        if i == 0 and others:
            words.append(f"riichi={_names(others, names)}")
        parts.append(" ".join(words))
    return " & ".join(parts)


def _names(players: Sequence[int], names: Sequence[str]) -> str:
    return ",".join(names[p] for p in players)


def _ready(players: Sequence[int], names: Sequence[str]) -> str:
    """Who was ready, for people: "nobody was ready", "Aki was ready", "Aki, Ben were ready"."""
    if not players:
        return "nobody was ready"
    return f"{', '.join(names[p] for p in players)} {'was' if len(players) == 1 else 'were'} ready"


def _draw_line(game_round: Round, names: Sequence[str], ruleset: str) -> RebuiltRound:
    """An exhaustive draw: who was ready by their tiles (a declarer always is: the ledger holds
    it so), who earns nagashi mangan by their throws, and who declared."""
    ready = [p for p, held in enumerate(game_round.holdings) if is_ready(held, ruleset)]
    doubts = [f"the wall was not drawn to its end: {game_round.wall_left} tiles left"] if game_round.wall_left else []
    doubts += [
        f"{names[p]} declared riichi, but the tiles at the end are not ready"
        for p in game_round.declared
        if p not in ready
    ]
    if game_round.result == ALL_READY and len(ready) < game_round.players:
        doubts.append(f"the log says every player was ready ({ALL_READY}); by the tiles {_ready(ready, names)}")
    if game_round.result == NONE_READY and ready:
        doubts.append(f"the log says nobody was ready ({NONE_READY}); by the tiles {_ready(ready, names)}")
    ready = sorted({*ready, *game_round.declared})
    words = ["draw"]
    if ready:
        words.append(f"tenpai={_names(ready, names)}")
    nagashi = [p for p, held in enumerate(game_round.holdings) if earns_nagashi(held)]
    if nagashi:
        words.append(f"nagashi={_names(nagashi, names)}")
    if game_round.declared:
        words.append(f"riichi={_names(game_round.declared, names)}")
    return RebuiltRound(" ".join(words), tuple(doubts))


def is_ready(held: Holding, ruleset: str) -> bool:
    """Whether a player's tiles at an exhaustive draw are ready (one tile short of a winning
    hand, docs/rules/riichi.md §9): a hand whose only wait is a tile it holds all four of is not."""
    counts = [0] * RIICHI_KINDS
    for code in held.concealed:
        counts[kind_index(code)] += 1
    used = [0] * RIICHI_KINDS  # copies no wait can use: in the melds, or Norths set aside
    for meld in held.melds:
        for code in meld.tiles:
            used[kind_index(code)] += 1
    used[kind_index(44)] += held.kita
    family = get_ruleset(ruleset)
    assert isinstance(family, RiichiFamily)  # a log is riichi or sanma
    absent = frozenset(range(RIICHI_KINDS)) - frozenset(family.tile_kinds)
    return shanten(counts, len(held.melds), room=Room(used, absent)).best == 0


def kind_index(code: int) -> int:
    """A log's tile code as our tile kind (docs/notation.md §2: 0-8 man, 9-17 pin, 18-26 sou, 27-33 honours)."""
    kind = kind_of(code)
    return (kind // 10 - 1) * 9 + kind % 10 - 1


def earns_nagashi(held: Holding) -> bool:
    """Nagashi mangan (docs/rules/riichi.md §9): every tile the player threw a terminal or an
    honour, and none of them called by another player."""
    return bool(held.thrown) and not held.thrown_called and all(_terminal(t) for t in held.thrown)


def _terminal(code: int) -> bool:
    return kind_index(code) in TERMINALS_AND_HONOURS


def _abort_line(game_round: Round, names: Sequence[str]) -> RebuiltRound:
    """An abortive draw: its reason as the log gives it, whether the tiles show it, and who declared."""
    reason = game_round.reason
    words = ["abort", reason]
    if game_round.declared and reason != "four-riichi":  # four-riichi: every player's stick
        words.append(f"riichi={_names(game_round.declared, names)}")
    why = _abort_doubt(game_round)
    return RebuiltRound(" ".join(words), (f"{reason}: {why}",) if why else ())


def _abort_doubt(game_round: Round) -> str:
    """Why the tiles do not show the log's abortive draw ("" where they do, or cannot say: three rons)."""
    check = ABORT_CHECKS.get(game_round.reason)
    return "" if check is None else check(game_round)


def _nine_terminals(game_round: Round) -> str:
    """Nine kinds of terminals and honours in a hand at its first draw, before any call."""
    held = game_round.holdings
    caller = next((h for h in held if len(h.concealed) % 3 == 2), None)
    if caller is None or caller.thrown or any(h.melds for h in held):
        return "no player is at their first draw, before any call, holding it"
    kinds = {kind_index(t) for t in caller.concealed} & TERMINALS_AND_HONOURS
    return "" if len(kinds) >= NINE_KINDS else f"{len(kinds)} kinds of terminals and honours, not nine"


def _four_winds(game_round: Round) -> str:
    """Each player's first throw the same wind, before any call, and nothing more thrown."""
    held = game_round.holdings
    thrown = {h.thrown[0] for h in held if len(h.thrown) == 1}
    winds = len(thrown) == 1 and thrown <= WIND_TILES and all(len(h.thrown) == 1 for h in held)
    return "" if winds and not any(h.melds for h in held) else "the first throws are not one wind, four times"


def _four_riichi(game_round: Round) -> str:
    return "" if len(game_round.declared) == game_round.players else "not every player declared riichi"


def _four_kongs(game_round: Round) -> str:
    """Four kongs on the table, not all one player's (who plays on for Four Kongs)."""
    kongs = [sum(1 for m in h.melds if m.kind in KANS) for h in game_round.holdings]
    if sum(kongs) >= FOUR_KONGS and max(kongs) < sum(kongs):
        return ""
    return "four kongs by more than one player are not on the table"


ABORT_CHECKS: Final[dict[str, Callable[[Round], str]]] = {
    "nine-terminals": _nine_terminals,
    "four-winds": _four_winds,
    "four-riichi": _four_riichi,
    "four-kongs": _four_kongs,
}


def deposits(game_round: Round) -> tuple[int, ...]:
    """What each player put on the table as riichi sticks this round (the log's point changes leave them out)."""
    return tuple(STICK if p in game_round.declared else 0 for p in range(game_round.players))
