"""Hostile structure: cycles, depth and size bombs, broken trees and references, catastrophic
regular expressions, and messages out of stream order."""

import json

from apps.a2ui import problems as P
from tests.a2ui.hostile_messages import (
    ORDER,
    PWN,
    SID,
    Case,
    components_message,
    create_message,
    data_message,
    image,
    surface,
    text,
)


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
    components.append(text("bottom", ids[-1]))
    return components


def _nested_not(depth: int) -> dict:
    condition: dict | bool = True
    for _ in range(depth):
        condition = {"call": "not", "args": {"value": condition}}
    return condition  # type: ignore[return-value]


def _deep_text(before: list, raw_message: str) -> str:
    return "[" + ", ".join([*(json.dumps(m) for m in before), raw_message]) + "]"


STRUCTURE_CASES: list[Case] = [
    # -- structure --------------------------------------------------------------------------
    Case(
        "cycle of two",
        surface(
            {"id": "root", "component": "Card", "child": "a"},
            {"id": "a", "component": "Card", "child": "root"},
        ),
        frozenset({P.CYCLE}),
    ),
    Case(
        "component is its own child",
        surface({"id": "root", "component": "Card", "child": "root"}),
        frozenset({P.CYCLE}),
    ),
    Case(
        "template that repeats its ancestor",
        [
            create_message(),
            components_message(
                {
                    "id": "root",
                    "component": "List",
                    "children": {"componentId": "root", "path": "/items"},
                }
            ),
            data_message({"items": [1, 2, 3]}),
        ],
        frozenset({P.CYCLE}),
    ),
    Case(
        "modal that triggers itself",
        surface({"id": "root", "component": "Modal", "trigger": "root", "content": "root"}),
        frozenset({P.CYCLE}),
    ),
    Case(
        "10k-deep JSON in data",
        [create_message(), components_message(text("x")), data_message(_nested_array(10_000))],
        frozenset({P.JSON_TOO_DEEP}),
        text=_deep_text(
            [create_message(), components_message(text("x"))],
            '{"version": "v0.9", "updateDataModel": {"surfaceId": "hostile", "value": '
            + "[" * 10_000
            + "]" * 10_000
            + "}}",
        ),
    ),
    Case(
        "10k-deep component chain",
        surface(*_chain(10_000)),
        frozenset({P.TOO_DEEP, P.TOO_MANY_COMPONENTS}),
    ),
    Case(
        "1000-deep function nesting",
        surface({"id": "root", "component": "Text", "text": "x", "visible": _nested_not(1_000)}),
        frozenset({P.JSON_TOO_DEEP}),
        text=_deep_text(
            [create_message()],
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
        surface(text("A" * 2_000_000)),
        frozenset({P.PAYLOAD_TOO_LARGE, P.STRING_TOO_LONG}),
    ),
    Case(
        "5000 components",
        surface(
            {"id": "root", "component": "Column", "children": [f"t{i}" for i in range(5_000)]},
            *[text(str(i), f"t{i}") for i in range(5_000)],
        ),
        frozenset({P.TOO_MANY_COMPONENTS, P.PAYLOAD_TOO_LARGE}),
    ),
    Case(
        "duplicate ids",
        surface(
            {"id": "root", "component": "Column", "children": ["a"]},
            text("1", "a"),
            text("2", "a"),
        ),
        frozenset({P.DUPLICATE_ID}),
    ),
    Case("two roots", surface(text("1"), text("2")), frozenset({P.MULTIPLE_ROOTS})),
    Case("no root", surface(text("1", "a")), frozenset({P.MISSING_ROOT})),
    Case(
        "dangling child",
        surface({"id": "root", "component": "Card", "child": "ghost"}),
        frozenset({P.UNRESOLVED_REFERENCE}),
    ),
    Case("bad pointer escape", surface(text({"path": "/a~2b"})), frozenset({P.INVALID_PATH})),
    Case(
        "relative path outside a template",
        surface(text({"path": "secret"})),
        frozenset({P.INVALID_PATH}),
    ),
    Case(
        "unclosed expression",
        surface(text({"call": "formatString", "args": {"value": "${/a"}})),
        frozenset({P.INVALID_EXPRESSION}),
    ),
    # -- regular expressions ----------------------------------------------------------------
    Case(
        "catastrophic regex check",
        surface(
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
        surface(
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
    Case(
        "components before createSurface", [components_message(text(PWN)), create_message()], ORDER
    ),
    Case("data model of a surface never created", [data_message({"x": PWN})], ORDER),
    Case(
        "delete of a surface never created",
        [{"version": "v0.9", "deleteSurface": {"surfaceId": SID}}],
        ORDER,
    ),
    Case(
        "update after deleteSurface",
        [
            *surface(text("Hi")),
            {"version": "v0.9", "deleteSurface": {"surfaceId": SID}},
            components_message(image(f"javascript:{PWN}")),
        ],
        ORDER,
    ),
    Case(
        "components for another surface than the one created",
        [create_message(), components_message(text("Hi"), surface_id="other")],
        ORDER,
    ),
]
