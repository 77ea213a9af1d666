"""The words of the BABA family."""

# Its flag words. A flag ends the hand part; any other bare word there is read as cards
# (and reported as such if it is not).
FLAGS = ("tsumo", "ron", "menzen")
