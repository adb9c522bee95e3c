"""Run-in headings: a heading that starts a paragraph's first line, set apart by its font
("7.9 Federal Copyright Notices. Several types of copyright …", "2.1.1 An Aside on Numbers
Since …", "ROTATING TABLES The process …", as ASME, REVTeX, AASTeX and many journals set
their lowest headings). The line is split in two segments, the heading (marked `run_in`) and
the text after it, so that the heading names its section and the text stays in the paragraph.

A heading is told by its font: bold (numbered, with or without a full stop), or capitals in a
font of their own before a sentence's capitalised first word. Capitals in the text's own font
("NASA GISS Model E is …") are no heading."""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.layout import BOLD_FONT, Layout, Segment
from apps.decks.pipeline.ingest.structure import NUMBERED

SENTENCE_START = re.compile(r"^[A-Z][a-z]+\b|^A$|^I$")


def run_in_split(layout: Layout) -> None:
    for page in layout.pages:
        for index in range(len(page) - 1, -1, -1):
            parts = _split(page[index])
            if parts is not None:
                page[index : index + 1] = parts


def _split(segment: Segment) -> list[Segment] | None:
    if segment.role != "text" or len(segment.words) < 4:
        return None
    cut = _bold_cut(segment) or _capitals_cut(segment)
    if cut is None:
        return None
    head, rest = segment.words[:cut], segment.words[cut:]
    return [
        Segment(segment.page, head, role=segment.role, column=segment.column, run_in=True),
        Segment(segment.page, rest, role=segment.role, column=segment.column),
    ]


def _bold_cut(segment: Segment) -> int | None:
    """A numbered bold heading: the bold words up to the first plain one."""
    bold = [bool(BOLD_FONT.search(w.font)) for w in segment.words]
    if not bold[0] or all(bold):
        return None
    cut = bold.index(False)
    if any(bold[cut:]) or len(segment.words) - cut < 2:
        return None  # bold again later: emphasis inside the text, not a run-in heading
    title = " ".join(w.text for w in segment.words[:cut])
    if not NUMBERED.match(title.rstrip(".")):
        return None
    return cut


def _capitals_cut(segment: Segment) -> int | None:
    """Capitals in a font of their own (bold, small capitals), then a sentence's first word."""
    words = segment.words
    cut = 0
    while cut < len(words) and _capitals(words[cut].text):
        cut += 1
    if cut == 0 or cut >= len(words) - 1 or not SENTENCE_START.match(words[cut].text):
        return None
    head_fonts = {w.font for w in words[:cut]}
    if head_fonts & {w.font for w in words[cut:]}:
        return None  # the text's own font: an acronym opening a sentence
    letters = sum(c.isalpha() for w in words[:cut] for c in w.text)
    return cut if letters >= 4 else None


def _capitals(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 1 and all(c.isupper() for c in letters) and text[:1].isalnum()
