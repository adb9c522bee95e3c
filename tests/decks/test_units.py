"""Fast checks of the pieces, each against the exact behaviour it names: sentences, bullets,
glyphs, crops, panels, markdown, limits, progress, the deck schema."""

import io
import re

import pytest
from PIL import Image, ImageDraw
from pydantic import ValidationError

from apps.decks import limits
from apps.decks.pipeline import text
from apps.decks.pipeline.crops import crop_clean, figure_crop_findings
from apps.decks.pipeline.ingest.glyphs import Glyph, line_words, words_text
from apps.decks.pipeline.ingest.panels import rearranged
from apps.decks.pipeline.paper import PageText
from apps.decks.pipeline.progress import Progress, TerminalBar, fraction_for
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import (
    BuiltinProposer,
    figure_title,
    footer_text,
    mention_bullet,
)
from apps.decks.pipeline.render.markdown import deck_markdown, headmatter, inline
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from apps.decks.progress_view import progress_view


def test_every_limit_has_help_text():
    for limit in limits.LIMITS.values():
        assert limit.help.strip().endswith("."), limit.name
        assert limit.value >= 0


@pytest.mark.parametrize(
    "sentence, expected",
    [
        (
            "However, the scheduler halves the runtime of every run [12].",
            "The scheduler halves the runtime of every run",
        ),
        (
            "In this paper, we show that caches matter for graph workloads (Smith et al., 2020).",
            "We show that caches matter for graph workloads",
        ),
        (
            # numbered citations separated by semicolons (natbib's numbers style)
            "Faust is a functional language for signal processing developed at Grame [1; 2].",
            "Faust is a functional language for signal processing developed at Grame",
        ),
        (
            # after a noun a citation only qualifies the subject: the sentence stands without it
            "The new fit [12] is closer to the measured cross sections than the older fits.",
            "The new fit is closer to the measured cross sections than the older fits",
        ),
    ],
)
def test_condense_removes_markers_and_citations(sentence, expected):
    assert text.condense(sentence, 24) == expected


@pytest.mark.parametrize(
    "sentence, max_words, kept, dropped",
    [
        (
            # a long sentence loses its asides, never a parenthesis that is a noun of it
            "A simple way of placing both plots on the same coordinate axes is to require that "
            "their (0,0) and (1,1) points coincide on the page, which we do with one command.",
            28,
            ["their (0,0) and (1,1) points"],
            [],
        ),
        (
            "The estimator (which we call the fast one, see below for the details of it) is "
            "consistent under the usual regularity conditions and converges quickly in practice.",
            20,
            ["The estimator is consistent"],
            ["which we call"],
        ),
        (
            "Each walker (a particle of the model) moves to the neighbour at (x, y) chosen "
            "uniformly among the free sites of the lattice.",
            20,
            ["at (x, y) chosen"],
            ["a particle"],
        ),
    ],
)
def test_condense_drops_asides_but_keeps_parentheses_that_are_nouns(
    sentence, max_words, kept, dropped
):
    bullet = text.condense(sentence, max_words)
    assert bullet is not None
    for words in kept:
        assert words in bullet
    for words in dropped:
        assert words not in bullet


@pytest.mark.parametrize(
    "sentence",
    [
        "As described in [1], the order is computed greedily by the authors of the study.",
        "We compute for each node u the sum q = d(u) over all of its neighbours in the graph.",
        "The code is at https://example.org/code and runs on every machine we have.",
        "Too short.",
        # a citation as the subject of its verb: without it the sentence has a hole
        "We found that [12] was closer to the measured cross sections than the older fits.",
        "Unlike the earlier simulations, [7] proposed a finer grid for the whole detector.",
        "The asymmetry agrees with what is reported in ref. [12] for the full data set.",
    ],
)
def test_condense_rejects_what_cannot_be_a_bullet(sentence):
    assert text.condense(sentence, 24) is None


def test_formulas_in_dollars_are_not_debris():
    kept = "With $\\zeta = 0.31$ the fitted system is underdamped and oscillates before settling."
    assert text.condense(kept, 24) == (
        "With $\\zeta = 0.31$ the fitted system is underdamped and oscillates before settling"
    )


def test_sentences_keep_abbreviations_together():
    parts = text.sentences(
        "Results agree with Fig. 3 of Smith et al. on all graphs. Next sentence here."
    )
    assert parts == [
        "Results agree with Fig. 3 of Smith et al. on all graphs.",
        "Next sentence here.",
    ]


def test_figure_refs_ignore_figures_of_other_papers():
    assert text.figure_refs("Figure 2 and Table 1 show it.") == [("figure", 2), ("table", 1)]
    assert text.figure_refs("Original Fig. 3 of Hastings and Powell shows it.") == []


def test_shorten_cuts_at_clauses_and_never_mid_sentence_without_ellipsis():
    sentence = (
        "The scheduler keeps every worker inside its own cache slice, which avoids most misses"
    )
    assert (
        text.shorten(sentence, 12) == "The scheduler keeps every worker inside its own cache slice"
    )
    unbreakable = "one two three four five six seven eight nine ten eleven twelve thirteen"
    assert text.shorten(unbreakable, 5) == unbreakable
    assert text.shorten(unbreakable, 5, ellipsis=True) == "one two three four five…"


def test_mention_bullet_drops_the_pointer_to_the_figure():
    bullet = mention_bullet(
        "Figure 3 shows that the speedup reaches 3.2 times on the web graph.", 24
    )
    assert bullet == "The speedup reaches 3.2 times on the web graph"
    assert mention_bullet("The parameter values used are given in Table 1 (b = 3).", 24) is None


@pytest.mark.parametrize(
    "kind, bullet, previous, expected",
    [
        (
            "dangling_connector",
            "However, the scheduler halves the runtime of every run",
            "",
            "The scheduler halves the runtime of every run",
        ),
        (
            "dangling_connector",
            "Despite the missing values, the model still predicts its stalls",
            "",
            "The model still predicts its stalls",
        ),
        ("dangling_connector", "and then the model is run again", "", None),
        (
            "unresolved_reference",
            "This visualisation does not always allow an exact ranking",
            "",
            "The visualisation does not always allow an exact ranking",
        ),
        (
            "unresolved_reference",
            "This motivated us to revisit the scheduler",
            "Cache stalls dominate the runtime of irregular workloads.",
            "Cache stalls dominate the runtime of irregular workloads; this motivated us to "
            "revisit the scheduler",
        ),
        ("unresolved_reference", "It is slow on every graph we tried", "", None),
        (
            "equation_number",
            "(18) G can then be computed for every distance",
            "",
            "G can then be computed for every distance",
        ),
        (
            "stray_glyph",
            "• Encoder: maps the hardware counters to the state",
            "",
            "Encoder: maps the hardware counters to the state",
        ),
        (
            "dangling_pointer",
            "The damping ratio is read from the fitted coefficients of Eq. 4",
            "",
            "The damping ratio is read from the fitted coefficients",
        ),
        ("dangling_pointer", "We can get back to Eq. 4", "", None),
        ("meta_text", "Section 3 lists the experimental validation process", "", None),
    ],
)
def test_each_text_defect_has_its_fix(kind, bullet, previous, expected):
    assert bullets.fix(kind, bullet, bullets.Source(previous=previous)) == expected


def test_rewrite_applies_every_fix_a_bullet_needs():
    assert bullets.rewrite("N In addition, the model predicts the stall time") == (
        "The model predicts the stall time"
    )
    assert bullets.rewrite("Thepredictionerrorgrowswhenthereleaserate changes") is None


def _glyphs(spec: str, x: float = 50.0, gap: float = 2.5, size: float = 10.0, font="Regular"):
    """Glyphs of a line, 5 pt per letter, `gap` pt between words, baseline at y=100."""
    glyphs = []
    for word in spec.split(" "):
        for letter in word:
            glyphs.append(Glyph(letter, x, x + 5, 92, 102, size, font, baseline=100))
            x += 5
        x += gap
    return glyphs


def test_words_come_from_gaps_even_when_letters_are_set_tight():
    loose = line_words(_glyphs("the model costs little per step", gap=2.6))
    tight = line_words(_glyphs("the model costs little per step", gap=0.8))
    assert [w.text for w in loose] == ["the", "model", "costs", "little", "per", "step"]
    assert [w.text for w in tight] == ["the", "model", "costs", "little", "per", "step"]


def test_scripts_accents_and_marks_from_positions_and_sizes():
    base = _glyphs("with")
    omega = Glyph("ω", 75, 81, 92, 102, 10, "CMMI10", baseline=100)
    sub = Glyph("0", 81, 84, 96, 103, 7, "CMR7", baseline=101.5)
    sup = Glyph("2", 81, 84, 90, 97, 7, "CMR7", baseline=96.0)
    s = Glyph("s", 90, 94, 92, 102, 10, "CMMI10", baseline=100)
    hat = Glyph("ˆ", 90.5, 93.5, 90, 100, 10, "CMR10", baseline=100)
    words = line_words([*base, omega, sub, sup, s, hat])
    assert words_text(words) == "with $\\omega_{0}^{2} \\hat{s}$"
    name = _glyphs("Topalidou")
    mark = Glyph("1", name[-1].x1, name[-1].x1 + 3, 88, 95, 6, "Regular", baseline=95.5)
    assert [w.text for w in line_words([*name, mark])] == ["Topalidou"]


def test_a_crop_is_cleaned_of_foreign_lines_and_takes_its_cut_labels():
    header = PageText(bbox=(100, 95, 300, 103), kind="header", text="Journal 12")
    label = PageText(bbox=(290, 150, 330, 158), kind="label", text="time (s)")
    x0, top, x1, bottom = crop_clean((100, 98, 300, 250), [header, label])
    assert top > 103 and x1 >= 330 and (x0, bottom) == (100, 250)
    from apps.decks.pipeline.paper import Figure

    figure = Figure(
        id="fig-1",
        kind="figure",
        number=1,
        label="Figure 1",
        caption="c",
        page=1,
        bbox=(x0, top, x1, bottom),
        image="fig-1.png",
        width_px=10,
        height_px=10,
        nearby=[header, label],
    )
    assert figure_crop_findings(figure) == ([], [])


def test_a_tall_stack_of_panels_is_laid_side_by_side():
    image = Image.new("RGB", (300, 900), "white")
    draw = ImageDraw.Draw(image)
    for top in (20, 320, 620):
        draw.rectangle((20, top, 280, top + 250), outline="black", width=4)
    laid, panels = rearranged(image)
    assert panels == 3 and laid.width > laid.height
    wide = Image.new("RGB", (900, 300), "white")
    assert rearranged(wide) == (wide, 1)


def test_a_tall_grid_of_panels_is_laid_in_fewer_rows_with_each_panels_title():
    """Three rows of two panels, each with a title over it set apart by more white than the
    gap between two panels of a row (so that it is a strip of its own); laid out as two rows of
    three, each title over its own panel."""
    image = Image.new("RGB", (600, 1000), "white")
    draw = ImageDraw.Draw(image)
    for row in range(3):
        for column in range(2):
            x, y = 30 + column * 290, 20 + row * 330
            draw.rectangle((x + 60, y + 30, x + 200, y + 44), fill="black")  # its title
            draw.rectangle((x, y + 60, x + 260, y + 300), outline="black", width=4)
    laid, panels = rearranged(image)
    assert panels == 6
    assert laid.width > 1.4 * laid.height
    grey = laid.convert("L")
    dark = [
        sum(1 for x in range(laid.width) if grey.getpixel((x, y)) < 50) for y in range(laid.height)
    ]
    titles = [y for y, n in enumerate(dark) if 3 * 130 <= n <= 3 * 150]  # three titles, no frame
    frames = [y for y, n in enumerate(dark) if n >= 3 * 250]  # three frames' top or bottom edge
    starts = [y for y in titles if y - 1 not in titles]
    assert len(starts) == 2  # two rows of three titles
    for start in starts:  # each row of titles right over a row of frames: a title with its panel
        assert any(0 < y - start < 40 for y in frames), start


def _deck(slides):
    return SlideDeck(title="T", authors=["A B"], doi="10.1/x", slides=slides)


def test_markdown_escapes_paper_text_and_keeps_math(generated_paper):
    paper, _ = generated_paper
    hostile = "<script>alert(1)</script> {{ \\$slidev.nav }} costs \\$5 --- and <b>more</b> *x*"
    deck = _deck(
        [
            Slide(kind="title", title="T"),
            Slide(kind="bullets", title=hostile, bullets=[hostile, "---", "ω is $\\omega_0^2$"]),
            Slide(kind="figure", title="F", figure="fig-1", bullets=[hostile], caption=hostile),
        ]
    )
    markdown = deck_markdown(deck, paper)
    assert "<script>" not in markdown and "<b>more" not in markdown and "*x*" not in markdown
    assert "{{" not in markdown and not re.search(r"(?<!\\)\$slidev", markdown)
    assert "$\\omega_0^2$" in markdown
    separators = re.findall(r"^---\s*$", markdown, re.M)
    assert len(separators) == 2 * len(deck.slides), "paper text became a separator"
    assert inline("a {{b}} c") == "a { {b} } c"


def test_slides_are_slidev_markdown_without_html_or_inline_style(generated_paper):
    paper, _ = generated_paper
    markdown = deck_markdown(BuiltinProposer().propose(paper), paper)
    assert not re.search(r"<(div|ul|li|span|img|figure|p)\b|style=", markdown)
    assert re.findall(r"^layout: (\S+)$", markdown, re.M)[0] == "cover"
    assert set(re.findall(r"^layout: (\S+)$", markdown, re.M)) <= {
        "cover",
        "default",
        "two-cols-header",
        "image-right",
        "section",
        "end",
    }
    assert re.search(r"^- \S", markdown, re.M) and re.search(r"^!\[Figure \d+\]", markdown, re.M)
    sources = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", markdown)
    assert sources and all(s.startswith("./figures/") for s in sources)
    assert "http://" not in markdown and "https://" not in markdown


def test_headmatter_works_offline():
    head = headmatter(_deck([Slide(kind="title", title="T")]))
    assert head["fonts"] == {"provider": "none"} and head["routerMode"] == "hash"
    assert "http" not in str(head)


def test_deck_schema_refuses_unknown_fields_and_oversized_content():
    with pytest.raises(ValidationError):
        Slide.model_validate({"kind": "bullets", "title": "x", "script": "alert(1)"})
    with pytest.raises(ValidationError):
        Slide(kind="bullets", title="x", bullets=["word " * 200])
    with pytest.raises(ValidationError):
        Slide(kind="figure", title="x", fit="stretch")


def test_figure_title_is_short_and_free_of_panel_labels(generated_paper):
    paper, _ = generated_paper
    figure = paper.figure("fig-1").model_copy(
        update={
            "caption": "(a) and (b) Runtime of five graph algorithms with the baseline and the "
            "cache-aware scheduler on all graphs we used. Second sentence."
        }
    )
    assert figure_title(figure) == "Runtime of five graph algorithms"


def test_footer_names_first_author_and_venue(generated_paper):
    paper, _ = generated_paper
    assert footer_text(paper) == "Lovelace et al. · Journal of Reproducible Tests 2026"


def test_progress_fractions_grow_through_a_run():
    steps = [
        fraction_for("ingest", part=0.0),
        fraction_for("propose"),
        fraction_for("build", 1, 3),
        fraction_for("render", 1, 3, 0.5),
        fraction_for("review", 1, 3),
        fraction_for("build", 2, 3),
        fraction_for("render", 3, 3, 1.0),
        fraction_for("export", part=0.5),
        fraction_for("done"),
    ]
    assert steps == sorted(steps) and steps[-1] == 1.0


def test_the_progress_panel_words_are_made_on_the_server():
    progress = {
        "phase": "render",
        "round": 2,
        "rounds": 5,
        "slide": 3,
        "slides": 4,
        "message": "round 2 of 5: rendering slide 3/4",
    }
    view = progress_view({"status": "running", "rounds": 5, "progress": progress, "percent": 41})
    assert view["label"] == "Rendering every slide"
    assert view["message"] == "Round 2 of 5: rendering slide 3/4"
    assert (view["round_text"], view["slide_text"]) == ("2 of 5", "3 of 4")
    assert view["tiles"] == ["done", "done", "current", "todo"]
    assert [s["state"] for s in view["steps"]] == ["done", "done", "current", "todo"]
    queued = progress_view({"status": "queued", "rounds": 5, "progress": {}, "percent": 0})
    assert queued["label"] == "Queued" and queued["round_text"] == "– of 5"


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_terminal_bar_draws_on_a_tty_only():
    event = Progress(phase="render", message="round 1 of 5: rendering slide 3/12", fraction=0.3)
    tty = _Tty()
    bar = TerminalBar(tty)
    bar(event)
    bar.close()
    assert "rendering slide 3/12" in tty.getvalue() and "\r" in tty.getvalue()
    plain = io.StringIO()
    TerminalBar(plain)(event)
    assert plain.getvalue() == ""


def test_every_issue_type_is_known_and_documented():
    """The rules emit only the types of issues.ISSUE_TYPES, and docs/decks.md has a row for
    each: the types are the contract between reviewer, proposers and readers."""
    from pathlib import Path

    from apps.decks.pipeline.issues import ISSUE_TYPES
    from apps.decks.pipeline.review import text_rules

    review_dir = Path(text_rules.__file__).parent
    emitted = set()
    for module in review_dir.glob("*_rules.py"):
        source = module.read_text()
        emitted |= set(re.findall(r'c\.issue\(\s*"(\w+)"', source))
        emitted |= set(re.findall(r'type="(\w+)"', source))
    emitted |= set(text_rules.MESSAGES)
    assert emitted <= set(ISSUE_TYPES), emitted - set(ISSUE_TYPES)
    docs = (Path(__file__).resolve().parents[2] / "docs" / "decks.md").read_text()
    undocumented = [t for t in ISSUE_TYPES if f"`{t}`" not in docs]
    assert undocumented == []


@pytest.mark.parametrize(
    ("font", "text", "mathy"),
    [
        ("CGWJZN+STIXTwoText-Regular-Identity-H", "of", False),
        ("LMUKHA+STIXTwoText-Italic-Identity-H", "is", False),
        ("STIXGeneral-Regular", "the", False),
        ("XITS-Italic", "up", False),
        ("FWZIAO+STIXTwoMath-Regular-Identity-H", "x", True),
        ("XITSMath", "x", True),
        ("STIXSizeOneSym-Regular", "x", True),
        ("CMMI10", "x", True),
    ],
)
def test_a_text_face_of_a_math_family_sets_prose(font, text, mathy):
    # Papers set with unicode-math (STIX Two, XITS) put their prose in the family's text face;
    # reading that face as math wrapped every word of a sentence in $…$ ("the number $of$ claims").
    glyph = Glyph(text, 70, 80, 92, 102, 10, font, baseline=100)
    assert glyph.mathy is mathy
