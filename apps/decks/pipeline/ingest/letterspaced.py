"""Words set letter-spaced on page 1 read whole again.

A title set letter-spaced (microtype's \\textls, a journal's small capitals spread over the line)
leaves a gap between its letters that the text layer reads as a word's end: "C o u n t i n g",
and the lines of such a title may even fall apart into one segment a word, each too short to be
taken for the title ("o n"). On page 1's upper half, lines of one-letter words in one size and
font whose gaps are alike are joined: a gap clearly wider than the letters' own gap is where a
word ends. A line with one real word in it (an initial "A. Okafor", a list's "a b c") is left
as it is.
"""

from __future__ import annotations

import statistics

from apps.decks.pipeline.ingest.layout import Layout, Segment, Word

MIN_LETTERS = 5  # fewer letters in a line give no gap to trust
WORD_GAP = 1.7  # a gap this many times the letters' usual one ends a word


def letterspaced_joined(layout: Layout) -> None:
    """Join page 1's letter-spaced lines in place (see the module's docstring)."""
    if not layout.pages or not layout.page_sizes:
        return
    half = 0.5 * layout.page_sizes[0][1]
    page = layout.pages[0]
    spaced = [s for s in page if s.role in ("text", "margin") and s.top < half and _letters(s)]
    for line in _lines(spaced):
        joined = _joined(line)
        if joined is None:
            continue
        at = min(page.index(s) for s in line)
        for segment in line:
            page.remove(segment)
        page.insert(at, joined)


def _letters(segment: Segment) -> bool:
    return all(len(w.text) == 1 and w.text.isalpha() for w in segment.words)


def _lines(segments: list[Segment]) -> list[list[Segment]]:
    lines: list[list[Segment]] = []
    for segment in sorted(segments, key=lambda s: (s.top, s.x0)):
        line = lines[-1] if lines else None
        if (
            line
            and abs(segment.top - line[0].top) < 0.3 * segment.size
            and abs(segment.size - line[0].size) < 0.3
            and segment.font == line[0].font
            # a word's gap, not a column's: "a r t i c l e  i n f o" and "a b s t r a c t"
            # stand on one line over two columns and stay two labels
            and segment.x0 - line[-1].x1 < 1.5 * segment.size
        ):
            line.append(segment)
        else:
            lines.append([segment])
    return lines


def _joined(line: list[Segment]) -> Segment | None:
    letters = sorted((w for s in line for w in s.words), key=lambda w: w.x0)
    if len(letters) < MIN_LETTERS:
        return None
    gaps = [b.x0 - a.x1 for a, b in zip(letters, letters[1:], strict=False)]
    usual = statistics.median(gaps)
    if usual <= 0.05 * line[0].size:
        return None  # letters set close: ordinary text the reader split oddly, not spacing
    words: list[list[Word]] = [[letters[0]]]
    for gap, letter in zip(gaps, letters[1:], strict=True):
        if gap > WORD_GAP * usual:
            words.append([letter])
        else:
            words[-1].append(letter)
    if all(len(w) == 1 for w in words):
        return None  # every letter a word of its own: no spacing to undo
    first = line[0]
    return Segment(
        page=first.page,
        words=[_word(w) for w in words],
        role=first.role,
        column=first.column,
    )


def _word(letters: list[Word]) -> Word:
    return Word(
        "".join(w.text for w in letters),
        letters[0].x0,
        letters[-1].x1,
        min(w.top for w in letters),
        max(w.bottom for w in letters),
        letters[0].size,
        letters[0].font,
    )
