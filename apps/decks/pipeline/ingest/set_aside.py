"""How many words of the PDF's text ingestion set aside, and as what.

A deck that stays thin must say why truly (propose/unrepaired.py): a paper that has no more text
is another case than one whose text was read as code, table cells or contents entries. The lines
at the body's size are counted, each under the first mark that kept it out of the paragraphs.
"""

from __future__ import annotations

from collections import Counter

from apps.decks.pipeline.ingest.layout import Layout, Segment

# Each mark, in the order it is looked at, and how the reason names it.
SET_ASIDE = {
    "figure": "text inside figures and captions",
    "contents": "contents entries",
    "code": "code or program output",
    "cell": "table cells",
    "header": "running headers and footers",
    "margin": "margin notes",
}


def body_words(layout: Layout) -> int:
    """The words of every line set at the body's size, displays left out."""
    return sum(_words(s) for s in _body_lines(layout))


def set_aside_words(layout: Layout, covered: set[int]) -> dict[str, int]:
    """Words of body-size lines kept out of the paragraphs, by the mark that kept them out
    (keys of SET_ASIDE); `covered` holds the ids of the figures' and captions' segments."""
    counted: Counter[str] = Counter()
    for segment in _body_lines(layout):
        mark = _mark(segment, covered)
        if mark:
            counted[mark] += _words(segment)
    return {mark: counted[mark] for mark in SET_ASIDE if counted[mark]}


def _body_lines(layout: Layout) -> list[Segment]:
    return [s for s in layout.segments(None) if s.role != "equation" and layout.is_body(s)]


def _mark(segment: Segment, covered: set[int]) -> str:
    if id(segment) in covered:
        return "figure"
    if segment.contents:
        return "contents"
    if segment.code:
        return "code"
    if segment.cell:
        return "cell"
    if segment.role in ("header", "margin"):
        return segment.role
    return ""


def _words(segment: Segment) -> int:
    return len(segment.text.split())
