"""Riichi mahjong under the Yakuza 2 table rules (docs/rules/riichi.md).

``ruleset`` holds the rule set on the scoring pipeline; ``yaku`` its rows, ``readings``
the ways to see a hand, ``fu`` and ``points`` what a reading is worth, ``checks`` what a
line may not say, ``draw`` the exhaustive-draw line, ``present`` how a result reads.
A rule set built on riichi (hana) extends ``RiichiFamily`` through its documented hooks.
"""

from mjscore.rulesets.riichi.model import RiichiOptions, RiichiReading, RiichiTable
from mjscore.rulesets.riichi.ruleset import Riichi, RiichiDeal, RiichiFamily, RiichiScored

__all__ = ["Riichi", "RiichiDeal", "RiichiFamily", "RiichiOptions", "RiichiReading", "RiichiScored", "RiichiTable"]
