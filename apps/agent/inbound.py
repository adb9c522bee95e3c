"""Messages the browser may send on a thread's WebSocket, validated before anything runs."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, TypeAdapter

MAX_TEXT = 4000


class UserText(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["message"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]


class UserAction(BaseModel):
    """An A2UI v0.9 `action` from a rendered surface (name, surface and resolved context)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["action"]
    action: "ActionBody"


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    name: Annotated[str, Field(min_length=1, max_length=100)]
    surface_id: Annotated[str, Field(alias="surfaceId", min_length=1, max_length=100)]
    source_component_id: Annotated[str, Field(alias="sourceComponentId", max_length=100)] = ""
    timestamp: str | None = None
    context: dict[str, JsonValue] = Field(default_factory=dict)


UserAction.model_rebuild()

ClientMessage = Annotated[UserText | UserAction, Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientMessage)


def parse_client_message(content: Any) -> UserText | UserAction:
    return _CLIENT.validate_python(content)
