"""A journal's front matter as Elsevier sets it: a letter-spaced "a b s t r a c t" label over
an abstract set beside the "article info" block (history dates, keywords), headings in a
publisher's font subset whose name ends in its face (".B" bold), and authors' names on a line
set larger than the text. Read wrong, the whole paper was one section headed by two authors'
names, with no abstract."""

from __future__ import annotations

from apps.decks.pipeline.ingest.layout import Layout
from apps.decks.pipeline.ingest.structure import abstract_find, sections_read
from tests.decks.test_unseen_ingest import _segment as at

BODY = "AdvOT9f3e.R"
BOLD = "AdvOT77a1.B"
SENTENCES = [
    "Tidal gauges along the coast record the sea level every hour of the year.",
    "We compare forecasts made from forty stations with the levels later observed.",
    "The errors grow with the forecast horizon and with the distance to the station.",
]


def _layout(segments, columns=((30.0, 293.0), (300.0, 562.0))) -> Layout:
    for segment in segments:
        segment.column = 0 if segment.x0 < 296 else 1
    return Layout(
        pages=[segments], page_sizes=[(595.0, 794.0)], body_size=8.0, columns=list(columns)
    )


def test_a_letter_spaced_abstract_beside_the_article_info_is_read_without_it():
    history = ["Article history:", "Received 12 May 2030", "Accepted 3 June 2030", "Keywords:"]
    segments = [at("a r t i c l e i n f o", 43, 270, 8.0, BODY)]
    segments.append(at("a b s t r a c t", 207, 270, 8.0, BODY))
    for row, (left, right) in enumerate(zip(history, SENTENCES, strict=False)):
        segments.append(at(left, 43, 290 + 10 * row, 6.4, BODY))
        segments.append(at(right, 207, 290 + 10 * row, 7.2, BODY))
    abstract = abstract_find(_layout(segments), None, None)
    assert abstract == " ".join(SENTENCES)


def test_headings_in_a_bold_subset_named_by_its_face_open_sections():
    segments = [
        at("1. Introduction", 43, 100, 8.0, BOLD),
        *(at(s, 43, 112 + 10 * i, 8.0, BODY) for i, s in enumerate(SENTENCES)),
        at("2. Experimental method", 43, 160, 8.0, BOLD),
        *(at(s, 43, 172 + 10 * i, 8.0, BODY) for i, s in enumerate(SENTENCES)),
    ]
    sections, _, _ = sections_read(_layout(segments), set(), set(), None)
    assert [s.title for s in sections] == ["Introduction", "Experimental method"]


def test_a_line_of_authors_names_set_large_is_no_heading():
    authors = ["Maren Holt", "Anders Lunde", "Kari Berg"]
    segments = [
        at("Maren Holt", 43, 60, 10.6, BODY),
        at("Anders Lunde, Kari Berg", 128, 60, 10.6, BODY),
        at("1. Introduction", 43, 100, 8.0, "Times-Bold"),
        *(at(s, 43, 112 + 10 * i, 8.0, BODY) for i, s in enumerate(SENTENCES)),
    ]
    sections, _, _ = sections_read(_layout(segments), set(), set(), None, authors=authors)
    assert [s.title for s in sections] == ["Introduction"]


def test_a_short_last_line_under_a_centred_abstract_label_ends_the_abstract():
    # A label centred over the abstract (JSS, many preprints): the last line, one word long,
    # ends left of the label; read as a block beside the abstract, it was dropped and the
    # abstract's last sentence ended "… of the two".
    lines = [
        "Tidal gauges along the coast record the sea level every hour of the year and",
        "we compare the forecasts of a harmonic model and of a neural network with the",
        "levels later observed, to show the strengths and the weaknesses of the two",
        "models.",
    ]
    segments = [at("Abstract", 140, 250, 8.0, BODY)]
    segments += [at(line, 43, 262 + 10 * row, 8.0, BODY) for row, line in enumerate(lines)]
    abstract = abstract_find(_layout(segments, columns=((30.0, 562.0),)), None, None)
    assert abstract.endswith("the weaknesses of the two models.")
