"""Reads of the gateway's configuration."""

from dataclasses import dataclass

from django.db import connections

from apps.gateway import limits
from project.maintenance import OWNER_ALIAS

# Tables whose row-level security policy applies a role's date window, and the dated column.
DATED_TABLES = {"erp_salary": "pay_date"}


@dataclass(frozen=True)
class DateWindow:
    table: str
    role: str
    months: int


def date_window_list() -> list[DateWindow]:
    """The configured windows (read as the owner role, which alone may read them; inside
    `project.maintenance.owner_database()`)."""
    with connections[OWNER_ALIAS].cursor() as cursor:
        cursor.execute(
            "SELECT table_name, role, months FROM erp_date_window ORDER BY table_name, role"
        )
        return [DateWindow(*row) for row in cursor.fetchall()]


def limit_list() -> list[dict]:
    """Every limit with its environment variable, default, current value and help."""
    configured = limits.current()
    return [
        {
            "name": limit.name,
            "variable": limit.variable,
            "default": limit.default,
            "value": getattr(configured, limit.name),
            "help": limit.help,
        }
        for limit in limits.LIMITS
    ]
