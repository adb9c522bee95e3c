"""Requests refused before any run started: an invalid message, a limit, an action on an
unknown surface, a thread that is still answering. They are not AG-UI events (RUN_ERROR
belongs inside a run): on the socket they are an unnumbered message of their own type, over
HTTP a JSON response of the same shape with a 4xx status. Nothing is stored."""

from dataclasses import dataclass, field
from typing import Any

REQUEST_REFUSED = "REQUEST_REFUSED"

INVALID_MESSAGE = "INVALID_MESSAGE"
UNKNOWN_SURFACE = "UNKNOWN_SURFACE"
UNKNOWN_ACTION = "UNKNOWN_ACTION"
THREAD_BUSY = "THREAD_BUSY"
INTERRUPT_PENDING = "INTERRUPT_PENDING"


@dataclass(eq=False)
class Refusal(Exception):
    code: str
    message: str
    status: int = 400
    retry_after: int | None = None
    errors: list[Any] = field(default_factory=list)

    def __str__(self) -> str:
        return self.message

    def as_message(self) -> dict[str, Any]:
        body: dict[str, Any] = {"type": REQUEST_REFUSED, "code": self.code, "message": self.message}
        if self.retry_after is not None:
            body["retryAfter"] = self.retry_after
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_message(errors: list[Any], message: str = "invalid message") -> Refusal:
    return Refusal(INVALID_MESSAGE, message, status=400, errors=errors)
