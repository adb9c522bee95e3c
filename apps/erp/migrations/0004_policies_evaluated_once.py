from django.db import migrations

from apps.accounts.rls import CURRENT_TENANT

OLD = "nullif(current_setting('app.tenant_id', true), '')::bigint"


def _policy(table: str, condition: str) -> list[str]:
    return [
        f"DROP POLICY tenant_isolation ON {table}",
        f"CREATE POLICY tenant_isolation ON {table} USING (tenant_id = {condition}) "
        f"WITH CHECK (tenant_id = {condition})",
    ]


class Migration(migrations.Migration):
    """Databases created before apps/accounts/rls.py wrapped the context in a subquery get the
    once-per-query form for the two ERP tables whose policies are the plain tenant check."""

    dependencies = [("erp", "0003_salary_date_window")]

    operations = [
        migrations.RunSQL(
            sql=[
                *_policy("erp_department", CURRENT_TENANT),
                *_policy("erp_employee", CURRENT_TENANT),
            ],
            reverse_sql=[*_policy("erp_department", OLD), *_policy("erp_employee", OLD)],
        )
    ]
