"""`Authorization: Bearer <token>` for the JSON API, the SSE endpoints and the WebSockets.

A request that presents a token is that token's user in the token's tenant and role, with no
session and no CSRF check (a browser never sends this header on its own, so a forged
cross-site request cannot carry it). A token that is unknown, revoked or expired, or whose
user's membership changed since it was made, is refused with a message saying which.
"""

from collections.abc import Iterable

from django.utils import timezone

from apps.accounts import selectors, services
from apps.accounts.access import AccessContext, AccessDenied, access_context_for_user
from apps.accounts.models import ApiToken
from apps.accounts.tokens import token_digest, token_well_formed

INVALID = (
    "The API token is not valid: check that it was copied whole, or create a new one under "
    "API tokens in Tessera."
)
REVOKED = "This API token ({name}) was revoked on {date}; create a new one under API tokens."
EXPIRED = "This API token ({name}) expired on {date}; create a new one under API tokens."
MEMBERSHIP_CHANGED = (
    "This API token was made for the {role} role in {tenant}, and its user's membership has "
    "changed since; create a new one."
)
INACTIVE = "The account this API token belongs to is disabled."
MALFORMED = "The Authorization header must be 'Bearer <token>'."


class TokenRefused(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def bearer_from_header(value: str | None) -> str | None:
    """The token of an `Authorization: Bearer …` header; None when there is no such header.
    Raises TokenRefused for a Bearer header without a token."""
    if not value:
        return None
    scheme, _, token = value.strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    token = token.strip()
    if not token:
        raise TokenRefused(MALFORMED)
    return token


def bearer_from_scope(headers: Iterable[tuple[bytes, bytes]]) -> str | None:
    """The same, from an ASGI scope's headers (WebSockets)."""
    for name, value in headers:
        if name.lower() == b"authorization":
            return bearer_from_header(value.decode("latin-1"))
    return None


def _date(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M %Z")


def authenticate(token: str) -> tuple[ApiToken, AccessContext]:
    """The token's row and the access context it grants; raises TokenRefused."""
    if not token_well_formed(token):
        raise TokenRefused(INVALID)
    row = selectors.token_find(digest=token_digest(token))
    if row is None:
        raise TokenRefused(INVALID)
    if row.revoked_at is not None:
        raise TokenRefused(REVOKED.format(name=row.name, date=_date(row.revoked_at)))
    if row.expires_at is not None and row.expires_at <= timezone.now():
        raise TokenRefused(EXPIRED.format(name=row.name, date=_date(row.expires_at)))
    if not row.user.is_active:
        raise TokenRefused(INACTIVE)
    try:
        context = access_context_for_user(row.user)
    except AccessDenied as denied:
        raise TokenRefused(str(denied)) from denied
    if (context.tenant_id, context.role) != (row.tenant_id, row.role):
        raise TokenRefused(MEMBERSHIP_CHANGED.format(role=row.role, tenant=row.tenant.name))
    services.token_touch(context=context, token=row)
    return row, context
