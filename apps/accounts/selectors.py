"""Reads of the accounts app: API tokens."""

from django.db import connection, transaction

from apps.accounts.access import AccessContext, bound
from apps.accounts.models import ApiToken, Tenant


def token_find(*, digest: str) -> ApiToken | None:
    """The token with this digest, whoever owns it (the RLS policy shows exactly that row)."""
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('app.token_digest', %s, true)", [digest])
        return ApiToken.objects.select_related("user", "tenant").filter(digest=digest).first()


def tokens_of_user(*, context: AccessContext) -> list[ApiToken]:
    with bound(context):
        return list(ApiToken.objects.filter(user_id=context.user_id).order_by("-created_at"))


def operator_contexts() -> list[AccessContext]:
    """One admin context per tenant, for `manage.py token` (an operator sees every tenant)."""
    return [
        AccessContext(
            tenant_id=tenant.id,
            tenant_slug=tenant.slug,
            tenant_name=tenant.name,
            user_id=0,
            username="manage.py",
            role="admin",
            fiscal_year_start=tenant.fiscal_year_start,
        )
        for tenant in Tenant.objects.order_by("slug")
    ]


def tokens_all() -> list[ApiToken]:
    """Every token of every tenant, newest first (`manage.py token list`)."""
    found: list[ApiToken] = []
    for context in operator_contexts():
        with bound(context):
            found.extend(ApiToken.objects.select_related("user", "tenant"))
    return sorted(found, key=lambda token: token.created_at, reverse=True)
