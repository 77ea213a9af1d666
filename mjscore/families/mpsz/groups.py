"""The groups of an mpsz reading as tiles: a meld as a group, a group's tiles and its text."""

from __future__ import annotations

from mjscore.families.mpsz.tiles import tile_name
from mjscore.hand import SHAPE_SIZE, Group, Meld, Shape
from mjscore.values import made


def meld_group(m: Meld) -> Group:
    """A meld as the group it is: a run, a pung or a kong (made for every meld of every hand:
    ``values.made``)."""
    kinds = m.kinds
    if len(set(kinds)) == 3:
        return made(Group, (Shape.RUN, min(kinds), 0, m.meld))
    return made(Group, (Shape.KAN if len(kinds) == 4 else Shape.SET, kinds[0], 0, m.meld))


def group_tiles(g: Group) -> tuple[int, ...]:
    assert g.kind is not None
    if g.shape is Shape.RUN:
        return (g.kind, g.kind + 1, g.kind + 2)
    return (g.kind,) * SHAPE_SIZE[g.shape]


def group_text(g: Group) -> str:
    """ "123m", "555z": a group's tiles in compact mpsz, without brackets."""
    return "".join(tile_name(k)[0] for k in group_tiles(g)) + tile_name(g.kind or 0)[1]
