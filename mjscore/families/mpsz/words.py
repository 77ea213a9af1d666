"""The words of the mpsz family: its flag words, and what a line that slipped into
another family is told."""

from __future__ import annotations

import re
from typing import Final

# The win and situation words of the riichi table (riichi and hana read every one of them).
SITUATION_WORDS: Final = (
    "tsumo",
    "ron",
    "riichi",
    "double-riichi",
    "wriichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
)
# Every flag word of the rule sets written in mpsz: the grammar reads them as flags (in any
# case), so one ends the hand part. Each rule set names the ones it reads (``RuleSet.flags``);
# a word of another rule set is unknown there, with a "did you mean".
FLAGS: Final = (*SITUATION_WORDS, "discarded-baida")

# A likely slip on a line that does not read: (what gives it away, what to say).
HINT: Final = (re.compile(r"[^\x00-\x7f\u3000]"), "kanji are BABA cards: start the line with baba:")
