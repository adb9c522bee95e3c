"""Program code and its printed output (Sweave, knitr, listings): blocks of lines set in a
typewriter font. They are not sentences of the paper, so they must never reach a bullet.

A line is code when its own glyphs say so (`Segment.monospaced`: a typewriter font by name, or
every glyph one width). Short lines cannot tell by themselves ("> TR", "NULL", "}"), so a line
joins a code block when it sits in one: the line above or below it is code, starts at the same
left edge or indented from it, in the same font and size, a line's height away.

A line of prose that quotes code ("can be obtained via coeftest(fm, vcov = sandwich). In
addition …") may be set mostly in typewriter, but its words in the paper's text font say it is
a sentence: it stays in the text, the quoted code with it, so that no hole is left. A listing's
comment in the text font ("# fit the model") does not make a line prose.
"""

from __future__ import annotations

import re
from collections import Counter

from apps.decks.pipeline.ingest.layout import Layout, Segment

LINE_GAP = 1.0  # at most this many font sizes between a code line and the next
INDENT = 40.0  # continuation lines of code are indented, never outdented much
PROSE_WORDS = 2  # words in the text font that make a mostly-typewriter line a sentence
COMMENT_MARKS = ("#", "%", "//", "--")
# Printed values only: numbers, NA, logicals ("43 12 0 0 0", "NA 3", "TRUE 0.5")
PRINTED_ROW = re.compile(r"(?:(?:-?[\d.]+(?:e[-+]?\d+)?%?|NA|NaN|-?Inf|TRUE|FALSE|<NA>)\s*)+")


def code_mark(layout: Layout) -> None:
    """Set `segment.code` on every line of program code or program output."""
    text_font = _text_font(layout)
    for page in layout.pages:
        lines = sorted((s for s in page if s.role == "text"), key=lambda s: (s.top, s.x0))
        for segment in lines:
            segment.code = segment.monospaced and not _quotes_code(segment, text_font)
        changed = True
        while changed:  # a block grows line by line from its monospaced lines
            changed = False
            for index, segment in enumerate(lines):
                if segment.code or _sentence(segment) or _quotes_code(segment, text_font):
                    continue
                if any(_row_mate(segment, other) for other in lines if other.code):
                    segment.code = True  # a column of printed output, apart from its row
                    changed = True
                    continue
                near = _neighbours(lines, index)
                if not any(_adjacent(segment, other) for other in near):
                    continue
                # A code block keeps its left edge (a closing "}" comes back to it); prose
                # after a block starts at the column's edge, usually left of the block. A row
                # of printed numbers is set right-aligned under its column heads, anywhere
                # within the block's width.
                left = min(s.x0 for s in near)
                printed = (
                    PRINTED_ROW.fullmatch(segment.text.strip())
                    and segment.x1 <= max(s.x1 for s in near) + INDENT
                )
                if -2 <= segment.x0 - left <= INDENT or printed:
                    segment.code = True
                    changed = True


def _text_font(layout: Layout) -> str:
    """The font most of the paper's prose is set in, or "" when the fonts cannot tell prose
    from code (a PDF whose fonts all have one name, e.g. "unknown")."""
    prose: Counter[str] = Counter()
    code: set[str] = set()
    for segment in layout.segments():
        if segment.monospaced:
            code.add(segment.font)
            continue
        for word in segment.words:
            prose[word.font] += len(word.text)
    font = prose.most_common(1)[0][0] if prose else ""
    return "" if font in code else font


def _quotes_code(segment: Segment, text_font: str) -> bool:
    """A sentence with code in it: words of the paper's text font, outside a code comment."""
    if not text_font:
        return False
    prose = 0
    for word in segment.words:
        if word.font != text_font and word.text.startswith(COMMENT_MARKS):
            return False  # the rest is a comment of the code line
        if word.font == text_font and sum(c.isalpha() for c in word.text) >= 2:
            prose += 1
    return prose >= PROSE_WORDS


def _neighbours(lines: list[Segment], index: int) -> list[Segment]:
    """Code lines just above and just below (a page's lines sorted by top)."""
    near = lines[max(0, index - 4) : index] + lines[index + 1 : index + 5]
    return [s for s in near if s.code]


def _row_mate(segment: Segment, code: Segment) -> bool:
    """Another piece of the same printed line (R pads its output's columns with spaces)."""
    return (
        segment.font == code.font
        and abs(segment.size - code.size) <= 0.3
        and abs(segment.top - code.top) <= 1.5
        and abs(segment.bottom - code.bottom) <= 1.5
    )


def _adjacent(segment: Segment, code: Segment) -> bool:
    """The next line of the same block: same font and size, a line's height away."""
    if segment.font != code.font or abs(segment.size - code.size) > 0.3:
        return False
    gap = segment.top - code.bottom if segment.top >= code.top else code.top - segment.bottom
    return -1 <= gap <= LINE_GAP * code.size


def _sentence(segment: Segment) -> bool:
    """A line of prose: many words, a full stop, none of code's marks."""
    text = segment.text.strip()
    words = text.split()
    marks = any(ch in text for ch in '<>=(){}[]$#"_')
    return len(words) >= 6 and text.endswith((".", ":", ",")) and not marks
