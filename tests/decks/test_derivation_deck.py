"""A derivation paper presented by its equations, on a paper made for these tests
(tests/fixtures/papers/ingest/derivation, CC0): six numbered displays the text refers back to,
each introduced by a sentence and followed by the definitions of its symbols. The deck shows
the ones the text refers to most (its text slides alone show one display a section at most and
left the others out), each under its sentence with its definitions, in the paper's order; a
section that opens with its display shows it first, not after the sentences that follow it."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from apps.decks.pipeline import display_math
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.katex_check import katex_checked
from apps.decks.pipeline.paper import Equation, Paper, Section
from apps.decks.pipeline.propose.builtin import (
    BuiltinProposer,
    _display_index,
    _display_title,
    key_equations,
)
from apps.decks.pipeline.propose.bullets import SentenceIndex
from apps.decks.pipeline.propose.displays import symbol_definitions, with_lead_in_order
from apps.decks.pipeline.propose.repair import Work
from apps.decks.pipeline.propose.repair import _text as fix_text
from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.review.text_rules import bullet_defects
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "derivation"
PDF = FOLDER / "tessera-derivation.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("derivation") / "figures")


@pytest.fixture(scope="module")
def deck(paper):
    return BuiltinProposer().propose(paper)


def _mentions(paper, number: str) -> int:
    body = " ".join(p for s in paper.sections for p in s.paragraphs)
    return len(re.findall(rf"\({number}\)", body))


def test_the_paper_is_read_as_a_derivation(paper):
    numbered = [e for e in paper.equations if e.number]
    assert [e.number for e in numbered] == ["1", "2", "3", "4", "5", "6", "7"]
    assert all(display_math.clean_tex(e.tex) and e.lead for e in numbered), numbered


def test_the_displays_the_text_refers_to_most_are_all_shown_in_the_papers_order(paper, deck):
    shown = [s.equation for s in deck.slides if s.equation]
    order = [e.tex for e in paper.equations]
    # those whose lead stands as a bullet ("Expanding (1) with the rule (2) … gives:" does not)
    key = [e.tex for e in key_equations(paper, set()) if _mentions(paper, e.number) >= 2]
    assert len(key) == 5
    assert set(key) <= set(shown), (key, shown)
    assert shown == sorted(shown, key=order.index)  # in the paper's order
    assert len(deck.slides) <= 20


def test_each_display_is_under_its_lead_with_the_definitions_of_its_symbols(paper, deck):
    by_tex = {e.tex: e for e in paper.equations}
    defined = 0
    for slide in (s for s in deck.slides if s.equation):
        equation = by_tex[slide.equation]
        assert slide.equation_lead == equation.lead
        over = slide.bullets_over_equation()
        assert slide.bullets[over - 1] == equation.lead
        definitions = symbol_definitions(paper, equation)
        if definitions and definitions in slide.bullets:
            assert slide.bullets[over] == definitions  # right under the display
            assert definitions.startswith("$") and " is " in definitions
            defined += 1
    assert defined >= 4


def test_a_section_that_opens_with_its_display_shows_it_first(paper, deck):
    # "The upper reservoir" opens with the sentence that introduces its balance (1)
    first = next(e for e in paper.equations if e.number == "1")
    slide = next(s for s in deck.slides if s.equation == first.tex)
    assert slide.bullets[0] == first.lead, slide.bullets
    markdown = deck_markdown(deck.model_copy(update={"slides": [slide]}), paper)
    body = markdown.split("# " + slide.title, 1)[1]
    assert body.index("$$") < body.index("- " + slide.bullets[-1][:20]), body


def test_the_lead_goes_where_the_paper_has_it():
    paragraphs = [
        "The storage changes as: The rule holds every day. Spilling is rare in summer.",
    ]
    bullets = ["The rule holds every day", "Spilling is rare in summer"]
    assert with_lead_in_order(bullets, "The storage changes as:", paragraphs) == [
        "The storage changes as:",
        *bullets,
    ]
    paragraphs = ["Spilling is rare in summer. The storage changes as:"]
    assert with_lead_in_order(bullets[1:], "The storage changes as:", paragraphs) == [
        "Spilling is rare in summer",
        "The storage changes as:",
    ]


def test_a_display_katex_refuses_takes_its_own_lead_with_it():
    slide = Slide(
        kind="bullets",
        title="Balance",
        bullets=["The storage changes as:", "The rule holds every day"],
        equation="S_{t+1} = \\frac{",
        equation_lead="The storage changes as:",
    )
    checked = katex_checked(SlideDeck(title="T", slides=[slide])).slides[0]
    assert checked.equation == ""
    assert checked.bullets == ["The rule holds every day"]


@needs_pdflatex
def test_the_source_still_builds_the_committed_paper(tmp_path, tmp_path_factory, paper):
    pdf = pdflatex_copy(FOLDER, "tessera-derivation.tex", tmp_path)
    rebuilt = paper_read(pdf, tmp_path_factory.mktemp("rebuilt") / "figures")
    assert [e.tex for e in rebuilt.equations] == [e.tex for e in paper.equations]


def test_a_display_slide_goes_after_its_sections_text_slide_even_when_that_shows_a_later_one():
    # The section's text slide shows its display (3); the earlier display (2) of the same
    # section gets a slide of its own: after the text slide ("X (continued)" before "X" was
    # read as out of order), before the display slides made for later displays.
    section = Section(title="The solution", paragraphs=["We solve the model. " * 20])
    earlier, later = (
        Equation(number=n, tex=f"x_{{{n}}} = {n}", section="The solution", page=1, lead=f"L{n}:")
        for n in ("2", "3")
    )
    paper = Paper(
        title="P", pages=1, source_name="p.pdf", sections=[section], equations=[earlier, later]
    )
    slides = [
        Slide(kind="title", title="P", role="title"),
        Slide(kind="bullets", title="The solution", bullets=["a", "L3:"], equation=later.tex),
        Slide(kind="bullets", title="Conclusions", bullets=["c"], role="conclusion"),
    ]
    assert _display_index(slides, section, paper, earlier, set()) == 2
    made = Slide(kind="bullets", title="Later", bullets=["L3:"], equation=later.tex)
    slides.insert(2, made)
    assert _display_index(slides, section, paper, earlier, {id(made)}) == 2
    # a second slide of the section that shows the later display: the earlier one goes first
    slides[2] = Slide(
        kind="bullets", title="The solution (continued)", bullets=["L3:"], equation=later.tex
    )
    slides[1] = slides[1].model_copy(update={"equation": ""})
    assert _display_index(slides, section, paper, earlier, set()) == 2


def test_a_display_whose_lead_the_reviser_removes_goes_with_it():
    lead = "When the option is specified, we have:"
    slide = Slide(
        kind="bullets",
        title="Prior",
        bullets=["The prior is flat by default", lead],
        equation="d = n w + T - 1",
        equation_lead=lead,
    )
    paper = Paper(title="P", pages=1, source_name="p.pdf")
    issue = Issue(
        slide=1,
        type="repeated_bullet",
        severity="medium",
        message="bullet 2 repeats an earlier bullet",
        suggestion="remove it",
        evidence={"where": "bullet", "index": 1, "text": lead},
    )
    work = Work(BuiltinProposer(), paper, SentenceIndex(paper))
    (fixed,), action = fix_text(slide, issue, work)
    assert fixed.bullets == ["The prior is flat by default"]
    assert fixed.equation == "" and "display" in action


def test_a_lead_saying_the_following_over_its_display_points_at_it():
    lead = "Output is produced by the following production function:"
    paper = Paper(title="P", pages=1, source_name="p.pdf")

    def kinds(slide: Slide) -> list[str]:
        deck = SlideDeck(title="P", slides=[slide])
        context = SlideContext(1, slide, SlideMeasure(slide=1), deck, paper)
        return [issue.type for issue in bullet_defects(context)]

    shown = Slide(
        kind="bullets",
        title="Firms",
        bullets=[lead, "Firms rent capital"],
        equation="y_{t} = k_{t}^{\\alpha}",
        equation_lead=lead,
    )
    assert kinds(shown) == []
    # without its display, or away from it, the sentence points at what the slide lacks
    assert "dangling_pointer" in kinds(shown.model_copy(update={"equation": ""}))
    assert "dangling_pointer" in kinds(shown.model_copy(update={"equation_lead": "x"}))


def test_a_key_display_is_titled_by_what_its_lead_announces():
    def title(lead: str, taken: frozenset = frozenset({"The growth model"})) -> str:
        equation = Equation(tex="x = y", page=1, lead=lead, section="The growth model")
        return _display_title(equation, set(taken))

    assert title("Output is produced by the following Cobb–Douglas production function:") == (
        "Cobb–Douglas production function"
    )
    assert title("Consider the following VAR(p) model:") == "VAR(p) model"
    assert title("The approximation of the policy function is therefore:") == (
        "Approximation of the policy function"
    )
    # a phrase with a verb is no title, nor is one word: the section's, once more
    assert title("Using the same manipulations, the density can be rewritten as:") == (
        "The growth model (continued)"
    )
    assert title("Then we have:") == "The growth model (continued)"
    # no title left that no other slide has: not made (repeated_title would remove it)
    taken = frozenset({"The growth model", "The growth model (continued)"})
    assert title("Then we have:", taken) == ""


def test_a_display_cut_after_an_operator_is_not_shown():
    # its next line, the rest of the product, was not read with it: shown, it says less
    cut = "p(\\Phi ) \\propto |\\Sigma |^{-k/2} \\exp \\{- \\frac{1}{2} S\\} \\times"
    assert display_math.display_problem(cut) == "a display cut after an operator"
    assert display_math.clean_tex("p(\\Phi ) \\propto |\\Sigma |^{-k/2} \\exp \\{- S\\}")
