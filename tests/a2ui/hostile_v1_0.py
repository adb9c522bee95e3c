"""The hostile corpus in A2UI v1.0: what v1.0 adds for an attacker to try — components and data
that arrive with createSurface, per-component catalogs, agent-to-renderer function calls,
metadata and userMessage, accessibility attributes, versions mixed on one surface.

Same contract as tests/a2ui/hostile.py: the validator reports one of the codes, and pushed
straight into the browser renderer the payload runs nothing, loads nothing and breaks nothing.
"""

from apps.a2ui import problems as P
from apps.a2ui.catalog import CATALOG_ID, CATALOG_ID_V1
from tests.a2ui.hostile_messages import PWN, Case

SID = "hostile1"
URL, MARKUP = frozenset({P.UNSAFE_URL}), frozenset({P.MARKUP_IN_TEXT})


def _create(components=None, data=None, catalog_id=CATALOG_ID_V1, **extra) -> dict:
    body = {"surfaceId": SID, "catalogId": catalog_id, **extra}
    if components is not None:
        body["components"] = components
    if data is not None:
        body["dataModel"] = data
    return {"version": "v1.0", "createSurface": body}


def _text(text, id_="root") -> dict:
    return {"id": id_, "component": "Text", "text": text}


def _button(action, id_="root") -> list[dict]:
    return [
        {"id": id_, "component": "Button", "child": f"{id_}_label", "action": action},
        _text("Go", f"{id_}_label"),
    ]


CASES_V1: list[Case] = [
    Case(
        "v1 script in createSurface components",
        [_create([_text(f"<script>{PWN}</script>")])],
        MARKUP,
    ),
    Case(
        "v1 javascript: image URL bound to the initial data model",
        [
            _create(
                [{"id": "root", "component": "Image", "url": {"path": "/u"}}],
                data={"u": f"javascript:{PWN}"},
            )
        ],
        URL | MARKUP,
    ),
    Case(
        "v1 data: video poster",
        [
            _create(
                [
                    {
                        "id": "root",
                        "component": "Video",
                        "url": "/artifacts/v.mp4",
                        "posterUrl": "data:image/svg+xml,<svg onload=alert(1)>",
                    }
                ]
            )
        ],
        URL | MARKUP,
    ),
    Case(
        "v1 component from a foreign catalog",
        [_create([{**_text("hi"), "catalogId": "https://evil.example/catalog.json"}])],
        frozenset({P.UNKNOWN_CATALOG}),
    ),
    Case(
        "v1 component from a v0.9 catalog",
        [_create([{**_text("hi"), "catalogId": CATALOG_ID}])],
        frozenset({P.VERSION_MISMATCH}),
    ),
    Case(
        "v1 agent calls openUrl in the renderer",
        [
            {
                "version": "v1.0",
                "callRendererFunction": {
                    "functionCallId": "c1",
                    "callFunction": {
                        "call": "openUrl",
                        "catalogId": CATALOG_ID_V1,
                        "args": {"url": "https://evil.example/"},
                    },
                },
            }
        ],
        frozenset({P.CALLER_NOT_ALLOWED}),
    ),
    Case(
        "v1 openUrl action to javascript:",
        [
            _create(
                _button({"functionCall": {"call": "openUrl", "args": {"url": f"javascript:{PWN}"}}})
            )
        ],
        URL | MARKUP,
    ),
    Case(
        "v1 markup in an event's userMessage",
        [_create(_button({"event": {"name": "go", "userMessage": f"<img src=x onerror={PWN}>"}}))],
        MARKUP,
    ),
    Case(
        "v1 prototype key in metadata extensions",
        [_create([_text("hi")], metadata={"extensions": {"__proto__": {"polluted": 1}}})],
        frozenset({P.FORBIDDEN_KEY, P.INVALID_IDENTIFIER}),
    ),
    Case(
        "v1 prototype path in the data model",
        [
            _create([_text({"path": "/a"})], data={"a": "x"}),
            {
                "version": "v1.0",
                "updateDataModel": {"surfaceId": SID, "path": "/__proto__/polluted", "value": 1},
            },
        ],
        frozenset({P.INVALID_PATH}),
    ),
    Case(
        "v1 script in an aria-live value",
        [_create([{**_text("hi"), "accessibility": {"live": f"<script>{PWN}</script>"}}])],
        MARKUP | {P.SCHEMA},
    ),
    Case(
        "v1 message on a v0.9 surface",
        [
            {"version": "v0.9", "createSurface": {"surfaceId": SID, "catalogId": CATALOG_ID}},
            {
                "version": "v1.0",
                "updateComponents": {
                    "surfaceId": SID,
                    "components": [{"id": "root", "component": "Image", "url": "/x.png"}],
                },
            },
        ],
        frozenset({P.VERSION_MISMATCH}),
    ),
    Case(
        "v1 update before createSurface",
        [
            {
                "version": "v1.0",
                "updateComponents": {"surfaceId": SID, "components": [_text("early")]},
            }
        ],
        frozenset({P.UNKNOWN_SURFACE}),
    ),
    Case(
        "v1 component id that is not an identifier",
        [_create([{"id": "root", "component": "Column", "children": ["a b"]}, _text("x", "a b")])],
        frozenset({P.INVALID_IDENTIFIER}),
    ),
]
