"""Customization by chat in a real browser against a real daphne (issue 8): the change shows
without a navigation, in every open tab of the person and in no one else's; undo restores it;
a shortcut added by chat appears in the sidebar and asks its question. Also screenshots of the
main looks (default, dark, sidebar right, compact) in var/screenshots/studio/, with layout
checks."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from apps.studio import selectors, services
from apps.studio.planner import SWATCHES, PatchPlan, ui_request_plan
from tests.conftest import login
from tests.studio.conftest import preferences_reset_if_needed

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PASSWORD = "tessera-demo"
WAIT_MS = 30_000
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots" / "studio"
BUTTON = "#composer button[type=submit]"


def _rgb(color: str) -> str:
    red, green, blue = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


BLUE = _rgb(SWATCHES["light"]["blue"])
DARK_BLUE = _rgb(SWATCHES["dark"]["blue"])


def _login(chromium, server, username: str):
    """A browser context signed in as ``username`` on its workspace, with its page; console
    errors and CSP violations of every page of the context are collected in ``problems``."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(WAIT_MS)
    context.problems = []

    def watch(page):
        page.on(
            "console",
            lambda message: (
                context.problems.append(message.text) if message.type == "error" else None
            ),
        )
        page.on("pageerror", lambda error: context.problems.append(str(error)))

    context.on("page", watch)
    page = context.new_page()
    login(page, server.url, username)
    page.wait_for_url(re.compile(r".*/threads/[0-9a-f-]+/$"))
    _wait_live(page)
    return context, page


def _wait_live(page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.studioLive === 'open'")
    page.wait_for_function(
        "() => document.getElementById('connection-status')?.dataset.state === 'live'"
    )


def _button_color(page) -> str:
    return page.eval_on_selector(BUTTON, "element => getComputedStyle(element).backgroundColor")


def _wait_button_color(page, color: str) -> None:
    page.wait_for_function(
        "([selector, color]) => getComputedStyle(document.querySelector(selector))"
        ".backgroundColor === color",
        arg=[BUTTON, color],
    )


def _say(page, text: str) -> None:
    page.fill("#composer-input", text)
    page.press("#composer-input", "Enter")


def test_customizing_by_chat_applies_live_in_every_tab_and_undoes(
    ana_reset, hr_context, tessera_server, chromium
):
    preferences_reset_if_needed(hr_context)
    context, page = _login(chromium, tessera_server, "ana")
    second = context.new_page()
    second.goto(page.url)
    _wait_live(second)
    other_context, other = _login(chromium, tessera_server, "hugo")
    try:
        original = _button_color(page)
        assert original != BLUE
        other_version = other.evaluate("document.documentElement.dataset.studio")
        navigations = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url))
        page.evaluate("window.studioMarker = 'still here'")

        _say(page, "make the buttons blue")
        _wait_button_color(page, BLUE)
        _wait_button_color(second, BLUE)
        assert page.evaluate("window.studioMarker") == "still here"
        assert navigations == []
        page.get_by_text("The buttons are now blue").wait_for()

        _say(page, "undo that")
        _wait_button_color(page, original)
        _wait_button_color(second, original)
        page.get_by_text("Undid “make the buttons blue”.").wait_for()
        assert navigations == []

        # Someone else's page never moved.
        assert _button_color(other) == original
        assert other.evaluate("document.documentElement.dataset.studio") == other_version

        # The accessibility guard: not applied; the ratio and the nearest readable color.
        _say(page, "make the buttons #ffff00")
        form = page.locator(".surface-host").last
        form.get_by_role("button", name="Apply").wait_for()
        page.get_by_text("WCAG AA needs 4.5:1").first.wait_for()
        assert _button_color(page) == original
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "contrast-form.png"))
        nearest = re.search(r"Use (#[0-9a-f]{6})", form.inner_text()).group(1)
        form.get_by_role("button", name="Apply").click()
        _wait_button_color(page, _rgb(nearest))
        _wait_button_color(second, _rgb(nearest))
        _say(page, "undo that")
        _wait_button_color(page, original)

        _say(page, "add a shortcut to headcount by department in the sidebar")
        shortcut = page.locator("#studio-shortcuts").get_by_role(
            "button", name="Headcount by department"
        )
        shortcut.wait_for()
        second.locator("#studio-shortcuts").get_by_role(
            "button", name="Headcount by department"
        ).wait_for()
        assert other.locator("#studio-shortcuts").is_hidden()
        assert navigations == []

        thread_url = page.url
        shortcut.click()
        page.wait_for_url(lambda url: url != thread_url and "/threads/" in url)
        page.locator(".message-user", has_text="headcount by department").wait_for()
        # The new page renders the shortcut on the server too.
        assert page.locator("#studio-shortcuts").is_visible()

        # Preferences are the person's: in this new thread, one request of two changes,
        # then "reset" brings everything back, in both tabs.
        page.locator(".message-assistant").first.wait_for()
        _say(page, "dark mode and make the buttons blue")
        _wait_button_color(page, DARK_BLUE)
        _wait_button_color(second, DARK_BLUE)
        page.get_by_text("Switched to dark mode. The buttons are now blue").wait_for()
        page.screenshot(path=str(SCREENSHOTS / "two-changes-in-a-new-thread.png"))
        _say(page, "reset")
        _wait_button_color(page, original)
        _wait_button_color(second, original)
        page.get_by_text("Your interface is back to the defaults.").wait_for()
        assert context.problems == [] and other_context.problems == []
    finally:
        context.close()
        other_context.close()


LOOKS = {
    "default": [],
    "dark": "dark mode",
    "sidebar-right": [{"op": "replace", "path": "/layout/sidebar", "value": "right"}],
    "compact": [
        {"op": "replace", "path": "/theme/density", "value": "compact"},
        {"op": "replace", "path": "/theme/font_scale", "value": 0.95},
    ],
}


SHORTCUTS = [
    {
        "op": "add",
        "path": "/shortcuts/-",
        "value": {
            "id": "headcount-by-department",
            "label": "Headcount by department",
            "kind": "question",
            "target": "headcount by department",
        },
    },
    {
        "op": "add",
        "path": "/shortcuts/-",
        "value": {
            "id": "hiring-pipeline",
            "label": "Hiring pipeline",
            "kind": "page",
            "target": "/pipeline/",
        },
    },
]


def test_looks_render_as_intended(ana_reset, tessera_server, chromium):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context, page = _login(chromium, tessera_server, "ana")
    try:
        for name, change in LOOKS.items():
            preferences_reset_if_needed(ana_reset)
            services.preferences_change(context=ana_reset, ops=SHORTCUTS, request="shortcuts")
            if isinstance(change, str):
                plan = ui_request_plan(change, selectors.preferences_get(context=ana_reset))
                assert isinstance(plan, PatchPlan)
                change = plan.ops
            if change:
                services.preferences_change(context=ana_reset, ops=change, request=name)
            page.reload()
            _wait_live(page)
            page.wait_for_function(
                "() => document.querySelector('#conversation .message')"
                " || !document.getElementById('conversation-empty').hidden"
            )
            page.screenshot(path=str(SCREENSHOTS / f"workspace-{name}.png"))
            sidebar = page.locator(".sidebar").bounding_box()
            main = page.locator(".main").bounding_box()
            if name == "sidebar-right":
                assert sidebar["x"] >= main["x"] + main["width"] - 1
            else:
                assert sidebar["x"] + sidebar["width"] <= main["x"] + 1
            background = page.evaluate("getComputedStyle(document.body).backgroundColor")
            if name == "dark":
                assert background == _rgb("#14171c")
            unit = page.evaluate(
                "getComputedStyle(document.documentElement).getPropertyValue('--space-unit').trim()"
            )
            assert unit == ("3px" if name == "compact" else "4px")
        page.goto(f"{tessera_server.url}/studio/history/")
        page.screenshot(path=str(SCREENSHOTS / "history.png"), full_page=True)
        assert context.problems == []
    finally:
        context.close()
