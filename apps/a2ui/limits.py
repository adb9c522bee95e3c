"""Limits the validator enforces on every surface, each with a default and a one-line help text.

A project may override any of them with `A2UI_LIMITS = {"max_components": 500, ...}` in its
settings. docs/a2ui.md lists them all; `tests/a2ui/test_limits_documented.py` fails when one is
missing there. The browser renderer enforces the same numbers (static/a2ui/limits.js), because
surfaces can reach it without passing the server (a replayed event, a test, a bug).
"""

from dataclasses import dataclass, fields, replace

from django.conf import settings


@dataclass(frozen=True)
class Limits:
    max_payload_bytes: int = 1_048_576
    max_messages: int = 200
    max_components: int = 1_000
    max_tree_depth: int = 32
    max_json_depth: int = 48
    max_string_length: int = 20_000
    max_path_length: int = 512
    max_path_segments: int = 32
    max_regex_length: int = 256
    max_svg_path_length: int = 4_096
    max_template_items: int = 1_000


HELP: dict[str, str] = {
    "max_payload_bytes": "Largest batch of messages, in bytes of compact JSON.",
    "max_messages": "Most messages in one batch.",
    "max_components": "Most components one surface may hold.",
    "max_tree_depth": "Deepest nesting of components below `root` (root is depth 1).",
    "max_json_depth": "Deepest nesting of JSON objects and arrays inside one message.",
    "max_string_length": "Longest string anywhere in a message, in characters.",
    "max_path_length": "Longest JSON Pointer in a `path`, in characters.",
    "max_path_segments": "Most segments in one JSON Pointer.",
    "max_regex_length": "Longest regular expression in `regex` checks and `validationRegexp`.",
    "max_svg_path_length": "Longest `svgPath` of an Icon.",
    "max_template_items": "Most children one template may expand to in the renderer.",
}


def limits() -> Limits:
    """The limits in force: the defaults, updated with `settings.A2UI_LIMITS`."""
    overrides = getattr(settings, "A2UI_LIMITS", None) or {}
    known = {f.name for f in fields(Limits)}
    unknown = set(overrides) - known
    if unknown:
        raise ValueError(f"A2UI_LIMITS has unknown keys: {', '.join(sorted(unknown))}")
    return replace(Limits(), **overrides)
