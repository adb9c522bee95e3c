"""Migration helpers for row-level security on tenant tables.

Every table with a `tenant_id` column gets RLS enabled *and forced* (so the owner is subject
to it too) and a policy on `nullif(current_setting('app.tenant_id', true), '')`: a missing
context compares with NULL and sees nothing.
"""

from django.db import migrations

# Each wrapped in a scalar subquery so PostgreSQL evaluates it once per query (an InitPlan)
# rather than once per row: on a million salary rows that is the gateway's main overhead.
CURRENT_TENANT = "(SELECT nullif(current_setting('app.tenant_id', true), '')::bigint)"
CURRENT_USER_ID = "(SELECT nullif(current_setting('app.user_id', true), '')::bigint)"
CURRENT_ROLE = "(SELECT nullif(current_setting('app.role', true), ''))"
CURRENT_TOKEN_DIGEST = "(SELECT nullif(current_setting('app.token_digest', true), ''))"


def tenant_isolation(table: str, *, using: str | None = None) -> migrations.RunSQL:
    """Enable and force RLS on `table` with the standard tenant policy.

    `using` replaces the visibility condition (it must still include the tenant check).
    """
    condition = using or f"tenant_id = {CURRENT_TENANT}"
    return migrations.RunSQL(
        sql=[
            f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
            f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY",
            f"CREATE POLICY tenant_isolation ON {table} USING ({condition}) "
            f"WITH CHECK (tenant_id = {CURRENT_TENANT})",
        ],
        reverse_sql=[
            f"DROP POLICY IF EXISTS tenant_isolation ON {table}",
            f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY",
            f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY",
        ],
    )
