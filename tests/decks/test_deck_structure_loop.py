"""The loop fixes deck structure and titles (issue 14): on a LaTeX paper of our own, a first
deck planted with a title cut inside a caption's measure, one heading over three slides and
"Conclusions" over the method's sentences — and with two near-identical result plots in a row,
which the paper itself has — is caught in round 1 and clean at the end; a paper made of
diagrams whose first deck has no text gets its captions' statements and its few sentences."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings

from apps.decks.pipeline import title_defects
from apps.decks.pipeline.issues import blocking
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.run import deck_generate

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PAPERS = Path(settings.BASE_DIR) / "tests" / "fixtures" / "papers" / "ingest" / "deckstruct"
CLASSES = {"title_fragment", "repeated_title", "title_mismatch", "repeated_figures"}
METHOD_SENTENCES = [
    "Each field received twelve stations with one probe of every kind at seven depths between 5 "
    "and 80 cm",
    "Gravimetric samples were taken every month to check the reference sensor",
]


class PlantedTitles(BuiltinProposer):
    """The builtin deck with the title defects planted: a caption cut inside its measure, the
    same heading over three slides in a row, and "Conclusions" over sentences of the method."""

    def propose(self, paper):
        deck = super().propose(paper)
        slides = list(deck.slides)
        by_title = {s.title: i for i, s in enumerate(slides)}
        for title in ("What this paper does", "Method", "Results"):
            slides[by_title[title]] = slides[by_title[title]].model_copy(
                update={"title": "Field study"}
            )
        network = next(i for i, s in enumerate(slides) if s.figure == "fig-3")
        slides[network] = slides[network].model_copy(
            update={"title": "Sensor network readings sent every hour to a 400"}
        )
        slides[-1] = slides[-1].model_copy(update={"bullets": METHOD_SENTENCES})
        return deck.model_copy(update={"slides": slides})


class BareFigures(BuiltinProposer):
    """The first deck of a paper made of diagrams as it used to be: its figures, no text."""

    def propose(self, paper):
        deck = super().propose(paper)
        bare = [deck.slides[0]] + [
            s.model_copy(update={"bullets": []}) for s in deck.slides if s.kind == "figure"
        ]
        return deck.model_copy(update={"slides": bare})


@pytest.fixture(scope="module")
def titles_run(tmp_path_factory):
    return deck_generate(
        pdf=PAPERS / "tessera-deckstruct.pdf",
        out_dir=tmp_path_factory.mktemp("titles") / "deck",
        rounds=4,
        proposer=PlantedTitles(),
        export_pdf=False,
    )


@pytest.fixture(scope="module")
def thin_run(tmp_path_factory):
    return deck_generate(
        pdf=PAPERS / "tessera-diagrams.pdf",
        out_dir=tmp_path_factory.mktemp("thin") / "deck",
        rounds=4,
        proposer=BareFigures(),
        export_pdf=False,
    )


def test_round_one_finds_the_title_and_structure_classes(titles_run):
    found = {i.type for i in titles_run.rounds[0].issues}
    assert found >= CLASSES, CLASSES - found
    twins = next(i for i in titles_run.rounds[0].issues if i.type == "repeated_figures")
    assert twins.evidence["figures"] == ["fig-1", "fig-2"]  # the two fields' plots


def test_the_final_round_has_none_and_every_slide_says_its_own_point(titles_run):
    final = titles_run.rounds[-1]
    assert len(titles_run.rounds) >= 2
    assert blocking(final.issues) == [], [i.model_dump() for i in blocking(final.issues)]
    assert not CLASSES & {i.type for i in final.issues}
    slides = final.deck.slides
    assert not title_defects.repeated_title_runs(slides)
    assert all(not title_defects.title_fragment(s.title) for s in slides)
    compared = [s for s in slides if s.figure_pair]
    assert any(s.figures() == ["fig-1", "fig-2"] for s in compared)
    closing = [s for s in slides if s.title == "Conclusions"]
    assert all(not set(METHOD_SENTENCES) & set(s.bullets) for s in closing)


def test_every_revision_names_the_issue_it_answers(titles_run):
    review = json.loads((titles_run.out_dir / "review.json").read_text())
    first = review["rounds"][0]
    answered = {first["issues"][c["issue"]]["type"] for c in first["revisions"]}
    assert answered >= CLASSES, CLASSES - answered


def test_a_deck_of_diagrams_states_them_and_uses_the_papers_sentences(thin_run):
    first, final = thin_run.rounds[0], thin_run.rounds[-1]
    assert "thin_deck" in {i.type for i in first.issues}
    assert "thin_deck" not in {i.type for i in final.issues}
    assert blocking(final.issues) == [], [i.model_dump() for i in blocking(final.issues)]
    bullets = [b for s in final.deck.slides for b in s.bullets]
    assert "Only the four unique fractions can be tested" in bullets  # a caption's statement
    assert any(s.kind == "bullets" for s in final.deck.slides)  # the paper's own sentences
    assert 4 <= len(final.deck.slides) <= 8  # the content's size, not padding
    text = (thin_run.out_dir / "slides.md").read_text()
    assert "style=" not in text and "<div" not in text
