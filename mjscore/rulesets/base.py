"""What every rule set provides to the registry, the library API and the CLI."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, TypeVar

from mjscore.engine import Rule, RuleBook
from mjscore.errors import UsageError
from mjscore.notation.tokens import Token
from mjscore.options import OptionSpec, OptionsValue, read_table, specs, with_values
from mjscore.result import ScoreResult
from mjscore.settings import Settings


@dataclass(frozen=True, slots=True)
class RuleRow:
    """A scoring item as ``mjscore rules NAME`` shows it: ``id`` is the one results name it by."""

    id: str
    name: str
    local_name: str
    category: str
    value: str
    condition: str


D = TypeVar("D")  # a rule set's "deal": one line read and checked, ready to score


class RuleSet(ABC, Generic[D]):
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    summary: ClassVar[str]
    family: ClassVar[str]  # which notation body its lines use
    unit: ClassVar[str]
    options_type: ClassVar[type[OptionsValue]]
    flags: ClassVar[tuple[str, ...]]
    keys: ClassVar[tuple[str, ...]]  # key=value items that are not rule options
    rules: ClassVar[Sequence[Rule[Any, Any, Any]]]  # the scoring items, as data rows

    def __init__(self) -> None:
        # Made with the instance, not as cached_property: a compiled class has no __dict__
        # to keep one in, so each use would make it again.
        self.book: Final = RuleBook(self.rules)  # the rows, with the memo of which to ask per features met

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        return specs(cls.options_type)

    def base_options(self, settings: Settings) -> OptionsValue:
        """Defaults overridden by the rules file's table for this rule set (read once
        per settings; a bad entry is a ``UsageError``)."""
        key = f"options:{self.name}"
        if key not in settings.memo:
            table = settings.options.get(self.name, {})
            try:
                values = read_table(self.options_type, table, f"{settings.source} [{self.name}]")
            except ValueError as exc:
                raise UsageError(str(exc)) from None
            settings.memo[key] = with_values(self.options_type(), values)
        options = settings.memo[key]
        assert isinstance(options, self.options_type)
        return options

    @abstractmethod
    def build(self, text: str, tokens: Sequence[Token], settings: Settings) -> D:
        """Read and check one line's tokens; ``HandError`` lists every problem."""

    @abstractmethod
    def evaluate(self, deal: D, explain: bool = False) -> ScoreResult:
        """Score the best reading and settle it (``HandError`` if it is no win);
        with ``explain``, the result also lists every reading considered."""

    def rule_rows(self) -> Sequence[RuleRow]:
        """The scoring table, from the same rows the engine applies."""
        return tuple(self.row(r) for r in self.rules)

    def row(self, rule: Rule[Any, Any, Any]) -> RuleRow:
        return RuleRow(rule.id, rule.name, rule.local_name, rule.category, self.value_text(rule), rule.condition)

    def value_text(self, rule: Rule[Any, Any, Any]) -> str:
        """What one application of a row is worth, as the table writes it."""
        return str(rule.value)
