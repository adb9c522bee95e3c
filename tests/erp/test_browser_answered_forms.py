"""In Chromium against a real daphne: a clarification form answered — by its submit button, or
by an answer typed in the thread — is shown answered (disabled, with what answered it), live
and after the page is reloaded; a form not answered yet stays runnable."""

import shutil
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import login

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.usefixtures("committed_db")]
QUESTION = "what was the average salary?"
SHOTS = Path("/tmp/tessera-erp-shots")
FORM = ".surface-host[data-surface-id^=erp-]"


def _shot(page, tmp_path, name: str) -> None:
    path = tmp_path / name
    page.screenshot(path=str(path), full_page=True)
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(path, SHOTS / name)


def _ask(page, text: str) -> None:
    page.fill("#composer-input", text)
    page.keyboard.press("Enter")


def _asked_for_a_period(page, base_url: str):
    login(page, base_url)
    page.click("button.new-thread")
    page.wait_for_selector("#connection-status[data-state=live]")
    _ask(page, QUESTION)
    form = page.locator(FORM).first
    form.get_by_role("button", name="Run the query").wait_for(timeout=30_000)
    assert form.get_attribute("data-answered") is None
    assert form.get_by_role("button", name="Run the query").is_enabled()
    return form


def _assert_answered(form, by: str, said: str) -> None:
    form.locator(".form-answer").wait_for(timeout=30_000)
    assert form.get_attribute("data-answered") == by
    assert said in form.locator(".form-answer").inner_text()
    assert form.get_by_role("button", name="Run the query").is_disabled()


def _reloaded(page, answer: str):
    page.reload()
    page.wait_for_selector("#connection-status[data-state=live]")
    page.locator(".message-assistant", has_text=answer).wait_for(timeout=30_000)
    return page.locator(FORM).first


def test_a_form_answered_by_typing_shows_answered_live_and_after_reload(
    tessera_server, browser_page, tmp_path
):
    page = browser_page
    form = _asked_for_a_period(page, tessera_server.url)
    _shot(page, tmp_path, "form-waiting.png")
    _ask(page, "2025")
    page.locator(".message-assistant", has_text="Average salary, 2025").wait_for(timeout=30_000)
    _assert_answered(form, "typed", "“2025”")
    _shot(page, tmp_path, "form-answered-typed.png")
    _assert_answered(_reloaded(page, "Average salary, 2025"), "typed", "“2025”")
    _shot(page, tmp_path, "form-answered-typed-reloaded.png")
    assert page.problems == []


def test_a_submitted_form_shows_what_was_chosen_live_and_after_reload(
    tessera_server, browser_page, tmp_path
):
    page = browser_page
    form = _asked_for_a_period(page, tessera_server.url)
    form.get_by_text("Last year", exact=True).click()
    form.get_by_role("button", name="Run the query").click()
    last_year = f"Average salary, {date.today().year - 1}"  # the live server's today
    page.locator(".message-assistant", has_text=last_year).wait_for(timeout=30_000)
    _assert_answered(form, "submit", "Period: Last year")
    _shot(page, tmp_path, "form-answered-submit.png")
    reloaded = _reloaded(page, last_year)
    _assert_answered(reloaded, "submit", "Period: Last year")
    # the chosen option shows checked again, not only named in the text under the form
    reloaded.locator(".a2ui-option-input:checked").wait_for(state="attached", timeout=10_000)
    assert reloaded.get_by_role("radio", name="Last year", exact=True).is_checked()
    assert reloaded.locator(".a2ui-option-input:checked").count() == 1
    _shot(page, tmp_path, "form-answered-submit-reloaded.png")
    assert page.problems == []
