"""How the run loop speaks: AG-UI events as wire dicts to the caller's `on_event`, and the
names of Tessera's CUSTOM events."""

import time
from collections.abc import Callable
from typing import Any

from ag_ui.core import (
    BaseEvent,
    CustomEvent,
    TextMessageContentEvent,
    TextMessageEndEvent,
    TextMessageStartEvent,
)

ARTIFACT_EVENT = "tessera.artifact"
RETRY_EVENT = "tessera.model_retry"
FAILOVER_EVENT = "tessera.model_failover"

OnEvent = Callable[[str, dict[str, Any]], None]


class Emitter:
    """`on_flush`, if given, is called before the loop waits for anything (a model's answer,
    a tool): a caller that keeps events may store what it holds together then."""

    def __init__(self, on_event: OnEvent | None, on_flush: Callable[[], None] | None = None):
        self._on_event = on_event
        self._on_flush = on_flush

    def flush(self) -> None:
        if self._on_flush is not None:
            self._on_flush()

    def __call__(self, event: BaseEvent) -> None:
        if self._on_event is None:
            return
        if event.timestamp is None:
            event.timestamp = int(time.time() * 1000)
        payload = event.model_dump(mode="json", by_alias=True, exclude_none=True)
        self._on_event(payload["type"], payload)

    def text(self, message_id: str, text: str) -> None:
        self(TextMessageStartEvent(message_id=message_id, role="assistant"))
        self(TextMessageContentEvent(message_id=message_id, delta=text))
        self(TextMessageEndEvent(message_id=message_id))

    def custom(self, name: str, value: Any) -> None:
        self(CustomEvent(name=name, value=value))

    def custom_now(self, name: str, value: Any) -> None:
        """A tool's own event: sent at once, since the tool goes on working."""
        self.custom(name, value)
        self.flush()
