"""HTTP pages, health, CSP and the WebSocket route through the real ASGI application."""

import json

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client

from project.asgi import application

pytestmark = pytest.mark.django_db


def test_healthz_reports_database_and_channel_layer():
    response = Client().get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert body["checks"]["database"]["role"] == "tessera_app"
    assert body["checks"]["channel_layer"]["ok"] is True


def test_home_requires_login_and_shows_the_users_tenant(acme_context):
    client = Client()
    assert client.get("/").status_code == 302
    assert client.login(username="ana", password="tessera-demo")
    page = client.get("/", follow=True)
    assert page.status_code == 200 and page.redirect_chain[-1][0].startswith("/threads/")
    assert b"Acme Corporation" in page.content and b"analyst" in page.content


def test_wrong_password_is_refused_with_a_message(acme_context):
    response = Client().post("/login/", {"username": "ana", "password": "nope"})
    assert response.status_code == 200
    assert b"Please enter a correct username and password" in response.content


def test_strict_content_security_policy_on_pages(acme_context):
    client = Client()
    client.login(username="ana", password="tessera-demo")
    policy = client.get("/", follow=True)["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"


@pytest.mark.asyncio
async def test_websocket_smoke_through_the_asgi_application():
    communicator = WebsocketCommunicator(
        application, "/ws/ping/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_json_to({"n": 1})
    reply = await communicator.receive_json_from(timeout=5)
    assert reply == {"type": "pong", "echo": {"n": 1}, "authenticated": False}
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_websocket_from_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(
        application, "/ws/ping/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()


def test_admin_is_available_to_staff(acme_context):
    client = Client()
    client.login(username="admin", password="tessera-demo")
    assert client.get("/admin/").status_code == 200
    assert json.loads(Client().get("/healthz").content)["ok"]
