"""The loop's last reading of a revision: the deck as it will be, against the deck before it.

Each guard before this one judges one kind of fix in the deck as the fix found it. On unseen
papers the harm came where fixes met: a title repair or a thin slide's removal took off the
only slide saying a point (the paper's subject, its central algorithm); a bullet that passed
the gate where its fixer put it leaned, in the deck as it came out, on a slide another fix had
moved or removed; two plots a false "near-identical" finding put side by side were squeezed
until their labels could not be read. `audited` reads the revised deck as a whole, whichever
proposer made it, and undoes what harms it — the finding stays open and `refused` says why
(`unrepaired` then reports it, never silently):

- `no_lost_points`: a slide of the deck before the revision that is gone, while a bullet of it
  is said by no slide of the revised deck, comes back in its place, unless a high finding on
  it asked, it was taken off for being thin (one bullet) and was not the deck's only statement
  of a method part the paper names (`method_coverage`: its central algorithm), a finding on its display or figure itself (what is said of a broken display goes
  with it), every lost bullet was itself a finding's subject, or a count finding asked for a
  shorter deck;
- `no_unsound_new_bullets`: every bullet no slide showed before is read by the reviewer's text
  checks and context checks (`text_gate`) where it stands, against the slides before it as
  they will be (a later slide's new text is not yet there: of two new copies of one claim, the
  later is the repeat). A revised slide with such a bullet gets its old bullets back; an added
  slide loses the bullet, and goes when it is left thinner than a slide may be added;
- `no_squeezed_pairs`: a slide showing two figures side by side that the deck before did not
  show so must draw both legibly (`figure_room.legible_as_pair`) under its own title, caption
  and bullets; else the two figures get their slides back.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import bullet_reverts, method_coverage, shown_leads, title_quality
from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop_guard import (
    COUNT_FIXES,
    Refusals,
    _matched,
    _may_remove,
    _refuse,
    _slide_changes,
)
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose.count_slides import MIN_TEXT_BULLETS
from apps.decks.pipeline.revision_harms import asked, found_wanting
from apps.decks.pipeline.revision_repeats import origins, same_point
from apps.decks.pipeline.slide_deck import Slide, SlideDeck


def audited(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without the parts of the revision that harm the deck (see the module)."""
    revised, changes = no_squeezed_pairs(paper, current, revised, changes, issues, refused)
    revised, changes = no_lost_points(paper, current, revised, changes, issues, refused)
    return no_unsound_new_bullets(paper, current, revised, changes, issues, refused)


# ------------------------------------------------------------------ points said by no slide


def _said(bullet: str, statements: list[str]) -> bool:
    """Does one of `statements` say the bullet: the same text, a text holding it, or the same
    claim in nearly the same words?"""
    key = bullet.strip().lower()
    return any(
        key == s.strip().lower() or key in s.lower() or same_point(bullet, s) for s in statements
    )


def _statements(deck: SlideDeck) -> list[str]:
    """What the deck says in words: its bullets, captions and code and display leads."""
    found: list[str] = []
    for slide in deck.slides:
        found += slide.bullets
        found += [t for t in (slide.caption, slide.equation_lead, slide.code_lead) if t]
    return found


def _shortening(changes: list[Change]) -> bool:
    """Did a count fix of the revision take slides off a deck too long?"""
    return any(c.type in COUNT_FIXES and c.action.startswith("removed") for c in changes)


def _named_in(change: Change, slide: Slide, number: int) -> bool:
    """Does a deck-level change's account name the slide (its title, or "slide N")?"""
    action = change.action
    return (bool(slide.title) and f"“{slide.title}”" in action) or f"slide {number}," in action


def no_lost_points(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` with each slide of `current` back in its place that the revision took off
    while a bullet of it is said nowhere else; the changes that took it off are dropped."""
    if _shortening(changes):
        return revised, changes
    pairs = _matched(current, revised)
    kept = {number for number, _before, _index in pairs}
    place = {number: index for number, _before, index in pairs}
    unmatched = [s for i, s in enumerate(revised.slides) if i not in set(place.values())]
    said = _statements(revised)
    slides = list(revised.slides)
    inserted: list[tuple[int, int, Slide]] = []  # (index in revised, order, slide)
    dropped: list[Change] = []
    for number, slide in enumerate(current.slides, start=1):
        if number in kept or slide.kind == "title" or not slide.bullets:
            continue
        if any(_replaces(new, slide) for new in unmatched):
            continue  # rewritten in place, not taken off: the text guards judge it
        # a bullet the text checks fault where it stood (a lead with a formula cut out of
        # it) is no point worth a slide back: it would bring its defect back; the lead of the
        # listing or display the slide showed is read as the reviewer reads it (shown_leads)
        lost = [
            b
            for i, b in enumerate(slide.bullets)
            if not _said(b, said) and not shown_leads.bullet_defects(slide, i)
        ]
        if not lost:
            continue
        claimed = [c for c in changes if c.slide == number] + [
            c for c in changes if c.slide == 0 and _named_in(c, slide, number)
        ]
        if _thin_only(issues, claimed) and not _unstates_method(paper, current, revised):
            # a one-bullet slide is a finding of its own; its point goes with it unless the
            # slide was the deck's only statement of a method part the paper names
            continue
        if (
            asked(issues, claimed)
            or found_wanting(lost, issues, claimed)
            # a finding on the slide's display or figure itself (broken, not the paper's)
            # takes what is said of it along
            or _may_remove(issues, claimed, equation=bool(slide.equation))
        ):
            continue
        earlier = [place[n] for n in place if n < number]
        # the slide comes back with the retitle the revision made of it (a citation taken out
        # of its title): only its removal was the harm
        given_back, retitle = _with_own_retitle(paper, slide, claimed, slides)
        inserted.append((max(earlier) + 1 if earlier else min(1, len(slides)), number, given_back))
        claimed = [c for c in claimed if c is not retitle]
        dropped += [c for c in claimed if c not in dropped]
        _refuse(
            refused,
            "no_lost_points",
            number,
            f"the revision took off “{slide.title[:60]}”, the only slide saying “{lost[0][:80]}”",
            claimed,
        )
    if not inserted:
        return revised, changes
    for at, _number, slide in sorted(inserted, key=lambda entry: (-entry[0], -entry[1])):
        slides.insert(at, slide)
    return (
        revised.model_copy(update={"slides": slides}),
        [c for c in changes if c not in dropped],
    )


RETITLED = re.compile(r"retitled “(?P<title>[^”]+)”")


def _with_own_retitle(
    paper: Paper, slide: Slide, claimed: list[Change], slides: list[Slide]
) -> tuple[Slide, Change | None]:
    """The slide given back with the new title a title change of the revision gave it (the
    change that made it), when the title checks find no fault with that title and no other
    slide has it; else the slide as it was and None."""
    for change in claimed:
        match = RETITLED.fullmatch(change.action) if change.type.startswith("title_") else None
        if match is None:
            continue
        title = match.group("title")
        retitled = slide.model_copy(update={"title": title})
        if title_quality.all_problems(title, retitled, paper) or any(
            s.title == title for s in slides
        ):
            continue
        return retitled, change
    return slide, None


# findings on a slide's size: a one-bullet slide is a defect of its own, and the repair that
# finds no slide to take its bullet may let it go
THIN_FINDINGS = {"thin_slide", "near_empty"}


def _thin_only(issues: list[Issue], claimed: list[Change]) -> bool:
    """Were the changes that took the slide off all answers to its being thin?"""
    kinds = {issues[c.issue].type for c in claimed if 0 <= c.issue < len(issues)}
    return bool(kinds) and kinds <= THIN_FINDINGS


def _unstates_method(paper: Paper, current: SlideDeck, revised: SlideDeck) -> bool:
    """Does the revised deck leave unstated a method part of the paper (one it names when it
    sums itself up) that the deck before stated: the slide gone held the central algorithm?"""
    before = {p.title for p in method_coverage.missing(current, paper)}
    return any(p.title not in before for p in method_coverage.missing(revised, paper))


def _replaces(new: Slide, old: Slide) -> bool:
    """Is the new slide the old one rewritten (the same title, figures or a bullet)?"""
    return (
        (bool(old.title) and new.title == old.title)
        or bool(set(new.figures()) & set(old.figures()))
        or bool(set(new.bullets) & set(old.bullets))
    )


# ------------------------------------------------------------- new text the gate would refuse


def _as_it_will_be(deck: SlideDeck, shown: set[str], index: int) -> SlideDeck:
    """The deck with the bullets no slide showed before (`shown`) kept on the slides up to
    `index` only: a slide is read after the slides before it, as they will be."""
    slides = [
        s if i <= index else s.model_copy(update={"bullets": [b for b in s.bullets if b in shown]})
        for i, s in enumerate(deck.slides)
    ]
    return deck.model_copy(update={"slides": slides})


def no_unsound_new_bullets(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue] | None = None,
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without the new bullets the text gate refuses where they stand: a revised
    slide keeps its old bullets (its changes dropped), an added slide loses the bullet and,
    left too thin, goes (with the count change that added it when no added slide is left)."""
    from apps.decks.pipeline.propose import text_gate  # the gate reads through the reviewer

    shown = {b for s in current.slides for b in s.bullets}
    before_of = origins(current, revised)
    numbers = {index: n for n, _s, index in _matched(current, revised) if index in before_of}
    slides: list[Slide | None] = list(revised.slides)
    undone: set[int] = set()
    partly: list[Change] = []  # the changes undone alone, their slides' other fixes kept
    removed: list[str] = []
    first = ""
    for index, slide in enumerate(revised.slides):
        new = [b for b in slide.bullets if b not in shown]
        if not new or slide.kind == "title":
            continue
        before = before_of.get(index)
        had: set[str] = set()
        if before is not None:  # what the old bullets were faulted for is no new harm
            old_deck = current
            number = numbers[index]
            had = {
                k
                for b in before.bullets
                for k in text_gate.flagged(b, before, old_deck, paper, number)
            }

        def refused_on(slide: Slide, index=index, had=had) -> list[str]:
            deck = _as_it_will_be(revised, shown, index)
            deck.slides[index] = slide
            fresh = [b for b in slide.bullets if b not in shown]
            return [
                b for b in fresh if set(text_gate.flagged(b, slide, deck, paper, index + 1)) - had
            ]

        refused_here = refused_on(slide)
        if not refused_here:
            continue
        if before is not None:
            if asked(issues or [], [c for c in changes if c.slide == numbers[index]]):
                continue  # a high finding (the slide says what the paper does not) weighs more
            first = first or refused_here[0]
            # only the change that made the refused bullet, when it can be told and the slide
            # then passes (bullet_reverts): the slide's other fixes stand
            claimed = _slide_changes(changes, {numbers[index]})
            partial = bullet_reverts.partly_reverted(
                before, slide, set(refused_here), claimed, issues or []
            )
            if partial is not None and not refused_on(partial[0]):
                slides[index], culprits = partial
                partly += culprits
                continue
            slides[index] = slide.model_copy(
                update={
                    "bullets": before.bullets,
                    "equation_lead": before.equation_lead,
                    "code_lead": before.code_lead,
                }
            )
            undone.add(numbers[index])
            continue
        first = first or refused_here[0]
        kept = [b for b in slide.bullets if b not in refused_here]
        if (
            slide.kind == "bullets"
            and not slide.code
            and not slide.equation
            and (len(kept) < MIN_TEXT_BULLETS)
        ):
            removed.append(slide.title)
            slides[index] = None
            continue
        slides[index] = slide.model_copy(update={"bullets": kept})
    if not first:
        return revised, changes
    dropped = [*partly, *_slide_changes(changes, undone)]
    added_left = any(
        i not in before_of and s is not None and s.kind != "title" for i, s in enumerate(slides)
    )
    if removed and not added_left:
        dropped += [c for c in changes if c.type in COUNT_FIXES and c.slide == 0]
    where = f" (the added slide “{removed[0][:60]}” went)" if removed else ""
    if partly and not undone and not removed:
        where = "; only the change that made it is undone, the slide's other fixes stand"
    _refuse(
        refused,
        "no_unsound_new_bullets",
        min(undone) if undone else (partly[0].slide if partly else 0),
        f"the new bullet “{first[:80]}” is one the text checks refuse where it stands{where}",
        dropped,
    )
    result = revised.model_copy(update={"slides": [s for s in slides if s is not None]})
    return result, [c for c in changes if c not in dropped]


# ------------------------------------------------------------------ figures squeezed in pairs


def _pair(slide: Slide) -> tuple[str, str] | None:
    return (slide.figure, slide.figure_pair) if slide.figure and slide.figure_pair else None


def no_squeezed_pairs(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` with the slides of `current` back for each new side-by-side pair of figures
    that would not both read at the size the paired slide draws them."""
    from apps.decks.pipeline.figure_room import legible_as_pair

    had = {_pair(s) for s in current.slides} - {None}
    slides = list(revised.slides)
    dropped: list[Change] = []
    for index in reversed(range(len(slides))):
        slide = slides[index]
        pair = _pair(slide)
        if pair is None or pair in had:
            continue
        first, second = paper.figure(pair[0]), paper.figure(pair[1])
        if first is None or second is None:
            continue
        if legible_as_pair(
            first,
            second,
            caption=slide.caption,
            title=slide.title,
            takeaway=" ".join(slide.bullets),
        ):
            continue
        own = [
            (n, s)
            for n, s in enumerate(current.slides, start=1)
            if s.figure in pair and not s.figure_pair
        ]
        if {s.figure for _n, s in own} != set(pair):
            continue  # the deck before showed them otherwise: nothing to give back
        elsewhere = {f for i, s in enumerate(slides) if i != index for f in s.figures()}
        back = [s for _n, s in own if s.figure == pair[0] or s.figure not in elsewhere]
        slides[index : index + 1] = back
        numbers = {n for n, _s in own}
        claimed = [c for c in changes if c.slide in numbers]
        dropped += claimed
        _refuse(
            refused,
            "no_squeezed_pairs",
            min(numbers),
            f"{first.label} and {second.label} side by side would be drawn too small to read",
            claimed,
        )
    if not dropped and slides == list(revised.slides):
        return revised, changes
    return (
        revised.model_copy(update={"slides": slides}),
        [c for c in changes if c not in dropped],
    )
