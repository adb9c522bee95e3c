"""A real Tessera server for browser tests: daphne in a subprocess, on a free loopback port,
against the test database (the session's `django_db_setup` has migrated and seeded it).

    def test_page(live_server, browser_page): browser_page.goto(live_server.url + "/login/")
"""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
START_TIMEOUT_SECONDS = 30


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class LiveServer:
    process: subprocess.Popen
    port: int
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def start_server(
    log_dir: Path, *, extra_env: dict[str, str] | None = None, port: int | None = None
) -> LiveServer:
    port = port or free_port()
    log_path = log_dir / f"daphne-{port}.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "project.settings.test",
        "TESSERA_TEST_POOLED": "1",  # a server is long-lived: pooled like the real one
        **(extra_env or {}),
    }
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "project.asgi:application",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = LiveServer(process, port, log_path)
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}:\n{server.log()}")
        try:
            with urllib.request.urlopen(f"{server.url}/healthz", timeout=2) as response:
                if response.status == 200:
                    return server
        except OSError:
            time.sleep(0.2)
    server.stop()
    raise RuntimeError(
        f"daphne did not answer /healthz within {START_TIMEOUT_SECONDS} s:\n{server.log()}"
    )
