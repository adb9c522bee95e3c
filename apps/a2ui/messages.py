"""A2UI v0.9 wire messages: server to client (createSurface, updateComponents,
updateDataModel, deleteSurface) and client to server (action, error).

Server code builds them around the components of apps/a2ui/models.py and dumps them with
`to_wire()`. Messages arriving from the browser are parsed with `client_message_parse`.
"""

from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    field_validator,
    model_serializer,
)
from pydantic.alias_generators import to_camel

from apps.a2ui.catalog import CATALOG_ID, PROTOCOL_VERSION
from apps.a2ui.models import A2uiModel, Component, Version


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


class _Message(A2uiModel):
    """Every message names the protocol version it speaks."""

    version: Version = PROTOCOL_VERSION


class CreateSurfaceMessage(_Message):
    create_surface: CreateSurface


class UpdateComponentsMessage(_Message):
    update_components: UpdateComponents


class UpdateDataModelMessage(_Message):
    update_data_model: UpdateDataModel


class DeleteSurfaceMessage(_Message):
    delete_surface: DeleteSurface


# Each server message's key on the wire and its field on the model.
_SERVER_KINDS = (
    ("createSurface", "create_surface"),
    ("updateComponents", "update_components"),
    ("updateDataModel", "update_data_model"),
    ("deleteSurface", "delete_surface"),
)


def _server_kind(value: Any) -> str | None:
    for key, attribute in _SERVER_KINDS:
        present = key in value if isinstance(value, dict) else hasattr(value, attribute)
        if present:
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


class ActionMessage(_Message):
    action: ActionEvent


class ClientError(BaseModel):
    """A client-side error; VALIDATION_FAILED errors carry the `path` that failed."""

    model_config = ConfigDict(extra="allow", alias_generator=to_camel, validate_by_name=True)

    code: str = Field(max_length=100)
    surface_id: str = Field(max_length=128)
    message: str = Field(max_length=2000)
    path: str | None = None


class ErrorMessage(_Message):
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
