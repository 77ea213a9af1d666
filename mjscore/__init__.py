"""mjscore: a scoring calculator for mahjong-family games.

>>> from mjscore import score
>>> result = score("baba:馬馬馬場場O dora=場 tsumo menzen")
>>> [(line.name, line.value) for line in result.lines]
[('WIN', 1), ('DORAYAKI', 2), ('Menzen', 1), ('Hon-itsu', 1)]
"""

from mjscore import errors
from mjscore.rulesets import get_ruleset
from mjscore.scoring import parse_hand, score, score_many
from mjscore.settings import Settings, load_settings

__version__ = "0.1.0"

__all__ = ["Settings", "__version__", "errors", "get_ruleset", "load_settings", "parse_hand", "score", "score_many"]
