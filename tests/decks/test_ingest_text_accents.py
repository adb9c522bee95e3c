"""Accented letters of TeX's OT1 text fonts, drawn as a letter with an accent glyph over it
(tests/fixtures/papers/ingest/ot1accents, CC0): read as the one accented letter, in the authors
and in the text, while accents over math letters stay mathematics."""

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read

OT1 = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "ot1accents"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(OT1 / "tessera-ot1accents.pdf", tmp_path_factory.mktemp("o") / "figures")


def _section(paper, title: str) -> str:
    return " ".join(next(s for s in paper.sections if s.title == title).paragraphs)


def test_authors_keep_their_accented_letters(paper):
    assert paper.authors == ["Petr Olšák", "Jiří Záležák"]


def test_accented_words_of_the_text_read_as_words_not_formulas(paper):
    intro = _section(paper, "Introduction")
    assert "The work of Petr Olšák and the Škoda archive on naïve patterns for Müller and" in intro
    assert "François is described here. The café in Zürich, the rôle of the señor" in intro
    assert "Ångström" in intro
    assert "$" not in intro


def test_accents_over_math_letters_stay_mathematics(paper):
    method = _section(paper, "Method")
    for formula in (r"$\check{x}$", r"$\hat{\beta}$", r"$\tilde{y}_{i}$", r"$\bar{x}$"):
        assert formula in method
