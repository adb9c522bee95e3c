"""Prints the mutation report at the end of the pytest run, so CI logs always show it."""

import pytest

REPORT_KEY = pytest.StashKey[str]()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    report = config.stash.get(REPORT_KEY, None)
    if report:
        terminalreporter.section("data-rule mutants")
        terminalreporter.write_line(report)
