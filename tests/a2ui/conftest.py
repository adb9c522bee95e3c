"""Fixtures for the A2UI tests: the official v0.9 material (vendored in tests/fixtures/a2ui), and
for browser tests a loopback harness server; the headless Chromium is the session's
(tests/conftest.py)."""

import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "a2ui"
OFFICIAL_SPEC = FIXTURES / "v0_9"
EXAMPLES_DIR = OFFICIAL_SPEC / "catalogs" / "basic" / "examples"
CASES_DIR = OFFICIAL_SPEC / "test" / "cases"


def official_examples() -> list[Path]:
    return sorted(EXAMPLES_DIR.glob("*.json"))


def load_example(path: Path) -> list[dict]:
    return json.loads(path.read_text())["messages"]


@pytest.fixture(scope="session")
def harness_server():
    from tests.a2ui import harness_server as module

    server = module.start()
    yield server
    server.stop()


class Watch:
    """What a page did that a surface must never cause."""

    def __init__(self, page, server):
        self.page = page
        self.server = server
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        self.popups: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("dialog", self._dialog)
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("popup", lambda p: self.popups.append(p.url))

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def clear(self) -> None:
        for items in (
            self.console_errors,
            self.page_errors,
            self.dialogs,
            self.requests,
            self.popups,
        ):
            items.clear()
        self.page.evaluate("() => window.a2uiHarness.reset()")

    def process(self, payload) -> list:
        text = payload if isinstance(payload, str) else json.dumps(payload)
        return self.page.evaluate("(p) => window.a2uiHarness.process(p)", text)

    def state(self) -> dict:
        return self.page.evaluate(
            "() => { const s = window.a2uiHarness.state; return {actions: s.actions, errors: s.errors, violations: s.violations}; }"
        )

    def foreign_requests(self) -> list[str]:
        return [url for url in self.requests if not url.startswith(self.server.url + "/")]

    def unresolved(self) -> int:
        selector = ", ".join(
            f"#surfaces .{name}"
            for name in ("a2ui-placeholder", "a2ui-unsupported", "a2ui-error-node", "a2ui-skeleton")
        )
        return self.page.locator(selector).count()


def open_harness(chromium, harness_server, **context_options):
    context = chromium.new_context(viewport={"width": 900, "height": 900}, **context_options)
    page = context.new_page()
    watch = Watch(page, harness_server)
    page.goto(harness_server.url + "/")
    page.wait_for_function("window.a2uiHarness !== undefined")
    return context, page, watch


@pytest.fixture
def harness(chromium, harness_server):
    context, page, watch = open_harness(chromium, harness_server)
    yield watch
    context.close()
