"""Writes of the accounts app: API tokens."""

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.accounts.access import AccessContext, bound
from apps.accounts.models import ApiToken
from apps.accounts.tokens import token_digest, token_new

MAX_EXPIRES_DAYS = 3650
NAME_TAKEN = "You already have a token named {name!r}; choose another name or revoke that one."
BAD_EXPIRY = "The expiry must be a whole number of days from 1 to {maximum}."
BAD_NAME = "A token name is 1 to 100 characters."
# Writing last_used_at on every request would make each API call a write; a minute is precise
# enough to tell a token in use from a forgotten one.
LAST_USED_PRECISION = timedelta(minutes=1)


class TokenInvalid(Exception):
    pass


def token_create(
    *, context: AccessContext, name: str = "", expires_days: int | None = None
) -> tuple[ApiToken, str]:
    """A new token for the person of `context`: the row, and the token (shown only now)."""
    name = " ".join(name.split())
    if len(name) > 100:
        raise TokenInvalid(BAD_NAME)
    if expires_days is not None and not 1 <= expires_days <= MAX_EXPIRES_DAYS:
        raise TokenInvalid(BAD_EXPIRY.format(maximum=MAX_EXPIRES_DAYS))
    token_id, token = token_new()
    now = timezone.now()
    try:
        with bound(context), transaction.atomic():
            row = ApiToken.objects.create(
                id=token_id,
                user_id=context.user_id,
                tenant_id=context.tenant_id,
                role=context.role,
                name=name or f"token-{token_id}",
                digest=token_digest(token),
                expires_at=now + timedelta(days=expires_days) if expires_days else None,
            )
    except IntegrityError as error:
        raise TokenInvalid(NAME_TAKEN.format(name=name)) from error
    return row, token


def token_revoke(*, context: AccessContext, token_id: str) -> ApiToken | None:
    """Revoke a token visible to `context` (its owner, or an admin of its tenant)."""
    with bound(context):
        row = ApiToken.objects.filter(pk=token_id).first()
        if row is None:
            return None
        if row.revoked_at is None:
            row.revoked_at = timezone.now()
            row.save(update_fields=["revoked_at"])
        return row


def token_touch(*, context: AccessContext, token: ApiToken) -> None:
    """Record that the token was used (to the minute)."""
    now = timezone.now()
    if token.last_used_at is not None and now - token.last_used_at < LAST_USED_PRECISION:
        return
    with bound(context):
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    token.last_used_at = now
