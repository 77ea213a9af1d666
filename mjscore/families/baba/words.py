"""The words of the BABA family."""

from typing import Final

# Its flag words. A flag ends the hand part; any other bare word there is read as cards
# (and reported as such if it is not).
FLAGS: Final = ("tsumo", "ron", "menzen")
