"""What a compiled build (mypyc, setup.py) does differently from Python, each held here so
that the test run on the compiled build (.ci/run) fails if the code leans on it again."""

from __future__ import annotations

import pickle
from typing import Any

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
    # RuleSet and the error classes are decorated with this stand-in; a class it changed or
    # lost would break every rule set and error at import
    from mjscore.compiling import mypyc_attr

    class Plain:
        pass

    assert mypyc_attr(allow_interpreted_subclasses=True)(Plain) is Plain


def _package_classes() -> list[type]:
    """Every class a module of the package defines or imports, each once, by name."""
    import importlib
    import pkgutil

    import mjscore

    found: dict[str, type] = {}
    for module_info in pkgutil.walk_packages(mjscore.__path__, "mjscore."):
        if module_info.name.endswith(("__main__", ".cli", "grammar", ".bnf")):
            continue  # entry points and pyparsing's modules: no values of their own
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__.startswith("mjscore."):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


def _written_out_inits() -> list[type]:
    """Every dataclass of the package whose __init__ is written out (``init=False``)."""
    import dataclasses

    return [
        cls
        for cls in _package_classes()
        if dataclasses.is_dataclass(cls) and not cls.__dataclass_params__.init  # type: ignore[attr-defined]
    ]


def test_every_error_class_is_a_python_class() -> None:
    # why: setup.py compiles two libraries, and compiled code of one that read a property of a
    # native error class of the other (the analysis reading HandError.problems) crashed the
    # interpreter; mypyc marks a native class by __mypyc_attrs__, and a class derived from a
    # Python one is native unless it says otherwise (errors.MjscoreError)
    errors = [cls for cls in _package_classes() if issubclass(cls, MjscoreError)]
    assert len(errors) >= 8  # MjscoreError, UsageError, HandError, NotationError and four more
    assert [cls.__qualname__ for cls in errors if "__mypyc_attrs__" in vars(cls)] == []


def test_the_analysis_reads_the_problems_of_a_wait_the_scorer_refused() -> None:
    # why: the analysis (compiled into one library) reads HandError.problems of each refused
    # wait from the scorer (the other library): with native error classes this line crashed
    from mjscore.analysis import analyse

    document: dict[str, Any] = analyse("riichi:123m456p567s789s5z9p").to_dict()
    row = next(row for row in document["rows"] if row["discard"] == "9p")
    # why: throwing 9p leaves four runs and a single 5z; a ron on it has no yaku (a closed
    # ron, no simples with 1m and 9s, a single wait, the dragon only a pair)
    assert [(wait["tile"], wait["ron"]["outcome"]) for wait in row["waits"]] == [("5z", "no-yaku")]
    assert [problem["code"] for problem in row["waits"][0]["ron"]["problems"]] == ["no-yaku"]


def _sample(cls: type) -> object:
    """A value of ``cls`` as scoring makes one (a compiled __init__ checks its arguments' types)."""
    from mjscore.batch import Scoring
    from mjscore.front import parse_hand, scored_line
    from mjscore.hand import Group, Reading, Shape
    from mjscore.notation.build import tokenize
    from mjscore.presets import PresetFile
    from mjscore.render.json import JsonRenderer
    from mjscore.result import ShownTable
    from mjscore.rulesets.riichi import Riichi
    from mjscore.rulesets.riichi.draw import DrawTable
    from mjscore.rulesets.riichi.readings import _TARGETS

    line = "234m456p(789s)11z55z+5z ron seat=S dora=4p"
    result = score(line)
    ruleset = Riichi()
    draw = parse_hand("riichi:draw nagashi=S honba=1 sticks=2")
    samples = {
        "ScoreResult": result,
        "Shown": result.presented,
        "ScoreLine": result.lines[0],
        "Summary": result.summary,
        "Payment": result.payments[0],
        "WrittenHand": ruleset.build(line, tokenize(line, ruleset.family, 0), Settings()).hand,
        "Rendered": Rendered(1, "out", ()),
        "Reading": Reading("standard", (Group(Shape.PAIR, 3),)),
        "Target": _TARGETS[4],
        "BabaTable": parse_hand("baba:馬馬馬場場O dora=場 tsumo menzen").deal.table,
        "ParsedHand": parse_hand(line),
        "BatchLine": scored_line(1, line),
        "Token": tokenize(line, ruleset.family, 0)[-1],  # dora=4p: every field set
        # made as a run starts (their own __init__ spares the start-up dataclasses' generated ones)
        "Problem": Problem("tile-count", "tile count: 13 given, 14 needed", 4),
        "Party": result.parties[0],
        "Source": Source(2, "hands.txt"),
        "Scoring": Scoring(Settings(), JsonRenderer(), True),
        "PresetFile": PresetFile("Tenhou", "tenhou.net rules", {"aka": True}),
        "Preset": parse_hand(line).deal.preset,
        "Settlement": score("riichi:draw tenpai=E,W").settlement,
        "ShownTable": ShownTable("deck", ("code", "card"), (("MB", "馬"),)),
        "Candidate": score(line, explain=True).candidates[0],
        "DrawTable": DrawTable("ESW", "the North seat is empty", 2000, True),
        "DrawDeal": draw.deal,
        "RuleRow": ruleset.rule_rows()[0],
        "OptionSpec": ruleset.option_specs()[0],
    }
    return samples[cls.__qualname__]


def _varied(value: object, i: int) -> object:
    """Another value of the same type, told apart by ``i`` (a switch by its parity; None or an
    object: itself)."""
    if isinstance(value, bool):
        return i % 2 == 1
    if value is None:
        return value
    if isinstance(value, int):
        return 1000 + i
    if isinstance(value, str):
        return f"field {i}"
    if isinstance(value, tuple):  # item by item: a compiled __init__ checks a tile's (int, bool) too
        return tuple(_varied(item, i) for item in value)
    return value


@pytest.mark.parametrize("cls", _written_out_inits(), ids=lambda cls: cls.__qualname__)
def test_a_written_out_init_takes_the_fields_in_order(cls: type) -> None:
    # why: a dataclass with init=False keeps its own __init__ (a compiled one is about 30
    # times faster than the one dataclasses generates); it must take the fields as the
    # generated one would: by position (pickling restores them so) and by name (replace()),
    # each set to what it was given, and a field left out set to the default its __init__
    # names (the fields are Final, so the class itself names none)
    import dataclasses
    import inspect

    fields = [f for f in dataclasses.fields(cls) if f.init]
    sample = _sample(cls)
    values = [_varied(getattr(sample, f.name), i) for i, f in enumerate(fields)]
    by_position = cls(*values)
    by_name = cls(**{f.name: value for f, value in zip(fields, values, strict=True)})
    for made in (by_position, by_name):
        assert [getattr(made, f.name) for f in fields] == values
    try:
        parameters = list(inspect.signature(cls).parameters.values())
    except ValueError:
        parameters = []
    if not parameters:  # compiled, a default that is not a literal (Rendered's, Target's) leaves no
        return  # signature: the same __init__ is checked in the pure build, which CI runs too
    assert [p.name for p in parameters] == [f.name for f in fields]
    required = [p for p in parameters if p.default is inspect.Parameter.empty]
    defaults = cls(*values[: len(required)])
    left_out = parameters[len(required) :]
    assert [getattr(defaults, p.name) for p in left_out] == [p.default for p in left_out]


def test_the_written_out_inits_are_the_hot_and_start_up_values() -> None:
    # why: the values made for every scored line whose generated __init__ cost most
    # (callgrind, compiled riichi batch); a class dropped from the list would lose the check above
    names = {cls.__qualname__ for cls in _written_out_inits()}
    assert {"ScoreResult", "Shown", "ScoreLine", "Summary", "Payment", "WrittenHand", "Rendered"} <= names
    # and those of a BABA line (callgrind, compiled BABA batch): its table, its readings and
    # their target are made for every line
    assert {"BabaTable", "Reading", "Target"} <= names
    # and the front door's, one a line, and the tokens, about ten a line
    assert {"ParsedHand", "BatchLine", "Token"} <= names
    # and those a run makes as it starts: dataclasses writes a frozen class's __init__,
    # __setattr__ and __delattr__ as source and compiles them at import, about 0.6 ms a class
    # (a one-line batch: 20M of its instructions)
    assert {"Problem", "Party", "Source", "Scoring", "OptionSpec", "RuleRow", "DrawDeal", "Preset"} <= names


def test_the_named_tuples_made_without_their_new_hold_every_field() -> None:
    # why: values.made fills a NamedTuple's fields in C, unchecked (its own __new__ is Python
    # code, slow when compiled); each one made so for a hand must be what its constructor would
    # make of the same fields, none missing nor extra: the table, the hand, the payments'
    # table, every reading and every group the decomposer split off or moved into place, the
    # fast reader's read
    from mjscore.decompose import _groups_with, _split_at_0
    from mjscore.hand import Shape
    from mjscore.notation.build import tokenize
    from mjscore.notation.tokens import fast_read
    from mjscore.rulesets import get_ruleset
    from mjscore.rulesets.riichi import Riichi

    line = "234m456p(789s)11z55z+5z ron seat=S dora=4p"
    ruleset = Riichi()
    deal = ruleset.build(line, tokenize(line, ruleset.family, 0), Settings())
    readings = list(ruleset.readings(deal))
    made = [deal.table, deal.table.hand, deal.hand.hand(), ruleset.seating(deal), *readings]
    made += [group for reading in readings for group in reading.groups]  # the first a meld's (meld_group)
    made.append(fast_read("mpsz", line))
    made += [group for split in _split_at_0.__wrapped__(bytes([3, 1, 1, 1, 2])) for group in split]  # made afresh
    # the whole search's groups (a hand with wild cards): a set, a pair and a run each
    searched = [g for g, _, _ in _groups_with(0, (2, 1, 1), 1, (1, 1), frozenset({0}))]
    assert {g.shape for g in searched} == {Shape.SET, Shape.PAIR, Shape.RUN}  # why: 0 twice, a wild, 1 and 2 follow
    made += searched
    # why: one reading, the 5z pung completed by the ron (a shanpon on 11z and 55z), of five groups
    assert [len(reading.groups) for reading in readings] == [5]
    pairs = "1122m3344p5566s7z+7z tsumo"  # Seven Pairs: its pairs are made so too
    pairs_deal = ruleset.build(pairs, tokenize(pairs, ruleset.family, 0), Settings())
    (seven,) = [r for r in ruleset.readings(pairs_deal) if len(r.groups) == 7]  # why: seven kinds, two of each
    made += seven.groups
    # BABA: the hand, its meld and the meld's group (the reading's first)
    baba = get_ruleset("baba")
    baba_line = "(番場番場O) hb羽場 HB dora=馬場 tsumo"
    baba_deal = baba.build(baba_line, tokenize(baba_line, baba.family, 0), Settings())
    baba_readings = list(baba.readings(baba_deal))
    assert len(baba_deal.table.hand.melds) == 1  # why: (番場番場O) is the line's one meld
    assert baba_readings  # why: the meld and a Kohtsu of hb羽場HB: two Kohtsu
    made += [baba_deal.table.hand, *baba_deal.table.hand.melds, *(r.groups[0] for r in baba_readings)]
    for shaped, shape in (("場MRHB場々馬 羽場 ron", "San-toitsu"), ("kbbrhb番場mb PB ron", "Ba-ittsu")):
        shaped_deal = baba.build(shaped, tokenize(shaped, baba.family, 0), Settings())
        (reading,) = [r for r in baba.readings(shaped_deal) if r.shape == shape]  # why: three pairs; one of each 場
        made += reading.groups
    for value in made:
        cls = type(value)
        assert len(value) == len(cls._fields), cls.__name__
        assert cls(*value) == value, cls.__name__
