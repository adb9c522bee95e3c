"""Guards against revisions that answer a finding by harming the deck, whichever proposer made
them (builtin or a language model).

On unseen papers the loop's own later rounds made defects round 1 did not have: slides added
for "too few slides" titled with a sentence fragment, figure slides added for "too few
figures" with no word on them, and the slide that says what the paper does merged away (a thin
opening slide folded into the motivation before it, or deleted). Two guards undo such a
revision after the proposer made it:

- `no_unsound_added_slides`: a slide a count fix added (a slide `current` does not have) goes
  again unless it stands alone (propose/count_slides.admitted: a title without the reviewer's
  title faults, bullets that pass its text checks, a figure slide that says what it shows);
  the count finding stays open. A too-short deck beats a bad slide.
- `no_lost_purpose`: the purpose slide (role "contributions", or a storyline title such as
  "What this paper does") never leaves the deck unless a high finding on it asked: it comes
  back in its place, and the bullets the revision moved from it onto another slide leave that
  slide again (they would be said twice).
"""

from __future__ import annotations

from apps.decks.pipeline import revision_repeats, story_slides
from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop_guard import (
    COUNT_FIXES,
    Refusals,
    _matched,
    _refuse,
    _slide_changes,
    with_slides_given_back,
)
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import count_slides
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

STORYLINE_ROLES = ("motivation", "contributions", "conclusion")


def no_unsound_added_slides(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without the slides a count fix added that do not stand alone; a count change
    whose slides all went is dropped (the finding stays open). A slide another fix added (a
    storyline slide, a result's figure) keeps only the sentences the text gate passes."""
    counting = [c for c in changes if c.type in COUNT_FIXES and c.slide == 0]
    # a copy titled as the slide it copies is matched to it too: it is the later of the two
    kept_indices = set(revision_repeats.origins(current, revised))
    shown_bullets = {b for s in current.slides for b in s.bullets}
    shown_figures = set(current.figures_used())
    slides = list(revised.slides)
    result: list[Slide] = []
    added_kept = 0
    removed: list[str] = []
    for index, slide in enumerate(slides):
        # a slide split off one of `current` (its "(continued)", a panel of its figure) shows
        # what the deck showed: only a slide of new text or a new figure was added. Bullets
        # another slide still shows were copied, not moved: no split
        elsewhere = {b for i, s in enumerate(slides) if i != index for b in s.bullets}
        carried = (set(slide.bullets) & shown_bullets) - elsewhere or (
            set(slide.figures()) & shown_figures
        )
        # the storyline slides another fix of the same revision adds (the conclusions, what
        # the paper does) are no count padding: their own guards and findings judge them
        storyline = slide.role in STORYLINE_ROLES
        if index in kept_indices or slide.kind == "title" or carried:
            result.append(slide)
            continue
        others = [s for i, s in enumerate(slides) if i != index]
        if storyline or not counting:
            # a slide another fix adds (the conclusions, a result's figure) answers its own
            # finding, which judges its size; but every sentence on it passes the gate (a
            # conclusions slide of sentences cut before their verb, their subject gone)
            gated = _gated(slide, others, index, paper)
            if gated is None:
                removed.append(slide.title)
            else:
                result.append(gated)
            continue
        sound = count_slides.admitted(slide, others, index, paper)
        if sound is None:
            removed.append(slide.title)
            continue
        result.append(sound)
        added_kept += 1
    if not removed:
        return revised.model_copy(update={"slides": result}), changes
    _refuse(
        refused,
        "no_unsound_added_slides",
        0,
        f"the added slide “{removed[0][:80]}” does not stand alone (a faulted title, bullets "
        "the text checks flag, or a figure with nothing said of it)",
        counting if counting and not added_kept else [],
    )
    if counting and not added_kept:
        changes = [c for c in changes if c not in counting]
    return revised.model_copy(update={"slides": result}), changes


def _gated(slide: Slide, others: list[Slide], index: int, paper: Paper) -> Slide | None:
    """The storyline slide with only the bullets the text gate passes in its place; None when
    a text slide keeps none."""
    from apps.decks.pipeline.propose import text_gate

    at = max(1, index)
    deck = SlideDeck(title=paper.title, slides=[*others[:at], slide, *others[at:]])
    kept = [b for b in slide.bullets if not text_gate.flagged(b, slide, deck, paper, at + 1)]
    if kept == slide.bullets:
        return slide
    if slide.kind == "bullets" and not kept and not slide.code and not slide.equation:
        return None
    return slide.model_copy(update={"bullets": kept})


def asked(issues: list[Issue], claimed: list[Change]) -> bool:
    """Did a high finding on the slide ask for the change (its text is broken or wrong)?"""
    return any(0 <= c.issue < len(issues) and issues[c.issue].severity == "high" for c in claimed)


def found_wanting(gone: list[str], issues: list[Issue], claimed: list[Change]) -> bool:
    """Was every bullet taken off the subject of a finding (medium or high) the revision
    answers? Such a bullet goes even when one below leaned on it: kept, the finding stays and
    the loop stops on it; gone, the bullet below is read again in the next round."""
    wanting = {
        str(issues[c.issue].evidence.get("text", ""))[:200]
        for c in claimed
        if 0 <= c.issue < len(issues) and issues[c.issue].severity in ("medium", "high")
    }
    return all(b[:200] in wanting for b in gone)


def no_lost_purpose(
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` with `current`'s purpose slide back when the revision took it off the deck
    (merged into a neighbour, or deleted) and leaves no purpose slide, unless a high finding on
    it asked; the changes claimed on it are dropped."""
    purposes = [(n, s) for n, s in enumerate(current.slides, start=1) if story_slides.is_purpose(s)]
    if not purposes or any(story_slides.is_purpose(s) for s in revised.slides):
        return revised, changes
    matched = {number: index for number, _before, index in _matched(current, revised)}
    number, slide = purposes[0]
    if number in matched:
        return revised, changes  # still on the deck, retitled or reworded: not lost
    claimed = [c for c in changes if c.slide == number]
    if asked(issues, claimed):
        return revised, changes
    mine = set(slide.bullets)
    before = {index: s for n, s, index in _matched(current, revised)}
    slides = []
    for index, other in enumerate(revised.slides):
        old = set(before[index].bullets) if index in before else set()
        moved = [b for b in other.bullets if b in mine and b not in old]
        if moved and len(other.bullets) > len(moved):
            other = other.model_copy(
                update={"bullets": [b for b in other.bullets if b not in moved]}
            )
        slides.append(other)
    earlier = [matched[n] for n in matched if n < number]
    slides.insert(max(earlier) + 1 if earlier else min(1, len(slides)), slide)
    _refuse(
        refused,
        "no_lost_purpose",
        number,
        f"the revision took “{slide.title[:60]}”, the slide saying what the paper does, off "
        "the deck; no high finding on it asked",
        claimed,
    )
    return (
        revised.model_copy(update={"slides": slides}),
        [c for c in changes if c not in claimed],
    )


def no_stranded_bullets(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` with a slide's bullets back as they were when the revision took a bullet off it
    (a density cut, a lost point's repair) and a bullet kept below it now fails a text check it
    passed: it leaned on the one taken off ("Other cues …" after the sentence naming the usual
    one). A high finding on the slide may take the bullet off whatever follows, and so may a
    finding on the bullet itself."""
    from apps.decks.pipeline.propose import text_gate  # the gate reads through the reviewer

    numbers = {index: n for n, _s, index in _matched(current, revised)}
    slides = list(revised.slides)
    undone: set[int] = set()
    # a bullet moved to another slide (bullet_order) is still read there: not taken off
    shown = {b for s in revised.slides for b in s.bullets}
    for index, before in revision_repeats.origins(current, revised).items():
        after = slides[index]
        gone = [b for b in before.bullets if b not in after.bullets and b not in shown]
        if not gone:
            continue
        first_gone = min(before.bullets.index(b) for b in gone)
        below = [b for b in after.bullets if b in before.bullets[first_gone + 1 :]]
        number = numbers[index]
        claimed = [c for c in changes if c.slide == number]
        if not below or asked(issues, claimed) or found_wanting(gone, issues, claimed):
            continue
        stranded = [
            b
            for b in below
            if set(text_gate.flagged(b, after, revised, paper, index + 1))
            - set(text_gate.flagged(b, before, current, paper, number))
        ]
        if not stranded:
            continue
        slides[index] = after.model_copy(update={"bullets": before.bullets})
        undone.add(number)
        _refuse(
            refused,
            "no_stranded_bullets",
            number,
            f"taking “{gone[0][:60]}” off the slide leaves “{stranded[0][:60]}” leaning on nothing",
            _slide_changes(changes, {number}),
        )
    return with_slides_given_back(revised, slides, changes, undone)
