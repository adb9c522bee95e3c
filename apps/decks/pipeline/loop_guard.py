"""Loop control against oscillation: two fixes that undo each other round after round.

A thin deck's fix states the captions on bare figure slides; a narrow figure's fix takes the
text off again; the next round finds the deck thin again. Two guards stop such a cycle, whatever
the pair of fixes:

- `no_reversals`: a revision does not put a slide back into a state an earlier round already
  showed (the slide as the round before had it is kept, and the change that claimed the
  reversal is dropped);
- `findings_repeat`: a round whose blocking findings are all findings of an earlier round that
  was revised already would only be revised the same way again, so the loop stops.
"""

from __future__ import annotations

from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.slide_deck import Slide, SlideDeck


def slide_key(slide: Slide) -> tuple:
    """What a slide is, across revisions that change its text: its figures, else its title."""
    figures = tuple(slide.figures())
    return (slide.kind, figures) if figures else (slide.kind, slide.title)


def no_reversals(
    earlier: list[SlideDeck], current: SlideDeck, revised: SlideDeck, changes: list[Change]
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without the slide changes that restore a state one of `earlier` showed.

    `earlier` are the decks of the rounds before `current`; `changes` are the revision's, with
    slide numbers of `current`. A slide brought back to what an earlier round showed keeps its
    form in `current`, and the changes made on it are dropped (they would claim a fix that is
    not shown).
    """
    seen = {slide_key(s): set() for deck in earlier for s in deck.slides}
    for deck in earlier:
        for s in deck.slides:
            seen[slide_key(s)].add(s.model_dump_json())
    now = {slide_key(s): s for s in current.slides}
    kept: list[Slide] = []
    reverted: set[tuple] = set()
    for slide in revised.slides:
        key = slide_key(slide)
        before = now.get(key)
        if (
            before is not None
            and slide != before
            and slide.model_dump_json() in seen.get(key, set())
        ):
            kept.append(before)
            reverted.add(key)
        else:
            kept.append(slide)
    if not reverted:
        return revised, changes
    revised = revised.model_copy(update={"slides": kept})
    if revised == current:
        return revised, []  # nothing of the revision is left to show
    numbered = {n: slide_key(s) for n, s in enumerate(current.slides, start=1)}
    changes = [c for c in changes if numbered.get(c.slide) not in reverted]
    return revised, changes


def finding(issue: Issue, deck: SlideDeck) -> tuple:
    """What an issue is about, independent of slide numbers: its type and its text or figure,
    else the slide it is on (by what the slide shows, since revisions move slides)."""
    evidence = issue.evidence
    about = evidence.get("text") or evidence.get("figure") or evidence.get("figures")
    if about:
        return (issue.type, str(about))
    if 1 <= issue.slide <= len(deck.slides):
        return (issue.type, slide_key(deck.slides[issue.slide - 1]))
    return (issue.type, issue.slide)


def findings_repeat(
    rounds: list[tuple[SlideDeck, list[Issue]]], deck: SlideDeck, issues: list[Issue]
) -> bool:
    """Are all of `issues` (on `deck`) findings of one earlier revised round in `rounds`?"""
    now = {finding(i, deck) for i in issues}
    return bool(now) and any(
        now <= {finding(i, old_deck) for i in old_issues} for old_deck, old_issues in rounds
    )
