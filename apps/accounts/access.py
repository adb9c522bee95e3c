"""The AccessContext bound to each request and WebSocket connection.

Trusted code binds it into the database transaction with `set_config(..., true)`; the
row-level security policies of every tenant table read it back with `current_setting`.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

from django.contrib.auth import get_user_model
from django.db import connections, transaction

from apps.accounts.models import Membership, Tenant

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
    fiscal_year_start: int = 1  # the tenant's fiscal year starts in this month (1: calendar)

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


def bind(context: AccessContext, *, using: str = "default") -> None:
    """Bind `context` into the transaction under way (for a caller that has just looked it
    up in that transaction: one transaction, not a second one with its own bind)."""
    if not connections[using].in_atomic_block:
        raise RuntimeError("bind() needs a transaction: the binding ends with it")
    _bind(using, str(context.tenant_id), str(context.user_id), context.role)


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


@cache
def _membership_sql() -> str:
    """The person's membership with its tenant and username, as one statement (read on every
    request and every run: the ORM's query building cost more than the query)."""
    user = get_user_model()._meta
    username = user.get_field(get_user_model().USERNAME_FIELD).column
    membership, tenant = Membership._meta.db_table, Tenant._meta.db_table
    return (
        f"SELECT m.user_id, m.tenant_id, t.slug, t.name, m.role, u.{username}, "
        "t.fiscal_year_start "
        f"FROM {membership} m JOIN {tenant} t ON t.id = m.tenant_id "
        f"JOIN {user.db_table} u ON u.{user.pk.column} = m.user_id WHERE m.user_id = %s"
    )


def access_context_for_user_id(user_id: int, *, using: str = "default") -> AccessContext:
    """The person's AccessContext, looked up by id (membership visible to the person through
    its own RLS policy). Inside a caller's transaction it reads in it and leaves the person's
    id bound there; the caller binds the context it gets (`bind`). AccessDenied when the
    person has no membership (or no longer exists)."""
    with transaction.atomic(using=using, savepoint=False):
        _bind(using, "", str(user_id), "")
        with connections[using].cursor() as cursor:
            cursor.execute(_membership_sql(), [user_id])
            row = cursor.fetchone()
    if row is None:
        raise AccessDenied(NO_MEMBERSHIP)
    member_id, tenant_id, slug, name, role, username, fiscal_year_start = row
    return AccessContext(
        tenant_id=tenant_id,
        tenant_slug=slug,
        tenant_name=name,
        user_id=member_id,
        username=username,
        role=role,
        fiscal_year_start=fiscal_year_start,
    )


def access_context_for_user(user, *, using: str = "default") -> AccessContext:
    """Look up the user's membership (visible to the user through its own RLS policy)."""
    return access_context_for_user_id(user.pk, using=using)
