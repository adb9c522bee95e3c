"""Fixtures for the studio tests that touch the database.

Transactional tests use ``fresh_context``: a new analyst of acme created inside the test's
transaction, so no history left by other tests (or other sessions on the same test database)
can change what they see. Tests that need committed rows (WebSocket, browser, the `ask`
command's own transactions) use ana and reset her preferences before and after.
"""

import uuid

import pytest
from django.contrib.auth import get_user_model

from apps.accounts.access import AccessContext, access_context_for_user, bound
from apps.accounts.models import Membership, Role


def _member(context: AccessContext, role: str) -> AccessContext:
    user = get_user_model().objects.create_user(
        username=f"studio-{uuid.uuid4().hex[:10]}", password="tessera-demo"
    )
    with bound(context):
        Membership.objects.create(user=user, tenant_id=context.tenant_id, role=role)
    return access_context_for_user(user)


@pytest.fixture
def fresh_context(db, acme_context) -> AccessContext:
    """A new analyst of acme, with no preference history (rolled back with the test)."""
    return _member(acme_context, Role.ANALYST)


@pytest.fixture
def fresh_colleague(db, acme_context) -> AccessContext:
    """Another new analyst of acme."""
    return _member(acme_context, Role.ANALYST)


@pytest.fixture
def admin_context(django_db_setup, django_db_blocker) -> AccessContext:
    """AccessContext of `admin`, admin at acme."""
    with django_db_blocker.unblock():
        return access_context_for_user(get_user_model().objects.get(username="admin"))


def preferences_reset_if_needed(context: AccessContext, scope: str = "user") -> None:
    from apps.studio import selectors, services

    if selectors.layers_get(context=context, scope=scope).overrides:
        services.preferences_reset(context=context, scope=scope, request="test reset")


@pytest.fixture
def ana_reset(committed_db, acme_context) -> AccessContext:
    """ana with her preferences at the tenant defaults, before and after the test (committed)."""
    preferences_reset_if_needed(acme_context)
    yield acme_context
    preferences_reset_if_needed(acme_context)
