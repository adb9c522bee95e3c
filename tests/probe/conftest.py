import pytest
from django.core.cache import caches

from tests.workspace.conftest import sql_result  # noqa: F401  (a stored sql_result artifact)


@pytest.fixture(autouse=True)
def runs_not_rate_limited(monkeypatch):
    """The probes start many runs as one person within a minute, after the rest of the suite
    has started its own; they test other boundaries, so the per-person run rate (tested in
    tests/scale/test_limits.py) must not refuse them first."""
    monkeypatch.setenv("TESSERA_RUNS_PER_MINUTE", "100000")
    yield
    # The runs they started still count in the window; the tests after them expect a person
    # who has started none (as tests/decks/test_web.py does).
    caches["limits"].clear()
