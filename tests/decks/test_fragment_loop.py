"""The loop on a paper of our own (LaTeX, tests/decks/papers/irrigation) whose text carries
fragments, sentences narrating code, console output before a sentence and holes of lost
formulas. A proposer that drafts the paper's sentences as they come (as one without the
reviewer's definitions would) puts them on slides; round 1 finds every class, the builtin
revision drops or repairs them, the slides keep enough bullets from their sections, and the
final round has none."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.conf import settings

from apps.decks.pipeline import text
from apps.decks.pipeline.issues import blocking
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.run import deck_generate
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

pytestmark = [pytest.mark.slow, pytest.mark.browser, needs_pdflatex]

SOURCE = Path(__file__).parent / "papers" / "irrigation"
FIGURES = Path(settings.BASE_DIR) / "tests" / "fixtures" / "papers" / "latex" / "figures"
CLASSES = {"fragment", "code_pointer", "stray_output", "lost_formula"}


class VerbatimProposer(BuiltinProposer):
    """The builtin deck, with a slide per body section whose bullets are that section's first
    sentences as the PDF gave them (citations cleaned, nothing checked)."""

    def propose(self, paper):
        good = super().propose(paper)
        planted = []
        for section in paper.sections:
            if section.title not in ("Field trial", "Results"):
                continue
            first = text.sentences(" ".join(section.paragraphs))[1:6]
            planted.append(
                Slide(
                    kind="bullets",
                    title=f"{section.title} in detail",
                    bullets=[text.clean(s).rstrip(".") for s in first],
                    notes=" ".join(section.paragraphs)[:1500],
                )
            )
        return good.model_copy(update={"slides": [good.slides[0], *planted, *good.slides[1:]]})


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    build = tmp_path_factory.mktemp("irrigation")
    source = build / "source"
    shutil.copytree(SOURCE, source)
    shutil.copytree(FIGURES, source / "figures")
    pdf = pdflatex_copy(source, "irrigation.tex", build / "built")
    return deck_generate(
        pdf=pdf,
        out_dir=build / "deck",
        rounds=4,
        proposer=VerbatimProposer(),
        export_pdf=False,
    )


def test_round_one_finds_every_class(run):
    found = {i.type for i in run.rounds[0].issues}
    assert found >= CLASSES, CLASSES - found


def test_the_final_round_has_none_and_the_slides_keep_their_points(run):
    final = run.rounds[-1]
    assert len(run.rounds) >= 2
    assert blocking(final.issues) == [], [i.model_dump() for i in blocking(final.issues)]
    assert not CLASSES & {i.type for i in final.issues}
    planted = [s for s in final.deck.slides if s.title.endswith("in detail")]
    assert planted and all(len(s.bullets) >= 2 for s in planted)
    texts = [b for s in final.deck.slides for b in s.bullets]
    # the console output went, its sentence stayed
    assert "One season of the trial was lost to hail in the second year" in texts
    assert not any(
        b.startswith(("If the soil", "With plots", "The code below", "The arises")) for b in texts
    )
