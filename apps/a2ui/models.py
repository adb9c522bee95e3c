"""Pydantic models of A2UI v0.9 components and dynamic values, and of Tessera's catalog.

Server code builds surfaces with these (snake_case fields, camelCase on the wire) and dumps
them with `to_wire()`; the dumps validate against the official JSON schemas. The messages
that carry them, and the ones the browser sends back, are in apps/a2ui/messages.py.

Agent output is *not* parsed with these models: it goes through the validator, which reports
every problem with a JSON Pointer the model can act on.
"""

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
)
from pydantic.alias_generators import to_camel

from apps.a2ui.catalog import TABLE_FORMATS

Version = Literal["v0.9"]
ReturnType = Literal["string", "number", "boolean", "array", "object", "any", "void"]


class A2uiModel(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        serialize_by_alias=True,
    )

    def to_wire(self) -> dict[str, Any]:
        """The JSON object that goes on the wire."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


# -- dynamic values -------------------------------------------------------------------------------


class DataBinding(A2uiModel):
    """`{"path": "/json/pointer"}`: a value read from (and for inputs written to) the data model."""

    path: str


class FunctionCall(A2uiModel):
    """`{"call": name, "args": {...}}`: a catalog function evaluated in the browser."""

    call: str
    args: dict[str, Any] = Field(default_factory=dict)
    return_type: ReturnType | None = None


Number = StrictInt | StrictFloat
DynamicString = StrictStr | DataBinding | FunctionCall
DynamicNumber = Number | DataBinding | FunctionCall
DynamicBoolean = StrictBool | DataBinding | FunctionCall
DynamicStringList = list[StrictStr] | DataBinding | FunctionCall
DynamicValue = StrictStr | Number | StrictBool | list[Any] | DataBinding | FunctionCall


def path(pointer: str) -> DataBinding:
    """A data binding: path("/flight/origin")."""
    return DataBinding(path=pointer)


def call(name: str, /, return_type: ReturnType | None = None, **args: Any) -> FunctionCall:
    """A function call: call("required", value=path("/x")). Nested models are allowed in args."""
    return FunctionCall(call=name, args=args, return_type=return_type)


class ChildTemplate(A2uiModel):
    """Children generated from a data-model array: one `component_id` instance per item."""

    component_id: str
    path: str


ChildList = list[StrictStr] | ChildTemplate


class CheckRule(A2uiModel):
    condition: DynamicBoolean
    message: str


class AccessibilityAttributes(A2uiModel):
    label: DynamicString | None = None
    description: DynamicString | None = None


class Event(A2uiModel):
    name: str
    context: dict[str, DynamicValue] | None = None


class EventAction(A2uiModel):
    event: Event


class FunctionCallAction(A2uiModel):
    function_call: FunctionCall


Action = EventAction | FunctionCallAction


def event(name: str, /, **context: DynamicValue) -> EventAction:
    """A server action: event("submit", origin=path("/origin"))."""
    return EventAction(event=Event(name=name, context=context))


# -- components -----------------------------------------------------------------------------------


class ComponentBase(A2uiModel):
    id: str
    accessibility: AccessibilityAttributes | None = None
    weight: Number | None = None
    visible: DynamicBoolean | None = None


class Checkable(ComponentBase):
    checks: list[CheckRule] | None = None


class Text(ComponentBase):
    component: Literal["Text"] = "Text"
    text: DynamicString
    variant: Literal["h1", "h2", "h3", "h4", "h5", "caption", "body"] | None = None


class Image(ComponentBase):
    component: Literal["Image"] = "Image"
    url: DynamicString
    description: DynamicString | None = None
    fit: Literal["contain", "cover", "fill", "none", "scaleDown"] | None = None
    variant: (
        Literal["icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header"] | None
    ) = None


class SvgIcon(A2uiModel):
    svg_path: str


class Icon(ComponentBase):
    component: Literal["Icon"] = "Icon"
    name: StrictStr | SvgIcon | DataBinding


class Video(ComponentBase):
    component: Literal["Video"] = "Video"
    url: DynamicString


class AudioPlayer(ComponentBase):
    component: Literal["AudioPlayer"] = "AudioPlayer"
    url: DynamicString
    description: DynamicString | None = None


Justify = Literal["center", "end", "spaceAround", "spaceBetween", "spaceEvenly", "start", "stretch"]
Align = Literal["start", "center", "end", "stretch"]


class Row(ComponentBase):
    component: Literal["Row"] = "Row"
    children: ChildList
    justify: Justify | None = None
    align: Align | None = None


class Column(ComponentBase):
    component: Literal["Column"] = "Column"
    children: ChildList
    justify: Justify | None = None
    align: Align | None = None


class List(ComponentBase):
    component: Literal["List"] = "List"
    children: ChildList
    direction: Literal["vertical", "horizontal"] | None = None
    align: Align | None = None


class Card(ComponentBase):
    component: Literal["Card"] = "Card"
    child: str


class TabItem(A2uiModel):
    title: DynamicString
    child: str


class Tabs(ComponentBase):
    component: Literal["Tabs"] = "Tabs"
    tabs: list[TabItem] = Field(min_length=1)


class Modal(ComponentBase):
    component: Literal["Modal"] = "Modal"
    trigger: str
    content: str


class Divider(ComponentBase):
    component: Literal["Divider"] = "Divider"
    axis: Literal["horizontal", "vertical"] | None = None


class Button(Checkable):
    component: Literal["Button"] = "Button"
    child: str
    action: Action
    variant: Literal["default", "primary", "borderless"] | None = None


class TextField(Checkable):
    component: Literal["TextField"] = "TextField"
    label: DynamicString
    value: DynamicString | None = None
    variant: Literal["longText", "number", "shortText", "obscured"] | None = None
    validation_regexp: str | None = None


class CheckBox(Checkable):
    component: Literal["CheckBox"] = "CheckBox"
    label: DynamicString
    value: DynamicBoolean


class ChoiceOption(A2uiModel):
    label: DynamicString
    value: str


class ChoicePicker(Checkable):
    component: Literal["ChoicePicker"] = "ChoicePicker"
    options: list[ChoiceOption]
    value: DynamicStringList
    label: DynamicString | None = None
    variant: Literal["multipleSelection", "mutuallyExclusive"] | None = None
    display_style: Literal["checkbox", "chips"] | None = None
    filterable: bool | None = None


class Slider(Checkable):
    component: Literal["Slider"] = "Slider"
    value: DynamicNumber
    max: Number
    min: Number | None = None
    label: DynamicString | None = None


class DateTimeInput(Checkable):
    component: Literal["DateTimeInput"] = "DateTimeInput"
    value: DynamicString
    enable_date: bool | None = None
    enable_time: bool | None = None
    min: DynamicString | None = None
    max: DynamicString | None = None
    label: DynamicString | None = None


class TableColumn(A2uiModel):
    key: str
    label: DynamicString | None = None
    format: Literal[TABLE_FORMATS] | None = None  # type: ignore[valid-type]
    currency: str | None = None


class Table(ComponentBase):
    component: Literal["Table"] = "Table"
    artifact_id: str | None = None
    rows: DataBinding | None = None
    columns: list[TableColumn] | None = None
    caption: DynamicString | None = None
    page_size: int | None = None
    sortable: bool | None = None


class Chart(ComponentBase):
    component: Literal["Chart"] = "Chart"
    artifact_id: str
    title: DynamicString | None = None
    height: Literal["small", "medium", "large"] | None = None


class SqlBlock(ComponentBase):
    component: Literal["SqlBlock"] = "SqlBlock"
    sql: DynamicString
    title: DynamicString | None = None
    artifact_id: str | None = None


Component = Annotated[
    Text
    | Image
    | Icon
    | Video
    | AudioPlayer
    | Row
    | Column
    | List
    | Card
    | Tabs
    | Modal
    | Divider
    | Button
    | TextField
    | CheckBox
    | ChoicePicker
    | Slider
    | DateTimeInput
    | Table
    | Chart
    | SqlBlock,
    Field(discriminator="component"),
]
