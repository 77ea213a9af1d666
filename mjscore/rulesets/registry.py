"""The rule-set registry: every rule set mjscore knows, found by name or alias.

A rule set is a class with its metadata as class attributes (the pattern of
python-chess's ``chess.variant``); ``find_ruleset`` looks names up
case-insensitively. ``mjscore.rulesets`` gives these names; the registry is a module of its
own so that it is compiled (a module with a module ``__getattr__``, as that package has,
stays Python: setup.py), and every line of a batch asks it for its rule set.
"""

from __future__ import annotations

from importlib import import_module
from typing import Final, cast

from mjscore.errors import Problem, quoted
from mjscore.rulesets.base import AnyRuleSet

# name -> (module, class, aliases). Classes are imported when first looked up, so
# scoring a BABA hand never loads riichi (start-up time). The aliases repeat the
# classes' own; tests/meta checks the two agree.
REGISTRY: Final[dict[str, tuple[str, str, tuple[str, ...]]]] = {
    "riichi": ("mjscore.rulesets.riichi", "Riichi", ("yakuza2", "japanese")),
    "hana": ("mjscore.rulesets.hana", "Hana", ("flower", "riichi-hana")),
    "sanma": ("mjscore.rulesets.sanma", "Sanma", ("three-player", "riichi-3p")),
    "baida": ("mjscore.rulesets.baida", "Baida", ("baida-mahjong", "wild")),
    "baba": ("mjscore.rulesets.baba", "BabaExpert", ("baba-expert", "expert")),
    "baba-beginner": ("mjscore.rulesets.baba", "BabaBeginner", ("baba-b", "beginner")),
}


_LOOKUP: Final = {alias: name for name, (_, _, aliases) in REGISTRY.items() for alias in (name, *aliases)}
_REGISTERED: Final[dict[str, type[AnyRuleSet]]] = {}  # rule sets written outside mjscore (``register``)
_INSTANCES: Final[dict[type[AnyRuleSet], AnyRuleSet]] = {}
_BY_NAME: Final[dict[str, AnyRuleSet]] = {}  # as written: "riichi", "Riichi", "yakuza2" ...


def _load(name: str) -> type[AnyRuleSet]:
    if name in _REGISTERED:
        return _REGISTERED[name]
    module, cls, _ = REGISTRY[name]
    return cast(type[AnyRuleSet], getattr(import_module(module), cls))


def register(cls: type[AnyRuleSet]) -> None:
    """Make a rule set written outside mjscore known by its name and aliases, for the library
    and the CLI of this process (``batch --jobs`` workers started by fork see it too).
    ``ValueError`` if a name is taken. docs/adding-a-ruleset.md shows one."""
    names = [n.lower() for n in (cls.name, *cls.aliases)]
    taken = [n for n in names if n in _LOOKUP]
    if taken or len(set(names)) != len(names):
        raise ValueError(f"rule set names already in use: {', '.join(taken or names)}")
    _REGISTERED[cls.name.lower()] = cls
    _LOOKUP.update(dict.fromkeys(names, cls.name.lower()))


def unregister(name: str) -> None:
    """Forget a rule set ``register`` added (its name or an alias); a built-in one stays."""
    found = _LOOKUP.get(name.strip().lower())
    cls = _REGISTERED.pop(found, None) if found else None
    if cls is None:
        return
    for alias in [a for a, n in _LOOKUP.items() if n == found]:
        del _LOOKUP[alias]
    _INSTANCES.pop(cls, None)
    for written in [w for w, rs in _BY_NAME.items() if type(rs) is cls]:
        del _BY_NAME[written]


def ruleset_names() -> tuple[str, ...]:
    """Every rule set's name: the built-in ones, then those registered."""
    return (*REGISTRY, *_REGISTERED)


def all_rulesets() -> tuple[type[AnyRuleSet], ...]:
    """Every rule set class, built-in then registered (imports them all)."""
    return tuple(_load(name) for name in ruleset_names())


def is_ruleset_name(name: str) -> bool:
    """``name`` is a rule set's name or alias, in any case (no rule set is loaded to tell)."""
    return name.strip().lower() in _LOOKUP


def find_ruleset(name: str) -> type[AnyRuleSet] | None:
    """The rule set class for a name or alias (any case), or None."""
    found = _LOOKUP.get(name.strip().lower())
    return None if found is None else _load(found)


def get_ruleset(name: str) -> AnyRuleSet:
    """The shared instance of a rule set (it holds only caches); ``LookupError`` if unknown."""
    found = _BY_NAME.get(name)  # every line of a batch names its rule set: remember the answer
    if found is not None:
        return found
    cls = find_ruleset(name)
    if cls is None:
        raise LookupError(unknown_ruleset(name).message)
    if cls not in _INSTANCES:
        _INSTANCES[cls] = cls()
    _BY_NAME[name] = _INSTANCES[cls]
    return _INSTANCES[cls]


def unknown_ruleset(name: str, col: int = 0) -> Problem:
    from mjscore.notation.build import closest_word  # only on this error

    guess = closest_word(name, list(_LOOKUP))
    hint = f"; did you mean {_LOOKUP[guess]!r}?" if guess else ""
    known = ", ".join(ruleset_names())
    return Problem("unknown-ruleset", f"unknown rule set {quoted(name)}{hint} (available: {known})", col)
