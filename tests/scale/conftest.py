"""Fixtures for the multi-process tests: real redis-server, daphne and worker processes on
loopback, a logged-in session cookie, and a WebSocket client. Processes are stopped after
each test; their logs are printed when a test fails (pytest shows captured output)."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.scale.processes import (
    REDIS_MISSING,
    Daphne,
    Process,
    Redis,
    Worker,
    process_env,
    redis_binary,
)


class Processes:
    def __init__(self, log_dir: Path):
        self.log_dir = log_dir
        self.started: list[Process] = []

    def redis(self, port: int | None = None) -> Redis:
        if redis_binary() is None:
            pytest.fail(REDIS_MISSING)
        return self._keep(Redis(self.log_dir, port=port))

    def daphne(self, **env: str) -> Daphne:
        return self._keep(Daphne(self.log_dir, env=process_env(**env)))

    def worker(self, *, threads: int = 2, queues: str = "*", **env: str) -> Worker:
        env.setdefault("TESSERA_TASK_RUNNER", "workers")
        return self._keep(
            Worker(self.log_dir, env=process_env(**env), threads=threads, queues=queues)
        )

    def _keep(self, process):
        self.started.append(process)
        return process

    def stop_all(self) -> None:
        for process in self.started:
            process.terminate()
        for process in reversed(self.started):
            process.stop()

    def logs(self) -> str:
        return "\n".join(f"----- {p.name} -----\n{p.log()}" for p in self.started)


@pytest.fixture
def processes(tmp_path: Path) -> Iterator[Processes]:
    started = Processes(tmp_path)
    try:
        yield started
    finally:
        started.stop_all()
        print(started.logs())


@pytest.fixture
def workers_mode(monkeypatch):
    """Jobs this test process queues go to the shared queues, for the worker processes."""
    monkeypatch.setenv("TESSERA_TASK_RUNNER", "workers")


@pytest.fixture
def session_cookie(committed_db) -> Callable[[str], str]:
    """`session_cookie("ana")` → a Cookie header value of a logged-in session."""

    def make(username: str) -> str:
        client = Client()
        client.force_login(get_user_model().objects.get(username=username))
        return f"sessionid={client.cookies['sessionid'].value}"

    return make
