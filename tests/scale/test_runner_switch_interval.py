"""A process whose runners send through its event loop sets the GIL switch interval
TESSERA_TASK_SWITCH_INTERVAL_MS says (default: Python's 5 ms); a process with no loop keeps
its own; a bad value is refused with the setting's name."""

import asyncio
import sys

import pytest

from apps.jobs import runner, settings


@pytest.fixture
def interval_restored():
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.02)
    yield
    sys.setswitchinterval(before)


@pytest.mark.usefixtures("committed_db", "interval_restored")
@pytest.mark.parametrize(
    ("configured", "with_loop", "expected"),
    [(None, True, 0.005), ("1", True, 0.001), ("0.5", True, 0.0005), ("1", False, 0.02)],
)
def test_runners_with_a_loop_set_the_configured_switch_interval(
    monkeypatch, configured, with_loop, expected
):
    if configured is None:
        monkeypatch.delenv("TESSERA_TASK_SWITCH_INTERVAL_MS", raising=False)
    else:
        monkeypatch.setenv("TESSERA_TASK_SWITCH_INTERVAL_MS", configured)
    loop = asyncio.new_event_loop() if with_loop else None
    started = runner.Runner(threads=0, queues=["nothing-queued-here"])
    started.start(loop=loop)
    try:
        assert sys.getswitchinterval() == pytest.approx(expected)
    finally:
        started.stop(timeout=10)
        if loop is not None:
            loop.close()


@pytest.mark.parametrize("bad", ["0", "-1", "fast"])
def test_a_bad_switch_interval_is_refused_by_name(monkeypatch, bad):
    monkeypatch.setenv("TESSERA_TASK_SWITCH_INTERVAL_MS", bad)
    with pytest.raises(SystemExit, match="TESSERA_TASK_SWITCH_INTERVAL_MS"):
        settings.switch_interval_seconds()
