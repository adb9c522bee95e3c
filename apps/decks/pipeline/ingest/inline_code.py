"""Names of code quoted in a sentence, read apart from it.

A typewriter word in a line of prose is part of its sentence ("passing the --vectorize (or
-vec) option", "each corresponding #pragma omp section, here …"), but the layout can set it
apart: a typewriter font set smaller than the text, or a gap widened by justification, makes
it a segment of its own, which code.py marks as code (and a smaller one is no body text at
all); a line set almost wholly in typewriter ("-r MAX (a.k.a. --radio-sliders=MAX) to") is
code by its glyphs. Dropped, it leaves a hole in the sentence: "passing the (or -vec) option",
"each corresponding n", "allows you to specify the option".

So a code segment is the sentence's and no code when
- it stands on a line of prose, right beside a piece of it: it is joined to that piece (a
  word cut between the two is one word again: "sectio" + "n,");
- it runs across its column from edge to edge, as a justified line of prose does, between a
  line of prose whose sentence goes on and another line of prose.
The paragraph then holds it as inline code (`Segment.prose_text`).
"""

from __future__ import annotations

from apps.decks.pipeline.ingest.glyphs import GlyphWord
from apps.decks.pipeline.ingest.layout import Layout, Segment, Word, _word

BESIDE_EM = 1.0  # a code piece this close to a piece of prose on its line is in its sentence
TOUCH_PT = 0.3  # two words this close were one word cut apart
EDGE_EM = 0.5  # a justified line ends this close to its column's right edge
SENTENCE_END = (".", "?", "!", ":")


def inline_code_joined(layout: Layout) -> None:
    for page in layout.pages:
        for code in [s for s in page if s.role == "text" and s.code]:
            prose = _prose_beside(page, code)
            if prose is not None:
                _join(prose, code)
                page.remove(code)
        _lines_of_prose(layout, page)


def _prose_beside(page: list[Segment], code: Segment) -> Segment | None:
    size = max(code.size, 1.0)
    beside = [
        s
        for s in page
        if s is not code
        and s.role == "text"
        and not s.code
        and not s.cell
        and abs(s.bottom - code.bottom) <= 0.35 * max(s.size, size)
        and (
            -TOUCH_PT <= s.x0 - code.x1 <= BESIDE_EM * s.size
            or -TOUCH_PT <= code.x0 - s.x1 <= BESIDE_EM * s.size
        )
        and sum(c.isalpha() for c in s.text) >= 2
    ]
    return min(beside, key=lambda s: min(abs(s.x0 - code.x1), abs(code.x0 - s.x1)), default=None)


def _join(prose: Segment, code: Segment) -> None:
    words = sorted(prose.words + code.words, key=lambda w: w.x0)
    joined: list[Word] = []
    for word in words:
        last = joined[-1] if joined else None
        if (
            last is not None
            and last.source is not None
            and word.source is not None
            and abs(word.x0 - last.x1) <= TOUCH_PT
            and (last.source.typewriter or word.source.typewriter)
        ):
            joined[-1] = _word(GlyphWord(last.source.atoms + word.source.atoms))
            continue
        joined.append(word)
    prose.words = joined
    prose.refresh()


def _lines_of_prose(layout: Layout, page: list[Segment]) -> None:
    """A line of code pieces (and prose) that runs across its column from edge to edge, under
    a line of prose that reaches the edge without ending its sentence and over another line of
    prose, is a line of that sentence: one segment again, no code."""
    rows: list[list[Segment]] = []
    for segment in sorted(
        (s for s in page if s.role == "text"), key=lambda s: (s.column, s.top, s.x0)
    ):
        last = rows[-1][0] if rows else None
        if last is not None and last.column == segment.column and abs(last.top - segment.top) <= 2:
            rows[-1].append(segment)
        else:
            rows.append([segment])
    for index in range(1, len(rows) - 1):
        row, above, below = rows[index], rows[index - 1][-1], rows[index + 1][0]
        if not any(s.code for s in row) or above.code or below.code:
            continue
        column = row[0].column
        if column >= len(layout.columns) or not above.column == column == below.column:
            continue
        left, right = layout.columns[column]
        size = row[0].size
        spacing = 2.0 * size
        x0, x1 = min(s.x0 for s in row), max(s.x1 for s in row)
        if (
            x1 >= right - EDGE_EM * size
            and x0 <= max(left, above.x0) + 2.0  # at the column's edge, or the paragraph's
            and above.x1 >= right - EDGE_EM * above.size
            and not above.text.rstrip().endswith(SENTENCE_END)
            and 0 < row[0].top - above.top <= spacing
            and 0 < below.top - row[0].top <= spacing
            and layout.is_body(above)
            and layout.is_body(below)
        ):
            first = min(row, key=lambda s: s.x0)
            for other in row:
                if other is not first:
                    _join(first, other)
                    page.remove(other)
            first.code = False
