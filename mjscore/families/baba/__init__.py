"""The BABA family: the kanji card deck, and reading and writing its cards."""
