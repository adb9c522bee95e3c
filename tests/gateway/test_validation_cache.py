"""The LRU of accepted validations: it serves only the same text under the same policy and
allow-lists, never keeps a refusal, stays bounded, and leaves the tenant binding to each call."""

from dataclasses import replace

import pytest

from apps.gateway import allowlist, validation_cache
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.policy import ERP_TABLES, Policy
from apps.gateway.services import run_sql
from apps.gateway.validation import validate

ERP = Policy(tables=ERP_TABLES)


@pytest.fixture(autouse=True)
def _empty_cache():
    validation_cache.clear()
    yield
    validation_cache.clear()


def refusal(sql: str, policy: Policy) -> ErrorCode:
    with pytest.raises(GatewayError) as caught:
        validate(sql, policy=policy)
    return caught.value.code


def test_the_same_text_and_policy_is_served_from_the_cache():
    sql = "SELECT name FROM erp_employee WHERE level > :level"
    first = validate(sql, policy=ERP)
    assert validate(sql, policy=ERP) is first
    assert validate(sql, policy=Policy(tables=ERP_TABLES)) is first  # an equal policy
    fresh = validate(sql, policy=ERP, cache=False)
    assert fresh is not first and fresh == first


def test_a_result_is_never_served_for_another_policy():
    sql = "SELECT id FROM shop.orders"
    any_table = replace(ERP, allow_any_table=True)
    assert validate(sql, policy=any_table).tables == {"shop.orders"}
    assert refusal(sql, ERP) == ErrorCode.TABLE_NOT_ALLOWED

    counted = "SELECT name FROM erp_employee"
    assert "LIMIT 1001" in validate(counted, policy=ERP).sql
    capped = validate(counted, policy=ERP.with_max_rows(10))
    assert capped.max_rows == 10 and "LIMIT 11" in capped.sql

    other_schema = replace(ERP, schema="analytics")
    assert validate(counted, policy=other_schema).tables == {"analytics.erp_employee"}
    assert validate(counted, policy=ERP).tables == {"public.erp_employee"}


def test_a_changed_catalog_invalidates_it():
    sql = "SELECT level FROM erp_employee"
    validate(sql, policy=ERP)
    without_level = dict(ERP_TABLES)
    without_level["erp_employee"] = tuple(c for c in ERP_TABLES["erp_employee"] if c != "level")
    assert refusal(sql, Policy(tables=without_level)) == ErrorCode.UNKNOWN_COLUMN
    without_table = {k: v for k, v in ERP_TABLES.items() if k != "erp_employee"}
    assert refusal(sql, Policy(tables=without_table)) == ErrorCode.TABLE_NOT_ALLOWED


def test_a_changed_allow_list_invalidates_it(monkeypatch):
    sql = "SELECT lower(name) FROM erp_employee"
    validate(sql, policy=ERP)
    monkeypatch.setattr(allowlist, "FUNCTIONS", allowlist.FUNCTIONS - {"lower"})
    assert refusal(sql, ERP) == ErrorCode.FORBIDDEN_FUNCTION


def test_a_changed_node_allow_list_invalidates_it(monkeypatch):
    sql = "SELECT name FROM erp_employee WHERE name ~ 'a'"
    validate(sql, policy=ERP)
    narrowed = {k: v for k, v in allowlist.FUNCTION_NODES.items() if k.__name__ != "RegexpLike"}
    monkeypatch.setattr(allowlist, "FUNCTION_NODES", narrowed)
    assert refusal(sql, ERP) == ErrorCode.FORBIDDEN_FUNCTION


# Harmless text first, then hostile text of the same shape (same tokens but one, or the same
# text with something appended): the hostile one must be refused as if nothing were cached.
SAME_SHAPE = [
    (
        "SELECT lower(name) FROM erp_employee",
        "SELECT pg_sleep(name) FROM erp_employee",
        ErrorCode.FORBIDDEN_FUNCTION,
    ),
    (
        "SELECT name FROM erp_employee",
        "SELECT name FROM pg_authid",
        ErrorCode.TABLE_NOT_ALLOWED,
    ),
    (
        "SELECT name FROM erp_employee",
        "SELECT name FROM erp_employee; DELETE FROM erp_employee",
        ErrorCode.MULTIPLE_STATEMENTS,
    ),
    (
        "SELECT name FROM erp_employee",
        "SELECT name FROM erp_employee FOR UPDATE",
        ErrorCode.FORBIDDEN_CONSTRUCT,
    ),
    (
        "SELECT 'x' AS v FROM erp_department",
        "SELECT set_config('app.tenant_id', '2', true) AS v FROM erp_department",
        ErrorCode.FORBIDDEN_FUNCTION,
    ),
    (
        "WITH t AS (SELECT id FROM erp_employee) SELECT id FROM t",
        "WITH t AS (DELETE FROM erp_employee RETURNING id) SELECT id FROM t",
        ErrorCode.FORBIDDEN_CONSTRUCT,
    ),
]


@pytest.mark.parametrize(("harmless", "hostile", "code"), SAME_SHAPE)
def test_hostile_sql_is_refused_after_a_harmless_one_of_its_shape(harmless, hostile, code):
    validate(harmless, policy=ERP)
    assert validation_cache.size() == 1
    assert refusal(hostile, ERP) == code
    assert refusal(hostile, ERP) == code  # and again: a refusal is never cached
    assert validation_cache.size() == 1


HARMLESS = "SELECT name FROM erp_employee"


class _PosingAsHarmless(str):
    """Text that hashes and compares like HARMLESS, whatever it holds."""

    def __hash__(self):
        return hash(HARMLESS)

    def __eq__(self, other):
        return True


def test_a_str_subclass_never_hits_another_texts_entry():
    validate(HARMLESS, policy=ERP)
    hostile = _PosingAsHarmless("SELECT name FROM pg_authid")
    assert refusal(hostile, ERP) == ErrorCode.TABLE_NOT_ALLOWED
    assert validation_cache.size() == 1


def test_it_is_bounded_and_drops_the_least_recently_used(monkeypatch):
    monkeypatch.setattr(validation_cache, "MAX_ENTRIES", 3)
    texts = [f"SELECT {n} AS n FROM erp_department" for n in range(4)]
    first = validate(texts[0], policy=ERP)
    for sql in texts[1:3]:
        validate(sql, policy=ERP)
    assert validate(texts[0], policy=ERP) is first  # used again: now the most recent
    validate(texts[3], policy=ERP)
    assert validation_cache.size() == 3
    assert validation_cache.get(validation_cache.key(texts[1], ERP)) is None
    assert validate(texts[0], policy=ERP) is first


def test_the_tenant_is_bound_per_call_not_cached(acme_context, globex_context):
    sql = "SELECT DISTINCT tenant_id FROM erp_employee"
    acme = run_sql(sql, context=acme_context)
    cached = validation_cache.size()
    globex = run_sql(sql, context=globex_context)
    assert validation_cache.size() == cached == 1  # the second call was served from the cache
    assert acme.rows == [[acme_context.tenant_id]]
    assert globex.rows == [[globex_context.tenant_id]]
    assert run_sql(sql, context=None).rows == []
