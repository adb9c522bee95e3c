"""Pydantic validation errors as flat items: where, what kind, the message, the input.

The studio's one place for this. The erp and a2ui planners and the viz specs flatten errors
the same way on their own (issue 17); a shared helper can replace this module later.
"""

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

VALUE_ERROR_PREFIX = "Value error, "  # pydantic's prefix for a plain ValueError's message


@dataclass(frozen=True)
class FieldError:
    location: tuple[str | int, ...]
    kind: str  # pydantic's error type: "missing", "extra_forbidden", a custom one…
    message: str
    input: Any

    @property
    def dotted(self) -> str:
        """The location for a person or the model: "theme.primary"."""
        return ".".join(str(part) for part in self.location)

    @property
    def pointer(self) -> str:
        """The location as a JSON pointer into the document: "/theme/primary"."""
        return "".join(f"/{part}" for part in self.location)


def field_errors(error: ValidationError) -> list[FieldError]:
    return [
        FieldError(
            location=tuple(item["loc"]),
            kind=item["type"],
            message=item["msg"].removeprefix(VALUE_ERROR_PREFIX),
            input=item.get("input"),
        )
        for item in error.errors(include_url=False)
    ]
