"""Renderer behaviour in Chromium: data binding, templates, tables, charts, SQL, Markdown,
tabs, modals, actions from templates and the data model sent with actions."""

import json

import pytest

from apps.a2ui.catalog import CATALOG_ID
from tests.a2ui.conftest import open_harness

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SID = "s"


def surface(*components, data=None, **create):
    messages = [
        {"version": "v0.9", "createSurface": {"surfaceId": SID, "catalogId": CATALOG_ID, **create}},
        {"version": "v0.9", "updateComponents": {"surfaceId": SID, "components": list(components)}},
    ]
    if data is not None:
        messages.append({"version": "v0.9", "updateDataModel": {"surfaceId": SID, "value": data}})
    return messages


def text(id_, value, **extra):
    return {"id": id_, "component": "Text", "text": value, **extra}


def button(id_, label, action):
    return [
        {"id": id_, "component": "Button", "child": f"{id_}-label", "action": action},
        text(f"{id_}-label", label),
    ]


def test_two_way_binding_updates_dependent_text(harness):
    harness.process(
        surface(
            {"id": "root", "component": "Column", "children": ["name", "greeting"]},
            {"id": "name", "component": "TextField", "label": "Name", "value": {"path": "/name"}},
            text("greeting", {"call": "formatString", "args": {"value": "Hello, ${/name}!"}}),
            data={"name": "Ada"},
        )
    )
    page = harness.page
    assert page.locator("#surfaces").inner_text().count("Hello, Ada!") == 1
    page.get_by_label("Name").fill("Grace")
    assert "Hello, Grace!" in page.locator("#surfaces").inner_text()
    assert harness.page.evaluate(f"() => window.a2uiHarness.dataModel('{SID}')") == {
        "name": "Grace"
    }


def test_focus_and_typing_survive_a_component_update(harness):
    harness.process(
        surface(
            {"id": "root", "component": "Column", "children": ["name", "status"]},
            {"id": "name", "component": "TextField", "label": "Name", "value": {"path": "/name"}},
            text("status", "Waiting"),
        )
    )
    page = harness.page
    page.get_by_label("Name").click()
    page.keyboard.type("Ad")
    harness.process(
        {
            "version": "v0.9",
            "updateComponents": {"surfaceId": SID, "components": [text("status", "Ready")]},
        }
    )
    page.keyboard.type("a")
    assert page.get_by_label("Name").input_value() == "Ada"
    assert "Ready" in page.locator("#surfaces").inner_text()


def test_components_stream_in_with_placeholders_until_they_arrive(harness):
    harness.process(surface(text("other", "early")))
    assert harness.page.locator("#surfaces .a2ui-skeleton").count() == 1
    harness.process(
        {
            "version": "v0.9",
            "updateComponents": {
                "surfaceId": SID,
                "components": [{"id": "root", "component": "Card", "child": "late"}],
            },
        }
    )
    assert harness.page.locator("#surfaces .a2ui-placeholder").count() == 1
    harness.process(
        {
            "version": "v0.9",
            "updateComponents": {"surfaceId": SID, "components": [text("late", "arrived")]},
        }
    )
    assert harness.unresolved() == 0
    assert "arrived" in harness.page.locator("#surfaces").inner_text()


def test_template_children_follow_the_data_and_actions_carry_their_item(harness):
    harness.process(
        surface(
            {
                "id": "root",
                "component": "List",
                "children": {"componentId": "row", "path": "/items"},
            },
            {"id": "row", "component": "Row", "children": ["label", "pick"]},
            text("label", {"path": "name"}),
            *button(
                "pick",
                "Pick",
                {
                    "event": {
                        "name": "pick",
                        "context": {"item": {"path": "name"}, "total": {"path": "/total"}},
                    }
                },
            ),
            data={"items": [{"name": "a"}, {"name": "b"}], "total": 2},
        )
    )
    page = harness.page
    assert page.locator("#surfaces [role=listitem]").count() == 2
    harness.process(
        {
            "version": "v0.9",
            "updateDataModel": {"surfaceId": SID, "path": "/items/2", "value": {"name": "c"}},
        }
    )
    assert page.locator("#surfaces [role=listitem]").count() == 3
    page.get_by_role("button", name="Pick").nth(2).click()
    assert harness.state()["actions"][0]["action"]["context"] == {"item": "c", "total": 2}


def test_templates_stop_at_the_item_limit(harness):
    harness.process(
        surface(
            {
                "id": "root",
                "component": "List",
                "children": {"componentId": "row", "path": "/items"},
            },
            text("row", {"path": "n"}),
            data={"items": [{"n": i} for i in range(1_500)]},
        )
    )
    assert harness.page.locator("#surfaces [role=listitem]").count() == 1_000
    assert "500 more items not shown" in harness.page.locator("#surfaces").inner_text()


def test_send_data_model_goes_with_actions(harness):
    harness.process(
        surface(*button("root", "Go", {"event": {"name": "go"}}), data={"a": 1}, sendDataModel=True)
    )
    harness.page.get_by_role("button", name="Go").click()
    assert harness.page.evaluate("() => window.a2uiHarness.state.clientDataModels") == [{"a": 1}]


def test_markdown_is_built_as_elements_and_html_stays_text(harness):
    harness.process(
        surface(
            text(
                "root",
                "# Title\n\n**bold** and *italic* with `code`\n\n- one\n- two\n\n<b>not bold</b> [link](https://example.com)",
            )
        )
    )
    page = harness.page
    assert page.locator("#surfaces strong").inner_text() == "bold"
    assert page.locator("#surfaces em").inner_text() == "italic"
    assert page.locator("#surfaces li").count() == 2
    assert page.locator("#surfaces b, #surfaces a").count() == 0
    assert "<b>not bold</b> link" in page.locator("#surfaces").inner_text()


ROWS = [[f"Dept {i:02d}", i * 10, i / 100] for i in range(60)]


@pytest.fixture
def table(harness):
    harness.page.evaluate(
        "(payload) => window.a2uiHarness.setTable('sql:1', payload)",
        {
            "columns": [
                {"name": "department", "type": "text"},
                {"name": "headcount", "type": "bigint"},
                {"name": "share", "type": "numeric"},
            ],
            "rows": ROWS,
            "row_count": 60,
            "truncated": True,
        },
    )
    harness.process(
        surface(
            {
                "id": "root",
                "component": "Table",
                "artifactId": "sql:1",
                "caption": "Headcount by department",
                "pageSize": 25,
                "columns": [
                    {"key": "department", "label": "Department"},
                    {"key": "headcount", "label": "People", "format": "integer"},
                    {"key": "share", "label": "Share", "format": "percent"},
                ],
            }
        )
    )
    harness.page.wait_for_selector("#surfaces table")
    return harness


def test_table_pages_and_sorts_rows_from_the_page(table):
    page = table.page
    assert page.locator("#surfaces tbody tr").count() == 25
    assert "Rows 1–25 of 60" in page.locator(".a2ui-table-status").inner_text()
    assert "truncated" in page.locator(".a2ui-table-status").inner_text()
    assert page.locator("#surfaces th").nth(1).get_attribute("class") == "a2ui-num"
    page.get_by_role("button", name="Next").click()
    assert page.locator("#surfaces tbody tr").first.locator("td").first.inner_text() == "Dept 25"
    page.get_by_role("button", name="People").click()
    page.get_by_role("button", name="People").click()
    assert page.locator("#surfaces th").nth(1).get_attribute("aria-sort") == "descending"
    first = page.locator("#surfaces tbody tr").first.locator("td")
    assert [first.nth(i).inner_text() for i in range(3)] == ["Dept 59", "590", "59%"]
    assert "Page 1 of 3" in page.locator(".a2ui-pager").inner_text()


def test_table_reports_a_failed_source(harness):
    harness.process(surface({"id": "root", "component": "Table", "artifactId": "sql:missing"}))
    harness.page.wait_for_selector(".a2ui-table-error")
    assert "could not be loaded" in harness.page.locator(".a2ui-table-error").inner_text()


def test_table_from_the_data_model(harness):
    harness.process(
        surface(
            {"id": "root", "component": "Table", "rows": {"path": "/rows"}},
            data={"rows": [{"a": 1, "b": "x"}, {"a": 2, "b": "y"}]},
        )
    )
    assert harness.page.locator("#surfaces tbody tr").count() == 2
    assert harness.page.locator("#surfaces th").all_inner_texts() == ["a", "b"]


def test_chart_without_a_hook_shows_its_title(harness):
    harness.process(
        surface(
            {
                "id": "root",
                "component": "Chart",
                "artifactId": "chart:1",
                "title": "Headcount by department",
            }
        )
    )
    assert "Headcount by department" in harness.page.locator(".a2ui-chart").inner_text()
    assert harness.page.locator(".a2ui-chart-placeholder").count() == 1


def test_sql_block_highlights_and_copies(chromium, harness_server):
    context, page, watch = open_harness(
        chromium, harness_server, permissions=["clipboard-read", "clipboard-write"]
    )
    sql = "SELECT d.name, count(*) AS n\nFROM erp_employee e -- active only\nWHERE e.level > 3 AND d.name = 'Sales'"
    watch.process(surface({"id": "root", "component": "SqlBlock", "sql": sql, "title": "Query"}))
    assert page.locator(".a2ui-sql-keyword").first.inner_text() == "SELECT"
    assert page.locator(".a2ui-sql-string").inner_text() == "'Sales'"
    assert page.locator(".a2ui-sql-comment").inner_text() == "-- active only"
    assert page.locator(".a2ui-sql-code").inner_text() == sql
    page.get_by_role("button", name="Copy").click()
    page.wait_for_function(
        "() => document.querySelector('.a2ui-copy').textContent.includes('Copied')"
    )
    assert page.evaluate("() => navigator.clipboard.readText()") == sql
    context.close()


def test_tabs_work_with_the_keyboard(harness):
    harness.process(
        surface(
            {
                "id": "root",
                "component": "Tabs",
                "tabs": [{"title": "One", "child": "a"}, {"title": "Two", "child": "b"}],
            },
            text("a", "first panel"),
            text("b", "second panel"),
        )
    )
    page = harness.page
    page.get_by_role("tab", name="One").focus()
    page.keyboard.press("ArrowRight")
    assert page.get_by_role("tab", name="Two").get_attribute("aria-selected") == "true"
    assert "second panel" in page.get_by_role("tabpanel").inner_text()


def test_modal_opens_from_its_trigger_and_closes_with_escape(harness):
    harness.process(
        surface(
            {"id": "root", "component": "Modal", "trigger": "open", "content": "body"},
            *button("open", "Details", {"event": {"name": "never-sent"}}),
            text("body", "Inside the dialog"),
        )
    )
    page = harness.page
    page.get_by_role("button", name="Details").click()
    assert page.get_by_role("dialog").is_visible()
    assert "Inside the dialog" in page.get_by_role("dialog").inner_text()
    page.keyboard.press("Escape")
    assert page.get_by_role("dialog").count() == 0
    assert harness.state()["actions"] == []


def test_button_checks_disable_and_explain(harness):
    harness.process(
        surface(
            {"id": "root", "component": "Column", "children": ["agree", "go"]},
            {
                "id": "agree",
                "component": "CheckBox",
                "label": "I agree",
                "value": {"path": "/agree"},
            },
            {
                "id": "go",
                "component": "Button",
                "child": "go-label",
                "action": {"event": {"name": "go"}},
                "checks": [
                    {
                        "condition": {"call": "required", "args": {"value": {"path": "/agree"}}},
                        "message": "Accept the terms first.",
                    }
                ],
            },
            text("go-label", "Continue"),
            data={"agree": None},
        )
    )
    page = harness.page
    button_ = page.get_by_role("button", name="Continue")
    assert button_.get_attribute("aria-disabled") == "true"
    button_.click(force=True)  # aria-disabled keeps it focusable and clickable, to explain why
    assert harness.state()["actions"] == []
    assert page.locator(".a2ui-action-note").inner_text() == "Accept the terms first."
    page.get_by_label("I agree").check()
    assert button_.get_attribute("aria-disabled") is None
    button_.click()
    assert len(harness.state()["actions"]) == 1


def test_errors_are_reported_and_the_rest_still_renders(harness):
    harness.process(
        surface(
            {"id": "root", "component": "Column", "children": ["ok", "bad"]},
            text("ok", "still here"),
            {"id": "bad", "component": "Marquee"},
        )
    )
    assert "still here" in harness.page.locator("#surfaces").inner_text()
    assert harness.page.locator(".a2ui-unsupported").count() == 1
    assert [e["code"] for e in harness.state()["errors"]] == ["unknown_component"]


def test_invalid_messages_are_refused_with_a2ui_errors(harness):
    errors = harness.process(
        json.dumps(
            [{"version": "v0.9", "updateComponents": {"surfaceId": "nope", "components": []}}]
        )
    )
    assert errors[0]["code"] == "VALIDATION_FAILED"
    assert errors[0]["path"] == "/0/updateComponents/surfaceId"


def test_delete_surface_removes_it(harness):
    harness.process(surface(text("root", "bye")))
    harness.process({"version": "v0.9", "deleteSurface": {"surfaceId": SID}})
    assert harness.page.locator("#surfaces .a2ui-surface").count() == 0
