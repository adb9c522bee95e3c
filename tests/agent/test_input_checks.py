"""The checks every boundary shares (apps/agent/input_checks.py) and the access a tool
handler acts under (apps/agent/tools/access.py)."""

from dataclasses import asdict

import pytest
from pydantic import BaseModel, Field, ValidationError, field_validator

from apps.agent.input_checks import has_control_characters, invalid_fields, json_type
from apps.agent.tools import ToolContext, ToolError
from apps.agent.tools.access import run_access


class Item(BaseModel):
    name: str = Field(max_length=3)

    @field_validator("name")
    @classmethod
    def _no_x(cls, value: str) -> str:
        if "x" in value:
            raise ValueError("must not contain x")
        return value


class Order(BaseModel):
    items: list[Item]
    note: str


def _errors(data) -> list:
    with pytest.raises(ValidationError) as caught:
        Order.model_validate(data)
    return invalid_fields(caught.value)


def test_invalid_fields_are_flat_with_location_kind_message_and_input():
    found = _errors({"items": [{"name": "ok"}, {"name": "x"}, {"name": "long"}]})
    assert [asdict(item) for item in found] == [
        {
            "location": ("items", 1, "name"),
            "kind": "value_error",
            "message": "must not contain x",  # without pydantic's "Value error, "
            "input": "x",
        },
        {
            "location": ("items", 2, "name"),
            "kind": "string_too_long",
            "message": "String should have at most 3 characters",
            "input": "long",
        },
        {
            "location": ("note",),
            "kind": "missing",
            "message": "Field required",
            "input": found[2].input,
        },
    ]
    assert found[0].dotted == "items.1.name"
    assert found[0].pointer == "/items/1/name"


@pytest.mark.parametrize(
    ("value", "name"),
    [
        (None, "null"),
        (True, "boolean"),
        (False, "boolean"),
        (0, "number"),
        (1.5, "number"),
        ("", "string"),
        ([], "array"),
        ({}, "object"),
    ],
)
def test_json_type_names(value, name):
    assert json_type(value) == name


@pytest.mark.parametrize(
    "text",
    ["tab\there", "line\nbreak", "nul\x00", "line\u2028separator", "para\u2029", "\u202eevil"]
    + ["isolate\u2066x\u2069", "del\x7f"],
)
def test_control_characters_are_found(text):
    assert has_control_characters(text)


@pytest.mark.parametrize("text", ["", "Headcount by department", "Zürich – 北京 🙂", "a\u200db"])
def test_plain_text_has_none(text):
    assert not has_control_characters(text)


@pytest.mark.parametrize("run", [{}, {"access": None}, {"access": {"tenant_id": 1}}])
def test_run_access_refuses_anything_but_an_access_context(run):
    context = ToolContext(call_id="c1", tool="t", run=run)
    with pytest.raises(ToolError, match="^nothing was changed$"):
        run_access(context, missing="nothing was changed")


def test_run_access_returns_the_runs_access_context(acme_context):
    context = ToolContext(call_id="c1", tool="t", run={"access": acme_context})
    assert run_access(context, missing="unused") is acme_context
