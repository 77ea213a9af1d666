"""Shared test set-up: the ``rule`` marker and the ``--update-golden`` switch."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite golden files from the program's output (then check every changed line by hand)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "rule(ruleset, rule_id, applies): the test checks that scoring item rule_id of ruleset "
        "applies (True) or is absent in a near miss (False); tests/meta checks every rule has both",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
