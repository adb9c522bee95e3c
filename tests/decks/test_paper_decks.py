"""Every paper in tests/fixtures/papers — three ReScience articles, one whose text layer has no
spaces, Tessera's own LaTeX paper — and one generated here becomes a deck a researcher would
present: 10–20 slides (fewer for a short paper), its figures large and cleanly cropped, no
bullet or title of the defect classes the reviewer knows, mathematics typeset by KaTeX."""

import json
import re

import pytest
from PIL import Image

from apps.decks import limits
from apps.decks.pipeline import defects, title_defects
from apps.decks.pipeline.crops import figure_crop_findings
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.review.deck_rules import fewest_slides
from tests.decks import paperfactory
from tests.decks.conftest import PAPERS, SUMMARY_KEYS

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# Title words and DOI each paper's first slide must show (SOURCE.md); None: the PDF has none.
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
    "topalidou2015_rescience_basal_ganglia": ("cortico-basal ganglia loops", None),
    "tessera-test-paper": (
        "Damped Oscillators Learn to Predict Cache Stalls",
        "10.5555/tessera.test.2025",
    ),
}


def test_the_fixture_papers_are_there():
    assert {p.stem for p in PAPERS} == set(EXPECTED)


@pytest.fixture(params=["generated", *[p.stem for p in PAPERS]])
def paper_deck(request, deck_runs, generated_pdf):
    pdf = (
        generated_pdf
        if request.param == "generated"
        else next(p for p in PAPERS if p.stem == request.param)
    )
    return request.param, pdf, deck_runs.get(pdf)


def _final(result):
    return next(r for r in result.rounds if r.number == result.final_round)


def _paper(result) -> Paper:
    return Paper.model_validate_json((result.out_dir / "paper.json").read_text())


def _measures(result) -> list[dict]:
    folder = result.out_dir / "rounds" / f"{result.final_round:02d}"
    return json.loads((folder / "measures.json").read_text())


def test_deck_shape_and_quality(paper_deck):
    name, _, result = paper_deck
    summary = result.summary
    assert fewest_slides(_paper(result)) <= summary.slides <= 20, name
    assert summary.figures_used >= min(3, len(_paper(result).figures)), name
    assert summary.open_issues["high"] == 0, _issues(result, "high")
    assert summary.open_issues["medium"] == 0, _issues(result, "medium")
    assert 1 <= summary.rounds <= 5


def _issues(result, severity) -> str:
    return json.dumps([i.model_dump() for i in _final(result).issues if i.severity == severity])


def test_no_bullet_or_title_of_the_defect_classes(paper_deck):
    _, _, result = paper_deck
    final = _final(result)
    for slide in final.deck.slides[1:]:
        assert title_defects.title_fragment(slide.title) is None, slide.title
        assert title_defects.title_text_defects(slide.title) == [], slide.title
        shown = {(f, n) for f, n in (("figure", x.split("-")[1]) for x in slide.figures())}
        for bullet in slide.bullets:
            assert defects.text_defects(bullet) == [], bullet
            for kind, number in defects.pointers(bullet):
                assert kind in ("figure", "table", "equation"), bullet
                assert (kind, number) in shown or kind == "equation" and slide.equation, bullet
        if slide.kind == "bullets":
            assert len(slide.bullets) >= 2 or slide.equation, slide.title


def test_figure_crops_hold_no_foreign_text(paper_deck):
    _, _, result = paper_deck
    paper = _paper(result)
    for figure_id in _final(result).deck.figures_used():
        foreign, cut = figure_crop_findings(paper.figure(figure_id))
        assert foreign == [] and cut == [], (figure_id, foreign, cut)


def test_figures_are_the_papers_own_and_large(paper_deck):
    _, _, result = paper_deck
    paper = _paper(result)
    share = limits.get("figure_min_width_share")
    for measure in _measures(result):
        for image in measure["images"]:
            figure = paper.figure(image["figure"])
            assert figure is not None
            assert image["visible_fraction"] >= 0.98
            assert measure["pixels"]["figure_diff"][image["figure"]] < 0.16
            native = figure.bbox[2] - figure.bbox[0]
            wanted = min(share * measure["canvas"]["w"], native)
            # Drawn at 60% of the slide's width, or its printed width when smaller; a figure
            # as tall as the slide allows is as large as its shape lets it be.
            tall = image["drawn"]["h"] >= 0.9 * 430
            assert image["drawn"]["w"] + 1 >= wanted or tall, (image["figure"], image["drawn"])
    words_beside = [
        sum(t["words"] for t in m["texts"] if t["role"] == "body")
        for m in _measures(result)
        if m["images"]
    ]
    assert max(words_beside) <= 40


def test_math_is_typeset_by_katex(paper_deck):
    _, _, result = paper_deck
    markdown = (result.out_dir / "slides.md").read_text()
    for measure in _measures(result):
        assert measure["math"]["errors"] == [], measure["math"]
    with_math = [m for m in _measures(result) if m["math"]["rendered"]]
    if re.search(r"(?<!\\)\$[^$\n]+(?<!\\)\$", markdown):
        assert with_math, "formulas in slides.md, none typeset"


def test_figures_are_cropped_from_the_page_sharp_enough_for_a_slide(paper_deck):
    _, _, result = paper_deck
    paper = _paper(result)
    assert len([f for f in paper.figures if f.kind == "figure"]) >= 2
    for figure in paper.figures:
        with Image.open(result.out_dir / "figures" / figure.image) as image:
            assert image.size == (figure.width_px, figure.height_px)
            assert image.width >= 1900 or figure.panels > 1 or image.height >= 1900, figure.id
            assert image.convert("L").getextrema()[0] < 128, f"{figure.id} is blank"
        assert figure.caption and re.match(r"(Figure|Table) \d+", figure.label)


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
    assert set(summary) == SUMMARY_KEYS
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
    assert title in first
    if doi:
        assert f"doi:{doi.replace('_', chr(92) + '_')}" in first


def test_progress_reports_phases_rounds_and_slides(paper_deck, deck_runs):
    _, pdf, result = paper_deck
    events = deck_runs.events[pdf]
    phases = [e.phase for e in events]
    assert phases[0] == "ingest" and phases[-1] == "done"
    assert {"propose", "build", "render", "review"} <= set(phases)
    rendering = [e.message for e in events if e.phase == "render"]
    assert rendering[0] == f"round 1 of 5: rendering slide 1/{len(result.rounds[0].deck.slides)}"
    fractions = [e.fraction for e in events]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
