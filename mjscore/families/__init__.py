"""Notation families: the tiles or cards a family of rule sets is written in, how a hand
of them is read and checked, and how it is written back. They stand below the rule sets,
which build on them side by side; a rule set names its family (``RuleSet.family``)."""

from __future__ import annotations

import re
from typing import Final

from mjscore.families.mpsz import words as mpsz_words
from mjscore.settings import Settings

# A likely slip per family, for a line that does not read: (what gives it away, what to say).
HINTS: Final[dict[str, tuple[re.Pattern[str], str]]] = {"mpsz": mpsz_words.HINT}


def load_family_files(settings: Settings) -> None:
    """Load the files the settings name for a family (the BABA deck), so a bad one is a usage
    error before any line is read."""
    if settings.deck_path:
        from mjscore.families.baba.deck import deck_of  # only when a file is named

        deck_of(settings)
