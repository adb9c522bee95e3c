"""A runner process's presence in PostgreSQL: a session that holds an advisory lock for as
long as the process lives, and listens for "a job was queued" notices.

When the process dies, however it dies, PostgreSQL ends the session and releases the lock, so
any other runner can tell a job of a dead process from a slow job of a live one without
heartbeat timing (apps/jobs/reaper.py). Worker ids name their process's lock key.
"""

import asyncio
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable

import psycopg
from django.conf import settings

from apps.realtime.groups import hosted

log = logging.getLogger("tessera.jobs")

# Advisory lock space of runner processes: pg_advisory_lock(LOCK_CLASS, <process key>).
LOCK_CLASS = 0x7E55E7A
CHANNEL = "tessera_jobs"
TICK_SECONDS = 1.0
RECONNECT_SECONDS = 0.25
_WORKER_ID = re.compile(r"^tessera-([0-9a-f]{8})-\d+$")

LIVE_KEYS_SQL = (
    "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND classid = %s "
    "AND objsubid = 2 AND granted "
    "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)


def key_of(worker_id: str) -> int | None:
    """The process key in a runner's worker id; None for ids of other workers."""
    match = _WORKER_ID.match(worker_id or "")
    return int(match.group(1), 16) if match else None


def _conninfo() -> str:
    config = settings.DATABASES["default"]
    parts = {
        "dbname": config["NAME"],
        "user": config["USER"],
        "host": config["HOST"],
        "port": config["PORT"],
        "application_name": "tessera:jobs-presence",
        # A machine that vanishes without closing its sockets is noticed within ~20 s.
        "keepalives": 1,
        "keepalives_idle": 10,
        "keepalives_interval": 3,
        "keepalives_count": 3,
        "connect_timeout": 5,
    }
    if config.get("PASSWORD"):
        parts["password"] = config["PASSWORD"]
    return psycopg.conninfo.make_conninfo(**parts)


class Presence:
    def __init__(self, on_tick: Callable[["Presence"], None] | None = None) -> None:
        self.key = secrets.randbits(31)
        self.token = f"{self.key:08x}"
        self._on_tick = on_tick
        self._connection: psycopg.Connection | None = None
        self._wake = threading.Condition()
        self._generation = 0
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def worker_id(self, number: int) -> str:
        return f"tessera-{self.token}-{number}"

    def start(self, *, loop: asyncio.AbstractEventLoop | None = None) -> None:
        """`loop`: where the thread's channel sends go (apps/realtime/groups.py)."""
        self._connect()
        self._thread = threading.Thread(
            target=hosted(self._run, loop), name="tessera-jobs-presence", daemon=True
        )
        self._thread.start()

    def request_stop(self) -> None:
        self._stopping.set()
        self.wake()

    def stop(self) -> None:
        """End the session; the process's jobs count as abandoned from now on."""
        self.request_stop()
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(5)
        self._drop()

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()

    # Waking runners

    @property
    def generation(self) -> int:
        return self._generation

    def wake(self) -> None:
        with self._wake:
            self._generation += 1
            self._wake.notify_all()

    def wait(self, seen: int, timeout: float) -> None:
        """Sleep until woken after `seen` was read, `timeout` passes or the runner stops."""
        with self._wake:
            self._wake.wait_for(
                lambda: self._generation != seen or self._stopping.is_set(), timeout
            )

    # Used by the reaper, from the presence thread only

    def live_keys(self) -> set[int]:
        if self._connection is None:
            raise psycopg.OperationalError("the presence session is not connected")
        rows = self._connection.execute(LIVE_KEYS_SQL, (LOCK_CLASS,)).fetchall()
        return {row[0] for row in rows}

    # The session

    def _connect(self) -> None:
        connection = psycopg.connect(_conninfo(), autocommit=True)
        try:
            locked = connection.execute(
                "SELECT pg_try_advisory_lock(%s, %s)", (LOCK_CLASS, self.key)
            ).fetchone()[0]
            if not locked:
                raise RuntimeError(f"runner key {self.token} is already taken; restart")
            connection.execute(f"LISTEN {CHANNEL}")
        except Exception:
            connection.close()
            raise
        self._connection = connection

    def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.close()
            except Exception:
                log.debug("closing the presence session failed", exc_info=True)

    def _run(self) -> None:
        next_tick = time.monotonic()
        lost_since: float | None = None
        tick_failing = False
        while not self._stopping.is_set():
            try:
                if self._connection is None:
                    self._connect()
                    log.warning(
                        "jobs: runner %s is back in touch with the database after %.1f s",
                        self.token,
                        time.monotonic() - (lost_since or time.monotonic()),
                    )
                    lost_since = None
                    self.wake()  # jobs may have been queued while no notice could arrive
                timeout = max(0.0, next_tick - time.monotonic())
                if any(True for _ in self._connection.notifies(timeout=timeout, stop_after=1)):
                    self.wake()
                    continue
                self._connection.execute("SELECT 1")
            except (psycopg.Error, OSError) as error:
                if lost_since is None:
                    lost_since = time.monotonic()
                    log.warning("jobs: runner %s lost the database: %s", self.token, error)
                self._drop()
                self._stopping.wait(RECONNECT_SECONDS)
                continue
            next_tick = time.monotonic() + TICK_SECONDS
            if self._on_tick is not None:
                try:
                    self._on_tick(self)
                    tick_failing = False
                except Exception:
                    if not tick_failing:
                        log.exception("jobs: the periodic check of runner %s failed", self.token)
                    tick_failing = True
