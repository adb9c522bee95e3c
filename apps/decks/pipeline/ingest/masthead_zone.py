"""A journal's masthead printed over page 1's title: the lines that name the journal's issue
and publisher — an ISSN (its digits sometimes read as sub- and superscripts), "Volume 7,
Issue 3", "Contents lists available at …", "Available online …", "journal homepage", a
citation "Journal 7 (2031) 45–58". The journal's name set large among them is no title, even
when no later page repeats it in a running line (a two-page letter, an offprint of page 1)."""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.layout import Layout, Segment

MASTHEAD_LINE = re.compile(
    r"\b(?:e-?|p-?)?ISSN\b"
    r"|\bcontents\s+lists?\s+available\b"
    r"|\bavailable\s+online\b"
    r"|\bjournal\s+home\s?page\b"
    r"|\b(?:vol\.?|volume)\s*\d+\s*[,;(]?\s*(?:no\.?|nr\.?|issue|number)\s*\d+"
    r"|\b\d{1,4}\s*\((?:19|20)\d\d\)\s*\d+\s*[–-]\s*\d+\b",
    re.I,
)
# the masthead is printed in the top part of page 1, never under the body's first lines
MASTHEAD_BAND = 0.4  # of page 1's height


# a script's content: "_{\\mathrm{ISS}}", "^{2}", "_N"
SCRIPT = re.compile(r"[_^](?:\{((?:[^{}]|\{[^{}]*\})*)\}|(\w))")
ISSN_NUMBER = re.compile(r"(?:e-?|p-?)?ISSN:?\d{4}-?\d{3}[\dX]", re.I)


def masthead_line(text: str) -> bool:
    """A line only a masthead prints (an ISSN, a volume with its issue, "Available online"),
    also a journal's logo with its ISSN printed into it, which the text layer reads as the
    logo's letters carrying the ISSN's letters and digits as scripts ("future
    $in_{\\mathrm{ISS}}t_{N}e_{1} r_{99}…$")."""
    return bool(MASTHEAD_LINE.search(text) or ISSN_NUMBER.search(_scripts_read(text)))


def _scripts_read(text: str) -> str:
    """The sub- and superscripts of a line read one after another, without markup or spaces."""
    scripts = "".join(m.group(1) or m.group(2) or "" for m in SCRIPT.finditer(text))
    return re.sub(r"\\[a-zA-Z]+|[{}\s]", "", scripts)


def below_masthead(layout: Layout, candidates: list[Segment]) -> list[Segment]:
    """The title's candidates without the masthead's: those set above the masthead's last
    line, and any line that is one, when a candidate of three or more words stands below it
    (the paper's own title). A masthead line under every candidate (a footer's citation) says
    nothing of them."""
    if not layout.pages or not layout.page_sizes:
        return candidates
    band = MASTHEAD_BAND * layout.page_sizes[0][1]
    kept = [s for s in candidates if not masthead_line(s.text)]
    lines = [s for s in layout.pages[0] if s.top < band and masthead_line(s.text)]
    if lines:
        # the lowest masthead line with a title of three or more words still under it
        for line in sorted(lines, key=lambda s: s.top, reverse=True):
            under = [s for s in kept if s.top > line.bottom - 1]
            if any(len(s.text.split()) >= 3 for s in under):
                kept = under
                break
    if kept and any(len(s.text.split()) >= 3 for s in kept):
        return kept
    return candidates
