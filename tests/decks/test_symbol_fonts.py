"""A music font's glyphs read as letters are no text, on a paper of our own
(tests/fixtures/papers/ingest/symbolfont, CC0): a line of note heads its text map reads
"DDDD LLLL DDDD" and a heading of two note heads ("DD") are neither prose nor a section's
title; the prose around them is kept."""

from __future__ import annotations

from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.symbol_fonts import is_symbol_letter

PAPER = settings.BASE_DIR / "tests/fixtures/papers/ingest/symbolfont/tessera-symbolfont.pdf"


def test_a_music_fonts_letters_are_no_text(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    text = " ".join(
        [paper.title, paper.abstract]
        + [p for s in paper.sections for p in [s.title, *s.paragraphs]]
    )
    assert "DDDD" not in text and "LLLL" not in text
    assert [s.title for s in paper.sections] == ["Introduction", "Method", "Results", "Discussion"]
    # the prose after the notes and under their heading is kept
    assert "The example above shows four quarter notes" in text
    assert "Grouping rests by the beat makes the count visible" in text


def test_a_symbol_fonts_mark_that_is_no_letter_stays():
    """A dingbat's check mark opens a list item: it is read as the mark it is."""
    assert not is_symbol_letter({"text": "✓", "fontname": "ABCDEF+Dingbats"})
    assert is_symbol_letter({"text": "Ď", "fontname": "ABCDEF+TeXMUSIX20-Regular"})
    assert not is_symbol_letter({"text": "D", "fontname": "ABCDEF+CMR10"})
