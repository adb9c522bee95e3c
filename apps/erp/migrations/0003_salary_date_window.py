"""Role-based date window on salary rows, enforced by row-level security (issue 3).

`erp_date_window` says how many months back a role may see a dated table (the demo sets
`viewer` to 24 months of `erp_salary`); roles without a row see all of it. The policy reads it
through `erp_window_start()`, a SECURITY DEFINER function owned by tessera_owner, so neither
the agent's query role nor the app role needs any privilege on the configuration table.
Change it with `manage.py gateway window`.

Both checks are wrapped in scalar subqueries so PostgreSQL evaluates them once per query (an
InitPlan) instead of once per row; the function is PARALLEL SAFE (it only reads), otherwise
no query on erp_salary could use parallel workers.
"""

from django.db import migrations

from apps.accounts.rls import CURRENT_ROLE, CURRENT_TENANT

WINDOW_START = "public.erp_window_start"

CREATE = [
    """
    CREATE TABLE erp_date_window (
        table_name text NOT NULL,
        role text NOT NULL,
        months integer NOT NULL CHECK (months BETWEEN 1 AND 1200),
        PRIMARY KEY (table_name, role)
    )
    """,
    "REVOKE ALL ON erp_date_window FROM PUBLIC, tessera_app, tessera_query",
    "INSERT INTO erp_date_window (table_name, role, months) VALUES ('erp_salary', 'viewer', 24)",
    f"""
    CREATE FUNCTION {WINDOW_START}(p_table text, p_role text) RETURNS date
    LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
        SELECT coalesce(
            (SELECT (current_date - make_interval(months => w.months))::date
               FROM public.erp_date_window w
              WHERE w.table_name = p_table AND w.role = p_role),
            '-infinity'::date)
    $$
    """,
    f"REVOKE ALL ON FUNCTION {WINDOW_START}(text, text) FROM PUBLIC",
    f"GRANT EXECUTE ON FUNCTION {WINDOW_START}(text, text) TO tessera_app, tessera_query",
    "DROP POLICY tenant_isolation ON erp_salary",
    f"""
    CREATE POLICY tenant_isolation ON erp_salary
    USING (
        tenant_id = (SELECT {CURRENT_TENANT})
        AND pay_date >= (SELECT {WINDOW_START}('erp_salary', {CURRENT_ROLE}))
    )
    WITH CHECK (tenant_id = {CURRENT_TENANT})
    """,
]

REVERSE = [
    "DROP POLICY tenant_isolation ON erp_salary",
    f"CREATE POLICY tenant_isolation ON erp_salary USING (tenant_id = {CURRENT_TENANT}) "
    f"WITH CHECK (tenant_id = {CURRENT_TENANT})",
    f"DROP FUNCTION {WINDOW_START}(text, text)",
    "DROP TABLE erp_date_window",
]


class Migration(migrations.Migration):
    dependencies = [("erp", "0002_rls_and_grants")]

    operations = [migrations.RunSQL(sql=CREATE, reverse_sql=REVERSE)]
