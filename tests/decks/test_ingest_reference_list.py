"""A numbered reference list whose heading the ingester did not find (a misspelt or unusual
"References" line) ran on in the paragraph before it, and its entries became bullets
("Braams, Johannes L. and Bezos, Javier"). Entries "[1] " and "[2] " opening sentences end the
body; citations of "[1]" inside a sentence do not."""

import pytest

from apps.decks.pipeline.ingest.layout import Layout
from apps.decks.pipeline.ingest.structure import sections_read
from tests.decks.test_unseen_ingest import _segment as segment_at

HEADING = "1 Thanks"
ENTRIES = (
    "Two colleagues checked every translation of this text for errors of meaning.",
    "[1] Smith, Anna. “A template for conference papers.” Version 1.2. Archive Network.",
    "[2] Jones, Bo and Wu, Li. “Localization of documents.” Version 3.5. Archive Network.",
)
CITING = (
    "The method of [1] and [2] is applied to every sample of the survey in turn.",
    "Its results agree with those reported in [1]. They differ from the earlier runs.",
)


def _paragraphs(lines: tuple[str, ...], after: str = "") -> list[str]:
    heading = segment_at(HEADING, 72, 300, size=12.0, font="Times-Bold")
    body = [segment_at(line, 72, 320 + 12 * i, size=10.0) for i, line in enumerate(lines)]
    later = []
    if after:
        later = [
            segment_at("2 Later", 72, 500, size=12.0, font="Times-Bold"),
            segment_at(after, 72, 520, size=10.0),
        ]
    layout = Layout(
        pages=[[heading, *body, *later]],
        page_sizes=[(612.0, 792.0)],
        body_size=10.0,
        columns=[(72.0, 540.0)],
    )
    sections, _, _ = sections_read(layout, set(), set(), None)
    return [p for s in sections for p in s.paragraphs]


def test_a_numbered_reference_list_without_its_heading_ends_the_body():
    paragraphs = _paragraphs(ENTRIES, after="A section after the list is no part of the body.")
    assert paragraphs == [ENTRIES[0]]


@pytest.mark.parametrize("line", CITING)
def test_numbered_citations_inside_sentences_are_kept(line):
    assert _paragraphs((line,)) == [line]


def test_a_reference_list_run_into_the_paragraph_before_is_cut_from_it():
    lines = (
        "Two colleagues checked every one of the text's",
        "translations. [1] Smith, Anna. “A template.” Version",
        "1.2. [2] Jones, Bo. “Localization.” Version 3.5 of the",
    )
    paragraphs = _paragraphs(lines, after="A section after the list is no part of the body.")
    # (the paragraph says no thanks: an acknowledgement is no paragraph, structure.declaration)
    assert paragraphs == ["Two colleagues checked every one of the text's translations."]
