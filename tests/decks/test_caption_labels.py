"""Figures a paper labels with another word than "Figure": "Drawing 1", "Scheme 1", "Abb. 2".

A report that captioned its figures "Drawing 1: …" gave a deck with no figure at all, whose
bullets still said "the unit cell can be seen in drawing 1". The paper here is the generated
one of paperfactory with three of its five figures labelled otherwise, in captions and text;
"Scheme 1" stands beside "Figure 1" as a chemistry paper numbers them, a series of its own."""

import pytest

from apps.decks.pipeline import defects, text
from apps.decks.pipeline.caption_labels import float_name
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.bullets import remove_pointers
from tests.decks import paperfactory

LABELS = {5: "Drawing 1", 4: "Drawing 2", 3: "Scheme 1"}


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("labels")
    pdf = paperfactory.paper_pdf(folder / "labels.pdf", LABELS)
    return paper_read(pdf, folder / "figures")


def test_every_figure_is_found_under_its_own_label(paper):
    found = {f.label: f.caption for f in paper.figures}
    assert found == {
        "Figure 1": paperfactory.FIGURE_CAPTIONS[1],
        "Figure 2": paperfactory.FIGURE_CAPTIONS[2],
        "Scheme 1": paperfactory.FIGURE_CAPTIONS[3],
        "Drawing 2": paperfactory.FIGURE_CAPTIONS[4],
        "Drawing 1": paperfactory.FIGURE_CAPTIONS[5],
    }


def test_a_reference_in_the_text_names_the_figure_of_its_own_series(paper):
    """ "Scheme 1" is not Figure 1: a slide showing Figure 1 for a sentence about Scheme 1
    would show the wrong figure."""
    numbers = {f.label: f.number for f in paper.figures}
    assert len(set(numbers.values())) == len(numbers)
    for sentence, label in (
        ("Scheme 1 shows that the speedup reaches 3.2 times.", "Scheme 1"),
        ("The unit cell can be seen in drawing 1 with its lengths.", "Drawing 1"),
        ("As seen in Figure 1, the runtime halves.", "Figure 1"),
    ):
        assert text.figure_refs(sentence) == [("figure", numbers[label])], sentence
        assert defects.pointers(sentence) == [("figure", str(numbers[label]))], sentence


def test_the_deck_shows_the_relabelled_figures_with_the_sentences_about_them(paper):
    deck = BuiltinProposer().propose(paper)
    shown = {paper.figure(i).label for s in deck.slides for i in s.figures() if paper.figure(i)}
    assert {"Drawing 1", "Scheme 1"} <= shown, shown
    for slide in deck.slides:
        on_slide = {(f.kind, str(f.number)) for f in map(paper.figure, slide.figures()) if f}
        for bullet in slide.bullets:
            for pointer in defects.pointers(bullet):
                if pointer[0] == "figure":
                    assert pointer in on_slide, (slide.title, bullet)


def test_words_that_name_other_things_in_prose_are_references_only_as_labels():
    assert text.figure_refs("In graph 2 every vertex has degree three.") == []
    assert text.figure_refs("Graph 2 shows the sales by region.") == [("figure", 400_002)]
    assert text.figure_refs("Tab. 3 lists the sites.") == [("table", 3)]


def test_a_pointer_to_another_series_is_removed_like_one_to_a_figure():
    assert remove_pointers("The ligand was made in two steps (Scheme 2)") == (
        "The ligand was made in two steps"
    )
    assert remove_pointers("Scheme 2 summarises the synthesis of the ligand") is None


def test_messages_name_the_figure_as_the_paper_does():
    assert float_name("figure", 100_001) == "drawing 1"
    assert float_name("figure", "3") == "figure 3"
    assert float_name("table", 2) == "table 2"


def test_a_finding_read_off_another_series_is_a_finding():
    """ "As drawing 2 shows, …" states what the figure shows, as "As Figure 2 shows, …" does."""
    from apps.decks.pipeline.figure_findings import SHOWS_THAT
    from apps.decks.pipeline.propose.captions import FIGURE_TAIL

    assert SHOWS_THAT.match("As drawing 2 shows, the surface has three vectors")
    assert SHOWS_THAT.match("Scheme 1 shows that the ligand forms first")
    assert FIGURE_TAIL.sub("", "The ligand forms first, as shown in Scheme 1") == (
        "The ligand forms first"
    )
