"""Pages: preferences rendered into <html> on load (no flash, CSP-safe), sidebar shortcuts,
the history page with undo/redo/reset, and shortcuts that ask their question in a thread."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from apps.agent import runtime
from apps.agent import selectors as agent_selectors
from apps.studio import selectors, services
from apps.studio.planner import SWATCHES

pytestmark = pytest.mark.django_db

BLUE = SWATCHES["light"]["blue"]
SHORTCUT = {
    "id": "headcount-by-department",
    "label": "Headcount by department",
    "kind": "question",
    "target": "headcount by department",
}


def _client(context) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(pk=context.user_id))
    return client


def _blue(context):
    return services.preferences_change(
        context=context,
        ops=[{"op": "replace", "path": "/theme/primary", "value": BLUE}],
        request="make the buttons blue",
    )


def test_pages_carry_the_persons_preferences_before_the_first_paint(fresh_context):
    _blue(fresh_context)
    services.preferences_change(
        context=fresh_context,
        ops=[
            {"op": "replace", "path": "/theme/density", "value": "compact"},
            {"op": "replace", "path": "/layout/sidebar", "value": "right"},
        ],
    )
    html = _client(fresh_context).get("/studio/history/").content.decode()
    root = re.search(r"<html[^>]*>", html).group(0)
    assert 'data-mode="light"' in root and 'data-density="compact"' in root
    assert 'data-sidebar="right"' in root and 'data-panels="threads table chart sql"' in root
    assert 'data-studio="0.2"' in root
    head = html.split("</head>")[0]
    embedded = re.search(
        r'<script id="studio-preferences" type="application/json">(.*?)</script>', head
    )
    payload = json.loads(embedded.group(1))
    assert payload["variables"]["--color-primary"] == BLUE
    assert payload["variables"]["--space-unit"] == "3px"
    # apply.js is a classic script after the JSON: it runs before the body is painted.
    assert head.index("studio-preferences") < head.index('src="/static/studio/apply.js"')
    assert 'type="module" src="/static/studio/live.js"' in head
    # Nothing inline that the strict CSP would have to allow.
    assert "<style" not in html and "style=" not in html and "<script>" not in html


def test_another_persons_page_does_not_change(fresh_context, fresh_colleague):
    _blue(fresh_context)
    html = _client(fresh_colleague).get("/studio/history/").content.decode()
    assert BLUE not in html


def test_the_login_page_has_no_preferences_and_no_socket():
    html = Client().get("/login/").content.decode()
    assert "data-studio" not in html and "live.js" not in html


def test_history_lists_versions_with_request_time_and_changes(fresh_context):
    _blue(fresh_context)
    services.preferences_undo(context=fresh_context, request="undo that")
    html = _client(fresh_context).get("/studio/history/").content.decode()
    assert "make the buttons blue" in html and "undo that" in html
    assert f"Buttons and links → {BLUE}" in html
    assert "of version 1" in html  # the undo names what it undid
    assert "<time datetime=" in html


def test_history_buttons_undo_redo_and_reset(fresh_context):
    client = _client(fresh_context)
    _blue(fresh_context)
    assert client.get("/studio/history/undo/").status_code == 405
    response = client.post("/studio/history/undo/", follow=True)
    assert "Undid “make the buttons blue”." in response.content.decode()
    assert selectors.preferences_get(context=fresh_context).theme.primary != BLUE
    client.post("/studio/history/redo/")
    assert selectors.preferences_get(context=fresh_context).theme.primary == BLUE
    client.post("/studio/history/reset/")
    assert selectors.layers_get(context=fresh_context).overrides == {}
    response = client.post("/studio/history/reset/", follow=True)
    assert "already are the defaults" in response.content.decode()


def test_a_non_admin_cannot_change_tenant_defaults_from_the_page(fresh_context, admin_context):
    response = _client(fresh_context).post(
        "/studio/history/reset/", {"scope": "tenant"}, follow=True
    )
    assert "Only an admin can change" in response.content.decode()
    page = _client(fresh_context).get("/studio/history/?scope=tenant").content.decode()
    assert "Defaults for" not in page  # no tenant tab for non-admins
    assert "Defaults for" in _client(admin_context).get("/studio/history/").content.decode()


def test_sidebar_shortcut_asks_its_question_in_a_new_thread(
    fresh_context, monkeypatch, django_capture_on_commit_callbacks
):
    services.preferences_change(
        context=fresh_context, ops=[{"op": "add", "path": "/shortcuts/-", "value": SHORTCUT}]
    )
    client = _client(fresh_context)
    html = client.get("/studio/history/").content.decode()
    assert 'action="/studio/shortcuts/headcount-by-department/ask/"' in html
    assert ">Headcount by department</button>" in html
    started = []
    monkeypatch.setattr(runtime, "run_start_background", lambda **kw: started.append(kw))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/studio/shortcuts/headcount-by-department/ask/")
    assert response.status_code == 302 and response["Location"].startswith("/threads/")
    (call,) = started
    assert call["message"].text == "headcount by department"
    assert agent_selectors.thread_visible(context=fresh_context, thread_id=call["thread_id"])
    missing = client.post("/studio/shortcuts/nope/ask/", follow=True)
    assert "no longer in your sidebar" in missing.content.decode()
