"""Per-run guards on the calls a model proposes: repeated calls and repair attempts.

- A call identical to one already proposed in this run (same tool, same arguments, compared as
  parsed JSON so key order and spacing do not matter) means the model is looping: it is not
  run and the loop stops.
- Rejected or failed calls of the same tool in a row count as one call being repaired: the
  first is the original, each further one a repair attempt. When the repair attempts are used
  up (`max_repairs`, 3 by default) the loop stops. Calls to unknown tools share one counter, so
  inventing a new name each time does not reset it.
"""

import json

from apps.agent.messages import ToolCall

MAX_REPAIRS = 3
UNKNOWN_TOOL = "(unknown tool)"


def fingerprint(call: ToolCall) -> str:
    try:
        arguments = json.dumps(call.parsed_arguments(), sort_keys=True, separators=(",", ":"))
    except (json.JSONDecodeError, RecursionError):  # parsed, but too deep to write again
        arguments = call.arguments.strip()
    return f"{call.name}\x00{arguments}"


class CallGuard:
    def __init__(self, max_repairs: int = MAX_REPAIRS) -> None:
        self.max_repairs = max_repairs
        self._seen: set[str] = set()
        self._failures: dict[str, int] = {}

    def is_repeat(self, call: ToolCall) -> bool:
        """True when an identical call was already proposed in this run; records it otherwise."""
        key = fingerprint(call)
        if key in self._seen:
            return True
        self._seen.add(key)
        return False

    def record_failure(self, key: str) -> int:
        """Count a rejected or failed call of tool `key`; returns the repair attempts left."""
        failures = self._failures.get(key, 0) + 1
        self._failures[key] = failures
        return self.max_repairs - (failures - 1)

    def record_success(self, key: str) -> None:
        self._failures.pop(key, None)
