"""What the validator keeps while it walks a stream: the surfaces it has seen and their
components, plus the rules every part of the validator shares."""

import re
from dataclasses import dataclass, field
from typing import Any

from apps.a2ui import problems as P
from apps.a2ui.limits import Limits
from apps.a2ui.problems import Problem
from apps.a2ui.schema_problems import leaves, schema_problems
from apps.a2ui.versions import Protocol

ROOT_ID = "root"
SURFACE_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")
# Component properties holding a URL the browser would load.
URL_PROPERTIES = {
    "Image": ("url",),
    "Video": ("url", "posterUrl"),
    "AudioPlayer": ("url",),
}
# Strings that are patterns or path data rather than text: exempt from the markup rule.
NOT_TEXT_KEYS = frozenset({"pattern", "validationRegexp", "svgPath"})


@dataclass
class ComponentEntry:
    data: dict
    path: str
    catalog_id: str  # the surface's, or (v1.0) the component's own `catalogId`
    relative_paths: list[tuple[str, str]] = field(default_factory=list)
    bound_urls: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class SurfaceState:
    surface_id: str
    catalog_id: str | None  # None: a v1.0 surface without a default catalog
    protocol: Protocol
    created_at: str | None  # pointer of the createSurface message, None if created earlier
    complete: bool
    components: dict[str, ComponentEntry] = field(default_factory=dict)
    data: Any = field(default_factory=dict)


class ValidationBase:
    """The state the check mixins share; `_Validation` in validator.py puts them together."""

    limits: Limits
    strict: bool
    problems: list[Problem]

    def add(self, code: str, path: str, message: str) -> None:
        self.problems.append(Problem(code, path, message))

    def schema(self, validator, instance: Any, prefix: str, catalog_id: str) -> None:
        for error in validator.iter_errors(instance):
            for leaf in leaves(error):
                self.problems.extend(schema_problems(leaf, prefix, catalog_id))

    def identifier(self, value: str, where: str, what: str) -> None:
        """v1.0 ids and extension keys are Unicode identifiers (UAX #31), as Python's are."""
        if not value.isidentifier():
            self.add(
                P.INVALID_IDENTIFIER,
                where,
                f"{what} '{value[:80]}' must be a valid identifier (a letter or '_', then "
                "letters, digits or '_'; no '-', spaces or leading digits)",
            )
