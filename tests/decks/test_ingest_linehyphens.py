"""A compound broken at its own hyphen at a line's end keeps the hyphen when the paper prints
it hyphenated elsewhere, though English also writes it closed up ("co-author", "coauthor"):
the paper's own spelling comes before the dictionary's. A word hyphenated only to fit the
line is joined. On a paper made for these tests (tests/fixtures/papers/ingest/linehyphens,
CC0). A compound broken after one of its inner hyphens ("state-of-" / "the-art") keeps it
when its last part and the next word make no word; a word broken inside a compound
("well-estab-" / "lished") is joined."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read

PDF = (
    settings.BASE_DIR
    / "tests"
    / "fixtures"
    / "papers"
    / "ingest"
    / "linehyphens"
    / "tessera-linehyphens.pdf"
)


@pytest.fixture(scope="module")
def body(tmp_path_factory):
    paper = paper_read(PDF, tmp_path_factory.mktemp("linehyphens"))
    return " ".join(p for s in paper.sections for p in s.paragraphs)


@pytest.mark.parametrize(
    "broken", ["kept by the club’s co-author of the yearly report", "in a non-linear way that"]
)
def test_a_compound_the_paper_prints_hyphenated_keeps_its_hyphen(body, broken):
    assert broken in body


def test_a_word_broken_to_fit_the_line_is_joined(body):
    assert "a careful ledger of each experiment with the fees" in body


def test_a_compound_broken_after_an_inner_hyphen_keeps_it(body):
    # "state-of-" / "the-art": "ofthe" is no word, the hyphen is the compound's
    assert "a state-of-the-art book for its day" in body


def test_a_word_broken_inside_a_compound_is_joined(body):
    assert "A second, well-established habit" in body
