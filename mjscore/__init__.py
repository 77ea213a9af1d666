"""mjscore: a scoring calculator for mahjong-family games.

>>> from mjscore import score
>>> result = score("baba:馬馬馬場場O dora=場 tsumo menzen")
>>> [(line.name, line.value) for line in result.lines]
[('WIN', 1), ('DORAYAKI', 2), ('Menzen', 1), ('Hon-itsu', 1)]

The names below are imported when first used, so that importing the package costs
nothing before the command takes Ctrl-C itself (``mjscore.__main__``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from mjscore import errors
    from mjscore.configure import load_settings
    from mjscore.rulesets import get_ruleset
    from mjscore.scoring import parse_hand, score, score_many
    from mjscore.settings import Settings

__version__ = "0.1.0"


def build() -> str:
    """Which build of mjscore runs: "compiled with mypyc" or "pure Python" (README, Quick start).

    >>> build() in {"compiled with mypyc", "pure Python"}
    True
    """
    from mjscore import errors  # compiled in every compiled build (setup.py); every command imports it

    return "pure Python" if (errors.__file__ or "").endswith(".py") else "compiled with mypyc"


_HOMES: Final = {
    "errors": "mjscore",
    "get_ruleset": "mjscore.rulesets",
    "parse_hand": "mjscore.scoring",
    "score": "mjscore.scoring",
    "score_many": "mjscore.scoring",
    "Settings": "mjscore.settings",
    "load_settings": "mjscore.configure",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return import_module(f"mjscore.{name}") if home == "mjscore" else getattr(import_module(home), name)


__all__ = [
    "Settings",
    "__version__",
    "build",
    "errors",
    "get_ruleset",
    "load_settings",
    "parse_hand",
    "score",
    "score_many",
]
