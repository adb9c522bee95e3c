"""Plots a vignette gives no caption, on a paper made for these tests
(tests/fixtures/papers/ingest/plotintro, CC0): each plot follows the code chunk that draws it,
and the sentence before the chunk says what it shows in the words that lead into code ("The
map below shows …:", "A plot of … is produced by"), or says nothing of it. The slide shows the
sentence as a statement of what the plot shows; a plot nothing says anything of is left out,
never shown without a word. When the sentence before the code says nothing of the plot, the
first sentence after it that names the plot says what it shows ("The plot above shows …")."""

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import caption_text, plot_statement

PLOTINTRO = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "plotintro"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PLOTINTRO / "tessera-plotintro.pdf", tmp_path_factory.mktemp("p") / "figures")


def test_an_uncaptioned_plot_is_captioned_with_its_introducing_sentence_as_a_statement(paper):
    plots = sorted((f for f in paper.figures if not f.captioned), key=lambda f: f.number)
    assert [caption_text(f) for f in plots] == [
        "The map shows the incidence per district.",
        "A plot of the fitted values against time.",
        # the sentence before its code says nothing of it, the first after it does
        "The plot shows the seasonal pattern of the counts, with a peak in the first weeks of "
        "every year.",
        "",  # "We fix the seed … and run the monitoring once more …:" names no plot
    ]


def test_a_plot_no_sentence_says_anything_of_is_left_out_and_no_figure_slide_is_wordless(
    paper,
):
    deck = BuiltinProposer().propose(paper)
    shown = [s for s in deck.slides if s.kind == "figure"]
    assert [s.figure for s in shown] == ["fig-1", "fig-2", "fig-3"]
    assert all(s.caption.strip() and s.title.strip() for s in shown)


@pytest.mark.parametrize(
    "sentence, statement",
    [
        (
            "The following plot shows the residuals against the fitted values:",
            "The plot shows the residuals against the fitted values.",
        ),
        ("The coefficient paths are drawn as follows:", "The coefficient paths."),
        ("We can plot the two densities,", "We can plot the two densities."),
        (
            "Symbols take the values from 1 to 25, as shown below:",
            "Symbols take the values from 1 to 25.",
        ),
        ("The values below zero are shown in red.", "The values below zero are shown in red."),
        # leads into the code that makes the data, not the plot: says nothing of it
        ("An sts object containing the data is created as follows:", ""),
        # a whole sentence stands as printed
        (
            "The incidence is highest in the eastern districts.",
            "The incidence is highest in the eastern districts.",
        ),
    ],
)
def test_a_sentence_leading_into_a_plots_code_is_read_as_what_the_plot_shows(sentence, statement):
    assert plot_statement(sentence) == statement
