"""The first thing a new user does, in a real Chromium against a real daphne: sign in and land
on a working workspace whose WebSocket is live, with no console error or CSP violation."""

import pytest

from tests.conftest import login

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.usefixtures("committed_db")]


def test_login_lands_on_a_live_workspace(tessera_server, browser_page):
    page = browser_page
    login(page, tessera_server.url)
    assert "/threads/" in page.url
    page.wait_for_selector("#connection-status[data-state=live]", timeout=10_000)
    assert page.locator(".identity").inner_text().startswith("ana")
    assert page.locator("#composer-input").is_visible()
    assert page.problems == []


def test_wrong_password_stays_on_login_with_an_error(tessera_server, browser_page):
    page = browser_page
    page.goto(f"{tessera_server.url}/login/")
    page.fill("#id_username", "ana")
    page.fill("#id_password", "wrong")
    page.click("button[type=submit]")
    assert page.get_by_role("alert").inner_text().startswith("Please enter a correct username")
