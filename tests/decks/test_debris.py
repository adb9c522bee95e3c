"""Debris of the paper's apparatus never becomes a bullet: the acknowledgements (thanks, funding,
grants, hospitality), wherever they stand, even run on after the conclusions without a heading."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer

ACKNOWLEDGEMENTS = [
    "We are grateful to J. Novak and P. Lindqvist for discussions and comments on the draft.",
    "The work of K.M. was supported by the Swedish Research Council under grant no. 2019-04411.",
    "K.M. acknowledges the hospitality of the Niels Bohr Institute during the completion of this work.",
    "This research was partially funded by the Norwegian Ministry of Fisheries.",
    "The authors thank the anonymous referees for their careful reading.",
]


@pytest.mark.parametrize("sentence", ACKNOWLEDGEMENTS)
def test_an_acknowledgement_sentence_is_found_and_no_bullet(sentence):
    assert "meta_text" in dict(defects.text_defects(sentence))
    assert bullets.rewrite(sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "Thanks to its sparsity, the solver scales linearly with the number of stations.",
        "The hypothesis is supported by the catches of all three seasons.",
        "We acknowledge that the sample of fishing vessels is small.",
        "Revenue in the hospitality industry fell by a third during the closures.",
    ],
)
def test_a_finding_that_uses_the_same_words_is_no_acknowledgement(sentence):
    assert "meta_text" not in dict(defects.text_defects(sentence))


def test_acknowledgements_run_on_after_the_conclusions_are_no_conclusion_bullets():
    conclusions = (
        "The weighted station model predicts the spring catches within eight percent. "
        "Its error grows with the distance between the stations and the coast. "
        "Seasonal weights reduce the error of the autumn forecasts by a third."
    )
    paper = Paper(
        title="Forecasting coastal catches",
        sections=[
            Section(
                title="Introduction",
                paragraphs=[
                    "Coastal catches vary with the season and the weather at sea. "
                    "We forecast them from the records of forty coastal stations."
                ],
            ),
            Section(title="Conclusions", paragraphs=[conclusions, " ".join(ACKNOWLEDGEMENTS)]),
        ],
        pages=6,
        source_name="catches.pdf",
    )
    deck = BuiltinProposer().propose(paper)
    closing = [s for s in deck.slides if s.role == "conclusion"]
    assert closing and closing[0].bullets
    text = " ".join(b for s in deck.slides for b in s.bullets)
    assert not any(word in text for word in ("grateful", "supported by", "hospitality", "thank"))


# A contents page as the layout gives it: headings with section and page numbers, dot leaders.
CONTENTS_LINES = (
    "1 Introduction 2 3.1 Sampling the Stations 9",
    "2 Weighted Station Model ...... 4 B.2 Proofs of the Bounds 17",
    "3 Results and Tests . . . . . 7 4 Conclusion 12",
)
FIRST_SENTENCE = "Coastal catches vary with the season and with the weather at sea."


@pytest.mark.parametrize(
    "paragraph",
    [
        " ".join(CONTENTS_LINES),
        f"5 Conclusion 14 {FIRST_SENTENCE}",
        f"{' '.join(CONTENTS_LINES)} {FIRST_SENTENCE}",
    ],
)
def test_contents_entries_a_paragraph_opens_with_are_left_out(paragraph):
    from apps.decks.pipeline.ingest.contents import without_contents

    kept = without_contents(paragraph)
    assert kept in ("", FIRST_SENTENCE)
    assert kept == (FIRST_SENTENCE if paragraph.endswith(FIRST_SENTENCE) else "")


@pytest.mark.parametrize(
    "paragraph",
    [
        "Experiments 1 and 2 Both groups improved after the second season.",
        "Table 3 Lists the runs of the model for all forty stations.",
        "In 2 Steps We fit the model and then the seasonal weights.",
        "Section 4 Describes the 12 stations of the northern coast.",
        FIRST_SENTENCE,
    ],
)
def test_text_that_opens_with_a_number_or_a_label_is_no_contents(paragraph):
    from apps.decks.pipeline.ingest.contents import without_contents

    assert without_contents(paragraph) == paragraph


def test_a_contents_page_is_no_paragraph_of_the_paper():
    from apps.decks.pipeline.ingest.layout import Layout
    from apps.decks.pipeline.ingest.structure import sections_read
    from tests.decks.test_unseen_ingest import _segment as segment_at

    heading = segment_at("Contents", 72, 100, size=12.0, font="Times-Bold")
    entries = [
        segment_at(line, 72, 120 + 12 * i, size=10.0) for i, line in enumerate(CONTENTS_LINES)
    ]
    intro = segment_at("1 Introduction", 72, 300, size=12.0, font="Times-Bold")
    body = segment_at(FIRST_SENTENCE, 72, 320, size=10.0)
    layout = Layout(
        pages=[[heading, *entries, intro, body]],
        page_sizes=[(612.0, 792.0)],
        body_size=10.0,
        columns=[(72.0, 540.0)],
    )
    sections, _, _ = sections_read(layout, set(), set(), None)
    assert [p for s in sections for p in s.paragraphs] == [FIRST_SENTENCE]


# Covers: the title is page 1's largest text even when later pages repeat it as their running
# header; authors come in reading order, each author's addresses under them.
def _cover(segments, later_pages=()):
    from apps.decks.pipeline.ingest.layout import Layout
    from apps.decks.pipeline.ingest.running import running_mark
    from apps.decks.pipeline.ingest.structure import authors_find, title_find

    layout = Layout(
        pages=[segments, *later_pages],
        page_sizes=[(612.0, 792.0)] * (1 + len(later_pages)),
        body_size=10.0,
        columns=[],
    )
    running_mark(layout)
    title, segment = title_find(layout, "")
    return title, authors_find(layout, segment)


TITLE = "Tidal Forecasts from Coastal Station Records"
FOOTER = "Preprint: Coastal Meeting 2031 March 3, 2031 10:42"


def test_a_title_that_later_pages_repeat_as_their_header_is_the_title():
    from tests.decks.test_unseen_ingest import _segment as at

    first = [
        at(TITLE, 72, 60, size=14.3),
        at("Maren Holt", 72, 100, size=12.0),
        at("Department of Oceanography,", 72, 114, size=9.0),
        at("Bergen, Norway", 72, 125, size=9.0),
        at("Coastal tides are forecast from forty station records in this study.", 72, 300),
        at(FOOTER, 72, 750),
    ]
    later = [
        [
            at(TITLE, 200, 44),
            at("The records are read hourly and cleaned of gaps before any fit is made.", 72, 300),
            at(FOOTER, 72, 750),
        ]
        for _ in range(3)
    ]
    title, authors = _cover(first, later)
    assert title == TITLE
    assert authors == ["Maren Holt"]


def test_authors_each_over_their_addresses_are_all_found():
    from tests.decks.test_unseen_ingest import _segment as at

    title, authors = _cover(
        [
            at(TITLE, 120, 52, size=12.0, font="Times-Bold"),
            at("Maren Holt", 260, 78),
            at("Department of Oceanography, University of Bergen, Norway", 100, 89, size=9.0),
            at("Geophysical Institute, Tromsø, Norway", 200, 99, size=9.0),
            at("Anders Lunde", 270, 121),
            at("Institute of Marine Research, Oslo, Norway", 110, 132, size=9.0),
            at(
                "We forecast the coastal tides from forty station records over ten years",
                108,
                160,
                size=9.0,
            ),
        ]
    )
    assert authors == ["Maren Holt", "Anders Lunde"]


def test_authors_on_one_line_read_from_left_to_right_though_a_mark_raises_some():
    from tests.decks.test_unseen_ingest import _segment as at

    title, authors = _cover(
        [
            at(TITLE, 128, 155, size=17.2),
            at("$,^{*}$, Anders Lunde , Kari Berg", 235, 182, size=13.0),
            at("Maren Holt", 170, 185.6, size=13.0),
            at("Institute of Marine Research, Oslo, Norway", 160, 205, size=8.0),
        ]
    )
    assert authors == ["Maren Holt", "Anders Lunde", "Kari Berg"]


@pytest.mark.parametrize("stamp", ["July 1, 2004 12:21", "2031-03-03 10:42:17", "March 3, 2031"])
def test_a_running_footer_that_is_a_timestamp_is_no_venue(stamp):
    from apps.decks.pipeline.ingest.layout import Layout
    from apps.decks.pipeline.ingest.structure import venue_find

    layout = Layout(pages=[[]], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[])
    layout.running = [stamp, "Coastal Letters 12 (2031) – Holt"]
    assert venue_find(layout, TITLE) == ("Coastal Letters 12 (2031)", "2031")
    layout.running = [stamp]
    venue, _year = venue_find(layout, TITLE)
    assert venue == ""
