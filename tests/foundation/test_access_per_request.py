"""The access context of a request and of a queued run is read afresh each time, in one
statement, and a request binds it in the transaction its view runs in (apps/accounts/access.py,
middleware.py, apps/agent/tasks.py): a changed role or membership counts from the next request
or run on, and a person of one tenant never gets another's context."""

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from apps.accounts.access import (
    AccessContext,
    AccessDenied,
    access_context_for_user,
    access_context_for_user_id,
    bound,
)
from apps.accounts.middleware import AccessContextMiddleware
from apps.accounts.models import Membership, Role
from apps.agent import tasks

SETTINGS_SQL = (
    "SELECT current_setting('app.tenant_id', true), current_setting('app.user_id', true), "
    "current_setting('app.role', true)"
)


def _member(context: AccessContext, role: str):
    user = get_user_model().objects.create_user(username=f"access-{uuid.uuid4().hex[:10]}")
    with bound(context):
        Membership.objects.create(user=user, tenant_id=context.tenant_id, role=role)
    return user


def _set_role(admin: AccessContext, user, role: str) -> None:
    with bound(admin):
        assert Membership.objects.filter(user_id=user.pk).update(role=role) == 1


def _request_through_middleware(user):
    """What the view of a request by `user` sees: its context and the binding in force."""
    seen = {}

    def view(request):
        with connection.cursor() as cursor:
            cursor.execute(SETTINGS_SQL)
            seen["bound"] = cursor.fetchone()
        seen["access"] = request.access
        seen["in_transaction"] = connection.in_atomic_block
        return "response"

    request = RequestFactory().get("/workspace/")
    request.user = user
    response = AccessContextMiddleware(view)(request)
    return response, seen


@pytest.mark.django_db
def test_the_view_runs_bound_to_the_persons_context(acme_context):
    user = _member(acme_context, Role.ANALYST)
    response, seen = _request_through_middleware(user)
    assert response == "response" and seen["in_transaction"]
    assert seen["access"] == access_context_for_user(user)
    assert seen["access"].role == Role.ANALYST and seen["access"].username == user.username
    assert seen["bound"] == (str(acme_context.tenant_id), str(user.pk), Role.ANALYST)


@pytest.mark.usefixtures("committed_db")
def test_the_membership_is_read_and_bound_in_the_views_own_transaction(acme_context, monkeypatch):
    """One transaction per request: the look-up and the view share it (two before)."""
    commits = []
    real_commit = BaseDatabaseWrapper.commit
    monkeypatch.setattr(
        BaseDatabaseWrapper, "commit", lambda self: commits.append(1) or real_commit(self)
    )
    user = get_user_model().objects.get(pk=acme_context.user_id)
    response, seen = _request_through_middleware(user)
    assert response == "response" and seen["access"] == acme_context
    assert len(commits) == 1


@pytest.mark.django_db
def test_a_changed_role_counts_from_the_next_request_on(acme_context):
    admin = acme_context
    user = _member(admin, Role.ANALYST)
    assert _request_through_middleware(user)[1]["bound"][2] == Role.ANALYST
    _set_role(admin, user, Role.VIEWER)
    _, seen = _request_through_middleware(user)
    assert seen["access"].role == Role.VIEWER and seen["bound"][2] == Role.VIEWER


@pytest.mark.django_db
def test_a_person_whose_membership_is_gone_is_refused_at_the_next_request(acme_context):
    user = _member(acme_context, Role.ANALYST)
    assert _request_through_middleware(user)[0] == "response"
    with bound(acme_context):
        Membership.objects.filter(user_id=user.pk).delete()
    response, seen = _request_through_middleware(user)
    assert response.status_code == 403 and "view" not in seen and seen == {}


@pytest.mark.django_db
def test_people_of_two_tenants_each_get_their_own_context(acme_context, globex_context):
    ana, gus = _member(acme_context, Role.ANALYST), _member(globex_context, Role.VIEWER)
    for _ in range(2):  # alternating, as one process serves both
        for user, context in ((ana, acme_context), (gus, globex_context)):
            _, seen = _request_through_middleware(user)
            assert seen["access"].tenant_id == context.tenant_id
            assert seen["bound"][0] == str(context.tenant_id)


@pytest.mark.django_db
def test_a_queued_run_reads_the_context_afresh(acme_context, globex_context):
    user = _member(acme_context, Role.ANALYST)
    context = tasks._context(user_id=user.pk, tenant_id=acme_context.tenant_id)
    assert context == access_context_for_user(user) and context.role == Role.ANALYST
    _set_role(acme_context, user, Role.VIEWER)
    assert tasks._context(user_id=user.pk, tenant_id=acme_context.tenant_id).role == Role.VIEWER
    # Queued for one tenant, the person is now in another: refused.
    with pytest.raises(AccessDenied, match=tasks.MEMBERSHIP_CHANGED):
        tasks._context(user_id=user.pk, tenant_id=globex_context.tenant_id)
    with bound(acme_context):
        Membership.objects.filter(user_id=user.pk).delete()
    with pytest.raises(AccessDenied):
        tasks._context(user_id=user.pk, tenant_id=acme_context.tenant_id)
    with pytest.raises(AccessDenied):  # a person who no longer exists
        access_context_for_user_id(10**12)


@pytest.mark.django_db
def test_the_lookup_reads_only_the_persons_own_membership(acme_context, globex_context):
    """Looked up inside another person's bound transaction, the membership read is still the
    person's own (the person's id is bound for it), and is one statement besides the bind."""
    user = _member(globex_context, Role.VIEWER)
    with bound(acme_context), CaptureQueriesContext(connection) as queries:
        context = access_context_for_user_id(user.pk)
    assert context.tenant_id == globex_context.tenant_id and context.role == Role.VIEWER
    assert len(queries.captured_queries) == 2, queries.captured_queries


@pytest.mark.django_db
def test_the_context_holds_the_ids_as_stored_whatever_the_callers_type(acme_context):
    """A job's kwargs or a URL may carry the id as text; the context is the same either way."""
    assert access_context_for_user_id(str(acme_context.user_id)) == acme_context
