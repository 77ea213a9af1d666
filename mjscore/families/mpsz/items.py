"""The items of an mpsz line that name tiles or seats: indicators (dora=4p3z) and seats (seat=E)."""

from __future__ import annotations

from typing import Final

from mjscore.errors import Problem, quoted
from mjscore.families.mpsz.tiles import SEATS, WIND_OF_SEAT, read_tiles, tile_offsets
from mjscore.families.mpsz.written import Tile
from mjscore.notation.build import Items

MAX_INDICATORS: Final = 5  # the first, and one more for each of at most four kongs


def read_indicators(items: Items, key: str, problems: list[Problem]) -> tuple[Tile, ...]:
    tiles = read_tile_list(items, key, problems, "indicator tiles as they lie")
    if len(tiles) > MAX_INDICATORS:
        value, col = items.values[key]
        message = f"{len(tiles)} {key} indicators: at most {MAX_INDICATORS} lie on the table (1, and 1 for each kong)"
        problems.append(Problem("too-many-indicators", message, col + tile_offsets(value)[MAX_INDICATORS][0]))
    return tuple(tiles)


def read_tile_list(items: Items, key: str, problems: list[Problem], what: str) -> tuple[Tile, ...]:
    """The tiles of a ``key=`` item that lists them (``what``: what they are, for a message);
    none when the line does not give it. A code that is no tile is a problem at its column."""
    if key not in items.values:
        return ()
    value, col = items.values[key]
    tiles, faults = read_tiles(value)
    problems.extend(Problem("not-a-tile", message, col + offset) for offset, message in faults)
    if not tiles and not faults:
        problems.append(Problem("bad-value", f"{key}= lists {what}, e.g. {key}=4p3z", col))
    elif not value[-1:].isalpha():
        problems.append(Problem("bad-value", f"{key}={quoted(value)}: a suit letter must follow the digits", col))
    return tiles


def read_seat(
    items: Items, key: str, default: str | None, problems: list[Problem], *, seats: str = SEATS, why: str = ""
) -> int | None:
    """The seat ``key=`` names; ``default`` when the line does not say (None: no seat). ``seats``:
    the table's seat letters (three-player riichi has no N), ``why`` says why a letter is missing."""
    given = items.values.get(key)
    if given is None:
        return None if default is None else WIND_OF_SEAT[default]
    value, col = given
    letter = value.upper()
    if letter in WIND_OF_SEAT and letter in seats:  # a letter, not "" or "ES"
        return WIND_OF_SEAT[letter]
    found = f", not {quoted(value)}" if value else ""  # an empty value is no seat either: never the default
    because = f": {why}" if why and letter in WIND_OF_SEAT else ""
    problems.append(Problem("bad-value", f"{key}= is a seat letter {_listed(seats)}{found}{because}", col))
    return None


def _listed(seats: str) -> str:
    return ", ".join(seats[:-1]) + " or " + seats[-1]
