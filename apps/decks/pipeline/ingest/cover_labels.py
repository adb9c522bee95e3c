"""A report's type or series label printed above its title ("Technical Report 2026-07",
"Working Paper No. 14"): the form's line, not the document's title.

The label is set as large as the title or larger, so the title's search took it — alone, or
glued to the title's first line. It reads as a form's line by its shape: a short line that
carries a number (the series' issue) or is set in capitals, set apart from a longer large line
under it by more than a title's own leading, or in another size. A title's own first line
runs into the next with the title's leading ("Llama 2: Open Foundation" / "and Chat Models").

A report's header block set in the title's size is the same kind of line ("Lagado Institute of
Hydrology", "Milestone Report #21", "12 March 2031", "Subcontractor Stanford University"): it
names who issued the document, which one of a series it is and when, never what it is about.
Joined to the title's lines, it made the cover's title "Lagado Institute of Hydrology Counting
Herons …". A line of that shape is no candidate when a line of another shape is left.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.decks.pipeline.ingest.layout import Segment

LABEL_WORDS = 4  # at most, in a type or series label
# a number of its own ("2026-07", "No. 14", "TR-3"), not a digit of a name ("GLAM2 Methods",
# a program's name in a title)
NUMBER = re.compile(r"(?<![A-Za-z])\d")
LEADING_GAP = 0.4  # of the label's size: more white under it than a title's own leading

MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
# The nouns that make a line a body's name ("Lagado Institute of Hydrology", "Subcontractor
# Stanford University", "Estuary Research Centre"): at the end of a run of capitalised words, or
# before "of"/"for" and one more such run.
BODY_NOUN = (
    r"(?:University|Universit[éäà]t?|Institute|Institut|Laboratory|Laboratories|Lab|Department|"
    r"Centre|Center|Foundation|Agency|College|School|Observatory|Academy|Corporation|Council|"
    r"Ministry|Inc\.?|Ltd\.?|GmbH|LLC)"
)
CAPITALISED = r"(?:[A-Z][\w.&'’-]*|of|for|and|&|de|du|des|der|the)"
BODY_LINE = re.compile(
    rf"^(?:The\s+)?(?:[A-Z][\w.&'’-]*\s+){{0,4}}{BODY_NOUN}"
    rf"(?:,?\s+(?:of|for|on)\s+(?:the\s+)?[A-Z][\w.&'’-]*(?:\s+{CAPITALISED}){{0,5}})?"
    rf"(?:,\s+[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){{0,2}})?$"
)
# A document's kind with or without its number ("Technical Report", "Milestone Report #21",
# "Working Paper No. 14", "Master's Thesis", "Report TR-2031-04").
KIND_LINE = re.compile(
    r"^(?!(?:A|An|The)\s)(?:[A-Z][\w'’-]*\s+){0,2}(?:Report|Memorandum|Memo|Note|Paper|Thesis|Dissertation|"
    r"Deliverable|Manual)(?:\s*(?:No\.?|Number|Nr\.?|#)?\s*(?:[A-Z][\w./-]*)?\d[\w./-]*)?$"
    r"|^(?:[A-Z]{2,}[-/])?\d[\w./-]*$"
)
# A date alone on its line ("12 March 2031", "December 17, 2014", "March 2031", "2031-03-12").
DATE_LINE = re.compile(
    rf"^(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?(?:{MONTHS})\.?\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?"
    rf"(?:19|20)\d\d$|^(?:19|20)\d\d[-/.]\d{{1,2}}[-/.]\d{{1,2}}$",
    re.I,
)


def without_type_labels(candidates: list[Segment]) -> list[Segment]:
    """The title's candidates without a type or series label above a longer large line, and
    without a header block's lines (a body's name, a document's kind or number, a date) while
    a line of another shape is left to be the title."""
    labels = [s for s in candidates if _labels(s, candidates)]
    kept = [s for s in candidates if s not in labels] or candidates
    titles = [s for s in kept if not header_line(s.text)]
    if any(len(s.text.split()) >= 2 for s in titles):
        return titles
    return kept


def _runs_on_from_above(segment: Segment, candidates: list[Segment]) -> bool:
    """A line right under a longer line of its size, as close as a title's own leading: the
    title's last line ("… using the standard indexes" / "OSA/ANSI."), never a label above it."""
    return any(
        abs(other.size - segment.size) < 0.6
        and 0 <= segment.top - other.bottom < LEADING_GAP * segment.size
        and len(other.text.split()) > len(segment.text.split())
        for other in candidates
        if other is not segment
    )


def header_line(text: str) -> bool:
    """A line of a report's header block: the name of the body issuing it, the document's kind
    or number, or its date — a form's line a title never is alone."""
    line = " ".join(text.split()).rstrip(".,;")
    # a line ending on a colon or a dash goes on into the next: part of a title
    if not line or line.endswith((":", "-", "–", "—")):
        return False
    body = line.split(", ")[0]  # "Department of Physics, University of Lagado"
    return bool(BODY_LINE.match(body) or KIND_LINE.match(line) or DATE_LINE.match(line))


def _labels(segment: Segment, candidates: list[Segment]) -> bool:
    words = segment.text.split()
    if not 0 < len(words) <= LABEL_WORDS or segment.text.rstrip().endswith((":", "-", "–")):
        return False
    letters = [c for c in segment.text if c.isalpha()]
    if not (NUMBER.search(segment.text) or (letters and all(c.isupper() for c in letters))):
        return False
    below = [s for s in candidates if s.top > segment.bottom - 1]
    if not below or _runs_on_from_above(segment, candidates):
        return False
    following = min(below, key=lambda s: s.top)
    apart = following.top - segment.bottom >= LEADING_GAP * segment.size
    resized = abs(following.size - segment.size) >= 0.6
    return len(following.text.split()) > len(words) and (apart or resized)
