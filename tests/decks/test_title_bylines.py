"""A title read on into its byline (issue #14, round 20): a page that sets its author line in
the title's own size right under it gave one block of large text, and the cover showed the
author's name and e-mail address as the title's last words, with no author line. An address is
never part of a title, and its local part spells whose it is: the byline is cut off where that
name begins, and the name is the author. On papers made for these tests
(tests/fixtures/papers/ingest/titlebylines, CC0) and titles written here."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.title_byline import byline_split

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "titlebylines"


def _read(name: str, tmp_path):
    return paper_read(FOLDER / name, tmp_path / "figures")


def test_a_byline_in_the_titles_size_is_read_as_the_author_not_the_titles_end(tmp_path):
    paper = _read("tessera-byline-one.pdf", tmp_path)
    assert paper.title == (
        "Runoff estimates for small mountain streams from two seasons of gauge readings"
    )
    assert paper.authors == ["Anna Berg"]


def test_two_bylines_with_affiliations_give_both_authors_and_leave_the_title_whole(tmp_path):
    paper = _read("tessera-byline-two.pdf", tmp_path)
    assert paper.title == "Snow Cover and Spring Floods in Two Alpine Valleys"
    assert paper.authors == ["Anna Berg", "Tomas Lee"]


@pytest.mark.parametrize(
    ("title", "split"),
    [
        # the address spells the surname whole and the given name by its initial
        (
            "Tidal mixing in a shallow bay Ole Brun obrun@fjord.example",
            ("Tidal mixing in a shallow bay", ["Ole Brun"]),
        ),
        # the surname alone: the given name before it, in a sentence-case title
        (
            "Tidal mixing in a shallow bay Ole Brun brun@fjord.example",
            ("Tidal mixing in a shallow bay", ["Ole Brun"]),
        ),
        # an address the words before it do not spell goes alone: no word is taken for a name
        (
            "Tidal Mixing in a Shallow Bay office@fjord.example",
            ("Tidal Mixing in a Shallow Bay", []),
        ),
        # a capitalised title word the address does not spell stays in the title
        (
            "Tidal Mixing in Oslo Fjord Ole Brun ole.brun@fjord.example",
            ("Tidal Mixing in Oslo Fjord", ["Ole Brun"]),
        ),
        ("Tidal mixing in a shallow bay", None),
    ],
)
def test_the_address_says_where_the_byline_starts_and_whose_name_it_is(title, split):
    assert byline_split(title) == split
