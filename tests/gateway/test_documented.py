"""Every gateway limit and error code is documented in docs/gateway.md, with its default and
help text (a limit nobody can find is a limit nobody can tune)."""

import re

import pytest

from apps.gateway import limits
from apps.gateway.errors import ErrorCode
from project import env

DOC = (env.BASE_DIR / "docs" / "gateway.md").read_text()
LIMIT_ROW = re.compile(r"^\| `(\w+)` \| `([A-Z0-9_]+)` \| ([^|]+) \| (.+) \|$", re.M)
CODE_ROW = re.compile(r"^\| `([A-Z_]+)` \| .+ \|$", re.M)


def documented_limits() -> dict[str, tuple[str, str, str]]:
    return {
        name: (variable, default.strip(), text.strip())
        for name, variable, default, text in LIMIT_ROW.findall(DOC)
    }


@pytest.mark.parametrize("limit", limits.LIMITS, ids=[limit.name for limit in limits.LIMITS])
def test_limit_is_documented_with_default_and_help(limit):
    rows = documented_limits()
    assert limit.name in rows, f"{limit.name} is missing from docs/gateway.md"
    assert rows[limit.name] == (limit.variable, str(limit.default), limit.help)


def test_no_stale_limit_is_documented():
    assert set(documented_limits()) == {limit.name for limit in limits.LIMITS}


def test_every_limit_is_an_environment_setting_with_help():
    for limit in limits.LIMITS:
        variable = env.VARIABLES[limit.variable]
        assert variable.help and variable.default
        assert int(variable.default) >= limit.minimum


def test_every_error_code_is_documented():
    assert set(CODE_ROW.findall(DOC)) == {code.value for code in ErrorCode}


def test_limits_are_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("TESSERA_GATEWAY_MAX_ROWS", "77")
    limits.current.cache_clear()
    try:
        assert limits.current().max_rows == 77
        monkeypatch.setenv("TESSERA_GATEWAY_MAX_ROWS", "0")
        limits.current.cache_clear()
        with pytest.raises(SystemExit):
            limits.current()
    finally:
        monkeypatch.undo()
        limits.current.cache_clear()
