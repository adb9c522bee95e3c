"""Every paper — the openly licensed ones in ../shared/papers and one generated here — becomes a
deck of 10–20 slides with at least three of its figures and no high-severity issue left."""

import json
import re

import pytest
from PIL import Image

from apps.decks.pipeline.paper import Paper
from tests.decks import paperfactory
from tests.decks.conftest import PAPERS

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# Title words and DOI each paper's first slide must show (SOURCE.md).
EXPECTED = {
    "broman2020_rescience_essential_genes": (
        "Identifying essential genes",
        "10.5281/zenodo.3959516",
    ),
    "dansereau2020_rescience_three_species_chaos": (
        "Chaos in a Three-Species Food Chain",
        "10.5281/zenodo.4022518",
    ),
    "lecuyer2021_rescience_graph_ordering": (
        "Speedup Graph Processing by Graph Ordering",
        "10.5281/zenodo.4836230",
    ),
}


def test_the_shared_papers_are_there():
    assert {p.stem for p in PAPERS} == set(EXPECTED)


@pytest.fixture(params=["generated", *[p.stem for p in PAPERS]])
def paper_deck(request, deck_runs, generated_pdf):
    pdf = (
        generated_pdf
        if request.param == "generated"
        else next(p for p in PAPERS if p.stem == request.param)
    )
    return request.param, pdf, deck_runs.get(pdf)


def test_deck_shape_and_quality(paper_deck):
    name, _, result = paper_deck
    summary = result.summary
    assert 10 <= summary.slides <= 20, name
    assert summary.figures_used >= 3, name
    assert summary.open_issues["high"] == 0, _high_issues(result)
    assert 1 <= summary.rounds <= 5


def _high_issues(result) -> str:
    final = next(r for r in result.rounds if r.number == result.final_round)
    return json.dumps([i.model_dump() for i in final.issues if i.severity == "high"], indent=1)


def test_output_folder(paper_deck):
    _, _, result = paper_deck
    out = result.out_dir
    shots = sorted((out / "slides").iterdir())
    assert [p.name for p in shots] == [f"{n:02d}.png" for n in range(1, result.summary.slides + 1)]
    with Image.open(shots[0]) as first:
        assert first.size == (1960, 1104)
    review = json.loads((out / "review.json").read_text())
    assert [r["round"] for r in review["rounds"]] == [r.number for r in result.rounds]
    summary = json.loads((out / "summary.json").read_text())
    assert set(summary) == {"slides", "figures_used", "rounds", "open_issues", "title", "elapsed_s"}
    for record in result.rounds:  # every round is kept: markdown, screenshots, issues
        folder = out / "rounds" / f"{record.number:02d}"
        assert (folder / "slides.md").exists() and (folder / "issues.json").exists()
        assert len(list((folder / "slides").glob("*.png"))) == len(record.deck.slides)
    assert (out / "site" / "index.html").exists()
    assert not (out / "work").exists() and not (out / "node_modules").exists()
    siblings = [p.name for p in out.parent.iterdir() if p.name.startswith(".")]
    assert siblings == []


def test_first_slide_names_the_paper(paper_deck):
    name, _, result = paper_deck
    markdown = (result.out_dir / "slides.md").read_text()
    first = markdown.split("\n---\n", 2)[1]
    if name == "generated":
        title, doi = paperfactory.TITLE, paperfactory.DOI
        assert all(author in first for author in paperfactory.AUTHORS)
    else:
        title, doi = EXPECTED[name]
    assert title in first and f"doi:{doi}" in first


def test_figures_are_the_papers_own_and_large(paper_deck):
    _, _, result = paper_deck
    paper = Paper.model_validate_json((result.out_dir / "paper.json").read_text())
    final = next(r for r in result.rounds if r.number == result.final_round)
    measures = json.loads(
        (result.out_dir / "rounds" / f"{final.number:02d}" / "measures.json").read_text()
    )
    for measure in measures:
        for image in measure["images"]:
            assert paper.figure(image["figure"]) is not None
            assert image["visible_fraction"] >= 0.98
            assert measure["pixels"]["figure_diff"][image["figure"]] < 0.16
    words_beside = [
        sum(t["words"] for t in m["texts"] if t["role"] == "body") for m in measures if m["images"]
    ]
    assert max(words_beside) <= 40


def test_figures_are_cropped_from_the_page(paper_deck):
    _, _, result = paper_deck
    paper = Paper.model_validate_json((result.out_dir / "paper.json").read_text())
    assert len([f for f in paper.figures if f.kind == "figure"]) >= 4
    for figure in paper.figures:
        with Image.open(result.out_dir / "figures" / figure.image) as image:
            assert image.size == (figure.width_px, figure.height_px)
            width_pt = figure.bbox[2] - figure.bbox[0] + 8  # 4 pt of padding on each side
            dpi = image.width / width_pt * 72
            assert max(image.size) >= 1200 or dpi >= 299, (figure.id, image.size, dpi)
            extrema = image.convert("L").getextrema()
            assert extrema[0] < 128, f"{figure.id} is blank"  # something is drawn
        assert figure.caption and re.match(r"(Figure|Table) \d+", figure.label)


def test_progress_reports_phases_rounds_and_slides(paper_deck, deck_runs):
    _, pdf, result = paper_deck
    events = deck_runs.events[pdf]
    phases = [e.phase for e in events]
    assert phases[0] == "ingest" and phases[-1] == "done"
    assert {"propose", "build", "render", "review"} <= set(phases)
    rendering = [e.message for e in events if e.phase == "render"]
    assert (
        rendering[0] == f"round 1 of 5: rendering slide 1/{result.rounds[0].deck.slides.__len__()}"
    )
    fractions = [e.fraction for e in events]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
