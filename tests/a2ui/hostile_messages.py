"""What the hostile corpus is made of: a case, the v0.9 messages it sends, the codes it expects.

Payloads that could run script try to set `window.__pwned` or open a dialog (PWN), so a
browser test notices if one ever does.
"""

import json
from dataclasses import dataclass

from apps.a2ui import problems as P
from apps.a2ui.catalog import CATALOG_ID

SID = "hostile"
PWN = "window.__pwned=1;alert(1)"


@dataclass(frozen=True)
class Case:
    name: str
    messages: list
    codes: frozenset[str]
    # JSON text of the messages, for payloads too deep for Python's json.dumps.
    text: str | None = None

    def json(self) -> str:
        return self.text if self.text is not None else json.dumps(self.messages)


def create_message(surface_id: str = SID, **extra) -> dict:
    return {
        "version": "v0.9",
        "createSurface": {"surfaceId": surface_id, "catalogId": CATALOG_ID, **extra},
    }


def components_message(*components: dict, surface_id: str = SID) -> dict:
    return {
        "version": "v0.9",
        "updateComponents": {"surfaceId": surface_id, "components": list(components)},
    }


def data_message(value, path: str | None = None, surface_id: str = SID) -> dict:
    body = {"surfaceId": surface_id, "value": value}
    if path is not None:
        body["path"] = path
    return {"version": "v0.9", "updateDataModel": body}


def surface(*parts: dict, data=None) -> list:
    messages = [create_message(), components_message(*parts)]
    if data is not None:
        messages.append(data_message(data))
    return messages


def text(value, id_: str = "root") -> dict:
    return {"id": id_, "component": "Text", "text": value}


def button(action: dict, id_: str = "root") -> list[dict]:
    return [
        {"id": id_, "component": "Button", "child": f"{id_}-label", "action": action},
        text("Go", f"{id_}-label"),
    ]


def image(url) -> dict:
    return {"id": "root", "component": "Image", "url": url}


MARKUP = frozenset({P.MARKUP_IN_TEXT})
URL = frozenset({P.UNSAFE_URL})
KEY = frozenset({P.FORBIDDEN_KEY, P.INVALID_PATH})
ORDER = frozenset({P.UNKNOWN_SURFACE})
