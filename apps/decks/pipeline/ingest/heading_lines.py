"""Headings told by how their line sits on the page rather than by their words: a bold line
of its own over a paragraph."""

from __future__ import annotations

import re
from collections import Counter

from apps.decks.pipeline.ingest.glyphs import ITALIC_FONT, MATH_FONT, MONO_FONT
from apps.decks.pipeline.ingest.layout import BOLD_FONT, Layout, Segment

THEOREM = re.compile(
    r"(?:Theorem|Lemma|Proposition|Corollary|Definition|Conjecture|Axiom|Remark|Example|"
    r"Proof|Claim|Assumption)\b"
)

# faces that set words of the text: emphasis, code, mathematics
OTHER_FACE = re.compile("|".join(f"(?:{p.pattern})" for p in (ITALIC_FONT, MONO_FONT, MATH_FONT)))


def standalone_bold(layout: Layout, segment: Segment) -> bool:
    """An unnumbered heading set bold at the text's size on a line of its own ("Cross-
    validation", as R Markdown and many journals set their lowest headings): a few words, all
    bold, with room above and a paragraph of plain text starting right under it. A word
    processor's heading style may change the face instead of the weight (Arial over Times, at
    the same size and not bold): a face the document sets no line of text in is as plain a
    sign (`heading_face`)."""
    words = segment.words
    if not all(BOLD_FONT.search(w.font) for w in words):
        fonts = {w.font for w in words}
        if len(fonts) != 1 or next(iter(fonts)) not in heading_faces(layout):
            return False
    return _standalone(layout, segment)


_FACES: dict[int, tuple[Layout, frozenset[str]]] = {}
# a line wider than this share of its column is a line of text, not a heading
TEXT_LINE_SHARE = 0.6
MIN_FACE_HEADINGS = 2  # one short line in a face of its own is no style


def heading_faces(layout: Layout) -> frozenset[str]:
    """Fonts, other than the body's, in which the document sets short lines of their own at
    the text's size that stand like headings (`_standalone`) and never a full line of text: a
    heading style. Italic, typewriter and mathematics faces set words of the text, not
    headings, and are left out."""
    cached = _FACES.get(id(layout))
    if cached is not None and cached[0] is layout:
        return cached[1]
    texts = [s for s in layout.segments() if layout.is_body(s) and s.words]
    weights: Counter[str] = Counter()
    for segment in texts:
        weights[segment.font] += len(segment.text)
    body_font = weights.most_common(1)[0][0] if weights else ""
    width = layout.column_width()
    faces = set()
    for font in weights:
        if font == body_font or BOLD_FONT.search(font) or OTHER_FACE.search(font):
            continue
        lines = [s for s in texts if all(w.font == font for w in s.words)]
        if any(s.width > TEXT_LINE_SHARE * width for s in lines):
            continue
        if sum(_standalone(layout, s) for s in lines) >= MIN_FACE_HEADINGS:
            faces.add(font)
    found = frozenset(faces)
    _FACES.clear()  # one layout is read at a time
    _FACES[id(layout)] = (layout, found)
    return found


def _standalone(layout: Layout, segment: Segment) -> bool:
    """A few words at the text's size on a line of their own, with room above and a
    paragraph of plain text starting right under it."""
    text = segment.text.strip()
    words = segment.words
    if not 1 <= len(words) <= 8 or not text[:1].isupper() or text.endswith((".", ",", ";", ":")):
        return False
    if segment.role != "text" or sum(c.isalpha() for c in text) < 4 or THEOREM.match(text):
        return False  # a theorem's label heads its statement, not a section
    if segment.size < layout.body_size - 0.6:
        return False
    lines = [
        s
        for s in layout.pages[segment.page - 1]
        if s is not segment and s.role == "text" and s.x0 < segment.x1 and segment.x0 < s.x1
    ]
    below = [s for s in lines if s.top >= segment.bottom - 1]
    after = min(below, key=lambda s: s.top, default=None)
    if after is None or after.top - segment.bottom > 1.5 * segment.size or after.bold:
        return False
    if not -3 <= after.x0 - segment.x0 <= 2.5 * segment.size or not layout.is_body(after):
        return False  # the paragraph starts at its left edge, or indented from it
    if len(after.text.split()) < 5 or after.width < 0.4 * layout.column_width():
        return False  # a table's head over its columns ("Intercept" over "Bias MAE RMSE")
    # the column's edge is where its lines start (a column's bounds may lie a few points out)
    edges = [x0 for x0, _ in layout.columns] or [segment.x0]
    starts = [s.x0 for s in layout.pages[segment.page - 1] if s.role == "text"]
    starts = [x for x in starts if min(abs(x - e) for e in edges) <= 0.5 * segment.size]
    if min(abs(segment.x0 - x0) for x0 in edges + starts) > 1.5 * segment.size:
        return False  # a heading starts at its column's edge
    return opens_paragraph(layout, segment)


# More room above a line than between the lines of its column, in em, that starts a paragraph.
# LaTeX's \paragraph adds 3.25 ex of stretchable glue; squeezed on a full page it may be less
# than the 0.6 em a spaced paragraph has, but it is still more than any line pitch's jitter.
ROOM_ABOVE_EM = 0.3


def _usual_room(column: list[Segment]) -> float:
    """The room between one line and the next, most often, in a column of a page."""
    tops = sorted({round(s.top, 1): s for s in column}.values(), key=lambda s: s.top)
    rooms = sorted(
        b.top - a.bottom for a, b in zip(tops, tops[1:], strict=False) if b.top - a.top > 1
    )
    return rooms[len(rooms) // 2] if rooms else 0.0


def opens_paragraph(layout: Layout, segment: Segment) -> bool:
    """The line starts a paragraph: no text above it in its column, room above it, or it is
    indented from the line above, or the line above stops short of its column's right edge (the last line of the paragraph before). A
    heading set with no room above ("… until analysis." / "Nitrite determination" / "Nitrite
    was measured …") is told by the short line before it, or by its paragraph's indent."""
    page = [s for s in layout.pages[segment.page - 1] if s is not segment and s.role == "text"]
    above = [
        s for s in page if s.x0 < segment.x1 and segment.x0 < s.x1 and s.bottom <= segment.top + 1
    ]
    before = max(above, key=lambda s: s.bottom, default=None)
    if before is None or segment.top - before.bottom >= 0.6 * segment.size:
        return True
    column = [s for s in page if s.column == before.column]
    if segment.top - before.bottom >= _usual_room(column) + ROOM_ABOVE_EM * segment.size:
        return True  # a tightly set page's \paragraph: a little more room than between lines
    line = [s for s in column if abs(s.top - before.top) <= 2]
    if segment.x0 - min(s.x0 for s in line) >= 0.8 * segment.size:
        return True  # indented from the line above: a paragraph's first line
    if before.column < len(layout.columns):
        right = layout.columns[before.column][1]
    else:  # one column: the right edge its lines reach
        right = max(s.x1 for s in column)
    return max(s.x1 for s in line) < right - 2.5 * segment.size
