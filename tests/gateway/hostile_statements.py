"""Hostile SQL, first half: statements that write, lock, run utilities, forge the tenant,
switch roles or execute SQL strings."""

from tests.gateway.hostile_cases import (
    CONSTRUCT,
    FUNCTION,
    MULTI,
    NOT_QUERY,
    OK,
    PARSE,
    QUERY,
    Case,
    _cases,
)

STATEMENT_CASES: list[Case] = [
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
]
