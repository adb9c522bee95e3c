"""A paper without a single heading (a note, a formula sheet, a memo), on a note made for
these tests (tests/fixtures/papers/ingest/headingless, CC0): its text was read by a fallback
that cut the page's lines into chunks of twelve, so no display knew its sentence or its part,
and the deck was its cover and one slide. It is read as every paper is, as one untitled
section: its sentences whole, each display with the sentence that announces it."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.propose.builtin import BuiltinProposer

PDF = settings.BASE_DIR / "tests/fixtures/papers/ingest/headingless/tessera-headingless.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("headingless") / "figures")


@pytest.fixture(scope="module")
def deck(paper):
    return BuiltinProposer().propose(paper)


def test_the_note_is_one_untitled_section_of_whole_sentences(paper):
    [section] = paper.sections
    assert section.untitled
    body = " ".join(section.paragraphs)
    # sentences as the note writes them, not twelve lines glued with a display's glyphs
    for sentence in (
        "The damping enters through a friction term on the relative velocity",
        "which matches the measured stretch of the hydrogen molecule within two percent",
    ):
        assert sentence in body, body
    assert "−2aD" not in body and "lim" not in body
    # paragraphs end where the note's sentences do: the fallback's chunks of twelve lines
    # ended inside one ("… on the relative velocity $v$,")
    assert not [p for p in section.paragraphs if p.rstrip().endswith(",")], section.paragraphs


def test_each_display_knows_its_part_and_the_sentence_announcing_it(paper):
    placed = [e for e in paper.equations if e.section == paper.sections[0].title]
    assert len(placed) == len(paper.equations) >= 10
    leads = [e.lead for e in paper.equations if e.lead]
    assert len(leads) >= 6, leads
    assert any(lead.startswith("The force along the bond follows") for lead in leads)


def test_the_deck_shows_the_notes_formulas_under_titles_of_their_own(paper, deck):
    shown = [s for s in deck.slides if s.equation]
    assert len(shown) >= 2, [s.title for s in deck.slides]
    # the placeholder of a paper without headings titles no slide
    assert all(s.title.removesuffix(" (continued)") != "Paper" for s in deck.slides)
    # a sentence that announces a display is on a slide only with that display under it
    for slide in deck.slides:
        for bullet in slide.bullets:
            for equation in paper.equations:
                announces = equation.lead and text.similar(bullet, equation.lead)
                if announces and text.word_count(bullet) <= text.word_count(equation.lead) + 3:
                    assert slide.equation == equation.tex, (slide.title, bullet)


def test_a_display_set_after_a_comma_brings_its_where_clause(paper, deck):
    """ "… plus a quartic correction, [display] where $D_0$ is the well depth, …": the comma
    before the display hid the clause that says what its symbols are, and the slide showing it
    lost the display for want of them."""
    [energy] = [s for s in deck.slides if s.equation.startswith("E(r) =")]
    assert any(b.startswith("$D_{0}$ is the well depth") for b in energy.bullets), energy
    # a slide of the note is never titled by the note's own title (the cover's)
    assert [s.title for s in deck.slides].count(paper.title) == 1
    for slide in deck.slides:
        assert len(set(slide.bullets)) == len(slide.bullets), slide
