"""A paper made of derivations is presented by its displays (issue 14, item 3): on a LaTeX
paper of our own (tests/fixtures/papers/ingest/mathparts, CC0), the final deck shows every
display read whole, each in KaTeX under the sentence that introduces it, and the reviewer
finds no broken mathematics or sentence cut before a display on them."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from apps.decks.pipeline import display_math
from apps.decks.pipeline.issues import blocking
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.run import deck_generate

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PAPER = Path(settings.BASE_DIR) / "tests/fixtures/papers/ingest/mathparts/tessera-mathparts.pdf"


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return deck_generate(
        pdf=PAPER,
        out_dir=tmp_path_factory.mktemp("equations") / "deck",
        rounds=3,
        export_pdf=False,
    )


def test_the_final_deck_shows_each_whole_display_under_its_sentence(run):
    final = run.rounds[-1]
    assert blocking(final.issues) == [], [i.model_dump() for i in blocking(final.issues)]
    kinds = {i.type for i in final.issues}
    assert not kinds & {"broken_math", "broken_sentence", "dangling_pointer"}, kinds
    paper = Paper.model_validate_json((run.out_dir / "paper.json").read_text())
    leads = {e.tex: e.lead for e in paper.equations}
    whole = {e.tex for e in paper.equations if display_math.clean_tex(e.tex)}
    assert len(whole) == 4
    shown = [s for s in final.deck.slides if s.equation]
    assert {s.equation for s in shown} == whole
    for slide in shown:
        assert slide.bullets[-1] == leads[slide.equation]
    markdown = (run.out_dir / "slides.md").read_text()
    for slide in shown:  # the sentence, then the display in KaTeX's $$ … $$
        at = markdown.index(f"- {slide.bullets[-1]}")
        assert markdown[at:].split("\n\n", 1)[1].startswith("$$\n")
