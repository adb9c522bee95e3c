"""Run-in headings: a heading that starts a paragraph's first line, set apart by its font
("7.9 Federal Copyright Notices. Several types of copyright …", "2.1.1 An Aside on Numbers
Since …", "ROTATING TABLES The process …", as ASME, REVTeX, AASTeX and many journals set
their lowest headings). The line is split in two segments, the heading (marked `run_in`) and
the text after it, so that the heading names its section and the text stays in the paragraph.

A heading is told by its font: bold (numbered, with or without a full stop), or capitals in a
font of their own before a sentence's capitalised first word. Capitals in the text's own font
("NASA GISS Model E is …") are no heading.

An unnumbered bold heading runs in too ("Nitrogen assay. The assay used …", LaTeX's
`paragraph`): bold words ending in a full stop, or followed by a sentence's first word,
at the start of a paragraph. LaTeX sets a quad after it, so the line is often read as two
segments already: the bold one at the line's start is then marked as the heading as it stands.
Left unmarked, it was read as the last words of the paragraph before ("… in µmol Nitrogen
assay.") or dropped as a paragraph too short to keep."""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.heading_lines import THEOREM, opens_paragraph
from apps.decks.pipeline.ingest.layout import BOLD_FONT, Layout, Segment
from apps.decks.pipeline.ingest.structure import NUMBERED, STRUCTURED_LABEL

SUBSECTION_HEAD = re.compile(r"^\d{1,2}(?:\.\d{1,2})+\.?\s+[A-Z][^.]*\.$")
SENTENCE_START = re.compile(r"^[A-Z][a-z]+\b|^A$|^I$")


def run_in_split(layout: Layout) -> None:
    for page in layout.pages:
        for index in range(len(page) - 1, -1, -1):
            parts = _split(layout, page[index])
            if parts is not None:
                page[index : index + 1] = parts
        for segment in page:
            if _bold_before_text(layout, page, segment):
                segment.run_in = True


def _split(layout: Layout, segment: Segment) -> list[Segment] | None:
    if segment.role != "text" or len(segment.words) < 4:
        return None
    cut = _bold_cut(segment) or _capitals_cut(segment) or _unnumbered_bold_cut(layout, segment)
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
    if len(segment.words) - cut < 2:
        return None
    title = " ".join(w.text for w in segment.words[:cut])
    if not NUMBERED.match(title.rstrip(".")):
        return None
    if any(bold[cut:]) and not SUBSECTION_HEAD.match(title):
        # bold again later: emphasis inside the text, not a run-in heading — unless the bold
        # words are a subsection's number and title closed by a full stop ("2.1. Package
        # Creation. To create … on Rcpp", a package's name set in bold further on)
        return None
    return cut


def _unnumbered_bold_cut(layout: Layout, segment: Segment) -> int | None:
    """An unnumbered bold heading opening a paragraph: bold words, then plain text only."""
    words = segment.words
    bold = [bool(BOLD_FONT.search(w.font)) for w in words]
    if not bold[0] or all(bold):
        return None
    cut = bold.index(False)
    if any(bold[cut:]) or len(words) - cut < 2:
        return None  # bold again later: emphasis inside the text
    head = " ".join(w.text for w in words[:cut])
    if not _heading_words(head, words[cut].text):
        return None
    return cut if opens_paragraph(layout, segment) else None


def _heading_words(head: str, following: str) -> bool:
    """A heading's words: a capitalised phrase of a few words, closed by a full stop (a colon closes a label) or
    followed by a sentence's first word; a theorem's label ("Lemma 2.") heads a statement."""
    words = head.split()
    if not 1 <= len(words) <= 10 or not head[:1].isupper() or THEOREM.match(head):
        return False
    if sum(c.isalpha() for c in head) < 4:
        return False
    if STRUCTURED_LABEL.fullmatch(head + " "):
        return False  # a structured abstract's part ("Results:"), read by abstract_find
    if head.endswith(":"):
        return False  # a label ("Input:", "Key words:", "Amaç:"), not a section's heading
    return head.endswith(".") or bool(SENTENCE_START.match(following))


def _bold_before_text(layout: Layout, page: list[Segment], segment: Segment) -> bool:
    """A run-in heading already read as a segment of its own (the quad after it is a wide gap):
    all bold, first on its line in its column, with plain text going on right after it."""
    if segment.role != "text" or segment.run_in or not segment.words:
        return False
    if not all(BOLD_FONT.search(w.font) for w in segment.words):
        return False
    level = [
        s
        for s in page
        if s is not segment
        and s.role == "text"
        and s.column == segment.column
        and abs(s.top - segment.top) <= 2
    ]
    if any(s.x0 < segment.x0 for s in level):
        return False  # not at the line's start: bold words inside a sentence
    after = min((s for s in level if s.x0 >= segment.x1), key=lambda s: s.x0, default=None)
    if after is None or after.x0 - segment.x1 > 3 * max(segment.size, 1.0):
        return False
    if BOLD_FONT.search(after.words[0].font) or len(after.words) < 3:
        return False
    if not _heading_words(segment.text.strip(), after.words[0].text):
        return False
    return opens_paragraph(layout, segment)


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
