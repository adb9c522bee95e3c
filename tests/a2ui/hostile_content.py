"""Hostile text and keys: script, style and handlers in text; prototype keys and paths;
components, properties, functions and catalogs that are not in Tessera's catalog."""

from apps.a2ui import problems as P
from apps.a2ui.catalog import CATALOG_ID
from tests.a2ui.hostile_messages import (
    KEY,
    MARKUP,
    PWN,
    SID,
    Case,
    button,
    components_message,
    create_message,
    data_message,
    surface,
    text,
)

CONTENT_CASES: list[Case] = [
    # -- script, style and handlers in text -------------------------------------------------
    Case("script tag in text", surface(text(f"<script>{PWN}</script>")), MARKUP),
    Case("style tag in text", surface(text("<style>body{display:none}</style>Hi")), MARKUP),
    Case("img onerror in text", surface(text(f"<img src=x onerror={PWN}>")), MARKUP),
    Case("svg onload in text", surface(text(f"<svg/onload={PWN}>")), MARKUP),
    Case(
        "iframe srcdoc in text",
        surface(text(f'<iframe srcdoc="<script>{PWN}</script>">')),
        MARKUP,
    ),
    Case(
        "event handler string in a label",
        surface(button({"event": {"name": "x"}})[0], text(f'Click" onclick="{PWN}', "root-label")),
        MARKUP,
    ),
    Case(
        "script in a bound data value",
        surface(text({"path": "/msg"}), data={"msg": f"<script>{PWN}</script>"}),
        MARKUP,
    ),
    Case(
        "script in a TextField label",
        surface(
            {
                "id": "root",
                "component": "TextField",
                "label": f"<script>{PWN}</script>",
                "value": {"path": "/v"},
            }
        ),
        MARKUP,
    ),
    Case(
        "handler in a choice label",
        surface(
            {
                "id": "root",
                "component": "ChoicePicker",
                "value": {"path": "/c"},
                "options": [{"label": f"<b onmouseover={PWN}>A</b>", "value": "a"}],
            }
        ),
        MARKUP,
    ),
    Case(
        "markup in the theme",
        [
            create_message(theme={"agentDisplayName": f"<script>{PWN}</script>"}),
            components_message(text("Hi")),
        ],
        MARKUP,
    ),
    Case("markdown link to javascript:", surface(text(f"[click me](javascript:{PWN})")), MARKUP),
    Case("CSS expression in text", surface(text("width: expression(alert(1))")), MARKUP),
    Case(
        "formatString producing a tag",
        surface(text({"call": "formatString", "args": {"value": "<script>${/x}</script>"}})),
        MARKUP,
    ),
    # -- prototype keys and paths -----------------------------------------------------------
    Case(
        "__proto__ key in data",
        [
            create_message(),
            components_message(text({"path": "/a"})),
            {
                "version": "v0.9",
                "updateDataModel": {
                    "surfaceId": SID,
                    "value": {"__proto__": {"polluted": True}, "a": "x"},
                },
            },
        ],
        KEY,
    ),
    Case(
        "__proto__ in an updateDataModel path",
        [
            create_message(),
            components_message(text("x")),
            data_message(True, "/__proto__/polluted"),
        ],
        KEY,
    ),
    Case(
        "constructor.prototype in a binding",
        surface(text({"path": "/constructor/prototype/polluted"})),
        KEY,
    ),
    Case(
        "__proto__ key on a component",
        surface({"id": "root", "component": "Text", "text": "x", "__proto__": {"polluted": True}}),
        KEY,
    ),
    Case(
        "__proto__ key in an action context",
        surface(*button({"event": {"name": "go", "context": {"__proto__": {"polluted": True}}}})),
        KEY,
    ),
    Case(
        "prototype in a template path",
        surface(
            {
                "id": "root",
                "component": "List",
                "children": {"componentId": "t", "path": "/prototype"},
            },
            text("x", "t"),
        ),
        KEY,
    ),
    # -- not in the catalog -----------------------------------------------------------------
    Case(
        "unknown component Script",
        surface({"id": "root", "component": "Script", "src": "https://evil.example/x.js"}),
        frozenset({P.UNKNOWN_COMPONENT}),
    ),
    Case(
        "unknown component Html",
        surface({"id": "root", "component": "Html", "html": "<b>x</b>"}),
        frozenset({P.UNKNOWN_COMPONENT, P.MARKUP_IN_TEXT}),
    ),
    Case(
        "innerHTML property on Text",
        surface({"id": "root", "component": "Text", "text": "x", "innerHTML": "<b>x</b>"}),
        frozenset({P.UNKNOWN_PROPERTY}),
    ),
    Case(
        "unknown function eval",
        surface(text({"call": "eval", "args": {"code": PWN}})),
        frozenset({P.UNKNOWN_FUNCTION}),
    ),
    Case(
        "unknown function in a template",
        surface(text({"call": "formatString", "args": {"value": "${eval(code:'1')}"}})),
        frozenset({P.UNKNOWN_FUNCTION}),
    ),
    Case(
        "unknown catalog",
        [
            {
                "version": "v0.9",
                "createSurface": {
                    "surfaceId": SID,
                    "catalogId": "https://evil.example/catalog.json",
                },
            },
            components_message(text("x")),
        ],
        frozenset({P.UNKNOWN_CATALOG}),
    ),
    Case(
        "wrong protocol version",
        [{"version": "v0.8", "createSurface": {"surfaceId": SID, "catalogId": CATALOG_ID}}],
        frozenset({P.UNSUPPORTED_VERSION}),
    ),
    Case(
        "markup in a surface id",
        [create_message("<script>alert(1)</script>")],
        frozenset({P.INVALID_SURFACE_ID, P.MARKUP_IN_TEXT}),
    ),
    Case(
        "theme color injection",
        [
            create_message(theme={"primaryColor": "red;background:url(https://evil.example/x)"}),
            components_message(text("x")),
        ],
        frozenset({P.SCHEMA}),
    ),
    Case(
        "svgPath with markup",
        surface(
            {"id": "root", "component": "Icon", "name": {"svgPath": '"/><script>alert(1)</script>'}}
        ),
        frozenset({P.INVALID_SVG_PATH, P.MARKUP_IN_TEXT}),
    ),
]
