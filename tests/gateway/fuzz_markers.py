"""Tenant B for the cross-tenant fuzzing: a tenant whose every row holds marker values, and
the check that finds a marker in anything a tenant-A query returned or said.

Markers are values no tenant-A row can hold: text with the token ZQXB, ids from 9e9 up,
amounts near 1e10 (the numeric(12, 2) ceiling), dates before 1950 or after 2150. A query
result that sums, lists, concatenates or extremes a B row carries one of them.
"""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db import connections, transaction

from apps.accounts.access import AccessContext
from apps.accounts.models import Tenant
from project.maintenance import OWNER_ALIAS

SLUG = "fuzz-marker-b"
TOKEN = "zqxb"
TEXT_TOKENS = (TOKEN, TOKEN[::-1])  # reverse() of a marker still gives it away
FIRST_ID = 9_000_000_000
NUMBER_FLOOR = 5_000_000_000  # no tenant-A value, sum or id comes near it
YEARS = (1950, 2150)  # tenant A's dates lie between; B's outside
MARKER_DIGITS = ("9876543", "90000000", "1901-", "1902-", "2191-", "2192-")


@dataclass(frozen=True)
class TenantB:
    tenant_id: int
    context: AccessContext  # to check that the markers are seen when they should be


def marker_tenant() -> TenantB:
    """Tenant B with its marker rows in every allow-listed table (created once, kept)."""
    with transaction.atomic(using=OWNER_ALIAS):
        tenant, created = Tenant.objects.using(OWNER_ALIAS).get_or_create(
            slug=SLUG, defaults={"name": "ZQXB Markers"}
        )
        with connections[OWNER_ALIAS].cursor() as cursor:
            cursor.execute(
                "SELECT set_config('app.tenant_id', %s, true), "
                "set_config('app.role', 'admin', true), set_config('app.user_id', '', true)",
                [str(tenant.pk)],
            )
            cursor.execute("SELECT count(*) FROM erp_candidate")
            if cursor.fetchone()[0] == 0:
                _insert_markers(cursor, tenant.pk)
    context = AccessContext(
        tenant_id=tenant.pk,
        tenant_slug=SLUG,
        tenant_name=tenant.name,
        user_id=0,
        username="",
        role="analyst",
    )
    return TenantB(tenant_id=tenant.pk, context=context)


def _insert_markers(cursor, tenant_id: int) -> None:
    ids = iter(range(FIRST_ID, FIRST_ID + 1000))
    departments = []
    for index in range(2):
        department = next(ids)
        cursor.execute(
            "INSERT INTO erp_department (id, tenant_id, code, name) VALUES (%s, %s, %s, %s)",
            [department, tenant_id, f"ZQXB{index}", f"ZQXB Department {index}"],
        )
        departments.append(department)
    employees = []
    for index in range(6):
        employee = next(ids)
        hired = datetime.date(1901, 2, 3) + datetime.timedelta(days=40 * index)
        cursor.execute(
            "INSERT INTO erp_employee (id, tenant_id, name, department_id, level, hire_date, "
            "termination_date) VALUES (%s, %s, %s, %s, %s, %s, %s)",
            [
                employee,
                tenant_id,
                f"ZQXB Person {index}",
                departments[index % 2],
                1 + index % 10,
                hired,
                datetime.date(1902, 6, 1) if index % 3 == 0 else None,
            ],
        )
        employees.append(employee)
    for index, employee in enumerate(employees * 3):
        cursor.execute(
            "INSERT INTO erp_salary (id, tenant_id, employee_id, pay_date, amount) "
            "VALUES (%s, %s, %s, %s, %s)",
            [
                next(ids),
                tenant_id,
                employee,
                datetime.date(2191, 1 + index // len(employees), 28),
                Decimal("9876543210.98") - index,
            ],
        )
    position = next(ids)
    cursor.execute(
        "INSERT INTO erp_position (id, tenant_id, title, department_id, level, salary_min, "
        "salary_max) VALUES (%s, %s, 'ZQXB Position', %s, 5, 9000000000.00, 9876543210.99)",
        [position, tenant_id, departments[0]],
    )
    for index in range(3):
        candidate = next(ids)
        cursor.execute(
            "INSERT INTO erp_candidate (id, tenant_id, name, email, position_id) "
            "VALUES (%s, %s, %s, %s, %s)",
            [
                candidate,
                tenant_id,
                f"ZQXB Candidate {index}",
                f"zqxb{index}@zqxb.example",
                position,
            ],
        )
        for state in ("screening", "interview", "offer")[: index + 1]:
            cursor.execute(
                "UPDATE erp_candidate SET state = %s, offered_salary = %s WHERE id = %s",
                [state, Decimal("9500000000.00") if state == "offer" else None, candidate],
            )


def leaks(value) -> list[str]:
    """Every marker found in `value` (rows, a message, nested lists and dicts)."""
    found: list[str] = []
    _scan(value, found)
    return found


def _scan(value, found: list[str]) -> None:
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, str):
        lowered = value.lower()
        found.extend(f"text {value!r}" for token in TEXT_TOKENS if token in lowered)
        found.extend(f"digits {value!r}" for digits in MARKER_DIGITS if digits in value)
    elif isinstance(value, (int, float, Decimal)):
        if abs(value) >= NUMBER_FLOOR:
            found.append(f"number {value}")
    elif isinstance(value, (datetime.date, datetime.datetime)):
        if not YEARS[0] <= value.year <= YEARS[1]:
            found.append(f"date {value}")
    elif isinstance(value, datetime.timedelta):
        if abs(value.days) > 100 * 365:
            found.append(f"interval {value}")
    elif isinstance(value, dict):
        for key, item in value.items():
            _scan(key, found)
            _scan(item, found)
    elif isinstance(value, (list, tuple, set)):
        for item in value:
            _scan(item, found)
    else:
        _scan(str(value), found)
