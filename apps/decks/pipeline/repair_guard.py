"""Guards on repairs that put new content in place of old: no second copy, no stub.

A finding answered by replacing is answered only if what comes in is the paper's and new to
the deck. Two shapes of a bad replacement were seen on unseen papers, whichever proposer made
them:

- `no_duplicate_figures`: a figure swapped in for a flagged one (a bad crop) that another
  slide already shows: the deck shows it twice and the slide's own figure is gone. The slide
  keeps what it had (its finding stays open), or the new slide goes;
- `no_stub_code`: a code block put on a slide to answer "the bullet talks about code the
  slide does not show" that is a stub, not the paper's code as a whole unit: one line of a
  longer listing and "…", a lone line, a placeholder ("...", "code here"). The slide keeps no
  new code block: a line of code says less than none, and looks like the code it is not.
"""

from __future__ import annotations

import re
from collections import Counter

from apps.decks.pipeline.code_narration import MIN_CUT_LINES
from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop_guard import Refusals, _refuse
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

# a line standing for code that is not there: "...", "…", "# TODO", "<code>", "code here"
PLACEHOLDER = re.compile(
    r"^\s*(?:#|//|--|%)?\s*(?:\.\.\.|…|todo\b.*|<[^>]*>|.*\bcode\s+(?:here|goes)\b.*|"
    r"placeholder\b.*)\s*$",
    re.I,
)
CUT_MARK = {"…", "..."}


def _claimed_on(changes: list[Change], number: int) -> list[Change]:
    return [c for c in changes if c.slide == number]


def _shown(slide: Slide) -> list[str]:
    """What the slide shows: its figures, a part of one (Slide.panel) apart from the others."""
    return [
        f"{f}#{slide.panel}" if slide.panel and f == slide.figure else f for f in slide.figures()
    ]


def no_duplicate_figures(
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without a changed or new slide that shows a figure another slide of the deck
    shows too (where `current` did not show it twice): the slide in that place in `current`
    comes back when the revision claimed a change on it, else the new slide goes."""
    before = Counter(f for s in current.slides for f in _shown(s))
    after = Counter(f for s in revised.slides for f in _shown(s))
    slides = list(revised.slides)
    dropped: list[Change] = []
    removed: list[int] = []
    for index, slide in enumerate(revised.slides):
        if slide in current.slides:
            continue  # not a slide the revision made
        # the figures it brings in: the slide in this place, or of this title, did not show them
        had = {
            f
            for n, s in enumerate(current.slides)
            if n == index or s.title == slide.title
            for f in _shown(s)
        }
        twice = [f for f in _shown(slide) if f not in had and after[f] > max(1, before[f])]
        if not twice:
            continue
        number = index + 1  # the change on the slide in this place names it so
        claimed = _claimed_on(changes, number) if number <= len(current.slides) else []
        if claimed and current.slides[index] not in slides:
            slides[index] = current.slides[index]
        else:
            removed.append(index)
        after[twice[0]] -= 1
        dropped += claimed
        _refuse(
            refused,
            "no_duplicate_figures",
            number,
            f"the revision shows {twice[0]} a second time: another slide shows it already",
            claimed,
        )
    if not dropped and not removed:
        return revised, changes
    slides = [s for i, s in enumerate(slides) if i not in removed]
    return revised.model_copy(update={"slides": slides}), [c for c in changes if c not in dropped]


def stub_reason(code: str, paper: Paper) -> str:
    """Why the code block is a stub and not the paper's code as a whole unit, or ""."""
    lines = [line.rstrip() for line in code.splitlines() if line.strip()]
    cut = bool(lines) and lines[-1].strip() in CUT_MARK
    body = lines[:-1] if cut else lines
    if not body or all(PLACEHOLDER.match(line) for line in body):
        return "a placeholder, no code of the paper"
    if cut and len(body) < MIN_CUT_LINES:
        return "one line of a listing and “…”"
    if len(body) == 1 and not cut:
        listings = [
            [line.rstrip() for line in listing.text.splitlines() if line.strip()]
            for section in paper.sections
            for listing in section.listings
        ]
        if body not in listings:
            return "one line that is no listing of the paper by itself"
    return ""


def no_stub_code(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without the code blocks the revision put on slides that are stubs
    (`stub_reason`): the slide keeps its text without the block, and the changes claimed on
    the slide in that place are dropped (the finding they answered stays open)."""
    shown = {s.code for s in current.slides if s.code}
    slides = list(revised.slides)
    dropped: list[Change] = []
    for index, slide in enumerate(revised.slides):
        if not slide.code or slide.code in shown:
            continue
        why = stub_reason(slide.code, paper)
        if not why:
            continue
        slides[index] = slide.model_copy(update={"code": "", "code_lang": "", "code_lead": ""})
        number = index + 1
        claimed = _claimed_on(changes, number) if number <= len(current.slides) else []
        dropped += claimed
        _refuse(refused, "no_stub_code", number, f"the code block is {why}", claimed)
    if slides == revised.slides:
        return revised, changes
    return revised.model_copy(update={"slides": slides}), [c for c in changes if c not in dropped]


def no_unchanged_claims(
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue],
    refused: Refusals | None = None,
) -> list[Change]:
    """`changes` without a claim to have answered a finding about a bullet whose slide the
    revision left exactly as it was, the bullet on it: the log said "fixed" where nothing
    changed (seen on unseen papers), and the finding was counted answered. It is recorded in
    `refused`, so that it is listed open with a reason."""
    from apps.decks.pipeline.propose.repair import flagged_bullet  # repair imports the guards

    kept: list[Change] = []
    for change in changes:
        issue = issues[change.issue] if 0 <= change.issue < len(issues) else None
        number = change.slide
        if (
            issue is not None
            and issue.evidence.get("text")
            and 1 <= number <= len(current.slides)
            and current.slides[number - 1] in revised.slides
            and flagged_bullet(current.slides[number - 1], issue.evidence) is not None
        ):
            _refuse(
                refused,
                "no_unchanged_claims",
                number,
                "the revision left the slide and its flagged bullet as they were",
                [change],
            )
            continue
        kept.append(change)
    return kept
