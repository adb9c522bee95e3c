"""A process whose runners send through its event loop hands the GIL to that loop sooner
than Python's default (apps/jobs/runner.py, SWITCH_INTERVAL_SECONDS); a process with no loop
keeps its interval."""

import asyncio
import sys

import pytest

from apps.jobs import runner


@pytest.fixture
def default_interval():
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    yield
    sys.setswitchinterval(before)


@pytest.mark.usefixtures("committed_db", "default_interval")
@pytest.mark.parametrize("with_loop", [True, False])
def test_runners_with_a_loop_shorten_the_switch_interval(with_loop):
    loop = asyncio.new_event_loop() if with_loop else None
    started = runner.Runner(threads=0, queues=["nothing-queued-here"])
    started.start(loop=loop)
    try:
        expected = runner.SWITCH_INTERVAL_SECONDS if with_loop else 0.005
        assert sys.getswitchinterval() == pytest.approx(expected)
    finally:
        started.stop(timeout=10)
        if loop is not None:
            loop.close()
