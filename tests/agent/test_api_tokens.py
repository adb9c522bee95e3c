"""Personal API tokens: stored hashed, `manage.py token`, the settings page."""

import dataclasses
import io
import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

from apps.accounts import bearer, selectors
from apps.accounts import services as accounts
from apps.accounts.access import bound
from apps.accounts.models import ApiToken
from apps.accounts.tokens import TOKEN, token_digest

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _command(*args) -> str:
    out = io.StringIO()
    call_command("token", *args, stdout=out)
    return out.getvalue()


def _name(prefix="cli") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def test_only_a_digest_is_stored_and_the_token_acts_as_its_person(acme_context):
    row, token = accounts.token_create(context=acme_context, name=_name())
    assert TOKEN.match(token) and row.id in token
    with bound(acme_context):
        stored = ApiToken.objects.get(pk=row.pk)
    assert stored.digest == token_digest(token) and token not in str(vars(stored))
    found, context = bearer.authenticate(token)
    assert found.pk == row.pk and context == acme_context
    # Row-level security: another person of the tenant does not see it.
    hugo = dataclasses.replace(
        acme_context, user_id=get_user_model().objects.get(username="hugo").pk
    )
    assert row.pk not in [t.pk for t in selectors.tokens_of_user(context=hugo)]
    with bound(hugo):
        assert not ApiToken.objects.filter(pk=row.pk).exists()


def test_manage_py_token_create_list_revoke(acme_context):
    name = _name()
    created = _command("create", "--user", "ana", "--name", name, "--expires-days", "7")
    token = created.strip().splitlines()[-1]
    assert TOKEN.match(token), created
    row, context = bearer.authenticate(token)
    assert context.username == "ana" and row.name == name and row.expires_at is not None
    listed = _command("list")
    line = next(line for line in listed.splitlines() if line.startswith(row.id))
    assert "ana" in line and "acme" in line and "active" in line and token not in listed
    assert f"Revoked token {row.id}" in _command("revoke", name)
    with pytest.raises(bearer.TokenRefused, match="was revoked"):
        bearer.authenticate(token)
    assert "revoked" in next(x for x in _command("list").splitlines() if x.startswith(row.id))


def test_manage_py_token_refuses_what_it_cannot_do(acme_context, globex_context):
    shared = _name("shared")
    accounts.token_create(context=acme_context, name=shared)
    accounts.token_create(context=globex_context, name=shared)
    with pytest.raises(CommandError, match="give the id"):
        _command("revoke", shared)
    with pytest.raises(CommandError, match="no token"):
        _command("revoke", "no-such-token")
    with pytest.raises(CommandError, match="no user named"):
        _command("create", "--user", "nobody")
    with pytest.raises(CommandError, match="from 1 to"):
        _command("create", "--user", "ana", "--expires-days", "0")
    with pytest.raises(CommandError, match="already have a token named"):
        _command("create", "--user", "ana", "--name", shared)


def _browser(username="ana") -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return client


def test_the_tokens_page_shows_a_new_token_once_and_revokes(acme_context):
    browser = _browser()
    name = _name("page")
    page = browser.post("/settings/tokens/", {"name": name, "expires_days": "30"})
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    [token] = re.findall(r'value="(tsr_[^"]+)"', page.content.decode())
    row, _ = bearer.authenticate(token)
    again = browser.get("/settings/tokens/").content.decode()
    assert name in again and token not in again and row.id in again
    # Someone else cannot revoke it; its owner can.
    assert _browser("hugo").post(f"/settings/tokens/{row.id}/revoke").status_code == 404
    assert browser.post(f"/settings/tokens/{row.id}/revoke").status_code == 302
    with pytest.raises(bearer.TokenRefused, match="was revoked"):
        bearer.authenticate(token)
    assert "Revoked" in browser.get("/settings/tokens/").content.decode()
    bad = browser.post("/settings/tokens/", {"name": "x" * 101, "expires_days": "30"})
    assert bad.status_code == 400 and "1 to 100 characters" in bad.content.decode()
