"""Write the demo tenants, users and ERP rows. ERP rows go in with COPY, per tenant, under
that tenant's bound context (the tables force row-level security, even for their owner)."""

import random
from dataclasses import dataclass
from datetime import date

from django.contrib.auth import get_user_model
from django.db import connections, transaction

from apps.accounts.models import Membership, Role, Tenant
from apps.erp.demo import generate
from apps.objects.demo import seed_pipeline
from project.maintenance import OWNER_ALIAS

TENANTS = [
    ("acme", "Acme Corporation"),
    ("globex", "Globex Industries"),
    ("northwind", "Northwind Traders"),
]
# Each tenant's departments: northwind is organized otherwise (see generate.OTHER_DEPARTMENTS).
TENANT_DEPARTMENTS = {
    "acme": generate.DEPARTMENTS,
    "globex": generate.DEPARTMENTS,
    "northwind": generate.OTHER_DEPARTMENTS,
}
DEMO_PASSWORD = "tessera-demo"
USERS = [
    # username, tenant, role, is_staff
    ("ana", "acme", Role.ANALYST, False),
    ("hugo", "acme", Role.HR_MANAGER, False),
    ("vera", "acme", Role.VIEWER, False),
    ("gus", "globex", Role.ANALYST, False),
    ("ivo", "northwind", Role.ANALYST, False),
    ("admin", "acme", Role.ADMIN, True),
]


@dataclass(frozen=True)
class SeedReport:
    tenants: int
    employees: int
    salaries: int
    terminated: int


def _bind_tenant(cursor, tenant_id: int) -> None:
    cursor.execute("SELECT set_config('app.tenant_id', %s, true)", [str(tenant_id)])


def _reserve_ids(cursor, table: str, count: int) -> list[int]:
    cursor.execute(
        "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
        [table, count],
    )
    return [row[0] for row in cursor.fetchall()]


def _tenants_and_users() -> dict[str, Tenant]:
    tenants = {}
    for slug, name in TENANTS:
        tenant, _ = Tenant.objects.using(OWNER_ALIAS).update_or_create(
            # the demo's fiscal years are calendar years (January)
            slug=slug,
            defaults={"name": name, "fiscal_year_start": 1},
        )
        tenants[slug] = tenant
    users = get_user_model().objects.db_manager(OWNER_ALIAS)
    for username, slug, role, is_staff in USERS:
        user = users.filter(username=username).first() or users.model(username=username)
        user.is_staff = is_staff
        user.is_superuser = is_staff
        # Re-setting an unchanged password would still sign the user out everywhere (the
        # session hash changes), so only set it when it differs.
        if not user.check_password(DEMO_PASSWORD):
            user.set_password(DEMO_PASSWORD)
        user.save(using=OWNER_ALIAS)
        with connections[OWNER_ALIAS].cursor() as cursor:
            cursor.execute("SELECT set_config('app.user_id', %s, true)", [str(user.pk)])
            _bind_tenant(cursor, tenants[slug].pk)
        Membership.objects.using(OWNER_ALIAS).update_or_create(
            user=user, defaults={"tenant": tenants[slug], "role": role}
        )
    return tenants


class _StagedCopy:
    """COPY into a temporary table, then INSERT ... SELECT into the real one.

    PostgreSQL refuses COPY FROM into a table with row-level security; the INSERT still goes
    through the policy's WITH CHECK, so a row of another tenant cannot slip in.
    """

    def __init__(self, cursor, table: str, columns: list[str]):
        self.cursor, self.table, self.columns = cursor, table, ", ".join(columns)
        self.stage = f"stage_{table}"

    def __enter__(self):
        self.cursor.execute(
            f"CREATE TEMP TABLE {self.stage} ON COMMIT DROP AS "
            f"SELECT {self.columns} FROM {self.table} WITH NO DATA"
        )
        self._copy_cm = self.cursor.copy(f"COPY {self.stage} ({self.columns}) FROM STDIN")
        return self._copy_cm.__enter__()

    def __exit__(self, *exc):
        self._copy_cm.__exit__(*exc)
        if exc[0] is None:
            self.cursor.execute(
                f"INSERT INTO {self.table} ({self.columns}) SELECT {self.columns} FROM {self.stage}"
            )
            self.cursor.execute(f"DROP TABLE {self.stage}")
        return False


def _clear_tenant(cursor) -> None:
    for table in ("erp_salary", "erp_employee", "erp_department"):
        cursor.execute(f"DELETE FROM {table}")  # RLS limits this to the bound tenant


def _load_tenant(cursor, tenant: Tenant, rng: random.Random, count: int, as_of: date) -> SeedReport:
    _bind_tenant(cursor, tenant.pk)
    _clear_tenant(cursor)
    departments = TENANT_DEPARTMENTS[tenant.slug]
    department_ids = dict(
        zip(
            [code for code, _ in departments],
            _reserve_ids(cursor, "erp_department", len(departments)),
            strict=True,
        )
    )
    with _StagedCopy(cursor, "erp_department", ["id", "tenant_id", "code", "name"]) as copy:
        for code, name in departments:
            copy.write_row((department_ids[code], tenant.pk, code, name))

    people = generate.employees(rng, count, as_of, departments)
    employee_ids = _reserve_ids(cursor, "erp_employee", len(people))
    employee_columns = [
        "id",
        "tenant_id",
        "name",
        "department_id",
        "level",
        "hire_date",
        "termination_date",
    ]
    with _StagedCopy(cursor, "erp_employee", employee_columns) as copy:
        for person, employee_id in zip(people, employee_ids, strict=True):
            copy.write_row(
                (
                    employee_id,
                    tenant.pk,
                    person.name,
                    department_ids[person.department_code],
                    person.level,
                    person.hire_date,
                    person.termination_date,
                )
            )

    salary_count = 0
    salary_columns = ["tenant_id", "employee_id", "pay_date", "amount"]
    with _StagedCopy(cursor, "erp_salary", salary_columns) as copy:
        for person, employee_id in zip(people, employee_ids, strict=True):
            for pay_date, amount in generate.salaries(rng, person, as_of):
                copy.write_row((tenant.pk, employee_id, pay_date, amount))
                salary_count += 1
    return SeedReport(
        tenants=1,
        employees=len(people),
        salaries=salary_count,
        terminated=sum(1 for p in people if p.termination_date),
    )


def seed(*, employees: int, as_of: date, seed: int) -> SeedReport:
    """Replace the demo tenants' ERP data. Deterministic for a given seed and as-of date."""
    totals = SeedReport(0, 0, 0, 0)
    with transaction.atomic(using=OWNER_ALIAS):
        tenants = _tenants_and_users()
        with connections[OWNER_ALIAS].cursor() as cursor:
            for index, (slug, _) in enumerate(TENANTS):
                # One generator per tenant, so tenants differ but each is reproducible alone.
                rng = random.Random(f"{seed}:{index}:{as_of.isoformat()}")
                report = _load_tenant(cursor, tenants[slug], rng, employees, as_of)
                seed_pipeline(cursor, tenants[slug], random.Random(f"{seed}:{index}:pipeline"))
                totals = SeedReport(
                    totals.tenants + 1,
                    totals.employees + report.employees,
                    totals.salaries + report.salaries,
                    totals.terminated + report.terminated,
                )
            cursor.execute("ANALYZE erp_department; ANALYZE erp_employee; ANALYZE erp_salary")
    return totals


def matches(*, employees: int, as_of: date, seed: int) -> bool:
    """True when the database already holds exactly what `seed()` would load (checked on every
    tenant's employees: count and every name and date), so loading again can be skipped."""
    for index, (slug, _) in enumerate(TENANTS):
        tenant = Tenant.objects.using(OWNER_ALIAS).filter(slug=slug).first()
        if tenant is None:
            return False
        rng = random.Random(f"{seed}:{index}:{as_of.isoformat()}")
        people = generate.employees(rng, employees, as_of, TENANT_DEPARTMENTS[slug])
        with transaction.atomic(using=OWNER_ALIAS), connections[OWNER_ALIAS].cursor() as cursor:
            _bind_tenant(cursor, tenant.pk)
            cursor.execute(
                "SELECT name, level, hire_date, termination_date FROM erp_employee ORDER BY id"
            )
            stored = cursor.fetchall()
        if stored != [(p.name, p.level, p.hire_date, p.termination_date) for p in people]:
            return False
    return True


def is_seeded() -> bool:
    return Tenant.objects.using(OWNER_ALIAS).filter(slug=TENANTS[0][0]).exists()
