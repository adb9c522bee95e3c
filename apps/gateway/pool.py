"""The process's pool of `tessera_gateway` connections.

Sessions are cleaned by the gateway itself after every query (`session.py`), so the pool
lends them without a check round trip; a connection that died since its last use (a database
restart) is noticed by the query that gets it, which drops the dead ones and runs again once
(`execution.execute`).
"""

import atexit
import threading
from dataclasses import dataclass

import psycopg
from django.conf import settings
from psycopg_pool import ConnectionPool

from apps.gateway import limits

_pool: ConnectionPool | None = None
_pool_lock = threading.Lock()


def get_pool() -> ConnectionPool:
    """The pool, opened on first use."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool.closed:
            configured = limits.current()
            _pool = ConnectionPool(
                conninfo=psycopg.conninfo.make_conninfo(**settings.GATEWAY_DATABASE),
                min_size=1,
                max_size=configured.pool_size,
                timeout=configured.pool_timeout_s,
                kwargs={
                    "autocommit": True,
                    # Agent SQL is ad hoc; server-side prepared statements would outlive it.
                    "prepare_threshold": None,
                    "cursor_factory": psycopg.RawCursor,
                },
                name="tessera-gateway",
                open=True,
            )
        return _pool


def close_pool() -> None:
    global _pool
    with _pool_lock:
        if _pool is not None:
            _pool.close()
            _pool = None


atexit.register(close_pool)


@dataclass(frozen=True)
class PoolUse:
    """How often a query found a session to reuse since the pool opened."""

    requests: int
    connections_opened: int

    @property
    def reuse_rate(self) -> float:
        """Share of requests served by an existing session (1.0: every one)."""
        if not self.requests:
            return 1.0
        return max(0.0, (self.requests - self.connections_opened) / self.requests)


def pool_use() -> PoolUse:
    stats = get_pool().get_stats()
    return PoolUse(
        requests=stats.get("requests_num", 0),
        connections_opened=stats.get("connections_num", 0),
    )
