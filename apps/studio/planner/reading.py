"""A reading: one way to understand a clause — an intent, its slots, and the mentions it uses.

Every recognizer (read_theme.py, read_layout.py) looks at a clause on its own and returns a
reading or None; none of them knows about the others. When several read the same words, the
classifier's rules decide (classifier.py).
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from apps.studio.planner.clause import Clause


@dataclass(frozen=True)
class Reading:
    intent: str
    slots: dict[str, Any] = field(hash=False)
    objects: frozenset[int] = frozenset()  # mentions it reads as what the request is about
    values: frozenset[int] = frozenset()  # mentions it reads as values, verbs and modifiers
    complete: bool = True  # False: it would have to ask ("make the buttons" — which color?)

    @property
    def used(self) -> frozenset[int]:
        return self.objects | self.values


def reading(
    intent: str,
    slots: dict[str, Any],
    *,
    objects: Iterable[int] = (),
    values: Iterable[int] = (),
    complete: bool = True,
) -> Reading:
    return Reading(intent, slots, frozenset(objects), frozenset(values), complete)


def indices(found: Iterable[tuple[int, Any]]) -> list[int]:
    return [index for index, _ in found]


def whole_clause(clause: Clause) -> frozenset[int]:
    return frozenset(range(len(clause.mentions)))
