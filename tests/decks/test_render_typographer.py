"""Slidev's Markdown runs with the typographer on: a paper's list label "(c)" showed on the slide
as "©" (and "(r)" as "®", "(tm)" as "™") although slides.md had the paper's text. The writer
escapes the closing bracket; the real `slidev build` shows the text as printed."""

import pytest

from apps.decks.pipeline.render.markdown import deck_markdown, escape_text
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

LABELS = "Three cases: (a) no gaps, (b) one gap and (c) two gaps; Acme(TM) and (R) marks"


def test_typographer_signs_are_escaped_in_paper_text():
    escaped = escape_text(LABELS)
    assert "(c\\)" in escaped and "(TM\\)" in escaped and "(R\\)" in escaped
    assert "(a) no gaps" in escaped  # other labels stay as printed


@pytest.mark.slow
def test_a_list_label_c_is_not_shown_as_a_copyright_sign(tmp_path):
    from apps.decks.pipeline.render import slidev

    deck = SlideDeck(
        title="Gaps",
        authors=["A B"],
        slides=[
            Slide(kind="title", title="Gaps"),
            Slide(kind="bullets", title="Cases", bullets=[LABELS, "A second bullet"]),
        ],
    )
    (tmp_path / "slides.md").write_text(deck_markdown(deck, None))
    site = slidev.build(tmp_path / "slides.md", tmp_path / "site")
    built = " ".join(p.read_text(errors="ignore") for p in site.rglob("*.js"))
    assert "(c) two gaps" in built and "Acme(TM) and (R) marks" in built
    assert "©" not in built and "®" not in built and "™" not in built
