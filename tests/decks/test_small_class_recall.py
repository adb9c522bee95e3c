"""Reviewer recall on the small defect classes (issue #14, round 23), on sentences written for
these tests (every place, instrument and number invented):

- a cross-reference LaTeX could not resolve ("found in equation ??", "see Section ??") points
  at nothing a slide can show: `dangling_pointer`, repaired by taking the pointer out (or the
  sentence); an unresolved citation ("[?]") is left out of a bullet like any citation;
- a title ending on a dash whose second part was lost ("Matches and pacing –"), the paper's
  own heading too, is a `title_fragment`, retitled with the words before the dash;
- a bullet opening on the word that brings in the example of a dropped opening ("Say, 2 cm,
  in practice …") is a `broken_opening` (the measured-findings repair made one on a dev deck);
- a short line standing in the strip of the column beside a figure (an equation's number
  "(4)" at that column's margin) that the figure's region took in is foreign text of the crop:
  ingestion crops it out, the reviewer reports a crop that holds it;
- the number of a run-in list's next item left after the semicolon that closed the item shown
  ("… from the bootstrap procedure; 3") is `glued_text`, taken out with the semicolon;
- a sentence saying where the text starts ("so we begin by providing some definitions", "We
  will start by defining …") is `meta_text`, about the document, not its subject;
- a work of the reference list pointed at by a bare "reference" whose number was lost
  ("Reference presents …", "… described in reference.") is a `dangling_pointer`.
"""

from __future__ import annotations

import pytest

from apps.decks.pipeline import cut_points, defects, glued_text, text, title_defects
from apps.decks.pipeline.crops import box_findings, column_label, crop_box, crop_final, crop_masks
from apps.decks.pipeline.paper import Figure, PageText, Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

CONCESSION = (
    "Although it may seem natural to set the gauge spacing to the width of one furrow, say, "
    "2 cm, in practice a wider spacing gives steadier readings on clay soils."
)
DRAFT = Paper(
    title="Rain gauges on terraced fields",
    sections=[
        Section(
            title="Gauges and furrows",
            paragraphs=[
                "Each terrace carries a row of tipping-bucket gauges along its outer wall. "
                "The gauges report every five minutes to a logger in the valley.",
                "The runoff of a terrace was derived earlier in equation ?? from the slope "
                "of its wall. The loggers keep a year of readings in their memory.",
                "The gauges on the upper terraces read high, as shown in Section ??, because "
                "the wind drives the rain against the walls.",
                f"{CONCESSION} The readings were checked by hand once a month.",
            ],
        ),
        Section(
            title="Matches and pacing –",
            paragraphs=[
                "The farmers open the sluices in turn so that each terrace drains before the "
                "next one fills. A terrace that drains late floods the one below it."
            ],
        ),
    ],
    pages=3,
    source_name="terraces.pdf",
)


def _review(paper: Paper, slide: Slide, types: set[str]):
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    return deck, [i for rule in SLIDE_RULES for i in rule(context) if i.type in types]


# ------------------------------------------------------------------ unresolved references


@pytest.mark.parametrize(
    ("sentence", "part"),
    [
        ("The runoff was derived earlier in equation ?? from the slope of the wall", "equation ??"),
        ("The gauges read high, as shown in Section ??, on the upper terraces", "Section ??"),
        ("The wall height is listed in Table?? for every terrace", "Table??"),
        ("The spacing follows from ?? and the width of the furrow", "??"),
    ],
)
def test_a_reference_latex_could_not_resolve_is_a_dangling_pointer(sentence, part):
    assert ("dangling_pointer", part) in defects.text_defects(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "In C# the logger writes `reading ?? fallback` when a gauge is silent",
        "The gauges read high on the upper terraces, as shown in Section 3",
    ],
)
def test_a_code_operator_or_a_resolved_reference_is_no_unresolved_one(sentence):
    assert not [p for k, p in defects.text_defects(sentence) if "??" in p]


def test_an_unresolved_reference_is_taken_out_and_the_reviewer_is_satisfied():
    aside = (
        "The gauges on the upper terraces read high, as shown in Section ??, because the wind "
        "drives the rain against the walls"
    )
    assert bullets.remove_pointers(aside) == (
        "The gauges on the upper terraces read high, because the wind drives the rain against "
        "the walls"
    )
    slide = Slide(
        kind="bullets",
        title="Gauges on the terraces",
        bullets=["Each terrace carries a row of tipping-bucket gauges along its outer wall", aside],
    )
    deck, issues = _review(DRAFT, slide, {"dangling_pointer"})
    assert [i.evidence["part"] for i in issues] == ["Section ??"]
    revised = deck_repair(BuiltinProposer(), DRAFT, deck, issues).deck.slides[1]
    assert revised.bullets[0] == slide.bullets[0]
    assert not any("??" in b for b in revised.bullets)
    assert _review(DRAFT, revised, {"dangling_pointer"})[1] == []


def test_a_sentence_that_is_its_unresolved_pointer_is_replaced():
    # "derived earlier in equation ??": the pointer completes the verb, so the sentence goes
    derived = (
        "The runoff of a terrace was derived earlier in equation ?? from the slope of its wall"
    )
    slide = Slide(kind="bullets", title="Gauges on the terraces", bullets=[derived])
    deck, issues = _review(DRAFT, slide, {"dangling_pointer"})
    assert "equation ??" in [i.evidence["part"] for i in issues]
    revised = deck_repair(BuiltinProposer(), DRAFT, deck, issues).deck.slides[1]
    assert not any("??" in b for b in revised.bullets)


@pytest.mark.parametrize(
    ("sentence", "cleaned"),
    [
        (
            "Tipping buckets were first used on terraces by Okafor [?].",
            "Tipping buckets were first used on terraces by Okafor.",
        ),
        (
            "Gauges drift in the cold [?, ?] and in the heat.",
            "Gauges drift in the cold and in the heat.",
        ),
        (
            "The logger reads the array cell gauge[?] each hour.",
            "The logger reads the array cell gauge[?] each hour.",
        ),
    ],
)
def test_an_unresolved_citation_is_left_out_like_any_citation(sentence, cleaned):
    assert text.clean(sentence) == cleaned


# ------------------------------------------------------------------ a title cut at its dash


@pytest.mark.parametrize(
    "title", ["Matches and pacing –", "Matches and pacing -", "Matches and pacing — (continued)"]
)
def test_a_title_ending_on_a_dash_is_a_fragment(title):
    assert title_defects.title_fragment(title) in ("–", "-", "—")


@pytest.mark.parametrize(
    "title", ["Pre- and post-processing", "Power and duration - critical power", "Self-tuning"]
)
def test_a_dash_inside_a_title_or_a_words_hyphen_is_none(title):
    assert title_defects.title_fragment(title) is None


def test_the_papers_own_heading_cut_at_its_dash_is_reported_and_retitled():
    slide = Slide(
        kind="bullets",
        title="Matches and pacing –",
        bullets=[
            "The farmers open the sluices in turn so that each terrace drains before the next "
            "one fills",
            "A terrace that drains late floods the one below it",
        ],
    )
    deck, issues = _review(DRAFT, slide, {"title_fragment"})
    assert [i.evidence["part"] for i in issues] == ["–"]
    revised = deck_repair(BuiltinProposer(), DRAFT, deck, issues).deck.slides[1]
    assert revised.title == "Matches and pacing"
    assert _review(DRAFT, revised, {"title_fragment"})[1] == []


# ------------------------------------------------------------------ an opening on its example


def test_a_bullet_opening_on_the_example_of_a_dropped_concession_is_a_broken_opening():
    bullet = "Say, 2 cm, in practice a wider spacing gives steadier readings on clay soils"
    found = cut_points.cut_points(bullet, DRAFT, [])
    assert found is not None and found.kind == "broken_opening"
    assert found.part.endswith("the width of one furrow,")
    slide = Slide(
        kind="bullets",
        title="Gauge spacing",
        bullets=[bullet, "The readings were checked by hand once a month"],
    )
    assert [i.type for i in _review(DRAFT, slide, {"broken_opening"})[1]] == ["broken_opening"]


# ------------------------------------------------------------------ a column's label in a crop

# A two-column page: the left column's lines run to x = 274, its display's numbers "(4)", "(5)"
# stand at that margin; the figure of the right column was read from x = 261 with them.
LEFT_LINES = [
    PageText(bbox=(40.0, 110.0 + 12 * n, 274.2, 120.0 + 12 * n), kind="body", text=f"line {n}")
    for n in range(8)
]
EQUATION_TAGS = [
    PageText(bbox=(261.5, 400.0, 274.2, 410.0), kind="label", text="(4)"),
    PageText(bbox=(261.5, 415.0, 274.2, 425.0), kind="label", text="(5)"),
]
OWN_LABELS = [
    PageText(bbox=(285.0, 120.0, 292.0, 128.0), kind="label", text="4"),
    PageText(bbox=(380.0, 420.0, 410.0, 428.0), kind="label", text="Time"),
]
RIGHT_FIGURE = (261.5, 113.0, 521.6, 425.7)


def test_an_equation_number_of_the_column_beside_is_foreign_text_of_the_crop():
    nearby = [*LEFT_LINES, *EQUATION_TAGS, *OWN_LABELS]
    box = crop_box(RIGHT_FIGURE)
    assert [t.text for t in nearby if column_label(t, box, nearby)] == ["(4)", "(5)"]
    foreign, _ = box_findings(RIGHT_FIGURE, nearby, crop_masks(RIGHT_FIGURE, nearby))
    assert {t.text for t in foreign} == {"(4)", "(5)"}
    # ingestion's crop leaves them (and the column's line ends) out, and keeps the drawing
    cropped, masks = crop_final(RIGHT_FIGURE, nearby)
    assert cropped[0] > 274.2 and cropped[1:] == RIGHT_FIGURE[1:]
    assert not any(box_findings(cropped, nearby, masks))


def test_the_reviewer_reports_a_crop_holding_the_column_besides_equation_number():
    figure = Figure(
        id="fig-1",
        kind="figure",
        number=1,
        label="Figure 1",
        caption="Rainfall on the upper terraces over a day.",
        page=2,
        bbox=RIGHT_FIGURE,
        image="fig-1.png",
        width_px=800,
        height_px=900,
        nearby=[*LEFT_LINES, *EQUATION_TAGS, *OWN_LABELS],
        # the column's line ends are painted out, as ingestion does: its labels were not
        masks=crop_masks(RIGHT_FIGURE, [*LEFT_LINES, *EQUATION_TAGS]),
    )
    paper = DRAFT.model_copy(update={"figures": [figure]})
    slide = Slide(kind="figure", title="Rainfall over a day", figure="fig-1")
    issues = _review(paper, slide, {"crop_foreign_text"})[1]
    assert [i.evidence["text"] for i in issues] == ["(4)"]


def test_labels_of_a_figure_with_no_column_beside_it_are_its_own():
    # one column: the body lines are above and below the figure, none runs into its crop
    above = [
        PageText(bbox=(72.0, 60.0 + 12 * n, 540.0, 70.0 + 12 * n), kind="body", text=f"a {n}")
        for n in range(3)
    ]
    tag = PageText(bbox=(100.0, 200.0, 112.0, 210.0), kind="label", text="(1)")
    figure = (90.0, 110.0, 500.0, 400.0)
    nearby = [*above, tag]
    assert not column_label(tag, crop_box(figure), nearby)
    assert box_findings(figure, nearby, []) == ([], [])


# ------------------------------------------------------------------ a run-in list's next number


@pytest.mark.parametrize(
    ("bullet", "number", "repaired"),
    [
        (
            "`gauge_log`: a table holding every reading of the upper terraces; 3",
            "3",
            "`gauge_log`: a table holding every reading of the upper terraces",
        ),
        (
            "The logger keeps three counters for each gauge of the row; 2.",
            "2.",
            "The logger keeps three counters for each gauge of the row",
        ),
    ],
)
def test_the_next_items_number_after_a_semicolon_is_glued_text_and_comes_out(
    bullet, number, repaired
):
    assert ("glued_text", number) in defects.text_defects(bullet)
    assert glued_text.without_glued(bullet) == repaired


@pytest.mark.parametrize("bullet", ["Rates were 2; 3", "The mixing ratio of sand to clay is 3:1"])
def test_a_short_clause_or_a_ratio_keeps_its_number(bullet):
    assert glued_text.glued_part(bullet) is None


# ------------------------------------------------------------------ where the text starts


@pytest.mark.parametrize(
    ("sentence", "part"),
    [
        (
            "There are several kinds of rain gauge, so we begin by providing some definitions",
            "we begin by providing",
        ),
        ("We will start by defining the terraces in plan view", "We will start by defining"),
        (
            "Let us begin with a short review of the runoff equations",
            "Let us begin with a short review",
        ),
    ],
)
def test_a_sentence_saying_where_the_text_starts_is_meta_text(sentence, part):
    assert ("meta_text", part) in defects.text_defects(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "We start by measuring the rainfall on each terrace at dawn",
        "The logger begins by defining a window of five minutes",
        "We began with a row of ten gauges and added twenty more",
    ],
)
def test_a_step_of_the_work_that_starts_is_no_meta_text(sentence):
    assert not [k for k, _ in defects.text_defects(sentence) if k == "meta_text"]


@pytest.mark.parametrize(
    ("sentence", "part"),
    [
        ("Reference presents a recurrence for the runoff of every terrace", "Reference"),
        ("The gauges follow the layout described in reference.", "in reference"),
    ],
)
def test_a_reference_whose_number_was_lost_is_a_dangling_pointer(sentence, part):
    assert ("dangling_pointer", part) in defects.text_defects(sentence)


@pytest.mark.parametrize(
    "sentence",
    ["Reference values are taken from the county handbook", "The reference gauge reads low"],
)
def test_reference_as_a_plain_word_is_no_pointer(sentence):
    assert not [k for k, _ in defects.text_defects(sentence) if k == "dangling_pointer"]


def test_a_subordinate_clause_ending_on_its_symbol_after_a_comma_lost_its_main_clause():
    lone = "Although in practice a single gauge index is often used, $G_{j}$"
    assert ("broken_sentence", "Although in practice a") in defects.text_defects(lone)
    whole = "Although a single gauge index is often used, $G_{j}$ names the gauge"
    assert not [k for k, _ in defects.text_defects(whole) if k == "broken_sentence"]
