"""Sentences that lost their mathematics to a display: a line of prose that runs on, without a
full stop, into an unnumbered display equation ("But (2), considered as an unnormalized
density, does not change at all" + the display that says what). The paragraph ends there
and leaves no trace of the formula ("Eq. (N)" stands only for numbered displays), so the
sentence would reach a slide as a statement with its object missing. Ingestion cannot put the
display back into the sentence; it records the line so that the sentence can be recognised
(Paper.lost_math)."""

from __future__ import annotations

from apps.decks.pipeline.ingest.equations import DisplayEquation
from apps.decks.pipeline.ingest.layout import Layout, reading_order

SENTENCE_END = (".", "?", "!")


def lines_cut_at_displays(layout: Layout, equations: list[DisplayEquation]) -> list[str]:
    """The text of each body line that an unnumbered display continues."""
    # a numbered display stands in its sentence as "Eq. (N)" — unless it could not be read
    starts = {id(e.segments[0]): e for e in equations if e.segments and not (e.number and e.tex)}
    cut: list[str] = []
    for page in range(1, len(layout.pages) + 1):
        previous = None
        for segment in reading_order(layout, page):
            if id(segment) in starts and previous is not None:
                line = previous.prose_text.strip()  # as its paragraph holds it
                if line and not line.endswith(SENTENCE_END):
                    cut.append(line)
            if segment.role == "text":
                previous = segment if layout.is_body(segment) else None
            elif segment.role != "equation":
                previous = None
    return list(dict.fromkeys(cut))


def mark_cut_paragraphs(sections: list, lost_math: list[str]) -> None:
    """End each paragraph that stops on a line cut at a display with a colon: the sentence
    goes on into the display (it announces it), so it is never taken for a whole statement."""
    for section in sections:
        section.paragraphs = [
            paragraph.rstrip().rstrip(",;") + ":"  # "… of the water," goes on into the display
            if any(paragraph.rstrip().endswith(line) for line in lost_math)
            and not paragraph.rstrip().endswith(":")  # it announces the display already
            else paragraph
            for paragraph in section.paragraphs
        ]
