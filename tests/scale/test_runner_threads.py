"""How many runs a process runs at once follows the provider unless TESSERA_TASK_THREADS says:
builtin runs are CPU-bound and share the GIL with the loop that sends their events (2 threads
keep the event-latency tail short, docs/scaling.md); runs waiting for a model's reply do not
hold the GIL (4 threads)."""

import pytest

from apps.jobs import settings


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
