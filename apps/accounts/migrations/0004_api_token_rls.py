from django.db import migrations

from apps.accounts.rls import (
    CURRENT_ROLE,
    CURRENT_TENANT,
    CURRENT_TOKEN_DIGEST,
    CURRENT_USER_ID,
    tenant_isolation,
)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0003_api_token")]

    operations = [
        # A person sees their own tokens, a tenant's admin (and `manage.py token`) those of the
        # tenant; a request presenting a token finds that one row by its digest, before the
        # tenant is known.
        tenant_isolation(
            "accounts_apitoken",
            using=(
                f"(tenant_id = {CURRENT_TENANT} "
                f"AND (user_id = {CURRENT_USER_ID} OR {CURRENT_ROLE} = 'admin')) "
                f"OR digest = {CURRENT_TOKEN_DIGEST}"
            ),
        ),
    ]
