from django.db import migrations

from apps.accounts.rls import CURRENT_TENANT, CURRENT_USER_ID, tenant_isolation


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [
        # A user must be able to find their own membership before the tenant is known.
        tenant_isolation(
            "accounts_membership",
            using=f"tenant_id = {CURRENT_TENANT} OR user_id = {CURRENT_USER_ID}",
        ),
    ]
