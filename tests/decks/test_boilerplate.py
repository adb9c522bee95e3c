"""What is not the paper's content, on a paper of our own (tests/fixtures/papers/ingest/
boilerplate, CC0): a paragraph drawn twice 0.3 pt apart is read once, and a line citing another
paper's journal, volume, year and pages under the title is not the paper's venue; a report
template's fields and an empty page's filler are flagged as no content."""

from __future__ import annotations

from django.conf import settings

from apps.decks.pipeline.defects import text_defects
from apps.decks.pipeline.example_text import template_field
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.contents import without_contents
from apps.decks.pipeline.ingest.drawn_twice import drawn_once
from apps.decks.pipeline.propose.bullets import strip_stray
from apps.decks.pipeline.text import sentences

PAPER = settings.BASE_DIR / "tests/fixtures/papers/ingest/boilerplate/tessera-boilerplate.pdf"


def _section(paper, title: str):
    """The section of that title with the text (the contents page's entry is read as an empty
    section of the same title before it)."""
    return [s for s in paper.sections if s.title == title][-1]


def _char(text: str, x0: float, top: float, size: float = 10.0) -> dict:
    return {"text": text, "x0": x0, "top": top, "size": size, "upright": True}


def test_a_paragraph_drawn_twice_is_read_once(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    method = _section(paper, "Method")
    text = " ".join(method.paragraphs)
    assert "Each sheet was weighed every hour until its weight stopped falling." in text
    assert "EEaacchh" not in text and "sshheeeett" not in text
    # the paragraphs drawn once are read as before
    results = _section(paper, "Results")
    assert results.paragraphs[0].startswith("Pressed sheets dried in eleven hours")


def test_a_glyphs_copy_a_fraction_of_a_point_away_is_left_out_and_neighbours_stay():
    chars = [_char("l", 10.0, 50.0), _char("l", 10.3, 50.0), _char("l", 12.8, 50.0)]
    assert [c["x0"] for c in drawn_once(chars)] == [10.0, 12.8]  # "ll" of "fall", drawn once
    # the same letter on the next line, or at another size, is another glyph
    other = [_char("a", 10.0, 50.0), _char("a", 10.0, 62.0), _char("a", 10.2, 50.0, size=7)]
    assert len(drawn_once(other)) == 3


def test_a_citation_of_another_paper_under_the_title_is_not_the_venue(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    assert paper.title == "Drying Rates of Hand-Made Paper Sheets"
    assert "Fibre Drying" not in paper.venue
    assert paper.year != "1994"


def test_a_report_templates_fields_and_filler_are_flagged_as_no_content(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    discussion = _section(paper, "Discussion")
    content, boilerplate = discussion.paragraphs[0], " ".join(discussion.paragraphs[1:])
    assert "Version: 2.3" in boilerplate and "intentionally left blank" in boilerplate
    for sentence in sentences(boilerplate):
        assert "meta_text" in {kind for kind, _ in text_defects(sentence)}, sentence
    for sentence in sentences(content):
        assert "meta_text" not in {kind for kind, _ in text_defects(sentence)}, sentence


def test_a_field_is_a_capitalised_label_and_a_value_not_a_sentence_or_a_definition():
    assert template_field("Author: Ida Wren") == "Author:"
    assert template_field("Revision history: 1.0 first release") == "Revision history:"
    assert template_field("Version Date Author Description 1.0 …")
    assert template_field("This page has been intentionally left blank.")
    for sentence in (
        "Version 2 adds a faster solver.",
        "The authors date the samples by their layers.",
        "Date and time are stored in universal time.",
        "version: the version string of the package.",
        "Version: the version the package reports.",
    ):
        assert template_field(sentence) is None, sentence


def test_a_list_mark_set_tight_against_its_item_is_read_apart(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    procedure = _section(paper, "Procedure")
    items = procedure.paragraphs[1:]
    assert [item.split()[:2] for item in items] == [
        ["1.", "Couch"],
        ["2.", "Stack"],
        ["3.", "Hang"],
    ]


def test_a_bullet_with_its_list_mark_glued_on_is_repaired_without_it():
    for glued, repaired in (
        ("3Install the package from the archive.", "Install the package from the archive."),
        ("2)Run the tests before a release.", "Run the tests before a release."),
        ("(a)the sheets are pressed before drying.", "The sheets are pressed before drying."),
    ):
        assert "stray_glyph" in {kind for kind, _ in text_defects(glued)}, glued
        assert strip_stray(glued) == repaired
    for sentence in ("4He atoms are bosons.", "3D printing is used for the moulds."):
        assert "stray_glyph" not in {kind for kind, _ in text_defects(sentence)}, sentence


def test_a_contents_page_without_its_word_and_in_sentence_case_is_no_text(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    paragraphs = [p for s in paper.sections for p in s.paragraphs]
    assert not [p for p in paragraphs if "Thin and thick sheets" in p or ". . ." in p]
    thin = _section(paper, "Thin and thick sheets")
    assert thin.paragraphs == [
        "A sheet half as thick dried in a little more than half the time, whatever the way it "
        "was dried."
    ]


def test_contents_entries_in_sentence_case_are_read_and_prose_with_numbers_is_not():
    assert without_contents("2.4 Processing data files . . . . . . . . 10") == ""
    assert (
        without_contents("12 6.1 Choosing a key............ 12 6.2 Key rotation........ 13") == ""
    )
    nested = "1 Introduction 3 1.1 Background 3 1.2 Scope of the guide 4 2 Installing it 5"
    assert without_contents(nested + " The guide covers two systems.") == (
        "The guide covers two systems."
    )
    for prose in (
        "We ran 3 trials on 2 machines in 4 days.",
        "Step 2 takes 3 minutes and step 3 takes 5 minutes.",
        "Table 3 lists 12 results and Figure 2 shows 4 curves.",
        "Installing the software 5 times took 2 hours.",
    ):
        assert without_contents(prose) == prose
