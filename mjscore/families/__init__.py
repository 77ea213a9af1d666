"""Notation families: the tiles or cards a family of rule sets is written in, how a hand
of them is read and checked, and how it is written back. They stand below the rule sets,
which build on them side by side."""
