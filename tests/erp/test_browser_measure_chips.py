"""In Chromium against a real daphne: an answer with two measures shows one measure chip per
measure, and the chip the person opens changes that measure — the table's columns and the
chart's series follow, each value compared with an independent query. (It changed the first
measure whatever chip was used.)"""

import pytest

from tests.erp.conftest import ask_in_new_thread, hand_rows, page_money

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.usefixtures("committed_db")]
QUESTION = "average salary and total payroll by department in 2025"
BY_DEPARTMENT = """SELECT d.name, avg(s.amount), max(s.amount), sum(s.amount)
  FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
  JOIN erp_department d ON d.id = e.department_id
  WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY d.name"""


def _columns(page) -> dict[str, dict[str, str]]:
    """The table as {header: {department: cell}}."""
    headers = [h.strip() for h in page.locator("#pane-table thead th").all_inner_texts()]
    table: dict[str, dict[str, str]] = {h: {} for h in headers}
    for row in page.locator("#pane-table tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        for header, cell in zip(headers, cells, strict=True):
            table[header][cells[0]] = cell
    return table


def _column(table: dict[str, dict[str, str]], start: str) -> dict[str, str]:
    (header,) = [h for h in table if h.startswith(start)]
    return table[header]


def test_the_second_measures_chip_changes_the_second_measure(
    tessera_server, browser_page, acme_context
):
    rows = hand_rows(BY_DEPARTMENT, acme_context)
    average = {name: page_money(value) for name, value, _, _ in rows}
    highest = {name: page_money(value) for name, _, value, _ in rows}
    total = {name: page_money(value) for name, _, _, value in rows}
    page = browser_page
    chips = ask_in_new_thread(page, tessera_server.url, QUESTION)
    page.locator("#pane-table tbody tr").first.wait_for()
    table = _columns(page)
    assert _column(table, "Average salary") == average
    assert _column(table, "Total salary paid") == total

    # The payroll's own chip: open it and choose the highest salary.
    chips.first.get_by_role("button", name="Total salary paid", exact=True).click()
    page.locator("dialog.a2ui-modal[open]").get_by_role(
        "button", name="Highest salary", exact=True
    ).click()
    chips.nth(1).wait_for(timeout=30_000)
    page.wait_for_function(
        "[...document.querySelectorAll('#pane-table thead th')]"
        ".some(th => th.innerText.startsWith('Highest salary'))",
        timeout=30_000,
    )
    table = _columns(page)
    assert _column(table, "Average salary") == average  # the first measure stays
    assert _column(table, "Highest salary") == highest
    assert not [h for h in table if h.startswith("Total salary paid")]
    new_chips = chips.nth(1).inner_text()
    assert "Average salary" in new_chips and "Highest salary" in new_chips

    page.get_by_role("tab", name="Chart").click()
    page.locator("#pane-chart .js-plotly-plot").wait_for(timeout=15_000)
    # the chart names its series as the table does (its columns' labels), never "Max salary"
    legend = page.locator("#pane-chart .legendtext").all_text_contents()
    assert sorted(legend) == ["Average salary", "Highest salary"], legend
    assert all(h in table or any(t.startswith(h) for t in table) for h in legend), table
    assert page.problems == []
