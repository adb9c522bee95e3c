"""The row-security policies of a thread's rows (runs, messages, events, steps) look the
thread up by its key: a statement on one row reads one thread, however many threads its
person has. (Who sees which row is checked table by table in
tests/foundation/test_tenant_tables.py.)"""

import json

import pytest
from django.db import connection

from apps.accounts.access import bound
from apps.agent.models import Event, Run, Step, Thread, ThreadMessage

pytestmark = [pytest.mark.django_db]

THREADS = 300


def _thread_rows_read(context, sql: str, params: list) -> list[int]:
    """Rows each plan node over agent_thread produced, per loop, when `sql` ran."""
    with bound(context), connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", params)
        plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan
    found, stack = [], [plan[0]["Plan"]]
    while stack:
        node = stack.pop()
        if node.get("Relation Name") == "agent_thread":
            found.append(node["Actual Rows"])
        stack.extend(node.get("Plans", []))
    return found


def test_a_statement_on_one_run_reads_one_thread_of_many(acme_context):
    with bound(acme_context):
        threads = Thread.objects.bulk_create(
            Thread(tenant_id=acme_context.tenant_id, user_id=acme_context.user_id)
            for _ in range(THREADS)
        )
        thread = threads[-1]
        common = {"tenant_id": acme_context.tenant_id}
        run = Run.objects.create(**common, thread=thread, request="one")
        Step.objects.create(**common, run=run, index=0, kind="model")
        ThreadMessage.objects.create(
            **common, thread=thread, run=run, position=0, role="user", data={}
        )
        Event.objects.create(
            **common, thread=thread, run=run, seq=1, type="RUN_STARTED", payload={}
        )
    statements = [
        ("UPDATE agent_run SET error = 'x' WHERE id = %s", [run.id]),
        ("DELETE FROM agent_step WHERE run_id = %s", [run.id]),
        ("SELECT * FROM agent_message WHERE thread_id = %s AND position = 0", [thread.id]),
        ("SELECT * FROM agent_event WHERE thread_id = %s AND seq = 1", [thread.id]),
    ]
    for sql, params in statements:
        read = _thread_rows_read(acme_context, sql, params)
        assert read and max(read) <= 1, (sql, read)
    with bound(acme_context):  # and the rows are still the person's to see and change
        assert Run.objects.get(id=run.id).error == "x"
        assert not Step.objects.filter(run_id=run.id).exists()
