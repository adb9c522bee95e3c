"""What a figure shows, said in the sentence after the one presenting it (issue 14, round 20).

On a paper of our own (tests/fixtures/papers/ingest/presented, CC0): three plots, each cited
only by a pointer ("The tide range over one month is shown in Figure 1."). After Figure 1's
pointer the paper reads the plot ("A spring tide is visible every fifteen days, …"); after
Figure 2's it gives a how-to step, after Figure 3's a choice of the study. A run of the three
as bare figure slides gets Figure 1's reading under it, and nothing under the others."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import figure_runs, presented_readings
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.slide_deck import Slide

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "presented"
READING = "A spring tide is visible every fifteen days"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("presented")
    return paper_read(FOLDER / "tessera-presented.pdf", folder / "figures")


def _run(paper) -> list[Slide]:
    slides = [
        Slide(kind="title", title=paper.title),
        Slide(
            kind="bullets",
            title="The records",
            bullets=[
                "A tide gauge records the water level of a harbour every minute",
                "Its records show the tide and every storm surge on top of it",
            ],
        ),
    ]
    for figure in paper.figures:
        slides.append(
            Slide(
                kind="figure",
                title=figure.caption.rstrip("."),
                figure=figure.id,
                caption=figure.caption,
            )
        )
    return slides


def test_the_sentence_after_a_presenting_pointer_reads_the_figure(paper):
    first, second, third = paper.figures
    assert [s.startswith(READING) for s in presented_readings.readings_after(first, paper)] == [
        True
    ]
    # a how-to step and a choice of the study read nothing
    assert presented_readings.readings_after(second, paper) == []
    assert presented_readings.readings_after(third, paper) == []


def test_a_run_of_bare_figure_slides_gets_the_reading_under_its_figure(paper):
    slides = _run(paper)
    assert [len(r) for r in figure_runs.runs(slides)] == [3]
    stated = figure_runs.state_runs(slides, paper, set())
    assert stated == 1
    assert slides[2].bullets and slides[2].bullets[0].startswith(READING)
    assert slides[3].bullets == [] and slides[4].bullets == []
