"""A glyph the PDF could not name (U+FFFD, ingest/lost_glyphs.py) is never shown in a slide's
title or its speaker notes: a title holding one is rebuilt from the other candidates (never
the same title with the glyph stripped, which would show "5×5" as "55"), and the notes leave
out the sentence that holds one. Papers and sentences invented for these tests."""

from __future__ import annotations

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

LOST = "\ufffd"
GRID = "Yields on the 5" + LOST + "5 plot grid"
WORDS = "The barley plots were sown in spring and harvested in late summer of each year. " * 6
GRID_TEXT = "Each strain grew in a square of plots watered by hand or by rain alone. " * 6


def _paper() -> Paper:
    return Paper(
        title="Barley yields under two watering schedules",
        authors=["Ada Quill"],
        sections=[
            Section(title="Introduction", paragraphs=[WORDS]),
            Section(title=GRID, paragraphs=[GRID_TEXT]),
            Section(title="Conclusion", paragraphs=[WORDS]),
        ],
        pages=2,
        source_name="barley.pdf",
    )


def _title_issues(deck: SlideDeck, paper: Paper) -> list[Issue]:
    measures = [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    return [i for i in review(deck, measures, paper) if i.evidence.get("where") == "title"]


def test_a_title_with_an_unreadable_glyph_is_rebuilt_never_stripped_of_it():
    paper = _paper()
    slide = Slide(
        kind="bullets",
        title=GRID,
        bullets=[
            "The watered plots gave a third more grain than the dry plots",
            "The dry plots ripened a week earlier than the watered ones",
        ],
        notes=GRID_TEXT,  # made from the section whose heading lost the glyph
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    issues = _title_issues(deck, paper)
    assert [i.slide for i in issues] == [2]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    title = revised.slides[1].title
    assert LOST not in title
    assert "55" not in title and "5 5" not in title  # the number is not shown as another
    assert title.strip()


def test_speaker_notes_leave_out_the_sentence_with_an_unreadable_glyph():
    paper = _paper()
    kept = "The grain was weighed after drying for two days."
    lost = "Each plot measured 5" + LOST + "5 metres and held one strain."
    slide = Slide(
        kind="bullets",
        title="Watering raises yields",
        bullets=["The watered plots gave a third more grain than the dry plots"],
        notes=f"{kept} {lost} The strains were sown in random order.",
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    markdown = deck_markdown(deck, paper)
    assert LOST not in markdown
    assert "5 metres" not in markdown and "55 metres" not in markdown
    assert kept in markdown and "The strains were sown in random order." in markdown
