"""Answers to a bullet that reads a table or figure no slide shows (object_not_shown): the
object itself, on a slide of its own right after the bullet's, with the bullet under it. Only
when the paper names that object in the bullet's own paragraph, has a clean crop of it, and no
slide shows it yet; otherwise the bullet gives way to another sentence (repair.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apps.decks.pipeline import text
from apps.decks.pipeline.crops import crop_defective
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.slide_deck import Slide

if TYPE_CHECKING:
    from apps.decks.pipeline.propose.repair import Work


def show_object(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str] | None:
    """[the slide without the bullet, the object's slide with it], or None when the deck
    cannot show the object the bullet reads."""
    kind, number = issue.evidence.get("object"), issue.evidence.get("number")
    bullet = issue.evidence.get("text", "")
    if kind not in ("table", "figure") or number is None or bullet not in slide.bullets:
        return None
    if not issue.evidence.get("sure"):
        # named paragraphs before: the crop may not show what the bullet reads, and under it the
        # bullet would say it does (figure_reading.figure_read)
        return None
    figure = next((f for f in work.paper.figures if f.kind == kind and f.number == number), None)
    if figure is None or figure.id in work.shown or crop_defective(figure):
        return None  # shown already, or a crop no proposer may show
    shown = work.proposer.figure_slide(figure, work.used, work.titles, work.paper)
    work.titles.add(shown.title)  # no later slide takes its title
    # the bullet that reads it goes under it, first; a full-width object takes one line
    room = 1 if shown.layout == "figure-full" else 2
    under = [bullet] + [b for b in shown.bullets if b != bullet][: room - 1]
    shown = shown.model_copy(update={"bullets": under, "role": slide.role or shown.role})
    work.shown.add(figure.id)
    kept = [b for b in slide.bullets if b != bullet]
    action = (
        f"showed {figure.label} on a slide after this one, under it the bullet that reads it "
        f"(“{text.shorten(bullet, 8, ellipsis=True)}”)"
    )
    if not kept and not (slide.figures() or slide.equation or slide.code):
        return [shown], action
    return [slide.model_copy(update={"bullets": kept}), shown], action
