"""A package or tool the paper writes in lower case ("quillmark", invented here) keeps its case
on a slide, and a sentence may open with it: the splitter splits before it, the rewriter never
capitalises it, and the reviewer does not take it for a sentence cut at its start. A language's
name an author sets as a formula ("$C++$") and a citation with a section sign ("[4, §2.3]")
are read as text (tests/fixtures/papers/ingest/langnames, CC0)."""

import pytest
from django.conf import settings

from apps.decks.pipeline import defects, lowercase_names, text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer

PARAGRAPHS = [
    "quillmark is a small library for typesetting recipe cards from plain text files. "
    "It reads a card, checks its quantities and writes a PDF page for each card.",
    "Cards are read in batches so that a kitchen can print a week of menus at once. "
    "The batch size is set per printer. quillmark keeps every batch in memory. "
    "quillmark then lays out the cards two to a page and numbers them by course.",
    "Finally quillmark can be configured through environment variables on each printer host. "
    "A card with a missing quantity is reported rather than printed, and the user decides.",
    "We timed quillmark on two hundred cards of the village bakery, and a full week of "
    "menus was printed in under four seconds on an older laptop without any tuning at all.",
]


def test_the_papers_lower_case_name_is_read_and_common_words_are_not():
    names = lowercase_names.read_names(PARAGRAPHS)
    assert names == {"quillmark"}
    # a word the paper capitalises inside a sentence is no lower-case name
    assert "quillmark" not in lowercase_names.read_names([*PARAGRAPHS, "We thank Quillmark Inc."])


def test_a_sentence_that_opens_with_the_name_is_split_from_the_one_before():
    paragraph = PARAGRAPHS[1]
    joined = "The batch size is set per printer. quillmark keeps every batch in memory."
    assert text.sentences(paragraph)[1].startswith(joined)  # outside a build nothing is known
    with lowercase_names.known_in(PARAGRAPHS):
        split = text.sentences(paragraph)
    assert "The batch size is set per printer." in split
    assert "quillmark keeps every batch in memory." in split
    assert "quillmark then lays out the cards two to a page and numbers them by course." in split
    assert len(split) == 4  # nothing else split


def test_a_bullet_that_opens_with_the_name_keeps_its_case():
    sentence = "Finally, quillmark can be configured through environment variables on each host."
    with lowercase_names.known_in(PARAGRAPHS):
        bullet = text.condense(sentence)
        dropped = bullets.drop_connector(sentence.replace(",", ""))
        assert text.capitalised("quillmark writes a page") == "quillmark writes a page"
        assert defects.dangling_connector("quillmark can be configured on each host") is None
    assert bullet == "quillmark can be configured through environment variables on each host"
    assert dropped == bullet + "."
    # an ordinary word is still capitalised, and a lower-case opening still flagged
    assert text.capitalised("cards are read in batches") == "Cards are read in batches"
    assert defects.dangling_connector("and then quillmark can be configured") == "and"


def test_the_first_deck_never_capitalises_the_name():
    paper = Paper(
        title="Recipe cards with quillmark",
        abstract=PARAGRAPHS[0],
        sections=[
            Section(number="1", title="Introduction", paragraphs=PARAGRAPHS[:2]),
            Section(number="2", title="Configuration", paragraphs=PARAGRAPHS[2:]),
        ],
        pages=2,
        source_name="quillmark.pdf",
    )
    with lowercase_names.known_in([paper.abstract, *PARAGRAPHS]):
        deck = BuiltinProposer().propose(paper)
    bullets = [b for slide in deck.slides for b in slide.bullets]
    assert bullets and not [b for b in bullets if "Quillmark" in b]
    assert any(b.startswith("quillmark") for b in bullets)


# ------------------------------------------------- names and citations the PDF sets as maths
FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "langnames"


@pytest.fixture(scope="module")
def langnames(tmp_path_factory):
    return paper_read(FOLDER / "tessera-langnames.pdf", tmp_path_factory.mktemp("langnames"))


def test_a_language_name_set_as_a_formula_is_read_as_its_name(langnames):
    intro = " ".join(langnames.sections[0].paragraphs)
    assert "written in C++ so that" in intro and "written in F#, reads" in intro
    assert "written in C++ and a front end in C# for" in langnames.abstract
    assert "$" not in intro + langnames.abstract
    # the sentence is a bullet now (as a formula "$C + +$" it was refused as broken maths)
    sentence = next(s for s in text.sentences(intro) if s.startswith("Its core"))
    assert text.condense(sentence, 30)


def test_a_citation_with_a_section_sign_is_text_and_leaves_the_bullet(langnames):
    layout = " ".join(langnames.sections[1].paragraphs)
    assert "[4, §2.3]" in layout and "[7, §5]" in layout and "$" not in layout
    sentence = next(s for s in text.sentences(layout) if s.startswith("Cards that"))
    bullet = text.condense(sentence, 30)
    assert bullet and "§" not in bullet and "[" not in bullet
