"""Captions: "Figure 3: …", "Fig. 2", "Table 1." lines and the lines that go on with them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline.caption_labels import LABEL_WORDS, label_word, series
from apps.decks.pipeline.garbled import CELL_NUMBER
from apps.decks.pipeline.ingest.layout import (
    BOLD_FONT,
    Layout,
    Segment,
    column_of,
    join_lines,
    vocabulary_of,
)
from apps.decks.pipeline.ingest.structure import CAPTION, heading_of

# A label standing alone in bold, without punctuation (ASME's "Fig. 1", its text apart from it)
LABEL_ALONE = re.compile(rf"^({LABEL_WORDS})\s*(\d+)(?:[.\-–](\d+))?$")
# The figure's own number after a chapter's ("Figure 3.1: …", "Table 2-4. …"): CAPTION reads
# "Figure 3." and leaves "1: …"; the number goes on right after the separator, no space.
# Punctuation after it, or the label's end: "Figure 1.2 shows …" at the start of a line of
# prose is a reference, not a caption.
CHAPTER_NUMBER = re.compile(r"(\d+)(?:\s*[.:|—–-]\s*|\s*$)")
# A label in bold and the caption's text after it with no punctuation between (Springer's
# "Fig. 14 The button primitive"): the fonts, not a colon, say where the label ends.
LABEL_THEN_TEXT = re.compile(rf"^({LABEL_WORDS})\s*(\d+)(?=\s+\S)")


@dataclass
class Caption:
    kind: str  # figure | table
    number: int
    label: str
    text: str
    page: int
    segments: list[Segment]
    # where the label ends in the first line's text ("Table 2: " → 9): the text is the
    # lines joined from here, again when lines are taken off (table_captions.py)
    label_end: int = 0

    @property
    def x0(self) -> float:
        return min(s.x0 for s in self.segments)

    @property
    def x1(self) -> float:
        return max(s.x1 for s in self.segments)

    @property
    def top(self) -> float:
        return min(s.top for s in self.segments)

    @property
    def bottom(self) -> float:
        return max(s.bottom for s in self.segments)


def captions_find(layout: Layout) -> list[Caption]:
    captions: list[Caption] = []
    seen: set[tuple[str, int]] = set()
    vocabulary = vocabulary_of(layout)  # a compound's hyphen at a line's end stays
    for page_number, page in enumerate(layout.pages, start=1):
        ordered = sorted(
            (s for s in page if s.role in ("text", "margin")), key=lambda s: (s.top, s.x0)
        )
        for index, segment in enumerate(ordered):
            match = (
                CAPTION.match(segment.text)
                or (LABEL_ALONE.match(segment.text) if segment.bold else None)
                or _bold_label(segment)
            )
            if not match or _has_text_left(layout, ordered, segment):
                continue
            if _sentence_goes_on(layout, ordered, segment):
                continue  # "… is presented in" / "Table 2. The null hypothesis …": a reference
            kind, offset = series(match.group(1))
            numbered = _numbered(segment.text, match)
            if numbered is None:
                continue
            shown, number, end = numbered
            number += offset
            if (kind, number) in seen:
                continue
            first = [segment] + _label_continuation(layout, ordered, segment, end)
            parts = list(first)
            for following in ordered[index + 1 :]:
                if following in parts:
                    continue
                last = parts[-1]
                # a line of another column (its heading level with the caption's last line)
                # neither goes on with the caption nor ends it
                if following.x1 < segment.x0 - 30 or following.x0 > segment.x1 + 10:
                    continue
                if _other_column(following, parts[: len(first)]):
                    continue
                if following.top - last.bottom > 0.9 * last.size:
                    if following.top > last.bottom:
                        break
                    continue
                if CAPTION.match(following.text) or heading_of(layout, following):
                    break
                if _row_of_cells(layout, following, ordered):
                    break  # the table under its caption starts: its cells are no caption
                if abs(following.size - segment.size) > 0.6:
                    continue
                if _stray_label(following, last):
                    continue
                if _bold_header(following, parts):
                    break  # the table's column header, set bold under a caption in plain text
                parts.append(following)
            text = join_lines([p.text for p in parts], vocabulary)
            body = text[end:].strip()
            if len(body.split()) < 2:
                continue
            label = f"{label_word(match.group(1))} {shown}"
            captions.append(Caption(kind, number, label, body, page_number, parts, end))
            seen.add((kind, number))
    return captions


def _bold_label(segment: Segment) -> re.Match | None:
    """ "Fig. 14 The button primitive": the label's words in a bold font, the first word after
    them not. A line of prose that opens with "Fig. 3 shows" sets the label in its own font."""
    match = LABEL_THEN_TEXT.match(segment.text)
    if match is None:
        return None
    label, rest, length = [], [], 0
    for word in segment.words:
        (label if length < match.end() else rest).append(word)
        length += len(word.text) + 1
    if not label or not rest or not all(BOLD_FONT.search(w.font) for w in label):
        return None
    return None if BOLD_FONT.search(rest[0].font) else match


def _numbered(line: str, match: re.Match) -> tuple[str, int, int] | None:
    """The label's number as printed ("3", "3.1"), a number unique in the paper that keeps
    the figures' order (chapter 3's first figure: 301), and where the caption's text starts.
    A chapter-numbered label read as "Figure 3." with "1: Scheme …" after it is one label,
    "Figure 3.1", never "Figure 3" with the caption "1: Scheme …"."""
    first = match.group(2)
    if match.lastindex and match.lastindex >= 3 and match.group(3):  # a bold label alone
        return f"{first}.{match.group(3)}", int(first) * 100 + int(match.group(3)), match.end()
    end = match.end()
    joined = line[end - 1 : end] in (".", "-", "–") and line[end : end + 1].isdigit()
    if not joined:
        return first, int(first), end
    chapter = CHAPTER_NUMBER.match(line, end)
    if chapter is None or int(chapter.group(1)) >= 100:
        return None  # "Figure 1.2 shows …", "Figure 3.250 mm": prose, not a label
    own = int(chapter.group(1))
    return f"{first}.{own}", int(first) * 100 + own, chapter.end()


def _other_column(line: Segment, first: list[Segment]) -> bool:
    """A line beside the caption rather than under it: it starts well right of the caption's
    first line and is not centred under it (a narrow gutter puts the next column close), or
    it ends before the caption's first line starts (the column to the left: a caption in the
    right column stands level with that column's lines, which are never its own)."""
    x0, x1 = min(s.x0 for s in first), max(s.x1 for s in first)
    width = max(x1 - x0, 1.0)
    centred = abs((line.x0 + line.x1) / 2 - (x0 + x1) / 2) < 0.1 * width
    return (line.x0 > x0 + 0.4 * width and not centred) or line.x1 <= x0 + 2


def _label_continuation(
    layout: Layout, ordered: list[Segment], label: Segment, end: int
) -> list[Segment]:
    """The caption's first line when its label stands apart from it ("Figure 1:" in bold, then
    a wide gap): the segments to the label's right on its line. Not when they are in another
    text column and the caption goes on under the label, left of them (they are then the other
    column's text)."""
    if len(label.text[end:].split()) >= 2:
        return []
    line = sorted(
        (
            s
            for s in ordered
            if s is not label
            and abs(s.top - label.top) < 2
            and 0 <= s.x0 - label.x1 < 3 * label.size
            and abs(s.size - label.size) <= 0.6
        ),
        key=lambda s: s.x0,
    )[:1]
    if not line:
        return []
    below = [
        s
        for s in ordered
        if 0 < s.top - label.bottom < 1.5 * label.size and s.x1 < line[0].x0 and s.x0 <= label.x1
    ]
    other_column = column_of(layout, line[0].x0) != column_of(layout, label.x0)
    return [] if below and other_column else line


# The end of a line whose sentence goes on: a lower-case word, no full stop, colon or bracket.
OPEN_LINE_END = re.compile(r"(?:^|\s)[a-z]{2,}$")


def _sentence_goes_on(layout: Layout, ordered: list[Segment], segment: Segment) -> bool:
    """The label opens a line of prose whose sentence began on the line right above it ("…
    the activity against seven bacteria is presented in" / "Table 2. The null hypothesis …"):
    a reference the line break put first, not a caption. A caption's first line is never the
    rest of the sentence above it. Taken as a caption, it took the table's number, and the
    table's real caption was read as text."""
    above = [
        other
        for other in ordered
        if other is not segment
        and other.bottom <= segment.top + 1
        and segment.top - other.bottom < 0.6 * segment.size
        and other.x0 < segment.x1
        and segment.x0 < other.x1
        and column_of(layout, other.x0) == column_of(layout, segment.x0)
    ]
    if not above:
        return False
    before = max(above, key=lambda s: (s.bottom, s.x1))
    line = [
        s
        for s in ordered
        if abs(s.top - before.top) < 2 and column_of(layout, s.x0) == column_of(layout, segment.x0)
    ]
    if sum(len(s.text.split()) for s in line) < PROSE_LINE_WORDS:
        return False  # an axis's label or a panel's title over a caption: no line of prose
    last = max(line, key=lambda s: s.x1)
    return bool(OPEN_LINE_END.search(last.text.strip())) and abs(last.size - segment.size) <= 0.6


PROSE_LINE_WORDS = 6


def _has_text_left(layout: Layout, ordered: list[Segment], segment: Segment) -> bool:
    """A line of text just left of the label on its line: the label is a reference in the
    middle of a sentence. Not the caption of the figure beside it in the next column to the
    left (two figures side by side, their captions level across a narrow gutter), nor any
    line of another text column."""
    return any(
        other is not segment
        and abs(other.top - segment.top) < 2
        and other.x1 <= segment.x0
        and segment.x0 - other.x1 < 40
        and not CAPTION.match(other.text)
        and column_of(layout, other.x0) == column_of(layout, segment.x0)
        for other in ordered
    )


def _bold_header(line: Segment, parts: list[Segment]) -> bool:
    """A line all in bold under a caption whose own words are not: the table's column header
    ("Amount of oil [µL]" over its columns), never the caption going on. Read on, the header
    was glued to the caption's sentence ("… inhibitory zones Amount of oil [µL]")."""
    if not line.words or not all(BOLD_FONT.search(w.font) for w in line.words):
        return False
    return any(not BOLD_FONT.search(w.font) for part in parts for w in part.words)


def _stray_label(line: Segment, last: Segment) -> bool:
    """A lone symbol or short word under a caption line that ended its sentence: an axis label
    or a panel's mark of the figure beside it ("… and appropriate annotations." then "$z$"),
    never more of the caption ("… annotations. $z$" on a slide)."""
    words = re.sub(r"[$\\{}^_]", "", line.text).split()
    ended = re.search(r"[.!?][)”’\"']*$", last.text.strip())
    return bool(ended) and len(words) == 1 and len(words[0]) <= 3


def _row_of_cells(layout: Layout, line: Segment, ordered: list[Segment]) -> bool:
    """A line of the table under its caption (a caption set right above its table, no space
    before the first row): a line of two or more numbers only ("64 256 1K", "6.61 6.62"), a
    row of cells the cell reading marked (cells.py: words lined up in columns over three or
    more rows) two or more of them level on one line, or a row's label ("Input size", a few
    words) level with numbers in its column. Read on, the caption took the table's cells
    ("CRC-32 performance 64 256 1K 6.61 …") and the table lost its crop. A caption's own line
    is prose: never numbers only, and one piece on its line (its last short line may be read
    as a cell)."""
    if _numbers_only(line) and len(line.text.split()) >= 2:
        return True  # one number alone is a caption's line that went on ("… for" / "2031.")
    level = [
        other
        for other in ordered
        if other is not line
        and abs(other.top - line.top) < 2
        and abs(other.size - line.size) <= 0.6
        and min(abs(other.x0 - line.x1), abs(line.x0 - other.x1)) < 6 * line.size
        and column_of(layout, other.x0) == column_of(layout, line.x0)
    ]
    if line.cell and any(other.cell for other in level):
        return True
    return len(line.text.split()) <= ROW_LABEL_WORDS and any(_numbers_only(o) for o in level)


ROW_LABEL_WORDS = 4


def _numbers_only(line: Segment) -> bool:
    words = line.text.split()
    return bool(words) and all(CELL_NUMBER.match(w) for w in words)
