"""Author blocks in the layouts the cover must read whole (round 18), on papers made for these
tests (tests/fixtures/papers/ingest/authorblocks, CC0):

- a grid of bold names over regular-face affiliations and e-mails gives every author, also
  the rows past a byline's usual reach, and never an affiliation as a person;
- a paragraph of names that wraps inside a name gives that name whole;
- an institute's address block above the byline gives the author under it."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "authorblocks"


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    def paper(name: str):
        return paper_read(FOLDER / f"{name}.pdf", tmp_path_factory.mktemp(name) / "figures")

    return paper


def test_a_grid_of_author_blocks_gives_every_author_and_no_affiliation(read):
    paper = read("tessera-authors-grid")
    assert paper.authors == [
        "Ann Okafor",
        "Ben Sato",
        "Carla Diaz",
        "Dev Rao",
        "Eva Lund",
        "Farid Nasser",
        "Gia Tran",
        "Hugo Berg",
    ]


def test_a_name_wrapped_over_two_lines_is_read_whole(read):
    paper = read("tessera-authors-wrapped")
    assert paper.authors == [
        "Ann Okafor",
        "Ben Sato",
        "Carla Diaz",
        "Dora Marie Louise Quist",
        "Eli Moreno",
        "Fay Lin",
    ]


def test_the_author_under_an_institutes_block_is_read(read):
    paper = read("tessera-authors-institute")
    assert paper.authors == ["Ann Okafor"]
    assert paper.title == "Winter temperatures in seabird burrows"
