"""Slide titles that are true and whole (issue #14, round 17): a "(continued)" title only over
a slide that continues the slide before it; a caption's title never cut inside a coordination
("… fitted by least squares" of "… by least squares and by moment matching"); no retitle to a
bullet's first word or a phrase fitting any slide; a heading opening with the article "A" is
not an appendix's letter; the buried-headline message quotes whole words. On papers, slides
and PDFs made up here."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from apps.decks.pipeline import continued_titles, retitle_worth, text, title_defects
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import deck_rules, review
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories

BODY = (
    "The timetable solver assigns every lecture to a room and a slot. It repairs clashes with "
    "a local search that moves one lecture at a time, and it stops when no move helps."
)
INTRODUCTION = (
    "Universities build their timetables by hand each term. A clash between two lectures "
    "sends students running between buildings, and a late change undoes weeks of work."
)
BENCHMARKS = (
    "The benchmarks hold the timetables of four universities for two terms each. Every "
    "instance lists its lectures, rooms, slots and the students enrolled in each lecture."
)
SPRING = "Results on the spring timetable benchmarks: soft-constraint cost per instance."
AUTUMN = "Results on the autumn timetable benchmarks: soft-constraint cost per instance."


def _figure(number: int, caption: str, section: str = "Benchmarks") -> Figure:
    return factories.figure(
        number, caption, bbox=(0, 0, 100, 100), width_px=800, height_px=600, section=section
    )


def _paper(*figures: Figure) -> Paper:
    return Paper(
        title="Local Search for University Timetables",
        authors=["Ada Quill"],
        sections=[
            Section(title="Introduction", paragraphs=[INTRODUCTION]),
            Section(title="Solver", paragraphs=[BODY]),
            Section(title="Benchmarks", paragraphs=[BENCHMARKS]),
        ],
        figures=list(figures),
        pages=2,
        source_name="timetables.pdf",
    )


def _deck(paper: Paper, *slides: Slide) -> SlideDeck:
    cover = Slide(kind="title", title=paper.title, role="title")
    return SlideDeck(title=paper.title, slides=[cover, *slides])


def _figure_slide(title: str, figure: str) -> Slide:
    return Slide(kind="figure", title=title, figure=figure, bullets=[], role="result")


def _found(deck: SlideDeck, paper: Paper, kind: str) -> list[Issue]:
    measures = [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    return [i for i in review(deck, measures, paper) if i.type == kind]


# ------------------------------------------------------------- 1. "(continued)" that is false


def test_a_continued_title_over_another_table_is_found_and_retitled_with_its_own_caption():
    paper = _paper(_figure(1, SPRING), _figure(2, AUTUMN))
    spring = "Results on the spring timetable benchmarks"
    deck = _deck(
        paper,
        _figure_slide(spring, "fig-1"),
        _figure_slide(f"{spring} (continued)", "fig-2"),  # the autumn table, titled spring
    )
    found = _found(deck, paper, "title_false_continued")
    assert [i.slide for i in found] == [3]
    title = BuiltinProposer().revise(paper, deck, found).deck.slides[2].title
    assert "spring" not in title and "(continued)" not in title, title
    assert "autumn" in title, title


def test_a_continued_title_after_another_part_of_the_paper_is_found():
    paper = _paper()
    deck = _deck(
        paper,
        Slide(kind="bullets", title="Solver", bullets=["The solver repairs clashes"]),
        Slide(kind="bullets", title="Introduction", bullets=["Timetables are hard"]),
        Slide(kind="bullets", title="Solver (continued)", bullets=["It stops at no gain"]),
    )
    found = _found(deck, paper, "title_false_continued")
    assert [i.slide for i in found] == [4]
    assert "“Introduction”" in found[0].message


def test_a_sections_heading_continues_over_its_next_slide_and_a_figure_over_its_text():
    paper = _paper(_figure(1, SPRING))
    spring = "Results on the spring timetable benchmarks"
    deck = _deck(
        paper,
        Slide(kind="bullets", title="Solver", bullets=["The solver repairs clashes"]),
        Slide(kind="bullets", title="Solver (continued)", bullets=["It stops at no gain"]),
        _figure_slide(spring, "fig-1"),
        Slide(kind="bullets", title=f"{spring} (continued)", bullets=["Cost falls by a third"]),
    )
    assert _found(deck, paper, "title_false_continued") == []


def test_a_sections_text_continues_after_a_figure_of_that_section_only():
    paper = _paper(_figure(1, SPRING), _figure(2, AUTUMN, section="Solver"))
    rest = Slide(kind="bullets", title="Benchmarks (continued)", bullets=["Four universities"])
    own = _figure_slide("Results on the spring timetable benchmarks", "fig-1")  # Benchmarks'
    other = _figure_slide("Results on the autumn timetable benchmarks", "fig-2")  # Solver's
    before = Slide(kind="bullets", title="Benchmarks", bullets=["Two terms each"])
    assert _found(_deck(paper, before, own, rest), paper, "title_false_continued") == []
    assert [
        i.slide for i in _found(_deck(paper, before, other, rest), paper, "title_false_continued")
    ] == [4]
    assert continued_titles.titled("Benchmarks", {"Benchmarks"}, own, rest, paper) == (
        "Benchmarks (continued)"
    )


def test_a_sections_text_continues_after_a_slide_of_it_titled_by_its_point():
    paper = _paper()
    point = Slide(kind="bullets", title="Local moves", bullets=[text_of(BODY, 1)])
    rest = Slide(kind="bullets", title="Solver (continued)", bullets=[text_of(BODY, 0)])
    assert _found(_deck(paper, point, rest), paper, "title_false_continued") == []
    other = Slide(kind="bullets", title="Timetables", bullets=[text_of(INTRODUCTION, 0)])
    assert [i.slide for i in _found(_deck(paper, other, rest), paper, "title_false_continued")] == [
        3
    ]


def test_the_two_parts_of_one_table_continue_each_other():
    paper = _paper(_figure(1, "Cost per instance (1)"), _figure(2, "Cost per instance (2)"))
    first = _figure_slide("Cost per instance", "fig-1")
    second = _figure_slide("Cost per instance (continued)", "fig-2")
    assert _found(_deck(paper, first, second), paper, "title_false_continued") == []
    paper = _paper(_figure(1, "Cost per instance (1)"), _figure(2, AUTUMN))
    assert _found(_deck(paper, first, second), paper, "title_false_continued") != []


def text_of(paragraph: str, index: int) -> str:
    return text.sentences(paragraph)[index].rstrip(".")


def test_another_slides_title_is_given_continued_only_right_after_that_slide():
    paper = _paper(_figure(1, SPRING), _figure(2, AUTUMN))
    solver = Slide(kind="bullets", title="Solver", bullets=["The solver repairs clashes"])
    later = Slide(kind="bullets", title="Solver of", bullets=["It stops at no gain"])
    taken = {"Solver", "Introduction"}
    # right after the section's slide: its continuation
    assert continued_titles.titled("Solver", set(taken), solver, later, paper) == (
        "Solver (continued)"
    )
    # after another part's slide: no title (the caller tries its next candidate)
    intro = Slide(kind="bullets", title="Introduction", bullets=["Timetables are hard"])
    assert continued_titles.titled("Solver", set(taken), intro, later, paper) == ""
    # a caption's title over another figure than the slide before shows: no continuation
    spring = _figure_slide("Results on the spring timetable benchmarks", "fig-1")
    autumn = _figure_slide("Cost per instance", "fig-2")
    name = "Results on the spring timetable benchmarks"
    assert continued_titles.titled(name, {name}, spring, autumn, paper) == ""


def test_a_fragment_title_is_never_retitled_as_a_slide_it_does_not_follow():
    paper = _paper()
    notes = BODY  # the slide comes from "Solver" (its notes hold its first paragraph)
    deck = _deck(
        paper,
        Slide(kind="bullets", title="Solver", bullets=["The solver repairs clashes"], notes=BODY),
        Slide(
            kind="bullets",
            title="Introduction",
            bullets=["Universities build their timetables by hand each term"],
            notes=INTRODUCTION,
        ),
        Slide(
            kind="bullets",
            title="Search of the",
            bullets=["A local search moves one lecture at a time"],
            notes=notes,
        ),
    )
    issue = Issue(slide=4, type="title_fragment", severity="medium", message="a fragment")
    title = BuiltinProposer().revise(paper, deck, [issue]).deck.slides[3].title
    assert title not in ("Solver (continued)", "Introduction (continued)"), title


# ------------------------------------------------------- 2. a caption cut inside a coordination


@pytest.mark.parametrize(
    ("title", "caption"),
    [
        (
            "Comparison of a normal law fitted by least squares",
            "Comparison of a normal law fitted by least squares and by moment matching.",
        ),
        (
            "Diagnostic plots for fits of a lognormal",
            "Diagnostic plots for fits of a lognormal and a loglogistic distribution to counts.",
        ),
        (
            "Density plots when fitting a beta",
            "Density plots when fitting a beta or a Cauchy distribution to the sample.",
        ),
        (
            "Comparison of the weighted survival curves with the curves",
            "Comparison of the weighted survival curves with the curves based on strata.",
        ),
    ],
)
def test_a_caption_title_ending_inside_a_coordination_is_a_cut(title, caption):
    assert title_defects.caption_cut(title, caption)


@pytest.mark.parametrize(
    ("title", "caption"),
    [
        (
            "The major activities of the compiler",
            "The major activities of the compiler and the conditions that trigger them.",
        ),
        ("Levels of education", "Levels of education and associated p-values."),
        ("Maps of rainfall and temperature", "Maps of rainfall and temperature in the basin."),
    ],
)
def test_a_further_member_of_a_list_leaves_the_title_whole(title, caption):
    assert title_defects.caption_cut(title, caption) is None


@pytest.mark.parametrize(
    "caption",
    [
        "Comparison of a normal law fitted by least squares and by moment matching using two "
        "different distances on the left tail.",
        "Density plots and quantile plots of the residuals when fitting a beta or a Cauchy "
        "distribution to the sample.",
        "Diagnostic plots for fits of a lognormal and a loglogistic distribution to censored "
        "counts of the survey.",
        # a comparison "between A and B" whose second side runs on into a coordination
        "Comparison between MM and ML when fitting a gamma or a Weibull distribution to "
        "rainfall totals from the coastal station data set.",
    ],
)
def test_a_caption_title_stops_before_a_coordination_or_keeps_it_whole(caption):
    for words in (8, 10, 12):
        title = figure_title(_figure(1, caption), words=words)
        assert not title_defects.cut_in_coordination(title, caption), title
        assert not title.endswith(("fitting", "a gamma")), title
        assert not title.endswith(("least squares", "a beta", "a lognormal")), title


# --------------------------------------------------------------- 3. fallbacks with no content


def test_a_fragment_title_is_never_retitled_with_a_bullets_first_word():
    paper = _paper()
    deck = _deck(
        paper,
        Slide(
            kind="bullets",
            title="Parameters of a",
            bullets=["Below is an example of the bootstrap on the spring benchmarks"],
        ),
    )
    issue = Issue(slide=2, type="title_fragment", severity="medium", message="a fragment")
    title = BuiltinProposer().revise(paper, deck, [issue]).deck.slides[1].title
    assert title != "Below", title  # it keeps its title rather than say less


def test_a_fragment_title_may_become_the_noun_its_bullets_are_about():
    paper = _paper()
    bullets = ["The scheduler repairs clashes one lecture at a time", "Rooms are filled first"]
    deck = _deck(paper, Slide(kind="bullets", title="A) and linear", bullets=bullets))
    issue = Issue(slide=2, type="title_fragment", severity="medium", message="a fragment")
    assert BuiltinProposer().revise(paper, deck, [issue]).deck.slides[1].title == "Scheduler"


def test_an_ordinal_approach_is_a_phrase_that_fits_any_slide():
    slide = Slide(kind="bullets", title="x", bullets=["Stratification splits the cohort"])
    assert "a phrase that fits any slide" in retitle_worth.shortfalls(
        "Our first approach", slide, _paper()
    )


# ------------------------------------------------------------ 4. the article "A" of a heading


def _tagger_pdf(path, headings: list[str]):
    title = ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=17, leading=21)
    head = ParagraphStyle("h", fontName="Helvetica-Bold", fontSize=12, leading=15, spaceBefore=8)
    body = ParagraphStyle("b", fontName="Times-Roman", fontSize=10, leading=12.5)
    text = (
        "The tagger reads each sentence once from the left and once from the right, and the "
        "two passes vote on every label. On held-out news text the voting tagger labels words "
        "more accurately than either pass alone, and it needs no extra training data. "
    ) * 3
    story = [Paragraph("Voting Taggers for Short News Texts", title), Spacer(1, 12)]
    story += [Paragraph("Ann Okafor", body), Spacer(1, 12)]
    for heading in headings:
        story += [Paragraph(heading, head), Paragraph(text, body)]
    SimpleDocTemplate(str(path), pagesize=A4).build(story)
    return path


def test_a_heading_opening_with_the_article_a_keeps_it(tmp_path):
    from apps.decks.pipeline.ingest import paper_read

    pdf = _tagger_pdf(tmp_path / "tagger.pdf", ["Introduction", "A Tagger That Reads Twice"])
    paper = paper_read(pdf, tmp_path / "figures")
    assert "A Tagger That Reads Twice" in [s.title for s in paper.sections]


def test_lettered_appendices_keep_their_letters(tmp_path):
    from apps.decks.pipeline.ingest import paper_read

    pdf = _tagger_pdf(tmp_path / "lettered.pdf", ["Introduction", "A Proofs", "B Extra Tables"])
    titles = [s.title for s in paper_read(pdf, tmp_path / "figures").sections]
    assert "Proofs" in titles and "Extra Tables" in titles


# ------------------------------------------------------ 5. the buried headline's quoted words


def test_the_buried_headline_message_is_cut_at_a_word(monkeypatch):
    long = (
        "The voting tagger labels words of short news texts more accurately than either of "
        "its two passes alone on every held-out collection we measured"
    )
    assert len(long) > 120
    statement = SimpleNamespace(bullet=long)
    monkeypatch.setattr(deck_rules.headline, "buried", lambda slides, paper: (statement, None))
    paper = _paper()
    found = list(deck_rules.headline_buried(DeckContext(_deck(paper), paper, [])))
    quoted = found[0].message.split("“", 1)[1].rstrip("”")
    assert quoted.endswith("…") and long.startswith(quoted[:-1]), quoted
    assert long[len(quoted) - 1] == " ", quoted  # the cut falls between two words
