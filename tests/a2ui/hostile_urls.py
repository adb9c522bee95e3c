"""Hostile URLs: every URL-bearing property and openUrl refuse all but https: and Tessera's
artifact paths."""

from tests.a2ui.hostile_messages import (
    MARKUP,
    PWN,
    URL,
    Case,
    button,
    components_message,
    create_message,
    data_message,
    image,
    surface,
    text,
)


def _open_url(url: str) -> list:
    return surface(
        *button({"functionCall": {"call": "openUrl", "args": {"url": url}}}),
    )


URL_CASES: list[Case] = [
    # -- URLs -------------------------------------------------------------------------------
    Case("javascript: image URL", surface(image(f"javascript:{PWN}")), URL | MARKUP),
    Case(
        "data:text/html image URL",
        surface(image("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==")),
        URL | MARKUP,
    ),
    Case(
        "data:image/svg+xml image URL",
        surface(image("data:image/svg+xml,<svg onload=alert(1)>")),
        URL | MARKUP,
    ),
    Case(
        "javascript: URL through a binding",
        surface(image({"path": "/u"}), data={"u": f"javascript:{PWN}"}),
        URL | MARKUP,
    ),
    Case("http: image URL", surface(image("http://tracker.example/pixel.gif")), URL),
    Case("protocol-relative image URL", surface(image("//tracker.example/pixel.gif")), URL),
    Case(
        "vbscript: video URL",
        surface({"id": "root", "component": "Video", "url": "vbscript:msgbox(1)"}),
        URL | MARKUP,
    ),
    Case(
        "http: audio URL",
        surface({"id": "root", "component": "AudioPlayer", "url": "http://evil.example/a.mp3"}),
        URL,
    ),
    Case(
        "openUrl to javascript:",
        surface(
            *button(
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
        surface(
            *button(
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
        [create_message(theme={"iconUrl": "javascript:alert(1)"}), components_message(text("Hi"))],
        URL | MARKUP,
    ),
    Case(
        "bound image URL in a template",
        [
            create_message(),
            components_message(
                {
                    "id": "root",
                    "component": "List",
                    "children": {"componentId": "img", "path": "/items"},
                },
                {"id": "img", "component": "Image", "url": {"path": "src"}},
            ),
            data_message(
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
    # -- more URL schemes: every URL-bearing property and openUrl refuse all but https:/artifacts
    Case("file: image URL", surface(image("file:///etc/passwd")), URL),
    Case("blob: image URL", surface(image("blob:https://evil.example/1")), URL),
    Case(
        "ftp: audio URL",
        surface({"id": "root", "component": "AudioPlayer", "url": "ftp://evil.example/a"}),
        URL,
    ),
    Case(
        "upper-case JAVASCRIPT: video URL",
        surface({"id": "root", "component": "Video", "url": f"JAVASCRIPT:{PWN}"}),
        URL | MARKUP,
    ),
    Case(
        "tab inside java\tscript: image URL",
        surface(image("java\tscript:alert(1)")),
        URL | MARKUP,
    ),
    Case("openUrl to http:", _open_url("http://evil.example/"), URL),
    Case("openUrl to file:", _open_url("file:///etc/passwd"), URL),
    Case("openUrl to a protocol-relative URL", _open_url("//evil.example/"), URL),
    Case("openUrl with credentials", _open_url("https://user:pass@evil.example/"), URL),
    Case(
        "data: theme icon",
        [
            create_message(theme={"iconUrl": "data:image/svg+xml,<svg onload=alert(1)>"}),
            components_message(text("Hi")),
        ],
        URL | MARKUP,
    ),
]
