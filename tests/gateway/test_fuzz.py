"""Cross-tenant fuzzing of the gateway (issue 16, item 7).

Thousands of generated queries (`fuzz_queries.py`) run as a tenant-A analyst while tenant B
(`fuzz_markers.py`) holds marker values in every allow-listed table. No result and no error
message may carry a B marker, and no tripwire (an expression that fails only on a B row) may
fire. The set is seeded and reproducible; CI runs a fixed sample, `--full` runs all of it:

    .venv/bin/python -m pytest tests/gateway/test_fuzz.py --full
"""

import psycopg
import pytest

from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.services import run_sql
from tests.gateway.conftest import admin_conninfo
from tests.gateway.fuzz_markers import leaks, marker_tenant
from tests.gateway.fuzz_queries import CHANNELS, FAMILIES, generate, read_schema, sample

SEED = 16
COUNT = 2400
SAMPLE_EVERY = 6
# Refusals by the validator are allowed (they still must not leak), but a generator whose
# queries mostly fail would test little: most must run.
MIN_RUN_SHARE = 0.9

pytestmark = pytest.mark.django_db(databases=["default", "owner"])


@pytest.fixture(scope="module")
def schema(django_db_setup):
    with psycopg.connect(admin_conninfo()) as conn:
        return read_schema(conn)


@pytest.fixture(scope="module")
def queries(schema):
    return generate(schema, seed=SEED, count=COUNT)


@pytest.fixture(scope="module")
def tenant_b(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return marker_tenant()


@pytest.fixture(scope="module")
def chosen(request, queries):
    return queries if request.config.getoption("full") else sample(queries, every=SAMPLE_EVERY)


def test_the_set_is_large_reproducible_and_covers_every_table_and_column(schema, queries):
    assert len(queries) >= 2000
    assert [q.sql for q in generate(schema, seed=SEED, count=COUNT)] == [q.sql for q in queries]
    assert [q.sql for q in generate(schema, seed=SEED + 1, count=COUNT)] != [q.sql for q in queries]
    used = set().union(*(q.used for q in queries))
    assert used == schema.pairs()
    assert {q.family for q in queries} == {"column", *FAMILIES}
    assert {q.tripwire for q in queries} == {None, *CHANNELS}
    sampled = sample(queries, every=SAMPLE_EVERY)
    assert set().union(*(q.used for q in sampled)) == schema.pairs()
    assert {q.family for q in sampled} == {"column", *FAMILIES}


def test_tenant_b_holds_markers_in_every_table_and_tenant_a_none(schema, tenant_b, admin):
    for table in schema.columns:
        b_rows = admin.execute(
            f"SELECT * FROM {table} WHERE tenant_id = %s", [tenant_b.tenant_id]
        ).fetchall()
        assert b_rows and all(leaks(list(row)) for row in b_rows), table
        a_rows = admin.execute(
            f"SELECT * FROM {table} WHERE tenant_id <> %s", [tenant_b.tenant_id]
        ).fetchall()
        assert not leaks([list(row) for row in a_rows]), table


def test_the_markers_and_tripwires_give_b_away_to_b_itself(chosen, tenant_b):
    """The oracle is live: run as tenant B, the same queries show markers or trip."""
    seen = tripped = tripwires = 0
    for query in chosen:
        try:
            result = run_sql(query.sql, context=tenant_b.context)
        except GatewayError as error:
            if query.tripwire and error.code == ErrorCode.QUERY_ERROR:
                tripped += 1
            continue
        finally:
            tripwires += bool(query.tripwire)
        seen += bool(leaks(result.rows))
    # Some queries filter B's rows out or only count them; most show or trip on them.
    assert seen + tripped > 0.7 * len(chosen)
    assert tripped > 0.6 * tripwires


def test_no_tenant_b_marker_reaches_tenant_a(chosen, tenant_b, acme_context):
    problems, ran = [], 0
    for query in chosen:
        try:
            result = run_sql(query.sql, context=acme_context)
        except GatewayError as error:
            if found := leaks(error.message):
                problems.append(f"{query.id}: error {error.code} carries {found}: {query.sql}")
            elif query.tripwire and error.code == ErrorCode.QUERY_ERROR:
                problems.append(f"{query.id}: tripwire fired ({error.message}): {query.sql}")
            continue
        ran += 1
        if found := leaks([result.columns, result.rows]):
            problems.append(f"{query.id}: result carries {found[:3]}: {query.sql}")
    assert not problems, "\n".join(problems[:20])
    assert ran >= MIN_RUN_SHARE * len(chosen), f"only {ran} of {len(chosen)} queries ran"
