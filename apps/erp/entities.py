"""The tenant's own entity values — department names and codes, employee names — that
questions name ("Sales", "ENG", "Hugo Tanaka").

They are read through the gateway under the person's access context (so a tenant only ever
sees its own), by the `erp_lookup` tool (tools.py), which the builtin planner calls, so each
read is a tool call recorded in the run. What was read is kept per tenant in this process and
read again when it may have changed: after MAX_AGE_SECONDS, when a question has words the
cache does not know (a new department, a renamed one), and before a department form.
"""

import hashlib
import threading
import time
from dataclasses import dataclass, field

from apps.accounts.access import AccessContext
from apps.erp.semantic import semantic_model
from apps.gateway.services import run_sql

MAX_AGE_SECONDS = 60.0


@dataclass(frozen=True)
class Department:
    id: int
    code: str
    name: str


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    department: str


@dataclass(frozen=True)
class Entities:
    """One tenant's entity values at one moment. `version` changes whenever they do."""

    version: str
    departments: tuple[Department, ...] = ()
    people: tuple[Person, ...] = ()
    fiscal_year_start: int = 1  # the tenant's (Tenant.fiscal_year_start): 1 is the calendar year
    loaded_at: float = field(default=0.0, compare=False)

    @property
    def department_names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.departments)

    def fresh(self, now: float | None = None) -> bool:
        return (now if now is not None else time.monotonic()) - self.loaded_at < MAX_AGE_SECONDS


NONE = Entities(version="none")


def _queries() -> tuple[str, str]:
    """The two lookups, built from the model's entity declarations."""
    model = semantic_model()
    department, employee = model.entity("department"), model.entity("employee")
    departments = model.table(department.table)
    employees = model.table(employee.table)
    path = model.join_path(employee.table, {department.table})
    (joined, relationship), *_ = path
    department_sql = (
        f"SELECT {department.key}, {department.code}, {department.label} "
        f"FROM {departments.base_table} AS {departments.alias} ORDER BY {department.key}"
    )
    people_sql = (
        f"SELECT {employee.key}, {employee.label}, {department.label} "
        f"FROM {employees.base_table} AS {employees.alias} "
        f"JOIN {model.table(joined).base_table} AS {model.table(joined).alias} "
        f"ON {relationship.on} ORDER BY {employee.key}"
    )
    return department_sql, people_sql


def entities_read(*, context: AccessContext) -> Entities:
    """Read the tenant's departments and employees through the gateway (raises GatewayError)."""
    department_sql, people_sql = _queries()
    departments = run_sql(department_sql, context=context, max_rows=10_000)
    people = run_sql(people_sql, context=context, max_rows=500_000)
    values = (
        tuple(Department(int(i), str(c or ""), str(n)) for i, c, n in departments.rows),
        tuple(Person(int(i), str(n), str(d)) for i, n, d in people.rows),
    )
    fiscal = context.fiscal_year_start
    digest = hashlib.sha256(repr((values, fiscal)).encode()).hexdigest()[:16]
    return Entities(digest, *values, fiscal_year_start=fiscal, loaded_at=time.monotonic())


class _Cache:
    """Entities per tenant id, for this process."""

    def __init__(self) -> None:
        self._by_tenant: dict[int, Entities] = {}
        self._lock = threading.Lock()

    def get(self, tenant_id: int) -> Entities | None:
        with self._lock:
            return self._by_tenant.get(tenant_id)

    def put(self, tenant_id: int, entities: Entities) -> None:
        with self._lock:
            self._by_tenant[tenant_id] = entities

    def clear(self) -> None:
        with self._lock:
            self._by_tenant.clear()


cache = _Cache()


def entities_refresh(*, context: AccessContext) -> tuple[Entities, bool]:
    """Read the tenant's entities again and keep them: (entities, whether they changed)."""
    before = cache.get(context.tenant_id)
    entities = entities_read(context=context)
    cache.put(context.tenant_id, entities)
    return entities, before is None or before.version != entities.version


def cached_entities(tenant_id: int) -> Entities | None:
    """What was last read for the tenant in this process, fresh or not."""
    return cache.get(tenant_id)
