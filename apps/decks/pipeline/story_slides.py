"""Slides that hold the deck's close: never taken off as thin.

On unseen papers the loop answered "thin slide" by deleting a one-bullet slide that carried
the paper's conclusion or its motivation: the deck then ended without its close, or began
without saying why the work matters. A closing slide is filled or merged; when neither can be
done, it stays thin (the finding stays open) rather than go. A motivation slide is filled or
merged too, but one that neither can help goes as before: a one-bullet slide is itself a
defect (issue #14), and a seen paper's thin "Motivation" slide, kept, held one sentence about
its sources and kept the deck from the slides it had lacked (round 18's slow tests).
"""

from __future__ import annotations

import re

from apps.decks.pipeline import role_titles
from apps.decks.pipeline.slide_deck import Slide

# ("contributions", the headline's slide, is the headline repair's to fill: not judged here)
STORY_ROLES = ("conclusion",)
# a leaning bullet's removal empties a slide: the "why" is kept too (its bullet stays, open)
WHY_ROLES = ("motivation",)
WHY_HEADING = re.compile(r"motivation|\bwhy\b|the problem|introduction|background", re.I)
# titles and headings of the parts that close a paper or say why it was done
STORY_HEADING = re.compile(
    r"conclu|summary|outlook|future work|closing|final remarks|take-?aways?",
    re.I,
)


def holds_story(slide: Slide, why: bool = False) -> bool:
    """Does the slide carry the paper's conclusion (or, with `why`, its motivation): its role
    says so, or its title names that part?"""
    if slide.kind != "bullets" or not slide.bullets:
        return False
    if slide.role in STORY_ROLES or STORY_HEADING.search(slide.title):
        return True
    return why and (slide.role in WHY_ROLES or bool(WHY_HEADING.search(slide.title)))


PURPOSE_ROLE = "contributions"  # headline.OPENING_ROLE


def is_purpose(slide: Slide) -> bool:
    """Does the slide say what the paper does: the opening role, or a storyline title naming
    the paper's aim or contributions over bullets? It is never merged or deleted away
    (revision_harms.no_lost_purpose): a deck without it never says what the work is."""
    if slide.kind != "bullets" or not slide.bullets:
        return False
    return slide.role == PURPOSE_ROLE or bool(role_titles.AIM_TITLE.match(slide.title.strip()))
