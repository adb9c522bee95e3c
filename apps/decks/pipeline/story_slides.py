"""Slides that hold the deck's close or its "why": never taken off as thin.

On unseen papers the loop answered "thin slide" by deleting a one-bullet slide that carried
the paper's conclusion or its motivation: the deck then ended without its close, or began
without saying why the work matters. Such a slide is filled or merged; when neither can be
done, it stays thin (the finding stays open) rather than go.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.slide_deck import Slide

# ("contributions", the headline's slide, is the headline repair's to fill: not judged here)
STORY_ROLES = ("conclusion", "motivation")
# titles and headings of the parts that close a paper or say why it was done
STORY_HEADING = re.compile(
    r"conclu|summary|outlook|future work|closing|final remarks|take-?aways?|"
    r"motivation|\bwhy\b|the problem|introduction|background",
    re.I,
)


def holds_story(slide: Slide) -> bool:
    """Does the slide carry the paper's conclusion or motivation: its role says so, or its
    title names that part?"""
    if slide.kind != "bullets" or not slide.bullets:
        return False
    return slide.role in STORY_ROLES or bool(STORY_HEADING.search(slide.title))
