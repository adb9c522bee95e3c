"""The multi-process tests' harness (tests/scale/processes.py): a process that does not start
in time is stopped, not left running behind the failed test."""

import os
import signal
from pathlib import Path

import pytest

from tests.scale import processes


def _live_children() -> set[int]:
    children = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and fields[0] != "Z":
            children.add(int(stat.parent.name))
    return children


def test_a_worker_that_does_not_start_in_time_is_stopped_not_left_running(tmp_path, monkeypatch):
    monkeypatch.setattr(processes, "START_SECONDS", 0.0)
    before = _live_children()
    try:
        with pytest.raises(RuntimeError, match="did not start"):
            processes.Worker(tmp_path, env=processes.process_env())
        assert _live_children() - before == set()
    finally:
        for pid in _live_children() - before:  # what the harness left, if it did
            os.kill(pid, signal.SIGKILL)
