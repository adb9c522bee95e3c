"""The hostile corpus against the real database: each attack is stopped, and nothing it tried
happened — checked in the database, not only by the error code.

The second half switches the parser check off and sends the attacks straight to execution,
to prove the database layers (privileges, read-only transaction, row-level security, the
session reset) each hold on their own.
"""

from collections import Counter

import pytest

from apps.gateway.errors import GatewayError
from apps.gateway.execution import execute
from apps.gateway.services import run_sql
from tests.gateway.conftest import unchecked
from tests.gateway.hostile_corpus import HOSTILE, OK, PARSER_OFF, Case


def _sql(case: Case, tenant_ids: dict, sentinel_pid: int) -> str:
    return case.sql.replace("{globex}", str(tenant_ids["globex"])).replace(
        "{sentinel_pid}", str(sentinel_pid)
    )


@pytest.fixture(scope="module")
def globex_only_names(admin, tenant_ids) -> set[str]:
    rows = admin.execute(
        "SELECT name, array_agg(DISTINCT tenant_id) FROM erp_employee GROUP BY name"
    ).fetchall()
    return {name for name, tenants in rows if tenants == [tenant_ids["globex"]]}


def assert_only_own_tenant(result, tenant_ids, globex_only_names) -> None:
    """No value in the result belongs to the other tenant."""
    globex = tenant_ids["globex"]
    names = [column["name"] for column in result.columns]
    for row in result.rows:
        for name, value in zip(names, row, strict=True):
            if name == "tenant_id":
                assert value == tenant_ids["acme"]
            if isinstance(value, str):
                assert value not in globex_only_names
                assert f"<tenant_id>{globex}</tenant_id>" not in value


def test_the_corpus_is_large_and_covers_every_family():
    assert len(HOSTILE) >= 120
    assert len({case.id for case in HOSTILE}) == len(HOSTILE)
    families = Counter(case.family for case in HOSTILE)
    assert set(families) >= {
        "multi",
        "writable-cte",
        "select-into",
        "for-update",
        "utility",
        "forgery",
        "role",
        "executor",
        "side-effect",
        "sequence",
        "file",
        "dos",
        "recon",
        "identifier",
    }


@pytest.mark.parametrize("case", HOSTILE, ids=[case.id for case in HOSTILE])
def test_hostile_query_is_stopped_without_effect(
    case, acme_context, tenant_ids, sentinel_pid, hostile_policy, effects, globex_only_names
):
    sql = _sql(case, tenant_ids, sentinel_pid)
    try:
        result = run_sql(sql, context=acme_context, params=case.params, policy=hostile_policy)
    except GatewayError as exc:
        assert str(exc.code) in case.outcomes, f"{exc.code}: {exc.message}"
        assert exc.message
    else:
        assert OK in case.outcomes, f"ran: {result.sql_executed}"
        if case.rows is not None:
            assert result.rows == case.rows
        assert_only_own_tenant(result, tenant_ids, globex_only_names)
        assert result.row_count <= hostile_policy.max_rows
    effects.assert_unchanged()


def test_the_layers_hold_corpus_covers_forgery_and_side_effects():
    ids = {case.id for case in PARSER_OFF}
    assert {
        "forgery-select-list",
        "forgery-where",
        "forgery-materialized-cte",
        "forgery-scalar-subquery",
        "forgery-role-via-set-config",
        "forgery-set-role-owner",
        "confined-advisory-lock",
        "confined-notify",
        "forgery-terminate-other",
    } <= ids


@pytest.mark.parametrize("case", PARSER_OFF, ids=[case.id for case in PARSER_OFF])
def test_database_layers_hold_with_the_parser_check_off(
    case, acme_context, tenant_ids, sentinel_pid, hostile_policy, effects, globex_only_names
):
    query = unchecked(_sql(case, tenant_ids, sentinel_pid), hostile_policy)
    try:
        result = execute(query, context=acme_context)
    except GatewayError as exc:
        assert str(exc.code) in case.outcomes, f"{exc.code}: {exc.message}"
    else:
        assert OK in case.outcomes, f"ran: {query.sql}"
        assert_only_own_tenant(result, tenant_ids, globex_only_names)
    effects.assert_unchanged()


def test_a_forged_tenant_never_reaches_the_rows(acme_context, tenant_ids, hostile_policy):
    """Even a query that runs (parser off) reads only the bound tenant's rows."""
    result = execute(
        unchecked("SELECT DISTINCT tenant_id FROM erp_employee", hostile_policy),
        context=acme_context,
    )
    assert result.rows == [[tenant_ids["acme"]]]
