"""Displays broken over lines whose lines hold words in roman, and subscripts written before
their base, on a paper made for these tests (tests/fixtures/papers/ingest/wordydisplays, CC0,
a photon-transport note):

- a display whose first line holds words in roman ("P{absorbed at depth x, not scattered}")
  and whose second line goes on with an operator ("× P{re-emitted toward the surface from x}
  dx"): that line was read as prose and the display stopped after its first line, a formula
  that states something else; nor was a multline's first line, set at the column's left,
  found as a display at all;
- the words in roman keep their spaces (in math mode `\\mathrm{survive} \\mathrm{to}` sets
  "surviveto");
- prescripts (`{}_2F_1`, `{}_pF_q`) were read as factors: "2F_{1}", twice F_1;
- a long arrow, drawn as "−" joined to "→", was read as a minus before an arrow."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from apps.decks.pipeline.defects import text_defects
from apps.decks.pipeline.display_math import display_problem
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.glyphs import Glyph, line_words, words_text
from apps.decks.pipeline.ingest.long_arrows import long_arrows_joined
from apps.decks.pipeline.katex_check import refused
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.paper_text import formulas as formulas_of
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy
from tests.decks.test_context_symbols import _deck, _issues

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "wordydisplays"
PDF = FOLDER / "tessera-wordydisplays.pdf"


def _read(pdf, tmp_path_factory):
    return paper_read(pdf, tmp_path_factory.mktemp("wordydisplays") / "figures")


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return _read(PDF, tmp_path_factory)


def _text(paper) -> str:
    return " ".join(p for s in paper.sections for p in s.paragraphs)


def _display(paper, word: str) -> str:
    (tex,) = [e.tex for e in paper.equations if word in e.tex]
    return tex


def _words(tex: str) -> str:
    """The display's words in roman, read as a reader reads them."""
    tex = re.sub(r"\\(?:mathrm|text)\{([^{}]*)\}", r"\1", tex)
    return re.sub(r"\s+", " ", tex.replace("\\ ", " "))


def test_a_display_goes_on_in_its_line_that_opens_with_an_operator(paper):
    tex = _display(paper, "escape")
    # both factors under the integral, the second with its differential
    assert "absorbed at depth x, not scattered" in _words(tex), tex
    assert "\\times P\\{re-emitted toward the surface from x\\} dx" in _words(tex), tex
    assert "\\int_{0}^{L}" in tex
    tex = _display(paper, "loss")
    assert "\\sum_{k=1}^{2}" in tex
    assert "+ Q\\{trapped at the interface\\}(t)" in _words(tex), tex


def test_the_line_that_goes_on_is_no_prose(paper):
    text = _text(paper)
    assert "toward the surface from" not in text
    assert "trapped" not in text
    # the prose around the displays is all there
    assert "integrated over $x$ from the surface to the floor of the slab" in text
    assert "The second factor falls quickly with depth" in text


def test_a_continued_display_reads_whole_and_sets_in_katex(paper):
    for word in ("escape", "loss"):
        tex = _display(paper, word)
        assert display_problem(tex) is None, (tex, display_problem(tex))
        assert not refused([(tex, True)]), tex


def test_words_in_roman_keep_their_spaces(paper):
    tex = _display(paper, "escape")
    # "\mathrm{absorbed} \mathrm{at}" would be set "absorbedat" in math mode
    assert "\\mathrm{absorbed}\\ \\mathrm{at}\\ \\mathrm{depth}\\ x" in tex, tex
    assert not re.search(r"\\mathrm\{[a-z]+\} \\mathrm", tex), tex


def test_prescripts_are_read_before_their_base(paper):
    formulas = formulas_of(paper)
    for tex in ("${}_{2}F_{1}(a,b;c;z)$", "${}_{1}F_{1}(a; c; z)$", "${}_{p}F_{q}$"):
        assert tex in formulas, (tex, sorted(formulas))
    # read as a factor, "2F_{1}" is twice F_1
    assert not re.search(r"(?<![_{])[12p]F_", _text(paper)), sorted(formulas)
    assert "{}_{2}F_{1}(1, b; c; z)" in _display(paper, "infty")


def test_ordinary_subscripts_stay_after_their_base(paper):
    formulas = formulas_of(paper)
    assert "$m_{2}$" in formulas and "$x_{3}y$" in formulas, sorted(formulas)
    assert "{}_{2}" not in _text(paper).split("carbon layer")[1]


def test_an_operator_line_in_prose_stays_prose():
    rows = "\\begin{gathered} x = y + 1 \\\\ %s \\times (z + 2) \\end{gathered}"
    assert display_problem(rows % "") is not None  # a row without a relation
    assert display_problem(rows % "\\quad") is None  # the row above goes on in it
    # a prescript's empty base is no empty group; an empty group still is
    assert display_problem("{}_{2}F_{1}(a, b; c; z) = 1 + z") is None
    assert display_problem("f(x) = {} + z") == "an empty group"


def _glyph(
    text: str, x0: float, width: float, size: float, baseline: float, font: str = "CMMI10"
) -> Glyph:
    return Glyph(
        text=text,
        x0=x0,
        x1=x0 + width,
        top=baseline - 0.75 * size,
        bottom=baseline + 0.25 * size,
        size=size,
        font=font,
        baseline=baseline,
    )


def test_a_lowered_script_apart_from_the_word_before_and_kerned_onto_a_letter_is_a_prescript():
    word = [_glyph("a", 100, 5, 10, 100, "CMR10"), _glyph("t", 105, 4, 10, 100, "CMR10")]
    # "at ₀T_ij": the 0 stands a word gap after "at", T starts where it ends
    glyphs = [*word, _glyph("0", 113, 4, 7, 101.5), _glyph("T", 117.2, 6, 10, 100)]
    assert words_text(line_words(glyphs)) == "at ${}_{0}T$"
    # right after its base, a subscript of that base: T_0
    glyphs = [*word, _glyph("T", 113, 6, 10, 100), _glyph("0", 119, 4, 7, 101.5)]
    assert words_text(line_words(glyphs)) == "at $T_{0}$"
    # apart from the letter after it, a small number of its own, not a prescript
    glyphs = [*word, _glyph("0", 113, 4, 7, 101.5), _glyph("T", 121, 6, 10, 100)]
    assert "{}_" not in words_text(line_words(glyphs))


@needs_pdflatex
def test_the_rebuilt_paper_reads_the_same(tmp_path, tmp_path_factory):
    pdf = pdflatex_copy(FOLDER, "tessera-wordydisplays.tex", tmp_path)
    paper = _read(pdf, tmp_path_factory)
    assert "re-emitted toward the surface from x" in _words(_display(paper, "escape"))
    assert "${}_{2}F_{1}(a,b;c;z)$" in formulas_of(paper)


def test_a_long_arrow_is_read_as_one_arrow(paper):
    # TeX draws \longrightarrow as "−" joined to "→": read apart, "τ −→ ∞" set as "τ− → ∞"
    formulas = formulas_of(paper)
    for tex in (
        "$\\tau \\longrightarrow \\infty$",
        "$a \\leq 1 \\Longrightarrow T \\leq 1$",
        "$R \\longleftarrow I_{0}$",
    ):
        assert tex in formulas, (tex, sorted(formulas))
    assert not re.search(r"-\s*\\to|\\leftarrow\s*-|=\s*\\Rightarrow", _text(paper))
    assert not refused([(f.strip("$"), False) for f in formulas if "long" in f.lower()])


def test_a_minus_apart_from_the_arrow_after_it_stays_a_minus():
    def char(text, x0, x1):
        return {"text": text, "x0": x0, "x1": x1, "top": 100.0, "size": 10.0}

    joined = long_arrows_joined([char("−", 100, 107.8), char("→", 104.9, 114.9)])
    assert [c["text"] for c in joined] == ["⟶"] and joined[0]["x1"] == 114.9
    # "a − → b" set with a space between: two signs, as drawn
    apart = long_arrows_joined([char("−", 100, 107.8), char("→", 111, 121)])
    assert [c["text"] for c in apart] == ["−", "→"]


EMPTY_SLOT = "A missing parameter is marked by a bar; thus ${}_{1}G_{1} [$; $w] = \\cos w$"
WHOLE_RESULT = "The kernel ${}_{1}G_{1}(a; c; w)$ is bounded by $e^{w}$ for every real $w$"


@pytest.mark.parametrize(
    "bullet",
    [
        WHOLE_RESULT,
        "The interval $[0, 1)$ holds the density $f(x; \\theta)$ of each sample.",
        "The set $\\{1, \\ldots, n\\}$ indexes the pairs $(a, b]$ of every slab.",
        "The call `c(2,,1)` is R code, and $x = 1$ is its value.",
    ],
)
def test_a_formula_with_every_argument_is_not_reported(bullet):
    assert not any(kind == "broken_math" for kind, _ in text_defects(bullet))


def test_a_formula_whose_stacked_argument_was_lost_is_reported_and_not_shown():
    # "[−;−; w]" set with its dashes stacked: read line by line the dashes go, "[; w]" is left,
    # and the sentence says the bar marks what the formula no longer shows

    paper = Paper(
        title="Kernels of layered optics",
        abstract="We bound the transfer kernels of layered slabs.",
        pages=3,
        source_name="kernels.pdf",
        sections=[
            Section(title="Kernels", paragraphs=[f"{EMPTY_SLOT}. {WHOLE_RESULT}."]),
        ],
    )
    slide = Slide(kind="bullets", title="Transfer kernels", bullets=[EMPTY_SLOT, WHOLE_RESULT])
    deck = _deck(paper, slide)
    (issue,) = _issues(deck, paper, 2, "broken_math")
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, [issue], [])
    bullets = [b for s in revised.slides for b in s.bullets]
    assert not any("[$; $w]" in b for b in bullets), bullets
    assert WHOLE_RESULT in bullets
