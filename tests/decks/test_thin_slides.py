"""Thin slides and how the loop treats them: a display under its lead and nothing else is thin;
the fix fills a thin slide with the paper's sentences around its display, else merges it into
the slide before it of the same part, and only then removes it; slides the slide count adds
back go where the paper has them."""

from __future__ import annotations

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Equation, Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

LEAD = "The weighted estimator of the station level minimizes the following loss:"
DISPLAY = r"L(m) = \sum_{i} w_{i} (x_{i} - m)^{2}"
DEFINITION = "$x_{i}$ is the reading of station $i$ and $w_{i}$ is its weight"
CONSEQUENCE = "The loss is smallest at the weighted mean of the readings of all stations."
OPENING = (
    "Readings of the stations are combined into one level for every day of the record. "
    "Stations with long records are given more weight than stations with short ones."
)
AFTER = (
    "Days without any reading are left out of the series before the levels are compared. "
    "The combined level is reported with its standard error for every day."
)


_SECOND_LEAD = "The second loss is written as follows:"


def _paper(after_display: str) -> Paper:
    body = f"{OPENING} {LEAD} Eq. (1) where {DEFINITION}. {after_display} {AFTER}"
    return Paper(
        title="Station levels",
        sections=[
            Section(title="Introduction", paragraphs=["Levels of lakes change slowly. " * 12]),
            Section(title="Estimation", paragraphs=[body]),
            Section(title="Results", paragraphs=["The levels fell by two metres. " * 12]),
        ],
        equations=[Equation(number="1", tex=DISPLAY, section="Estimation", page=1, lead=LEAD)],
        pages=3,
        source_name="levels.pdf",
    )


def _display_slide(paper: Paper, bullets: list[str] | None = None) -> Slide:
    return Slide(
        kind="bullets",
        title="Weighted loss",
        bullets=bullets or [LEAD],
        equation=DISPLAY,
        equation_lead=LEAD,
        notes=" ".join(paper.sections[1].paragraphs),
    )


def _thin_issues(deck: SlideDeck, paper: Paper) -> list[Issue]:
    measures = [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    return [i for i in review(deck, measures, paper) if i.type == "thin_slide"]


def test_a_display_under_its_lead_and_nothing_else_is_a_thin_slide():
    paper = _paper(CONSEQUENCE)
    thin = SlideDeck(title="T", slides=[Slide(kind="title", title="T"), _display_slide(paper)])
    assert [i.slide for i in _thin_issues(thin, paper)] == [2]
    said = _display_slide(paper, [LEAD, DEFINITION])
    full = SlideDeck(title="T", slides=[Slide(kind="title", title="T"), said])
    assert _thin_issues(full, paper) == []


def test_a_thin_display_slide_is_filled_with_the_sentences_around_its_display():
    paper = _paper(CONSEQUENCE)
    deck = SlideDeck(title="T", slides=[Slide(kind="title", title="T"), _display_slide(paper)])
    issues = _thin_issues(deck, paper)
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    slide = revised.slides[1]
    # the display stays under its lead; what its symbols are and what follows come under it
    assert slide.equation == DISPLAY and slide.display_lead() == LEAD
    assert slide.bullets[0] == LEAD
    assert DEFINITION in slide.bullets
    assert CONSEQUENCE.rstrip(".") in [b.rstrip(".") for b in slide.bullets]
    assert not any("Stations with long records" in b for b in slide.bullets)
    assert _thin_issues(revised, paper) == []


def test_a_sentence_after_the_display_with_a_symbol_no_slide_introduces_is_not_added():
    # no slide introduces "$\\beta$": the sentence would lean on what the reader never saw
    leaning = "The loss grows with $\\beta$ once the weights are set by the length of the record."
    paper = _paper(leaning)
    # the paper introduces $\\beta$ earlier, in a part no slide shows
    paper.sections[0].paragraphs.append("Here $\\beta$ is the decay rate of the weights.")
    deck = SlideDeck(title="T", slides=[Slide(kind="title", title="T"), _display_slide(paper)])
    revised = BuiltinProposer().revise(paper, deck, _thin_issues(deck, paper)).deck
    shown = [b for s in revised.slides for b in s.bullets]
    assert DEFINITION in shown and not any("beta" in b for b in shown)


def test_a_thin_display_slide_that_cannot_be_filled_merges_into_the_slide_before_it():
    # after the display the paper goes straight on to the lead of another display: nothing to
    # fill the slide with (and no where-clause)
    paper = _paper(CONSEQUENCE)
    body = f"{OPENING} {LEAD} Eq. (1) {_SECOND_LEAD} {AFTER}"
    paper.sections[1].paragraphs = [body]
    second = Equation(
        number="2",
        tex="L_{2}",
        section="Estimation",
        page=1,
        lead=_SECOND_LEAD,
    )
    paper.equations.append(second)
    notes = body
    before = Slide(
        kind="bullets",
        title="Estimation",
        bullets=[
            "Readings of the stations are combined into one level for every day of the record",
            "Stations with long records are given more weight than stations with short ones",
        ],
        notes=notes,
    )
    thin = _display_slide(paper).model_copy(update={"notes": notes})
    deck = SlideDeck(title="T", slides=[Slide(kind="title", title="T"), before, thin])
    issues = _thin_issues(deck, paper)
    assert [i.slide for i in issues] == [3]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert [s.title for s in revised.slides] == ["T", "Estimation"]
    merged = revised.slides[1]
    assert merged.equation == DISPLAY and merged.display_lead() == LEAD
    assert merged.bullets == [*before.bullets, LEAD]


def _figure(ident: str, kind: str, number: int, section: str) -> Figure:
    label = f"{'Table' if kind == 'table' else 'Figure'} {number}"
    return Figure(
        id=ident,
        kind=kind,
        number=number,
        label=label,
        caption=f"Levels of the lakes by station ({label})",
        page=1,
        bbox=(0, 0, 100, 100),
        image=f"{ident}.png",
        width_px=800,
        height_px=600,
        section=section,
    )


def test_a_table_the_slide_count_adds_back_goes_where_the_paper_has_it():
    words = "Levels of lakes change slowly over the decades of the record. " * 12
    titles = ["Introduction", "Data", "Method", "Results", "Discussion"]
    paper = Paper(
        title="Station levels",
        sections=[Section(title=t, paragraphs=[words]) for t in titles],
        figures=[_figure("tab-1", "table", 1, "Data"), _figure("fig-1", "figure", 1, "Results")],
        pages=6,
        source_name="levels.pdf",
    )
    slides = [Slide(kind="title", title="Station levels")]
    slides += [
        Slide(kind="bullets", title=t, bullets=[f"{t} first point", f"{t} second point"])
        for t in titles
    ]
    slides.insert(5, Slide(kind="figure", title="Levels by station", figure="fig-1"))
    deck = SlideDeck(title="Station levels", slides=slides)
    issue = Issue(slide=0, type="slide_count", severity="medium", message="the deck is short")
    revised = BuiltinProposer().revise(paper, deck, [issue]).deck
    order = [s.figure or s.title for s in revised.slides]
    assert "tab-1" in order
    # the table of the data section comes after its slide, before the method's
    assert order.index("Data") < order.index("tab-1") < order.index("Method")


def test_a_thin_display_slide_with_no_room_before_it_goes_to_the_next_slide_of_its_part():
    paper = _paper(CONSEQUENCE)
    body = f"{OPENING} {LEAD} Eq. (1) {_SECOND_LEAD} {AFTER}"
    paper.sections[1].paragraphs = [body]
    second = Equation(number="2", tex="L_{2}", section="Estimation", page=1, lead=_SECOND_LEAD)
    paper.equations.append(second)
    thin = _display_slide(paper).model_copy(update={"notes": body})
    after = Slide(
        kind="bullets",
        title="Days without readings",
        bullets=[
            "Days without any reading are left out of the series before the levels are compared",
            "The combined level is reported with its standard error for every day",
        ],
        notes=body,
    )
    deck = SlideDeck(title="T", slides=[Slide(kind="title", title="T"), thin, after])
    revised = BuiltinProposer().revise(paper, deck, _thin_issues(deck, paper)).deck
    assert [s.title for s in revised.slides] == ["T", "Days without readings"]
    joined = revised.slides[1]
    # the lead never goes without its display (it would announce what the slide lacks)
    assert joined.bullets == [LEAD, *after.bullets]
    assert joined.equation == DISPLAY and joined.display_lead() == LEAD


def test_the_proposer_makes_no_slide_of_a_display_under_its_lead_alone():
    paper = _paper(CONSEQUENCE)
    lead = "The variance of the combined level of a day is given by:"
    consequence = "The variance shrinks as more stations report their readings"
    # a short section: its display gets a slide of its own (a key display)
    variance = Section(title="Variance", paragraphs=[f"{lead} Eq. (2) {consequence}."])
    paper.sections.insert(2, variance)
    paper.equations.append(
        Equation(
            number="2", tex=r"V = \frac{1}{\sum_{i} w_{i}}", section="Variance", page=1, lead=lead
        )
    )
    deck = BuiltinProposer().propose(paper)
    shown = next(s for s in deck.slides if s.equation.startswith("V ="))
    assert shown.bullets == [lead, consequence] and shown.display_lead() == lead
    assert _thin_issues(deck, paper) == []


def test_a_thin_text_slide_that_cannot_be_filled_merges_into_the_slide_before_it():
    first = "Readings of the stations are combined into one level for every day of the record."
    second = "Stations with long records are given more weight than stations with short ones."
    third = "Days without any reading are left out of the series before the levels are compared."
    notes = " ".join([first, second, third])
    paper = Paper(
        title="Station levels",
        sections=[Section(title="Estimation", paragraphs=[notes])],
        pages=1,
        source_name="levels.pdf",
    )
    before = Slide(
        kind="bullets",
        title="Estimation",
        bullets=[first.rstrip("."), second.rstrip(".")],
        notes=notes,
    )
    thin = Slide(kind="bullets", title="Gaps", bullets=[third.rstrip(".")], notes=notes)
    deck = SlideDeck(title="T", slides=[Slide(kind="title", title="T"), before, thin])
    issues = _thin_issues(deck, paper)
    assert [i.slide for i in issues] == [3]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert [s.title for s in revised.slides] == ["T", "Estimation"]
    assert revised.slides[1].bullets == [*before.bullets, third.rstrip(".")]
