from django.db import migrations

from apps.accounts.rls import tenant_isolation

ERP_TABLES = ["erp_department", "erp_employee", "erp_salary"]


class Migration(migrations.Migration):
    dependencies = [("erp", "0001_initial")]

    operations = [
        *[tenant_isolation(table) for table in ERP_TABLES],
        # The agent's query role reads the ERP tables and nothing else.
        migrations.RunSQL(
            sql=[f"GRANT SELECT ON {table} TO tessera_query" for table in ERP_TABLES],
            reverse_sql=[f"REVOKE SELECT ON {table} FROM tessera_query" for table in ERP_TABLES],
        ),
    ]
