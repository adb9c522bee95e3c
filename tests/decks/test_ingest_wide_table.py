"""A table wider than its text column (a list of languages in two halves, each with a name row
and a row of codes): the rows that reach past the column and the one between two of them were
left out of the table and read as a sentence, two columns' cells interleaved ("Galician
mn-cyrl-x-lmc mongolianlmc gl galician Norwegian Georgian nb bokmal norwegian, norsk").
Every row lined up with the table's columns next to its rows is a row of it; a line of prose
under the table is none."""

from __future__ import annotations

from apps.decks.pipeline.ingest.cells import cells_mark
from apps.decks.pipeline.ingest.layout import Layout, Segment, Word

CHAR_PT = 5.0
LINE_PT = 12.3


def _segment(text: str, x0: float, top: float) -> Segment:
    words, x = [], x0
    for token in text.split():
        width = CHAR_PT * len(token)
        words.append(Word(token, x, x + width, top, top + 10, 10.0, "Regular"))
        x += width + 3.0
    return Segment(page=1, words=words)


# (left name, left codes, right name, right codes) per entry of the two halves; pieces start
# at 72 / 80.5 / 145.3 (left) and 305.1 / 313.6 / 378.4 / 448.1 (right); the right half's
# third column reaches past the text column's right edge (479)
ROWS = [
    [("French", 72.0), ("Marathi", 305.1)],
    [("fr", 80.5), ("french", 145.3), ("mr", 313.6), ("marathi", 378.4)],
    [("Friulan", 72.0), ("Mongolian", 305.1)],
    [("fur", 80.5), ("friulan", 145.3), ("mn", 313.6), ("mongolian", 378.4)],
    [("Galician", 72.0), ("mn-cyrl-x-lmc mongolianlmc", 313.6)],
    [("gl", 80.5), ("galician", 145.3), ("Norwegian", 305.1)],
    [("Georgian", 72.0), ("nb", 313.6), ("bokmal", 378.4), ("norwegian, norsk", 448.1)],
    [("ka", 80.5), ("georgian", 145.3), ("nn", 313.6), ("nynorsk", 378.4)],
    [("Turkish", 305.1)],
    [("tr", 313.6), ("turkish", 378.4)],
]
PROSE = "The patterns of all these languages are loaded by default in every format."


def _layout() -> tuple[Layout, list[list[Segment]], Segment]:
    rows = [[_segment(t, x, 80 + LINE_PT * i) for t, x in row] for i, row in enumerate(ROWS)]
    prose = _segment(PROSE, 72.0, 80 + LINE_PT * (len(ROWS) + 1.5))
    pages = [[s for row in rows for s in row] + [prose]]
    layout = Layout(pages=pages, page_sizes=[(612, 792)], body_size=10.0, columns=[(72, 479)])
    return layout, rows, prose


def test_every_row_of_a_table_wider_than_its_column_is_cells():
    layout, rows, _ = _layout()
    cells_mark(layout)
    left_out = [s.text for row in rows for s in row if not s.cell]
    assert left_out == []


def test_a_line_of_prose_under_the_table_is_no_cell():
    layout, _, prose = _layout()
    cells_mark(layout)
    assert not prose.cell


# A manual's table of return codes: a short key on the left, its meaning at one column further
# right over one or more lines. Read without its key, "The problem has been successfully
# solved" is stated as a fact of the paper.
CODES = [
    (
        "0",
        [
            "The problem instance has been successfully solved. (This code does not",
            "mean that a solution was found.)",
        ],
    ),
    ("E_DATA", ["The problem object does not have the required format."]),
    ("E_FAIL", ["The solution process was unsuccessful because of the", "solver failure."]),
]


def _entries(keys: list[str]) -> tuple[Layout, list[Segment]]:
    segments, top = [], 80.0
    for key, lines in zip(keys, [text for _, text in CODES], strict=True):
        segments.append(_segment(key, 72.0, top))
        for line in lines:
            segments.append(_segment(line, 144.0, top))
            top += 13.5
        top += 6.0
    layout = Layout(pages=[segments], page_sizes=[(612, 792)], body_size=10.0, columns=[(72, 540)])
    return layout, segments


def test_a_table_of_keys_and_their_meaning_is_cells():
    layout, segments = _entries([key for key, _ in CODES])
    for segment in segments:
        segment.code = segment.text.startswith("E_")  # keys set in typewriter are code
    cells_mark(layout)
    assert [s.text for s in segments if not s.cell] == []


def test_a_numbered_list_is_no_table_of_keys():
    layout, segments = _entries(["1.", "2.", "3."])
    cells_mark(layout)
    assert not any(s.cell for s in segments)
