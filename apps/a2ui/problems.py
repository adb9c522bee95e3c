"""What the validator reports: a code, a JSON Pointer into the payload and a message.

The codes are stable (the model and tests match on them); docs/a2ui.md explains each.
"""

from dataclasses import dataclass

INVALID_JSON = "invalid_json"
NOT_AN_OBJECT = "not_an_object"
INVALID_MESSAGE = "invalid_message"
UNSUPPORTED_VERSION = "unsupported_version"
SCHEMA = "schema"
UNKNOWN_PROPERTY = "unknown_property"
MISSING_PROPERTY = "missing_property"
UNKNOWN_CATALOG = "unknown_catalog"
UNKNOWN_COMPONENT = "unknown_component"
UNKNOWN_FUNCTION = "unknown_function"
UNKNOWN_SURFACE = "unknown_surface"
SURFACE_EXISTS = "surface_exists"
INVALID_SURFACE_ID = "invalid_surface_id"
DUPLICATE_ID = "duplicate_id"
MISSING_ROOT = "missing_root"
MULTIPLE_ROOTS = "multiple_roots"
UNRESOLVED_REFERENCE = "unresolved_reference"
CYCLE = "cycle"
ORPHAN_COMPONENT = "orphan_component"
TOO_DEEP = "too_deep"
JSON_TOO_DEEP = "json_too_deep"
PAYLOAD_TOO_LARGE = "payload_too_large"
TOO_MANY_MESSAGES = "too_many_messages"
TOO_MANY_COMPONENTS = "too_many_components"
STRING_TOO_LONG = "string_too_long"
INVALID_PATH = "invalid_path"
FORBIDDEN_KEY = "forbidden_key"
UNSAFE_URL = "unsafe_url"
MARKUP_IN_TEXT = "markup_in_text"
INVALID_EXPRESSION = "invalid_expression"
INVALID_REGEX = "invalid_regex"
UNSAFE_REGEX = "unsafe_regex"
INVALID_SVG_PATH = "invalid_svg_path"
VERSION_MISMATCH = "version_mismatch"
INVALID_IDENTIFIER = "invalid_identifier"
NOT_ALLOWED_HERE = "not_allowed_here"
CALLER_NOT_ALLOWED = "caller_not_allowed"

CODES = (
    INVALID_JSON,
    NOT_AN_OBJECT,
    INVALID_MESSAGE,
    UNSUPPORTED_VERSION,
    SCHEMA,
    UNKNOWN_PROPERTY,
    MISSING_PROPERTY,
    UNKNOWN_CATALOG,
    UNKNOWN_COMPONENT,
    UNKNOWN_FUNCTION,
    UNKNOWN_SURFACE,
    SURFACE_EXISTS,
    INVALID_SURFACE_ID,
    DUPLICATE_ID,
    MISSING_ROOT,
    MULTIPLE_ROOTS,
    UNRESOLVED_REFERENCE,
    CYCLE,
    ORPHAN_COMPONENT,
    TOO_DEEP,
    JSON_TOO_DEEP,
    PAYLOAD_TOO_LARGE,
    TOO_MANY_MESSAGES,
    TOO_MANY_COMPONENTS,
    STRING_TOO_LONG,
    INVALID_PATH,
    FORBIDDEN_KEY,
    UNSAFE_URL,
    MARKUP_IN_TEXT,
    INVALID_EXPRESSION,
    INVALID_REGEX,
    UNSAFE_REGEX,
    INVALID_SVG_PATH,
    VERSION_MISMATCH,
    INVALID_IDENTIFIER,
    NOT_ALLOWED_HERE,
    CALLER_NOT_ALLOWED,
)


@dataclass(frozen=True)
class Problem:
    code: str
    path: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "path": self.path, "message": self.message}


class SurfaceInvalid(ValueError):
    """A surface failed validation; `problems` lists everything that is wrong with it."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        first = problems[0] if problems else None
        summary = f"{first.path or '/'}: {first.message}" if first else "invalid surface"
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"A2UI surface is invalid: {summary}{more}")

    def as_dicts(self) -> list[dict[str, str]]:
        return [problem.as_dict() for problem in self.problems]
