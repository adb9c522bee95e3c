"""Hand a deck render to the configured tasks backend, so it runs outside the request.

- A queue backend (django-tasks-db, `python manage.py db_worker`): `enqueue` stores the task
  and a worker process, on this machine or another, runs it.
- The immediate backend (Django's default, one process as with `make run`): `enqueue` would run
  the render inside the request. The web process instead starts one background thread on first
  use and enqueues there, one deck at a time (each render drives a Chromium and Slidev builds).
"""

from __future__ import annotations

import logging
import queue
import threading

from django.db import connections
from django.tasks.backends.immediate import ImmediateBackend

from apps.decks.tasks import deck_render

logger = logging.getLogger("tessera.decks")

_pending: queue.Queue = queue.Queue()
_worker: threading.Thread | None = None
_lock = threading.Lock()


def deck_enqueue(deck_id, owner_id: int) -> None:
    arguments = (str(deck_id), owner_id)
    if isinstance(deck_render.get_backend(), ImmediateBackend):
        _local_worker_start()
        _pending.put(arguments)
    else:
        deck_render.enqueue(*arguments)


def _local_worker_start() -> None:
    global _worker
    with _lock:
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_local_worker, name="deck-runner", daemon=True)
            _worker.start()


def _local_worker() -> None:
    while True:
        arguments = _pending.get()
        try:
            deck_render.enqueue(*arguments)  # the immediate backend runs it on this thread
        except Exception:
            logger.exception("deck render %s could not run", arguments[0])
        finally:
            connections.close_all()
