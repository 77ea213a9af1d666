"""Compiles mjscore's typed core with mypyc on ``pip install .``; pyproject.toml holds the rest.

The compiled build and the pure-Python one are the same package: each compiled module
sits beside its ``.py`` file and Python imports the compiled one first. Pure Python is
built instead, with the same files, when

- ``MJSCORE_PURE`` is set to anything but ``0`` (README, Quick start);
- the install is editable (``pip install -e``): a compiled module would hide every later
  edit of its ``.py`` file;
- mypyc cannot run or the C compiler fails (no compiler, no Python headers): the build
  says why on stderr and goes on, as black and mypy ship theirs.

Every module under ``mjscore/`` is compiled except those in ``EXCLUDED``, so a module
added later is compiled without a change here.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

EXCLUDED = {
    # nothing to speed up
    "mjscore/__init__.py",  # lazy names through a module __getattr__ (see _MODULE_GETATTR)
    "mjscore/__main__.py",  # the entry point: a signal handler and one import
    # will not compile
    "mjscore/cli.py",  # click's decorators make objects mypyc cannot compile as functions
    "mjscore/notation/grammar.py",  # pyparsing-typed: runs only for lines the fast reader declines
    "mjscore/bnf.py",  # pyparsing-typed: writes grammar/notation.bnf, not on a hand's path
    "mjscore/game/grammar.py",  # pyparsing-typed: says where a game line fails (game/tokens.py reads the rest)
    "mjscore/shell.py",  # Terminated subclasses KeyboardInterrupt (a builtin mypyc cannot derive from)
    # Compiled code never runs Python's signal handlers (mypyc checks for none), so a compiled
    # loop that reads input would not stop on Ctrl-C: an endless line (/dev/zero) or endless
    # blank lines. This module reads it; each hand it hands on returns to Python.
    "mjscore/scoring.py",
}

# setup.py also runs to describe the package (egg_info, dist_info): compile only when a
# wheel is being built, and never for an editable one (its command is editable_wheel)
BUILDS_WHEEL = "bdist_wheel" in sys.argv[1:] or "build_ext" in sys.argv[1:]


def _pure_reason() -> str | None:
    if os.environ.get("MJSCORE_PURE", "0") != "0":
        return "MJSCORE_PURE is set"
    if not BUILDS_WHEEL:
        return "not a wheel build"
    return None


# A module with a module-level __getattr__ (lazy names) crashes the interpreter when its
# compiled form is imported: such a module stays Python wherever it is.
_MODULE_GETATTR = re.compile(r"^def __getattr__\(", re.M)


def _compiled_paths() -> list[str]:
    return sorted(
        path.as_posix()
        for path in Path("mjscore").rglob("*.py")
        if path.as_posix() not in EXCLUDED and not _MODULE_GETATTR.search(path.read_text(encoding="utf-8"))
    )


def _say(message: str) -> None:
    print(f"mjscore build: {message}", file=sys.stderr, flush=True)


# A shared object on Linux calls its own exported functions through its procedure linkage
# table, and the C compiler inlines none of them, in case another library replaces them as it
# loads: mypyc exports every compiled function (its modules call one another), so 1,787 of
# the table's 2,035 entries were ours. No library replaces ours: the compiler may inline them
# (-fno-semantic-interposition), the linker binds the calls to them directly
# (-Bsymbolic-functions), and Python's own functions are called through the global offset
# table, not the procedure linkage table (-fno-plt). A riichi batch hand: 368k -> 358k
# instructions; a one-line batch 273.5M -> 268.9M (fewer relocations as it loads). Python
# finds a module by its init function alone (PyMODINIT_FUNC exports it), and the modules reach
# the library's functions through a capsule: nothing else need be exported (-fvisibility=hidden).
# The library's dynamic symbols: 5,539 -> 1, its size 8.2 MB -> 7.5 MB; a one-line batch
# 248.6M -> 247.4M instructions, a riichi batch hand 328.9k -> 328.0k (the same C compiled both ways).
ELF_COMPILE_ARGS = ("-fno-semantic-interposition", "-fno-plt", "-fvisibility=hidden")
ELF_LINK_ARGS = ("-Wl,-Bsymbolic-functions",)


def _mypyc_extensions(build_dir: str) -> list[Extension]:
    """The compiled modules, or none if mypyc cannot run (missing, or a type error)."""
    try:
        from mypyc.build import mypycify

        # The build's own environment holds mypy but not click, pyparsing or tabulate: their
        # types are Any here (a plain object to mypyc: correct, and only the CLI and the
        # grammar, which stay Python, lean on them). Without them the package's strict
        # settings cannot pass, and CI checks those: ``mypy --strict mjscore``.
        flags = ["--config-file=", "--ignore-missing-imports"]
        extensions = list(mypycify([*flags, *_compiled_paths()], opt_level="3", debug_level="0", target_dir=build_dir))
    except (Exception, SystemExit) as failure:  # mypyc reports its own errors with sys.exit
        _say(f"mypyc could not compile ({failure!r}); installing pure Python")
        return []
    if sys.platform == "linux":
        for extension in extensions:
            extension.extra_compile_args = [*extension.extra_compile_args, *ELF_COMPILE_ARGS]
            extension.extra_link_args = [*extension.extra_link_args, *ELF_LINK_ARGS]
    return extensions


class BuildExtOrPure(build_ext):
    """build_ext that leaves the pure-Python package when the C compiler fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as failure:  # CompileError, LinkError, no compiler: all mean "pure"
            _say(f"the C compile failed ({failure!r}); installing pure Python")
            for ext in self.extensions:  # a half-built set would fail to import: keep none
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []


def _options() -> dict[str, Any]:
    reason = _pure_reason()
    if reason is not None:
        if BUILDS_WHEEL:
            _say(f"pure Python ({reason})")
        return {}
    # a fresh build folder: a compiled module left in ./build by an earlier install would
    # otherwise be packed into a later pure one
    build_dir = tempfile.mkdtemp(prefix="mjscore-build-")
    atexit.register(shutil.rmtree, build_dir, ignore_errors=True)
    extensions = _mypyc_extensions(os.path.join(build_dir, "mypyc"))
    if not extensions:
        return {}
    return {
        "ext_modules": extensions,
        "cmdclass": {"build_ext": BuildExtOrPure},
        "options": {"build": {"build_base": build_dir}},
    }


setup(**_options())
