"""Test database: a real PostgreSQL database `<name>_test`, provisioned by the same code path
as production (roles, privileges), migrated as the owner role and seeded with a small,
deterministic demo data set. Tests run as `tessera_app`, so row-level security applies; the
owner's connection (alias "owner") is open for the whole session, to set up and observe."""

import os
from datetime import date

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.management import call_command

from project import database
from project.maintenance import owner_database

AS_OF = date(2026, 6, 15)
EMPLOYEES_PER_TENANT = 120
SEED = 11


@pytest.fixture(autouse=True)
def _no_requests_started_yet():
    """Each test starts as a person who has started no request. The per-person rate windows
    live in a cache that outlives a test: on an idle machine the suite sends more of one demo
    user's requests in a minute than the rate allows, and a later test was refused (429)."""
    caches["limits"].clear()


@pytest.fixture(scope="session")
def django_db_setup(django_db_blocker):
    with owner_database() as owner:
        with django_db_blocker.unblock():
            database.provision(settings.DB_NAME)
            call_command("migrate", database=owner, interactive=False, verbosity=0)
            from apps.erp.demo import load

            # Deterministic data: skip the reload when the database already holds it.
            if not load.matches(employees=EMPLOYEES_PER_TENANT, as_of=AS_OF, seed=SEED):
                load.seed(employees=EMPLOYEES_PER_TENANT, as_of=AS_OF, seed=SEED)
        yield
        # the process's job runner, started by the first job a test queued, ticks on threads
        # of its own that read the database: stopped before the session closes it (its tick
        # logged "Database access not allowed" at the end of the run)
        from apps.jobs import runner

        runner.stop_in_web_process(timeout=10)


def _context(username: str):
    from django.contrib.auth import get_user_model

    from apps.accounts.access import access_context_for_user

    user = get_user_model().objects.get(username=username)
    return access_context_for_user(user)


@pytest.fixture
def acme_context(django_db_setup, django_db_blocker):
    """AccessContext of `ana`, analyst at acme."""
    with django_db_blocker.unblock():
        return _context("ana")


@pytest.fixture
def globex_context(django_db_setup, django_db_blocker):
    """AccessContext of `gus`, analyst at globex."""
    with django_db_blocker.unblock():
        return _context("gus")


@pytest.fixture
def hr_context(django_db_setup, django_db_blocker):
    """AccessContext of `hugo`, HR manager at acme."""
    with django_db_blocker.unblock():
        return _context("hugo")


@pytest.fixture
def viewer_context(django_db_setup, django_db_blocker):
    """AccessContext of `vera`, viewer at acme."""
    with django_db_blocker.unblock():
        return _context("vera")


@pytest.fixture
def committed_db(django_db_setup, django_db_blocker):
    """Database access without a wrapping transaction: what a test writes is committed and
    visible to other threads and processes (WebSocket consumers, worker threads, servers).
    Tests using it create their own fresh rows (new threads, new runs) and never flush."""
    with django_db_blocker.unblock():
        yield


@pytest.fixture(scope="session")
def tessera_server(django_db_setup, tmp_path_factory):
    """A real daphne serving the test database on a free loopback port."""
    from tests.support.live_server import start_server

    server = start_server(tmp_path_factory.mktemp("live-server"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import sync_playwright

    from renderers.browser import launch

    # Playwright's sync API keeps an event loop on this thread; Django would then refuse the
    # test's own (synchronous, single-threaded) ORM calls. They are safe here.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium):
    """A fresh browser context and page; console errors and CSP violations are collected in
    `page.problems` so tests can assert there were none."""
    context = chromium.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.problems = []
    page.on(
        "console",
        lambda message: page.problems.append(message.text) if message.type == "error" else None,
    )
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    yield page
    context.close()


def login(page, base_url: str, username: str = "ana", password: str = "tessera-demo") -> None:
    page.goto(f"{base_url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/login/" not in url)


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        help="Cross-tenant fuzzing (tests/gateway/test_fuzz.py): every generated query, "
        "not the fixed CI sample.",
    )


def pytest_collection_modifyitems(config, items):
    """Browser tests last, and those on the session-wide Chromium at the very end (after the
    database-restart test).

    Playwright's sync API keeps an event loop running on the main thread while it is open:
    asyncio tests cannot start theirs after the session's `chromium` fixture started, and no
    other code (the deck renderer, the A2UI harness) can open its own Playwright then."""

    def order(item) -> int:
        if "chromium" in item.fixturenames:
            return 3
        # A database restart kills every open connection of every thread in this process;
        # only tests that open fresh ones (the shared-browser group) may follow it.
        if item.get_closest_marker("restarts_database"):
            return 2
        return 1 if item.get_closest_marker("browser") else 0

    items.sort(key=order)
