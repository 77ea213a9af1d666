"""A limit row that applies drops every row that is not one: data on the rows, applied by the engine."""

from __future__ import annotations

from mjscore import score
from mjscore.engine import Rule, RuleBook, apply_rules
from mjscore.rulesets.hana import HANA_RULES
from mjscore.rulesets.riichi.rows import RULES, YAKUMAN

# A made-up table: the reading is a word, the context the words said on the line.
Row = Rule[str, frozenset[str], None]


def _said(word: str, *, limit: bool = False, supersedes: tuple[str, ...] = ()) -> Row:
    """A row that applies when the line says ``word``."""
    return Rule(
        word, word.title(), "", "item", 1, f"says {word}", lambda _r, said, _o: word in said, supersedes, limit=limit
    )


PLAIN, OTHER, BEATS = _said("plain"), _said("other"), _said("beats", supersedes=("beaten",))
LIMIT, BEATEN = _said("limit", limit=True), _said("beaten", limit=True)
BOOK = RuleBook((PLAIN, LIMIT, OTHER, BEATEN, BEATS))


def _ids(*said: str) -> list[str]:
    return [x.rule_id for x in apply_rules(BOOK, "", frozenset(said), None, is_open=False)]


def test_rows_add_up_when_no_limit_row_applies() -> None:
    # why: without a limit row every row that applies is a line, in table order
    assert _ids("plain", "other") == ["plain", "other"]


def test_a_limit_row_that_applies_drops_the_rows_that_are_not_limit_rows() -> None:
    # why: "limit" applies and is a limit row, so "plain" and "other" are dropped
    assert _ids("plain", "limit", "other") == ["limit"]
    # why: two limit rows that apply are both kept (whether they add up is the rule set's choice)
    assert _ids("plain", "limit", "beaten") == ["limit", "beaten"]


def test_a_superseded_limit_row_drops_nothing() -> None:
    # why: "beats" supersedes the limit row "beaten"; with no limit row left the others stay
    assert _ids("plain", "beaten", "beats") == ["plain", "beats"]


def test_riichi_limit_rows_are_the_yakuman_rows() -> None:
    # why: docs/rules/riichi.md §5 and docs/rules/hana.md: the limit hands (the rules table's
    # "yakuman" rows, Daifaahou among them) replace every other item, and no other row does
    rows = RULES + HANA_RULES
    assert [r.id for r in rows if r.limit] == [r.id for r in rows if r.category == YAKUMAN]
    assert "daifaahou" in {r.id for r in rows if r.limit}


def test_a_renhou_mangan_beside_a_limit_hand_keeps_the_limit_hand_in_both_scorings() -> None:
    result = score("riichi:22334466688s66z+6z ron renhou renhou=mangan", explain=True)
    # why: docs/rules/riichi.md §5: a limit hand replaces every other item, renhou (a mangan alone) too; so
    # both scorings of renhou=mangan, with the word and without it, are All Green, 13 han, 32000
    assert [([x.rule_id for x in c.lines], c.total, c.hand_value) for c in result.candidates] == [
        (["all-green"], 13, 32000),
        (["all-green"], 13, 32000),
    ]
