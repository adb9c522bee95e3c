"""A fix the loop's guards undid is not counted as made.

The proposer changes a slide for an issue; a guard (no_reversals, no_lost_points,
no_thinning_removals, …) may give the slide back as it was. Most guards drop the changes they
undo, but not all of them can tell which change made a slide: `no_reversals` knows a change by
the slide it names, and a deck-level change (slide 0: "stated what 3 figures of a run show")
names none — so a gallery statement undone because a room repair had taken it off a round
before stayed in the round's changes, and the round counted its finding fixed when the next
round did not find it in the same words.

`undone_by_guards` reads the revision's outcome: a change whose slides the proposer's revision
changed and the guarded revision shows exactly as they were answered nothing the reader sees.
It is dropped and recorded in `refused` (so `fixed_count` does not count it and `unrepaired`
lists the finding open with a reason).
"""

from __future__ import annotations

from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop_guard import _matched
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

GUARD = "undone_by_guards"


def _named_slides(change: Change, issues: list[Issue]) -> list[int]:
    """The slides of the round's deck a change worked on: its own, or for a deck-level change
    the slides its issue names (evidence `slides`, a list of numbers)."""
    if change.slide:
        return [change.slide]
    issue = issues[change.issue] if 0 <= change.issue < len(issues) else None
    named = issue.evidence.get("slides") if issue is not None else None
    if not isinstance(named, list):
        return []
    return [n for n in named if isinstance(n, int) and n >= 1]


def _shown(slide: Slide, deck: SlideDeck) -> bool:
    return slide in deck.slides


def undone_by_guards(
    current: SlideDeck,
    proposed: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue],
    refused: list[dict] | None = None,
) -> list[Change]:
    """`changes` without those every slide of which the proposer's revision (`proposed`)
    changed and the guarded revision (`revised`) shows as `current` had it. A deck-level change
    with no slides named, or one that added slides the revision still has, is kept."""
    # slides the revision added (not a slide of `current` revised): a deck-level change may
    # have made them
    matched = {index for _number, _slide, index in _matched(current, revised)}
    added = [s for i, s in enumerate(revised.slides) if i not in matched]
    kept: list[Change] = []
    for change in changes:
        numbers = [n for n in _named_slides(change, issues) if n <= len(current.slides)]
        if not numbers or (change.slide == 0 and added):
            kept.append(change)
            continue
        before = [current.slides[n - 1] for n in numbers]
        touched = [s for s in before if not _shown(s, proposed)]
        if touched and all(_shown(s, revised) for s in before):
            if refused is not None and not any(
                change.model_dump() in entry.get("changes", []) for entry in refused
            ):
                refused.append(
                    {
                        "guard": GUARD,
                        "slide": change.slide,
                        "why": "the loop's guards gave back every slide the fix changed",
                        "changes": [change.model_dump()],
                    }
                )
            continue
        kept.append(change)
    return kept
