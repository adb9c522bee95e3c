"""Definition lists keep their terms, on a paper made for these tests
(tests/fixtures/papers/ingest/deflists, CC0):

- a description list's typewriter term before a description that opens like a sentence is set
  off by a colon ("`name`: A data set of …"), never glued to it as a sentence without a verb,
  and the first item under the line that announces the list is a paragraph of its own;
- a function's signature set on a line of its own, its description indented under it, opens
  the description ("`f(x)`: Fits …"): read apart, the signature was a listing and the
  description a sentence without its subject;
- a one-line listing before an indented paragraph, and a paragraph opening with a typewriter
  name before its verb, are read as they are, and so is a line ending in a name of code with a
  colon ("`Imports:`") before a line opening with a name of code;
- a term before a description that opens with its verb ("name: Returns a table …") is the
  sentence's subject, not a run-in label that cleaning drops."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import text as deck_text
from apps.decks.pipeline.ingest import paper_read

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "deflists"
PDF = FOLDER / "tessera-deflists.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("deflists") / "figures")


def _section(paper, title: str) -> list[str]:
    return next(s.paragraphs for s in paper.sections if s.title == title)


def test_a_description_lists_term_is_set_off_from_its_description(paper):
    paragraphs = _section(paper, "Data sets")
    items = [p for p in paragraphs if "A data set of" in p]
    assert [p.split(": ")[0] for p in items] == ["`pears`", "`plums`"], paragraphs
    assert all(p.count("A data set of") == 1 for p in items), items
    assert paragraphs[0].endswith("used in the examples below:"), paragraphs


def test_a_functions_signature_opens_its_hanging_description(paper):
    paragraphs = _section(paper, "Functions")
    fits = [p for p in paragraphs if "Fits a model of the yield" in p]
    draws = [p for p in paragraphs if "Draws the expected yield" in p]
    assert len(fits) == len(draws) == 1, paragraphs
    assert fits[0].startswith("`orchardFit(counts, rows)`: Fits a model"), fits
    assert draws[0].startswith("`orchardPlot(fit)`: Draws the expected"), draws


def test_a_listing_and_a_sentence_opening_with_a_name_are_left_as_they_are(paper):
    paragraphs = _section(paper, "Example")
    assert any(p.startswith("The fitted trees keep the row") for p in paragraphs), paragraphs
    assert any(p.startswith("`orchardPlot` draws one bar") for p in paragraphs), paragraphs
    assert not any("orchardFit(pears" in p for p in paragraphs), paragraphs
    # a colon in a name of code at a line's end announces no list: the sentence goes on
    assert any("`Imports: orchard` in the file that lists" in p for p in paragraphs), paragraphs


def test_a_term_before_a_description_opening_with_its_verb_is_no_label_to_drop():
    # the term is the description's subject: without it the bullet says what is done, not by what
    kept = "Sampler: Draws one count for every stretch of the bank before the fit."
    assert deck_text.clean(kept) == kept
    kept = "orchardFit: Returns a table of the fitted trees with their yield."
    assert deck_text.clean(kept) == kept
    # a run-in label before a whole sentence still goes
    labelled = "Findings: The pear trees gave twice the yield of the plum trees."
    assert deck_text.clean(labelled) == "The pear trees gave twice the yield of the plum trees."
    labelled = "Caveat: Sometimes the counts of a row are missing."
    assert deck_text.clean(labelled) == "Sometimes the counts of a row are missing."
