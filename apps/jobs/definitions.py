"""Defining a job: a Django task plus what to do when its worker dies.

    from apps.jobs.definitions import job

    @job(queue_name="decks", max_attempts=2, on_lost=deck_render_lost)
    def deck_render(*, deck_id: str) -> dict: ...

    deck_render.enqueue(deck_id=str(deck.id))

A task defined with Django's plain `@task` is a job with one attempt and no `on_lost`.
`max_attempts` counts starts: a job whose worker is killed is queued again until it has been
started that many times, then marked failed (`errors.WorkerLost`). A retried job starts from
the beginning, so a job must not show partial work as done: write into a private place and
publish at the end (as `apps.decks.services.deck_generate` does). `on_lost(result, message)` is
called once when the job is finally marked failed, e.g. to tell the person on their thread.
An exception raised by the job itself is not retried: it fails the job with its traceback.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.tasks import Task, task
from django.utils.module_loading import import_string

LostHandler = Callable[..., None]


@dataclass(frozen=True)
class JobPolicy:
    max_attempts: int = 1
    on_lost: LostHandler | None = None


_POLICIES: dict[str, JobPolicy] = {}


def job(
    *, queue_name: str = "default", max_attempts: int = 1, on_lost: LostHandler | None = None
) -> Callable[[Callable], Task]:
    if max_attempts < 1:
        raise ValueError("max_attempts must be at least 1")

    def wrap(function: Callable) -> Task:
        defined = task(function, queue_name=queue_name)
        _POLICIES[defined.module_path] = JobPolicy(max_attempts=max_attempts, on_lost=on_lost)
        return defined

    return wrap


def policy_for(task_path: str) -> JobPolicy:
    """The policy of a stored job (importing its module registers it)."""
    if task_path not in _POLICIES:
        try:
            import_string(task_path)
        except ImportError:
            return JobPolicy()
    return _POLICIES.get(task_path, JobPolicy())
