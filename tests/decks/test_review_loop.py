"""The loop does work: a deck planted with defects of many classes is reviewed, revised and
reviewed again; round 1 finds them, later rounds fix them, the final round has none, every
revision names the issue it answers and summary.json counts what was found and fixed."""

import json

import pytest
from PIL import Image, ImageDraw

from apps.decks.pipeline.issues import blocking
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.run import deck_generate
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.conftest import paper_named

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# Eight long bullets, each its own statement (bullets that differ by a word are repeated_bullet),
# so that only their length overfills the slide.
LONG = [
    "The scheduler keeps every worker thread inside its own slice of the last-level cache while the graph grows",
    "Work stealing moves a task to an idle core only after its inputs have left the owner's private cache",
    "Batches of small kernels are fused when their combined footprint stays below the shared cache size",
    "A stalled core reports its miss rate every millisecond so that the runtime can shrink its queue",
    "Memory bandwidth is divided between sockets in proportion to the tasks each of them has waiting",
    "Priorities follow the critical path of the graph, computed again whenever a new node is inserted",
    "Prefetch hints are issued for the inputs of the next two tasks in the queue of every worker",
    "Threads that share a tile of the matrix are pinned to cores that share one level of cache",
]
PLANTED_TEXT = [
    "However, the scheduler releases tasks in an order that keeps data in the cache",
    "This motivated us to revisit the scheduler as a dynamical system",
    "Section 3 lists the experimental validation process",
    "(18) The stall signal can then be computed for every step of the run",
    "• Encoder: maps the hardware counters to the state of the model",
]
CLASSES = {
    "dangling_connector",
    "unresolved_reference",
    "meta_text",
    "equation_number",
    "stray_glyph",
    "title_fragment",
    "thin_slide",
    "overflow",
    "figure_cropped",
    "repeated_figures",
}


class PlantedProposer(BuiltinProposer):
    """The builtin proposer whose first deck has defects of every class above planted in it."""

    def propose(self, paper):
        good = super().propose(paper)
        figure = next(f for f in paper.figures if f.kind == "figure")
        planted = [
            Slide(
                kind="bullets",
                title="Why revisit the scheduler",
                bullets=PLANTED_TEXT,
                notes=" ".join(p for s in paper.sections for p in s.paragraphs)[:1500],
            ),
            Slide(kind="bullets", title="A) and linear", bullets=LONG),
            Slide(
                kind="bullets",
                title="Stalls",
                bullets=["The scheduler with the oscillator model is 31% faster than the baseline"],
            ),
            Slide(kind="figure", title="Runtime", figure=figure.id, fit="cover"),
            Slide(kind="figure", title="Runtime again", figure="fig-9"),
        ]
        return good.model_copy(update={"slides": [good.slides[0], *planted, *good.slides[1:]]})


@pytest.fixture(scope="module")
def planted_run(tmp_path_factory):
    """The LaTeX test paper with a twin of its first figure (so that two slides in a row show
    near-identical figures, as a paper's results for two datasets would), through the whole
    run with the planted first deck."""
    from apps.decks.pipeline import run

    real_read = run.paper_read

    def read_with_twin(path, figures_dir):
        paper = real_read(path, figures_dir)
        first = next(f for f in paper.figures if f.kind == "figure")
        with Image.open(figures_dir / first.image) as image:  # a near-identical twin
            twin_image = image.convert("RGB")
        ImageDraw.Draw(twin_image).rectangle((0, 0, 6, 6), fill="black")
        twin_image.save(figures_dir / "fig-9.png")
        twin = {"id": "fig-9", "number": 9, "label": "Figure 9", "image": "fig-9.png"}
        paper.figures.append(first.model_copy(update=twin))
        return paper

    run.paper_read = read_with_twin
    try:
        return deck_generate(
            pdf=paper_named("tessera-test-paper"),
            out_dir=tmp_path_factory.mktemp("planted") / "deck",
            rounds=4,
            proposer=PlantedProposer(),
            export_pdf=False,
        )
    finally:
        run.paper_read = real_read


def test_round_one_finds_defects_of_every_planted_class(planted_run):
    first = planted_run.rounds[0]
    found = {i.type for i in first.issues}
    assert found >= CLASSES, CLASSES - found


def test_later_rounds_fix_them_and_the_final_round_has_none(planted_run):
    final = planted_run.rounds[-1]
    assert len(planted_run.rounds) >= 2
    assert blocking(final.issues) == [], [i.model_dump() for i in blocking(final.issues)]
    assert not CLASSES & {i.type for i in final.issues}
    texts = [b for s in final.deck.slides for b in s.bullets]
    assert "Section 3 lists the experimental validation process" not in texts
    assert "The scheduler releases tasks in an order that keeps data in the cache" in texts
    assert any(s.figure_pair == "fig-9" for s in final.deck.slides)  # one slide compares them


def test_every_revision_names_the_issue_it_answers(planted_run):
    review = json.loads((planted_run.out_dir / "review.json").read_text())
    first = review["rounds"][0]
    assert first["revisions"], "the first round was not revised"
    for change in first["revisions"]:
        answered = first["issues"][change["issue"]]
        assert answered["type"] == change["type"] and answered["slide"] == change["slide"]
        assert change["action"]


def test_summary_reports_issues_found_and_fixed_per_round(planted_run):
    summary = json.loads((planted_run.out_dir / "summary.json").read_text())
    per_round = summary["per_round"]
    assert [r["round"] for r in per_round] == [r.number for r in planted_run.rounds]
    assert per_round[0]["found"]["total"] == len(planted_run.rounds[0].issues)
    assert per_round[0]["fixed"] >= len(CLASSES)
    assert per_round[-1]["found"]["high"] + per_round[-1]["found"]["medium"] == 0
