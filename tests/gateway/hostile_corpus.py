"""Hostile SQL: what a wrong or hijacked agent might send to the gateway.

Each case names its family, the SQL (`{globex}` is the other tenant's id, `{sentinel_pid}` the
backend of an unrelated gateway session) and the outcomes allowed: gateway error codes, or
"ok" where running is harmless (the test then checks what came back). Every case is also
checked for its effect in the database: no row written, no setting or role changed, no row of
another tenant returned, no session affected.
"""

from dataclasses import dataclass

OK = "ok"
MULTI = "MULTIPLE_STATEMENTS"
PARSE = "PARSE_ERROR"
NOT_QUERY = "NOT_A_QUERY"
CONSTRUCT = "FORBIDDEN_CONSTRUCT"
FUNCTION = "FORBIDDEN_FUNCTION"
TABLE = "TABLE_NOT_ALLOWED"
TIMEOUT = "TIMEOUT"
TOO_LARGE = "TOO_LARGE"
PARAMETER = "PARAMETER_ERROR"
QUERY = "QUERY_ERROR"
DENIED = "PERMISSION_DENIED"


@dataclass(frozen=True)
class Case:
    id: str
    family: str
    sql: str
    outcomes: tuple[str, ...]
    # Expected result when outcome is "ok": the exact rows, or None to only check tenancy.
    rows: list | None = None
    params: dict | None = None


def _cases(family: str, outcomes: tuple[str, ...], *items) -> list[Case]:
    return [Case(f"{family}-{name}", family, sql, outcomes) for name, sql in items]


HOSTILE: list[Case] = [
    # --- several statements, and comment / dollar-quote / E-string tricks ---------------
    *_cases(
        "multi",
        (MULTI,),
        ("delete", "SELECT 1; DELETE FROM erp_salary"),
        ("no-space", "SELECT 1;DROP TABLE erp_salary"),
        ("set-config", "SELECT 1; SELECT set_config('app.tenant_id', '{globex}', false)"),
        ("after-block-comment", "SELECT 1 /* ; */ ; UPDATE erp_employee SET level = 1"),
        ("after-line-comment", "SELECT 1 -- comment\n; DELETE FROM erp_salary"),
        ("after-dollar-quote", "SELECT $$;$$; DELETE FROM erp_salary"),
        ("after-tagged-dollar", "SELECT $t$ $$ ; $t$; DELETE FROM erp_salary"),
        ("standard-string-backslash", "SELECT 'a\\'; DELETE FROM erp_salary; --'"),
        ("e-string-escaped-backslash", "SELECT E'\\\\'; DELETE FROM erp_salary; --'"),
        ("unicode-string", "SELECT U&'\\0027'; DELETE FROM erp_salary"),
        ("empty-statement-between", "SELECT 'x' ; ; DELETE FROM erp_salary"),
        ("leading-semicolon", ";DELETE FROM erp_salary"),
        ("write-first", "DELETE FROM erp_salary; SELECT 1"),
        ("commit-between", "SELECT 1; COMMIT; DELETE FROM erp_salary"),
        ("reset-role", "SELECT 1; RESET ROLE; SELECT * FROM erp_salary"),
    ),
    Case(
        "multi-e-string-quote-is-one-string",
        "multi",
        "SELECT E'\\'; DELETE FROM erp_salary; --' AS s",
        (OK,),
        rows=[["'; DELETE FROM erp_salary; --"]],
    ),
    Case(
        "multi-nested-comment-is-one-statement",
        "multi",
        "SELECT 1 AS one /* nested /* comment */ ; DELETE FROM erp_salary; */",
        (OK,),
        rows=[[1]],
    ),
    Case(
        "multi-dollar-string-is-one-string",
        "multi",
        "SELECT $a$ $b$ ; DELETE FROM erp_salary $b$ $a$ AS s",
        (OK,),
        rows=[[" $b$ ; DELETE FROM erp_salary $b$ "]],
    ),
    *_cases(
        "multi",
        (PARSE,),
        ("unterminated-comment", "SELECT 1 /* ; DELETE FROM erp_salary"),
        ("unterminated-string", "SELECT '; DELETE FROM erp_salary"),
        ("unterminated-dollar", "SELECT $x$; DELETE FROM erp_salary"),
        ("nul-byte", "SELECT 1\x00; DELETE FROM erp_salary"),
    ),
    # sqlglot once wrote date_bin's origin back as bare SQL; the re-check must hold.
    Case(
        "multi-regenerated-string-stays-a-string",
        "multi",
        "SELECT date_bin('1 day', now(), '2000-01-01'' || pg_sleep(1) || ''')",
        (QUERY,),
    ),
    # --- writable CTEs -------------------------------------------------------------------
    *_cases(
        "writable-cte",
        (CONSTRUCT, PARSE, NOT_QUERY),
        ("delete", "WITH d AS (DELETE FROM erp_salary RETURNING *) SELECT count(*) FROM d"),
        ("update", "WITH u AS (UPDATE erp_employee SET level = 10 RETURNING id) SELECT * FROM u"),
        (
            "insert",
            "WITH i AS (INSERT INTO erp_department (tenant_id, code, name) "
            "VALUES ({globex}, 'X', 'x') RETURNING id) SELECT * FROM i",
        ),
        ("second-cte", "WITH a AS (SELECT 1), d AS (DELETE FROM erp_salary) SELECT * FROM a"),
        (
            "recursive-list",
            "WITH RECURSIVE r AS (SELECT 1), d AS (DELETE FROM erp_salary) SELECT 1",
        ),
        (
            "in-subquery",
            "SELECT * FROM (WITH d AS (DELETE FROM erp_salary RETURNING id) SELECT id FROM d) s",
        ),
        ("delete-after-with", "WITH x AS (SELECT 1) DELETE FROM erp_salary"),
        ("update-after-with", "WITH x AS (SELECT 1) UPDATE erp_employee SET level = 1"),
        (
            "merge",
            "WITH m AS (MERGE INTO erp_department d USING erp_department s ON d.id = s.id "
            "WHEN MATCHED THEN DELETE) SELECT 1",
        ),
    ),
    # --- SELECT INTO and friends -----------------------------------------------------------
    *_cases(
        "select-into",
        (CONSTRUCT, NOT_QUERY, PARSE),
        ("plain", "SELECT * INTO stolen FROM erp_employee"),
        ("temp", "SELECT * INTO TEMP stolen FROM erp_employee"),
        ("unlogged", "SELECT 1 INTO UNLOGGED stolen"),
        ("create-table-as", "CREATE TABLE stolen AS SELECT * FROM erp_employee"),
        ("create-temp-as", "CREATE TEMP TABLE stolen AS SELECT 1"),
    ),
    # --- row locks -------------------------------------------------------------------------
    *_cases(
        "for-update",
        (CONSTRUCT, PARSE),
        ("update", "SELECT * FROM erp_employee FOR UPDATE"),
        ("share", "SELECT * FROM erp_employee FOR SHARE"),
        ("no-key-update", "SELECT * FROM erp_employee FOR NO KEY UPDATE"),
        ("key-share", "SELECT * FROM erp_employee FOR KEY SHARE"),
        ("skip-locked", "SELECT * FROM erp_salary FOR UPDATE SKIP LOCKED"),
        ("of-nowait", "SELECT * FROM erp_employee e FOR UPDATE OF e NOWAIT"),
        ("in-subquery", "SELECT * FROM (SELECT * FROM erp_employee FOR UPDATE) s"),
    ),
    # --- utility statements ----------------------------------------------------------------
    *_cases(
        "utility",
        (NOT_QUERY, PARSE),
        ("copy-to-stdout", "COPY erp_employee TO STDOUT"),
        ("copy-to-file", "COPY erp_employee TO '/tmp/tessera_attack'"),
        ("copy-program", "COPY (SELECT * FROM erp_employee) TO PROGRAM 'id'"),
        ("copy-from", "COPY erp_department FROM STDIN"),
        ("do", "DO $$ BEGIN DELETE FROM erp_salary; END $$"),
        ("call", "CALL erp_cleanup()"),
        ("lock", "LOCK TABLE erp_salary IN ACCESS EXCLUSIVE MODE"),
        ("prepare", "PREPARE p AS DELETE FROM erp_salary"),
        ("execute", "EXECUTE p"),
        ("deallocate", "DEALLOCATE ALL"),
        ("listen", "LISTEN tessera_attack"),
        ("notify", "NOTIFY tessera_attack, 'x'"),
        ("unlisten", "UNLISTEN *"),
        ("vacuum", "VACUUM erp_salary"),
        ("vacuum-full", "VACUUM FULL"),
        ("analyze", "ANALYZE erp_salary"),
        ("explain-analyze-delete", "EXPLAIN ANALYZE DELETE FROM erp_salary"),
        ("explain-analyze", "EXPLAIN ANALYZE SELECT * FROM erp_employee"),
        ("explain", "EXPLAIN SELECT * FROM erp_employee"),
        ("truncate", "TRUNCATE erp_salary"),
        ("drop", "DROP TABLE erp_salary"),
        ("disable-rls", "ALTER TABLE erp_salary DISABLE ROW LEVEL SECURITY"),
        ("drop-policy", "DROP POLICY tenant_isolation ON erp_salary"),
        ("grant", "GRANT ALL ON erp_salary TO PUBLIC"),
        ("create-function", "CREATE FUNCTION f() RETURNS int LANGUAGE sql AS 'SELECT 1'"),
        ("create-extension", "CREATE EXTENSION dblink"),
        ("alter-system", "ALTER SYSTEM SET log_statement = 'none'"),
        ("checkpoint", "CHECKPOINT"),
        ("discard", "DISCARD ALL"),
        ("begin", "BEGIN"),
        ("commit", "COMMIT"),
        ("set-transaction", "SET TRANSACTION READ WRITE"),
        ("declare", "DECLARE c CURSOR WITH HOLD FOR SELECT * FROM erp_employee"),
        ("fetch", "FETCH ALL FROM c"),
        ("load", "LOAD 'auto_explain'"),
        ("comment-on", "COMMENT ON TABLE erp_salary IS 'x'"),
        (
            "insert",
            "INSERT INTO erp_department (tenant_id, code, name) VALUES ({globex}, 'X', 'x')",
        ),
        ("update", "UPDATE erp_employee SET level = 1"),
        ("delete", "DELETE FROM erp_salary"),
    ),
    # --- tenant forgery --------------------------------------------------------------------
    *_cases(
        "forgery",
        (FUNCTION,),
        (
            "select-list",
            "SELECT set_config('app.tenant_id', '{globex}', true), name FROM erp_employee",
        ),
        (
            "where",
            "SELECT name FROM erp_employee "
            "WHERE set_config('app.tenant_id', '{globex}', true) IS NOT NULL",
        ),
        (
            "materialized-cte",
            "WITH f AS MATERIALIZED (SELECT set_config('app.tenant_id', '{globex}', true)) "
            "SELECT e.name FROM f, erp_employee e",
        ),
        (
            "scalar-subquery",
            "SELECT (SELECT set_config('app.tenant_id', '{globex}', true)), name FROM erp_employee",
        ),
        (
            "lateral",
            "SELECT e.name FROM erp_employee e, "
            "LATERAL (SELECT set_config('app.tenant_id', '{globex}', true)) s",
        ),
        (
            "group-by",
            "SELECT count(*) FROM erp_employee GROUP BY set_config('app.tenant_id', '{globex}', true)",
        ),
        (
            "order-by",
            "SELECT name FROM erp_employee ORDER BY set_config('app.tenant_id', '{globex}', true)",
        ),
        (
            "in-subquery",
            "SELECT name FROM erp_employee "
            "WHERE id IN (SELECT set_config('app.tenant_id', '{globex}', true)::bigint)",
        ),
        ("role", "SELECT set_config('app.role', 'admin', true)"),
        ("user", "SELECT set_config('app.user_id', '1', false)"),
        ("schema-qualified", "SELECT pg_catalog.set_config('app.tenant_id', '{globex}', true)"),
        ("quoted-name", "SELECT \"set_config\"('app.tenant_id', '{globex}', true)"),
        ("upper-case", "SELECT SET_CONFIG('app.tenant_id', '{globex}', true)"),
        ("read-context", "SELECT current_setting('app.tenant_id')"),
        (
            "derived-tenant",
            "SELECT name FROM erp_employee "
            "WHERE tenant_id = current_setting('app.tenant_id')::bigint + 1",
        ),
        ("row-constructor", "SELECT ROW(set_config('app.tenant_id', '{globex}', true))"),
        (
            "in-case",
            "SELECT CASE WHEN set_config('app.tenant_id', '{globex}', true) = '' THEN 1 END",
        ),
    ),
    *_cases(
        "forgery",
        (NOT_QUERY, PARSE),
        ("set", "SET app.tenant_id = '{globex}'"),
        ("set-local", "SET LOCAL app.tenant_id = '{globex}'"),
        ("reset", "RESET app.tenant_id"),
    ),
    Case(
        "forgery-other-tenant-in-where",
        "forgery",
        "SELECT tenant_id, name FROM erp_employee WHERE tenant_id = {globex}",
        (OK,),
        rows=[],
    ),
    Case(
        "forgery-or-true",
        "forgery",
        "SELECT DISTINCT tenant_id FROM erp_employee WHERE tenant_id = {globex} OR true",
        (OK,),
    ),
    # --- switching roles -------------------------------------------------------------------
    *_cases(
        "role",
        (NOT_QUERY, PARSE),
        ("set-owner", "SET ROLE tessera_owner"),
        ("set-gateway", "SET ROLE tessera_gateway"),
        ("set-local", "SET LOCAL ROLE tessera_owner"),
        ("reset", "RESET ROLE"),
        ("session-authorization", "SET SESSION AUTHORIZATION tessera_owner"),
        ("set-superuser", "SET ROLE postgres"),
    ),
    *_cases(
        "role",
        (FUNCTION,),
        ("set-config-role", "SELECT set_config('role', 'tessera_owner', true)"),
        ("set-config-session", "SELECT set_config('session_authorization', 'postgres', true)"),
        ("set-config-search-path", "SELECT set_config('search_path', 'pg_temp', true)"),
        ("current-user", "SELECT current_user"),
        ("session-user", "SELECT session_user"),
    ),
    # --- SQL-string executors --------------------------------------------------------------
    *_cases(
        "executor",
        (FUNCTION,),
        ("query-to-xml", "SELECT query_to_xml('SELECT * FROM erp_employee', true, true, '')"),
        (
            "query-to-xml-forgery",
            "SELECT query_to_xml('SELECT set_config(''app.tenant_id'', ''{globex}'', true)', "
            "true, true, '')",
        ),
        ("table-to-xml", "SELECT table_to_xml('erp_employee', true, true, '')"),
        ("cursor-to-xml", "SELECT cursor_to_xml('c', 10, true, true, '')"),
        (
            "query-to-xml-and-schema",
            "SELECT query_to_xml_and_xmlschema('SELECT 1', true, true, '')",
        ),
        ("database-to-xml", "SELECT database_to_xml(true, true, '')"),
        ("schema-to-xml", "SELECT schema_to_xml('public', true, true, '')"),
        (
            "xpath-over-executor",
            "SELECT xpath('//name', query_to_xml('SELECT * FROM erp_employee', true, true, ''))",
        ),
        ("ts-stat", "SELECT * FROM ts_stat('SELECT to_tsvector(name) FROM erp_employee')"),
        ("dblink", "SELECT * FROM dblink('dbname=tessera', 'SELECT 1') AS t(x int)"),
        ("dblink-exec", "SELECT dblink_exec('dbname=tessera', 'DELETE FROM erp_salary')"),
    ),
    # --- side effects PostgreSQL allows under READ ONLY --------------------------------------
    *_cases(
        "side-effect",
        (FUNCTION,),
        ("advisory-lock", "SELECT pg_advisory_lock(42)"),
        ("advisory-xact-lock", "SELECT pg_advisory_xact_lock(42)"),
        ("try-advisory-lock", "SELECT pg_try_advisory_lock(42)"),
        ("advisory-lock-shared", "SELECT pg_advisory_lock_shared(42)"),
        ("notify", "SELECT pg_notify('tessera_attack', 'escaped')"),
        ("terminate-self", "SELECT pg_terminate_backend(pg_backend_pid())"),
        ("terminate-other", "SELECT pg_terminate_backend({sentinel_pid})"),
        ("cancel-other", "SELECT pg_cancel_backend({sentinel_pid})"),
        ("reload-conf", "SELECT pg_reload_conf()"),
        ("stat-reset", "SELECT pg_stat_reset()"),
        ("setseed", "SELECT setseed(0.5)"),
        ("txid", "SELECT txid_current()"),
        ("sleep", "SELECT pg_sleep(5)"),
        ("sleep-for", "SELECT pg_sleep_for('5 seconds')"),
    ),
    # --- sequences -------------------------------------------------------------------------
    *_cases(
        "sequence",
        (FUNCTION,),
        ("nextval", "SELECT nextval('erp_employee_id_seq')"),
        ("setval", "SELECT setval('erp_salary_id_seq', 1)"),
        ("currval", "SELECT currval('erp_employee_id_seq')"),
        ("lastval", "SELECT lastval()"),
        (
            "nextval-in-where",
            "SELECT name FROM erp_employee WHERE id > nextval('erp_employee_id_seq')",
        ),
    ),
    Case("sequence-as-table", "sequence", "SELECT * FROM erp_employee_id_seq", (TABLE,)),
    # --- files and network -----------------------------------------------------------------
    *_cases(
        "file",
        (FUNCTION,),
        ("read-file", "SELECT pg_read_file('/etc/passwd')"),
        ("read-binary-file", "SELECT pg_read_binary_file('/etc/passwd')"),
        ("ls-dir", "SELECT pg_ls_dir('.')"),
        ("stat-file", "SELECT pg_stat_file('postgresql.conf')"),
        ("lo-import", "SELECT lo_import('/etc/passwd')"),
        ("lo-export", "SELECT lo_export(1, '/tmp/tessera_attack')"),
        ("lo-get", "SELECT lo_get(1)"),
        ("ls-dir-in-from", "SELECT * FROM pg_ls_dir('.') AS f"),
        ("ls-dir-lateral", "SELECT * FROM erp_employee e, LATERAL pg_ls_dir('.') f"),
        ("server-address", "SELECT inet_server_addr()"),
        ("dblink-connect", "SELECT dblink_connect('host=example.org')"),
        ("current-logfile", "SELECT pg_current_logfile()"),
    ),
    # --- denial of service -------------------------------------------------------------------
    Case(
        "dos-count-huge-series",
        "dos",
        "SELECT count(*) FROM generate_series(1, 10000000000)",
        (TIMEOUT,),
    ),
    Case(
        "dos-huge-series-in-from",
        "dos",
        "SELECT * FROM generate_series(1, 1000000000) g",
        (TIMEOUT, OK),
    ),
    Case("dos-huge-series-in-select", "dos", "SELECT generate_series(1, 1000000000)", (OK,)),
    Case(
        "dos-cartesian-count",
        "dos",
        "SELECT count(*) FROM erp_salary a, erp_salary b, erp_salary c",
        (TIMEOUT,),
    ),
    Case("dos-cartesian-rows", "dos", "SELECT a.id, b.id FROM erp_salary a, erp_salary b", (OK,)),
    Case(
        "dos-cartesian-sorted",
        "dos",
        "SELECT a.id FROM erp_salary a CROSS JOIN erp_salary b ORDER BY a.amount * b.amount",
        (TIMEOUT,),
    ),
    Case(
        "dos-unbounded-recursion-count",
        "dos",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
        (TIMEOUT,),
    ),
    Case(
        "dos-unbounded-recursion-rows",
        "dos",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r",
        (OK,),
    ),
    Case(
        "dos-huge-in-list",
        "dos",
        "SELECT 1 WHERE 1 IN (" + ", ".join(["1"] * 1500) + ")",
        (TOO_LARGE,),
    ),
    Case("dos-deep-nesting", "dos", "SELECT " + "(" * 60 + "1" + ")" * 60, (TOO_LARGE,)),
    Case("dos-deep-subqueries", "dos", "SELECT " + "(SELECT " * 45 + "1" + ")" * 45, (TOO_LARGE,)),
    Case("dos-unary-chain", "dos", "SELECT " + "NOT " * 300 + "true", (TOO_LARGE,)),
    Case("dos-long-sql", "dos", "SELECT 1 " + " " * 30000, (TOO_LARGE,)),
    Case("dos-sleep", "dos", "SELECT pg_sleep(60)", (FUNCTION,)),
    # --- catalog reconnaissance ------------------------------------------------------------
    *_cases(
        "recon",
        (TABLE,),
        ("pg-class", "SELECT relname FROM pg_class"),
        ("pg-catalog-class", "SELECT * FROM pg_catalog.pg_class"),
        ("roles", "SELECT * FROM pg_roles"),
        ("authid", "SELECT rolpassword FROM pg_authid"),
        ("shadow", "SELECT * FROM pg_shadow"),
        ("settings", "SELECT name, setting FROM pg_settings"),
        ("activity", "SELECT query FROM pg_stat_activity"),
        ("tables", "SELECT * FROM pg_tables"),
        ("proc", "SELECT proname FROM pg_proc"),
        ("policies", "SELECT * FROM pg_policies"),
        ("hba", "SELECT * FROM pg_hba_file_rules"),
        ("information-schema", "SELECT table_name FROM information_schema.tables"),
        ("information-schema-upper", "SELECT * FROM INFORMATION_SCHEMA.COLUMNS"),
        ("users", "SELECT username, password FROM auth_user"),
        ("memberships", "SELECT * FROM accounts_membership"),
        ("tenants", "SELECT * FROM accounts_tenant"),
        ("sessions", "SELECT * FROM django_session"),
        ("window-config", "SELECT * FROM erp_date_window"),
        ("other-database", "SELECT * FROM tessera.public.erp_employee"),
    ),
    *_cases(
        "recon",
        (FUNCTION, CONSTRUCT, PARSE),
        ("version", "SELECT version()"),
        ("current-database", "SELECT current_database()"),
        ("current-schemas", "SELECT current_schemas(true)"),
        ("backend-pid", "SELECT pg_backend_pid()"),
        ("privilege", "SELECT has_table_privilege('erp_salary', 'DELETE')"),
        ("to-regclass", "SELECT to_regclass('pg_authid')"),
        ("regclass-cast", "SELECT 'pg_authid'::regclass"),
        ("oid-cast", "SELECT 10::oid"),
        ("userbyid", "SELECT pg_get_userbyid(10)"),
        ("row-security-active", "SELECT row_security_active('erp_salary')"),
        ("postmaster-start", "SELECT pg_postmaster_start_time()"),
        ("typeof", "SELECT pg_typeof(1)"),
        ("xml-cast", "SELECT '<x/>'::xml"),
        ("xmlparse", "SELECT xmlparse(document '<x/>')"),
        ("current-role", "SELECT current_role"),
    ),
    # --- identifier tricks -----------------------------------------------------------------
    *_cases(
        "identifier",
        (TABLE,),
        ("quoted-upper", 'SELECT * FROM "ERP_EMPLOYEE"'),
        ("quoted-schema-case", 'SELECT * FROM "Public".erp_employee'),
        ("temp-schema", "SELECT * FROM pg_temp.erp_employee"),
        ("quoted-catalog", 'SELECT * FROM "pg_catalog".pg_authid'),
        ("upper-catalog", "SELECT * FROM PG_CATALOG.PG_AUTHID"),
        ("quoted-table", 'SELECT * FROM "pg_authid"'),
        (
            "cte-shadows-table",
            "WITH erp_employee AS (SELECT * FROM pg_authid) SELECT * FROM erp_employee",
        ),
        (
            "cte-defined-later",
            "WITH a AS (SELECT * FROM pg_user), pg_user AS (SELECT 1) SELECT * FROM a",
        ),
        (
            "cte-out-of-scope",
            "SELECT * FROM (WITH pg_user AS (SELECT 1) SELECT 1) s, pg_user",
        ),
        ("cyrillic-lookalike", "SELECT * FROM erp_emplоyee"),
        ("trailing-space", 'SELECT * FROM "erp_employee "'),
        ("other-schema", "SELECT * FROM accounts.erp_employee"),
    ),
    *_cases(
        "identifier",
        (FUNCTION, PARSE),
        ("quoted-function", 'SELECT "pg_sleep"(1)'),
        ("upper-quoted-function", 'SELECT "PG_SLEEP"(1)'),
        ("qualified-quoted-function", 'SELECT pg_catalog."pg_sleep"(1)'),
        ("public-function", "SELECT public.erp_window_start('erp_salary', 'viewer')"),
        ("unicode-escaped-function", 'SELECT U&"\\0070g_sleep"(1)'),
    ),
    *_cases(
        "identifier",
        (TABLE, PARSE),
        ("unicode-escaped-table", 'SELECT * FROM U&"\\0070g_authid"'),
    ),
    *[
        Case(f"identifier-{name}", "identifier", sql, (OK,))
        for name, sql in [
            ("unquoted-upper", "SELECT DISTINCT tenant_id FROM ERP_EMPLOYEE"),
            ("quoted-qualified", 'SELECT DISTINCT tenant_id FROM "public"."erp_employee"'),
            ("upper-qualified", "SELECT DISTINCT tenant_id FROM PUBLIC.ERP_EMPLOYEE"),
            ("only", "SELECT DISTINCT tenant_id FROM ONLY erp_employee"),
            (
                "cte-named-like-catalog",
                "WITH pg_roles AS (SELECT tenant_id FROM erp_employee) "
                "SELECT DISTINCT tenant_id FROM pg_roles",
            ),
            (
                "alias-named-like-catalog",
                "SELECT DISTINCT tenant_id FROM erp_employee AS pg_authid",
            ),
            ("table-sample", "SELECT DISTINCT tenant_id FROM erp_salary TABLESAMPLE SYSTEM (100)"),
            ("catalog-qualified-builtin", "SELECT pg_catalog.lower('X') AS tenant_id_free"),
        ]
    ],
    # --- parameters --------------------------------------------------------------------------
    Case("parameter-positional", "parameter", "SELECT $1", (PARAMETER,)),
    Case(
        "parameter-question-mark",
        "parameter",
        "SELECT * FROM erp_employee WHERE id = ?",
        (PARAMETER, PARSE),
    ),
    Case(
        "parameter-value-is-not-sql",
        "parameter",
        "SELECT count(*) FROM erp_salary WHERE amount > :x",
        (QUERY,),
        params={"x": "1; DELETE FROM erp_salary"},
    ),
    Case(
        "parameter-value-returned-verbatim",
        "parameter",
        "SELECT :x::text AS v",
        (OK,),
        rows=[["'); DROP TABLE erp_salary; --"]],
        params={"x": "'); DROP TABLE erp_salary; --"},
    ),
]


# Attacks run with the parser check switched off: the database layers must stop them alone.
PARSER_OFF: list[Case] = [
    *_cases(
        "forgery",
        (DENIED,),
        (
            "select-list",
            "SELECT set_config('app.tenant_id', '{globex}', true), name FROM erp_employee",
        ),
        (
            "where",
            "SELECT name FROM erp_employee WHERE set_config('app.tenant_id', '{globex}', true) IS NOT NULL",
        ),
        (
            "materialized-cte",
            "WITH f AS MATERIALIZED (SELECT set_config('app.tenant_id', '{globex}', true)) "
            "SELECT e.name FROM f, erp_employee e",
        ),
        (
            "scalar-subquery",
            "SELECT (SELECT set_config('app.tenant_id', '{globex}', true)), name FROM erp_employee",
        ),
        (
            "lateral",
            "SELECT e.name FROM erp_employee e, "
            "LATERAL (SELECT set_config('app.tenant_id', '{globex}', true)) s",
        ),
        (
            "query-to-xml",
            "SELECT query_to_xml('SELECT set_config(''app.tenant_id'', ''{globex}'', true)', "
            "true, true, '')",
        ),
        ("role-via-set-config", "SELECT set_config('role', 'tessera_gateway', true)"),
        ("set-role-owner", "SET ROLE tessera_owner"),
        ("session-authorization", "SET SESSION AUTHORIZATION tessera_owner"),
        ("terminate-other", "SELECT pg_terminate_backend({sentinel_pid})"),
        ("cancel-other", "SELECT pg_cancel_backend({sentinel_pid})"),
        ("terminate-self", "SELECT pg_terminate_backend(pg_backend_pid())"),
        ("read-file", "SELECT pg_read_file('/etc/passwd')"),
        ("authid", "SELECT rolpassword FROM pg_authid"),
        ("nextval", "SELECT nextval('erp_employee_id_seq')"),
        ("setval", "SELECT setval('erp_salary_id_seq', 1)"),
        ("delete", "DELETE FROM erp_salary"),
        ("update", "UPDATE erp_employee SET level = 1"),
        (
            "insert",
            "INSERT INTO erp_department (tenant_id, code, name) VALUES ({globex}, 'X', 'x')",
        ),
        ("writable-cte", "WITH d AS (DELETE FROM erp_salary RETURNING *) SELECT count(*) FROM d"),
        ("select-into", "SELECT * INTO stolen FROM erp_employee"),
        ("create-temp", "CREATE TEMP TABLE stolen AS SELECT 1"),
        ("for-update", "SELECT * FROM erp_employee FOR UPDATE"),
        ("lock-exclusive", "LOCK TABLE erp_salary IN ACCESS EXCLUSIVE MODE"),
        ("copy-to-file", "COPY erp_employee TO '/tmp/tessera_attack'"),
        ("copy-program", "COPY (SELECT 1) TO PROGRAM 'id'"),
        ("do-forgery", "DO $$ BEGIN PERFORM set_config('app.tenant_id', '{globex}', true); END $$"),
        ("do-delete", "DO $$ BEGIN DELETE FROM erp_salary; END $$"),
        ("explain-analyze-delete", "EXPLAIN ANALYZE DELETE FROM erp_salary"),
        ("disable-rls", "ALTER TABLE erp_salary DISABLE ROW LEVEL SECURITY"),
        ("grant", "GRANT ALL ON erp_salary TO PUBLIC"),
        ("reload-conf", "SELECT pg_reload_conf()"),
        ("lo-import", "SELECT lo_import('/etc/passwd')"),
        ("window-config", "SELECT * FROM erp_date_window"),
    ),
    *_cases(
        "statement",
        (PARSE,),
        ("two-statements", "SELECT 1; SELECT set_config('app.tenant_id', '{globex}', true)"),
        ("select-then-delete", "SELECT 1; DELETE FROM erp_salary"),
        ("set-then-select", "SET app.tenant_id = '{globex}'; SELECT name FROM erp_employee"),
    ),
    # Allowed by PostgreSQL here, but confined: rolled back, or reset with the session.
    *_cases(
        "confined",
        (OK, "NOT_A_QUERY", QUERY, DENIED),
        ("advisory-lock", "SELECT pg_advisory_lock(42)"),
        ("advisory-xact-lock", "SELECT pg_advisory_xact_lock(42)"),
        ("notify", "SELECT pg_notify('tessera_attack', 'escaped')"),
        ("notify-statement", "NOTIFY tessera_attack, 'escaped'"),
        ("listen", "LISTEN tessera_attack"),
        ("prepare", "PREPARE p AS SELECT 1"),
        ("declare-with-hold", "DECLARE c CURSOR WITH HOLD FOR SELECT 1"),
        ("set-tenant", "SET app.tenant_id = '{globex}'"),
        ("set-session-tenant", "SET SESSION app.tenant_id = '{globex}'"),
        ("reset-role", "RESET ROLE"),
        ("set-role-gateway", "SET ROLE tessera_gateway"),
        ("set-transaction-read-write", "SET TRANSACTION READ WRITE"),
        ("read-only-off", "SET transaction_read_only = off"),
        ("commit", "COMMIT"),
        ("lock-share", "LOCK TABLE erp_salary IN ACCESS SHARE MODE"),
        ("vacuum", "VACUUM erp_salary"),
        ("copy-to-stdout", "COPY erp_employee TO STDOUT"),
        (
            "other-tenant-rows",
            "SELECT tenant_id, name FROM erp_employee WHERE tenant_id = {globex}",
        ),
        (
            "other-tenant-via-xml",
            "SELECT query_to_xml('SELECT tenant_id FROM erp_employee WHERE tenant_id = {globex}', "
            "true, true, '')",
        ),
    ),
]
