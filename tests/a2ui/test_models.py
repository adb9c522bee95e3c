"""Pydantic models of components and messages: what they serialize validates against the
official JSON schemas."""

import json

import pytest
from pydantic import ValidationError

from apps.a2ui import messages as msg
from apps.a2ui import models as m
from apps.a2ui.catalog import BASIC_CATALOG_ID, CATALOG_ID
from apps.a2ui.schemas import client_validator, envelope_validator

SID = "s1"

EVERY_COMPONENT = [
    m.Text(id="t", text=m.call("formatString", value="Hi ${/name}"), variant="h2"),
    m.Image(
        id="i", url="https://example.com/a.png", fit="cover", variant="avatar", description="A"
    ),
    m.Icon(id="ic", name="star"),
    m.Icon(id="ic2", name=m.SvgIcon(svg_path="M0 0L10 10Z")),
    m.Icon(id="ic3", name=m.path("/icon")),
    m.Video(id="v", url=m.path("/video")),
    m.AudioPlayer(id="a", url="https://example.com/a.mp3", description="Episode"),
    m.Row(id="r", children=["t", "i"], justify="spaceBetween", align="center"),
    m.Column(id="c", children=m.ChildTemplate(component_id="t", path="/items"), weight=1),
    m.List(id="l", children=["t"], direction="horizontal"),
    m.Card(id="card", child="c"),
    m.Tabs(id="tabs", tabs=[m.TabItem(title="One", child="t")]),
    m.Modal(id="modal", trigger="b", content="t"),
    m.Divider(id="d", axis="vertical"),
    m.Button(
        id="b",
        child="t",
        variant="primary",
        action=m.event("submit", email=m.path("/email"), count=3),
        checks=[
            m.CheckRule(condition=m.call("required", value=m.path("/email")), message="Required")
        ],
    ),
    m.Button(
        id="b2",
        child="t",
        action=m.FunctionCallAction(
            function_call=m.call("openUrl", url="https://example.com", return_type="void")
        ),
    ),
    m.TextField(
        id="f",
        label="Email",
        value=m.path("/email"),
        variant="shortText",
        validation_regexp="^.+@.+$",
    ),
    m.CheckBox(id="cb", label="Agree", value=m.path("/agree")),
    m.ChoicePicker(
        id="cp",
        label="Size",
        options=[m.ChoiceOption(label="S", value="s")],
        value=m.path("/size"),
        display_style="chips",
        filterable=True,
    ),
    m.Slider(id="sl", value=m.path("/n"), min=0, max=10, label="N"),
    m.DateTimeInput(
        id="dt", value=m.path("/d"), enable_date=True, min="2026-01-01", max=m.path("/end")
    ),
    m.Table(
        id="tb",
        artifact_id="sql:42",
        columns=[m.TableColumn(key="n", label="N", format="integer")],
        page_size=10,
    ),
    m.Table(id="tb2", rows=m.path("/rows"), caption="Rows", sortable=False),
    m.Chart(id="ch", artifact_id="chart:7", title="Headcount", height="small"),
    m.SqlBlock(id="sql", sql="SELECT 1", title="Query", artifact_id="sql:42"),
    m.Text(
        id="vis",
        text="Only for round trips",
        visible=m.call("equals", a=m.path("/trip"), b=["roundTrip"]),
        accessibility=m.AccessibilityAttributes(label="Note", description="Shown for round trips"),
    ),
    m.Text(id="cmp", text="x", visible=m.call("compare", a=m.path("/a"), op="ge", b=m.path("/b"))),
]


def _valid(wire: dict, catalog_id: str = CATALOG_ID) -> list[str]:
    return [error.message for error in envelope_validator(catalog_id).iter_errors(wire)]


def test_every_component_type_is_covered():
    names = {component.component for component in EVERY_COMPONENT}
    assert len(names) == 21


@pytest.mark.parametrize("component", EVERY_COMPONENT, ids=lambda c: c.id)
def test_component_dump_validates_against_the_official_envelope(component):
    message = msg.UpdateComponentsMessage(
        update_components=msg.UpdateComponents(surface_id=SID, components=[component])
    )
    assert _valid(message.to_wire()) == []


def test_basic_components_validate_against_the_basic_catalog_too():
    basic = [
        c
        for c in EVERY_COMPONENT
        if c.component not in ("Table", "Chart", "SqlBlock") and c.visible is None
    ]
    message = msg.UpdateComponentsMessage(
        update_components=msg.UpdateComponents(surface_id=SID, components=basic)
    )
    assert _valid(message.to_wire(), BASIC_CATALOG_ID) == []


def test_wire_names_are_camel_case():
    wire = m.DateTimeInput(id="d", value="", enable_date=True).to_wire()
    assert wire == {"id": "d", "component": "DateTimeInput", "value": "", "enableDate": True}


def test_create_surface_and_delete_validate():
    create = msg.CreateSurfaceMessage(
        create_surface=msg.CreateSurface(
            surface_id=SID, theme=msg.Theme(primary_color="#0f5f66"), send_data_model=True
        )
    ).to_wire()
    assert create["createSurface"]["catalogId"] == CATALOG_ID
    assert create["createSurface"]["theme"] == {"primaryColor": "#0f5f66"}
    assert _valid(create) == []
    assert (
        _valid(msg.DeleteSurfaceMessage(delete_surface=msg.DeleteSurface(surface_id=SID)).to_wire())
        == []
    )


def test_update_data_model_keeps_omitted_apart_from_null():
    replace = msg.UpdateDataModel(surface_id=SID, value={"a": 1}).model_dump(
        by_alias=True, exclude_none=True
    )
    remove = msg.UpdateDataModel(surface_id=SID, path="/a").model_dump(
        by_alias=True, exclude_none=True
    )
    null = msg.UpdateDataModel(surface_id=SID, path="/a", value=None).model_dump(
        by_alias=True, exclude_none=True
    )
    assert replace == {"surfaceId": SID, "value": {"a": 1}}
    assert remove == {"surfaceId": SID, "path": "/a"}
    assert null == {"surfaceId": SID, "path": "/a", "value": None}
    for body in (replace, remove, null):
        assert _valid({"version": "v0.9", "updateDataModel": body}) == []


def test_server_messages_parse_back_to_their_models():
    wire = msg.UpdateComponentsMessage(
        update_components=msg.UpdateComponents(surface_id=SID, components=EVERY_COMPONENT)
    ).to_wire()
    parsed = msg.server_message_adapter.validate_python(wire)
    assert isinstance(parsed, msg.UpdateComponentsMessage)
    assert parsed.to_wire() == wire


def test_unknown_component_does_not_parse():
    wire = {
        "version": "v0.9",
        "updateComponents": {"surfaceId": SID, "components": [{"id": "x", "component": "Script"}]},
    }
    with pytest.raises(ValidationError):
        msg.server_message_adapter.validate_python(wire)


def test_action_message_validates_and_parses():
    action = msg.action_message(
        name="submit", surface_id=SID, source_component_id="b", context={"x": [1]}
    )
    wire = action.to_wire()
    assert list(client_validator(CATALOG_ID).iter_errors(wire)) == []
    parsed = msg.client_message_parse(json.dumps(wire))
    assert isinstance(parsed, msg.ActionMessage)
    assert parsed.action.context == {"x": [1]}


def test_error_message_parses():
    wire = {
        "version": "v0.9",
        "error": {
            "code": "VALIDATION_FAILED",
            "surfaceId": SID,
            "path": "/components/0",
            "message": "bad",
        },
    }
    assert list(client_validator(CATALOG_ID).iter_errors(wire)) == []
    assert isinstance(msg.client_message_parse(wire), msg.ErrorMessage)


@pytest.mark.parametrize(
    "raw",
    [
        {"version": "v0.9"},
        {"version": "v0.9", "action": {"name": "x"}},
        {
            "version": "v0.8",
            "action": {
                "name": "x",
                "surfaceId": "s",
                "sourceComponentId": "b",
                "timestamp": "2026-01-01T00:00:00Z",
                "context": {},
            },
        },
        {
            "version": "v0.9",
            "action": {
                "name": "x",
                "surfaceId": "s",
                "sourceComponentId": "b",
                "timestamp": "yesterday",
                "context": {},
            },
        },
        "not json",
        "x" * 70_000,
    ],
)
def test_bad_client_messages_are_refused(raw):
    with pytest.raises((ValidationError, ValueError)):
        msg.client_message_parse(raw)
