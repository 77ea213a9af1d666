"""Riichi mahjong under the Yakuza 2 table rules (docs/rules/riichi.md).

``ruleset`` holds the rule set on the scoring pipeline; ``rows`` its rows, ``readings``
the ways to see a hand, ``fu`` and ``points`` what a reading is worth, ``checks`` what a
line may not say, ``draw`` the exhaustive-draw line, ``present`` how a result reads.

The names below are the package's public face: a rule set built on riichi (hana, sanma) uses
only these: ``RiichiFamily`` and its hooks, the row factories and riichi's rows, the
payment ``Table`` its ``seating`` hook returns, and ``reading_of`` for a reading of its own
shape (hana's Eight Flowers).
"""

from mjscore.rulesets.riichi.draw import DrawDeal
from mjscore.rulesets.riichi.model import RiichiOptions, RiichiReading, RiichiTable, reading_of
from mjscore.rulesets.riichi.points import Table
from mjscore.rulesets.riichi.rows import BONUS, HAS_FLOWERS, RULES, RiichiRule, dora, is_pinfu, limit_hand, yaku
from mjscore.rulesets.riichi.ruleset import Riichi, RiichiDeal, RiichiFamily, RiichiScored, win_deal

__all__ = [
    "BONUS",
    "HAS_FLOWERS",
    "RULES",
    "DrawDeal",
    "Riichi",
    "RiichiDeal",
    "RiichiFamily",
    "RiichiOptions",
    "RiichiReading",
    "RiichiRule",
    "RiichiScored",
    "RiichiTable",
    "Table",
    "dora",
    "is_pinfu",
    "limit_hand",
    "reading_of",
    "win_deal",
    "yaku",
]
