"""A revision never says twice what the deck says once.

On unseen papers the loop met a "too few slides" finding with a text slide made from the
passage an existing slide was made from: two consecutive slides carried the same bullets, and
the next round's repeated-title fix renamed the copy instead of removing it. The added slide had
been judged alone — and a slide that shares its title with the one it copies is even matched to
that slide (loop_guard._matched knows a text slide by its title), so no guard saw it as added.

`no_repeated_additions` reads the revised deck as a whole: a bullet the revision put on a slide
(one that slide did not show) that makes the claim of a bullet another slide shows goes again,
unless the deck already said it twice before the revision. An added slide left with fewer
bullets than a text slide needs goes with them, and the count finding it answered stays open: a
short deck beats a deck that repeats itself.
"""

from __future__ import annotations

from collections import Counter

from apps.decks.pipeline import text, title_defects
from apps.decks.pipeline.issues import Change
from apps.decks.pipeline.loop_guard import COUNT_FIXES, Refusals, _matched, _refuse, _slide_changes
from apps.decks.pipeline.propose.count_slides import MIN_TEXT_BULLETS
from apps.decks.pipeline.slide_deck import Slide, SlideDeck


def same_point(a: str, b: str) -> bool:
    """Do two bullets make one claim: the same text, or nearly the same words and numbers?"""
    return a.strip() == b.strip() or text.same_claim(a, b)


def _repeated_pairs(deck: SlideDeck) -> set[frozenset[str]]:
    """The pairs of bullets on different slides of `deck` that make one claim."""
    bullets = [(n, b) for n, s in enumerate(deck.slides) for b in s.bullets]
    return {
        frozenset((a, b))
        for i, (n, a) in enumerate(bullets)
        for m, b in bullets[i + 1 :]
        if m != n and same_point(a, b)
    }


def origins(current: SlideDeck, revised: SlideDeck) -> dict[int, Slide]:
    """For each slide of `revised` that is a slide of `current` revised, that slide (by its
    index in `revised`). A current slide matched twice (a copy shares its title, and is put after
    what it copies) is the origin of the first: the other one was added."""
    by_number: dict[int, list[tuple[int, Slide]]] = {}
    for number, before, index in _matched(current, revised):
        by_number.setdefault(number, []).append((index, before))
    found: dict[int, Slide] = {}
    for pairs in by_number.values():
        index, before = min(pairs, key=lambda pair: pair[0])
        found[index] = before
    return found


POINT_RESTORING = {"lost_point"}


def no_repeated_additions(
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without the bullets the revision added that repeat another slide's bullet;
    an added text slide left too thin goes, and with it the count change that added it."""
    had = _repeated_pairs(current)
    shown = Counter(b for s in current.slides for b in s.bullets)
    now = Counter(b for s in revised.slides for b in s.bullets)
    before_of = origins(current, revised)
    numbers = {index: n for n, _s, index in _matched(current, revised) if index in before_of}
    slides: list[Slide | None] = list(revised.slides)
    removed_slides: list[str] = []
    touched: set[int] = set()
    first_repeat = ""
    # a sentence brought back beside the one that needs it (lost_point, high: alone the bullet
    # says what the paper does not) stays even when another slide says it too
    restoring = {c.slide for c in changes if c.type in POINT_RESTORING}
    # from the end: of two new copies of one claim, the later one goes
    for index in reversed(range(len(slides))):
        slide = slides[index]
        if slide is None or slide.kind == "title" or numbers.get(index) in restoring:
            continue
        before = before_of.get(index)
        if before is not None and not _same_slide(before, slide):
            # matched by what it shows to a slide of another title: a copy of a slide the
            # deck already showed twice — it was added
            before = None
        own = set(before.bullets) if before is not None else set()
        others = [
            b for i, s in enumerate(slides) if i != index and s is not None for b in s.bullets
        ]
        kept = []
        for bullet in slide.bullets:
            repeats = bullet not in own and any(
                (
                    now[bullet] > shown[bullet]
                    if bullet == other
                    else frozenset((bullet, other)) not in had
                )
                for other in others
                if same_point(bullet, other)
            )
            if repeats:
                first_repeat = first_repeat or bullet
                now[bullet] -= 1
                continue
            kept.append(bullet)
        if kept == slide.bullets:
            continue
        if before is None and _too_thin(slide, kept):
            removed_slides.append(slide.title)
            slides[index] = None  # dropped below
            continue
        if before is not None and not kept and before.bullets:
            kept = list(before.bullets)  # a slide emptied by the refusal shows what it showed
        update: dict = {"bullets": kept}
        if (
            before is not None
            and kept == before.bullets
            and slide.title != before.title
            and not any(
                c.slide == numbers.get(index) and c.type.startswith("title_") for c in changes
            )
        ):
            # the addition refused, its slide's title goes back too: a title no change claims
            # came with the added bullet ("… (continued)" for a sentence of the next slide's
            # part), and stayed over the slide's old bullets (a dev deck, round 23)
            update["title"] = before.title
        slides[index] = slide.model_copy(update=update)
        if index in numbers:
            touched.add(numbers[index])
    if not first_repeat:
        return revised, changes
    dropped = _slide_changes(changes, touched)
    counting = [c for c in changes if c.type in COUNT_FIXES and c.slide == 0]
    added_left = any(
        i not in before_of and s is not None and s.kind != "title" for i, s in enumerate(slides)
    )
    if removed_slides and not added_left:
        dropped += [c for c in counting if c not in dropped]
    where = f" (the added slide “{removed_slides[0][:60]}” went)" if removed_slides else ""
    _refuse(
        refused,
        "no_repeated_additions",
        min(touched) if touched else 0,
        f"the new bullet “{first_repeat[:80]}” says what another slide says{where}",
        dropped,
    )
    result = revised.model_copy(update={"slides": [s for s in slides if s is not None]})
    return result, [c for c in changes if c not in dropped]


def _same_slide(before: Slide, after: Slide) -> bool:
    """Is `after` `before` revised: the same figures, else the same title (or its
    "(continued)")?"""
    if before.figures() or after.figures():
        return before.figures() == after.figures()
    return title_defects.base_title(before.title) == title_defects.base_title(after.title)


def _too_thin(slide: Slide, kept: list[str]) -> bool:
    """Is an added slide with only `kept` of its bullets no slide to add?"""
    if slide.kind == "bullets":
        return not slide.code and not slide.equation and len(kept) < MIN_TEXT_BULLETS
    return False
