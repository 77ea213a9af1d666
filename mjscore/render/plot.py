"""``mjscore game --plot``: a picture of a game, each player's total over the hands (points;
BABA: KOBAN) (README, "Whole games").

A ``Chart`` is plain values (``render.game.chart_of`` makes one from what any ledger reports), so
a worker process can hand it back; ``draw`` writes it as PNG or SVG with matplotlib, an optional
extra (``pip install 'mjscore[plot]'``), imported only here and only when a picture is asked
for: ``load_pyplot`` says how to get it where it is missing. This module imports nothing of
the game, so the commands that load it pay nothing for it.
"""

from __future__ import annotations

import importlib
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

from mjscore.compiling import mypyc_attr
from mjscore.errors import UsageError
from mjscore.values import Value

PLOT_FORMATS: Final = ("png", "svg")  # what --plot writes, chosen by the file's extension
START: Final = "start"  # the label of the point before the first hand
MOST_LABELS: Final = 24  # hand labels along the axis; more hands show every second, third ...


@mypyc_attr(native_class=False)  # an error class: see errors.MjscoreError
class PlotUnavailable(UsageError):
    """matplotlib, the optional extra that draws the picture, cannot be imported."""

    code: ClassVar[str] = "plot-needs-matplotlib"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Chart(Value):
    """A game's totals as a picture shows them: a point before the first hand (everyone's start),
    then one after each hand, labelled as players name the hand."""

    title: str
    players: tuple[str, ...]
    labels: tuple[str, ...]  # START, then each hand's label
    totals: tuple[tuple[int, ...], ...]  # each player's total at each point, in the order of the players
    start: int  # what each player starts with
    target: int | None  # the return points the final scores count from (None: the game has none)
    unit: str = "points"  # what the totals count (BABA: KOBAN)


def plot_format(path: str) -> str | None:
    """The picture format a --plot file's name asks for (its extension, any case); None: neither."""
    suffix = Path(path).suffix.lower().removeprefix(".")
    return suffix if suffix in PLOT_FORMATS else None


def load_pyplot() -> Any:
    """matplotlib's pyplot, drawing off screen (Agg); ``PlotUnavailable`` if it is not installed."""
    # import_module, not an import statement: compiled (mypyc), that statement takes a None in
    # sys.modules (how a test stands in for a missing package) as the module; this refuses it
    try:
        importlib.import_module("matplotlib").use("Agg")
        plt = importlib.import_module("matplotlib.pyplot")
    except ImportError:
        raise PlotUnavailable(
            "--plot draws with matplotlib, an optional extra that is not installed: pip install 'mjscore[plot]'"
        ) from None
    return plt


def figure(chart: Chart) -> Any:
    """The chart as a matplotlib figure: a line per player, the start and the return points (where
    the game has them) as faint lines, the hands along the bottom (the caller closes it)."""
    plt = load_pyplot()
    steps = range(len(chart.labels))
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100, layout="constrained")
    for i, name in enumerate(chart.players):
        ax.plot(steps, [point[i] for point in chart.totals], marker="o", markersize=3, label=name)
    _reference(ax, chart.start, "start = return" if chart.target == chart.start else "start")
    if chart.target is not None and chart.target != chart.start:
        _reference(ax, chart.target, "return")
    every = -(-len(chart.labels) // MOST_LABELS)  # ceiling division
    ax.set_xticks(list(steps)[::every], list(chart.labels)[::every])
    ax.set_xlabel("hand")
    ax.set_ylabel(chart.unit)
    ax.set_title(chart.title)
    ax.grid(axis="y", alpha=0.2)
    ax.legend(loc="best", fontsize="small")
    return fig


def draw(chart: Chart, path: str) -> str | None:
    """The chart written to ``path``, PNG or SVG by its extension (``OSError`` if it cannot be);
    a note for the user when the fonts lack characters of the names (matplotlib's own warnings,
    one per character, are kept back)."""
    plt = load_pyplot()
    fig = figure(chart)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "mjscore"}):  # SVG text stays text
                fig.savefig(path, format=plot_format(path), metadata=_metadata(path))
    finally:
        plt.close(fig)
    missing = sorted({str(w.message) for w in caught if "missing from font" in str(w.message)})
    if not missing:
        return None
    return f"the fonts matplotlib found lack {len(missing)} character(s) of the names or title: drawn as boxes"


def _reference(ax: Any, points: int, label: str) -> None:
    """A faint horizontal line across the chart at ``points``."""
    ax.axhline(points, color="grey", linestyle="--", linewidth=1, alpha=0.4, label=f"{label} {points}")


def _metadata(path: str) -> dict[str, str | None]:
    """No date, no version: the same game draws the same file."""
    return {"Date": None, "Creator": None} if plot_format(path) == "svg" else {"Software": None}
