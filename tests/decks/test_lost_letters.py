"""A letter the PDF's text layer lost is read back from the words it leaves, on papers of our
own (tests/fixtures/papers/ingest/textlayer, CC0) whose fonts give one glyph no text (U+FFFD, a
control character, a private-use code) and no glyph name: "th� mod�l" reads "the model",
"\ue000rst" reads "first". When no one letter reads the glyph's words (two letters share it),
nothing is guessed: the sentences holding it are left out and the paper says its text could
not all be read (Paper.text_layer, the deck's summary)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pdfplumber
import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.encodings import glyph_repairs
from apps.decks.pipeline.ingest.lost_letters import lost_letter_repairs
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose.builtin import deck_of
from apps.decks.pipeline.review.deck_rules import unreadable_text
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.run import Summary
from apps.decks.pipeline.slide_deck import Slide

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "textlayer"
UNNAMED = re.compile(r"[\ufffd\ue000-\uf8ff\x00-\x1f]|\(cid:\d+\)")


def _text(paper: Paper) -> str:
    return " ".join(
        [paper.title, *paper.authors, paper.abstract]
        + [p for s in paper.sections for p in [s.title, *s.paragraphs]]
    )


@pytest.mark.parametrize("damage", ["e", "e0", "cr"])
def test_a_lost_letter_is_read_from_its_words(tmp_path, damage):
    paper = paper_read(FOLDER / f"tessera-textlayer-{damage}.pdf", tmp_path / "figures")
    text = _text(paper)
    assert paper.title == "Seasonal Drift in Alpine Lake Sensors"
    assert paper.authors == ["Ada Brenner", "Tomas Quill"]  # a name no word list holds
    assert "We fitted one line per sensor, with the week as the predictor" in text
    assert [s.title for s in paper.sections] == ["Introduction", "Method", "Results", "Discussion"]
    assert not UNNAMED.search(text)
    assert paper.text_layer == []


def test_a_lost_ligature_is_read_from_its_words(tmp_path):
    paper = paper_read(FOLDER / "tessera-textlayer-fi.pdf", tmp_path / "figures")
    text = _text(paper)
    assert "small in the first weeks" in text
    assert "we offer the fitted slopes" in text
    assert not re.search(r"\b(?:rst|tted|eld)\b", text)  # no word shown without its letters
    assert not UNNAMED.search(text)
    assert paper.text_layer == []


def test_a_glyph_no_one_letter_reads_is_reported_not_guessed(tmp_path):
    """'e' and 'a' both read U+FFFD: 'e' alone makes most of the words words ('th�' is 'the'),
    yet reads 'l�k�s' as 'lekes' — no reading, and the paper says its text was lost."""
    paper = paper_read(FOLDER / "tessera-textlayer-ea.pdf", tmp_path / "figures")
    text = _text(paper)
    assert not re.search(r"\b(?:lekes|meesure|weter|thet|ind)\b", text)
    assert "lakes" not in text  # nothing with a guessed letter: its sentences are left out
    assert paper.text_layer and "could not be read" in paper.text_layer[0]
    # the reviewer says so for the deck (slide 0), and the summary names it
    deck = deck_of(paper, [Slide(kind="title", title=paper.title)])
    found = list(unreadable_text(DeckContext(deck=deck, paper=paper, measures=[])))
    assert [(i.slide, i.type, i.severity) for i in found] == [(0, "unreadable_text", "high")]
    assert "unreadable_text" in Summary.model_fields


def test_one_loss_in_several_fonts_is_reported_once(tmp_path):
    """'e' and 'a' read U+FFFD in the roman, the bold and the italic alike: one loss for the
    reader, so one note (and one finding), not one per font."""
    paper = paper_read(FOLDER / "tessera-textlayer-styles-ea.pdf", tmp_path / "figures")
    assert len(paper.text_layer) == 1
    assert all(style in paper.text_layer[0] for style in ("Regular", "Bold", "Italic"))
    deck = deck_of(paper, [Slide(kind="title", title=paper.title)])
    assert len(list(unreadable_text(DeckContext(deck=deck, paper=paper, measures=[])))) == 1


def test_a_letter_left_out_altogether_is_put_back_where_it_makes_a_word(tmp_path):
    """Every 'c' cut from the shown strings: no glyph, no code ('the differenes', 'onfidene').
    Inserting 'c' makes far more of the words words than any other letter: it is put back
    where one word fits (twice in 'confidence'); a word that is a word stays as printed."""
    paper = paper_read(FOLDER / "tessera-textlayer-styles-c.pdf", tmp_path / "figures")
    text = _text(paper)
    assert "the differences" in text and "The effect of the drift" in text
    assert "its confidence interval" in text and "the correction the remaining" in text
    assert not re.search(r"\b(?:differenes|effet|onfidene|orretion|simpl)\b", text)
    assert paper.title == "Seasonal Drift in Alpine Lake Sensors"
    assert paper.text_layer == []


def test_a_readable_paper_has_no_unreadable_text_finding(tmp_path):
    paper = paper_read(FOLDER / "tessera-textlayer-e.pdf", tmp_path / "figures")
    deck = deck_of(paper, [Slide(kind="title", title=paper.title)])
    assert list(unreadable_text(DeckContext(deck=deck, paper=paper, measures=[]))) == []


def test_a_paper_whose_glyphs_read_has_no_repair():
    """The readings are for glyphs with no text only: a paper whose fonts read is untouched."""
    for folder in ("typeset", "lostglyphs"):
        pdf_path = next((FOLDER.parent / folder).glob("*.pdf"))
        with pdfplumber.open(pdf_path) as pdf:
            found = lost_letter_repairs(pdf, glyph_repairs(pdf))
        assert found.fixes == {} and found.notes == []


def _page_of(text: str) -> SimpleNamespace:
    """A page whose characters set `text` on lines of 80, 5 pt apart (a text layer of our own)."""
    chars = []
    for row, start in enumerate(range(0, len(text), 80)):
        for column, ch in enumerate(text[start : start + 80]):
            x0, bottom = 50.0 + 5 * column, 60.0 + 14 * row
            chars.append(
                {"text": ch, "fontname": "Body", "size": 10.0, "x0": x0, "x1": x0 + 5}
                | {"top": bottom - 10, "bottom": bottom}
            )
    return SimpleNamespace(chars=chars)


def test_a_letter_gone_from_the_text_layer_is_reported():
    """A glyph that leaves no character at all cannot be read back; a long text without a
    common letter says its text layer lost it."""
    prose = (
        "The sensors in the lakes were checked every week against the reference, and the drift "
        "of each one was fitted with a line over the season. The summer was much drier than "
        "usual. "
    ) * 40
    whole = SimpleNamespace(pages=[_page_of(prose)])
    assert lost_letter_repairs(whole, {}).notes == []
    # the words without it become words with it put back: read, not reported ("ach" is
    # "each" or "ache": left as printed)
    lost = lost_letter_repairs(SimpleNamespace(pages=[_page_of(prose.replace("e", ""))]), {})
    assert lost.notes == [] and lost.omitted == "e" and "ach" not in lost.restored
    assert lost.restored["snsors"] == "sensors" and lost.restored["vry"] == "very"
    # too few of its words to tell the letter: reported, nothing put back
    plain = "The man and the dog walk to the park at dawn, and a cat sits on a wall. " * 60
    lost = lost_letter_repairs(SimpleNamespace(pages=[_page_of(plain.replace("e", ""))]), {})
    assert lost.restored == {}
    assert len(lost.notes) == 1 and "no letter 'e'" in lost.notes[0]
