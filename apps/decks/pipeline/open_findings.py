"""A finding stays reported while its defect is there.

A round's blocking findings that no revision answered are listed as unrepairable, with the
reason (propose/unrepaired.py). The next round's review may not report such a finding again
though nothing about it changed: a rule that reads the deck around the slide, or that keys
its finding on what the revision moved, goes quiet. The deck then looks repaired where it was
only left alone, and the round ranks better than it is. `carried_findings` reports again each
finding the round before declared unrepairable whose slide the revision left exactly as it
was: "unrepairable" is a reason, never a silence.
"""

from __future__ import annotations

from collections.abc import Callable

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.slide_deck import SlideDeck


def carried_findings(
    before: SlideDeck,
    before_issues: list[Issue],
    unrepairable: list[dict],
    deck: SlideDeck,
    issues: list[Issue],
    identity: Callable[[Issue], tuple],
) -> list[Issue]:
    """`issues` with, added, each of `before_issues` listed in `unrepairable` (the round
    before's) that `issues` no longer has while its slide is in `deck` unchanged: at that
    slide's number in `deck`, its evidence saying it is carried and why it stays open."""
    found = {identity(i) for i in issues}
    carried: list[Issue] = []
    for entry in unrepairable:
        index = entry.get("issue")
        if not isinstance(index, int) or not 0 <= index < len(before_issues):
            continue
        issue = before_issues[index]
        if identity(issue) in found or not 1 <= issue.slide <= len(before.slides):
            continue  # reported again, or about the whole deck (which the revision changed)
        slide = before.slides[issue.slide - 1]
        if slide not in deck.slides:
            continue  # the slide changed: the review of the new one stands
        # where the slide is now: a finding told by its slide's number (a thin slide has no
        # text of its own in its evidence) is the same finding at the slide's new number, and
        # reported again there it is not carried a second time (a kept closing slide was
        # reported twice as thin after a slide before it went, and the pair stopped the loop)
        moved = issue.model_copy(update={"slide": deck.slides.index(slide) + 1})
        if identity(moved) in found:
            continue
        evidence = {**issue.evidence, "carried": True, "open_because": entry.get("reason", "")}
        carried.append(moved.model_copy(update={"evidence": evidence}))
        found.add(identity(moved))
    return [*issues, *carried]
