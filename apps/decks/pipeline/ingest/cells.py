"""Table cells without a caption or rules: short lines one under the other whose words line up
in columns. They are a table, not sentences, so they must never reach a bullet.

A run of three or more short lines (no line nearly as wide as the text column, none a heading
or code) is a table when a vertical gutter runs through all of them: an empty band between
their words, with words on both sides in every line (the header line may leave a column
empty). Prose never lines up that way: its word gaps fall at different places on every line.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.glyphs import RELATIONS
from apps.decks.pipeline.ingest.layout import Layout, Segment

ROW_PT = 2.0  # segments whose tops are this close are on one row
MIN_ROWS = 3
ROW_SPACING = 2.2  # rows of one table are at most this many font sizes apart
SHORT_SHARE = 0.85  # a table row is narrower than this share of the text column
GUTTER_EM = 0.8  # a column gap is at least this wide


def cells_mark(layout: Layout) -> None:
    """Set `segment.cell` on every segment of an uncaptioned, unruled table's rows."""
    width = layout.column_width()
    for page in layout.pages:
        rows = _rows([s for s in page if s.role == "text"])
        run: list[list[Segment]] = []
        previous: list[Segment] | None = None
        for row in [*rows, None]:
            short = row is not None and _short(row, width) and not _paragraph_end(previous, row)
            previous = row
            if short and (not run or _follows(run[-1], row)):
                run.append(row)
                continue
            if len(run) >= MIN_ROWS and _gutter(run):
                _mark_block(page, run)
            run = [row] if short else []
        _mark_aligned(rows)
        _mark_key_tables(rows)


ALIGN_PT = 2.0  # a cell starts this close to where a column of the table starts
NEAR_ROWS = 4  # the table's columns are read from its rows this many rows away at most
LONE_CELL_WORDS = 3


def _mark_aligned(rows: list[list[Segment]]) -> None:
    """Rows of a table the runs left out: a row wider than a line of text (a table wider
    than its column, "nb bokmal norwegian, norsk" beside "Georgian"), one alone between two
    such rows, or a row of one column only ("Turkish" where the left column has ended), next
    to a table's row, every piece of it (all but one of three or more) starting where a
    column of the table's nearby rows starts. Its cells would otherwise be read as a sentence, two columns' cells interleaved.
    A lone piece is a cell only when it is a few words away from the text's left edge: a
    line of prose after a table starts at that edge."""
    changed = True
    while changed:
        changed = False
        for index, row in enumerate(rows):
            if all(s.cell for s in row) or _sentence(row) or _formula_or_code(row):
                continue
            if len(row) == 1 and not _lone_cell(row[0], rows):
                continue
            adjacent = [
                rows[j]
                for j in (index - 1, index + 1)
                if 0 <= j < len(rows)
                and all(s.cell for s in rows[j])
                and _follows(*sorted((rows[j], row), key=lambda r: r[0].top))
            ]
            nearby = rows[max(0, index - NEAR_ROWS) : index + NEAR_ROWS + 1]
            starts = [s.x0 for r in nearby if all(s.cell for s in r) for s in r]
            aligned = sum(1 for s in row if any(abs(s.x0 - x) <= ALIGN_PT for x in starts))
            # one piece may start a column the nearby rows leave empty ("norwegian, norsk")
            if adjacent and aligned >= len(row) - (len(row) >= 3):
                for segment in row:
                    segment.cell = True
                changed = True


FORMULA = re.compile(r"\$|[=<>≤≥≈≠←]")


LIST_MARKER = re.compile(r"^(?:\(?[\divxlcA-Za-z]{1,3}[.)]|[•·–—*-])$")
KEY_WORDS = 3
MIN_ENTRIES = 2


def _mark_key_tables(rows: list[list[Segment]]) -> None:
    """A table of keys and what they mean (a manual's return codes: "0" / "The MIP problem
    instance has been successfully solved. …", "GLP_EFAIL" / "The solution process was
    unsuccessful …"; a table of options, their defaults and what they do): two or more entries
    in a row, each a short key on the left (and a short value) and its text starting at one
    column further right, its further lines starting there too. Its text read
    without its key states as a fact what holds only for that code. A list's marker ("1.",
    "(a)", "•") is no key: a list's items are sentences of their own."""
    entries: list[list[list[Segment]]] = []
    hang: float | None = None
    for row in [*rows, None]:
        entry_row = row is not None and _key_row(row)
        text_x = max(s.x0 for s in row) if entry_row else 0.0
        if (
            entry_row
            and (hang is None or abs(text_x - hang) <= ALIGN_PT)
            and (not entries or _follows(entries[-1][-1], row))
        ):
            entries.append([row])
            hang = text_x
            continue
        if (
            row is not None
            and entries
            and len(row) == 1
            and abs(row[0].x0 - hang) <= ALIGN_PT
            and _follows(entries[-1][-1], row)
        ):
            entries[-1].append(row)  # a further line of the entry's text
            continue
        if len(entries) >= MIN_ENTRIES:
            for segment in (s for entry in entries for line in entry for s in line):
                segment.cell = True
        entries, hang = ([[row]], text_x) if entry_row else ([], None)


def _key_row(row: list[Segment]) -> bool:
    """A key and its text, or a key, a short value (an option's default: "pfilt_rmse" / "0.1"
    / "filtering threshold for …") and its text, each a gutter apart."""
    if len(row) not in (2, 3) or _display(row):
        return False
    pieces = sorted(row, key=lambda s: s.x0)
    key, text = pieces[0], pieces[-1]
    if text.code:  # a key is often set as code ("GLP_EFAIL"); its meaning is prose
        return False
    if not all(
        right.x0 - left.x1 >= GUTTER_EM * left.size
        for left, right in zip(pieces, pieces[1:], strict=False)
    ):
        return False
    return (
        all(len(piece.text.split()) <= KEY_WORDS for piece in pieces[:-1])
        and not LIST_MARKER.match(key.text.strip())
        and not key.text.rstrip().endswith((".", ",", ";"))
    )


def _formula_or_code(row: list[Segment]) -> bool:
    """A line of code or a formula lined up with others is no table's row (a display with its
    number, an assignment): what reads it as such is left to the code and math readers."""
    return _display(row) or any(s.code or FORMULA.search(s.text) for s in row)


def _lone_cell(segment: Segment, rows: list[list[Segment]]) -> bool:
    left = min(s.x0 for r in rows for s in r if s.column == segment.column)
    return len(segment.text.split()) <= LONE_CELL_WORDS and segment.x0 > left + 4 * ALIGN_PT


def _sentence(row: list[Segment]) -> bool:
    words = sum(len(s.text.split()) for s in row)
    return words >= 5 and row[-1].text.rstrip().endswith((".", ":", ";", "?", "!"))


def _rows(segments: list[Segment]) -> list[list[Segment]]:
    rows: list[list[Segment]] = []
    for segment in sorted(segments, key=lambda s: (s.column, s.top, s.x0)):
        last = rows[-1][0] if rows else None
        if (
            last is not None
            and last.column == segment.column
            and abs(last.top - segment.top) <= ROW_PT
        ):
            rows[-1].append(segment)
        else:
            rows.append([segment])
    return rows


EQUATION_NUMBER = re.compile(r"^\((\d+[a-z]?|[A-Z]\.\d+)\)$")


def _display(row: list[Segment]) -> bool:
    """A numbered display equation: a formula with a relation and its number "(11)" at the
    right. Two displays with a short line of prose between them line up like three rows of
    a table (the gutter before the numbers), and the prose is no cell."""
    if len(row) < 2 or not EQUATION_NUMBER.match(row[-1].text.strip()):
        return False
    words = [w for s in row[:-1] for w in s.words]
    return any(w.math for w in words) and any(ch in RELATIONS for w in words for ch in w.text)


def _paragraph_end(previous: list[Segment] | None, row: list[Segment]) -> bool:
    """The last line of a paragraph: one piece, under a line of prose as wide as the column
    (not a short row), starting at its left edge and ending its sentence. A table set right
    after the paragraph lines up under it, and its first row was this line ("whole period."
    taken for a cell: the sentence lost its end)."""
    if previous is None or len(row) != 1 or len(previous) != 1:
        return False
    line, above = row[0], previous[0]
    return (
        line.column == above.column
        and abs(line.x0 - above.x0) <= ALIGN_PT
        and _follows(previous, row)
        and len(above.text.split()) > 12
        and line.text.rstrip().endswith((".", "?", "!", ":"))
    )


def _short(row: list[Segment], width: float) -> bool:
    if _display(row):
        return False
    span = max(s.x1 for s in row) - min(s.x0 for s in row)
    words = sum(len(s.text.split()) for s in row)
    return (
        span < SHORT_SHARE * width
        and words <= 12
        and not _sentence(row)
        and not any(s.code for s in row)
    )


def _follows(above: list[Segment], row: list[Segment]) -> bool:
    size = max(s.size for s in above + row)
    return above[0].column == row[0].column and 0 < row[0].top - above[0].top <= ROW_SPACING * size


def _gutter(run: list[list[Segment]]) -> bool:
    """An empty vertical band through every row, with words left and right of it in all rows
    but at most one."""
    spans = sorted((w.x0, w.x1) for row in run for s in row for w in s.words)
    size = max(s.size for row in run for s in row)
    gaps: list[tuple[float, float]] = []
    reach = spans[0][1]
    for x0, x1 in spans[1:]:
        if x0 - reach >= GUTTER_EM * size:
            gaps.append((reach, x0))
        reach = max(reach, x1)
    for left, right in gaps:
        both = sum(
            1
            for row in run
            if any(w.x1 <= left for s in row for w in s.words)
            and any(w.x0 >= right for s in row for w in s.words)
        )
        if both >= len(run) - 1:
            return True
    return False


def _mark_block(page: list[Segment], run: list[list[Segment]]) -> None:
    """The run's segments, and any other text within its box (a tall bracket beside rows)."""
    cells = [s for row in run for s in row]
    x0, x1 = min(s.x0 for s in cells), max(s.x1 for s in cells)
    top, bottom = min(s.top for s in cells), max(s.bottom for s in cells)
    for segment in page:
        middle = (segment.top + segment.bottom) / 2
        inside = top <= middle <= bottom and x0 - 2 <= segment.x0 and segment.x1 <= x1 + 2
        if segment in cells or (segment.role == "text" and inside):
            segment.cell = True
