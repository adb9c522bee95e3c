"""Titles that mislead a reader and that the fragment checks passed: a word set inside a plot
(an axis or legend label) read as a heading and taken as a title; a title pointing at a figure
the slide does not show; a title whose maths became the placeholder "X". The reviewer reports
each (title_plot_label, title_foreign_figure, title_placeholder), the builtin fixer retitles
the slide with a title none of the checks faults, and the loop never swaps a title for one the
checks fault. On a paper and slides made up here."""

from __future__ import annotations

from apps.decks.pipeline import title_defects, title_quality
from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop_guard import no_worse_retitles
from apps.decks.pipeline.paper import Figure, PageText, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import title_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

GRAZING = (
    "Sheep were moved between four paddocks every ten days. The grass height was measured "
    "before and after each move with a rising plate meter."
)
REGROWTH = (
    "The rested paddocks regrew to twelve centimetres within three weeks. Paddocks grazed "
    "without rest stayed below six centimetres all summer."
)
BULLETS = [
    "The rested paddocks regrew to twelve centimetres within three weeks",
    "Paddocks grazed without rest stayed below six centimetres all summer",
]


def _figure(number: int, labels: list[str]) -> Figure:
    """A plot on page 2 whose crop holds the given words (axis and legend labels)."""
    return Figure(
        id=f"fig-{number}",
        kind="figure",
        number=number,
        label=f"Figure {number}",
        caption=f"Grass height per paddock, season {number}.",
        page=2,
        bbox=(100.0, 100.0, 300.0, 250.0),
        image=f"fig-{number}.png",
        width_px=1000,
        height_px=750,
        nearby=[
            PageText(bbox=(150.0, 120.0 + 20 * i, 200.0, 130.0 + 20 * i), kind="label", text=t)
            for i, t in enumerate(labels)
        ],
        section="Regrowth",
    )


def _paper(extra: list[Section] | None = None, figures: list[Figure] | None = None) -> Paper:
    return Paper(
        title="Rest periods in rotational grazing",
        pages=4,
        source_name="grazing.pdf",
        sections=[
            Section(number="1", title="Grazing plan", paragraphs=[GRAZING]),
            Section(number="2", title="Regrowth", paragraphs=[REGROWTH]),
            *(extra or []),
        ],
        figures=figures or [],
    )


def _deck(paper: Paper, slide: Slide) -> SlideDeck:
    return SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])


def _findings(deck: SlideDeck, paper: Paper) -> list[Issue]:
    slide = deck.slides[1]
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    return list(title_rules.misleading_title(context))


def _text_slide(title: str) -> Slide:
    return Slide(kind="bullets", title=title, bullets=BULLETS, notes=REGROWTH)


def test_a_label_set_inside_a_figure_is_no_title_and_is_retitled():
    paper = _paper(figures=[_figure(1, ["Height", "Paddocks"])])
    deck = _deck(paper, _text_slide("Paddocks"))
    found = _findings(deck, paper)
    assert [i.type for i in found] == ["title_plot_label"]
    fixed = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    assert fixed.title not in ("Paddocks", "Height")
    assert _findings(_deck(paper, fixed), paper) == []
    # the author's numbered heading stays, even when a plot repeats it as a label
    assert _findings(_deck(paper, _text_slide("Regrowth")), paper) == []


def test_a_tables_own_caption_as_its_title_is_no_plot_label():
    # a table whose caption's words are also set inside its crop (a header cell): the caption
    # is the author's title for it, also without its part number ("Stocking rates (2)")
    table = _figure(3, ["Stocking rates", "Ewes per hectare"]).model_copy(
        update={
            "id": "tab-3",
            "kind": "table",
            "label": "Table 3",
            "caption": "Stocking rates (2).",
        }
    )
    paper = _paper(figures=[table])
    slide = Slide(kind="figure", title="Stocking rates", figure="tab-3", caption="Stocking rates")

    assert _findings(_deck(paper, slide), paper) == []
    # a label of the same crop that is no caption is still one
    assert [i.type for i in _findings(_deck(paper, _text_slide("Ewes per hectare")), paper)] == [
        "title_plot_label"
    ]


def test_a_heading_read_from_a_plot_between_two_lines_of_text_is_a_label():
    # the text layer put the plot's legend label between the lines, with its axis letter
    label = Section(title="Frequency", paragraphs=["y The rested paddocks regrew quickly."])
    interrupted = Section(title="Mean height", paragraphs=["the summer, as Figure 1 shows."])
    paper = _paper([label, interrupted])
    for title in ("Frequency", "Mean height"):
        found = _findings(_deck(paper, _text_slide(title)), paper)
        assert [i.type for i in found] == ["title_plot_label"], title
    # the slide made from the text under the label is titled with a heading of the paper
    under = Section(title="Frequency", paragraphs=["y " + REGROWTH])
    paper = _paper([under]).model_copy(update={"sections": [_paper().sections[0], under]})
    made = Slide(kind="bullets", title="Frequency", bullets=BULLETS, notes=under.paragraphs[0])
    deck = _deck(paper, made)
    fixed = deck_repair(BuiltinProposer(), paper, deck, _findings(deck, paper)).deck.slides[1]
    assert fixed.title == "Grazing plan"  # the heading the label interrupted
    # and the title is not read as naming a part its bullets do not come from
    sources = title_defects.BulletSources(paper)
    assert title_defects.title_mismatch(fixed, paper, sources) is None
    assert _findings(_deck(paper, fixed), paper) == []
    # an unnumbered heading over a paragraph that starts as one does is the author's
    plain = _paper([Section(title="Costs", paragraphs=["Fencing cost little per paddock."])])
    assert _findings(_deck(plain, _text_slide("Costs")), plain) == []


def test_a_title_pointing_at_a_figure_the_slide_does_not_show_is_retitled():
    paper = _paper(figures=[_figure(1, []), _figure(2, [])])
    slide = Slide(
        kind="figure",
        title="Close-up of the paddocks of Fig. 1",
        figure="fig-2",
        caption="Grass height per paddock, season 2.",
        notes=REGROWTH,
    )
    deck = _deck(paper, slide)
    found = _findings(deck, paper)
    assert [(i.type, i.evidence["part"]) for i in found] == [("title_foreign_figure", "Fig. 1")]
    fixed = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    assert fixed.title == "Close-up of the paddocks"  # its own words, without the pointer
    # the figure the slide shows may be named
    own = slide.model_copy(update={"title": "Grass height of Fig. 2"})
    assert _findings(_deck(paper, own), paper) == []


SIGNS = [
    "For the sake of the example, $\\alpha$ is a rule and $Q$ is a claim",
    "The signs “$\\alpha$” and “$Q$” show one way the arrow could be used",
]


def test_a_title_whose_maths_became_placeholders_is_reported():
    paper = _paper()
    slide = Slide(kind="bullets", title="Signs “X” and “X”", bullets=SIGNS)
    found = _findings(_deck(paper, slide), paper)
    assert [i.type for i in found] == ["title_placeholder"]
    # a plain X the slide itself writes is no placeholder
    plain = Slide(kind="bullets", title="Support for Mac OS X", bullets=["It runs on Mac OS X"])
    assert _findings(_deck(paper, plain), paper) == []


def test_a_bullets_subject_with_maths_in_quotes_is_no_title():
    assert title_defects.subject_title(SIGNS[1]) == ""


def test_the_loop_keeps_the_old_title_when_the_retitle_is_worse():
    paper = _paper()
    before = _deck(paper, Slide(kind="bullets", title="Examples", bullets=SIGNS))
    worse = _deck(paper, Slide(kind="bullets", title="Signs “X” and “X”", bullets=SIGNS))
    changes = [
        Change(issue=0, slide=2, type="title_fragment", action="retitled “Signs “X” and “X””")
    ]
    revised, kept = no_worse_retitles(paper, before, worse, changes)
    assert revised.slides[1].title == "Examples"
    assert kept == []
    # a retitle to a title the checks do not fault is made
    better = _deck(paper, Slide(kind="bullets", title="Signs of the arrow", bullets=SIGNS))
    revised, kept = no_worse_retitles(paper, before, better, changes[:0])
    assert revised.slides[1].title == "Signs of the arrow"


def test_the_papers_own_heading_stays_when_only_a_kind_of_slide_would_replace_it():
    # "Examples" heads the paper's section; the fixer finds no title that says more
    paper = _paper([Section(number="3", title="Examples", paragraphs=[" ".join(SIGNS) + "."])])
    slide = Slide(kind="bullets", title="Examples", bullets=SIGNS, role="method")
    deck = _deck(paper, slide)
    issue = Issue(
        slide=2,
        type="title_fragment",
        severity="medium",
        message="the title “Examples” is a fragment (“Examples”)",
        evidence={"where": "title", "text": "Examples", "part": "Examples"},
    )
    fixed = deck_repair(BuiltinProposer(), paper, deck, [issue]).deck.slides[1]
    assert fixed.title == "Examples"


def test_a_word_that_only_counts_is_no_title():
    paper = _paper()
    for title in ("First", "The second", "Another"):
        found = [k for k, _ in title_quality.problems(title, _text_slide(title), paper)]
        assert found == ["title_fragment"], title
    assert title_quality.problems("First results", _text_slide("First results"), paper) == []
    found = _findings(_deck(paper, _text_slide("First")), paper)
    assert [i.type for i in found] == ["title_fragment"]
