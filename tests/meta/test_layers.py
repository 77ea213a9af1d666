"""The package's layers: each module imports only from its own layer or the layers below
(issue 13: no module imports one that stands above it), rule sets stand side by side on
the notation families, and hana extends riichi only through its package's public names.

Every import counts, the ones inside functions and under ``TYPE_CHECKING`` too: a lazy
import is still a dependency, only a later one.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "mjscore"

# Lowest first. An entry names a module, or with ".*" a package and everything in it; the
# longest entry that covers a module gives its layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("mjscore.errors", "mjscore.values", "mjscore.compiling"),
    ("mjscore.hand", "mjscore.options", "mjscore.decompose", "mjscore.settings", "mjscore.presets"),
    # a notation family's tiles or cards, and its words: what the notation reader is built from
    (
        "mjscore.families",
        "mjscore.families.mpsz",
        "mjscore.families.mpsz.tiles",
        "mjscore.families.mpsz.shanten",  # how far a hand of tiles is from complete: tiles only
        "mjscore.families.mpsz.groups",
        "mjscore.families.mpsz.words",
        "mjscore.families.baba",
        "mjscore.families.baba.deck",
        "mjscore.families.baba.words",
    ),
    ("mjscore.payment", "mjscore.result", "mjscore.waiting"),
    ("mjscore.engine",),
    ("mjscore.notation.*",),
    # a family's hand as read from the reader's tokens, checked and written back
    (
        "mjscore.families.mpsz.written",
        "mjscore.families.mpsz.checks",
        "mjscore.families.mpsz.items",
        "mjscore.families.mpsz.waiting",  # a line's hand as mjscore waits reads it
        "mjscore.families.baba.cards",
        "mjscore.families.baba.shape",  # how far a hand of cards is from a winning shape
    ),
    ("mjscore.rulesets.deal",),
    ("mjscore.rulesets.base",),
    (
        "mjscore.rulesets.riichi.*",
        "mjscore.rulesets.hana",
        "mjscore.rulesets.sanma",
        "mjscore.rulesets.baida",
        "mjscore.rulesets.baba",
    ),
    ("mjscore.rulesets", "mjscore.rulesets.registry"),  # the registry, and the package that gives its names
    ("mjscore.configure", "mjscore.front", "mjscore.scoring"),
    ("mjscore.analysis",),  # what a hand waits on: lines made from the user's, scored
    ("mjscore.game.*",),  # whole games: a match ledger over hand lines, scored
    ("mjscore.logs.*",),  # platforms' game logs replayed into hand lines, scored and checked
    ("mjscore.render.*", "mjscore.bnf"),
    ("mjscore.batch", "mjscore.tasks", "mjscore.shell"),
    ("mjscore.cli", "mjscore.__main__", "mjscore"),
)
RULE_SETS = LAYERS.index(next(layer for layer in LAYERS if "mjscore.rulesets.hana" in layer))
PUBLIC_EXTENSIONS = {
    ("hana", "mjscore.rulesets.riichi"),
    ("sanma", "mjscore.rulesets.riichi"),
}  # (rule set, what it may import of another)


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def layer_of(module: str) -> int:
    best, layer = -1, -1
    for i, entries in enumerate(LAYERS):
        for entry in entries:
            covers = module == entry.removesuffix(".*") or (
                entry.endswith(".*") and module.startswith(entry.removesuffix("*"))
            )
            if covers and len(entry) > best:
                best, layer = len(entry), i
    assert layer >= 0, f"{module} is in no layer: add it to LAYERS"
    return layer


def imports_of(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) of every mjscore module ``path`` imports, at any depth of its code."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names if alias.name.split(".")[0] == "mjscore")
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "mjscore":
            assert node.level == 0, f"{path}:{node.lineno}: a relative import"
            for alias in node.names:  # "from mjscore.families.mpsz import written" imports a module
                sub = f"{node.module}.{alias.name}"
                yield node.lineno, sub if sub in MODULES else node.module


def rule_set_of(module: str) -> str:
    return module.split(".")[2]


def wrong(module: str, target: str) -> str:
    """Why ``module`` may not import ``target`` ("": it may)."""
    here, there = layer_of(module), layer_of(target)
    if there > here:
        return f"which stands above it (layer {there} over {here})"
    across = here == there == RULE_SETS and rule_set_of(module) != rule_set_of(target)
    if across and (rule_set_of(module), target) not in PUBLIC_EXTENSIONS:
        return "another rule set's internals: a rule set builds on the families"
    return ""


def violations() -> list[str]:
    found = []
    for module, path in sorted(MODULES.items()):
        for line, target in sorted(set(imports_of(path))):
            why = wrong(module, target)
            if why:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {module} imports {target}, {why}")
    return found


def test_every_module_is_in_a_layer() -> None:
    for module in MODULES:
        layer_of(module)


def test_no_module_imports_one_above_it() -> None:
    assert violations() == []


@pytest.mark.parametrize(
    ("module", "target", "is_wrong"),
    [
        ("mjscore.rulesets.baida", "mjscore.rulesets.riichi", True),  # why: Baida stands on mpsz, not riichi
        ("mjscore.rulesets.hana", "mjscore.rulesets.riichi.rows", True),  # why: only riichi's public names
        ("mjscore.rulesets.hana", "mjscore.rulesets.riichi", False),  # why: hana extends riichi's public face
        ("mjscore.rulesets.sanma", "mjscore.rulesets.riichi", False),  # why: so does sanma
        ("mjscore.rulesets.sanma", "mjscore.rulesets.riichi.points", True),  # why: only riichi's public names
        ("mjscore.rulesets.sanma", "mjscore.rulesets.hana", True),  # why: rule sets stand side by side
        ("mjscore.notation.build", "mjscore.rulesets", True),  # why: the reader stands below the registry
        ("mjscore.families.mpsz.tiles", "mjscore.notation.tokens", True),  # why: tiles are below the reader
        ("mjscore.families.mpsz.written", "mjscore.notation.tokens", False),  # why: a hand is read from tokens
        ("mjscore.settings", "mjscore.rulesets", True),  # why: the rule sets read the settings
    ],
)
def test_the_check_tells_a_wrong_import(module: str, target: str, is_wrong: bool) -> None:
    """The rules above, on imports written for the test: the check can fail."""
    assert bool(wrong(module, target)) is is_wrong


def test_baida_does_not_load_riichi() -> None:
    """Baida reads mpsz hands through the family: importing it imports no riichi module."""
    code = "import sys, mjscore.rulesets.baida; print(sorted(m for m in sys.modules if 'riichi' in m))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


ANALYSIS_MODULES = (
    "mjscore.analysis",
    "mjscore.waiting",
    "mjscore.families.mpsz.waiting",
    "mjscore.families.mpsz.shanten",
    "mjscore.families.baba.shape",
)


def test_scoring_does_not_load_the_analysis() -> None:
    """A batch of every rule set's lines imports no module of mjscore waits (they cost start-up:
    six dataclasses and the shanten tables' code); the analysis of a line does import them (so
    the names checked are the ones it loads)."""
    lines = (
        "234m456p(789s)11z55z+5z ron seat=S dora=4p",
        "hana:234m456p789s11z55z+5z 1f ron seat=S",
        "baida:234m456p789s11z55z+5z ron baida=9s",
        "baba:馬馬馬場場O dora=場 tsumo menzen",
    )
    code = (
        "import sys, tempfile, contextlib, io\n"
        "from mjscore.cli import main\n"
        "with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False, encoding='utf-8') as f:\n"
        f"    f.write({chr(10).join(lines)!r})\n"
        "def run(*args):\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        try: main(list(args))\n"
        "        except SystemExit as exc: assert exc.code == 0, exc.code\n"
        f"names = {ANALYSIS_MODULES!r}\n"
        "run('batch', f.name, '--format', 'json')\n"
        "print(sorted(m for m in names if m in sys.modules))\n"
        "run('waits', '234m456p(789s)11z55z', '--format', 'json')\n"
        "run('waits', 'baba:馬馬場場橋場 dora=橋場', '--format', 'json')\n"
        "print(sorted(m for m in names if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["[]", str(sorted(ANALYSIS_MODULES))]


def test_a_riichi_batch_does_not_load_other_commands_or_families() -> None:
    """Start-up makes only what the run needs: a batch of riichi lines imports neither the tasks
    of mjscore waits, game and log (nor the picture their charts are drawn with) nor BABA's deck;
    the BABA line of a second batch does load the deck (so the name checked is the one loaded)."""
    code = (
        "import sys, tempfile, contextlib, io\n"
        "from mjscore.cli import main\n"
        "def run(line):\n"
        "    with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False, encoding='utf-8') as f:\n"
        "        f.write(line)\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        try: main(['batch', f.name])\n"
        "        except SystemExit as exc: assert exc.code == 0, exc.code\n"
        "names = ('mjscore.tasks', 'mjscore.render.plot', 'mjscore.families.baba.deck')\n"
        "run('234m456p(789s)11z55z+5z ron seat=S dora=4p')\n"
        "print(sorted(m for m in names if m in sys.modules))\n"
        "run('baba:馬馬馬場場O dora=場 tsumo menzen')\n"
        "print(sorted(m for m in names if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["[]", "['mjscore.families.baba.deck']"]
