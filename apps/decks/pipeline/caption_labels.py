"""The words a paper labels its figures and tables with, for captions and for references.

Most papers write "Figure 3" and "Table 2", but reports, theses and papers of other fields and
languages label their figures "Drawing 1", "Scheme 2", "Plate 4", "Exhibit 3", "Abbildung 5":
a caption read only by "Figure|Fig.|Table" lost those figures (the deck had none, its bullets
still said "as drawing 1 shows"). Every reader of labels takes its words from here.

A figure labelled with another word is numbered in a series of its own: a chemistry paper
numbers its Schemes apart from its Figures, so "Scheme 1" and "Figure 1" are two figures.
"""

from __future__ import annotations

import re

FIGURE = "figure"
TABLE = "table"

FIGURE_WORDS = ("Figure", "Fig.", "Figs.")
TABLE_WORDS = ("Table", "Tab.", "Tabelle", "Tabla", "Tabela", "Tableau")
# Each is a series of figures of its own (SERIES_STEP apart in the numbers).
OTHER_FIGURE_WORDS = (
    "Drawing",
    "Diagram",
    "Chart",
    "Graph",
    "Map",
    "Plate",
    "Illustration",
    "Exhibit",
    "Scheme",
    "Photo",
    "Photograph",
    "Picture",
    "Abbildung",
    "Abb.",
    "Figura",
    "Figuur",
    "Sketch",
)
SPELLED_OUT = {"Abb.": "Abbildung"}
# A figure number stays below this; a chapter's figure is numbered chapter × 100 + own.
SERIES_STEP = 100_000
# In running text these words name other things as often as a figure ("in graph 2 every
# vertex …", "the map 3 ↦ 1"): a reference needs them capitalized as a label is.
COMMON_WORDS = ("Graph", "Map", "Picture")


def _forms(words: tuple[str, ...]) -> list[str]:
    """Each word as a label prints it: "Figure", "FIGURE" (longest first, so that "Photograph"
    is not read as "Photo")."""
    forms = {form for word in words for form in (word, word.upper())}
    return sorted((re.escape(form) for form in forms), key=len, reverse=True)


# A caption's label at the start of a line: the words of every series, as printed.
LABEL_WORDS = "|".join(_forms(FIGURE_WORDS + TABLE_WORDS + OTHER_FIGURE_WORDS))
FIGURE_LABEL_WORDS = "|".join(_forms(FIGURE_WORDS + OTHER_FIGURE_WORDS))


def _longest_first(patterns) -> str:
    return "|".join(sorted(patterns, key=len, reverse=True))


# A reference in running text (case aside) to a figure of another series: "drawing 1",
# "Schemes 2 and 3", "Abb. 4" (for patterns compiled with re.I).
OTHER_REFERENCE_WORDS = _longest_first(
    [
        *(rf"{re.escape(word)}(?:e?s)?" for word in OTHER_FIGURE_WORDS if word not in COMMON_WORDS),
        *(rf"(?-i:{word}|{word.upper()})s?" for word in COMMON_WORDS),
    ]
)
# Any reference to a figure or table: "Figure 3", "figs. 2 and 4", "drawing 1", "Tab. 2".
REFERENCE_WORDS = _longest_first(
    [
        *(re.escape(word) for word in ("Figures", "Figure", "Figs.", "Fig.", "Tables", "Table")),
        *(re.escape(word) for word in TABLE_WORDS[1:]),
        OTHER_REFERENCE_WORDS,
    ]
)


def series(word: str) -> tuple[str, int]:
    """(kind, number offset) of a label's word as printed ("Fig." → figure, 0; "SCHEME" →
    figure, its series' offset; "Tab." → table, 0); plurals and case aside."""
    key = word.strip().lower().rstrip(".")
    for table in TABLE_WORDS:
        if key == table.lower().rstrip("."):
            return TABLE, 0
    for index, other in enumerate(OTHER_FIGURE_WORDS, start=1):
        name = other.lower().rstrip(".")
        if key in (name, name + "s", name + "es"):
            return FIGURE, index * SERIES_STEP
    return FIGURE, 0


def reference_number(word: str, number: str) -> str:
    """A reference's number as the paper's figures are numbered: "drawing 1" → "100001" (its
    series), "Figure 3" → "3"; a number with a panel letter or a chapter stays as printed."""
    offset = series(word)[1]
    return str(offset + int(number)) if offset and number.isdigit() else number


def label_word(word: str) -> str:
    """How a figure's label names its series on a slide: "Figure" for "Fig."/"FIGURE",
    "Table" for any table word, the paper's own word otherwise ("Drawing", "Scheme")."""
    kind, offset = series(word)
    if kind == TABLE:
        return "Table"
    if offset == 0:
        return "Figure"
    word = OTHER_FIGURE_WORDS[offset // SERIES_STEP - 1]
    return SPELLED_OUT.get(word, word)


def float_name(kind: str, number: int | str) -> str:
    """A figure or table as a message names it: "figure 3", "drawing 1" (not "figure 100001")."""
    value = int(number) if str(number).isdigit() else 0
    if kind != FIGURE or value < SERIES_STEP:
        return f"{kind} {number}"
    word = label_word(OTHER_FIGURE_WORDS[value // SERIES_STEP - 1])
    return f"{word.lower()} {value % SERIES_STEP}"


# A figure named in running text, by any figure series' word with its number: "Fig. 3",
# "figures 2", "drawing 1", "Scheme 4" ("Figs. 2 and 4" names its first).
FIGURE_REFERENCE = re.compile(
    rf"\b(?P<word>Fig(?:ure)?s?\.?|{OTHER_REFERENCE_WORDS})\s*(?P<number>\d+)\b", re.I
)


def figure_numbers(text: str) -> list[int]:
    """The figures a sentence names, numbered as the paper numbers them ("drawing 1" in its
    series: 100001), in the order it names them."""
    return [
        int(reference_number(match.group("word"), match.group("number")))
        for match in FIGURE_REFERENCE.finditer(text)
    ]
