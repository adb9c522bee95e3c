"""A program's usage line ("fit-model [options] input output"): a command in typewriter, its
arguments as metavariables in italic, optional parts in brackets, on a line of its own.

It is a listing, not a sentence of the paper; read as text it joins the paragraph around it
and a slide's bullet reads "fit-model [options] input output This program fits …". Its mixed
fonts (typewriter, italic, roman brackets) keep it below `code.py`'s share of typewriter, so it
is told here by its shape: every letter typewriter or italic, at least one argument, no end of
a sentence, a line shorter than the column, after a line that ended its sentence or none.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.glyphs import ITALIC_FONT, MONO_FONT
from apps.decks.pipeline.ingest.layout import Layout, Segment

MAX_WORDS = 12  # a usage line is short
LINE_SPACING = 2.5  # the line above is this many font sizes away at most to be its line
SENTENCE_END = (".", "?", "!", ";", ",")
# a metavariable's italic: Computer Modern's text italic and slanted fonts are not ITALIC_FONT's
METAVARIABLE_FONT = re.compile(r"CMTI|CMSL|(?:^|\+)(?:ec|tc)ti\d|LMRoman\w*-Italic", re.I)
PROMPT = re.compile(r"^(?:>|\$|#|R>|%)")


def usage_lines_mark(layout: Layout) -> None:
    """Set `segment.code` on every program usage line (the listing keeps it, prose does not)."""
    for page in layout.pages:
        lines = sorted((s for s in page if s.role == "text"), key=lambda s: (s.column, s.top, s.x0))
        for index, segment in enumerate(lines):
            if segment.code or segment.cell or not _usage_shaped(layout, segment):
                continue
            above = lines[index - 1] if index else None
            near = (
                above is not None
                and above.column == segment.column
                and 0 < segment.top - above.top <= LINE_SPACING * segment.size
            )
            if near and not above.code and not above.text.rstrip().endswith((".", ":", "?", "!")):
                continue  # the line goes on with the sentence above it
            segment.code = True


def metavariable(font: str) -> bool:
    """An argument's name set in italic (a text italic or a math italic)."""
    return bool(ITALIC_FONT.search(font) or METAVARIABLE_FONT.search(font))


def _usage_shaped(layout: Layout, segment: Segment) -> bool:
    words = [w for w in segment.words if w.text.strip()]
    if not 2 <= len(words) <= MAX_WORDS or not MONO_FONT.search(words[0].font):
        return False
    if PROMPT.match(words[0].text) or words[-1].text.endswith(SENTENCE_END):
        return False
    if segment.width > 0.8 * layout.column_width():
        return False
    arguments = 0
    for word in words:
        glyphs = [a.base for a in word.source.atoms] if word.source else []
        letters = [g for g in glyphs if g.text.isalnum()] or ([] if glyphs else [word])
        if not letters:
            continue  # brackets, "<", ">", "|": a usage line's marks in any font
        if all(MONO_FONT.search(g.font) for g in letters):
            continue
        if all(metavariable(g.font) for g in letters):
            arguments += 1
            continue
        return False  # a word of prose
    return arguments > 0
