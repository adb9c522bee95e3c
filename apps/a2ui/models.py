"""Pydantic models of the A2UI v0.9 protocol and of Tessera's catalog.

Server code builds surfaces with these (snake_case fields, camelCase on the wire) and dumps
them with `to_wire()`; the dumps validate against the official JSON schemas. Client messages
(`action`, `error`) arriving from the browser are parsed with `client_message_parse`.

Agent output is *not* parsed with these models: it goes through the validator, which reports
every problem with a JSON Pointer the model can act on.
"""

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    Tag,
    TypeAdapter,
    field_validator,
    model_serializer,
)
from pydantic.alias_generators import to_camel

from apps.a2ui.catalog import CATALOG_ID, PROTOCOL_VERSION, TABLE_FORMATS

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


# -- server to client -----------------------------------------------------------------------------


class Theme(BaseModel):
    """Theme of a surface. Tessera's pages take colors from their own tokens; `primaryColor`
    is honoured inside the surface only."""

    model_config = ConfigDict(extra="allow", alias_generator=to_camel, validate_by_name=True)

    primary_color: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")] | None = None
    icon_url: str | None = None
    agent_display_name: str | None = None


class CreateSurface(A2uiModel):
    surface_id: str
    catalog_id: str = CATALOG_ID
    theme: Theme | None = None
    send_data_model: bool | None = None


class UpdateComponents(A2uiModel):
    surface_id: str
    components: list[Component] = Field(min_length=1)


class UpdateDataModel(A2uiModel):
    """Replace the value at `path` ("/" or omitted: the whole model). Leave `value` unset to
    remove the key; an explicit None sets JSON null."""

    surface_id: str
    path: str | None = None
    value: Any = None

    @model_serializer(mode="wrap")
    def _keep_explicit_value(self, handler):
        data = handler(self)
        if "value" in self.model_fields_set:
            data["value"] = (
                self.value
                if not isinstance(self.value, BaseModel)
                else self.value.model_dump(mode="json", by_alias=True, exclude_none=True)
            )
        else:
            data.pop("value", None)
        return data


class DeleteSurface(A2uiModel):
    surface_id: str


class CreateSurfaceMessage(A2uiModel):
    version: Version = PROTOCOL_VERSION
    create_surface: CreateSurface


class UpdateComponentsMessage(A2uiModel):
    version: Version = PROTOCOL_VERSION
    update_components: UpdateComponents


class UpdateDataModelMessage(A2uiModel):
    version: Version = PROTOCOL_VERSION
    update_data_model: UpdateDataModel


class DeleteSurfaceMessage(A2uiModel):
    version: Version = PROTOCOL_VERSION
    delete_surface: DeleteSurface


def _server_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        for key in ("createSurface", "updateComponents", "updateDataModel", "deleteSurface"):
            if key in value:
                return key
        return None
    for key, attribute in (
        ("createSurface", "create_surface"),
        ("updateComponents", "update_components"),
        ("updateDataModel", "update_data_model"),
        ("deleteSurface", "delete_surface"),
    ):
        if hasattr(value, attribute):
            return key
    return None


ServerMessage = Annotated[
    Annotated[CreateSurfaceMessage, Tag("createSurface")]
    | Annotated[UpdateComponentsMessage, Tag("updateComponents")]
    | Annotated[UpdateDataModelMessage, Tag("updateDataModel")]
    | Annotated[DeleteSurfaceMessage, Tag("deleteSurface")],
    Discriminator(_server_kind),
]
server_message_adapter: TypeAdapter[Any] = TypeAdapter(ServerMessage)


# -- client to server -----------------------------------------------------------------------------


class ActionEvent(A2uiModel):
    """What the browser sends when a person uses a Button: the resolved action context."""

    name: str = Field(max_length=200)
    surface_id: str = Field(max_length=128)
    source_component_id: str = Field(max_length=200)
    timestamp: str
    context: dict[str, Any]

    @field_validator("timestamp")
    @classmethod
    def _iso_timestamp(cls, value: str) -> str:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
        return value


class ActionMessage(A2uiModel):
    version: Version = PROTOCOL_VERSION
    action: ActionEvent


class ClientError(BaseModel):
    """A client-side error; VALIDATION_FAILED errors carry the `path` that failed."""

    model_config = ConfigDict(extra="allow", alias_generator=to_camel, validate_by_name=True)

    code: str = Field(max_length=100)
    surface_id: str = Field(max_length=128)
    message: str = Field(max_length=2000)
    path: str | None = None


class ErrorMessage(A2uiModel):
    version: Version = PROTOCOL_VERSION
    error: ClientError


def _client_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        has_action, has_error = "action" in value, "error" in value
    else:
        has_action, has_error = hasattr(value, "action"), hasattr(value, "error")
    if has_action == has_error:
        return None
    return "action" if has_action else "error"


ClientMessage = Annotated[
    Annotated[ActionMessage, Tag("action")] | Annotated[ErrorMessage, Tag("error")],
    Discriminator(_client_kind),
]
client_message_adapter: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def action_message(
    *, name: str, surface_id: str, source_component_id: str, context: dict[str, Any]
) -> ActionMessage:
    """An action message as the browser would send it (for tests and server-side replays)."""
    return ActionMessage(
        action=ActionEvent(
            name=name,
            surface_id=surface_id,
            source_component_id=source_component_id,
            timestamp=datetime.now(UTC).isoformat().replace("+00:00", "Z"),
            context=context,
        )
    )


MAX_CLIENT_MESSAGE_BYTES = 65_536


def client_message_parse(raw: str | bytes | dict) -> ActionMessage | ErrorMessage:
    """A client-to-server message from the browser, validated; raises pydantic.ValidationError
    (or ValueError for oversized or non-JSON input)."""
    if isinstance(raw, str | bytes):
        if len(raw) > MAX_CLIENT_MESSAGE_BYTES:
            raise ValueError(f"client message larger than {MAX_CLIENT_MESSAGE_BYTES} bytes")
        return client_message_adapter.validate_json(raw)
    return client_message_adapter.validate_python(raw)
