"""Things the PDF's reading glued into sentences, on a paper made for these tests
(tests/fixtures/papers/ingest/glued, CC0): a running header that names the current section in
capitals beside the page number ("5 WEATHER AND LIGHT   4"), read into a sentence that crosses
the page break; the items of a numbered list in the text before the first heading, whose
numbers were read onto the end of the item before ("… are several: 1", "… dykes wher-3") and
whose short second lines were dropped; a numbered bold run-in heading with a bold word later
on its line, glued onto the paragraph before. And the reviewer's `glued_text` check for what
still gets through, with its fix."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from apps.decks.pipeline import defects, glued_text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.propose import bullets

PDF = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "glued" / "tessera-glued.pdf"
HEADERS = ("SURVEY DESIGN", "COUNTING THE FLOCKS", "CHECKING THE TALLIES", "WEATHER AND LIGHT")


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("glued"))


def _texts(paper):
    return [paper.abstract, *(p for s in paper.sections for p in s.paragraphs)]


@pytest.mark.parametrize("header", HEADERS)
def test_a_running_header_naming_its_section_is_no_text(paper, header):
    assert not [t for t in _texts(paper) if header in t]


def test_the_sentence_under_the_header_reads_on(paper):
    body = " ".join(_texts(paper))
    # the text on either side of the page break under "5 WEATHER AND LIGHT" reads on
    assert (
        "photographed the shoreline plots within a single hour of sunrise. "
        "The drone pilot checked the flooded meadow" in body
    )


def test_list_items_are_sentences_without_their_numbers(paper):
    text = paper.abstract
    assert "are several: Lower the effort" in text
    assert "northern loop of the reserve and its two long dykes together. Remove" in text
    assert "between the flooded meadows and the dykes wherever possible. Keep" in text
    assert "every walk and every season. " in text
    assert not re.search(r"\b\d\. [A-Z]|wher-", text)


def test_a_list_announced_by_a_full_line_ending_in_a_colon_is_not_read_into_it(paper):
    # the line "… at the gate:" runs to the column's edge: the list's first item was read
    # into its sentence ("… at the gate: 1. Was every flock …")
    section = [s for s in paper.sections if s.title == "Checking the tallies"][0]
    lead = [p for p in section.paragraphs if p.startswith("Before a tally goes")]
    assert lead and lead[0].endswith("on the morning of the count at the gate:")
    assert "1. Was every flock counted from the same raised hide?" in section.paragraphs


def test_a_numbered_run_in_heading_with_bold_words_after_it_opens_its_section(paper):
    found = [s for s in paper.sections if s.number == "2.1"]
    assert found and found[0].title == "Tally sheets", [(s.number, s.title) for s in paper.sections]
    assert found[0].paragraphs[0].startswith("Each walker fills in a tally sheet")
    assert not [t for t in _texts(paper) if "2.1." in t or "Tally sheets." in t]


# -------------------------------------------------------------------- the reviewer's check


@pytest.mark.parametrize(
    "bullet, part, fixed",
    [
        (
            "4 HARBOUR TRAFFIC Ferries leave the inner basin every forty minutes in summer",
            "4 HARBOUR TRAFFIC",
            "Ferries leave the inner basin every forty minutes in summer",
        ),
        (
            "Ferries leave the inner basin 4 HARBOUR TRAFFIC every forty minutes in summer",
            "4 HARBOUR TRAFFIC",
            "Ferries leave the inner basin every forty minutes in summer",
        ),
        (
            "Pilots board every tanker at the outer buoy before the channel narrows: 1",
            "1",
            None,  # the lead of a list the slide does not show: left out
        ),
        (
            "Pilots board every tanker at the outer buoy before the channel narr-2",
            "narr-2",
            "Pilots board every tanker at the outer buoy before the channel",
        ),
        # an expansion before the bracket that glossed the abbreviation: the gloss said twice
        (
            "A route is a closed tour (CT) or an open directed tour (ODT) (open directed)",
            "(open directed)",
            "A route is a closed tour (CT) or an open directed tour (ODT)",
        ),
        # a label's percent sign read onto the word before it
        (
            "Turnout for% White voters and:% Black voters by precinct of the harbour ward",
            "for%",
            "Turnout for % White voters and: % Black voters by precinct of the harbour ward",
        ),
        (
            "The pilots log the estimated arrival (ETA) (estimated) of every tanker",
            "(estimated)",
            "The pilots log the estimated arrival (ETA) of every tanker",
        ),
    ],
)
def test_glued_text_is_found_and_dropped(bullet, part, fixed):
    assert ("glued_text", part) in defects.text_defects(bullet)
    assert glued_text.without_glued(bullet) == fixed
    if fixed is not None:
        assert bullets.rewrite(bullet) == fixed


@pytest.mark.parametrize(
    "sentence",
    [
        "We compared 3 GPU CUDA kernels on the harbour cluster at night",
        "The ferry timetable was cut at a ratio of 2:1 in the winter months",
        "Default: 4",
        "Patients with diabetes of type-2 were seen at the harbour clinic",
        "The harbour authority ran NASA GISS Model E for a hundred simulated years",
        "The tanker was registered in 2019 and renamed under version 2.1 of the rules",
        # two brackets in a row whose second says something new
        "The harbour's automatic identification system (AIS) (since 2004) tracks each tanker",
        "Each pilot logs the ETA (estimated arrival) of the tanker",
        "About 40% of the tankers and 5 % of the ferries use x %in% ports",
    ],
)
def test_sentences_of_a_paper_are_not_glued_text(sentence):
    assert glued_text.glued_part(sentence) is None
