"""Real processes for the multi-process tests and the load benchmark: redis-server, daphne
and `manage.py worker`, each on loopback, with its output kept in a log file."""

import contextlib
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REDIS_MISSING = (
    "redis-server is not installed, and the multi-process tests need it: install it with "
    "`apt-get install -y redis-server` (scripts/setup.sh does when CI or TESSERA_SETUP_REDIS "
    "is set)."
)
START_SECONDS = 30.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def redis_binary() -> str | None:
    return shutil.which("redis-server") or (
        "/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None
    )


def process_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.test")
    env["PYTHONUNBUFFERED"] = "1"
    env["TESSERA_TEST_POOLED"] = "1"  # long-lived processes: pooled like the real ones
    env.update(extra)
    return env


class Process:
    def __init__(self, name: str, args: list[str], *, env: dict[str, str], log_dir: Path):
        self.name = name
        self.log_path = log_dir / f"{name}.log"
        self._terminated = False
        self._log = open(self.log_path, "wb")  # noqa: SIM115 (closed in stop())
        self.popen = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT
        )

    @property
    def pid(self) -> int:
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen.poll() is None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, like a crash or the OOM killer."""
        if self.alive():
            self.popen.send_signal(signal.SIGKILL)
        self.popen.wait(10)

    def terminate(self) -> None:
        """Ask to stop (SIGTERM) without waiting; `stop()` then waits."""
        if self.alive() and not self._terminated:
            self.popen.send_signal(signal.SIGTERM)
            self._terminated = True

    def stop(self, timeout: float = 10.0) -> None:
        if self.alive():
            self.terminate()
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        self._log.close()

    def _wait_or_stop(self) -> None:
        """Wait until the process serves. One that does not in time is stopped: its
        constructor raises, so no test holds it to stop it, and a worker left running would
        claim the jobs of the tests that follow (a loaded machine starts slowly)."""
        try:
            self._wait()
        except BaseException:
            self.stop()
            raise

    def _wait(self) -> None:
        raise NotImplementedError

    def fail_if_dead(self) -> None:
        if not self.alive():
            raise RuntimeError(f"{self.name} exited with {self.popen.returncode}:\n{self.log()}")


class Redis(Process):
    def __init__(self, log_dir: Path, port: int | None = None):
        binary = redis_binary()
        if binary is None:
            raise RuntimeError(REDIS_MISSING)
        self.port = port or free_port()
        self.data_dir = tempfile.mkdtemp(prefix="tessera-redis-", dir=log_dir)
        args = [binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", self.data_dir]
        args += ["--save", "", "--appendonly", "no", "--daemonize", "no"]
        super().__init__(f"redis-{self.port}", args, env=dict(os.environ), log_dir=log_dir)
        self._wait_or_stop()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _wait(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            self.fail_if_dead()
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock,
            ):
                sock.sendall(b"PING\r\n")
                if sock.recv(64).startswith(b"+PONG"):
                    return
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer on port {self.port}:\n{self.log()}")


class Daphne(Process):
    def __init__(
        self,
        log_dir: Path,
        *,
        env: dict[str, str],
        port: int | None = None,
        options: tuple[str, ...] = (),
    ):
        self.port = port or free_port()
        args = [sys.executable, "-m", "project.serve", "127.0.0.1", str(self.port), *options]
        super().__init__(f"daphne-{self.port}", args, env=env, log_dir=log_dir)
        self._wait_or_stop()

    def get(
        self, path: str, timeout: float = 10.0, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def _wait(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            self.fail_if_dead()
            try:
                self.get("/healthz", timeout=5)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"daphne did not answer on port {self.port}:\n{self.log()}")


class Worker(Process):
    def __init__(self, log_dir: Path, *, env: dict[str, str], threads: int = 2, queues: str = "*"):
        args = [sys.executable, "manage.py", "worker", "--threads", str(threads)]
        args += ["--queues", queues]
        name = f"worker-{len(list(log_dir.glob('worker-*.log'))) + 1}"
        super().__init__(name, args, env=env, log_dir=log_dir)
        self._wait_or_stop()

    def _wait(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            self.fail_if_dead()
            if "thread(s), queues" in self.log():
                return
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not start:\n{self.log()}")
