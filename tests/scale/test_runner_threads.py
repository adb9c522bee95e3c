"""How many runs a process runs at once follows the provider unless TESSERA_TASK_THREADS says:
builtin runs are CPU-bound and share the GIL with the loop that sends their events (2 threads
keep the event-latency tail short, docs/scaling.md); runs waiting for a model's reply do not
hold the GIL (4 threads)."""

import os
import threading
import time

import pytest

from apps.jobs import runner, settings


@pytest.mark.parametrize(
    ("provider", "configured", "expected"),
    [
        (None, None, 2),
        ("builtin", None, 2),
        ("openai", None, 4),
        ("anthropic", None, 4),
        ("openai", "", 4),
        ("builtin", "3", 3),
        ("anthropic", "1", 1),
    ],
)
def test_run_threads_follow_the_provider_unless_set(monkeypatch, provider, configured, expected):
    for name, value in (("TESSERA_MODEL_PROVIDER", provider), ("TESSERA_TASK_THREADS", configured)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert settings.threads() == expected


@pytest.mark.parametrize("configured", ["0", "-2", "four"])
def test_a_bad_thread_count_is_refused_with_the_setting_name(monkeypatch, configured):
    monkeypatch.setenv("TESSERA_TASK_THREADS", configured)
    with pytest.raises(SystemExit, match="TESSERA_TASK_THREADS"):
        settings.threads()


@pytest.mark.usefixtures("committed_db")
@pytest.mark.parametrize(("configured", "added"), [(None, 5), ("0", 0), ("12", 12)])
def test_runner_threads_run_below_the_process_priority(monkeypatch, configured, added):
    """Only the runner threads are lowered: the thread that started them (the loop's) keeps
    its priority, so on a busy machine the loop sending events gets the CPU first."""
    if configured is None:
        monkeypatch.delenv("TESSERA_TASK_NICE", raising=False)
    else:
        monkeypatch.setenv("TESSERA_TASK_NICE", configured)
    own = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    started = runner.Runner(threads=2, queues=["nothing-queued-here"])
    started.start()
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not all(
            os.getpriority(os.PRIO_PROCESS, t.native_id) == min(19, own + added)
            for t in started._threads
        ):
            time.sleep(0.05)
        niceness = [os.getpriority(os.PRIO_PROCESS, t.native_id) for t in started._threads]
        assert niceness == [min(19, own + added)] * 2
        assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == own
    finally:
        started.stop(timeout=10)


@pytest.mark.parametrize("configured", ["-1", "20", "high"])
def test_a_bad_niceness_is_refused_with_the_setting_name(monkeypatch, configured):
    monkeypatch.setenv("TESSERA_TASK_NICE", configured)
    with pytest.raises(SystemExit, match="TESSERA_TASK_NICE"):
        settings.nice()
