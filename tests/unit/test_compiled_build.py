"""What a compiled build (mypyc, setup.py) does differently from Python, each held here so
that the test run on the compiled build (.ci/run) fails if the code leans on it again."""

from __future__ import annotations

import pickle

import pytest

from mjscore import score
from mjscore.batch import Rendered, Source
from mjscore.errors import MjscoreError, NotationError, Problem, UsageError
from mjscore.families.baba.deck import deck_of
from mjscore.game.ledger import LedgerBroken
from mjscore.render.plot import PlotUnavailable
from mjscore.rulesets import all_rulesets
from mjscore.settings import Settings


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda cls: cls.name)
def test_a_switch_option_stays_a_switch(ruleset: type) -> None:
    # why: mypyc takes `bool | int` for int, and once turned a switch's default True into 1,
    # so every switch was read as a number option (aka=on refused, shown as 1)
    defaults = ruleset.options_type()
    for spec in ruleset.option_specs():
        default = getattr(defaults, spec.name)
        assert spec.is_switch == isinstance(default, bool), spec.name
        assert type(spec.default) is type(default), spec.name
        if spec.is_switch:
            assert spec.read("on") is True
            assert spec.read("off") is False


@pytest.mark.parametrize(
    "line",
    [
        "riichi:111222333m456p5s+5s tsumo",  # three pungs (3 han) or three runs (2 han)
        "baba:MBMBMBMB OO dora=MB tsumo",  # two readings of equal totals: the first is kept
        "baida:112233445566m1p+1p baida=1p tsumo",  # seven pairs, the Baida as 77m, 88m or 99m
    ],
)
def test_one_candidate_is_marked_kept_and_it_is_the_best(line: str) -> None:
    # why: the kept reading was told by identity (`s is best`); a compiled build hands a new
    # tuple object each time, and --all lost its marker
    result = score(line, explain=True)
    assert len(result.candidates) > 1
    kept = [c for c in result.candidates if c.kept]
    assert len(kept) == 1
    assert kept[0].lines == result.lines


def test_derived_values_are_made_once() -> None:
    # why: a compiled object has no __dict__ for cached_property to keep its value in, so each
    # use made a new one: a new deck (decks are compared by identity) and an empty memo each time
    settings = Settings()
    assert deck_of(settings) is deck_of(settings)
    assert deck_of(settings).by_code is deck_of(settings).by_code


def test_batch_values_pickle() -> None:
    # why: --jobs sends them between processes; a compiled frozen dataclass refused to be
    # restored field by field, and the pool waited for ever
    rendered = Rendered(3, None, (Problem("tile-count", "too many", 4),), Source(1, "hands.txt"))
    assert pickle.loads(pickle.dumps(rendered)) == rendered


def test_issubclass_between_rule_sets_follows_their_bases() -> None:
    # why: RuleSet was an abc.ABC; the compiled rule sets shared its subclass cache, and
    # issubclass(Hana, Baida) answered True
    classes = all_rulesets()
    for cls in classes:
        for other in classes:
            assert issubclass(cls, other) == (other in cls.__mro__), (cls.name, other.name)


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (UsageError("a bad option"), "usage"),
        (MjscoreError("anything"), "error"),
        (NotationError("1m", 1, "cannot read"), "notation"),
        (LedgerBroken("the points no longer add up"), "internal-ledger"),
        (PlotUnavailable("matplotlib is not installed"), "plot-needs-matplotlib"),
    ],
)
def test_an_error_knows_its_code(error: MjscoreError, code: str) -> None:
    # why: compiled, a plain class attribute of an exception class was not found through its
    # instances: UsageError("x").code and .problems raised AttributeError
    assert error.code == code
    assert error.problems[0].code == ("syntax" if code == "notation" else code)


def test_the_stand_in_for_mypyc_attr_leaves_a_class_as_it_is() -> None:
    # why: where mypy_extensions is not installed (a pure or compiled install without mypy),
    # rulesets/base.py decorates RuleSet with this stand-in; a class it changed or lost would
    # break every rule set at import
    from mjscore.compiling import mypyc_attr

    class Plain:
        pass

    assert mypyc_attr(allow_interpreted_subclasses=True)(Plain) is Plain
