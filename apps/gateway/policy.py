"""A gateway policy: which tables a query may read, in which schema, under which limits.

The column lists of the ERP tables are repeated here so that validation needs neither Django
nor a database; tests/gateway/test_policy.py checks them against the models.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from apps.gateway import limits

SCHEMA = "public"

ERP_TABLES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "erp_department": ("id", "tenant_id", "code", "name"),
        "erp_employee": (
            "id",
            "tenant_id",
            "name",
            "department_id",
            "level",
            "hire_date",
            "termination_date",
        ),
        "erp_salary": ("id", "tenant_id", "employee_id", "pay_date", "amount"),
        # The hiring pipeline (apps/objects); its history table stays out of agent SQL.
        "erp_position": (
            "id",
            "tenant_id",
            "title",
            "department_id",
            "level",
            "salary_min",
            "salary_max",
        ),
        "erp_candidate": (
            "id",
            "tenant_id",
            "name",
            "email",
            "position_id",
            "state",
            "offered_salary",
            "created_at",
            "updated_at",
        ),
    }
)


@dataclass(frozen=True)
class Policy:
    # table name (in `schema`) -> its columns
    tables: Mapping[str, tuple[str, ...]]
    schema: str = SCHEMA
    # Lift only the table allow-list (`manage.py gateway check --allow-any-table`).
    allow_any_table: bool = False
    max_rows: int = 1000
    statement_timeout_ms: int = 5000
    max_sql_length: int = 20000
    max_depth: int = 30
    max_in_list: int = 1000
    columns: Mapping[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    # Everything above as one hashable value: what a validation depends on besides the SQL
    # text and the allow-lists (`validation_cache.py`).
    cache_key: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(
            self, "columns", {name: frozenset(cols) for name, cols in self.tables.items()}
        )
        catalog = tuple(sorted((name, tuple(cols)) for name, cols in self.tables.items()))
        object.__setattr__(
            self,
            "cache_key",
            (
                catalog,
                self.schema,
                self.allow_any_table,
                self.max_rows,
                self.statement_timeout_ms,
                self.max_sql_length,
                self.max_depth,
                self.max_in_list,
            ),
        )

    def with_max_rows(self, max_rows: int | None) -> "Policy":
        """The same policy returning at most `max_rows` (never more than the configured cap)."""
        if max_rows is None:
            return self
        return replace(self, max_rows=max(1, min(max_rows, self.max_rows)))

    def allowed_tables_text(self) -> str:
        return ", ".join(sorted(self.tables)) or "none"


def default_policy(**overrides) -> Policy:
    """The ERP allow-list under the configured limits."""
    configured = limits.current()
    values = {
        "tables": ERP_TABLES,
        "max_rows": configured.max_rows,
        "statement_timeout_ms": configured.statement_timeout_ms,
        "max_sql_length": configured.max_sql_length,
        "max_depth": configured.max_depth,
        "max_in_list": configured.max_in_list,
    }
    values.update(overrides)
    return Policy(**values)


def export_policy() -> Policy:
    """The ERP allow-list for downloads: every row up to TESSERA_CSV_MAX_ROWS."""
    return default_policy(max_rows=limits.current().csv_max_rows)
