"""What every rule set provides, and the one pipeline that scores a line with it.

``RuleSet.evaluate`` is the pipeline: a line read and checked (``build``: the rule
set's reading of its words) → its readings (those that can differ, unless they are to be
listed: ``distinct_readings``) → the rule rows applied to each (the engine) → totals
(``total``: caps, fallback rows) → checks (``allowed``: minimums) → the best by
``Scored.key`` → candidates → settle (``settle``: payments) → present (``shown``,
``notes``). A rule set is data (its rows, options, words) plus those few
named hooks; ``docs/adding-a-ruleset.md`` walks through one written from scratch.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar, cast

from mjscore.compiling import mypyc_attr
from mjscore.engine import Rule, RuleBook, apply_rules
from mjscore.errors import Problem, UsageError, quoted, quoted_value
from mjscore.notation.build import Items, closest_word, fail
from mjscore.notation.tokens import Token
from mjscore.options import OptionSpec, OptionsValue, read_table, specs, with_values
from mjscore.presets import PRESET_KEY, Preset, built_in_preset, load_preset
from mjscore.result import Candidate, ScoreLine, ScoreResult, Shown, ShownTable
from mjscore.rulesets.deal import Deal, OptionsT, ReadingT, Scored, Settled, TableT
from mjscore.settings import Settings
from mjscore.values import Value, kept

if TYPE_CHECKING:  # the analysis's values: mjscore waits imports them, scoring a line need not
    from mjscore.waiting import Waiting, WaitingLine


@dataclass(slots=True, init=False, repr=False, eq=False)
class RuleRow(Value):
    """A scoring item as ``mjscore rules NAME`` shows it: ``id`` is the one results name it by."""

    id: Final[str]
    name: Final[str]
    local_name: Final[str]
    category: Final[str]
    value: Final[str]
    condition: Final[str]

    def __init__(  # noqa: PLR0917 - the fields, in order, as dataclasses would take them (see result.ScoreLine)
        self, id: str, name: str, local_name: str, category: str, value: str, condition: str
    ) -> None:
        self.id = id
        self.name = name
        self.local_name = local_name
        self.category = category
        self.value = value
        self.condition = condition


LINE_OPTION_SETS: Final = 256  # the distinct option sets of lines kept per settings and rule set

DealT = TypeVar("DealT")  # a rule set's deal: usually a ``Deal``; riichi's draw line is another


@mypyc_attr(allow_interpreted_subclasses=True)
class RuleSet(Generic[DealT, ReadingT, TableT, OptionsT]):
    """A rule set: data and the hooks the pipeline calls. (Not an ``abc.ABC``: the compiled rule
    sets would share its subclass cache, and ``issubclass`` between them answered wrongly; a
    hook a rule set must write raises ``NotImplementedError`` until it does.)"""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    summary: ClassVar[str]
    family: ClassVar[str]  # which notation body its lines use
    unit: ClassVar[str]
    # Class attributes (ClassVar): a compiled build reads them from the class (``option_specs``).
    options_type: ClassVar[type[OptionsValue]]
    flags: ClassVar[tuple[str, ...]]
    keys: ClassVar[tuple[str, ...]]  # key=value items that are not rule options
    rules: ClassVar[Sequence[Rule[Any, Any, Any]]]  # the scoring items, as data rows
    # How a result labels its numbers (``ScoreResult``'s fields of the same names).
    total_label: ClassVar[str] = "total per payer"
    breakdown_unit: ClassVar[str] = ""
    payment_unit: ClassVar[str] = ""
    side_unit: ClassVar[str] = ""
    # Its presets, named tables of option values: the files data/presets/<name>/<preset>.toml
    # (``mjscore.presets``). The first is the default: what a line that chooses none scores with.
    presets: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        # Made with the instance, not as a cached_property: a compiled class has no __dict__ to keep one in.
        self.book: Final = RuleBook(self.rules)  # the rows, with the memo of which to ask per feature set
        # each preset as first chosen, its file read then (the default's: as built in, default_preset)
        self.loaded_presets: Final[dict[str, Preset]] = {}

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        return specs(cls.options_type)

    # -- options and presets (README, "Presets": defaults < preset < rules file < the line)

    def preset(self, name: str) -> Preset:
        """One of ``presets``, read from its file once."""
        if name not in self.loaded_presets:
            self.loaded_presets[name] = load_preset(self.name, name, self.options_type)
        return self.loaded_presets[name]

    def preset_problem(self, name: str, col: int = 0, where: str = "") -> Problem | None:
        """Why ``name`` (any case) is none of this rule set's presets, or None. ``where`` names
        what chose it when that is not the line itself (``--preset tenhou``)."""
        lead = f"{where}: " if where else ""
        if not self.presets:
            message = f"{lead}{self.name} has no presets: give its options one by one (mjscore rules {self.name})"
            return Problem("no-presets", message, col)
        if name.lower() in self.presets:
            return None
        guess = closest_word(name, self.presets)
        hint = f"; did you mean {guess!r}?" if guess else ""
        message = f"{lead}{self.name} has no preset {quoted(name)}{hint} (presets: {', '.join(self.presets)})"
        return Problem("unknown-preset", message, col)

    def settings_preset(self, settings: Settings) -> Preset | None:
        """The preset of a line that names none: ``--preset``, else the one the rules file's
        section names, else the default (None: the rule set has no presets). Chosen once per
        settings; a rules file's unknown preset is a ``UsageError`` (``--preset`` is checked where
        it is read, and for another rule set by each line: ``line_options``)."""
        key = ("preset", self.name)
        if key not in settings.memo:
            chosen = settings.preset
            if chosen is None or self.preset_problem(chosen):
                chosen = self._file_preset(settings)
            settings.memo[key] = self.preset(chosen.lower()) if chosen else self.default_preset()
        return cast("Preset | None", settings.memo[key])

    def default_preset(self) -> Preset | None:
        """The first of ``presets``: the built-in defaults, its file not read (``built_in_preset``)."""
        if not self.presets:
            return None
        name = self.presets[0]
        if name not in self.loaded_presets:
            self.loaded_presets[name] = built_in_preset(self.name, name, self.options_type)
        return self.loaded_presets[name]

    def _file_preset(self, settings: Settings) -> str | None:
        """The preset a rules file's section names for this rule set (None: none)."""
        chosen = settings.options.get(self.name, {}).get(PRESET_KEY)
        if chosen is None:
            return None
        where = f"{settings.source} [{self.name}] {PRESET_KEY} ="
        if not isinstance(chosen, str):
            raise UsageError(f"{where} is a preset's name in quotes, not {quoted_value(chosen)}")
        problem = self.preset_problem(chosen, where=where)
        if problem:
            raise UsageError(problem.message)
        return chosen

    def base_options(self, settings: Settings, preset: Preset | None = None) -> OptionsT:
        """The options a line starts from: ``preset``'s (else the settings' preset's, else the
        defaults), overridden by the rules file's table for this rule set (read once per
        settings and preset; a bad entry is a ``UsageError``)."""
        if preset is None:
            preset = self.settings_preset(settings)
        key = ("options", self.name, preset.name if preset else "")
        if key not in settings.memo:
            table = {k: v for k, v in settings.options.get(self.name, {}).items() if k != PRESET_KEY}
            try:
                values = read_table(self.options_type, table, f"{settings.source} [{self.name}]")
            except ValueError as exc:
                raise UsageError(str(exc)) from None
            start = preset.options if preset else self.options_type()
            settings.memo[key] = with_values(start, values)
        return cast(OptionsT, settings.memo[key])

    def line_options(self, settings: Settings, items: Items) -> tuple[OptionsT, Preset | None]:
        """A line's options and its preset: its own ``preset=``, else the settings' (a problem in
        ``items.problems`` when this rule set has no such preset), then the rules file's options,
        then its own. Kept per settings, preset and the options the line writes, at most
        LINE_OPTION_SETS of them: a batch repeats few, replacing fields of a frozen dataclass of
        two dozen costs more than the lookup, and this module runs as Python even in the
        compiled build, where each call costs (a line that names no preset makes one lookup)."""
        memo = cast(
            "dict[Hashable, tuple[OptionsT, Preset | None]]",
            settings.memo.setdefault(("line options", self.name), {}),
        )
        named = PRESET_KEY in items.values or settings.preset is not None
        preset = self._line_preset(settings, items) if named else None  # checked on every such line
        chosen = (preset.name if preset else "") if named else None  # None: the settings' own
        key = (chosen, tuple(items.options.items()))
        found = memo.get(key)
        if found is None:
            if not named:
                preset = self.settings_preset(settings)
            found = kept(
                memo, LINE_OPTION_SETS, key, (with_values(self.base_options(settings, preset), items.options), preset)
            )
        return found

    def _line_preset(self, settings: Settings, items: Items) -> Preset | None:
        """The line's own preset=, else the settings' choice (``settings_preset``)."""
        if PRESET_KEY in items.values:
            name, col = items.values[PRESET_KEY]
            problem = self.preset_problem(name, col)
            if problem is None:
                return self.preset(name.lower())
            items.problems.append(problem)
        elif settings.preset is not None:  # checked up front for the default rule set only
            problem = self.preset_problem(settings.preset, where=f"--preset {settings.preset}")
            if problem is not None:
                items.problems.append(problem)
        return self.settings_preset(settings)

    # -- the pipeline

    def evaluate(self, deal: DealT, explain: bool = False) -> ScoreResult:
        """Score the best reading and settle it (``HandError`` if it is no win);
        with ``explain``, the result also lists every reading considered."""
        settled = self.without_reading(deal)
        if settled is not None:
            return settled
        scored = self.score(deal, self.readings(deal) if explain else self.distinct_readings(deal))
        scored += self.outside_shape(deal, scored)
        if not scored:
            raise fail(self.text(deal), [Problem("not-winning", self.not_winning(deal))])
        allowed = self.allowed(deal, scored)
        best = allowed[0] if len(allowed) == 1 else max(allowed, key=_key)  # the first of equal keys
        return self.present(deal, best, scored if explain else [])

    def score(self, deal: DealT, readings: Iterable[ReadingT]) -> list[Scored[ReadingT, TableT]]:
        """Each reading against each of its tables: the rows that apply, then its totals. (The
        hooks are called as methods, not held as bound methods: compiled, a method call is
        direct, while a bound method is called as any Python object is.)"""
        book, options = self.book, self.options(deal)
        scored = []
        for reading in readings:
            for table in self.tables(deal, reading):
                found = self.features(deal, reading, table)
                is_open = self.is_open(reading, table)
                lines = apply_rules(book, reading, table, options, is_open=is_open, features=found)
                scored.append(self.total(deal, reading, table, lines))
        return scored

    def present(
        self, deal: DealT, best: Scored[ReadingT, TableT], scored: Sequence[Scored[ReadingT, TableT]]
    ) -> ScoreResult:
        """The result: the best reading settled and shown, and every reading considered."""
        settled = self.settle(deal, best)
        return ScoreResult(
            ruleset=self.name,
            ruleset_title=self.result_title(deal),
            shown=self.shown(deal, best),
            lines=best.lines,
            unit=self.unit,
            total=best.total,
            payments=settled.payments,
            parties=settled.parties,
            winner=settled.winner,
            summary=best.summary,
            notes=self.notes(deal, best),
            candidates=tuple(
                [
                    Candidate(self.candidate_text(deal, s), s.lines, s.total, s.summary.hand_value, s is best)
                    for s in scored
                ]
            ),
            total_label=self.total_label,
            breakdown=best.breakdown,
            breakdown_unit=self.breakdown_unit,
            payment_unit=self.payment_unit,
            side_payments=settled.side_payments,
            side_unit=self.side_unit,
        )

    # -- the hooks every rule set writes

    def build(self, text: str, tokens: Sequence[Token], settings: Settings) -> DealT:
        """Read and check one line's tokens; ``HandError`` lists every problem."""
        raise NotImplementedError(_hook(self, "build"))

    def readings(self, deal: DealT) -> Iterable[ReadingT]:
        """Every way to see the hand (an empty iterable: it is no winning shape)."""
        raise NotImplementedError(_hook(self, "readings"))

    def distinct_readings(self, deal: DealT) -> Iterable[ReadingT]:
        """The readings that ``evaluate`` ranks when it lists none (no ``--all``), in the order of
        ``readings``. A rule set may leave out a reading that scores as an earlier one kept does
        (its rows' lines, ``total``, ``allowed`` and ``outside_shape`` cannot tell them apart): the
        best is the first of the greatest keys, so it stays the same. Default: every reading."""
        return self.readings(deal)

    def total(
        self, deal: DealT, reading: ReadingT, table: TableT, lines: tuple[ScoreLine, ...]
    ) -> Scored[ReadingT, TableT]:
        """A reading's total from the lines its rows gave (caps, fallback rows, the key)."""
        raise NotImplementedError(_hook(self, "total"))

    def settle(self, deal: DealT, best: Scored[ReadingT, TableT]) -> Settled:
        """Who pays whom for the best reading."""
        raise NotImplementedError(_hook(self, "settle"))

    def shown(self, deal: DealT, best: Scored[ReadingT, TableT]) -> Shown | Callable[[], Shown]:
        """The hand as read, the header, the reading and the context (or a function that
        writes them when first asked)."""
        raise NotImplementedError(_hook(self, "shown"))

    def describe(self, deal: DealT, scored: Scored[ReadingT, TableT]) -> str:
        """A reading for people."""
        raise NotImplementedError(_hook(self, "describe"))

    # -- hooks with a default

    # (The casts name their type as a string: ``Deal[...]`` written out is built by ``typing`` at
    # every call, and these run for every hand.)
    def text(self, deal: DealT) -> str:
        return cast("Deal[OptionsT, TableT]", deal).text

    def options(self, deal: DealT) -> OptionsT:
        return cast("Deal[OptionsT, TableT]", deal).options

    def without_reading(self, deal: DealT) -> ScoreResult | None:
        """The result of a line that settles without a winning hand (riichi's draw), else None."""
        return None

    def tables(self, deal: DealT, reading: ReadingT) -> Sequence[TableT]:
        """The tables a reading is scored against: the deal's (hana adds one without Pinfu)."""
        return (cast("Deal[OptionsT, TableT]", deal).table,)

    def is_open(self, reading: ReadingT, table: TableT) -> bool:
        """Whether the hand is open: closed-only rows are then not asked."""
        return False

    def features(self, deal: DealT, reading: ReadingT, table: TableT) -> frozenset[str]:
        """Facts of a reading that gate rows (``Rule.gate``): a row whose gate is missing is not asked."""
        return frozenset()

    def outside_shape(
        self, deal: DealT, scored: Sequence[Scored[ReadingT, TableT]]
    ) -> Sequence[Scored[ReadingT, TableT]]:
        """Scorings outside the readings (Baida's Seven Baida, hana's eight flowers), given those found."""
        return ()

    def result_title(self, deal: DealT) -> str:
        """The title a result shows: the rule set's (riichi names the preset it scored with)."""
        return self.title

    def not_winning(self, deal: DealT) -> str:
        return "not a winning hand"

    def allowed(self, deal: DealT, scored: list[Scored[ReadingT, TableT]]) -> list[Scored[ReadingT, TableT]]:
        """The scorings that pass the rule set's minimums; ``HandError`` when none does."""
        return scored

    def candidate_text(self, deal: DealT, scored: Scored[ReadingT, TableT]) -> str:
        """A reading as ``--all`` lists it."""
        return self.describe(deal, scored)

    def notes(self, deal: DealT, best: Scored[ReadingT, TableT]) -> tuple[str, ...]:
        return ()

    # -- the analysis's questions (mjscore waits; docs/adding-a-ruleset.md, "Analysis")

    def waiting_line(self, text: str, tokens: Sequence[Token], items: Items, settings: Settings) -> WaitingLine:
        """The line as ``mjscore waits`` reads it before anything is scored: its hand's size as this
        rule set counts it, where its hand is and where a tile is put in, a kind to probe the
        line with, and the tiles ``seen=`` and ``discards=`` list (``items``: those two items, a
        problem of theirs goes to ``items.problems``). Default: the rule set cannot be analysed
        (``HandError``, code ``analysis-ruleset-not-yet``)."""
        from mjscore.waiting import cannot_analyse

        raise fail(text, [cannot_analyse(self.title)])

    def waiting(self, deal: DealT, line: WaitingLine, *, win_named: bool) -> Waiting:
        """The hand one short, from ``deal``: the line with ``line.probe`` put in (``win_named``:
        the line names its win): the kinds that complete it, the copies held and shown, how the
        line reads back. Default: the rule set cannot be analysed."""
        from mjscore.waiting import cannot_analyse

        raise fail(self.text(deal), [cannot_analyse(self.title)])

    # -- the rule table

    def more_tables(self, settings: Callable[[], Settings]) -> Sequence[ShownTable]:
        """Tables ``mjscore rules NAME`` prints after the scoring table and options (BABA: its
        deck). ``settings`` reads them when called: only a rule set that shows them reads them."""
        return ()

    def rule_rows(self) -> Sequence[RuleRow]:
        """The scoring table, from the same rows the engine applies."""
        return tuple(self.row(r) for r in self.rules)

    def row(self, rule: Rule[Any, Any, Any]) -> RuleRow:
        return RuleRow(rule.id, rule.name, rule.local_name, rule.category, self.value_text(rule), rule.condition)

    def value_text(self, rule: Rule[Any, Any, Any]) -> str:
        """What one application of a row is worth, as the table writes it."""
        return str(rule.value)


AnyRuleSet = RuleSet[Any, Any, Any, Any]  # what the registry and the CLI hold


def _hook(ruleset: AnyRuleSet, hook: str) -> str:
    return f"the rule set {type(ruleset).__name__} does not write the hook {hook}()"


def _key(scored: Scored[Any, Any]) -> tuple[int, ...]:
    return scored.key
