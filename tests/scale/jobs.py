"""Small real jobs for the multi-process tests, run by `manage.py worker` subprocesses."""

import os
import time
from pathlib import Path

from ag_ui.core import CustomEvent

from apps.jobs.definitions import job


def _write_slowly(path: str, lines: int, delay: float) -> dict:
    """Write into a private file, then publish it under `path` in one rename: the result is
    all there or not there at all, however the worker dies."""
    target = Path(path)
    private = target.with_name(target.name + ".partial")
    with open(private, "w") as handle:
        for number in range(lines):
            handle.write(f"line {number}\n")
            handle.flush()
            time.sleep(delay)
    os.replace(private, target)
    return {"lines": lines}


@job(max_attempts=2)
def write_slowly(*, path: str, lines: int, delay: float) -> dict:
    return _write_slowly(path, lines, delay)


@job(max_attempts=1)
def write_slowly_once(*, path: str, lines: int, delay: float) -> dict:
    return _write_slowly(path, lines, delay)


@job()
def emit_events(
    *, user_id: int, thread_id: str, count: int, size: int = 16, delay: float = 0.0
) -> dict:
    """Store and broadcast `count` numbered CUSTOM events on a thread, as a run would."""
    from django.contrib.auth import get_user_model

    from apps.accounts.access import access_context_for_user
    from apps.agent import events

    context = access_context_for_user(get_user_model().objects.get(pk=user_id))
    for number in range(count):
        events.event_emit(
            CustomEvent(name="test.tick", value={"n": number, "pad": "x" * size}),
            context=context,
            thread_id=thread_id,
        )
        if delay:
            time.sleep(delay)
    return {"emitted": count}
