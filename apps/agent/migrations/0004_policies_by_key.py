"""The policies of a thread's rows look their thread up by key.

`thread_id IN (SELECT id FROM agent_thread WHERE user_id = …)` made PostgreSQL read and hash
every thread of the person for each statement, even one that touches a single row (a run's
UPDATE, its steps' DELETE): the cost of every run grew with the number of threads its person
had (docs/scaling.md). `(SELECT user_id FROM agent_thread t WHERE t.id = thread_id) = …` says
the same thing — a row is visible when its thread is the person's, the thread itself under its
own policy (a thread out of reach gives NULL: not visible) — and, being a scalar subquery, is
always one look-up of that thread by its primary key per row read, whatever the statistics say
(an EXISTS could still be planned as a hash of every thread of the person).
"""

from importlib import import_module

from django.db import migrations

from apps.accounts.rls import CURRENT_TENANT, CURRENT_USER_ID

# The policies this migration replaces (and restores when it is reversed).
BEFORE = import_module("apps.agent.migrations.0002_rls")


def _thread_of_user(table: str) -> str:
    return (
        f"tenant_id = {CURRENT_TENANT} AND (SELECT t.user_id FROM agent_thread t "
        f"WHERE t.id = {table}.thread_id) = {CURRENT_USER_ID}"
    )


RUN_OF_USER = (
    f"tenant_id = {CURRENT_TENANT} AND (SELECT t.user_id FROM agent_thread t WHERE t.id = "
    f"(SELECT r.thread_id FROM agent_run r WHERE r.id = agent_step.run_id)) = {CURRENT_USER_ID}"
)


def _policy(table: str, using: str, before: str) -> migrations.RunSQL:
    return migrations.RunSQL(
        sql=f"ALTER POLICY tenant_isolation ON {table} USING ({using})",
        reverse_sql=f"ALTER POLICY tenant_isolation ON {table} USING ({before})",
    )


class Migration(migrations.Migration):
    dependencies = [("agent", "0003_thread_directory")]

    operations = [
        *(
            _policy(table, _thread_of_user(table), BEFORE.THREAD_OF_USER)
            for table in ("agent_run", "agent_message", "agent_event")
        ),
        _policy("agent_step", RUN_OF_USER, BEFORE.RUN_OF_USER),
    ]
