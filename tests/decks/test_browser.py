"""The shared Chromium launcher (renderers/browser.py)."""

import pytest
from playwright.sync_api import sync_playwright

from renderers import browser


@pytest.mark.slow
@pytest.mark.browser
def test_launch_gives_a_working_headless_chromium():
    with sync_playwright() as playwright:
        launched = browser.launch(playwright)
        try:
            page = launched.new_page()
            page.set_content("<p id=x>ok</p>")
            assert page.text_content("#x") == "ok"
        finally:
            launched.close()


def test_missing_chromium_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("TESSERA_CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(browser.BrowserUnavailable, match="TESSERA_CHROMIUM"):
        browser.chromium_path()
