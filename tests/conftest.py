"""Shared test set-up: the ``rule`` marker, the ``--update-golden`` switch, and the build
under test (``MJSCORE_EXPECT_BUILD``)."""

from __future__ import annotations

import importlib
import os
import pkgutil

import pytest

# .ci/run sets this to the build it installed ("compiled" or "pure"): a run that imported
# another one (the source tree instead of the compiled package, or a compile that fell
# back to pure Python) stops before any test, instead of passing for the wrong build.
EXPECT_BUILD = "MJSCORE_EXPECT_BUILD"
BUILDS = {"compiled": "compiled with mypyc", "pure": "pure Python"}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite golden files from the program's output (then check every changed line by hand)",
    )


def pytest_configure(config: pytest.Config) -> None:
    expected = os.environ.get(EXPECT_BUILD)
    if expected is not None:
        import mjscore

        if BUILDS.get(expected) != mjscore.build():
            raise pytest.UsageError(
                f"{EXPECT_BUILD}={expected}, but the mjscore imported is {mjscore.build()} from {mjscore.__file__}"
            )
        # The doctests are collected from the source files (testpaths); pytest's importlib
        # mode hands a module already imported to the doctest collector, and would load the
        # source file itself for one not yet imported. Import every installed module first.
        for module in pkgutil.walk_packages(mjscore.__path__, "mjscore."):
            importlib.import_module(module.name)
    config.addinivalue_line(
        "markers",
        "rule(ruleset, rule_id, applies): the test checks that scoring item rule_id of ruleset "
        "applies (True) or is absent in a near miss (False); tests/meta checks every rule has both",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
