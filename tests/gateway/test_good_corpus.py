"""Every query of the good corpus is accepted and returns the rows PostgreSQL gives for the
SQL exactly as written, run separately as a superuser over views holding only acme's rows."""

import re

import psycopg
import pytest

from apps.gateway.serialize import jsonable
from apps.gateway.services import run_sql
from tests.gateway.conftest import admin_conninfo
from tests.gateway.good_corpus import GOOD

PARAMETER = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")


@pytest.fixture(scope="module")
def reference(django_db_setup, tenant_ids):
    """A superuser session whose unqualified ERP table names resolve to temporary views of
    acme's rows (the temporary schema is searched first)."""
    with psycopg.connect(admin_conninfo(), autocommit=True) as conn:
        for table in ("erp_department", "erp_employee", "erp_salary"):
            conn.execute(
                psycopg.sql.SQL(
                    "CREATE TEMP VIEW {table} AS SELECT * FROM public.{table} WHERE tenant_id = {tenant}"
                ).format(
                    table=psycopg.sql.Identifier(table),
                    tenant=psycopg.sql.Literal(tenant_ids["acme"]),
                )
            )
        yield conn


def _reference_rows(conn, sql: str, params: dict | None) -> list:
    if "public.erp_" in sql:
        sql = sql.replace("public.erp_", "erp_")
    if params:
        sql = PARAMETER.sub(r"%(\1)s", sql.replace("%", "%%"))
    return conn.execute(sql, params or None).fetchall()


def _normalized(rows) -> list:
    return sorted((jsonable(list(row)) for row in rows), key=repr)


def test_the_corpus_is_large_enough():
    assert len(GOOD) >= 50
    assert len({good.id for good in GOOD}) == len(GOOD)


@pytest.mark.parametrize("good", GOOD, ids=[good.id for good in GOOD])
def test_good_query_is_accepted_with_correct_rows(good, acme_context, reference):
    result = run_sql(good.sql, context=acme_context, params=good.params)
    expected = _reference_rows(reference, good.sql, good.params)
    assert not result.truncated
    assert result.row_count == len(expected)
    assert _normalized(result.rows) == _normalized(expected)
    if not good.may_be_empty:
        assert result.row_count > 0
