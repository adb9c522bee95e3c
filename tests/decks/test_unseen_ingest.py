"""Ingestion classes seen on papers of other fields: caption labels set apart, narrow gutters,
TeX fonts and headings, dingbat text maps, sideways figures, code above plots; and the text
defects found while reading those decks. Hand-built page segments and generated PDFs."""

import pytest

from apps.decks.pipeline import defects, display_math, text
from apps.decks.pipeline.ingest.captions import captions_find
from apps.decks.pipeline.ingest.layout import Layout, Segment, Word
from apps.decks.pipeline.ingest.structure import abstract_find, authors_find, heading_of, title_find
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide
from tests.decks import paperfactory
from tests.decks.test_review_rules import SENTENCE, _paper, measure, slide_review

# ------------------------------------------------------------------------------- ingestion


def _segment(text_: str, x0: float, top: float, size: float = 10.0, font: str = "Times-Roman"):
    words, x = [], x0
    for token in text_.split():
        width = 0.5 * size * len(token)
        words.append(Word(token, x, x + width, top, top + size, size, font))
        x += width + 0.3 * size
    return Segment(page=1, words=words)


def _layout(segments: list[Segment], body: float = 10.0) -> Layout:
    return Layout(pages=[segments], page_sizes=[(612.0, 792.0)], body_size=body, columns=[])


def test_a_caption_label_set_apart_keeps_its_first_line():
    label = _segment("Figure 1:", 80, 600, font="Times-Bold")
    first = _segment("Linear-regression-based tree for the housing data. The plots", 140, 600)
    second = _segment("give partial scatter plots for two regressors.", 80, 612)
    (caption,) = captions_find(_layout([label, first, second]))
    assert caption.text.startswith("Linear-regression-based tree for the housing data.")
    assert caption.text.endswith("give partial scatter plots for two regressors.")


def test_a_caption_beside_a_narrow_gutter_takes_no_line_of_the_other_column():
    caption_line = _segment("Figure 2: Taxonomic diversity for the", 72, 400)
    other_column = _segment("are first converted to a hierarchic tree", 300, 412)
    own_line = _segment("dune meadow data.", 72, 412)
    (caption,) = captions_find(_layout([caption_line, other_column, own_line]))
    assert caption.text == "Taxonomic diversity for the dune meadow data."


def test_tex_bold_faces_headings_a_size_smaller_and_a_file_name_title():
    assert _segment("Methods", 72, 100, font="ABCDEF+CMBX10").bold
    assert _segment("Methods", 72, 100, font="ABCDEF+SFBX1000").bold
    assert not _segment("Methods", 72, 100, font="ABCDEF+CMR10").bold
    layout = _layout([])
    heading = heading_of(layout, _segment("I. INTRODUCTION", 72, 300, 9.0, "XYZ+CMBX9"))
    assert heading is not None and heading.title == "Introduction" and heading.level == 1
    assert heading_of(layout, _segment("Usage notes", 72, 300, 9.0, "XYZ+CMBX9")) is None
    title = _segment("Manuscript Title: with Forced Linebreak", 150, 52, 12.0, "XYZ+CMBX12")
    body = _segment("An article usually includes an abstract of the work.", 72, 300)
    found, _ = title_find(_layout([title, body]), "apssamp.dvi")
    assert found == "Manuscript Title: with Forced Linebreak"
    assert title_find(_layout([body]), "apssamp.dvi")[0] == ""


def test_italic_addresses_are_not_the_abstract():
    title = _segment("A Study of Things", 150, 52, 16.0, "Times-Bold")
    address = _segment("Second institution and/or address of the authors here", 150, 90)
    address.words = [
        Word(w.text, w.x0, w.x1, w.top, w.bottom, 9.0, "XYZ+CMTI9") for w in address.words
    ]
    address.refresh()
    lines = [_segment(SENTENCE + " and more words here.", 72, 120 + 12 * i) for i in range(5)]
    abstract = abstract_find(_layout([title, address, *lines]), None, title)
    assert "institution" not in abstract and abstract.startswith(SENTENCE)


def test_the_authors_addresses_at_the_end_get_no_slide():
    paragraphs = [SENTENCE + ". " + SENTENCE.replace("every", "each") + "."] * 6
    paper = Paper(
        title="Conditional inference",
        authors=["Torsten Hothorn", "Kurt Hornik"],
        pages=4,
        source_name="p.pdf",
        sections=[
            Section(title="Introduction", paragraphs=paragraphs),
            Section(title="Method", paragraphs=paragraphs),
            Section(title="Torsten Hothorn, Kurt Hornik", paragraphs=paragraphs),
        ],
    )
    deck = BuiltinProposer().propose(paper)
    assert all("Hothorn" not in s.title for s in deck.slides[1:])
    assert text.word_count(" ".join(b for s in deck.slides for b in s.bullets)) > 0


def _dingbat_type3_pdf(path, words: str):
    """A page in a bitmap-like Type 3 font whose glyphs are named `/aNN` after their codes and
    whose ToUnicode map gives the ZapfDingbats glyph of each name (as some TeX tool chains
    write it): pdfplumber reads "❡" for "a"."""
    codes = sorted({ord(c) for c in words if c != " "})
    procs = {c: b"10 0 0 0 8 8 d1 1 1 6 6 re f" for c in codes}
    cmap = "\n".join(f"<{c:02X}> <{0x2700 + c:04X}>" for c in codes)
    to_unicode = (
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /D def "
        "1 begincodespacerange <00> <FF> endcodespacerange "
        f"{len(codes)} beginbfchar\n{cmap}\nendbfchar endcmap CMapName currentdict /CMap "
        "defineresource pop end end"
    ).encode()
    text = " ".join(f"({w}) Tj {10 * (len(w) + 1)} 0 Td" for w in words.split())
    content = f"BT /F1 10 Tf 72 700 Td {text} ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    ]
    first_proc = 8
    char_procs = " ".join(f"/a{c} {first_proc + i} 0 R" for i, c in enumerate(codes))
    differences = " ".join(f"{c} /a{c}" for c in codes)
    widths = " ".join("10" if c in codes else "0" for c in range(codes[0], codes[-1] + 1))
    objects.append(
        (
            f"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 10 10] "
            f"/FontMatrix [0.1 0 0 0.1 0 0] /CharProcs 6 0 R "
            f"/Encoding << /Type /Encoding /Differences [{differences}] >> "
            f"/FirstChar {codes[0]} /LastChar {codes[-1]} /Widths [{widths}] "
            f"/ToUnicode 7 0 R /Resources << >> >>"
        ).encode()
    )
    objects.append(f"<< {char_procs} >>".encode())
    objects.append(b"<< /Length %d >>\nstream\n" % len(to_unicode) + to_unicode + b"\nendstream")
    for c in codes:
        objects.append(b"<< /Length %d >>\nstream\n" % len(procs[c]) + procs[c] + b"\nendstream")
    return paperfactory.objects_pdf(path, objects)


def test_a_text_map_that_reads_glyph_names_as_dingbats_is_repaired(tmp_path):
    import pdfplumber

    from apps.decks.pipeline.ingest.layout import layout_read

    pdf_path = _dingbat_type3_pdf(tmp_path / "dingbats.pdf", "replicated point patterns")
    with pdfplumber.open(pdf_path) as pdf:
        assert "".join(c["text"] for c in pdf.pages[0].chars).startswith("❲❥❰")  # as read
        layout = layout_read(pdf)
    words = " ".join(s.text for s in layout.segments(None))
    assert words.split() == ["replicated", "point", "patterns"], words


@pytest.mark.parametrize(
    "bullet, kind",
    [
        (
            "Numerous LAT X templates have been examined, and their unique E features kept",
            "stray_glyph",
        ),
        ("$•$ the rights management text on the first page of the article", "stray_glyph"),
        ("## EA TA EAp EAn TAp TAn ## ASE", "stray_glyph"),
        ("Read them into the clipboard and go on with the analysis", "leaning_reference"),
    ],
)
def test_logos_read_apart_code_output_and_early_pronouns_are_named(bullet, kind):
    assert kind in {k for k, _ in defects.text_defects(bullet)}, defects.text_defects(bullet)


def test_tex_logos_read_apart_are_written_whole():
    sentence = "The use of BibT X for one’s E references and of LAT X templates is recommended"
    assert text.clean(sentence) == (
        "The use of BibTeX for one’s references and of LaTeX templates is recommended"
    )
    assert text.clean("Vitamin E helps; LaTeX is fine") == "Vitamin E helps; LaTeX is fine"
    assert not defects.text_defects(text.clean(sentence))


def test_greek_scripts_flattened_in_a_display_read_broken():
    tex = "h(\\mu ) = \\beta 0 + \\beta 1 \\cdot x1,i,g"
    assert display_math.display_problem(tex) == "a script flattened onto the line"
    assert display_math.display_problem("h(\\mu ) = \\beta_{0} + 2 \\cdot x_{1}") is None


def test_an_announcement_and_a_pronoun_after_a_lone_adverb_are_named():
    assert defects.meta_text("We will state some goals and design principles in advance")
    assert defects.leaning_reference("Computationally, this means that the model is refitted")
    assert defects.leaning_reference("Standard errors fail under dependence; this is why") is None


def test_a_bold_capital_title_at_the_body_size_and_small_capital_headings():
    title = _segment("QUANTILE REGRESSION IN R: A VIGNETTE", 150, 150, 10.0, "XYZ+CMBX10")
    author = _segment("ROGER KOENKER", 200, 181, 8.0, "XYZ+CMR8")
    body = _segment(SENTENCE + " and more words here.", 72, 400)
    layout = _layout([title, author, body])
    found, segment = title_find(layout, "")
    assert found == "Quantile regression in R: a vignette" and segment is title
    assert authors_find(layout, segment) == ["Roger Koenker"]
    heading = heading_of(layout, _segment("1. Introduction", 72, 300, 10.0, "XYZ+CMCSC10"))
    assert heading is not None and heading.title == "Introduction"
    assert (
        heading_of(layout, _segment("Introduction to the data", 72, 300, 10.0, "XYZ+CMR10")) is None
    )


@pytest.mark.parametrize(
    "bullet, kind",
    [
        ("In the first situation, there are many ways to set the weights", "unresolved_reference"),
        (
            "Note that with $\\rho$ the pairs are not associated with each other",
            "dangling_connector",
        ),
        ("We also set $w_{ii} = 0$. where $w_{ij}$ is the weight of the pair", "broken_sentence"),
        ("An object of class correlogram is returned as above for the data", "dangling_pointer"),
        (
            "Because of the simpler code, this is no more possible in the package",
            "leaning_reference",
        ),
        ("Even worse is a Cox model that treats the group as a covariate", "dangling_connector"),
        ("We can think of them as balance and then model", "leaning_reference"),
    ],
)
def test_openings_and_run_ons_seen_in_phylogenetics_and_survival_papers(bullet, kind):
    assert kind in {k for k, _ in defects.text_defects(bullet)}, defects.text_defects(bullet)
    assert not defects.text_defects("In the second experiment the error falls by 20%")


def test_tex_source_in_prose_is_broken_math_but_a_price_is_not():
    assert defects.broken_math("A bold $\\alpha$ is typeset as \\$\\bm{\\alpha}\\$ in the text")
    assert defects.broken_math("Use the \\section{title} command for a heading")
    assert defects.broken_math("The licence costs \\$5 per seat and year") is None


def _sideways_figure_pdf(path):
    """A page whose figure is a landscape plot turned to fit (all its labels run up the page),
    with a caption and body text under it."""
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 10)
    pdf.rect(200, 330, 200, 400)  # the plot, taller than wide on the page
    for n in range(8):
        pdf.line(230 + 20 * n, 350, 230 + 20 * n, 700)
        pdf.saveState()
        pdf.translate(225 + 20 * n, 420)
        pdf.rotate(90)
        pdf.drawString(0, 0, f"Node {n} (n = {10 * n + 3})")
        pdf.restoreState()
    pdf.drawString(72, 300, "Figure 1: A tree of regression models drawn sideways on its page.")
    for line in range(12):
        pdf.drawString(72, 270 - 12 * line, SENTENCE + " and so the text goes on here.")
    pdf.showPage()
    pdf.save()
    return path


def test_a_figure_set_sideways_is_turned_upright(tmp_path):
    from PIL import Image

    from apps.decks.pipeline.ingest import paper_read

    paper = paper_read(_sideways_figure_pdf(tmp_path / "sideways.pdf"), tmp_path / "figures")
    (figure,) = paper.figures
    assert figure.width_px > figure.height_px  # the plot is taller than wide on the page
    with Image.open(tmp_path / "figures" / figure.image) as image:
        assert image.size == (figure.width_px, figure.height_px)


@pytest.mark.parametrize(
    "bullet, kind",
    [
        (
            "Function radfit compares the models using al- where ternatively the criteria",
            "broken_sentence",
        ),
        (
            "The default Poisson error looks appropriate, and our example data set gives",
            "broken_sentence",
        ),
        ("The estimate reduces to the bias-corrected form of eq", "broken_sentence"),
        (
            "The variance estimators concern the number of unseen species like previously",
            "dangling_pointer",
        ),
    ],
)
def test_words_split_across_a_line_cut_sentences_and_like_previously(bullet, kind):
    assert kind in {k for k, _ in defects.text_defects(bullet)}, defects.text_defects(bullet)
    assert not defects.text_defects("The values of pre- and post-treatment scores differ by 4%")
    caption = (
        "Ranked abundance models for a random plot (no. 33). The best model has the lowest aic."
    )
    assert text.sentences(caption)[0] == "Ranked abundance models for a random plot (no. 33)."


def test_run_in_headings_list_numbers_and_leading_asides_in_a_spatial_statistics_vignette():
    assert bullets.rewrite(
        "10.1.1 Design covariates The variables in the trend are covariates"
    ) == ("The variables in the trend are covariates")
    assert bullets.rewrite("3. plot the residuals of the individual fits") == (
        "Plot the residuals of the individual fits"
    )
    aside = "(unlike the situation for data frames) the operations need not be vectorised"
    assert defects.dangling_connector(aside) == "(unlike the situation for data frames)"
    assert defects.dangling_connector("More generally it applies to designed experiments")
    assert defects.meta_text("For further detail, see Chapter 16 of the book")
    assert not defects.text_defects("2.5 million people live in the city")


def test_code_echoed_above_a_plot_is_foreign_to_its_crop():
    from apps.decks.pipeline.crops import crop_clean
    from apps.decks.pipeline.ingest.figure_text import page_texts
    from apps.decks.pipeline.ingest.figures import Box

    code = [
        _segment("> taus <- c(.05,.1,.25,.75,.90,.95)", 100, 100, 10.0, "XYZ+CMSLTT10"),
        _segment("> for(i in 1:length(taus)){", 100, 112, 10.0, "XYZ+CMSLTT10"),
        _segment("}", 120, 124, 10.0, "XYZ+CMSLTT10"),
    ]
    labels = [_segment("Household Income", 200, 380, 8.0), _segment("1000 2000", 150, 370, 8.0)]
    layout = _layout([*code, *labels])
    box = Box(90, 95, 420, 395, True)
    nearby = page_texts(layout, 1, box, [])
    kinds = {t.text: t.kind for t in nearby}
    assert kinds["> taus <- c(.05,.1,.25,.75,.90,.95)"] == "body" and kinds["}"] == "body"
    assert kinds["Household Income"] == "label"
    cleaned = crop_clean((box.x0, box.top, box.x1, box.bottom), nearby)
    assert cleaned[1] > 134 and cleaned[3] >= 388  # the code is out, the axis label kept


def test_references_in_small_capitals_end_the_body_and_the_vignette_offers_is_meta():
    layout = _layout([])
    references = heading_of(layout, _segment("References", 72, 300, 10.0, "XYZ+CMCSC10"))
    assert references is not None and references.title == "References"
    assert heading_of(layout, _segment("References", 72, 300, 10.0, "XYZ+CMR10")) is None
    assert defects.meta_text("The vignette offers a brief tutorial introduction to the package")


def test_a_pronoun_before_a_verb_is_not_made_a_determiner():
    assert (
        bullets.resolve_reference(
            "These simply tell us which items go on which scales", bullets.Source()
        )
        is None
    )
    assert (
        bullets.resolve_reference("This parallels the operation of alpha", bullets.Source()) is None
    )
    assert bullets.resolve_reference(
        "This visualisation does show the spread", bullets.Source()
    ) == ("The visualisation does show the spread")
    assert defects.dangling_connector("Even easier is to use the read.file function")
    assert defects.absent_pointer("We find the 6 scales as we did before")


def test_small_labels_in_a_compared_pair_are_low_so_the_pair_is_kept():
    from tests.decks.test_review_rules import image_box

    paper = _paper(2)
    for index in (0, 1):
        paper.figures[index] = paper.figures[index].model_copy(update={"text_pt": 6.0})
    alone = Slide(kind="figure", title="Result", figure="fig-1", bullets=[SENTENCE])
    pair = alone.model_copy(update={"figure_pair": "fig-2"})
    box = image_box(w=250, h=150)
    severity = {
        name: next(
            i.severity
            for i in slide_review(s, measure(images=[box]), paper)
            if i.type == "figure_text_small"
        )
        for name, s in (("alone", alone), ("pair", pair))
    }
    assert severity == {"alone": "medium", "pair": "low"}


def test_a_heading_that_opens_with_a_connector_word_is_a_title():
    kinds = {
        title: {
            i.type
            for i in slide_review(
                Slide(kind="bullets", title=title, bullets=[SENTENCE, SENTENCE]), measure()
            )
        }
        for title in ("Further functionality: bootstrap covariances", "However, the model fails")
    }
    assert "dangling_connector" not in kinds["Further functionality: bootstrap covariances"]
    assert "dangling_connector" in kinds["However, the model fails"]


def test_a_merged_bullet_never_repeats_a_sentence_already_shown():
    from apps.decks.pipeline.propose.builtin import _without_repeated_antecedents

    shown = "In the old version the formula followed the taxonomic hierarchy"
    merged = f"{shown}; not respecting this order resulted in an error"
    other = "Variable transformations were allowed on the left-hand side"
    assert _without_repeated_antecedents([merged, other], {shown.lower()}) == [other]
    assert _without_repeated_antecedents([shown, merged, other], set()) == [merged, other]


@pytest.mark.parametrize(
    "bullet, kind",
    [
        ("(informally stated) \\cite {key}, or \\cite {optarg+key}", "broken_math"),
        ("Use the \\nonumber command at the end of each line", "broken_math"),
        ("26, but quantitative estimators are based on abundances", "stray_glyph"),
        ("The parameter of the series can be used as a diversity index: plots", "broken_sentence"),
    ],
)
def test_tex_commands_numbers_left_before_a_clause_and_a_colon_cut(bullet, kind):
    assert kind in {k for k, _ in defects.text_defects(bullet)}, defects.text_defects(bullet)
    assert not defects.text_defects("Gittleman \\& Kot developed the approach in 1990")
    assert (
        bullets.rewrite("Even worse is a Cox model that treated the group as a covariate") is None
    )


def test_closing_remarks_of_a_vignette_are_named():
    assert defects.dangling_connector("Inevitably, new applications will demand new features")
    assert defects.unresolved_reference("In either case users will send comments")
    assert defects.meta_text("The document will be periodically updated in the distribution")
    assert defects.meta_text("See the R command vignette() for details")
    assert not defects.text_defects("Seeds were collected from 40 plots in 2019")


def test_a_figure_slide_drafts_its_bullets_without_defects():
    from apps.decks.pipeline.paper import Mention

    paper = _paper(1)
    figure = paper.figures[0].model_copy(
        update={
            "mentions": [
                Mention(text="Our example data set in Figure 1 gives", section="Part 1"),
                Mention(
                    text="However, the counts in Figure 1 fall by 30% after the change.",
                    section="Part 1",
                ),
            ]
        }
    )
    slide = BuiltinProposer().figure_slide(figure, set())
    assert slide.bullets and all(not defects.text_defects(b) for b in slide.bullets), slide.bullets


def test_a_pronoun_is_never_made_a_determiner_of_a_verb_or_an_article():
    # "This arises in …" made "The arises in …", "Unfortunately such an interface …" made "The
    # an interface …": a rewrite that breaks the sentence is no rewrite.
    for sentence in (
        "This arises in Bayesian inference when the prior is improper",
        "This converges to the stationary law after a few hundred steps",
        "Such an interface for generalised torques is not provided",
        "Such a model cannot be fitted by least squares",
    ):
        rewritten = bullets.resolve_reference(sentence, bullets.Source())
        assert rewritten is None or not rewritten.startswith("The "), rewritten
    assert bullets.resolve_reference(
        "This estimator converges to the true value", bullets.Source()
    ) == ("The estimator converges to the true value")


def test_an_unreadable_glyph_inside_a_word_drops_the_sentence_instead_of_making_another_word():
    # "speci?es" without its glyph is "species", "satis?able" is "satisable": the fixer may
    # strip debris between words, never letters out of a word.
    for sentence in (
        "The parameter P speci\ufffdes the problem object",
        "The formula is satis(cid:12)able for every assignment",
    ):
        assert bullets.fix("stray_glyph", sentence) is None
    assert bullets.fix("stray_glyph", "\ufffd The solver returns a proof") == (
        "The solver returns a proof"
    )


def test_a_display_whose_script_glyphs_fell_onto_the_line_is_not_shown():
    # f_{y^0} read "f_{y}0", f_{y^-} read "f_{y}-)": shown, the display states another formula.
    broken = (
        r"(f_{y}+g_{y}^{+}g_{y}^{-} + f_{y}0g_{y} + f_{y}-)\hat{y}_{t-1}^{-} = 0",
        r"A^{0} = Q'f_{y}0",
        r"B = (C + f_{y}-)",
    )
    for tex in broken:
        assert display_math.display_problem(tex) == "a script's glyph left after it", tex
    for tex in (
        r"\hat{y}_{t-1}^{-} + g_{u}^{+}P_{u} = 0",
        r"f(r_{i}) = \sum_{j} m_{j} \frac{f_{j}}{\rho_{j}} W (r_{i} - r_{j})",
        r"\sigma_{R}^{2} = \frac{\| y - X\hat{\beta}\|^{2} }{n - p}",
        r"x^{(i+1)} = x^{(i)} - (J^{T}J)^{-1} g",
    ):
        assert display_math.display_problem(tex) is None, tex


def test_a_caption_keeps_only_its_sentences_whose_words_all_read():
    from apps.decks.pipeline.ingest.structure import readable_captions
    from apps.decks.pipeline.paper import Figure

    figure = Figure(
        id="fig-3",
        kind="figure",
        number=3,
        label="Figure 3",
        page=1,
        caption="Dependence estimates of three kinds. Estimates by Pickands and "
        "Cap\ufffdra\ufffd-Foug\ufffdres based on block maxima.",
        bbox=(100, 100, 400, 300),
        image="fig-3.png",
        width_px=100,
        height_px=100,
    )
    readable_captions([figure])
    assert figure.caption == "Dependence estimates of three kinds."
