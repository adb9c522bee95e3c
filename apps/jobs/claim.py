"""Claiming a queued job in one statement.

django-tasks-db claims in a transaction of its own: `SELECT … FOR UPDATE SKIP LOCKED` of the
first ready job, then an ORM save of its status, start time and worker ids (BEGIN, two
statements, COMMIT). A runner claims once per job, so on a busy web process that was a
visible share of each run. Here the same selection (the caller's queryset, in
django-tasks-db's order, rows locked by another claimer skipped) feeds one `UPDATE …
RETURNING`: the job is taken and marked RUNNING atomically, as before.
"""

import json

from django.db.models import QuerySet
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult


def claim_next(jobs: QuerySet, worker_id: str) -> DBTaskResult | None:
    """Take the first job of `jobs` (ready ones, in the queue's order) for `worker_id`: its
    status becomes RUNNING, `started_at` now and the worker id is appended to `worker_ids`.
    None when no job is free."""
    first = jobs.order_by(*DBTaskResult._meta.ordering).values("pk")[:1]
    selection, params = first.query.sql_with_params()
    # Django refuses select_for_update() outside a transaction even for a query it only
    # compiles; the statement is one transaction on its own, so the clause is written here.
    selection += " FOR UPDATE SKIP LOCKED"
    table = DBTaskResult._meta.db_table
    statement = (
        f"UPDATE {table} SET status = %s, started_at = %s, "
        f"worker_ids = worker_ids || %s::jsonb WHERE id = ({selection}) RETURNING *"
    )
    values = [TaskResultStatus.RUNNING, timezone.now(), json.dumps([worker_id]), *params]
    claimed = list(DBTaskResult.objects.using(jobs.db).raw(statement, values))
    return claimed[0] if claimed else None
