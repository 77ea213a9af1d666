"""Hand-made Tenhou logs (tenhou.net/6 JSON) for the tests: a round written as each player's
starting hand, draws and discards, in our tile notation where that reads better.

``drawn_out`` builds an exhaustive draw without writing 70 draws by hand: every tile the wall
holds after the hands and the indicator is drawn in turn order from the dealer, and thrown at
once (Tenhou's 60), so each player ends with the hand they started with. Its tiles come from
the set in a fixed order, a nagashi player's from the terminals and honours, the others' from
the simples while they last (so each of them throws a simple: no nagashi mangan).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from mjscore.logs.tenhou import LIVE_WALL, TSUMOGIRI

NAMES = ("Aki", "Ben", "Chie", "Dai")
SUIT = {"m": 10, "p": 20, "s": 30, "z": 40}
RED = {"m": 51, "p": 52, "s": 53}


def codes(text: str) -> list[int]:
    """Tiles in our notation as the log's codes: ``123m0p`` is 11 12 13 52."""
    found: list[int] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            found += [RED[ch] if d == "0" else SUIT[ch] + int(d) for d in digits]
            digits = ""
    return found


def tile(text: str) -> int:
    (code,) = codes(text)
    return code


def log(
    *rounds: list[object],
    disp: str = "般南喰赤",
    names: Sequence[str] = NAMES,
    final: Sequence[int] = (),
    scores: Sequence[float] = (),
) -> str:
    """A whole log: its rounds, the rule field's disp (red fives with 赤), the names, and
    Tenhou's ``sc`` if ``final`` is given: each player's final points, each followed by the
    final score (oka and uma, in thousands) of ``scores``, or 0 if none is given."""
    document: dict[str, object] = {
        "title": ["", ""],
        "name": [*names, *[""] * (4 - len(names))],
        "rule": {"disp": disp, "aka": 1 if "赤" in disp else 0},
        "log": list(rounds),
    }
    if final:
        points = [*final, *[0] * (4 - len(final))]
        given = [*scores, *[0] * (4 - len(scores))]
        document["sc"] = [v for pair in zip(points, given, strict=True) for v in pair]
    return json.dumps(document, ensure_ascii=False)


def round_(
    state: tuple[int, int, int],
    scores: Sequence[int],
    players: Sequence[tuple[Sequence[int], Sequence[object], Sequence[object]]],
    result: list[object],
    *,
    dora: Sequence[int] = (47,),
    ura: Sequence[int] = (),
) -> list[object]:
    """One round: [round, honba, sticks], the scores, the indicators, each player's (hand,
    draws, discards) (a three-player round: three, the fourth seat left empty), the result."""
    entry: list[object] = [list(state), [*scores, *[0] * (4 - len(scores))], list(dora), list(ura)]
    for hand, draws, discards in [*players, *[((), (), ())] * (4 - len(players))]:
        entry += [sorted(hand), list(draws), list(discards)]
    entry.append(result)
    return entry


def full_set(players: int) -> Counter[int]:
    """Every tile of the set: four of each kind (three players: no 2m-8m), the red fives in
    place of a plain five (none of 5m at three)."""
    kinds = [10 * s + n for s in (1, 2, 3) for n in range(1, 10)] + list(range(41, 48))
    if players == 3:
        kinds = [k for k in kinds if not 12 <= k <= 18]
    tiles = Counter(dict.fromkeys(kinds, 4))
    for five, red in ((15, 51), (25, 52), (35, 53)):
        if tiles[five]:
            tiles[five] -= 1
            tiles[red] += 1
    return tiles


def drawn_out(
    state: tuple[int, int, int],
    scores: Sequence[int],
    hands: Sequence[str],
    result: list[object],
    *,
    riichi: dict[int, int] | None = None,
    nagashi: int | None = None,
    dora: str = "7z",
) -> list[object]:
    """An exhaustive draw: ``hands`` (our notation, 13 tiles each, from the dealer's seat 0 on
    as the log orders players), the wall drawn to its end and every draw thrown; ``riichi``:
    a player and the index of the throw that declares riichi; ``nagashi``: the player whose
    draws are all terminals and honours."""
    players = len(hands)
    dealer = state[0] % 4
    left = full_set(players) - Counter(c for hand in hands for c in codes(hand)) - Counter([tile(dora)])
    honours = [t for t in sorted(left.elements()) if t < 50 and (t % 10 in (1, 9) or t > 40)]
    simples = [t for t in sorted(left.elements()) if t not in honours]
    draws: list[list[int]] = [[] for _ in range(players)]
    for n in range(LIVE_WALL[players]):
        player = (dealer + n) % players
        pool = honours if player == nagashi or not simples else simples
        draws[player].append(pool.pop(0))
    seats = []
    for player, hand in enumerate(hands):
        throws: list[object] = [TSUMOGIRI] * len(draws[player])
        if riichi and player in riichi:
            throws[riichi[player]] = f"r{TSUMOGIRI}"
        seats.append((codes(hand), draws[player], throws))
    return round_(state, scores, seats, result, dora=[tile(dora)])
