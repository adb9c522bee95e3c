"""Lists of parameters and options, a table of options and names of code in sentences, on a
paper made for these tests (tests/fixtures/papers/ingest/optionlists, CC0):

- items that do not end with a full stop stay whole, each a paragraph of its own: read as one
  paragraph, the option of one parameter ran into the next one's definition ("Controlled by
  option prior_tau, with a default of 3 $d$: the decay factor …") — bullets drawn as rules
  leave no mark in the text layer, and a description list's terms are set in typewriter;
- an unruled table of options, their defaults and what they do is cells, never a sentence
  ("0.1 filtering threshold for …" without its option's name);
- option names set in typewriter inside a sentence are kept, as inline code
  ("passing the `--vectorize` (or `-vec`) option", "in the `.dsp` source file"), also when
  the layout sets them apart from it (a smaller typewriter word opening a line, a line set
  almost wholly in typewriter)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import text as deck_text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.render.markdown import inline
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "optionlists"
PDF = FOLDER / "tessera-optionlists.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("optionlists") / "figures")


def _section(paper, title: str) -> list[str]:
    return next(s.paragraphs for s in paper.sections if s.title == title)


def test_each_parameter_of_a_list_keeps_its_own_option(paper):
    paragraphs = _section(paper, "Prior parameters")
    items = [p for p in paragraphs if "Controlled by option" in p]
    assert len(items) == 3, paragraphs
    for item, (symbol, option, default) in zip(
        items,
        [
            ("$\\tau$", "`prior_tau`", "3"),
            ("$d$", "`prior_decay`", "0.5"),
            ("$\\omega$", "`prior_omega`", "1"),
        ],
        strict=True,
    ):
        assert item.startswith(symbol), item
        assert item.endswith(f"Controlled by option {option}, with a default of {default}"), item
    # no sentence states one parameter's option and the next parameter's definition
    for paragraph in paragraphs:
        for sentence in deck_text.sentences(paragraph):
            assert not ("Controlled by" in sentence and "decay factor" in sentence), sentence


def test_each_option_of_a_description_list_is_a_paragraph_of_its_own(paper):
    paragraphs = _section(paper, "Printed output")
    items = [p for p in paragraphs if "does not print" in p]
    assert [p.split()[0] for p in items] == ["`nofunctions`", "`nomoments`", "`nocorr`"], items
    assert all(p.count("does not print") == 1 for p in items), items


def test_a_table_of_options_is_no_sentence(paper):
    paragraphs = _section(paper, "Filtering the draws")
    text = " ".join(paragraphs)
    for cell in ("filtering threshold", "0.001", "significance level", "initial error"):
        assert cell not in text, paragraphs
    assert any("kept in a file of their own" in p for p in paragraphs), paragraphs


def test_option_names_in_a_sentence_are_kept_as_inline_code(paper):
    text = " ".join(_section(paper, "Command-line flags"))
    for quoted in (
        "passing the `--vectorize` (or `-vec`) option",
        "and `--vec-size` sets",
        "Each `#pragma omp section` of the generated program",
        "from the `.dsp` source file",
    ):
        assert quoted in text, text


def test_code_set_apart_from_its_sentence_stays_in_it(paper):
    """A smaller typewriter word that opens a line is read as a line of its own (no body
    text), and a line set almost wholly in typewriter, justified from edge to edge, is code
    by its glyphs: either way the sentence lost its option ("passing the option")."""
    text = " ".join(_section(paper, "Command-line flags"))
    assert "passing the `--scalar` option to the compiler" in text, text
    assert (
        "specify the options `-r MAX (a.k.a. --radio-sliders=MAX) -s STEP (a.k.a. "
        "--step=STEP)` to indicate that sliders"
    ) in text, text


def test_inline_code_is_written_as_markdown_code():
    assert inline("passing the `--vectorize` (or `-vec`) option") == (
        "passing the `--vectorize` (or `-vec`) option"
    )
    # inside code nothing is escaped; around it, as before
    assert inline("option `prior_tau`, with a_b *c*") == "option `prior_tau`, with a\\_b \\*c\\*"
    assert inline("`{{ x }}` runs $a_{1}$") == "`{ { x } }` runs $a_{1}$"
    # a lone backtick is text
    assert inline("the ` mark") == "the \\` mark"


@needs_pdflatex
def test_the_committed_paper_is_what_its_source_builds(tmp_path):
    built = pdflatex_copy(FOLDER, "tessera-optionlists.tex", tmp_path)
    rebuilt = paper_read(built, tmp_path / "figures")
    committed = paper_read(PDF, tmp_path / "figures-committed")
    assert [s.paragraphs for s in rebuilt.sections] == [s.paragraphs for s in committed.sections]
