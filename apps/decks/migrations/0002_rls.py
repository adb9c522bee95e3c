from django.db import migrations

from apps.accounts.rls import CURRENT_TENANT, CURRENT_USER_ID, tenant_isolation

TABLE = "decks_deck"
OWNER = f"owner_id = {CURRENT_USER_ID}"


class Migration(migrations.Migration):
    dependencies = [("decks", "0001_initial")]

    operations = [
        # Decks are personal: another user of the same tenant sees none of them ...
        tenant_isolation(TABLE, using=f"tenant_id = {CURRENT_TENANT} AND {OWNER}"),
        # ... and nobody writes a deck in someone else's name.
        migrations.RunSQL(
            sql=f"CREATE POLICY decks_owner ON {TABLE} AS RESTRICTIVE FOR ALL "
            f"USING ({OWNER}) WITH CHECK ({OWNER})",
            reverse_sql=f"DROP POLICY IF EXISTS decks_owner ON {TABLE}",
        ),
    ]
