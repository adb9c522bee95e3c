"""Content rules for agent strings: no markup, no script URLs, only allowed URL schemes.

The renderer never interprets agent text as HTML, so these strings could not run there; the
validator refuses them anyway, so that a surface carrying them goes back to the model instead
of reaching a page (and any other consumer of the artifact, like an export).
"""

import re
from urllib.parse import urlsplit

from django.conf import settings

# Tags that load, run or restyle something in a browser.
_TAG = re.compile(
    r"<\s*/?\s*(script|style|iframe|frame|frameset|object|embed|applet|img|image|svg|math|link|"
    r"meta|base|form|input|button|textarea|select|video|audio|source|track|template|html|body|"
    r"head|a|marquee|portal|noscript|xml|xss|animate\w*|set|use|foreignobject|details)"
    r"(\s*/?\s*>|[\s/]+[^<>]*>|[\s/]+[\w:-]+\s*=)",
    re.IGNORECASE,
)
_HANDLER = re.compile(
    r"\bon(abort|afterprint|animation\w*|auxclick|before\w*|begin|blur|cancel|canplay\w*|"
    r"change|click|close|contextmenu|copy|cuechange|cut|dblclick|drag\w*|drop|durationchange|"
    r"end|ended|error|focus\w*|formdata|hashchange|input|invalid|key\w+|load\w*|message\w*|"
    r"mouse\w+|pagehide|pageshow|paste|pause|play\w*|pointer\w+|popstate|"
    r"progress|ratechange|repeat|reset|resize|scroll\w*|search|seek\w+|select\w*|show|stalled|"
    r"storage|submit|suspend|timeupdate|toggle|touch\w+|transition\w+|unload|volumechange|"
    r"waiting|wheel)\s*=",
    re.IGNORECASE,
)
_SCRIPT_SCHEME = re.compile(r"\b(javascript|vbscript|livescript)\s*:", re.IGNORECASE)
_DATA_URL = re.compile(r"^\s*data\s*:\s*[\w.+-]+/[\w.+-]+\s*[;,]", re.IGNORECASE)
_CSS_EXPRESSION = re.compile(r"expression\s*\(|url\s*\(\s*['\"]?\s*javascript", re.IGNORECASE)

_SVG_PATH = re.compile(r"^[MmZzLlHhVvCcSsQqTtAa0-9eE+\-.,\s]*$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

DEFAULT_ARTIFACT_URL_PREFIXES = ("/artifacts/",)


def markup_problem(text: str) -> str | None:
    """Why a string must not be shown, or None."""
    if _TAG.search(text):
        return "contains an HTML tag; A2UI text is plain text (Markdown subset), never HTML"
    if _HANDLER.search(text):
        return "contains an HTML event-handler attribute"
    if _SCRIPT_SCHEME.search(text):
        return "contains a script URL"
    if _DATA_URL.search(text):
        return "is a data: URL"
    if _CSS_EXPRESSION.search(text):
        return "contains a CSS expression"
    return None


def artifact_url_prefixes() -> tuple[str, ...]:
    return tuple(getattr(settings, "A2UI_ARTIFACT_URL_PREFIXES", DEFAULT_ARTIFACT_URL_PREFIXES))


def url_problem(url: str) -> str | None:
    """Why a URL may not be loaded or opened, or None. Allowed: https: URLs, and paths under
    Tessera's artifact prefixes (same origin). The empty string means "no URL" and is allowed."""
    if url == "":
        return None
    allowed = (
        "only https: URLs and Tessera artifact paths ("
        + ", ".join(artifact_url_prefixes())
        + "…) are allowed"
    )
    if _CONTROL.search(url) or "\\" in url or url != url.strip():
        return "URL contains whitespace, control characters or backslashes; " + allowed
    if url.startswith("/"):
        if url.startswith("//") or not url.startswith(artifact_url_prefixes()):
            return allowed
        if any(part in ("..", ".") for part in urlsplit(url).path.split("/")):
            return "artifact path contains '.' or '..' segments"
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return "URL does not parse; " + allowed
    if parts.scheme.lower() != "https":
        return f"scheme '{parts.scheme or '(none)'}:' is not allowed; " + allowed
    if not parts.hostname:
        return "https: URL has no host"
    if parts.username or parts.password:
        return "URL carries credentials"
    return None


def svg_path_problem(path: str, *, max_length: int) -> str | None:
    if len(path) > max_length:
        return f"svgPath is longer than {max_length} characters"
    if not _SVG_PATH.match(path):
        return "svgPath may contain only SVG path commands and numbers"
    return None
