"""`manage.py a2ui validate FILE` and `manage.py a2ui catalog`.

`validate` reads one JSON message, a JSON array of messages, or JSONL (one message a line;
FILE may be `-` for standard input) and prints exactly
`{"ok": bool, "errors": [{"code": str, "path": str, "message": str}]}`; it exits 0 when the
payload is valid and 1 otherwise.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser

from apps.a2ui import problems as P
from apps.a2ui.catalog import tessera_catalog
from apps.a2ui.problems import Problem
from apps.a2ui.validator import surface_validate


def parse_payload(text: str) -> tuple[object, list[Problem]]:
    """The payload in a file's text (message, array or JSONL), or the problems reading it."""
    try:
        return json.loads(text), []
    except RecursionError:
        return None, [Problem(P.JSON_TOO_DEEP, "", "the JSON nests too deeply to read")]
    except json.JSONDecodeError as whole_error:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) < 2:
            return None, [Problem(P.INVALID_JSON, "", f"not JSON: {whole_error}")]
        messages, found = [], []
        for index, line in enumerate(lines):
            try:
                messages.append(json.loads(line))
            except RecursionError:
                found.append(
                    Problem(P.JSON_TOO_DEEP, f"/{index}", "the JSON nests too deeply to read")
                )
            except json.JSONDecodeError as error:
                found.append(
                    Problem(P.INVALID_JSON, f"/{index}", f"line {index + 1} is not JSON: {error}")
                )
        return messages, found


class Command(BaseCommand):
    help = "A2UI tools: validate a payload of messages, or print Tessera's catalog."
    # Validation touches neither the database nor other apps; it must work while they are broken.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        validate = sub.add_parser("validate", help="Validate a JSON message, array or JSONL file.")
        validate.add_argument("file", help="Path to the payload, or - for standard input.")
        validate.add_argument(
            "--strict",
            action="store_true",
            help="Also refuse components unreachable from the root (as for agent output).",
        )
        sub.add_parser("catalog", help="Print Tessera's catalog JSON.")

    def handle(self, *args, **options) -> None:
        if options["action"] == "catalog":
            self.stdout.write(json.dumps(tessera_catalog(), indent=2))
            return
        found = self._validate(options["file"], strict=options["strict"])
        report = {"ok": not found, "errors": [problem.as_dict() for problem in found]}
        self.stdout.write(json.dumps(report, ensure_ascii=False))
        if found:
            sys.exit(1)

    def _validate(self, name: str, *, strict: bool) -> list[Problem]:
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            return [Problem(P.INVALID_JSON, "", f"cannot read {name}: {error}")]
        payload, found = parse_payload(text)
        if found:
            return found
        return surface_validate(payload, strict=strict)
