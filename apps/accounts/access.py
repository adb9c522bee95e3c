"""The AccessContext bound to each request and WebSocket connection.

Trusted code binds it into the database transaction with `set_config(..., true)`; the
row-level security policies of every tenant table read it back with `current_setting`.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import connections, transaction

from apps.accounts.models import Membership

NO_MEMBERSHIP = "This account is not a member of any tenant. Ask an administrator to add it."


class AccessDenied(Exception):
    pass


@dataclass(frozen=True)
class AccessContext:
    tenant_id: int
    tenant_slug: str
    tenant_name: str
    user_id: int
    username: str
    role: str

    def settings(self) -> dict[str, str]:
        return {
            "app.tenant_id": str(self.tenant_id),
            "app.user_id": str(self.user_id),
            "app.role": self.role,
        }


BIND_SQL = (
    "SELECT set_config('app.tenant_id', %s, true), "
    "set_config('app.user_id', %s, true), set_config('app.role', %s, true)"
)


def _bind(using: str, tenant_id: str, user_id: str, role: str) -> None:
    with connections[using].cursor() as cursor:
        cursor.execute(BIND_SQL, [tenant_id, user_id, role])


@contextmanager
def bound(context: AccessContext | None, *, using: str = "default") -> Iterator[None]:
    """Run the block in a transaction whose tenant/user/role are those of `context`.

    With `context=None` the settings are bound empty, so tenant tables show no rows.
    The binding is transaction-local: it ends with the outermost transaction.
    """
    with transaction.atomic(using=using):
        if context is None:
            _bind(using, "", "", "")
        else:
            _bind(using, str(context.tenant_id), str(context.user_id), context.role)
        yield


def access_context_for_user(user, *, using: str = "default") -> AccessContext:
    """Look up the user's membership (visible to the user through its own RLS policy)."""
    with transaction.atomic(using=using):
        _bind(using, "", str(user.pk), "")
        membership = (
            Membership.objects.using(using).select_related("tenant").filter(user_id=user.pk).first()
        )
    if membership is None:
        raise AccessDenied(NO_MEMBERSHIP)
    return AccessContext(
        tenant_id=membership.tenant_id,
        tenant_slug=membership.tenant.slug,
        tenant_name=membership.tenant.name,
        user_id=user.pk,
        username=user.get_username(),
        role=membership.role,
    )
