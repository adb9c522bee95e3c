"""The validator on its own: pure, no database. Parametrized lists of SQL that must pass and
SQL that must fail with a given code (and position), plus what the regenerated SQL looks like."""

import pytest
import sqlglot

from apps.gateway import errors
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.policy import ERP_TABLES, Policy
from apps.gateway.validation import validate

ERP = Policy(tables=ERP_TABLES)
ANY_TABLE = Policy(tables=ERP_TABLES, allow_any_table=True)


def rejected(sql: str, policy: Policy = ERP) -> GatewayError:
    with pytest.raises(GatewayError) as caught:
        validate(sql, policy=policy)
    return caught.value


def test_sqlglot_version_is_pinned():
    # The dialect and the allow-lists are written against this version's node types; a new
    # sqlglot must be reviewed against the hostile corpus before it is allowed in.
    assert sqlglot.__version__ == "30.30.0"


# --- valid analytical SQL written for other schemas (`gateway check --allow-any-table`) ---

VALID_ANY_SCHEMA = [
    "SELECT l_returnflag, sum(l_quantity) AS sum_qty, avg(l_extendedprice * (1 - l_discount)) "
    "FROM lineitem WHERE l_shipdate <= date '1998-12-01' - interval '90' day "
    "GROUP BY l_returnflag ORDER BY l_returnflag",
    "SELECT o_orderpriority, count(*) FROM orders WHERE o_orderdate >= date '1993-07-01' "
    "AND EXISTS (SELECT * FROM lineitem WHERE l_orderkey = o_orderkey) GROUP BY 1 ORDER BY 1",
    "SELECT c_count, count(*) AS custdist FROM (SELECT c_custkey, count(o_orderkey) FROM customer "
    "LEFT OUTER JOIN orders ON c_custkey = o_custkey GROUP BY c_custkey) AS c_orders (c_custkey, c_count) "
    "GROUP BY c_count ORDER BY custdist DESC",
    "SELECT substring(c_phone FROM 1 FOR 2) AS cntrycode, sum(c_acctbal) FROM customer "
    "WHERE c_acctbal > (SELECT avg(c_acctbal) FROM customer) GROUP BY 1",
    "SELECT user_id, count(*) OVER (PARTITION BY user_id ORDER BY created_at "
    "RANGE BETWEEN INTERVAL '7 days' PRECEDING AND CURRENT ROW) FROM events",
    "SELECT date_trunc('week', created_at) AS week, count(DISTINCT user_id) FROM events "
    "WHERE created_at >= now() - interval '90 days' GROUP BY 1 ORDER BY 1",
    "SELECT payload->>'type', payload #>> '{user,id}', payload -> 'items' -> 0 ->> 'sku' "
    "FROM events WHERE payload @> '{\"type\": \"purchase\"}' AND payload ? 'items'",
    "SELECT o.id, item.value->>'sku' FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.items) AS item",
    "SELECT t.tag, count(*) FROM posts p, unnest(p.tags) AS t(tag) GROUP BY t.tag",
    "SELECT x, ord FROM unnest(ARRAY['a','b']) WITH ORDINALITY AS u(x, ord)",
    "SELECT customer_id, sum(amount) FILTER (WHERE status = 'paid') FROM invoices "
    "GROUP BY customer_id HAVING sum(amount) > 1000",
    "SELECT region, product, sum(sales) FROM sales GROUP BY CUBE (region, product) "
    "ORDER BY region NULLS LAST",
    "SELECT a.id FROM a FULL OUTER JOIN b USING (id) WHERE a.id IS DISTINCT FROM b.id",
    "SELECT * FROM a NATURAL JOIN b",
    "SELECT name, avg(price) OVER w FROM products WINDOW w AS (PARTITION BY category)",
    "SELECT sum(x) OVER (ORDER BY t GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) FROM m",
    "SELECT percentile_cont(ARRAY[0.25, 0.5]) WITHIN GROUP (ORDER BY amount) FROM payments",
    "SELECT id FROM orders WHERE created_at AT TIME ZONE 'UTC' > timestamp '2024-01-01 00:00:00'",
    "SELECT EXTRACT(EPOCH FROM (finished_at - started_at)) / 60 FROM jobs",
    "SELECT to_char(created_at, 'FMMonth YYYY'), to_char(amount, 'FM999,990.00') FROM payments",
    "SELECT CAST(amount AS DECIMAL(10, 2)), amount::numeric(12,4), amount::double precision, "
    "created_at::timestamp with time zone, '1 day'::interval * 3 FROM payments",
    "SELECT current_date - 7, now() - interval '1 hour', current_timestamp(0), localtimestamp",
    "SELECT CURRENT_DATE, CURRENT_TIME, CURRENT_TIMESTAMP, LOCALTIME, LOCALTIMESTAMP",
    "SELECT coalesce(a, 0), nullif(c, ''), CASE a WHEN 1 THEN 'one' ELSE 'many' END FROM t",
    "SELECT id FROM t WHERE (a, b) IN ((3, 4), (5, 6)) OR a BETWEEN SYMMETRIC 10 AND 1",
    "SELECT id FROM t WHERE name ILIKE ANY (ARRAY['%a%']) AND code !~* '^x' "
    "AND note NOT LIKE 'a!_%' ESCAPE '!'",
    "SELECT id FROM t WHERE x > ALL (SELECT z FROM v) AND x = ANY (SELECT w FROM q)",
    'SELECT name COLLATE "C" FROM t ORDER BY name COLLATE "C"',
    "SELECT a[1], a[2:3], array_length(a, 1), a || 4, 3 = ANY(a) FROM arrays",
    "SELECT int4range(1, 10) @> 5, daterange(s, e, '[]') && daterange('2024-01-01', '2024-12-31') FROM c",
    "SELECT format('%s-%s', a, b), to_hex(id), overlay(a placing 'X' from 2 for 1) FROM t",
    "SELECT sqrt(x), ln(x), power(x, 2), trunc(x, 2), mod(x, 3), x % 2, x ^ 2, |/ x FROM nums",
    "SELECT json_agg(row_to_json(t)) FROM (SELECT id, name FROM users) t",
    "SELECT to_jsonb(u) - 'password' FROM users u",
    "WITH RECURSIVE tree(id, depth) AS (SELECT id, 0 FROM nodes WHERE parent_id IS NULL "
    "UNION ALL SELECT n.id, t.depth + 1 FROM nodes n JOIN tree t ON n.parent_id = t.id) "
    "SELECT * FROM tree",
    "WITH x AS MATERIALIZED (SELECT 1 AS a), y AS NOT MATERIALIZED (SELECT 2 AS b) SELECT * FROM x, y",
    "(SELECT id FROM a ORDER BY id LIMIT 5) UNION ALL (SELECT id FROM b ORDER BY id LIMIT 5) ORDER BY 1",
    "SELECT id FROM a EXCEPT ALL SELECT id FROM b INTERSECT SELECT id FROM c",
    "VALUES (1, 'a'), (2, 'b') ORDER BY 1 DESC",
    "TABLE customers",
    "SELECT * FROM customers ORDER BY id OFFSET 10 ROWS FETCH NEXT 10 ROWS ONLY",
    "SELECT DISTINCT ON (customer_id) customer_id, created_at FROM orders ORDER BY customer_id, created_at DESC",
    "SELECT count(*) FROM t WHERE flag IS NOT TRUE",
    "SELECT s.d::date FROM generate_series(date '2024-01-01', date '2024-12-31', interval '1 month') AS s(d)",
    "SELECT array_agg(x ORDER BY y) FILTER (WHERE z), string_agg(DISTINCT name, ', ') FROM t",
    "SELECT key, value FROM events, jsonb_each_text(payload)",
    "SELECT date_part('dow', c), EXTRACT(isodow FROM c), age(now(), c), justify_interval(interval '40 days') FROM t",
    "SELECT make_interval(days => 3), make_date(2024, 1, 31), timezone('UTC', c) FROM t",
    "SELECT pg_catalog.date_trunc('day', created_at) FROM t",
    "SELECT id FROM t WHERE (start_a, end_a) OVERLAPS (start_b, end_b)",
    "SELECT a FROM t TABLESAMPLE BERNOULLI (5) REPEATABLE (42)",
    "SELECT 'it''s', E'tab\\there', $$dollar 'quoted'$$, U&'\\0041'",
    "SELECT x FROM t WHERE x LIKE :pattern AND created_at >= :since LIMIT :n",
    'SELECT "Weird Column" FROM "MyTable"',
    "SELECT a, b FROM analytics.daily_metrics",
    "SELECT ntile(10) OVER (ORDER BY revenue), cume_dist() OVER (ORDER BY revenue) FROM accounts",
    "SELECT corr(x, y), regr_r2(y, x), stddev_pop(x) FROM points",
    "SELECT regexp_matches(s, '(\\d+)', 'g') FROM t",
    "SELECT * FROM regexp_split_to_table('a,b,c', ',') AS parts(p)",
    "SELECT split_part(email, '@', 2), left(name, 3), lpad(id::text, 6, '0') FROM users",
    "SELECT date_bin('15 minutes', ts, timestamp '2001-01-01') FROM t",
    "SELECT id, lag(amount, 1, 0) OVER (ORDER BY id), nth_value(amount, 2) OVER (ORDER BY id) FROM t",
    "SELECT sum(amount) FROM orders o JOIN customers c ON c.id = o.customer_id "
    "LEFT JOIN LATERAL (SELECT max(created_at) AS last FROM visits v WHERE v.customer_id = c.id) lv ON true",
    "SELECT grouping(a, b), a, b, count(*) FROM t GROUP BY GROUPING SETS ((a, b), (a), ())",
    "SELECT x FROM t1 WHERE x = (SELECT max(x) FROM t2 WHERE t2.k = t1.k)",
    "SELECT array[1,2,3] @> array[2], array[1] <@ array[1,2], array[1,2] && array[2,3]",
    "SELECT interval '1 day' * 2, interval '2 hours 30 minutes', interval '1' year",
    "SELECT * FROM ROWS FROM (generate_series(1, 3), generate_series(1, 2)) AS r(a, b)",
]


@pytest.mark.parametrize("sql", VALID_ANY_SCHEMA)
def test_valid_sql_for_any_schema_is_accepted_and_regenerates_stably(sql):
    query = validate(sql, policy=ANY_TABLE)
    if not query.parameters:
        assert validate(query.sql, policy=ANY_TABLE).sql == query.sql


# --- rejections, with their codes ------------------------------------------------------

REJECTIONS = [
    ("", ErrorCode.PARSE_ERROR),
    ("   -- only a comment", ErrorCode.PARSE_ERROR),
    ("SELECT * FROM WHERE", ErrorCode.PARSE_ERROR),
    ("SELECT 'unterminated", ErrorCode.PARSE_ERROR),
    ("SELECT 1_000", ErrorCode.PARSE_ERROR),
    ("SELECT 1; SELECT 2", ErrorCode.MULTIPLE_STATEMENTS),
    ("SELECT 1;;SELECT 2", ErrorCode.MULTIPLE_STATEMENTS),
    ("INSERT INTO erp_department VALUES (1)", ErrorCode.NOT_A_QUERY),
    ("EXPLAIN SELECT 1", ErrorCode.NOT_A_QUERY),
    ("SHOW search_path", ErrorCode.NOT_A_QUERY),
    ("SELECT * FROM erp_employee FOR UPDATE", ErrorCode.FORBIDDEN_CONSTRUCT),
    ("SELECT * INTO x FROM erp_employee", ErrorCode.FORBIDDEN_CONSTRUCT),
    ("WITH d AS (DELETE FROM erp_salary RETURNING 1) SELECT 1", ErrorCode.FORBIDDEN_CONSTRUCT),
    ("SELECT 'x'::regclass", ErrorCode.FORBIDDEN_CONSTRUCT),
    ("SELECT '<a/>'::xml", ErrorCode.FORBIDDEN_CONSTRUCT),
    ("SELECT 0x1F", ErrorCode.FORBIDDEN_CONSTRUCT),
    ("SELECT pg_sleep(1)", ErrorCode.FORBIDDEN_FUNCTION),
    ("SELECT public.lower('x')", ErrorCode.FORBIDDEN_FUNCTION),
    ("SELECT * FROM lower('x')", ErrorCode.FORBIDDEN_FUNCTION),
    ("SELECT current_user", ErrorCode.FORBIDDEN_FUNCTION),
    ("SELECT user", ErrorCode.FORBIDDEN_FUNCTION),
    ("SELECT * FROM auth_user", ErrorCode.TABLE_NOT_ALLOWED),
    ("SELECT * FROM pg_class", ErrorCode.TABLE_NOT_ALLOWED),
    ("SELECT * FROM information_schema.tables", ErrorCode.TABLE_NOT_ALLOWED),
    ("SELECT * FROM other.erp_employee", ErrorCode.TABLE_NOT_ALLOWED),
    ("SELECT salary FROM erp_employee", ErrorCode.UNKNOWN_COLUMN),
    ("SELECT e.salary FROM erp_employee e", ErrorCode.UNKNOWN_COLUMN),
    (
        "SELECT e.name FROM erp_employee e JOIN erp_department d ON d.id = e.dept_id",
        ErrorCode.UNKNOWN_COLUMN,
    ),
    ("SELECT name FROM erp_department WHERE x = 1", ErrorCode.UNKNOWN_COLUMN),
    ("SELECT $1", ErrorCode.PARAMETER_ERROR),
    ("SELECT * FROM erp_employee WHERE id = ?", ErrorCode.PARAMETER_ERROR),
    ("SELECT " + "(" * 31 + "1" + ")" * 31, ErrorCode.TOO_LARGE),
    ("SELECT 1 WHERE 1 IN (" + ",".join(["1"] * 1001) + ")", ErrorCode.TOO_LARGE),
    ("SELECT ARRAY[" + ",".join(["1"] * 1001) + "]", ErrorCode.TOO_LARGE),
    ("VALUES " + ",".join(["(1)"] * 1001), ErrorCode.TOO_LARGE),
    ("SELECT " + "NOT " * 400 + "true", ErrorCode.TOO_LARGE),
    ("SELECT 1" + " " * 20000, ErrorCode.TOO_LARGE),
]


@pytest.mark.parametrize(("sql", "code"), REJECTIONS)
def test_rejected_with_code(sql, code):
    error = rejected(sql)
    assert error.code == code
    assert error.message


@pytest.mark.parametrize(
    ("sql", "code", "position"),
    [
        ("SELECT pg_sleep(1)", ErrorCode.FORBIDDEN_FUNCTION, 8),
        (
            "SELECT id,\n  set_config('a', 'b', true) FROM erp_employee",
            ErrorCode.FORBIDDEN_FUNCTION,
            14,
        ),
        ("SELECT * FROM pg_authid", ErrorCode.TABLE_NOT_ALLOWED, 15),
        ("SELECT e.salary FROM erp_employee e", ErrorCode.UNKNOWN_COLUMN, 10),
        ("SELECT 1; DELETE FROM erp_salary", ErrorCode.MULTIPLE_STATEMENTS, 11),
        ("SELECT * FROM WHERE", ErrorCode.PARSE_ERROR, 15),
        ("SELECT " + "(" * 31 + "1" + ")" * 31, ErrorCode.TOO_LARGE, 38),
        ("SELECT id FROM erp_employee WHERE :a = $1", ErrorCode.PARAMETER_ERROR, 41),
    ],
)
def test_error_points_at_the_offending_text(sql, code, position):
    error = rejected(sql)
    assert (error.code, error.position) == (code, position)


def test_messages_tell_the_model_what_to_change():
    assert rejected("SELECT salary FROM erp_employee").message == errors.COLUMN.format(
        column="salary",
        table="erp_employee",
        columns="department_id, hire_date, id, level, name, tenant_id, termination_date",
    )
    assert "erp_candidate, erp_department, erp_employee, erp_position, erp_salary" in (
        rejected("SELECT * FROM users").message
    )
    assert rejected("SELECT pg_sleep(1)").message == errors.FUNCTION.format(name="pg_sleep")
    assert rejected("COPY erp_salary TO STDOUT").message == errors.NOT_QUERY.format(kind="COPY")


def test_allow_any_table_lifts_only_the_table_rule():
    assert validate("SELECT * FROM analytics.orders", policy=ANY_TABLE)
    assert (
        rejected("SELECT * FROM pg_catalog.pg_class", ANY_TABLE).code == ErrorCode.TABLE_NOT_ALLOWED
    )
    assert (
        rejected("SELECT pg_sleep(1) FROM orders", ANY_TABLE).code == ErrorCode.FORBIDDEN_FUNCTION
    )
    assert (
        rejected("SELECT * FROM orders FOR UPDATE", ANY_TABLE).code == ErrorCode.FORBIDDEN_CONSTRUCT
    )


# --- scoping of WITH names ---------------------------------------------------------------


def test_a_cte_may_use_earlier_ctes_and_recursive_ones_see_themselves():
    validate(
        "WITH a AS (SELECT id FROM erp_employee), b AS (SELECT * FROM a) SELECT * FROM b",
        policy=ERP,
    )
    validate(
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r",
        policy=ERP,
    )


def test_a_cte_name_does_not_cover_a_table_outside_its_scope():
    # In a plain WITH, a later CTE is not visible to an earlier one: the name is a real table.
    assert rejected("WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a").code == (
        ErrorCode.TABLE_NOT_ALLOWED
    )
    assert rejected("SELECT * FROM (WITH t AS (SELECT 1) SELECT 1) s, t").code == (
        ErrorCode.TABLE_NOT_ALLOWED
    )


# --- what runs -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("SELECT id FROM erp_employee", "SELECT id FROM public.erp_employee LIMIT 1001"),
        ("SELECT id FROM erp_employee LIMIT 10", "SELECT id FROM public.erp_employee LIMIT 10"),
        ("SELECT id FROM erp_employee LIMIT 5000", "SELECT id FROM public.erp_employee LIMIT 1001"),
        ("SELECT id FROM erp_employee LIMIT ALL", "SELECT id FROM public.erp_employee LIMIT 1001"),
        (
            "SELECT id FROM erp_employee LIMIT :n",
            "SELECT id FROM public.erp_employee LIMIT LEAST($1, 1001)",
        ),
        (
            "SELECT id FROM erp_employee FETCH FIRST 5000 ROWS ONLY",
            "SELECT id FROM public.erp_employee FETCH FIRST 1001 ROWS ONLY",
        ),
        (
            "SELECT id FROM erp_employee ORDER BY level FETCH FIRST 3 ROWS WITH TIES",
            "SELECT * FROM (SELECT id FROM public.erp_employee ORDER BY level "
            "FETCH FIRST 3 ROWS WITH TIES) AS q LIMIT 1001",
        ),
        (
            "SELECT 1 UNION ALL SELECT 2",
            "SELECT 1 UNION ALL SELECT 2 LIMIT 1001",
        ),
        (
            "VALUES (2), (1) ORDER BY 1",
            "SELECT * FROM (VALUES (2), (1)) AS q ORDER BY 1 LIMIT 1001",
        ),
        ("(SELECT 1)", "SELECT 1 LIMIT 1001"),
        (
            "SELECT 1 /* a comment; */ -- another\n",
            "SELECT 1 LIMIT 1001",
        ),
        (
            "SELECT date_part('year', hire_date), current_time FROM ERP_EMPLOYEE",
            "SELECT DATE_PART('year', hire_date), CURRENT_TIME FROM public.ERP_EMPLOYEE LIMIT 1001",
        ),
        (
            "SELECT date_bin('1 day', now(), '2000-01-01')",
            "SELECT DATE_BIN('1 day', NOW(), '2000-01-01') LIMIT 1001",
        ),
    ],
)
def test_regenerated_sql(sql, expected):
    assert validate(sql, policy=ERP).sql == expected


def test_parameters_are_numbered_in_order_of_appearance_and_reused():
    query = validate(
        "SELECT id FROM erp_employee WHERE hire_date >= :since AND level > :level "
        "AND (termination_date IS NULL OR termination_date >= :since)",
        policy=ERP,
    )
    assert query.parameters == ("since", "level")
    assert query.sql.count("$1") == 2 and query.sql.count("$2") == 1


def test_row_cap_and_timeout_come_from_the_policy():
    policy = Policy(tables=ERP_TABLES, max_rows=10, statement_timeout_ms=250)
    query = validate("SELECT id FROM erp_employee", policy=policy)
    assert query.sql.endswith("LIMIT 11")
    assert (query.max_rows, query.statement_timeout_ms) == (10, 250)
    assert policy.with_max_rows(5).max_rows == 5
    assert policy.with_max_rows(500).max_rows == 10


def test_tables_read_are_reported_schema_qualified():
    query = validate(
        "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
        "GROUP BY d.name",
        policy=ERP,
    )
    assert query.tables == {"public.erp_employee", "public.erp_department"}


def test_limits_are_configurable_per_policy():
    small = Policy(tables=ERP_TABLES, max_sql_length=20, max_depth=2, max_in_list=2)
    assert rejected("SELECT id FROM erp_employee", small).code == ErrorCode.TOO_LARGE
    assert rejected("SELECT (((1)))", small).code == ErrorCode.TOO_LARGE
    assert rejected("SELECT 1 IN (1, 2, 3)", small).code == ErrorCode.TOO_LARGE
