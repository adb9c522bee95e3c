"""Titles that carry marks of where their words came from (issue #14, round 18): a figure's
number opening the title ("Figure 1: Grass height …", the caption's label read as its words)
and a word set in maths' font ("Effect of $rest$ on regrowth", "Re$g$rowth": letters read as
a symbol). The reviewer reports each (title_figure_label, title_math_word), the builtin fixer
retitles the slide with its own words set right, and the loop never retitles to such a title.
On a paper and slides made up here."""

from __future__ import annotations

from apps.decks.pipeline import title_quality
from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop_guard import no_worse_retitles
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import title_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories

REGROWTH = (
    "The rested paddocks regrew to twelve centimetres within three weeks. Paddocks grazed "
    "without rest stayed below six centimetres all summer."
)
BULLETS = [
    "The rested paddocks regrew to twelve centimetres within three weeks",
    "Paddocks grazed without rest stayed below six centimetres all summer",
]


def _figure(number: int) -> Figure:
    return factories.figure(
        number,
        f"Grass height per paddock over season {number}.",
        page=2,
        bbox=(100.0, 100.0, 300.0, 250.0),
        height_px=750,
        section="Regrowth",
    )


def _paper() -> Paper:
    return Paper(
        title="Rest periods in rotational grazing",
        pages=4,
        source_name="grazing.pdf",
        sections=[Section(number="2", title="Regrowth", paragraphs=[REGROWTH])],
        figures=[_figure(1), _figure(2)],
    )


def _deck(paper: Paper, slide: Slide) -> SlideDeck:
    return SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])


def _findings(paper: Paper, slide: Slide) -> list[Issue]:
    deck = _deck(paper, slide)
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    return list(title_rules.misleading_title(context))


def _figure_slide(title: str, figure: str = "fig-1") -> Slide:
    return Slide(
        kind="figure",
        title=title,
        figure=figure,
        caption="Grass height per paddock.",
        notes=REGROWTH,
    )


def _text_slide(title: str) -> Slide:
    return Slide(kind="bullets", title=title, bullets=BULLETS, notes=REGROWTH)


def _repaired(paper: Paper, slide: Slide, found: list[Issue]) -> Slide:
    return deck_repair(BuiltinProposer(), paper, _deck(paper, slide), found).deck.slides[1]


def test_a_title_opening_on_its_figures_number_is_retitled_with_its_own_words():
    paper = _paper()
    for title, label in [
        ("Figure 1: Grass height per paddock", "Figure 1:"),
        ("Fig. 1. Grass height per paddock", "Fig. 1."),
        ("Figure 1 Grass height per paddock", "Figure 1"),
    ]:
        slide = _figure_slide(title)
        found = _findings(paper, slide)
        assert [(i.type, i.evidence["part"]) for i in found] == [("title_figure_label", label)]
        fixed = _repaired(paper, slide, found)
        assert fixed.title == "Grass height per paddock"
        assert _findings(paper, fixed) == []
    # a label of a figure the slide does not show is reported once, as a foreign pointer
    other = _findings(paper, _figure_slide("Figure 1: Grass height per paddock", "fig-2"))
    assert [i.type for i in other] == ["title_foreign_figure"]
    # a title naming its figure further on, or a sentence about it, opens on no label
    for title in ("Grass height per paddock", "Figure 1 shows the grass height"):
        assert _findings(paper, _figure_slide(title)) == [], title


def test_a_word_set_as_maths_in_a_title_is_written_in_letters():
    paper = _paper()
    for title, word, plain in [
        ("Effect of $rest$ on regrowth", "$rest$", "Effect of rest on regrowth"),
        ("Re$g$rowth of rested paddocks", "Re$g$rowth", "Regrowth of rested paddocks"),
        ("$\\mathit{Rested}$ paddocks regrow", "$\\mathit{Rested}$", "Rested paddocks regrow"),
    ]:
        slide = _text_slide(title)
        found = _findings(paper, slide)
        assert [(i.type, i.evidence["part"]) for i in found] == [("title_math_word", word)]
        fixed = _repaired(paper, slide, found)
        assert fixed.title == plain
        assert _findings(paper, fixed) == []
    # symbols are maths: a letter, a symbol with its ordinal or plural, a name in capitals
    # after a symbol, a symbol with a hyphen
    for title in (
        "Height $h$ after $n$ days",
        "The $n$th paddock",
        "Rest of $\\tau$ days",
        "$k$NN grouping of paddocks",
        "$p$-values of the rest effect",
        "Rates $r_{ij}$ between paddocks",
    ):
        assert title_quality.math_words(title) == [], title
        assert _findings(paper, _text_slide(title)) == [], title


def test_the_loop_never_retitles_to_a_title_with_a_word_set_as_maths():
    paper = _paper()
    before = _deck(paper, _text_slide("Regrowth"))
    worse = _deck(paper, _text_slide("Re$g$rowth of rested paddocks"))
    changes = [
        Change(
            issue=0,
            slide=2,
            type="title_generic",
            action="retitled “Re$g$rowth of rested paddocks”",
        )
    ]
    revised, kept = no_worse_retitles(paper, before, worse, changes)
    assert revised.slides[1].title == "Regrowth"
    assert kept == []


def _generic_findings(paper: Paper, slide: Slide) -> list[Issue]:
    from apps.decks.pipeline.review import text_rules

    deck = _deck(paper, slide)
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    return list(text_rules.generic_title(context))


def test_a_bare_word_for_a_part_of_a_paper_is_no_title_unless_the_paper_heads_a_part_so():
    paper = _paper()
    grazed = [
        "The rotation schedule moved the flock every ten days",
        "The rotation schedule kept each paddock rested for thirty days",
    ]
    for title in ("Results", "Method", "Examples (continued)"):
        slide = Slide(kind="bullets", title=title, bullets=grazed, notes=REGROWTH)
        found = _generic_findings(paper, slide)
        assert [i.type for i in found] == ["title_generic"], title
        fixed = _repaired(paper, slide, found)
        assert fixed.title == "Rotation schedule", title
    # the paper's own heading of that name is the part's title
    headed = paper.model_copy(
        update={"sections": [*paper.sections, Section(number="3", title="Results")]}
    )
    slide = Slide(kind="bullets", title="Results", bullets=grazed, notes=REGROWTH)
    assert _generic_findings(headed, slide) == []
