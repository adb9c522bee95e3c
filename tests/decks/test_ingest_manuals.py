"""A program manual's terms, usage lines and program headings, on a paper made for these tests
(tests/fixtures/papers/ingest/manuals, CC0):

- a function's signature longer than three words ("int name(a, b, c) :", the colon in roman)
  on a line of its own opens its indented description as "`name(a, b, c)`: …", the return
  type left out; read apart, the signature was a listing and the description a sentence
  without its subject ("Counts the trees in the first n rows of table …");
- a command-line option with an italic argument and its long form ("-k count or --clusters
  count") opens its indented description the same way, also when a page break falls between
  the two;
- a numbered subsection titled by a program's name in typewriter ("4.0.1 tally-rows Program",
  also with its number set apart by a wide gap) is a heading, its name kept in code, and the program's usage line ("tally-rows [options] input output") is a
  listing: neither is glued into the paragraph around it;
- a sentence opening with a name of code (a term's item after the sentence that ended the item
  before) is a sentence of its own."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import text as deck_text
from apps.decks.pipeline.ingest import paper_read

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "manuals"
PDF = FOLDER / "tessera-manuals.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("manuals") / "figures")


def _section(paper, title: str) -> list[str]:
    return next(s.paragraphs for s in paper.sections if s.title == title)


def test_a_long_signature_opens_its_description_without_its_return_type(paper):
    paragraphs = _section(paper, "Functions")
    expected = {
        "Counts the trees": "`tally_rows(table, n, out)`: Counts the trees",
        "Releases the memory": "`tally_free(table)`: Releases the memory",
        # the bracket a word apart from the name
        "Returns the mean": "`tally_mean (table, col, err)`: Returns the mean",
    }
    for words, opening in expected.items():
        found = [p for p in paragraphs if words in p]
        assert len(found) == 1 and found[0].startswith(opening), paragraphs
    assert not any(" : " in p or "int " in p or "void " in p for p in paragraphs), paragraphs


def test_an_option_with_its_argument_and_long_form_opens_its_description(paper):
    paragraphs = _section(paper, "Options")
    expected = {
        "Sets the number of groups": "`-k` count or `--clusters` count: Sets the number",
        # its description is the first line of the next page
        "Starts the random choice": "`-s` seed or `--seed` seed: Starts the random choice",
        "Prints nothing but": "`-q` or `--quiet`: Prints nothing but",
    }
    for words, opening in expected.items():
        found = [p for p in paragraphs if words in p]
        assert len(found) == 1 and found[0].startswith(opening), paragraphs


def test_a_programs_heading_and_usage_line_are_not_glued_into_the_text(paper):
    titles = [s.title for s in paper.sections]
    for program in ("tally-rows", "tally-groups"):
        # the name in code keeps its case on a slide ("Tally-rows" would be another name)
        assert f"`{program}` Program" in titles, titles
    # its number set apart from the name by more than the line's other gaps
    assert "`tally-check` Parameters and Options" in titles, titles
    paragraphs = [p for s in paper.sections for p in s.paragraphs]
    assert not any("[options" in p or "Program" in p or "Parameters" in p for p in paragraphs), (
        paragraphs
    )
    rows = _section(paper, "`tally-rows` Program")
    assert rows == [
        "This program reads a table of counts and writes the total of every row, one total a line."
    ], rows


def test_a_sentence_opening_with_a_name_of_code_is_split_from_the_one_before():
    paragraph = "The default is four groups. `-q` or `--quiet`: Prints nothing but the result."
    assert deck_text.sentences(paragraph) == [
        "The default is four groups.",
        "`-q` or `--quiet`: Prints nothing but the result.",
    ]


def test_a_change_logs_release_labels_are_no_bullets_but_its_changes_are(paper):
    sentences = [s for p in _section(paper, "Changes") for s in deck_text.sentences(p)]
    labels = [s for s in sentences if "API changes" in s]
    changes = [s for s in sentences if "now written as" in s or "sets the seed" in s]
    assert len(labels) == 2 and len(changes) == 2, sentences
    assert not any(deck_text.usable(s) for s in labels), labels
    assert all(deck_text.usable(s) for s in changes), changes
    # a release named in a sentence that says what changed is a statement
    assert deck_text.usable("Version 3.2 reads the counts of every row twice as fast.")


def test_a_title_opening_with_a_name_of_code_keeps_its_case_and_is_no_fragment():
    from apps.decks.pipeline import title_defects, title_style

    title = "`tally-rows` Program"
    assert title_style.proper_nouns(title, "The tally-rows program writes totals.") == title
    assert title_defects.title_fragment(title) is None
