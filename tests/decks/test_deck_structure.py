"""Deck structure and titles (issue 14), on hand-made papers and decks: a title cut from a
caption inside its measure, one heading over a run of slides, a title that names a part the
bullets do not come from, a deck of figures with hardly any text, and near-identical figures
told apart by the structure of their ink. Each class is found by the reviewer's deck rules and
fixed by the builtin proposer's revision."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from apps.decks.pipeline import figure_room, title_defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure as _figure

METHOD = [
    "Each field received twelve stations with one probe of every kind at seven depths. "
    "A reference sensor was installed at the centre of each field and read every hour. "
    "Gravimetric samples were taken every month to check the reference sensor. "
    "Readings taken during frost were removed from every series of the probes."
]
CONCLUSIONS = [
    "Low-cost probes can replace a reference sensor when they are calibrated per field. "
    "The reflectometry probe is accurate enough without any calibration in loam. "
    "The resistive probe should not be used below forty centimetres in heavy soils."
]


def _paper(figures=(), sections=None, abstract="") -> Paper:
    return Paper(
        title="Low-cost soil moisture probes",
        abstract=abstract,
        sections=sections
        if sections is not None
        else [
            Section(title="Method", paragraphs=METHOD),
            Section(title="Conclusions", paragraphs=CONCLUSIONS),
        ],
        figures=list(figures),
        pages=4,
        source_name="probes.pdf",
    )


def _issues(deck: SlideDeck, paper: Paper, figures_dir=None, rule=None):
    rules = [rule] if rule else deck_rules.__dict__.values()
    context = DeckContext(deck=deck, paper=paper, measures=[], figures_dir=figures_dir)
    return [i for r in rules if callable(r) and r in _DECK_RULES for i in r(context)]


_DECK_RULES = {
    deck_rules.repeated_title,
    deck_rules.title_mismatch,
    deck_rules.thin_deck,
    deck_rules.repeated_figures,
}


def _cover() -> Slide:
    return Slide(kind="title", title="Low-cost soil moisture probes", role="title")


# ------------------------------------------------------------------ a caption cut as a title


@pytest.mark.parametrize(
    "title",
    [
        "Aggregation over the sensor grid distance values to a 400",
        "Readings of the probes averaged to a 1.5",
        "Error of the calibration for the 2",
    ],
)
def test_a_title_cut_inside_its_measure_is_a_fragment(title):
    assert title_defects.title_fragment(title)


@pytest.mark.parametrize(
    "title",
    ["Speedup on 64 threads", "Rainfall from 1990 to 2000", "Runtime for n = 400", "Top 10"],
)
def test_a_title_that_ends_on_a_whole_number_phrase_is_not_cut(title):
    if title == "Top 10":  # too few letters to say anything: a fragment for another reason
        assert title_defects.title_fragment(title) == "Top 10"
        return
    assert title_defects.title_fragment(title) is None


def test_a_long_caption_is_titled_before_its_measure_never_inside_it():
    figure = _figure(
        4, "Aggregation over the field's sensor distance values to a 400 m x 400 m grid"
    )
    title = figure_title(figure)
    assert title == "Aggregation over the field's sensor distance values"
    assert title_defects.title_fragment(title) is None


# --------------------------------------------------------------- one heading over many slides


def _run_deck(paper: Paper) -> SlideDeck:
    slides = [
        _cover(),
        Slide(
            kind="bullets",
            title="Field study",
            bullets=["Each field received twelve stations", "Readings were taken hourly"],
        ),
        Slide(kind="figure", title="Field study", figure="fig-1", caption="Probe error."),
        Slide(kind="figure", title="Field study (continued)", figure="fig-2"),
        Slide(kind="figure", title="Field study (continued)", figure="fig-3"),
    ]
    return SlideDeck(title=paper.title, slides=slides)


def test_one_heading_over_four_slides_is_found_and_each_slide_gets_its_own_title():
    figures = [
        _figure(1, "Probe error against soil depth at the northern field."),
        _figure(2, "To compare the two fields we plot the errors:", captioned=False),
        _figure(3, "Finally the alerts raised per week are counted:", captioned=False),
    ]
    paper = _paper(figures)
    deck = _run_deck(paper)
    issues = _issues(deck, paper, rule=deck_rules.repeated_title)
    assert [i.type for i in issues] == ["repeated_title"]
    assert issues[0].evidence["slides"] == [2, 3, 4, 5]

    revised = BuiltinProposer().revise(paper, deck, issues).deck
    titles = [s.title for s in revised.slides]
    assert not title_defects.repeated_title_runs(revised.slides), titles
    assert "Probe error against soil depth" in titles  # its own point, from its caption
    assert {f for s in revised.slides for f in s.figures()} == {"fig-1", "fig-2", "fig-3"}
    assert not _issues(revised, paper, rule=deck_rules.repeated_title)


def test_a_heading_and_its_continued_once_are_fine():
    slides = [
        _cover(),
        Slide(kind="bullets", title="Method", bullets=["A", "B"]),
        Slide(kind="bullets", title="Method (continued)", bullets=["C", "D"]),
        Slide(kind="bullets", title="Results", bullets=["E", "F"]),
    ]
    assert title_defects.repeated_title_runs(slides) == []
    twice = slides[:2] + [slides[1]]
    assert title_defects.repeated_title_runs(twice) == [[1, 2]]


# ------------------------------------------------------------ a title that names another part


def test_conclusions_holding_bullets_of_another_section_are_found_and_retitled():
    paper = _paper()
    closing = Slide(
        kind="bullets",
        title="Conclusions",
        role="conclusion",
        bullets=[
            "A reference sensor was installed at the centre of each field and read every hour",
            "Gravimetric samples were taken every month to check the reference sensor",
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[_cover(), closing])
    issues = _issues(deck, paper)
    assert [i.type for i in issues] == ["title_mismatch"]
    assert issues[0].evidence["sources"] == ["Method", "Method"]

    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert revised.slides[1].title == "Method"  # titled after where its bullets come from
    assert not _issues(revised, paper, rule=deck_rules.title_mismatch)


def test_conclusions_from_the_conclusions_are_not_flagged():
    paper = _paper()
    closing = Slide(
        kind="bullets",
        title="Conclusions",
        role="conclusion",
        bullets=[
            "Low-cost probes can replace a reference sensor when they are calibrated per field",
            "The reflectometry probe is accurate enough without any calibration in loam",
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[_cover(), closing])
    assert not _issues(deck, paper, rule=deck_rules.title_mismatch)


def test_one_conclusion_under_a_method_heading_is_found_and_moved_to_the_closing_slide():
    # two of three bullets are the method's, so the majority rule is silent; the third sums
    # the paper up and, under "Method", reads as one of its steps
    paper = _paper()
    method = Slide(
        kind="bullets",
        title="Method",
        role="method",
        bullets=[
            "A reference sensor was installed at the centre of each field and read every hour",
            "Gravimetric samples were taken every month to check the reference sensor",
            "The reflectometry probe is accurate enough without any calibration in loam",
        ],
    )
    closing = Slide(
        kind="bullets",
        title="Conclusions",
        role="conclusion",
        bullets=[
            "Low-cost probes can replace a reference sensor when they are calibrated per field"
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[_cover(), method, closing])
    issues = _issues(deck, paper)
    assert [i.type for i in issues] == ["title_mismatch"]
    assert issues[0].evidence["slides"] == [2]

    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert revised.slides[1].title == "Method"
    assert revised.slides[1].bullets == method.bullets[:2]
    assert revised.slides[2].bullets == closing.bullets + method.bullets[2:]
    assert not _issues(revised, paper, rule=deck_rules.title_mismatch)


PROBES = Section(
    number="2",
    title="Probes",
    paragraphs=["Three kinds of probe were compared in every field of the trial."],
)


def _term(number: str, term: str, *paragraphs: str) -> Section:
    return Section(number=number, title=term, level=2, paragraphs=list(paragraphs))


# a description list of the probes' functions, its terms read as headings
TDR = _term(
    "2.1",
    "probe.tdr",
    "Times a pulse along two steel rods in the soil. "
    "The travel time grows with the water held between the rods.",
    # the next item, whose term was not read as a heading
    "probe.ec: Measures the electrical conductivity of the pore water near the rods.",
)
GYPSUM = _term("2.2", "probe.gypsum", "Measures the current between two gypsum blocks.")
CAPACITANCE = _term("2.3", "probe.cap", "Reads the capacitance of a ring buried in the soil.")
TERMS = [PROBES, TDR, GYPSUM, CAPACITANCE]
TDR_BULLETS = [
    "Times a pulse along two steel rods in the soil",
    "The travel time grows with the water held between the rods",
]


def _term_slide(*extra: str) -> Slide:
    return Slide(kind="bullets", title="probe.tdr", role="method", bullets=[*TDR_BULLETS, *extra])


def test_a_description_terms_title_over_the_next_terms_bullet_is_retitled_with_the_list():
    # the slide is about two terms of the list, its title names one
    paper = _paper(sections=TERMS)
    slide = _term_slide("Measures the current between two gypsum blocks")
    deck = SlideDeck(title=paper.title, slides=[_cover(), slide])
    issues = _issues(deck, paper, rule=deck_rules.title_mismatch)
    assert [i.type for i in issues] == ["title_mismatch"]

    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert revised.slides[1].title == "Probes"  # the heading holding both terms
    assert revised.slides[1].bullets == slide.bullets
    assert not _issues(revised, paper, rule=deck_rules.title_mismatch)


def test_an_item_whose_term_was_not_read_as_a_heading_is_not_the_item_before():
    # "probe.ec: Measures …" sits in probe.tdr's text; the bullet lost its term, and under
    # "probe.tdr" it says what probe.tdr does. The list's heading titles another slide.
    paper = _paper(sections=TERMS)
    slide = _term_slide("Measures the electrical conductivity of the pore water near the rods")
    other = Slide(
        kind="bullets",
        title="Probes",
        bullets=["Three kinds of probe were compared in every field of the trial"],
    )
    deck = SlideDeck(title=paper.title, slides=[_cover(), other, slide])
    issues = _issues(deck, paper, rule=deck_rules.title_mismatch)
    assert [i.type for i in issues] == ["title_mismatch"]
    assert "probe.ec" in issues[0].evidence["sources"]

    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert revised.slides[2].title == "probe.tdr"
    assert revised.slides[2].bullets == TDR_BULLETS  # the other item's bullet taken off
    assert not _issues(revised, paper, rule=deck_rules.title_mismatch)


def test_a_remark_set_off_by_a_colon_in_prose_is_the_sections_own():
    # a one-word heading among headings of several words is a prose part, not a list's term
    modeling = Section(
        number="3.2",
        title="Modeling",
        level=2,
        paragraphs=[
            "A model of the drift was fitted to every probe.",
            "Aside: the drift of the resistive probe grows in the first month of the trial.",
        ],
    )
    weighting = Section(
        number="3.1", title="Weighting of the fields", level=2, paragraphs=["Fields were weighted."]
    )
    paper = _paper(sections=[Section(number="3", title="Analysis"), weighting, modeling])
    slide = Slide(
        kind="bullets",
        title="Modeling",
        role="method",
        bullets=[
            "A model of the drift was fitted to every probe",
            "The drift of the resistive probe grows in the first month of the trial",
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[_cover(), slide])
    assert not _issues(deck, paper, rule=deck_rules.title_mismatch)


def test_the_papers_one_word_parts_are_no_description_list():
    # "Background: …", "Methods: …" open the paragraphs of a structured summary under the
    # paper's own top-level parts, which are one word each
    summary = Section(
        title="Summary",
        paragraphs=[
            "Three kinds of probe were compared in loam and clay.",
            "Methods: every probe was read hourly beside a reference sensor for a year.",
        ],
    )
    parts = [summary, Section(title="Method", paragraphs=METHOD)]
    parts.append(Section(title="Conclusions", paragraphs=CONCLUSIONS))
    paper = _paper(sections=parts)
    slide = Slide(
        kind="bullets",
        title="Summary",
        bullets=[
            "Three kinds of probe were compared in loam and clay",
            "Every probe was read hourly beside a reference sensor for a year",
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[_cover(), slide])
    assert not _issues(deck, paper, rule=deck_rules.title_mismatch)


def test_a_sentence_of_the_abstract_or_of_the_enclosing_section_is_no_stray():
    abstract = "Three kinds of probe were compared against a reference sensor in loam and clay."
    paper = _paper(sections=TERMS, abstract=abstract)
    for extra in (
        "Three kinds of probe were compared in every field of the trial",
        "Three kinds of probe were compared against a reference sensor in loam and clay",
    ):
        deck = SlideDeck(title=paper.title, slides=[_cover(), _term_slide(extra)])
        assert not _issues(deck, paper, rule=deck_rules.title_mismatch), extra


def test_a_sentence_two_sections_say_alike_belongs_to_the_one_the_title_names():
    # two files described in the same words: the bullets are the second file's as much as
    # the first's, which the paper merely reads first
    alike = (
        "The first column holds the keyword of each line. "
        "The value after the keyword sets the limit of the iterations."
    )
    paper = _paper(
        sections=[
            Section(title="Settings of the field trial", paragraphs=[alike]),
            Section(title="Settings of the lab trial", paragraphs=[alike]),
        ]
    )
    slide = Slide(
        kind="bullets",
        title="Settings of the lab trial",
        role="method",
        bullets=[
            "The first column holds the keyword of each line",
            "The value after the keyword sets the limit of the iterations",
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[_cover(), slide])
    assert not _issues(deck, paper, rule=deck_rules.title_mismatch)


def test_conclusions_of_a_paper_without_any_are_removed_and_never_proposed():
    abstract = (
        "Some of the examples were published before by the authors of the package. "
        "We treat the first phase of sampling as simple random sampling from a superpopulation. "
        "We also have data on disease stage and on the time to relapse of every patient. "
        "The second phase samples every case and a stratified sample of the controls. "
        "Strata are defined by the institution and by the histology of the tumour. "
        "Weights are calibrated to the totals of the first phase for every stratum. "
        "Standard errors come from the design and from replicate weights of the bootstrap."
    )
    paper = _paper(sections=[Section(title="Method", paragraphs=METHOD)], abstract=abstract)
    closing = Slide(
        kind="bullets",
        title="Conclusions",
        role="conclusion",
        bullets=[
            "We treat the first phase of sampling as simple random sampling from a superpopulation",
            "We also have data on disease stage and on the time to relapse of every patient",
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[_cover(), closing])
    issues = _issues(deck, paper)
    assert [i.type for i in issues] == ["title_mismatch"]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert [s.title for s in revised.slides] == [paper.title]

    proposed = BuiltinProposer().propose(paper)
    assert "Conclusions" not in [s.title for s in proposed.slides]


# ------------------------------------------------------------------------------ a thin deck


def test_a_deck_of_bare_figure_slides_is_thin_and_gets_its_captions_statements():
    captions = [
        "Partition among two tables. Three regressions estimate four fractions. "
        "The shared fraction cannot be tested on its own.",
        "Partition among three tables. Seven regressions estimate eight fractions. "
        "The four shared fractions cannot be tested.",
    ]
    figures = [_figure(n, c) for n, c in enumerate(captions, start=1)]
    paper = _paper(figures, sections=[])
    deck = SlideDeck(
        title=paper.title,
        slides=[
            _cover(),
            *(
                Slide(kind="figure", title=f"Partition {n}", figure=f.id, caption=c.split(". ")[0])
                for n, (f, c) in enumerate(zip(figures, captions, strict=True), start=1)
            ),
        ],
    )
    issues = _issues(deck, paper, rule=deck_rules.thin_deck)
    assert [i.type for i in issues] == ["thin_deck"]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert revised.slides[1].bullets == [
        "Three regressions estimate four fractions",
        "The shared fraction cannot be tested on its own",
    ]
    assert revised.slides[2].bullets[-1] == "The four shared fractions cannot be tested"
    assert not _issues(revised, paper, rule=deck_rules.thin_deck)


def test_a_deck_with_text_is_not_thin():
    figures = [_figure(n, "A plot.") for n in (1, 2, 3)]
    paper = _paper(figures)
    slides = [
        _cover(),
        *(Slide(kind="figure", title=f"P{n}", figure=f"fig-{n}") for n in (1, 2, 3)),
    ]
    slides.insert(1, Slide(kind="bullets", title="Method", bullets=["a b c"] * 3))
    slides.insert(2, Slide(kind="bullets", title="Results", bullets=["d e f"] * 3))
    deck = SlideDeck(title=paper.title, slides=slides)
    assert not _issues(deck, paper, rule=deck_rules.thin_deck)


# --------------------------------------------------- near-identical figures by their structure


def _plot(path, seed: int, kind: str = "line") -> None:
    """A plot of one design: frame, axes, a line through random points (or bars)."""
    rng = random.Random(seed)
    image = Image.new("RGB", (800, 500), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((80, 40, 760, 440), outline="black", width=3)
    if kind == "line":
        points = [(100 + 60 * i, 380 - 25 * i + rng.randint(-40, 40)) for i in range(11)]
        draw.line(points, fill="black", width=4)
        for x, y in points:
            draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill="black")
    else:
        for i in range(6):
            top = rng.randint(60, 400)
            draw.rectangle((110 + 110 * i, top, 170 + 110 * i, 440), fill="black")
    image.save(path)


def test_two_plots_of_one_design_are_near_identical_and_other_designs_are_not(tmp_path):
    _plot(tmp_path / "a.png", 1)
    _plot(tmp_path / "b.png", 2)
    _plot(tmp_path / "c.png", 3, kind="bars")
    assert deck_rules.same_design(tmp_path / "a.png", tmp_path / "b.png") >= 0.6
    assert (deck_rules.same_design(tmp_path / "a.png", tmp_path / "c.png") or 0) < 0.6

    figures = [_figure(1, "Error at the northern field."), _figure(2, "Runs in the south, later.")]
    paper = _paper(figures)
    for figure, name in zip(figures, ("a.png", "b.png"), strict=True):
        (tmp_path / name).rename(tmp_path / figure.image)
    deck = SlideDeck(
        title=paper.title,
        slides=[_cover(), *(Slide(kind="figure", title=f.label, figure=f.id) for f in figures)],
    )
    issues = _issues(deck, paper, figures_dir=tmp_path, rule=deck_rules.repeated_figures)
    assert [i.type for i in issues] == ["repeated_figures"]
    assert issues[0].evidence["structure"] >= 0.6
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert [s.figures() for s in revised.slides[1:]] == [["fig-1", "fig-2"]]


def test_short_text_slides_under_one_heading_are_merged_when_none_has_a_point_of_its_own():
    paper = _paper()
    short = [Slide(kind="bullets", title="Method", bullets=[f"x{n} y{n}"]) for n in range(3)]
    deck = SlideDeck(title=paper.title, slides=[_cover(), *short])
    issues = _issues(deck, paper, rule=deck_rules.repeated_title)
    assert [i.type for i in issues] == ["repeated_title"]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert [(s.title, s.bullets) for s in revised.slides[1:]] == [
        ("Method", ["x0 y0", "x1 y1", "x2 y2"])
    ]


def _twins(tmp_path, figures) -> tuple[Paper, SlideDeck]:
    """Two near-identical plots (one design) as two figure slides in a row."""
    paper = _paper(figures)
    for seed, figure in enumerate(figures, start=1):
        _plot(tmp_path / figure.image, seed)
    deck = SlideDeck(
        title=paper.title,
        slides=[_cover(), *(Slide(kind="figure", title=f.label, figure=f.id) for f in figures)],
    )
    return paper, deck


def _tall(number: int):
    # printed 200 pt wide and 400 pt tall: half a slide draws it about 165 px wide
    return _figure(number, "Error by depth.", bbox=(50, 50, 250, 450), width_px=400, height_px=800)


def _small_print(number: int):
    # a full-width plot whose axis labels are printed at 5 pt: at half a slide they read 4 px
    figure = _figure(number, "Error by depth.", bbox=(50, 50, 550, 350))
    return figure.model_copy(update={"text_pt": 5.0})


@pytest.mark.parametrize("make", [_tall, _small_print])
def test_near_identical_figures_that_half_a_slide_would_make_thumbnails_keep_a_slide_each(
    tmp_path, make
):
    paper, deck = _twins(tmp_path, [make(1), make(2)])
    assert deck_rules.same_design(tmp_path / "fig-1.png", tmp_path / "fig-2.png") >= 0.6
    assert _issues(deck, paper, figures_dir=tmp_path, rule=deck_rules.repeated_figures) == []
    # under one heading, the second is retitled or continued, never paired with the first
    same = deck.model_copy(
        update={
            "slides": [
                _cover(),
                *(s.model_copy(update={"title": "Errors"}) for s in deck.slides[1:]),
            ]
        }
    )
    issues = _issues(same, paper, figures_dir=tmp_path, rule=deck_rules.repeated_title)
    revised = BuiltinProposer().revise(paper, same, issues).deck
    assert all(not s.figure_pair for s in revised.slides)


def test_near_identical_figures_legible_at_half_a_slide_are_still_compared_on_one(tmp_path):
    # printed 400 pt wide with 9 pt labels: at half a slide (427 px) they read 9.6 px
    wide = [
        _figure(n, "Error by depth.", bbox=(50, 50, 450, 290)).model_copy(update={"text_pt": 9.0})
        for n in (1, 2)
    ]
    paper, deck = _twins(tmp_path, wide)
    issues = _issues(deck, paper, figures_dir=tmp_path, rule=deck_rules.repeated_figures)
    assert [i.type for i in issues] == ["repeated_figures"]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert [s.figures() for s in revised.slides[1:]] == [["fig-1", "fig-2"]]


# Two near-identical plots printed 400 pt wide with 8.4 pt labels: half a slide under a short
# caption draws them 427 px wide (labels 9 px); under three-line captions and a two-line
# statement the renderer leaves each about 276 px of height, 345 px of width: labels 7 px.
LONG_CAPTION = (
    "Volumetric water content measured by the low-cost probes against the reference "
    "gravimetric samples at every depth of the eastern plot over the whole growing season, "
    "with the fitted calibration line and its confidence band."
)


def _labelled_twins(tmp_path, caption: str, bullets: list[list[str]]):
    figures = [
        _figure(n, caption, bbox=(50, 50, 450, 370), width_px=1000, height_px=800).model_copy(
            update={"text_pt": 9.4}
        )
        for n in (1, 2)
    ]
    paper, deck = _twins(tmp_path, figures)
    slides = [deck.slides[0]] + [
        s.model_copy(update={"bullets": b}) for s, b in zip(deck.slides[1:], bullets, strict=True)
    ]
    return paper, deck.model_copy(update={"slides": slides})


def test_near_identical_figures_under_long_captions_keep_a_slide_each(tmp_path):
    """The room a figure of a pair gets is what is left under its caption's lines and the
    statement under both: two long captions make both thumbnails."""
    statements = [
        ["The probes read 3 % wetter than the samples in the top layer after rain"],
        ["Below 40 cm the probes and the samples agree within 1 % all season long"],
    ]
    paper, deck = _labelled_twins(tmp_path, LONG_CAPTION, statements)
    assert _issues(deck, paper, figures_dir=tmp_path, rule=deck_rules.repeated_figures) == []


def test_near_identical_figures_under_short_captions_are_still_compared_on_one(tmp_path):
    paper, deck = _labelled_twins(tmp_path, "Water content by depth.", [[], []])
    issues = _issues(deck, paper, figures_dir=tmp_path, rule=deck_rules.repeated_figures)
    assert [i.type for i in issues] == ["repeated_figures"]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert [s.figures() for s in revised.slides[1:]] == [["fig-1", "fig-2"]]


def test_the_pair_layout_model_leaves_less_room_under_longer_captions():
    short, long = figure_room.pair_boxes(("Figure 1. Water content.", f"Figure 2. {LONG_CAPTION}"))
    assert short == (figure_room.PAIR_COLUMN_W, figure_room.PAIR_ROW_H - 32.0)
    assert long[1] == short[1] - 3 * figure_room.CAPTION_LINE_H  # four lines, not one
    under_statement, _ = figure_room.pair_boxes(("a", "b"), takeaway="One line under both.")
    assert under_statement[1] == short[1] - figure_room.TAKEAWAY_BASE_H
