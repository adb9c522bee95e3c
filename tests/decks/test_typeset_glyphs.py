"""Papers set with TeX and papers about typesetting, on a paper of our own
(tests/fixtures/papers/ingest/typeset, CC0): a logo's lowered E (BibTeX's, .7ex down) stays in
its word instead of falling to a line of its own ("BibT X … in a stack E"); a prime the PDF
names at the code of "0" reads as a prime, in prose ("5′ to 3′") and in formulas ("f'(x)"),
never as a power of zero; a font switch printed as prose ("tt poly") is dropped while one
quoted in typewriter stays; every description term gets its colon, a dollar in it or not.
The reviewer reports what is left of these classes in a bullet (stray_glyph), and removing a
pointer never leaves the verb that led into it dangling."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import garbled
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.tex_words import logos_named
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose.bullets import remove_pointers, strip_stray
from apps.decks.pipeline.text import clean
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "typeset"
PDF = FOLDER / "tessera-typeset.pdf"


def _section(paper: Paper, title: str) -> list[str]:
    return next(s for s in paper.sections if s.title == title).paragraphs


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("typeset") / "figures")


def _logos_whole(paper: Paper) -> None:
    assert paper.title == "Small Style Files for BibTeX"
    text = " ".join(_section(paper, "Introduction"))
    assert text.count("BibTeX") == 2 and "BibT X" not in text
    assert "in a stack language" in text and "shorter style also runs" in text  # no stray E
    assert " E " not in text and not text.rstrip(".").endswith(" E")


def _primes_read(paper: Paper) -> None:
    text = " ".join(_section(paper, "Notation"))
    assert "in the 5′ to 3′ direction" in text and "from 3′ to 5′" in text
    assert "was 12′ in the first" in text and "and 40″ in the second" in text
    assert "$f'(x)$" in text and "$f''(x)$" in text
    assert "^{0}" not in text and "^{00}" not in text


def test_a_logos_lowered_letter_stays_in_its_word(paper):
    _logos_whole(paper)


def test_a_prime_named_at_the_code_of_zero_is_a_prime_in_prose_and_formulas(paper):
    _primes_read(paper)


def test_a_font_switch_printed_as_prose_is_dropped_and_a_quoted_one_stays(paper):
    text = " ".join(_section(paper, "Commands of the stack language"))
    assert "wrote poly to the stream" in text and "tt poly" not in text
    assert "explains that `\\em` switches" in text


def test_every_description_term_gets_its_colon(paper):
    items = _section(paper, "Commands of the stack language")
    for term in ("`>`", "`name\\$`", "`width\\$`"):
        item = next(p for p in items if p.startswith(term))
        assert item.startswith(f"{term}: Pops"), item


@needs_pdflatex
def test_the_paper_built_from_its_source_reads_the_same(tmp_path):
    paper = paper_read(pdflatex_copy(FOLDER, "tessera-typeset.tex", tmp_path), tmp_path / "f")
    _logos_whole(paper)
    _primes_read(paper)


@pytest.mark.parametrize(
    "bullet, glyph, fixed",
    [
        (
            "A style file is a small interpreter for a stack E",
            "E",
            "A style file is a small interpreter for a stack",
        ),
        (
            "Each piece names whole tokens with a double letter in a format E",
            "E",
            "Each piece names whole tokens with a double letter in a format",
        ),
        (
            "Write tt poly to the output stream in the plain format",
            "tt",
            "Write poly to the output stream in the plain format",
        ),
    ],
)
def test_the_reviewer_finds_logo_debris_and_the_fix_removes_it(bullet, glyph, fixed):
    assert garbled.stray_glyph(bullet) == glyph
    assert strip_stray(bullet) == fixed


@pytest.mark.parametrize(
    "bullet",
    [
        "Patients in the trial were given vitamin E",
        "The tool writes `tt poly` to the stream and $bf x$ to the log",
        "Grade A students answered in under an hour",
    ],
)
def test_a_letter_or_code_that_names_something_is_no_debris(bullet):
    assert garbled.logo_debris(bullet) is None


@pytest.mark.parametrize(
    "bullet",
    [
        "The survey opens (and closes) with Section 4, because the sampling plan matters most",
        "The survey opens with Section 4, because the sampling plan matters most to readers",
        "Our loader builds on Section 2 and adds a cache for every remote file",
        # the first clause points too, with a name the pointer phrase does not know
        "The kernel weights each pair according to Eqn. (4), and the cache starts with Section 5",
    ],
)
def test_a_pointer_a_verb_leads_into_is_not_cut_out_of_its_sentence(bullet):
    assert remove_pointers(bullet) is None


def test_a_pointer_in_a_later_clause_leaves_the_first_clause():
    bullet = "The parser reads every corpus in one pass; the loader starts with Section 5"
    assert remove_pointers(bullet) == "The parser reads every corpus in one pass"


def test_an_aside_pointer_is_still_removed():
    bullet = "Our estimator, shown in Figure 2, converges within forty iterations on every set"
    assert remove_pointers(bullet) == "Our estimator converges within forty iterations on every set"


def test_the_bibtex_logo_in_a_titles_small_capitals_is_named():
    # a larger small-capitals font reports "ib" as capitals; the lowered E read as "e"
    assert logos_named("Designing BIBTeX Styles") == "Designing BibTeX Styles"
    assert logos_named("THE BIBTEX MANUAL") == "THE BIBTEX MANUAL"  # a title set in capitals


def test_a_logo_read_apart_with_a_suffix_is_found_and_named():
    bullet = "The guide is the last part of “BibT Xing”, the general manual of the program"
    assert garbled.stray_glyph(bullet) == "BibT Xing"
    assert "“BibTeXing”" in clean(bullet)
