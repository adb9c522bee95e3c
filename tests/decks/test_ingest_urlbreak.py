"""A web address broken over two lines, its rest alone on the next line in the typewriter font
(tests/fixtures/papers/ingest/urlbreak, CC0): the rest is read into the sentence, not kept as
a listing, and the slide shows the whole address instead of one cut after its host (cut
text, set 16)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.url_lines import address_continued

PDF = (
    settings.BASE_DIR
    / "tests"
    / "fixtures"
    / "papers"
    / "ingest"
    / "urlbreak"
    / "tessera-urlbreak.pdf"
)
WHOLE = "https://gitlab.example.org/tessera/valley-gauges"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("urlbreak"))


def test_the_rest_of_a_broken_address_is_read_into_its_sentence(paper):
    (results,) = [s for s in paper.sections if s.title == "Results"]
    assert results.listings == []
    first = results.paragraphs[0]
    assert first.endswith(f"available at `{WHOLE}`.")
    # the paragraph after it is its own
    assert results.paragraphs[1].startswith("The gauges that were read every day")


@pytest.mark.parametrize(
    ("line", "following", "joined"),
    [
        (
            "see `https://example.org/`",
            "tessera/tides.",
            "see `https://example.org/tessera/tides`.",
        ),
        ("at https://example.org/data-", "2024/", "at https://example.org/data-2024/"),
        # a sentence that ends on its address, a next line that is code or words
        ("at http://www.example.com.", "install", None),
        ("at https://example.org/", "x <- read.csv(file)", None),
        ("at https://example.org/", "The next sentence.", None),
        ("the ratio a/b is small", "tessera/tides", None),
    ],
)
def test_an_address_is_continued_only_by_its_rest(line, following, joined):
    assert address_continued(line, following) == joined
