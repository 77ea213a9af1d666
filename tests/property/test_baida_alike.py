"""Without ``--all``, Baida ranks the first reading of each set of facts only
(``Baida.distinct_readings``: the others score alike), which must change nothing: random Baida
hands give, ranked so and with every reading scored (the pipeline's default), the same JSON
document byte for byte (total, items, the reading kept, payments) or the same error. (With
``--all`` every reading is scored and listed, as before.)

The hands (a fixed seed): four sets and a pair (0 to 4 of the sets claimed, open or a closed
kong), seven pairs or thirteen terminals, of all kinds, of one suit and the honours, or of one
suit alone, sometimes with a 123 456 789 (half of those with Baida of its suit); then 0 to 7
of the concealed tiles made Baida (and a Baida kind dealt stays one), sometimes a tile swapped
for any other (a hand that may not win); won by ron or tsumo, sometimes with an option or a
situation word.

MJSCORE_ALIKE_HANDS=5000 runs more hands than the default (once by hand, when the rows change).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from mjscore.errors import HandError
from mjscore.families.mpsz.tiles import HONOURS, RIICHI_KINDS, SEATS, TERMINALS_AND_HONOURS, TILE_NAMES
from mjscore.render.json import document_line
from mjscore.rulesets.baida import Baida, baida_kinds, facts
from mjscore.rulesets.base import RuleSet
from mjscore.scoring import parse_hand, score

HANDS = int(os.environ.get("MJSCORE_ALIKE_HANDS", "300"))
SUIT_KINDS = [list(range(9 * suit, 9 * suit + 9)) for suit in range(3)]
OPTIONS = ("", "", "", "", " seven_pairs=0", " all_triplets=0", " chicken=5", " discard_pays=1")


def _pool(rng: random.Random) -> list[int]:
    """The kinds a hand is dealt from: all, a suit and the honours, or a suit alone (patterns)."""
    roll = rng.random()
    if roll < 0.4:
        return list(range(RIICHI_KINDS))
    suit = SUIT_KINDS[rng.randrange(3)]
    return suit + list(range(HONOURS, RIICHI_KINDS)) if roll < 0.7 else suit


def _sets(rng: random.Random, pool: list[int], straight: int | None) -> list[list[int]]:
    """Four sets of ``pool``'s kinds, runs or pungs, the 123 456 789 of suit ``straight`` among them."""
    sets: list[list[int]] = []
    if straight is not None:
        sets = [[9 * straight + start + i for i in range(3)] for start in (0, 3, 6)]
    while len(sets) < 4:
        kind = rng.choice(pool)
        run = kind < HONOURS and kind % 9 <= 6 and rng.random() < 0.5
        sets.append([kind, kind + 1, kind + 2] if run else [kind] * 3)
    rng.shuffle(sets)
    return sets


def _line(rng: random.Random) -> str | None:
    """A random Baida line (None: the tiles drawn were not all there to take)."""
    pool = _pool(rng)
    suited = [k for k in pool if k < HONOURS]
    straight = rng.choice(suited) // 9 if suited and rng.random() < 0.25 else None
    if straight is not None and rng.random() < 0.5:  # Baida of the straight's suit (Baida Dragon)
        indicator = rng.choice(SUIT_KINDS[straight])
    else:
        indicator = rng.choice(pool) if rng.random() < 0.7 else rng.randrange(RIICHI_KINDS)
    wild = baida_kinds(indicator)
    wall = Counter(dict.fromkeys(range(RIICHI_KINDS), 4))
    wall[indicator] -= 1  # the indicator lies on the table
    concealed, melds = _shape(rng, pool, straight, wall, wild)
    if not concealed:
        return None
    wall.subtract(concealed)
    _make_baida(rng, concealed, wall, wild)
    if rng.random() < 0.1:  # a near miss: one tile swapped for any other
        _swap(concealed, rng.randrange(len(concealed)), rng.randrange(RIICHI_KINDS), wall)
    if min(wall.values()) < 0:
        return None
    rng.shuffle(concealed)
    won = concealed.pop()
    held_baida = any(k in wild for k in concealed)
    ron = rng.random() < 0.5 and not (held_baida and any(m.startswith("(") for m in melds))
    words = ["ron" if ron else "tsumo", f"seat={rng.choice(SEATS)}", f"baida={TILE_NAMES[indicator]}"]
    if rng.random() < 0.1:
        words.append("houtei" if ron else "haitei")
    hand = "".join(TILE_NAMES[k] for k in sorted(concealed)) + "".join(melds)
    return f"baida:{hand}+{TILE_NAMES[won]} {' '.join(words)}{rng.choice(OPTIONS)}"


def _shape(
    rng: random.Random, pool: list[int], straight: int | None, wall: Counter[int], wild: tuple[int, int]
) -> tuple[list[int], list[str]]:
    """The concealed kinds and the melds as written of a complete hand (its melds taken from
    ``wall``; nothing when a meld would hold a Baida, docs/rules/baida.md §2)."""
    shape = rng.random()
    if shape < 0.1 and len(pool) >= 7:
        return [k for k in rng.sample(pool, 7) for _ in range(2)], []
    if shape < 0.15:
        return [*sorted(TERMINALS_AND_HONOURS), rng.choice(sorted(TERMINALS_AND_HONOURS))], []
    sets = _sets(rng, pool, straight)
    claimed = rng.choice((0, 0, 0, 1, 2, 3, 4))
    if any(k in wild for tiles in sets[:claimed] for k in tiles):
        return [], []
    melds = [_meld(rng, tiles, wall) for tiles in sets[:claimed]]
    return [k for tiles in sets[claimed:] for k in tiles] + [rng.choice(pool)] * 2, melds


def _meld(rng: random.Random, tiles: list[int], wall: Counter[int]) -> str:
    """A claimed set as written, taken from ``wall``: a pung sometimes made a kong, open or closed."""
    kong = tiles[0] == tiles[1] and rng.random() < 0.3
    taken = tiles + tiles[:1] if kong else tiles
    wall.subtract(taken)
    code = "".join(TILE_NAMES[k][0] for k in taken) + TILE_NAMES[taken[0]][1]
    return f"[{code}]" if kong and rng.random() < 0.5 else f"({code})"


def _make_baida(rng: random.Random, concealed: list[int], wall: Counter[int], wild: tuple[int, int]) -> None:
    """Concealed tiles swapped for Baida kinds left in ``wall`` until 0 to 7 are held (at least
    those dealt)."""
    wanted = rng.choice((0, 1, 2, 3, 4, 4, 4, 5, 6, 7))
    plain = [i for i, k in enumerate(concealed) if k not in wild]
    rng.shuffle(plain)
    for i in plain[: max(0, wanted - (len(concealed) - len(plain)))]:
        left = [k for k in wild if wall[k] > 0]
        if not left:
            return
        _swap(concealed, i, rng.choice(left), wall)


def _swap(concealed: list[int], i: int, kind: int, wall: Counter[int]) -> None:
    """The tile at ``i`` put back in ``wall`` and one of ``kind`` taken in its place."""
    wall[concealed[i]] += 1
    concealed[i] = kind
    wall[kind] -= 1


def _lines(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        line = _line(rng)
        if line is not None:
            found.append(line)
    return found


def _scored(line: str) -> str:
    """The line's JSON document, or its error."""
    try:
        return document_line(score(line).to_dict())
    except HandError as exc:
        return f"error {[(p.code, p.message, p.col) for p in exc.problems]}"


def test_the_first_reading_of_each_set_of_facts_scores_as_every_reading_does(monkeypatch: pytest.MonkeyPatch) -> None:
    # why: the rows ask a reading only its Facts (docs/rules/baida.md §4, §5: the shape, suits,
    # honours, runs, the straight and its Baida, kongs), so a reading whose facts were met before
    # scores as the first did and cannot be kept over it (the first of equal totals is kept):
    # ranking the first of each must give the document that ranking every reading gives.
    lines = _lines(15, HANDS)
    distinct = [_scored(line) for line in lines]
    monkeypatch.setattr(Baida, "distinct_readings", RuleSet.distinct_readings)  # every reading
    every = [_scored(line) for line in lines]
    for line, got, expected in zip(lines, distinct, every, strict=True):
        assert got == expected, line


def test_the_first_readings_are_those_of_every_reading_and_score_as_the_rest() -> None:
    # why: the readings ranked are every reading (the --all list) less those whose facts an
    # earlier one has, in the same order; each reading left out scores as the first with its
    # facts (the same lines, so the same total); and a hand with Baida has many readings but
    # few sets of facts (or the test above would compare little).
    many = few = 0
    for line in _lines(15, HANDS // 3):
        try:
            parsed = parse_hand(line)
        except HandError:
            continue
        ruleset, deal = parsed.ruleset, parsed.deal
        every = list(ruleset.readings(deal))
        firsts = list(ruleset.distinct_readings(deal))
        first_of = {}
        for reading in every:
            first_of.setdefault(facts(reading), reading)
        assert firsts == list(first_of.values()), line
        lines = {id(r): s.lines for r, s in zip(every, ruleset.score(deal, every), strict=True)}
        assert all(lines[id(r)] == lines[id(first_of[facts(r)])] for r in every), line
        many += len(every)
        few += len(firsts)
    assert few * 10 < many


def test_the_random_hands_cover_what_the_classes_tell_apart() -> None:
    # why: a differential test is only as good as its hands: among them must be wins by ron and
    # by tsumo, with 0 and with 4 or more Baida held, open ones, refused ones, and readings
    # kept that make each pattern the rows tell apart (the kept reading's items say which).
    lines = _lines(15, HANDS)
    documents = [_scored(line) for line in lines]
    won = [doc for doc in documents if not doc.startswith("error")]
    assert len(won) > HANDS // 2
    for item in ("mixed-one-suit", "pure-one-suit", "nine-tile-straight", "baida-dragon", "all-triplets"):
        assert any(f'"{item}"' in doc for doc in won), item
    for item in ("seven-pairs", "thirteen-terminals", "chicken", "four-baida", "no-baida"):
        assert any(f'"{item}"' in doc for doc in won), item
    assert any('"win": "ron"' in doc for doc in won) and any('"win": "tsumo"' in doc for doc in won)
    assert any("(" in line.split()[0] for line in lines)
    assert any(doc.startswith("error") for doc in documents)
