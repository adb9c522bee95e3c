"""Classes seen on papers of further fields (survival analysis, mixed models, econometrics,
physics and geophysics templates): titles that say nothing, bullets that lead into code, lost
subjects and main clauses, sentences about the document. Synthetic text only."""

import pytest

from apps.decks.pipeline import defects, title_defects
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import SENTENCE, measure, slide_review

OTHER = "The option removes the notice from the first page of the paper"


@pytest.mark.parametrize(
    "title",
    [
        "Key points",
        "Figure",
        "Software:",
        "Once fit",
        "If newx is being passed",
        "As a sanity check",
        "November 2022",
    ],
)
def test_titles_that_say_nothing_or_are_a_subordinate_clause_are_fragments(title):
    assert title_defects.title_fragment(title)
    slide = Slide(kind="bullets", title=title, bullets=[SENTENCE, OTHER])
    assert "title_fragment" in {i.type for i in slide_review(slide, measure())}


@pytest.mark.parametrize(
    "title",
    [
        "When are robust standard errors needed?",
        "Stratified Cox models",
        "Figures of merit",
        "Asymptotic theory",
    ],
)
def test_headings_stay_titles(title):
    assert title_defects.title_fragment(title) is None


def _paper_with(sections: list[Section], figures: list[Figure] | None = None) -> Paper:
    return Paper(title="P", pages=1, source_name="p.pdf", sections=sections, figures=figures or [])


def _retitled(paper: Paper, slides: list[Slide]) -> list[str]:
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), *slides])
    issues = [
        i.model_copy(update={"slide": number})
        for number, slide in enumerate(slides, start=2)
        for i in slide_review(slide, measure())
        if i.type == "title_fragment"
    ]
    assert len(issues) == len(slides)
    return [s.title for s in deck_repair(BuiltinProposer(), paper, deck, issues).deck.slides[1:]]


def test_slides_of_a_cut_heading_are_retitled_with_its_head_then_continued():
    cut = "The penalized least squares approach to lin-"
    paper = _paper_with([Section(title=cut, paragraphs=[SENTENCE * 6])])
    slides = [Slide(kind="bullets", title=cut, bullets=[SENTENCE, OTHER]) for _ in range(2)]
    assert _retitled(paper, slides) == [
        "The penalized least squares approach",
        "The penalized least squares approach (continued)",
    ]


def test_a_slide_of_a_heading_read_from_a_figure_axis_takes_the_heading_before_it():
    paper = _paper_with(
        [
            Section(title="Cross-validation", paragraphs=[SENTENCE * 4]),
            Section(title="Lo", paragraphs=[OTHER * 4]),
        ]
    )
    slide = Slide(kind="bullets", title="Lo", bullets=[SENTENCE, OTHER], notes=OTHER * 4)
    assert _retitled(paper, [slide]) == ["Cross-validation"]


def _plot(number: int, caption: str, section: str) -> Figure:
    return Figure(
        id=f"fig-{number}",
        kind="figure",
        number=number,
        label="Figure",
        caption=caption,
        page=1,
        bbox=(100, 100, 400, 300),
        image=f"fig-{number}.png",
        width_px=400,
        height_px=300,
        section=section,
        captioned=False,
    )


def test_a_figure_without_a_caption_is_titled_with_its_section_once_and_then_continued():
    first = _plot(1, "Once fit, we can view the optimal value and a plot", "Plotting curves")
    second = _plot(2, "", "Plotting curves")
    assert figure_title(first) == "Plotting curves"
    proposer, used, titles = BuiltinProposer(), set(), set()
    assert proposer.figure_slide(first, used, titles).title == "Plotting curves"
    assert proposer.figure_slide(second, used, titles).title == "Plotting curves (continued)"
    # without a section that stands, the caption's words are all it has
    assert figure_title(_plot(3, "Survival curves of the two arms", "Lo")) == (
        "Survival curves of the two arms"
    )


@pytest.mark.parametrize(
    "bullet, kind",
    [
        ("Here's how to read shapefile data", "dangling_pointer"),
        ("The sandwich estimator can be set up using", "dangling_pointer"),
        (
            "Without references the information must be forced out with the command",
            "dangling_pointer",
        ),
        ("The package is loaded as a class with an option, as e.g", "dangling_pointer"),
        (
            "To plot the survival curve, pass the result of the survfit call to plot",
            "dangling_pointer",
        ),
        ("Controls the type I error rate at the nominal level", "lost_opening"),
        ("Returns a list of fitted models for every stratum", "lost_opening"),
        ("If we express the percentages as proportions", "broken_sentence"),
        ("The reference section on page 7 was produced by the bibliography tool", "meta_text"),
        ("I try to give main computation details in the text", "meta_text"),
        ("Details about the underlying theory can be found in Smith (2005)", "meta_text"),
        ("Overviews of the detection methods are given by Lee and Park (2010)", "meta_text"),
        (
            "An overview of count models is provided in Cameron and Trivedi (1998, 2005)",
            "meta_text",
        ),
    ],
)
def test_bullets_that_lost_their_code_subject_or_main_clause_are_found_and_passed_over(
    bullet, kind
):
    assert kind in dict(defects.text_defects(bullet)), defects.text_defects(bullet)
    assert bullets.rewrite(bullet) is None
    slide = Slide(kind="bullets", title="Method", bullets=[bullet, SENTENCE])
    assert kind in {i.type for i in slide_review(slide, measure())}


@pytest.mark.parametrize(
    "bullet",
    [
        "Sometimes the fit fails when the sample is small",
        "Genes that are expressed early matter most for the outcome",
        "Changes to the model are small in every data set",
        "When the sample is small, the bootstrap underestimates the variance",
        "The estimator weighs the counts, e.g. by their exposure",
        "Statistics of the fitted model are printed by summary",
        "Using the sandwich estimator, the standard errors grow by 30%",
        "To reduce the variance, we pass the weights to the fitting function",
        "The estimator was suggested in the econometrics literature by White (1980)",
    ],
)
def test_whole_sentences_of_those_shapes_stay_unflagged(bullet):
    assert defects.text_defects(bullet) == [], defects.text_defects(bullet)


FINDINGS = [
    "The {t} estimator reaches a variance 20% lower than the bootstrap.",
    "Coverage of the {t} intervals stays near 95% in samples of fifty units.",
    "Runtime grows linearly with the number of strata in the {t} design.",
    "Missing covariates were imputed five times before every {t} fit.",
    "Compared with ridge regression, the {t} penalty selects three fewer variables.",
    "Residual plots show no trend across the fitted {t} values.",
    "Sensitivity analyses changed the {t} hazard ratio by less than 4%.",
    "A permutation test rejects independence of the {t} scores at the 1% level.",
]


def _words(topic: str, count: int = 3) -> str:
    """Distinct sentences that state findings about a topic."""
    return " ".join(FINDINGS[n % len(FINDINGS)].format(t=topic) for n in range(count))


def test_a_section_headed_abstract_opens_the_deck_and_is_no_slide_of_its_own():
    sections = [
        Section(title="Abstract", paragraphs=[_words("sandwich")]),
        Section(title="Introduction", paragraphs=[_words("kernel", 4)]),
        Section(title="Method", paragraphs=[_words("spline", 6)]),
        Section(title="Results", paragraphs=[_words("hazard", 6)]),
    ]
    deck = BuiltinProposer().propose(_paper_with(sections))
    titles = [s.title for s in deck.slides]
    assert "Abstract" not in titles
    contributions = next(s for s in deck.slides if s.role == "contributions")
    assert any("sandwich" in b for b in contributions.bullets), contributions.bullets


def test_slides_added_to_a_short_deck_keep_the_papers_order():
    from apps.decks.pipeline.propose.deck_level import paper_order_index

    sections = [Section(title=t, paragraphs=[_words(t.lower())]) for t in ("A", "B", "C", "D")]
    paper = _paper_with(sections)
    slides = [
        Slide(kind="title", title="P", role="title"),
        Slide(kind="bullets", title="Motivation", role="motivation"),
        Slide(kind="bullets", title="A", role="method"),
        Slide(kind="bullets", title="C", role="method"),
        Slide(kind="bullets", title="Conclusions", role="conclusion"),
    ]
    assert paper_order_index(slides, sections[1], paper) == 3  # B between A and C
    assert paper_order_index(slides, sections[3], paper) == 4  # D after C, before the end
    assert paper_order_index(slides, sections[0], paper) == 3


@pytest.mark.parametrize(
    "a, b, section, expected",
    [
        (
            "Observed counts together with the fitted means",
            "Observed counts together with the fitted quantiles",
            "",
            "Observed counts compared",
        ),
        ("Plotting survival curves", "Plotting survival curves (continued)", "", None),
        (
            "Pass the result of the survfit call to plot",
            "We can get survival curves",
            "Plotting survival curves",
            "Plotting survival curves compared",
        ),
    ],
)
def test_a_pair_is_titled_with_a_head_that_stands(a, b, section, expected):
    from apps.decks.pipeline.propose.deck_level import common_title

    expected = expected or f"{a} compared"
    assert common_title(a, b, section) == expected


@pytest.mark.parametrize(
    "bullet, lost",
    [
        ("7 where $\\alpha_{0}$ are intercepts and $a_{i}$ are random effects", True),
        ("We take $K(x) = (2\\pi)^{-1} \\exp(-_{2}^{1} x^{T} x)$ as the normal kernel", True),
        ("We set $x^{-1} = y_{i}^{2}$ for all units of the sample", False),
    ],
)
def test_a_where_clause_after_a_display_number_and_a_fraction_read_as_scripts(bullet, lost):
    assert ("lost_formula" in dict(defects.text_defects(bullet))) is lost
    if lost:
        assert bullets.rewrite(bullet) is None


@pytest.mark.parametrize(
    "title, head",
    [
        # cut at its line break, or with its end lost
        ("The penalized least squares approach to lin-", "The penalized least squares approach"),
        (
            "Testing and dating structural changes in the presence of",
            "Testing and dating structural changes",
        ),
        (
            "Scatterplots of the Portnoy vs. Peng-Huang estimators of",
            "Scatterplots of the Portnoy vs. Peng-Huang estimators",
        ),
    ],
)
def test_a_heading_that_lost_its_end_keeps_the_words_before_the_cut_phrase(title, head):
    assert title_defects.title_fragment(title)
    assert title_defects.title_head(title) == head


def test_a_pronoun_after_a_short_opener_leans_on_the_sentence_before():
    bullet = "By default, it uses the vcov method which computes the errors"
    assert "leaning_reference" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) is None
    previous = "The coeftest function takes a fitted model and a covariance"
    # merged with the sentence it leans on, the pronoun follows what it stands for
    assert bullets.rewrite(bullet, bullets.Source(previous=previous)) == (
        f"{previous}; by default, it uses the vcov method which computes the errors"
    )
    for whole in (
        "In short, it is common to use the bootstrap for small samples",
        "For the Poisson model, they are equal to the means",
    ):
        assert "leaning_reference" not in dict(defects.text_defects(whole))


def test_a_plot_whose_introducing_sentence_leads_into_code_is_shown_without_it():
    from apps.decks.pipeline.render.markdown import deck_markdown

    leading = _plot(1, "An sts object containing the data is created as follows:", "Data")
    whole = _plot(2, "The incidence is highest in the eastern districts", "Data")
    proposer = BuiltinProposer()
    slides = [proposer.figure_slide(f, set(), set()) for f in (leading, whole)]
    assert slides[0].caption == "" and slides[1].caption.startswith("The incidence")
    paper = _paper_with([Section(title="Data", paragraphs=[SENTENCE])], [leading, whole])
    markdown = deck_markdown(deck_of(paper, [Slide(kind="title", title="P"), *slides]), paper)
    assert "> An sts object" not in markdown and "> The incidence is highest" in markdown
    # a caption the reviewer finds unfit goes, and the proposer says so
    bad = slides[1].model_copy(update={"caption": leading.caption})
    issues = [
        i.model_copy(update={"slide": 2})
        for i in slide_review(bad, measure(), paper)
        if i.evidence.get("where") == "caption"
    ]
    assert [i.type for i in issues] == ["dangling_pointer"]
    revised = deck_repair(proposer, paper, deck_of(paper, [slides[0], bad]), issues).deck
    assert revised.slides[1].caption == ""


def test_a_deck_filled_with_more_sections_keeps_the_papers_order():
    from apps.decks.pipeline import text

    # Sections of growing length: the longest (chosen first to fill the deck) come last.
    names = ["Example 3", "Example 5", "Example 6", "Example 8", "Example 10", "Example 15"]
    sections = [
        Section(title=name, paragraphs=[_words(name.lower(), 4 + n)])
        for n, name in enumerate(names)
    ]
    paper = _paper_with(sections)
    proposer = BuiltinProposer()
    slides = [
        Slide(kind="title", title="P", role="title"),
        Slide(kind="bullets", title="Motivation", role="motivation", bullets=[SENTENCE, OTHER]),
        Slide(kind="bullets", title="Example 5", role="method", bullets=[SENTENCE, OTHER]),
        Slide(kind="bullets", title="Conclusions", role="conclusion", bullets=[SENTENCE, OTHER]),
    ]
    scorer = text.Scorer([p for s in sections for p in s.paragraphs])
    filled = proposer._fit_count(paper, slides, scorer, set(), sections, set())
    shown = [s.title for s in filled if s.title in names]
    assert len(set(shown)) >= 4, shown
    assert shown == sorted(shown, key=names.index), shown
    assert filled[-1].title == "Conclusions"


def test_page_numbers_run_into_a_bullet_are_stray():
    assert defects.stray_glyph("0 5 With custom FUN using the format of the index") == "0 5"
    assert defects.stray_glyph("With custom FUN using the format of the index") is None


def test_a_sentence_set_as_an_aside_in_brackets_is_shown_without_them():
    aside = "(For backward compatibility, the function accepts a matrix with two columns.)"
    assert "stray_glyph" in dict(defects.text_defects(aside))
    assert bullets.rewrite(aside) == (
        "For backward compatibility, the function accepts a matrix with two columns"
    )
    assert defects.stray_glyph("The model (fit by least squares) converges") is None
    assert "stray_glyph" not in dict(defects.text_defects("(a) The first panel shows growth"))


def test_a_plural_after_an_adjective_is_a_noun_not_the_verb():
    fragment = "Secondary publications and information retrieval purposes"
    assert "verbless_fragment" in dict(defects.text_defects(fragment))
    assert "verbless_fragment" not in dict(defects.text_defects("Social networks grow fast"))


@pytest.mark.parametrize(
    "bullet, rewritten",
    [
        (
            "Sublabelling Sometimes it is required to label some equations as 4a and 4b",
            "Sometimes it is required to label some equations as 4a and 4b",
        ),
        (
            "Cross-validation The function cv.glmnet computes the error of every fold",
            "The function cv.glmnet computes the error of every fold",
        ),
    ],
)
def test_a_run_in_heading_read_with_its_paragraph_is_removed(bullet, rewritten):
    assert "stray_glyph" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) == rewritten


@pytest.mark.parametrize(
    "bullet",
    ["Group A streptococcus infections rose in 2020", "We read The Art of Programming twice"],
)
def test_a_capital_inside_a_sentence_is_no_run_in_heading(bullet):
    assert defects.stray_glyph(bullet) is None and not defects.text_defects(bullet)


@pytest.mark.parametrize(
    "bullet, kind",
    [
        ("Incorporating the permutation matrix $P$ we have", "broken_sentence"),
        ("We can use the fact that to relate the two problems", "broken_sentence"),
        ("Does allow us to simplify many common expressions", "lost_opening"),
    ],
)
def test_a_sentence_that_went_on_with_a_display_or_lost_its_subject(bullet, kind):
    assert kind in dict(defects.text_defects(bullet))
    # a question keeps its subject (it is another class: unanswered_question)
    assert "lost_opening" not in dict(
        defects.text_defects("Does the model converge for small samples?")
    )


def test_removing_a_pointer_that_was_part_of_the_sentence_leaves_no_bullet():
    # "Eq. (19)" is the fact itself: without it the sentence has a hole.
    assert bullets.rewrite("We can use the fact that Eq. (19) to relate the two problems") is None
    assert bullets.rewrite("The variance is smaller than the bootstrap (see Eq. 4)") == (
        "The variance is smaller than the bootstrap"
    )


def test_a_slide_whose_only_heading_is_a_date_is_titled_with_its_kind():
    paper = _paper_with([Section(title="November 2022", paragraphs=[_words("kernel", 6)])])
    slides = [
        Slide(
            kind="bullets",
            title="November 2022",
            bullets=["We fit the model to every count", "We report the variance of each fit"],
            role="method",
        )
        for _ in range(2)
    ]
    assert _retitled(paper, slides) == ["Method", "Method (continued)"]


def test_two_sentences_run_together_keep_the_first():
    bullet = "The file may be set in the preprint or reprint style. reprint format mimics print"
    assert "stray_glyph" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) == "The file may be set in the preprint or reprint style"
    assert "stray_glyph" not in dict(
        defects.text_defects("We use tools such as lm, glm, etc. and many more of them")
    )


def test_a_slide_with_no_heading_to_borrow_is_titled_with_what_its_bullets_are_about():
    paper = _paper_with([Section(title="Other", paragraphs=[SENTENCE * 4])])
    slide = Slide(
        kind="bullets",
        title="A) and linear",
        bullets=["Kernel density estimation is a popular tool for visualising data", OTHER],
    )
    assert _retitled(paper, [slide]) == ["Kernel density estimation"]
    assert title_defects.subject_title("However, the scheduler releases tasks") == (
        "However, the scheduler"
    )  # a connector, which the title checks then refuse
