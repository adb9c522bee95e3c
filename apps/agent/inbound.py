"""Messages the browser may send on a thread's WebSocket, validated before anything runs."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, TypeAdapter

MAX_TEXT = 4000
Short = Annotated[str, Field(max_length=512)]


class RendererCapability(BaseModel):
    """What a client renders in one A2UI version. Inline catalogs are accepted on the wire
    but never used: Tessera renders only the catalogs it ships."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    supported_catalog_ids: Annotated[list[Short], Field(alias="supportedCatalogIds", max_length=50)]
    inline_catalogs: Annotated[
        list[dict[str, JsonValue]], Field(alias="inlineCatalogs", max_length=20)
    ] = []


Capabilities = Annotated[
    dict[Annotated[str, Field(max_length=20)], RendererCapability], Field(max_length=10)
]


class ClientMetadata(BaseModel):
    """A2UI's per-message client metadata: the capabilities the client declares (v0.9 and v1.0
    names), from which the run picks the A2UI version it emits (apps/a2ui/negotiation.py)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    client_capabilities: Annotated[Capabilities | None, Field(alias="a2uiClientCapabilities")] = (
        None
    )
    renderer_capabilities: Annotated[
        Capabilities | None, Field(alias="a2uiRendererCapabilities")
    ] = None

    def as_wire(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class UserText(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["message"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]
    metadata: ClientMetadata | None = None


class UserAction(BaseModel):
    """An A2UI `action` from a rendered surface (name, surface and resolved context; v1.0 may
    add the person's `userMessage`)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["action"]
    action: "ActionBody"
    metadata: ClientMetadata | None = None


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    name: Annotated[str, Field(min_length=1, max_length=100)]
    surface_id: Annotated[str, Field(alias="surfaceId", min_length=1, max_length=100)]
    source_component_id: Annotated[str, Field(alias="sourceComponentId", max_length=100)] = ""
    timestamp: str | None = None
    context: dict[str, JsonValue] = Field(default_factory=dict)
    user_message: Annotated[str | None, Field(alias="userMessage", max_length=2000)] = None
    metadata: dict[str, JsonValue] | None = None


UserAction.model_rebuild()

ClientMessage = Annotated[UserText | UserAction, Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientMessage)


def parse_client_message(content: Any) -> UserText | UserAction:
    return _CLIENT.validate_python(content)
