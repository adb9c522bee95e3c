"""The hostile corpus: surfaces a wrong or hijacked agent might send.

Each case is a payload (a list of messages) and the problem codes the validator must report
for it (at least one of them). tests/a2ui/test_hostile.py checks the validator;
tests/a2ui/test_browser_hostile.py pushes the same payloads straight into the browser renderer
and checks that nothing runs, loads or breaks.

Payloads that could run script try to set `window.__pwned` or open a dialog, so a browser test
notices if one ever does.
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


def _create(surface_id: str = SID, **extra) -> dict:
    return {
        "version": "v0.9",
        "createSurface": {"surfaceId": surface_id, "catalogId": CATALOG_ID, **extra},
    }


def _components(*components: dict, surface_id: str = SID) -> dict:
    return {
        "version": "v0.9",
        "updateComponents": {"surfaceId": surface_id, "components": list(components)},
    }


def _data(value, path: str | None = None, surface_id: str = SID) -> dict:
    body = {"surfaceId": surface_id, "value": value}
    if path is not None:
        body["path"] = path
    return {"version": "v0.9", "updateDataModel": body}


def _surface(*components: dict, data=None) -> list:
    messages = [_create(), _components(*components)]
    if data is not None:
        messages.append(_data(data))
    return messages


def _text(text, id_: str = "root") -> dict:
    return {"id": id_, "component": "Text", "text": text}


def _button(action: dict, id_: str = "root") -> list[dict]:
    return [
        {"id": id_, "component": "Button", "child": f"{id_}-label", "action": action},
        _text("Go", f"{id_}-label"),
    ]


def _image(url) -> dict:
    return {"id": "root", "component": "Image", "url": url}


def _nested_array(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _chain(length: int) -> list[dict]:
    ids = ["root", *[f"c{i}" for i in range(1, length)]]
    components = [
        {"id": ids[i], "component": "Column", "children": [ids[i + 1]]} for i in range(length - 1)
    ]
    components.append(_text("bottom", ids[-1]))
    return components


def _nested_not(depth: int) -> dict:
    condition: dict | bool = True
    for _ in range(depth):
        condition = {"call": "not", "args": {"value": condition}}
    return condition  # type: ignore[return-value]


def _deep_text(before: list, raw_message: str) -> str:
    return "[" + ", ".join([*(json.dumps(m) for m in before), raw_message]) + "]"


MARKUP = frozenset({P.MARKUP_IN_TEXT})
URL = frozenset({P.UNSAFE_URL})
KEY = frozenset({P.FORBIDDEN_KEY, P.INVALID_PATH})
ORDER = frozenset({P.UNKNOWN_SURFACE})


def _open_url(url: str) -> list:
    return _surface(
        *_button({"functionCall": {"call": "openUrl", "args": {"url": url}}}),
    )


CASES: list[Case] = [
    # -- script, style and handlers in text -------------------------------------------------
    Case("script tag in text", _surface(_text(f"<script>{PWN}</script>")), MARKUP),
    Case("style tag in text", _surface(_text("<style>body{display:none}</style>Hi")), MARKUP),
    Case("img onerror in text", _surface(_text(f"<img src=x onerror={PWN}>")), MARKUP),
    Case("svg onload in text", _surface(_text(f"<svg/onload={PWN}>")), MARKUP),
    Case(
        "iframe srcdoc in text",
        _surface(_text(f'<iframe srcdoc="<script>{PWN}</script>">')),
        MARKUP,
    ),
    Case(
        "event handler string in a label",
        _surface(
            _button({"event": {"name": "x"}})[0], _text(f'Click" onclick="{PWN}', "root-label")
        ),
        MARKUP,
    ),
    Case(
        "script in a bound data value",
        _surface(_text({"path": "/msg"}), data={"msg": f"<script>{PWN}</script>"}),
        MARKUP,
    ),
    Case(
        "script in a TextField label",
        _surface(
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
        _surface(
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
        [_create(theme={"agentDisplayName": f"<script>{PWN}</script>"}), _components(_text("Hi"))],
        MARKUP,
    ),
    Case("markdown link to javascript:", _surface(_text(f"[click me](javascript:{PWN})")), MARKUP),
    Case("CSS expression in text", _surface(_text("width: expression(alert(1))")), MARKUP),
    Case(
        "formatString producing a tag",
        _surface(_text({"call": "formatString", "args": {"value": "<script>${/x}</script>"}})),
        MARKUP,
    ),
    # -- URLs -------------------------------------------------------------------------------
    Case("javascript: image URL", _surface(_image(f"javascript:{PWN}")), URL | MARKUP),
    Case(
        "data:text/html image URL",
        _surface(_image("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==")),
        URL | MARKUP,
    ),
    Case(
        "data:image/svg+xml image URL",
        _surface(_image("data:image/svg+xml,<svg onload=alert(1)>")),
        URL | MARKUP,
    ),
    Case(
        "javascript: URL through a binding",
        _surface(_image({"path": "/u"}), data={"u": f"javascript:{PWN}"}),
        URL | MARKUP,
    ),
    Case("http: image URL", _surface(_image("http://tracker.example/pixel.gif")), URL),
    Case("protocol-relative image URL", _surface(_image("//tracker.example/pixel.gif")), URL),
    Case(
        "vbscript: video URL",
        _surface({"id": "root", "component": "Video", "url": "vbscript:msgbox(1)"}),
        URL | MARKUP,
    ),
    Case(
        "http: audio URL",
        _surface({"id": "root", "component": "AudioPlayer", "url": "http://evil.example/a.mp3"}),
        URL,
    ),
    Case(
        "openUrl to javascript:",
        _surface(
            *_button(
                {
                    "functionCall": {
                        "call": "openUrl",
                        "args": {"url": f"javascript:{PWN}"},
                        "returnType": "void",
                    }
                }
            )
        ),
        URL | MARKUP,
    ),
    Case(
        "openUrl to a data: URL",
        _surface(
            *_button(
                {
                    "functionCall": {
                        "call": "openUrl",
                        "args": {"url": "data:text/html,<script>alert(1)</script>"},
                        "returnType": "void",
                    }
                }
            )
        ),
        URL | MARKUP,
    ),
    Case(
        "javascript: theme icon",
        [_create(theme={"iconUrl": "javascript:alert(1)"}), _components(_text("Hi"))],
        URL | MARKUP,
    ),
    Case(
        "bound image URL in a template",
        [
            _create(),
            _components(
                {
                    "id": "root",
                    "component": "List",
                    "children": {"componentId": "img", "path": "/items"},
                },
                {"id": "img", "component": "Image", "url": {"path": "src"}},
            ),
            _data(
                {
                    "items": [
                        {"src": "https://ok.example/a.png"},
                        {"src": "http://evil.example/b.png"},
                    ]
                }
            ),
        ],
        URL,
    ),
    # -- prototype keys and paths -----------------------------------------------------------
    Case(
        "__proto__ key in data",
        [
            _create(),
            _components(_text({"path": "/a"})),
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
        [_create(), _components(_text("x")), _data(True, "/__proto__/polluted")],
        KEY,
    ),
    Case(
        "constructor.prototype in a binding",
        _surface(_text({"path": "/constructor/prototype/polluted"})),
        KEY,
    ),
    Case(
        "__proto__ key on a component",
        _surface({"id": "root", "component": "Text", "text": "x", "__proto__": {"polluted": True}}),
        KEY,
    ),
    Case(
        "__proto__ key in an action context",
        _surface(*_button({"event": {"name": "go", "context": {"__proto__": {"polluted": True}}}})),
        KEY,
    ),
    Case(
        "prototype in a template path",
        _surface(
            {
                "id": "root",
                "component": "List",
                "children": {"componentId": "t", "path": "/prototype"},
            },
            _text("x", "t"),
        ),
        KEY,
    ),
    # -- not in the catalog -----------------------------------------------------------------
    Case(
        "unknown component Script",
        _surface({"id": "root", "component": "Script", "src": "https://evil.example/x.js"}),
        frozenset({P.UNKNOWN_COMPONENT}),
    ),
    Case(
        "unknown component Html",
        _surface({"id": "root", "component": "Html", "html": "<b>x</b>"}),
        frozenset({P.UNKNOWN_COMPONENT, P.MARKUP_IN_TEXT}),
    ),
    Case(
        "innerHTML property on Text",
        _surface({"id": "root", "component": "Text", "text": "x", "innerHTML": "<b>x</b>"}),
        frozenset({P.UNKNOWN_PROPERTY}),
    ),
    Case(
        "unknown function eval",
        _surface(_text({"call": "eval", "args": {"code": PWN}})),
        frozenset({P.UNKNOWN_FUNCTION}),
    ),
    Case(
        "unknown function in a template",
        _surface(_text({"call": "formatString", "args": {"value": "${eval(code:'1')}"}})),
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
            _components(_text("x")),
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
        [_create("<script>alert(1)</script>")],
        frozenset({P.INVALID_SURFACE_ID, P.MARKUP_IN_TEXT}),
    ),
    Case(
        "theme color injection",
        [
            _create(theme={"primaryColor": "red;background:url(https://evil.example/x)"}),
            _components(_text("x")),
        ],
        frozenset({P.SCHEMA}),
    ),
    Case(
        "svgPath with markup",
        _surface(
            {"id": "root", "component": "Icon", "name": {"svgPath": '"/><script>alert(1)</script>'}}
        ),
        frozenset({P.INVALID_SVG_PATH, P.MARKUP_IN_TEXT}),
    ),
    # -- structure --------------------------------------------------------------------------
    Case(
        "cycle of two",
        _surface(
            {"id": "root", "component": "Card", "child": "a"},
            {"id": "a", "component": "Card", "child": "root"},
        ),
        frozenset({P.CYCLE}),
    ),
    Case(
        "component is its own child",
        _surface({"id": "root", "component": "Card", "child": "root"}),
        frozenset({P.CYCLE}),
    ),
    Case(
        "template that repeats its ancestor",
        [
            _create(),
            _components(
                {
                    "id": "root",
                    "component": "List",
                    "children": {"componentId": "root", "path": "/items"},
                }
            ),
            _data({"items": [1, 2, 3]}),
        ],
        frozenset({P.CYCLE}),
    ),
    Case(
        "modal that triggers itself",
        _surface({"id": "root", "component": "Modal", "trigger": "root", "content": "root"}),
        frozenset({P.CYCLE}),
    ),
    Case(
        "10k-deep JSON in data",
        [_create(), _components(_text("x")), _data(_nested_array(10_000))],
        frozenset({P.JSON_TOO_DEEP}),
        text=_deep_text(
            [_create(), _components(_text("x"))],
            '{"version": "v0.9", "updateDataModel": {"surfaceId": "hostile", "value": '
            + "[" * 10_000
            + "]" * 10_000
            + "}}",
        ),
    ),
    Case(
        "10k-deep component chain",
        _surface(*_chain(10_000)),
        frozenset({P.TOO_DEEP, P.TOO_MANY_COMPONENTS}),
    ),
    Case(
        "1000-deep function nesting",
        _surface({"id": "root", "component": "Text", "text": "x", "visible": _nested_not(1_000)}),
        frozenset({P.JSON_TOO_DEEP}),
        text=_deep_text(
            [_create()],
            '{"version": "v0.9", "updateComponents": {"surfaceId": "hostile", "components": '
            '[{"id": "root", "component": "Text", "text": "x", "visible": '
            + '{"call": "not", "args": {"value": ' * 1_000
            + "true"
            + "}}" * 1_000
            + "}]}}",
        ),
    ),
    Case(
        "2 MB string",
        _surface(_text("A" * 2_000_000)),
        frozenset({P.PAYLOAD_TOO_LARGE, P.STRING_TOO_LONG}),
    ),
    Case(
        "5000 components",
        _surface(
            {"id": "root", "component": "Column", "children": [f"t{i}" for i in range(5_000)]},
            *[_text(str(i), f"t{i}") for i in range(5_000)],
        ),
        frozenset({P.TOO_MANY_COMPONENTS, P.PAYLOAD_TOO_LARGE}),
    ),
    Case(
        "duplicate ids",
        _surface(
            {"id": "root", "component": "Column", "children": ["a"]},
            _text("1", "a"),
            _text("2", "a"),
        ),
        frozenset({P.DUPLICATE_ID}),
    ),
    Case("two roots", _surface(_text("1"), _text("2")), frozenset({P.MULTIPLE_ROOTS})),
    Case("no root", _surface(_text("1", "a")), frozenset({P.MISSING_ROOT})),
    Case(
        "dangling child",
        _surface({"id": "root", "component": "Card", "child": "ghost"}),
        frozenset({P.UNRESOLVED_REFERENCE}),
    ),
    Case("bad pointer escape", _surface(_text({"path": "/a~2b"})), frozenset({P.INVALID_PATH})),
    Case(
        "relative path outside a template",
        _surface(_text({"path": "secret"})),
        frozenset({P.INVALID_PATH}),
    ),
    Case(
        "unclosed expression",
        _surface(_text({"call": "formatString", "args": {"value": "${/a"}})),
        frozenset({P.INVALID_EXPRESSION}),
    ),
    # -- regular expressions ----------------------------------------------------------------
    Case(
        "catastrophic regex check",
        _surface(
            {
                "id": "root",
                "component": "TextField",
                "label": "Code",
                "value": {"path": "/v"},
                "checks": [
                    {
                        "condition": {
                            "call": "regex",
                            "args": {"value": {"path": "/v"}, "pattern": "^(a+)+$"},
                        },
                        "message": "bad",
                    }
                ],
            },
            data={"v": "a" * 40 + "!"},
        ),
        frozenset({P.UNSAFE_REGEX}),
    ),
    Case(
        "catastrophic validationRegexp",
        _surface(
            {
                "id": "root",
                "component": "TextField",
                "label": "Code",
                "value": {"path": "/v"},
                "validationRegexp": "^(\\w+\\s?)*$",
            },
            data={"v": "a" * 40 + "!"},
        ),
        frozenset({P.UNSAFE_REGEX}),
    ),
    # -- stream order: no update, data or delete for a surface not created earlier -------------
    Case("components before createSurface", [_components(_text(PWN)), _create()], ORDER),
    Case("data model of a surface never created", [_data({"x": PWN})], ORDER),
    Case(
        "delete of a surface never created",
        [{"version": "v0.9", "deleteSurface": {"surfaceId": SID}}],
        ORDER,
    ),
    Case(
        "update after deleteSurface",
        [
            *_surface(_text("Hi")),
            {"version": "v0.9", "deleteSurface": {"surfaceId": SID}},
            _components(_image(f"javascript:{PWN}")),
        ],
        ORDER,
    ),
    Case(
        "components for another surface than the one created",
        [_create(), _components(_text("Hi"), surface_id="other")],
        ORDER,
    ),
    # -- more URL schemes: every URL-bearing property and openUrl refuse all but https:/artifacts
    Case("file: image URL", _surface(_image("file:///etc/passwd")), URL),
    Case("blob: image URL", _surface(_image("blob:https://evil.example/1")), URL),
    Case(
        "ftp: audio URL",
        _surface({"id": "root", "component": "AudioPlayer", "url": "ftp://evil.example/a"}),
        URL,
    ),
    Case(
        "upper-case JAVASCRIPT: video URL",
        _surface({"id": "root", "component": "Video", "url": f"JAVASCRIPT:{PWN}"}),
        URL | MARKUP,
    ),
    Case(
        "tab inside java\tscript: image URL",
        _surface(_image("java\tscript:alert(1)")),
        URL | MARKUP,
    ),
    Case("openUrl to http:", _open_url("http://evil.example/"), URL),
    Case("openUrl to file:", _open_url("file:///etc/passwd"), URL),
    Case("openUrl to a protocol-relative URL", _open_url("//evil.example/"), URL),
    Case("openUrl with credentials", _open_url("https://user:pass@evil.example/"), URL),
    Case(
        "data: theme icon",
        [
            _create(theme={"iconUrl": "data:image/svg+xml,<svg onload=alert(1)>"}),
            _components(_text("Hi")),
        ],
        URL | MARKUP,
    ),
]
