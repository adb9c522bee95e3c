"""The gateway's entry points for the rest of Tessera."""

from collections.abc import Mapping

from django.db import connections, transaction

from apps.accounts.access import AccessContext
from apps.accounts.models import Role
from apps.gateway.execution import QueryResult, execute
from apps.gateway.policy import Policy, default_policy
from apps.gateway.selectors import DATED_TABLES
from apps.gateway.validation import validate
from project.maintenance import OWNER_ALIAS

WINDOW_TABLE_UNKNOWN = "No date window can be set on {table}; dated tables: {tables}."
WINDOW_ROLE_UNKNOWN = "Unknown role {role}; roles: {roles}."
WINDOW_MONTHS = "A window must be between 1 and 1200 months, got {months}."


def run_sql(
    sql: str,
    *,
    context: AccessContext | None,
    params: Mapping | None = None,
    max_rows: int | None = None,
    policy: Policy | None = None,
) -> QueryResult:
    """Validate and run agent SQL for `context`; raises GatewayError.

    `max_rows` can lower the configured row cap for this query, never raise it.
    """
    policy = (policy or default_policy()).with_max_rows(max_rows)
    query = validate(sql, policy=policy)
    return execute(query, context=context, params=params)


def date_window_set(*, table: str, role: str, months: int | None) -> None:
    """Let `role` see only the last `months` months of `table` (None: all of it).

    Runs as the owner role, the only one that may change the configuration: call it inside
    `project.maintenance.owner_database()` (`manage.py gateway window` does).
    """
    if table not in DATED_TABLES:
        raise ValueError(
            WINDOW_TABLE_UNKNOWN.format(table=table, tables=", ".join(sorted(DATED_TABLES)))
        )
    if role not in Role.values:
        raise ValueError(WINDOW_ROLE_UNKNOWN.format(role=role, roles=", ".join(Role.values)))
    if months is not None and not 1 <= months <= 1200:
        raise ValueError(WINDOW_MONTHS.format(months=months))
    with transaction.atomic(using=OWNER_ALIAS), connections[OWNER_ALIAS].cursor() as cursor:
        if months is None:
            cursor.execute(
                "DELETE FROM erp_date_window WHERE table_name = %s AND role = %s", [table, role]
            )
        else:
            cursor.execute(
                "INSERT INTO erp_date_window (table_name, role, months) VALUES (%s, %s, %s) "
                "ON CONFLICT (table_name, role) DO UPDATE SET months = EXCLUDED.months",
                [table, role, months],
            )
