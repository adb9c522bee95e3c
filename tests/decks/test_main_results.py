"""The deck shows the paper's main results (issue 14, structure): on a LaTeX paper of our own
whose results live in a table and in a figure its results text discusses, a deck made of the
set-up — its results slide holding the trial's design, no table, no figure — is reported
(`main_result_missing`) and repaired: the results table comes onto the deck with the measured
finding, within the deck's size. A deck that shows them is not reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from apps.decks.pipeline import main_results
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Mention, Paper, Section
from apps.decks.pipeline.propose.builtin import TARGET_SLIDES, BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.deck_rules import main_result_missing, result_unstated
from apps.decks.pipeline.review.registry import DeckContext, SlideContext
from apps.decks.pipeline.review.text_rules import thin_slide
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories
from tests.decks.test_review_rules import measure

PAPER = Path(settings.BASE_DIR) / "tests/fixtures/papers/ingest/mainresults/tessera-mainresults.pdf"
SAVING = "The adaptive controller used 31.5% less defrost energy than the timer controller"
# the trial's design: what a results slide of set-up sentences says instead of the result
DESIGN = [
    "Six detached houses of similar size took part in the trial from November to March",
    "An electricity meter on the heat pump recorded the energy of every defrost cycle",
]


@pytest.fixture(scope="module")
def paper(tmp_path_factory) -> Paper:
    return paper_read(PAPER, tmp_path_factory.mktemp("mainresults"))


@pytest.fixture(scope="module")
def full_deck(paper) -> SlideDeck:
    return BuiltinProposer().propose(paper)


def _without_results(deck: SlideDeck, paper: Paper) -> SlideDeck:
    """The deck as unseen papers' decks were: the results table and figure on no slide, the
    results slide made of the trial's design, the close without a number."""
    slides = []
    for slide in deck.slides:
        if slide.kind == "figure":
            continue
        if slide.role == "result":
            slide = slide.model_copy(update={"bullets": DESIGN})
        slides.append(slide)
    deck = deck.model_copy(update={"slides": slides})
    assert not main_results.shows(
        [b for s in slides for b in s.bullets], main_results.result_sentences(paper)[0]
    )
    return deck


def _reported(deck: SlideDeck, paper: Paper):
    return list(main_result_missing(DeckContext(deck, paper, [], None)))


def test_the_paper_presents_its_results_in_a_table_a_figure_and_measured_values(paper):
    assert [f.id for f in main_results.result_objects(paper)] == ["tab-1", "fig-1"]
    findings = main_results.result_sentences(paper)
    assert findings[0].bullet.startswith(SAVING) and findings[0].values == {"31.5%"}
    # the trial's design gives values too ("eight kilowatts", "every five minutes"): none is
    # a decimal or a percentage, and none is read as a finding
    assert all(f.section == "Results" for f in findings)


def test_a_deck_that_shows_the_results_is_not_reported(paper, full_deck):
    assert "tab-1" in full_deck.figures_used()
    assert _reported(full_deck, paper) == []


def test_a_deck_without_the_results_is_reported_and_gets_them(paper, full_deck):
    deck = _without_results(full_deck, paper)
    [issue] = _reported(deck, paper)
    assert issue.type == "main_result_missing" and issue.severity == "medium"
    assert issue.evidence["objects"] == ["tab-1", "fig-1"]
    assert "31.5%" in issue.evidence["values"]
    revised = deck_repair(BuiltinProposer(), paper, deck, [issue])
    slides = revised.deck.slides
    assert "tab-1" in revised.deck.figures_used()
    # the table in the paper's order: after the results slide, before the close
    table = next(i for i, s in enumerate(slides) if s.figure == "tab-1")
    results = next(i for i, s in enumerate(slides) if s.title == "Results")
    assert results < table < len(slides) - 1 and slides[-1].role == "conclusion"
    # the measured finding stated on the results slide, in the paper's words
    assert any(b.startswith(SAVING) for b in slides[results].bullets)
    assert [c.type for c in revised.changes] == ["main_result_missing"]
    assert _reported(revised.deck, paper) == []


def test_a_deck_at_its_size_replaces_a_slide_rather_than_grows(paper, full_deck):
    deck = _without_results(full_deck, paper)
    slides = list(deck.slides)
    method = next(i for i, s in enumerate(slides) if s.role == "method")
    # method slides of the trial's design up to the size a deck aims at
    padding = [
        Slide(kind="bullets", title=f"Field trial ({n})", bullets=DESIGN[:1], role="method")
        for n in range(TARGET_SLIDES - len(slides))
    ]
    slides[method + 1 : method + 1] = padding
    deck = deck.model_copy(update={"slides": slides})
    assert len(deck.slides) == TARGET_SLIDES
    [issue] = _reported(deck, paper)
    revised = deck_repair(BuiltinProposer(), paper, deck, [issue])
    assert "tab-1" in revised.deck.figures_used()
    assert len(revised.deck.slides) <= TARGET_SLIDES
    assert "in place of" in revised.changes[0].action
    # what gave way was a slide of the design, never the opening, the results or the close
    kept = [s.title for s in revised.deck.slides]
    assert {"What this paper does", "Results", "Conclusions"} <= set(kept)


def test_a_result_figure_shown_with_its_caption_only_gets_its_finding(paper, full_deck):
    # the figure slide as the loop left some: the finding the results text states only in the
    # speaker notes (the notes hold the sentences citing the figure)
    slides = [
        s.model_copy(update={"bullets": []}) if s.figure == "fig-1" else s for s in full_deck.slides
    ]
    deck = full_deck.model_copy(update={"slides": slides})
    at = next(i for i, s in enumerate(slides) if s.figure == "fig-1")
    assert "largest at" in slides[at].notes
    [issue] = list(result_unstated(DeckContext(deck, paper, [], None)))
    assert issue.evidence["slides"] == [at + 1]
    revised = deck_repair(BuiltinProposer(), paper, deck, [issue])
    [bullet] = revised.deck.slides[at].bullets
    assert bullet.startswith("The saving is largest at") and "1.2 kWh less per day" in bullet
    assert list(result_unstated(DeckContext(revised.deck, paper, [], None))) == []
    # the table's slide says nothing either, and the paper's sentence citing it states no
    # finding ("Table 1 gives the energy …"): nothing to state, not reported
    assert list(result_unstated(DeckContext(full_deck, paper, [], None))) == []


def _trial_paper(results: str) -> Paper:
    return Paper(
        title="Quieter fans for server rooms",
        pages=4,
        source_name="fans.pdf",
        sections=[
            Section(
                number="2",
                title="Method",
                paragraphs=["Each fan ran at 30% and at 60% of its rated speed for one week."],
            ),
            Section(number="3", title="Evaluation", paragraphs=[results]),
        ],
    )


def test_set_up_values_and_the_machine_are_no_findings():
    paper = _trial_paper(
        "All runs used a server with a Xeon CPU at 2.6 GHz and 128 GB RAM running Linux 19.10. "
        "Each fan ran at 30% of its rated speed in the first week. "
        "The curved blades lowered the noise by 4.5 dB compared with the straight blades."
    )
    [finding] = main_results.result_sentences(paper)
    assert finding.values == {"4.5"} and finding.bullet.startswith("The curved blades lowered")


def test_a_deck_showing_the_results_table_without_its_values_in_words_is_only_low():
    # the table of the results shown, and none of the values the paper states it measured in
    # words: reported low (the table says them), and the repair leaves the slides as they are
    paper = _trial_paper(
        "Table 1 gives the noise and the power of each blade shape. The curved blades lowered "
        "the noise by 4.5 dB compared with the straight blades. The curved blades drew 12% "
        "less power than the straight blades."
    )
    table = factories.figure(1, "Noise and power of two blade shapes.", kind="table")
    table.section = "Evaluation"
    table.mentions = [
        Mention(
            text="Table 1 gives the noise and the power of each blade shape.", section="Evaluation"
        )
    ]
    paper.figures = [table]
    deck = SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(kind="figure", title="Noise and power of two blade shapes", figure="tab-1"),
        ],
    )
    assert [f.values for f in main_results.result_sentences(paper)] == [{"4.5"}, {"12%"}]
    [issue] = _reported(deck, paper)
    assert issue.severity == "low"
    revised = deck_repair(BuiltinProposer(), paper, deck, [issue])
    assert [c for c in revised.changes if c.type == "main_result_missing"] == []
    # without the table on the deck, the same deck is missing the results (medium)
    bare = deck.model_copy(update={"slides": deck.slides[:1]})
    assert [i.severity for i in _reported(bare, paper)] == ["medium"]


def test_what_the_evaluation_ran_on_is_no_result_and_a_measured_plot_is():
    paper = _trial_paper("The fans were compared in the rack of the second floor.")
    inputs = factories.figure(1, "Fans used in the comparison.", kind="table")
    noise = factories.figure(2, "Noise in dB against the fan speed for each fan.")
    photo = factories.figure(3, "The rack of the second floor.")
    for figure, mention in [
        (inputs, "The fans and their sizes are listed in Table 1."),
        (noise, "Figure 2 gives the noise of each fan."),
        (photo, "Figure 3 shows the rack."),
    ]:
        figure.section = "Evaluation"
        figure.mentions = [Mention(text=mention, section="Evaluation")]
    paper.figures = [inputs, noise, photo]
    # the table of what was compared is the set-up; the plot of a measured quantity (its unit
    # in the caption) is a result though no sentence states its finding; the photo is neither
    assert [f.id for f in main_results.result_objects(paper)] == ["fig-2"]


def _thin_findings(deck: SlideDeck, paper: Paper, number: int):
    slide = deck.slides[number - 1]
    context = SlideContext(number, slide, measure(slide=number), deck, paper)
    return [(i.severity, i.evidence.get("kept", False)) for i in thin_slide(context)]


def test_a_thin_close_the_repair_keeps_is_one_low_finding(paper, full_deck):
    # the paper's close has one sentence that stands alone (the next leans on it: "It needs
    # one sensor …"): the repair keeps the one-bullet Conclusions slide as it is, so the
    # reviewer says it once, low, and the loop is not stopped on it as "unrepairable"
    last = len(full_deck.slides)
    assert full_deck.slides[-1].title == "Conclusions" and len(full_deck.slides[-1].bullets) == 1
    assert _thin_findings(full_deck, paper, last) == [("low", True)]
    # a close its part can fill stays medium (the repair fills it): the trial's sentences
    # under a closing title
    trial = next(s for s in full_deck.slides if s.title == "Field trial")
    fillable = trial.model_copy(update={"title": "Conclusions", "bullets": trial.bullets[:1]})
    deck = full_deck.model_copy(update={"slides": [*full_deck.slides[:-1], fillable]})
    assert _thin_findings(deck, paper, last) == [("medium", False)]
    # and a thin slide of the method is medium as before
    method = trial.model_copy(update={"bullets": trial.bullets[:1]})
    deck = full_deck.model_copy(
        update={"slides": [*(method if s is trial else s for s in full_deck.slides)]}
    )
    assert _thin_findings(deck, paper, full_deck.slides.index(trial) + 1) == [("medium", False)]


def test_a_caption_sentence_about_cited_work_is_no_line_under_the_table():
    # a results table brought onto the deck joins a run of bare figure slides, which each get
    # a statement of their caption: one about another study's method, its citation dropped,
    # would read as the paper's own ("Since the method uses only one camera, …")
    from apps.decks.pipeline import figure_runs

    table = factories.figure(
        2,
        "Noise of the fans with curved and with straight blades. We also give the lowest noise "
        "published for fans of this size. Since the fan [17] runs only at night, its noise was "
        "scaled to the day load.",
        kind="table",
    )
    shown = "Noise of the fans with curved and with straight blades."
    assert figure_runs.statement(table, shown, set()) is None
    # the same sentence about the paper's own fan is its line
    own = table.model_copy(update={"caption": table.caption.replace(" [17]", "")})
    assert figure_runs.statement(own, shown, set()) == (
        "Since the fan runs only at night, its noise was scaled to the day load"
    )
