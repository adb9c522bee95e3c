"""django-tasks-db's backend, placing jobs for the runner mode (apps/jobs/__init__.py).

In threads mode a job queued by a web process goes to that process's private copy of its
queue, "<queue>@<token>" (apps/jobs/queues.py), and the process's runner starts if it has not
yet: the process that queued a job is the one whose in-memory channel layer reaches the
browser waiting for it. In workers mode, and inside `manage.py worker`, jobs go to their
queue as named, for any worker. Callers just use `task.enqueue(...)`.
"""

from django_tasks_db.backend import DatabaseBackend as _DatabaseBackend

from apps.jobs.queues import LOCAL_SEPARATOR, base_queue, local_queue


class _QueueNames(frozenset):
    """Configured queue names; a private copy of a queue counts as that queue."""

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and frozenset.__contains__(self, base_queue(name))


class DatabaseBackend(_DatabaseBackend):
    def __init__(self, alias: str, params: dict) -> None:
        super().__init__(alias, params)
        self.queues = _QueueNames(self.queues)

    def enqueue(self, task, args, kwargs):
        return super().enqueue(_placed(task), args, kwargs)

    async def aenqueue(self, task, args, kwargs):
        return await super().aenqueue(_placed(task), args, kwargs)


def _placed(task):
    from apps.jobs import runner, settings

    if (
        settings.runner_mode() != settings.RUNNER_THREADS
        or runner.is_hosted()
        or LOCAL_SEPARATOR in task.queue_name
    ):
        return task
    token = runner.ensure_started().presence.token
    return task.using(queue_name=local_queue(task.queue_name, token))
