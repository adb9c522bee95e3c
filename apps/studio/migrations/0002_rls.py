from django.db import migrations

from apps.accounts.rls import CURRENT_ROLE, CURRENT_TENANT, CURRENT_USER_ID, tenant_isolation

TABLE = "studio_preference_version"
# A person reads their own versions and their tenant's defaults.
OWN_OR_DEFAULT = (
    f"tenant_id = {CURRENT_TENANT} AND (user_id IS NULL OR user_id = {CURRENT_USER_ID})"
)
# A person writes their own versions; only an admin writes the tenant's defaults.
MAY_WRITE = f"user_id = {CURRENT_USER_ID} OR (user_id IS NULL AND {CURRENT_ROLE} = 'admin')"


class Migration(migrations.Migration):
    dependencies = [("studio", "0001_initial")]

    operations = [
        tenant_isolation(TABLE, using=OWN_OR_DEFAULT),
        migrations.RunSQL(
            sql=[
                f"CREATE POLICY studio_writer ON {TABLE} AS RESTRICTIVE FOR INSERT "
                f"WITH CHECK (author_id = {CURRENT_USER_ID} AND ({MAY_WRITE}))",
                f"CREATE POLICY studio_remover ON {TABLE} AS RESTRICTIVE FOR DELETE "
                f"USING ({MAY_WRITE})",
                # History is append-only: undo and redo are new rows.
                f"REVOKE UPDATE ON {TABLE} FROM tessera_app",
            ],
            reverse_sql=[
                f"GRANT UPDATE ON {TABLE} TO tessera_app",
                f"DROP POLICY IF EXISTS studio_remover ON {TABLE}",
                f"DROP POLICY IF EXISTS studio_writer ON {TABLE}",
            ],
        ),
    ]
