"""Hostile SQL: what a wrong or hijacked agent might send to the gateway.

Each case names its family, the SQL (`{globex}` is the other tenant's id, `{sentinel_pid}` the
backend of an unrelated gateway session) and the outcomes allowed: gateway error codes, or
"ok" where running is harmless (the test then checks what came back). Every case is also
checked for its effect in the database: no row written, no setting or role changed, no row of
another tenant returned, no session affected.
"""

from tests.gateway.hostile_cases import (
    DENIED,
    OK,
    PARSE,
    QUERY,
    SET_CONFIG_PLACEMENTS,
    Case,
    _cases,
)
from tests.gateway.hostile_effects import EFFECT_CASES
from tests.gateway.hostile_statements import STATEMENT_CASES

HOSTILE: list[Case] = [*STATEMENT_CASES, *EFFECT_CASES]


# Attacks run with the parser check switched off: the database layers must stop them alone.
PARSER_OFF: list[Case] = [
    *_cases(
        "forgery",
        (DENIED,),
        *SET_CONFIG_PLACEMENTS,
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
