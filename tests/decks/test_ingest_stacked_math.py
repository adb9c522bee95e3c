"""Mathematics of running text that a line-by-line reading tears apart, read from the glyphs'
places and sizes, on a paper made for these tests (tests/fixtures/papers/ingest/stackedmath,
CC0, set in Times whose math letters are an italic text font):

- two scripts stacked on one base (p_0^3, x_i^2, χ²_ν): once read, the raised one was taken for
  a footnote mark of the word before and lost ("the point $p_{0}$");
- small fractions set with a rule (\\tfrac{1}{4}): once read as a base and its script
  ("$4^{1}$", another number); or with a slash in small type (\\sfrac{1}{2}): once "the ⁄2";
- square roots: the sign hangs a line above its radicand ("$\\surd$" there, "f" here);

in paragraphs and in figure captions. And the caption a slide shows keeps its formulas whole;
a caption whose formulas KaTeX cannot set is taken off, once, and the display stays."""

from __future__ import annotations

import re
import shutil

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.glyphs import Glyph, line_words, words_text
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.katex_check import KATEX, katex_checked, unpaired
from apps.decks.pipeline.paper import Figure, Paper
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.bullets import SentenceIndex
from apps.decks.pipeline.propose.captions import caption_text
from apps.decks.pipeline.propose.repair import FIXERS, Work, _untypeset
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.review.text_rules import caption_math
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.paper_text import formulas as formulas_of
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "stackedmath"
PDF = FOLDER / "tessera-stackedmath.pdf"


def _read(pdf, tmp_path_factory):
    return paper_read(pdf, tmp_path_factory.mktemp("stackedmath") / "figures")


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return _read(PDF, tmp_path_factory)


def _text(paper) -> str:
    return " ".join(p for s in paper.sections for p in s.paragraphs)


def test_two_scripts_stacked_on_one_base_are_both_read(paper):
    formulas = formulas_of(paper)
    for tex in ("$p_{0}^{3}$", "$p_{1}^{2}$", "$p_{3}^{0}$", "$x_{i}^{2}$", "$\\chi_{\\nu}^{2}$"):
        assert tex in formulas, (tex, sorted(formulas))
    # a base that lost one of its two scripts states another point
    assert not {"$p_{0}$", "$p_{1}$", "$p_{3}$"} & formulas, sorted(formulas)


def test_a_small_fraction_in_running_text_is_read_as_a_fraction(paper):
    formulas = formulas_of(paper)
    # with a rule (\\tfrac), and with a slash in small type after a word (xfrac's \\sfrac),
    # once "the ⁄2 point": its numerator taken for a footnote mark of "The"
    for tex in ("$t = \\tfrac{1}{4}$", "$\\tfrac{3}{4}$", "$\\tfrac{1}{2}$"):
        assert tex in formulas, (tex, sorted(formulas))
    assert not re.search(r"4\^\{[13]\}", _text(paper)), sorted(formulas)


def test_a_square_root_is_read_with_its_radicand(paper):
    formulas = formulas_of(paper)
    assert "$\\sqrt{f}$" in formulas, sorted(formulas)
    assert "/\\sqrt{2}" in _text(paper)
    assert "\\surd" not in _text(paper)


def test_captions_read_their_mathematics_as_paragraphs_do(paper):
    captions = {f.number: f.caption for f in paper.figures}
    assert "$p_{0}^{3}$" in captions[1], captions
    assert "\\tfrac{1}{4}" in captions[1] and "\\tfrac{3}{4}" in captions[1], captions
    assert "4^{" not in captions[1], captions
    assert "(m_{3},\\sqrt{f})" in captions[2], captions
    assert "$1\\sigma$" in captions[2] and "$\\chi_{\\nu}^{2}$" in captions[2], captions


def test_the_caption_a_slide_shows_keeps_its_formulas_whole():
    # a parenthesis opened in one formula and closed in another: once cut as an aside, the
    # slide showed "the plane $$ for which …", and Markdown read "$$" as a display's opening
    caption = (
        "The four regions enclosed by the solid lines, corresponding to four different values "
        "of $m_{2}$, show the points in the plane $(m_{3}$, $f)$ for which a 2TeV sgoldstino "
        "can explain the diboson excess within $1\\sigma$ and with $\\chi_{\\nu}^{2} < 2$ "
        "(at the usual confidence level)."
    )
    figure = Figure(
        id="fig-1",
        kind="figure",
        number=1,
        label="Figure 1",
        caption=caption,
        page=1,
        bbox=(0, 0, 100, 100),
        image="fig-1.png",
        width_px=800,
        height_px=600,
    )
    shown = caption_text(figure)
    assert not unpaired(shown), shown
    assert "$(m_{3}$, $f)$" in shown, shown


def test_a_caption_whose_formula_failed_is_taken_off_once_and_the_display_stays():
    caption = "The points in the plane $$ for which the fit is within $1\\sigma$."
    display = "\\chi_{\\nu}^{2} = \\frac{1}{\\nu} \\sum_{i} r_{i}^{2}"
    slide = Slide(
        kind="figure",
        title="Regions of a good fit",
        bullets=["The statistic compares the residuals with their spread:"],
        equation=display,
        figure="fig1",
        caption=caption,
    )
    issue = Issue(
        slide=1,
        type="broken_math",
        severity="high",
        message="KaTeX could not typeset",
        suggestion="",
        evidence={"errors": ["The points in the plane $$for which the fit is within$1\\sigma"]},
    )
    (after,), action = _untypeset(slide, issue, None)
    assert action and after.caption == "" and after.equation == display, after
    assert after.bullets == slide.bullets
    # asked again, nothing is left to change: no fix is claimed, and the loop stops
    assert _untypeset(after, issue, None) == ([after], "")


@pytest.mark.skipif(shutil.which("node") is None or not KATEX.exists(), reason="no KaTeX")
def test_a_caption_whose_dollars_do_not_pair_is_left_out_before_rendering():
    broken = Slide(
        kind="figure",
        title="Regions",
        figure="fig1",
        caption="The points in the plane $$ for which the fit is within $1\\sigma$.",
    )
    fine = Slide(kind="figure", title="Fit", figure="fig2", caption="A fit within $1\\sigma$.")
    deck = katex_checked(SlideDeck(title="P", slides=[broken, fine]))
    assert deck.slides[0].caption == "" and deck.slides[1] == fine


@needs_pdflatex
def test_the_source_still_builds_the_committed_paper(tmp_path, tmp_path_factory, paper):
    pdf = pdflatex_copy(FOLDER, "tessera-stackedmath.tex", tmp_path)
    rebuilt = _read(pdf, tmp_path_factory)
    assert formulas_of(rebuilt) == formulas_of(paper)
    assert [f.caption for f in rebuilt.figures] == [f.caption for f in paper.figures]


def test_an_unnamed_glyph_of_a_math_font_leaves_its_formula_unreadable():
    # MathPack's π drawn without a Unicode name: "¼πc_i" read without it is "¼c_i", another
    # angle; the formula is marked unreadable (broken_math drops it), never shown short
    def glyph(text: str, x0: float, font: str, size: float = 10, baseline: float = 100):
        return Glyph(
            text=text,
            x0=x0,
            x1=x0 + 5,
            top=baseline - 0.75 * size,
            bottom=baseline + 0.25 * size,
            size=size,
            font=font,
            baseline=baseline,
        )

    glyphs = [glyph("(cid:2)", 100, "MathPackTen"), glyph("c", 105, "MTMI")]
    assert "\ufffd" in words_text(line_words(glyphs))
    glyphs[0] = glyph("π", 100, "CMMI10")
    assert words_text(line_words(glyphs)) == "$\\pi c$"


def test_a_caption_with_broken_math_is_found_and_keeps_its_sentences_that_read_whole():
    figure = Figure(
        id="fig-1",
        kind="figure",
        number=1,
        label="Figure 1",
        caption=(
            "The chosen points of the contour at $t = 0, 4^{1}, 4^{3}, 1$ \\ufffd. "
            "The curve fitted to the contour is drawn over it."
        ).replace("\\ufffd", "$\ufffd$"),
        page=1,
        bbox=(0, 0, 100, 100),
        image="fig-1.png",
        width_px=800,
        height_px=600,
    )
    paper = Paper(title="P", pages=1, source_name="p.pdf", figures=[figure])
    slide = Slide(kind="figure", title="Chosen points", figure="fig-1", caption=figure.caption)
    deck = SlideDeck(title="P", slides=[slide])
    (issue,) = caption_math(SlideContext(1, slide, SlideMeasure(slide=1), deck, paper))
    assert issue.type == "broken_math" and issue.evidence["where"] == "caption"
    work = Work(BuiltinProposer(), paper, SentenceIndex(paper))
    (after,), action = FIXERS["broken_math"](slide, issue, work)
    assert action and after.caption == "The curve fitted to the contour is drawn over it.", after
    assert not list(caption_math(SlideContext(1, after, SlideMeasure(slide=1), deck, paper)))


def test_words_of_a_grammar_token_keep_their_space_in_the_formula():
    # "⟨option list⟩" set with a math font's brackets: math mode would set "⟨optionlist⟩"
    def glyph(text: str, x0: float, font: str = "CMR10"):
        return Glyph(
            text=text,
            x0=x0,
            x1=x0 + 5 * len(text),
            top=92.5,
            bottom=102.5,
            size=10,
            font=font,
            baseline=100,
        )

    glyphs = [glyph("⟨", 100, "CMSY10")]
    x = 105.0
    for letter in "option":
        glyphs.append(glyph(letter, x))
        x += 5
    x += 3.3  # a word space
    for letter in "list":
        glyphs.append(glyph(letter, x))
        x += 5
    glyphs.append(glyph("⟩", x, "CMSY10"))
    assert words_text(line_words(glyphs)) == "$\\langle \\mathrm{option}\\ \\mathrm{list}\\rangle$"


def test_quotes_around_a_symbol_stay_outside_its_formula():
    def glyph(text: str, x0: float, font: str):
        return Glyph(
            text=text, x0=x0, x1=x0 + 4, top=92.5, bottom=102.5, size=10, font=font, baseline=100
        )

    glyphs = [glyph("‘", 100, "Times-Roman"), glyph("m", 104, "MTMI"), glyph("’", 108, "Times")]
    assert words_text(line_words(glyphs)) == "‘$m$’"


def test_a_function_name_set_upright_inside_a_formula_stays_in_it():
    # "re-expressed as p/75 + ln p": once "$p/75 +$ ln $p$", a formula cut at its function
    def glyph(text: str, x0: float, font: str = "CMR10"):
        return Glyph(
            text=text, x0=x0, x1=x0 + 5, top=92.5, bottom=102.5, size=10, font=font, baseline=100
        )

    glyphs = [glyph("a", 100), glyph("s", 105)]
    glyphs += [glyph("p", 113, "CMMI10"), glyph("/", 118), glyph("7", 123), glyph("5", 128)]
    glyphs += [glyph("+", 136), glyph("l", 144), glyph("n", 149), glyph("p", 157, "CMMI10")]
    assert words_text(line_words(glyphs)) == "as $p/75 + \\ln p$"
