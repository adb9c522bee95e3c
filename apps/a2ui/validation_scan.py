"""Checks 1 and 2 of the validator: size and shape without recursion, then every string and
key (length, markup, script URLs, prototype keys), so hostile payloads cost little."""

from typing import Any

from apps.a2ui import pointer
from apps.a2ui import problems as P
from apps.a2ui.safety import markup_problem
from apps.a2ui.validation_state import NOT_TEXT_KEYS, ValidationBase


class ScanChecks(ValidationBase):
    def _scan(self, message: Any, prefix: str) -> bool:
        """Depth, string and key checks over the whole message; False if it is too deep to use."""
        limit = self.limits.max_json_depth
        stack: list[tuple[Any, str, int, str | None]] = [(message, prefix, 1, None)]
        while stack:
            node, path, depth, key = stack.pop()
            if isinstance(node, dict | list):
                if depth > limit:
                    self.add(
                        P.JSON_TOO_DEEP,
                        prefix,
                        f"objects and arrays nest deeper than {limit} levels (at {path})",
                    )
                    return False
                if isinstance(node, dict):
                    for child_key, child in node.items():
                        child_path = f"{path}/{pointer.escape(str(child_key))}"
                        if child_key in pointer.FORBIDDEN_SEGMENTS:
                            self.add(
                                P.FORBIDDEN_KEY, child_path, f"the key '{child_key}' is not allowed"
                            )
                        if (
                            isinstance(child_key, str)
                            and len(child_key) > self.limits.max_path_length
                        ):
                            self.add(P.STRING_TOO_LONG, path, "an object key is too long")
                        stack.append((child, child_path, depth + 1, child_key))
                else:
                    for index in range(len(node) - 1, -1, -1):
                        stack.append((node[index], f"{path}/{index}", depth + 1, key))
            elif isinstance(node, str):
                if len(node) > self.limits.max_string_length:
                    self.add(
                        P.STRING_TOO_LONG,
                        path,
                        f"string of {len(node)} characters; the limit is {self.limits.max_string_length}",
                    )
                elif key not in NOT_TEXT_KEYS and (reason := markup_problem(node)):
                    self.add(P.MARKUP_IN_TEXT, path, f"text {reason}")
        return True

    # -- 3 + 4: one message ---------------------------------------------------------------------
