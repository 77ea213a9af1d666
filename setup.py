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

The modules a batch runs (the hot group: those ``pgo/run.py`` finds a batch of
``pgo/hands.txt`` imports) are compiled into one library, the others into a second: gcc
compiles the two side by side, and compiles the hot one twice, the second time guided by
the profile of a training run (``pgo/run.py`` on the first build). Where a step of that
cannot run (no ``pgo/`` folder, a compiler other than gcc, a failed training run) the build
says why and compiles without it: one library where the hot group is unknown, the hot one
without a profile where the training failed.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import subprocess
import sys
import sysconfig
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


def _module_name(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


# The groups' libraries are top-level modules, mjscore_hot__mypyc and mjscore_cold__mypyc (mypyc
# adds "__mypyc"), as a single group's is: a compiled module finds its file and a package its
# __path__ from where its library lies, and a library inside the package misplaces both.
HOT_GROUP = "mjscore_hot"
HOT_LIBRARY = f"{HOT_GROUP}__mypyc"
TRAINING = Path("pgo", "run.py")


def _training_run(tree: str, modules_out: str) -> str | None:
    """Run ``pgo/run.py`` on the mjscore in ``tree``: None if it ran, else why not."""
    if not TRAINING.is_file():
        return f"no {TRAINING}"
    # pip finds the build's own packages (click: the batch is a command) through PYTHONPATH: keep them
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [tree, os.environ.get("PYTHONPATH")]))}
    try:
        run = subprocess.run(
            [sys.executable, str(TRAINING), modules_out],
            check=False,
            env=environment,
            capture_output=True,
            text=True,
            timeout=600,
        )
    except (OSError, subprocess.SubprocessError) as failure:
        return repr(failure)
    if run.returncode != 0:
        return f"{TRAINING} ended with status {run.returncode}: {run.stderr.strip()[-500:]}"
    return None


def _groups(paths: list[str], build_dir: str) -> list[tuple[list[str], str | None]] | None:
    """The hot group and the rest, or None (one library) if the batch's modules are unknown."""
    modules_out = os.path.join(build_dir, "batch-modules.txt")
    why_not = _training_run(os.getcwd(), modules_out)
    if why_not is not None:
        _say(f"compiling one library without a profile: the modules a batch runs are unknown ({why_not})")
        return None
    batch = set(Path(modules_out).read_text(encoding="utf-8").split())
    hot = [path for path in paths if _module_name(path) in batch]
    cold = [path for path in paths if _module_name(path) not in batch]
    if not hot or not cold:
        _say("compiling one library without a profile: the batch ran every compiled module or none")
        return None
    return [(hot, HOT_GROUP), (cold, "mjscore_cold")]


# .ci/run fails the build where a line says "without a profile": every fallback from the
# profile says so in those words
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
        paths = _compiled_paths()
        groups = _groups(paths, os.path.dirname(build_dir)) or False
        extensions = list(
            mypycify([*flags, *paths], opt_level="3", debug_level="0", target_dir=build_dir, separate=groups)
        )
    except (Exception, SystemExit) as failure:  # mypyc reports its own errors with sys.exit
        _say(f"mypyc could not compile ({failure!r}); installing pure Python")
        return []
    if sys.platform == "linux":
        for extension in extensions:
            extension.extra_compile_args = [*extension.extra_compile_args, *ELF_COMPILE_ARGS]
            extension.extra_link_args = [*extension.extra_link_args, *ELF_LINK_ARGS]
    return extensions


def _compiler_is_gcc() -> bool:
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    try:
        version = subprocess.run(
            [compiler[0], "--version"], check=False, capture_output=True, text=True, timeout=60
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "Free Software Foundation" in version and "clang" not in version


class NoProfile(Exception):
    """The training run left no profile to compile by."""


class BuildExtOrPure(build_ext):
    """build_ext that compiles the libraries side by side, the hot one guided by a profile,
    and leaves the pure-Python package when the C compiler fails."""

    def run(self) -> None:
        self.parallel = True  # one compile for each core: the two libraries and the shims
        try:
            hot = next((ext for ext in self.extensions if ext.name == HOT_LIBRARY), None)
            if hot is not None and sys.platform == "linux" and _compiler_is_gcc():
                self._run_profiled(hot)
            else:
                if hot is not None:
                    _say(f"compiling {HOT_LIBRARY} without a profile: the profile is made only with gcc on Linux")
                super().run()
        except Exception as failure:  # CompileError, LinkError, no compiler: all mean "pure"
            _say(f"the C compile failed ({failure!r}); installing pure Python")
            for ext in self.extensions:  # a half-built set would fail to import: keep none
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []

    def _run_profiled(self, hot: Extension) -> None:
        """Build everything with the hot library instrumented, train it, compile it again guided
        by the profile; where a step fails, compile it (or everything) without one."""
        plain_compile, plain_link = list(hot.extra_compile_args), list(hot.extra_link_args)
        profile = os.path.abspath(os.path.join(self.build_temp, "profile"))
        built = False
        try:
            hot.extra_compile_args = [*plain_compile, f"-fprofile-generate={profile}"]
            hot.extra_link_args = [*plain_link, f"-fprofile-generate={profile}"]
            super().run()
            built = True
            self.run_command("build_py")  # the training run imports the .py files beside the libraries
            why_not = _training_run(os.path.abspath(self.build_lib), os.path.join(self.build_temp, "trained.txt"))
            if why_not is None and not any(Path(profile).rglob("*.gcda")):
                why_not = "it left no profile"
            if why_not is not None:
                raise NoProfile(f"the training run failed: {why_not}")
            # Untrained functions are compiled as without a profile (-fprofile-partial-training),
            # not for size: a hand the training never saw runs no slower than in a plain build.
            guided = [f"-fprofile-use={profile}", "-fprofile-partial-training", "-Wno-missing-profile"]
            hot.extra_compile_args, hot.extra_link_args = [*plain_compile, *guided], plain_link
            self.force = True  # the library exists (instrumented): build it again
            self.build_extension(hot)
        except Exception as failure:
            _say(f"compiling {HOT_LIBRARY} without a profile ({failure})")
            hot.extra_compile_args, hot.extra_link_args = plain_compile, plain_link
            self.force = True
            if built:
                self.build_extension(hot)
            else:
                super().run()


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
