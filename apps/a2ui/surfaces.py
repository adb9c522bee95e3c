"""Building surfaces on the server: components + data → validated wire messages.

    messages = surface_build("answer-12", [Column(id="root", children=[...]), ...], data={...})
    artifact = surface_artifact("answer-12", messages)   # what the `a2ui_surface` artifact holds

    template = surface_template(components)          # built and checked once, kept by the caller
    messages = surface_from_template(template, "answer-13")

Every function here returns messages that passed `surface_check`, so a bug in a builder fails
loudly on the server instead of drawing something broken in a browser.
"""

from collections.abc import Sequence
from typing import Any

import orjson

from apps.a2ui.catalog import CATALOG_ID
from apps.a2ui.messages import (
    CreateSurface,
    CreateSurfaceMessage,
    UpdateComponents,
    UpdateComponentsMessage,
    UpdateDataModel,
    UpdateDataModelMessage,
)
from apps.a2ui.models import Component
from apps.a2ui.validator import surface_check


def surface_build(
    surface_id: str,
    components: Sequence[Component],
    *,
    data: dict[str, Any] | None = None,
    send_data_model: bool = False,
) -> list[dict[str, Any]]:
    """createSurface + updateComponents (+ updateDataModel) for a new surface, validated."""
    messages: list[Any] = [
        CreateSurfaceMessage(
            create_surface=CreateSurface(
                surface_id=surface_id,
                catalog_id=CATALOG_ID,
                send_data_model=send_data_model or None,
            )
        ),
        UpdateComponentsMessage(
            update_components=UpdateComponents(surface_id=surface_id, components=list(components))
        ),
    ]
    if data is not None:
        messages.append(
            UpdateDataModelMessage(
                update_data_model=UpdateDataModel(surface_id=surface_id, value=data)
            )
        )
    return surface_check([message.to_wire() for message in messages])


# The longest id a surface may have: a template that fits the payload limit with it fits with
# any valid id, and nothing else the validator checks depends on the id.
TEMPLATE_ID = "t" * 128


def surface_template(
    components: Sequence[Component], *, data: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """`surface_build`'s messages under `TEMPLATE_ID`, for a caller that keeps them and makes
    many surfaces of the same content with `surface_from_template` (validated once)."""
    return surface_build(TEMPLATE_ID, components, data=data)


def surface_from_template(template: list[dict[str, Any]], surface_id: str) -> list[dict[str, Any]]:
    """What `surface_build(surface_id, ...)` returns for the template's components: a fresh
    copy with the surface id in place of `TEMPLATE_ID`, the id checked as the whole surface
    would check it (SurfaceInvalid otherwise)."""
    surface_check(
        CreateSurfaceMessage(
            create_surface=CreateSurface(surface_id=surface_id, catalog_id=CATALOG_ID)
        ).to_wire()
    )
    messages = orjson.loads(orjson.dumps(template))  # wire JSON: plain dicts, lists, scalars
    for message in messages:
        for body in message.values():
            if isinstance(body, dict) and body.get("surfaceId") == TEMPLATE_ID:
                body["surfaceId"] = surface_id
    return messages


def surface_artifact(surface_id: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """The payload of an `a2ui_surface` artifact: {"surface_id": ..., "messages": [...]}."""
    return {"surface_id": surface_id, "messages": messages}
