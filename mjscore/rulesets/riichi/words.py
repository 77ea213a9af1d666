"""The flag words a riichi line reads (hana reads the same): every situation word of the mpsz
family (Baida's discarded-baida is no word of riichi's)."""

from typing import Final

from mjscore.families.mpsz.words import SITUATION_WORDS

FLAGS: Final = SITUATION_WORDS
