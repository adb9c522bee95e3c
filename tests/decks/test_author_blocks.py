"""Author blocks in the layouts the cover must read whole (round 18), on papers made for these
tests (tests/fixtures/papers/ingest/authorblocks, CC0):

- a grid of bold names over regular-face affiliations and e-mails gives every author, also
  the rows past a byline's usual reach, and never an affiliation as a person;
- a paragraph of names that wraps inside a name gives that name whole;
- an institute's address block above the byline gives the author under it;
- the reviewer reports a cover author that is no person (an organisation, or an entry printed
  twice: a shared affiliation read as a name) and the repair leaves it off the cover."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import title_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide

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


def _cover_findings(authors: list[str]):
    paper = Paper(
        title="Winter temperatures in seabird burrows",
        authors=authors,
        pages=2,
        source_name="burrows.pdf",
        sections=[Section(title="Results", paragraphs=["Deep burrows stayed warm."])],
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title)])
    context = SlideContext(1, deck.slides[0], SlideMeasure(slide=1), deck, paper)
    return list(title_rules.cover_author_not_person(context)), paper, deck


@pytest.mark.parametrize(
    ("authors", "kept"),
    [
        (["Ann Okafor", "Ben Sato", "Wombat Brain", "Wombat Brain"], ["Ann Okafor", "Ben Sato"]),
        (["Ann Okafor", "University of Lagado"], ["Ann Okafor"]),
    ],
)
def test_a_cover_author_that_is_no_person_is_reported_and_left_off(authors, kept):
    found, paper, deck = _cover_findings(authors)
    assert [i.type for i in found] == ["cover_author_not_person"]
    assert deck_repair(BuiltinProposer(), paper, deck, found).deck.authors == kept


@pytest.mark.parametrize(
    "authors", [["Ann Okafor", "Ben Sato"], ["Marie-Laure Okafor"], ["Ann Lee", "Bo Lee"]]
)
def test_people_on_the_cover_are_not_reported(authors):
    assert _cover_findings(authors)[0] == []
