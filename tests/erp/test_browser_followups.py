"""In Chromium against a real daphne: a question, a follow-up that changes its answer, and a
reading chip changed to re-run the query — each result read from the table on the page and
compared with an independent query; the thread is named in the thread list."""

import shutil
from pathlib import Path

import pytest

from tests.erp.conftest import ask_in_new_thread, hand_rows, page_money

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.usefixtures("committed_db")]
QUESTION = "What did the Sales department cost in salaries in 2025?"
TOTAL = (
    "SELECT d.name, sum(s.amount) FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id "
    "JOIN erp_department d ON d.id = e.department_id "
    "WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY d.name"
)
SHOTS = Path("/tmp/tessera-erp-shots")


def _table(page) -> list[list[str]]:
    rows = page.locator("#pane-table tbody tr")
    return [row.locator("td").all_inner_texts() for row in rows.all()]


def _shot(page, tmp_path, name: str) -> None:
    path = tmp_path / name
    page.screenshot(path=str(path))
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(path, SHOTS / name)


def test_a_follow_up_and_a_chip_change_rerun_the_query(
    tessera_server, browser_page, acme_context, tmp_path
):
    rows = hand_rows(TOTAL, acme_context)
    totals = {name: page_money(total) for name, total in rows}
    said = {name: f"{total:,.2f}".removesuffix(".00") for name, total in rows}
    page = browser_page
    chips = ask_in_new_thread(page, tessera_server.url, QUESTION)
    assert page.locator("#pane-table thead th").all_inner_texts() == ["Total salary paid"]
    assert _table(page) == [[totals["Sales"]]]
    assert (
        page.locator("#thread-list a[aria-current=page]")
        .inner_text()
        .startswith("What did the Sales")
    )
    assert (
        "Sales" in chips.first.inner_text()
        and "1 Jan 2025 – 31 Dec 2025" in chips.first.inner_text()
    )
    _shot(page, tmp_path, "erp-answer.png")

    # A follow-up changes the answer: the same measure and period, another department.
    page.fill("#composer-input", "and in Marketing?")
    page.keyboard.press("Enter")
    chips.nth(1).wait_for(timeout=30_000)
    page.locator("#pane-table tbody tr").first.wait_for()
    assert _table(page) == [[totals["Marketing"]]]
    assert "Marketing" in page.locator("[data-panel-title]").inner_text()

    # A chip: open the department chip of the last answer and choose Finance.
    chips.nth(1).get_by_role("button", name="Marketing").click()
    page.locator("dialog.a2ui-modal").get_by_role("button", name="Finance").click()
    chips.nth(2).wait_for(timeout=30_000)
    page.get_by_role("heading", name="Total salary paid, in Finance, 2025").wait_for(timeout=30_000)
    assert _table(page) == [[totals["Finance"]]]
    sentence = f"Total salary paid, in Finance, 2025: {said['Finance']}."
    page.locator(".message-assistant .message-text", has_text=sentence).wait_for(timeout=30_000)
    _shot(page, tmp_path, "erp-chip.png")

    # Widen the panel for wide tables, and back.
    page.get_by_role("button", name="Widen").click()
    assert page.locator("html").get_attribute("data-panel-width") == "wide"
    page.get_by_role("button", name="Narrow").click()
    assert page.problems == []
