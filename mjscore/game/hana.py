"""Hana's ledger (docs/rules/hana.md §7): riichi's, and under variant=3 the flower chips beside the
points.

Every rule of riichi's ledger applies to a game of hana: the deal, the honba, the riichi sticks,
the standings with oka and uma. Under ``variant=3`` flowers change no score; each flower earns its
holder one chip from every other player when it is laid aside, so the ledger keeps each
player's chips as a second column. A winner's flowers are written in the hand, as ``mjscore
score`` reads it; the flowers other players laid aside that hand are named by ``aside=``
(``aside=Ben:1f3g,Chie:2f``), on a win, draw or abort line. A line's ``variant=`` must be the
header's: the chips column is the game's, not a hand's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

from mjscore.errors import Problem, quoted
from mjscore.families.mpsz.tiles import CODE_OF_TILE, SEASONS, tiles_in
from mjscore.game.ledger import WinPlayed
from mjscore.game.read import Header
from mjscore.game.riichi import RiichiLedger
from mjscore.options import with_values
from mjscore.payment import Payment
from mjscore.rulesets.hana import HanaOptions

ASIDE: Final = "aside"
VARIANT: Final = "variant"
CHIPS_VARIANT: Final = 3  # the variation whose flowers earn chips (docs/rules/hana.md §4)
_FLOWERS: Final = re.compile(r"(?:[1-4]+[fg])+")  # flowers and seasons as a hand writes them: 1f3g, 24f


def hana_options(header: Header) -> HanaOptions:
    """The rule options every hand of a game of hana is scored with: its header's."""
    return with_values(HanaOptions(), header.hand_options)


def keeps_chips(header: Header) -> bool:
    """A game that keeps chips beside the points: hana under variant=3."""
    return header.ruleset.name == "hana" and hana_options(header).variant == CHIPS_VARIANT


class HanaLedger(RiichiLedger):
    """Plays a game of hana: riichi's ledger, reading ``variant=`` and ``aside=`` from a line, and
    paying the flower chips of variant=3."""

    def __init__(self, header: Header) -> None:
        super().__init__(header)
        self.hana = hana_options(header)
        self.keeps_chips = keeps_chips(header)
        self.line_keys = frozenset((ASIDE, VARIANT))

    def chip_payments(
        self, items: Sequence[Mapping[str, tuple[str, int]]], wins: Sequence[WinPlayed], problems: list[Problem]
    ) -> list[Payment]:
        """The winners' chips as their hands were scored, then those of ``aside=``: each flower one
        chip from every other player (docs/rules/hana.md §4). Without chips, ``aside=`` is refused."""
        for owned in items:
            self._same_variant(owned, problems)
        if not self.keeps_chips:
            for owned in items:
                if ASIDE in owned:
                    message = (
                        f"aside= names the flowers that earn chips, under variant={CHIPS_VARIANT}; this game is "
                        f"variant={self.hana.variant}, where only the winner's flowers count, written in the hand"
                    )
                    problems.append(Problem("game-no-chips", message, owned[ASIDE][1]))
            return []
        payments: list[Payment] = []
        held: dict[str, str] = {}  # each flower laid aside -> who laid it aside
        for w in wins:
            payments += self._named(w.result.side_payments)
            held.update(dict.fromkeys(_flowers_of(w), w.winner))
        winners = {w.winner for w in wins}
        for owned in items:
            if ASIDE in owned:
                payments += self._aside(owned[ASIDE], held, winners, problems)
        return payments

    def _same_variant(self, owned: Mapping[str, tuple[str, int]], problems: list[Problem]) -> None:
        if VARIANT in owned and owned[VARIANT][0] != str(self.hana.variant):
            given, col = owned[VARIANT]
            message = f"variant={given}, but the game is played with variant={self.hana.variant} (its header)"
            problems.append(Problem("game-ledger-mismatch", message, col))

    def _aside(
        self, item: tuple[str, int], held: dict[str, str], winners: set[str], problems: list[Problem]
    ) -> list[Payment]:
        """The chips of ``aside=NAME:FLOWERS,...`` (its value and column)."""
        value, col = item
        payments: list[Payment] = []
        for part in value.split(","):
            payments += self._laid_aside(part, col, held, winners, problems)
            col += len(part) + 1
        return payments

    def _laid_aside(
        self, part: str, col: int, held: dict[str, str], winners: set[str], problems: list[Problem]
    ) -> list[Payment]:
        """One part of ``aside=``, ``NAME:FLOWERS`` at ``col``: one chip a flower from every other
        player. A flower is laid aside once (``held``: by whom, of those seen on the line)."""
        who, colon, flowers = part.partition(":")
        if not (who and colon and flowers):
            message = "aside= names each player, then their flowers after a colon: aside=Ben:1f3g,Chie:2f"
            problems.append(Problem("bad-value", message, col))
            return []
        player = self.who(who, col, problems)
        at = col + len(who) + 1
        codes = self._flower_codes(flowers, at, problems)
        if player is None or codes is None:
            return []
        name = self.name(player)
        if name in winners:
            message = f"{name} won: a winner's flowers are written in the hand, as mjscore score reads them"
            problems.append(Problem("game-flowers-winner", message, col))
        for code in codes:
            if code in held:
                problems.append(Problem("too-many-copies", f"there is one {code}: {held[code]} laid it aside", at))
            held.setdefault(code, name)
        reason = f"{len(codes)} flower(s) laid aside: 1 chip each"
        return [Payment(self.name(other), name, len(codes), reason) for other in range(self.n) if other != player]

    def _flower_codes(self, text: str, col: int, problems: list[Problem]) -> list[str] | None:
        """The flowers of ``text`` (``1f3g``), as their codes; None when it is no list of flowers."""
        if not _FLOWERS.fullmatch(text):
            message = f"{quoted(text)} is no list of flowers: 1f-4f are the flowers, 1g-4g the seasons (aside=Ben:1f3g)"
            problems.append(Problem("bad-value", message, col))
            return None
        tiles, _ = tiles_in(text)
        if self.hana.flowers == 4 and any(kind in SEASONS for kind, _ in tiles):
            message = "flowers=4 plays the four flowers only: no season (1g-4g)"
            problems.append(Problem("season-with-four-flowers", message, col))
        codes = [CODE_OF_TILE[tile] for tile in tiles]
        return codes


def _flowers_of(win: WinPlayed) -> list[str]:
    """The flowers a winner laid aside, as the hand was scored (its result's context)."""
    flowers = win.result.context.get("flowers")
    return [str(code) for code in flowers] if isinstance(flowers, list) else []
