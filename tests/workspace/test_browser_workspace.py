"""Issue 6's browser path: ask question 2, see the table and the bar chart, edit the SQL,
run it again, download the CSV — in Chromium against a real daphne."""

import csv
import io

import pytest

from tests.conftest import login

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.usefixtures("committed_db")]


def test_ask_see_table_and_chart_edit_sql_and_download_csv(tessera_server, browser_page, tmp_path):
    page = browser_page
    login(page, tessera_server.url)
    page.click("button.new-thread")
    page.wait_for_selector("#connection-status[data-state=live]")
    page.fill("#composer-input", "How many active employees are there in each department?")
    page.keyboard.press("Enter")

    table = page.locator("#pane-table table")
    table.wait_for(timeout=15_000)
    headers = table.locator("thead th").all_inner_texts()
    assert [h.strip() for h in headers] == ["Department", "Headcount"]
    departments = table.locator("tbody tr td:first-child").all_inner_texts()
    assert "Engineering" in departments and len(departments) == 6

    page.get_by_role("tab", name="Chart").click()
    page.locator("#pane-chart .js-plotly-plot").wait_for(timeout=15_000)
    assert page.locator("#pane-chart .bars .point").count() == 6
    page.screenshot(path=str(tmp_path / "chart.png"))

    page.get_by_role("tab", name="SQL").click()
    editor = page.locator(".sql-editor")
    sql = editor.input_value()
    assert "erp_employee" in sql
    editor.fill("SELECT nope FROM erp_employee")
    page.get_by_role("button", name="Run").click()
    error = page.locator(".sql-error")
    error.wait_for()
    assert "UNKNOWN_COLUMN" in error.inner_text() and "line 1, column" in error.inner_text()
    editor.fill(
        "SELECT d.name AS department, count(*) AS headcount FROM erp_employee e "
        "JOIN erp_department d ON d.id = e.department_id WHERE e.termination_date IS NULL "
        "AND d.code IN ('ENG', 'SAL') GROUP BY d.name ORDER BY d.name"
    )
    page.get_by_role("button", name="Run").click()
    page.get_by_role("tab", name="Table", selected=True).wait_for()
    page.wait_for_function("document.querySelectorAll('#pane-table tbody tr').length === 2")
    assert page.locator("#pane-table tbody tr td:first-child").all_inner_texts() == [
        "Engineering",
        "Sales",
    ]

    with page.expect_download() as download_info:
        page.locator("[data-download]").click()
    content = download_info.value.path().read_text()
    rows = list(csv.reader(io.StringIO(content)))
    assert rows[0] == ["Department", "Headcount"]
    assert [row[0] for row in rows[1:]] == ["Engineering", "Sales"]
    # The one failed request is the wrong SQL, answered 422 on purpose (Chromium logs it)
    assert page.problems == [
        "Failed to load resource: the server responded with a status of 422 (Unknown Status)"
    ]
