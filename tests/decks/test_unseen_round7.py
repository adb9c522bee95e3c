"""Classes of the seventh round of unseen papers, on synthetic text: a bullet never stands for an
example the slide does not show, nor is it the author block or a sentence without its subject;
a title is set without footnote marks and not in capitals."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import defects, title_style
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Equation, Figure, Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide, SlideDeck


def assert_found_and_dropped(kind: str, bullet: str) -> None:
    """The reviewer finds the class, and the builtin proposer can make no bullet of it."""
    assert kind in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) is None


@pytest.mark.parametrize(
    "bullet",
    [
        "This corollary does not have a name",  # "This" would become "The": still the specimen
        "The remark also has a number in brackets",
        "Suppose that a German summary is wanted",
        "For instance, imagine we want a second table of contents",
        "For an example of how to set a wide table",
        "For more details on the long caption option",
        "Let us give a few more examples of the boxes in action",
    ],
)
def test_a_bullet_about_an_example_the_slide_does_not_show_is_found_and_dropped(bullet):
    assert_found_and_dropped("dangling_pointer", bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "The sample contains 214 households from four districts",
        "The corollary of Weyl bounds the growth of the norm",
        "For each district the median income was recorded",
        "For details on the prior, the sampler uses a flat one",
        "The example data set has 200 rows and six columns",
    ],
)
def test_a_statement_that_names_an_example_or_a_sample_stands(bullet):
    assert "dangling_pointer" not in dict(defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet",
    [
        "Is serving as a demonstration of the glossary package",
        "Are listed in the order in which they are defined",
        "Has been replaced by the newer interface since 2019",
        "Could not be loaded together with the older class",
    ],
)
def test_a_sentence_that_opens_with_its_auxiliary_lost_its_subject(bullet):
    assert_found_and_dropped("lost_opening", bullet)


@pytest.mark.parametrize(
    "bullet",
    ["May is the wettest month at all four stations", "Is the estimator biased?"],
)
def test_a_month_or_a_question_is_no_lost_subject(bullet):
    assert "lost_opening" not in dict(defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet",
    [
        "Ada K. Quill, Institute of Tlön, Uqbar, Orbis Tertius Hal Vane, Miskatonic University",
        "Jorge Borges, Department of Fictions, Babel",
        "Lena Ortiz1, National Observatory of Fairland",
    ],
)
def test_an_author_and_affiliation_line_is_meta_text(bullet):
    assert_found_and_dropped("meta_text", bullet)


def test_a_sentence_about_a_university_is_no_author_line():
    bullet = "Students of the University of Fairland answered the survey twice"
    assert "meta_text" not in dict(defects.text_defects(bullet))


@pytest.mark.parametrize(
    "title, marks, fixed",
    [
        (
            "The fairclass Class Version $2.0.3^{*†}$",
            "$2.0.3^{*†}$",
            "The fairclass Class Version 2.0.3",
        ),
        ("Growth of lichens on slate$^{‡}$", "$^{‡}$", "Growth of lichens on slate"),
        ("Growth of lichens on slate*", "*", "Growth of lichens on slate"),
    ],
)
def test_footnote_marks_on_a_title_are_found_and_removed(title, marks, fixed):
    assert ("stray_glyph", marks) in title_style.style_defects(title)
    assert title_style.restyle(title, "") == fixed


@pytest.mark.parametrize(
    "title", ["Scaling of $n^{2}$ with depth", "Counts at $t^{*}$", "Rates at $\\theta^{*}$"]
)
def test_a_superscript_of_mathematics_is_no_footnote_mark(title):
    assert title_style.footnote_marks(title) is None
    assert title_style.restyle(title, "") == title


BODY = (
    "With ZedTeX the fontloader reads non-Greek glyphs from the FBX archive. Scripts are then "
    "loaded under the default engine. The fontloader keeps scripts apart."
)


@pytest.mark.parametrize(
    "title, fixed",
    [
        ("NON-GREEK SCRIPTS UNDER ZedTeX", "Non-Greek scripts under ZedTeX"),
        ("LOADING SCRIPTS FROM THE FBX ARCHIVE", "Loading scripts from the FBX archive"),
    ],
)
def test_a_heading_in_capitals_is_found_and_set_in_sentence_case(title, fixed):
    assert "title_capitals" in dict(title_style.style_defects(title))
    assert title_style.restyle(title, BODY) == fixed
    assert not title_style.style_defects(fixed)


@pytest.mark.parametrize(
    "title", ["FBX and GPU timings", "NASA GISS", "Results for the FBX archive"]
)
def test_acronyms_among_words_are_no_heading_in_capitals(title):
    assert title_style.in_capitals(title) is None


def _paper() -> Paper:
    words = "The loader reads glyphs from the archive and keeps scripts apart in memory. " * 8
    return Paper(
        title="The loaderclass Package Version $3.1^{*†}$",
        authors=["Ada Quill"],
        sections=[
            Section(title="Introduction", paragraphs=[words]),
            Section(title="NON-GREEK SCRIPTS UNDER ZedTeX", paragraphs=[BODY + " " + words]),
            Section(title="Conclusion", paragraphs=[words]),
        ],
        figures=[
            Figure(
                id="fig-1",
                kind="figure",
                number=1,
                label="Figure 1",
                caption="Glyphs per script",
                page=1,
                bbox=(0, 0, 100, 100),
                image="fig-1.png",
                width_px=800,
                height_px=600,
                section="NON-GREEK SCRIPTS UNDER ZedTeX",
            )
        ],
        equations=[Equation(tex="n = m + 1", section="NON-GREEK SCRIPTS UNDER ZedTeX", page=1)],
        pages=2,
        source_name="loaderclass.pdf",
    )


def test_the_proposal_sets_the_cover_and_headings_right_and_keeps_what_names_them():
    paper = _paper()
    styled = title_style.styled_paper(paper)
    assert styled.title == "The loaderclass Package Version 3.1"
    assert styled.sections[1].title == "Non-Greek scripts under ZedTeX"
    assert styled.figures[0].section == styled.equations[0].section == styled.sections[1].title
    deck = BuiltinProposer().propose(paper)
    assert deck.title == deck.slides[0].title == "The loaderclass Package Version 3.1"
    assert all(not title_style.style_defects(s.title) for s in deck.slides)


def test_the_reviewer_finds_a_cover_and_a_heading_set_wrong_and_the_revision_fixes_both():
    paper = _paper()
    slides = [
        Slide(kind="title", title=paper.title, role="title"),
        Slide(
            kind="bullets",
            title="NON-GREEK SCRIPTS UNDER ZedTeX",
            bullets=["The loader reads glyphs from the archive", "Scripts are kept apart"],
            notes=BODY,
        ),
    ]
    deck = SlideDeck(title=paper.title, slides=slides)
    issues = _title_issues(deck, paper)
    assert {(i.slide, i.type) for i in issues} == {(1, "stray_glyph"), (2, "title_capitals")}
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert revised.title == revised.slides[0].title == "The loaderclass Package Version 3.1"
    assert revised.slides[1].title == "Non-Greek scripts under ZedTeX"
    assert not _title_issues(revised, paper)


def _title_issues(deck: SlideDeck, paper: Paper) -> list[Issue]:
    measures = [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    return [i for i in review(deck, measures, paper) if i.evidence.get("where") == "title"]


CUT_PARAGRAPH = (
    "The loss of the plain model is a sum of squared residuals over all stations. For a model "
    "with fixed station weights, we replace the plain loss with the weighted station loss,"
)


def test_a_sentence_the_paper_cut_before_its_display_is_found_and_never_chosen():
    from apps.decks.pipeline import text

    paper = _paper()
    paper.sections[0].paragraphs.append(CUT_PARAGRAPH)
    cut = "For a model with fixed station weights, we replace the plain loss with the weighted station loss"
    slide = Slide(
        kind="bullets",
        title="Weighted loss",
        bullets=[cut, "The loss of the plain model is a sum of squared residuals"],
        notes=CUT_PARAGRAPH,
    )
    deck = SlideDeck(title="T", slides=[Slide(kind="title", title="T"), slide])
    measures = [SlideMeasure(slide=1), SlideMeasure(slide=2)]
    found = [i for i in review(deck, measures, paper) if i.type == "broken_sentence"]
    assert [(i.slide, i.evidence["index"]) for i in found] == [(2, 0)]
    revised = BuiltinProposer().revise(paper, deck, found).deck
    assert cut not in revised.slides[1].bullets
    chosen = text.key_sentences([CUT_PARAGRAPH], text.Scorer([CUT_PARAGRAPH]), 3)
    assert chosen and not any("weighted station loss" in b for b in chosen)


MISSION = "The journal is run by volunteers who referee every paper within six weeks."
SUBSCRIBING = (
    "Notices of new papers are sent by email no more than once a month. Readers subscribe "
    "by writing to the list address with the word subscribe in the subject."
)


def _parts_paper() -> Paper:
    return Paper(
        title="A mission statement",
        sections=[
            Section(title="Mission", paragraphs=[MISSION]),
            Section(title="Subscribing", paragraphs=[SUBSCRIBING]),
        ],
        pages=1,
        source_name="mission.pdf",
    )


def _revise_thin(second_notes: str) -> Slide:
    paper = _parts_paper()
    thin = Slide(kind="bullets", title="Mission", bullets=[MISSION.rstrip(".")], notes=MISSION)
    other = Slide(
        kind="bullets",
        title="Next",
        bullets=[
            "Notices of new papers are sent by email no more than once a month",
            "Readers subscribe by writing to the list address with the word subscribe",
        ],
        notes=second_notes,
    )
    deck = SlideDeck(title="T", slides=[Slide(kind="title", title="T"), thin, other])
    measures = [SlideMeasure(slide=n) for n in (1, 2, 3)]
    issues = [i for i in review(deck, measures, paper) if i.type == "thin_slide"]
    assert [i.slide for i in issues] == [2]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert [s.title for s in revised.slides] == ["T", "Next"]
    return revised.slides[1]


def test_the_bullet_of_a_removed_thin_slide_never_joins_another_part():
    assert MISSION.rstrip(".") not in _revise_thin(SUBSCRIBING).bullets


def test_the_bullet_of_a_removed_thin_slide_joins_the_next_slide_of_its_part():
    assert MISSION.rstrip(".") in _revise_thin(MISSION).bullets


@pytest.mark.parametrize("title", ["Subscribing to the Mailing List", "Weekly Stock Returns"])
def test_a_heading_that_ends_in_a_noun_like_a_verb_is_whole(title):
    from apps.decks.pipeline import title_defects

    assert title_defects.title_text_defects(title) == []


def test_a_short_deck_is_never_lengthened_with_the_table_of_contents():
    entries = (
        "Reading the answers from a local file takes a single command in R. "
        "Remote data sets are copied into the clipboard and read from there. "
        "Exported survey files carry one header line too many for the reader. "
        "Scoring keys assign each item to the scales that it belongs to. "
        "Factor analysis of the items shows how many scales the answers support. "
        "Coefficient omega estimates the reliability of each of the scored scales. "
    ) * 2
    method = (
        "The scoring keys give every item of the scale its sign and its weight in the score. "
        "Reversed items are keyed negatively so that high scores mean more of the trait. "
        "Scales may share items when the keys of two scales name the same item twice. "
        "The reliability of each scale is reported beside its mean and its standard deviation. "
        "Missing responses are replaced by the median of the item before the scores are summed. "
    )
    paper = Paper(
        title="Scoring scales",
        sections=[
            Section(title="Contents", paragraphs=[entries]),
            Section(title="Scoring keys", paragraphs=[method * 2]),
        ],
        pages=3,
        source_name="scoring.pdf",
    )
    deck = SlideDeck(title="Scoring scales", slides=[Slide(kind="title", title="Scoring scales")])
    issue = Issue(slide=0, type="slide_count", severity="medium", message="the deck has 1 slide")
    revised = BuiltinProposer().revise(paper, deck, [issue]).deck
    titles = [s.title for s in revised.slides]
    assert "Scoring keys" in titles and "Contents" not in titles


ANSWERS = {
    "How do I read a weekly series?": (
        "Weekly readings are read with the series reader and indexed by the week's first day. "
        "Gaps between weeks are kept as missing values in the series."
    ),
    "Why are the milliseconds not printed?": (
        "The print method rounds the index to whole seconds by default. Raising the digits "
        "option to three shows the milliseconds stored in the index."
    ),
    "Can two series with different zones be merged?": (
        "Series with different zones are merged on the instant of each reading. "
        "Every reading keeps its own zone in the index of the merged result."
    ),
}


def test_a_question_heading_with_a_short_answer_makes_a_slide():
    from apps.decks.pipeline.review.deck_rules import fewest_slides

    first = next(iter(ANSWERS))
    plot = (
        _paper()
        .figures[0]
        .model_copy(update={"caption": "", "captioned": False, "label": "Figure", "section": first})
    )
    paper = Paper(
        title="Series FAQ",
        sections=[Section(title=q, paragraphs=[a]) for q, a in ANSWERS.items()],
        figures=[plot],
        pages=2,
        source_name="faq.pdf",
    )
    deck = BuiltinProposer().propose(paper)
    titles = [s.title for s in deck.slides]
    assert len(set(titles)) == len(titles)  # the plot under the first question is not titled twice
    answered = [q for q in ANSWERS if q in titles]
    assert answered == list(ANSWERS)  # the first question too, not "Motivation"
    for slide in deck.slides:
        if slide.title in ANSWERS:
            assert len(slide.bullets) >= 2 and not any(b.endswith("?") for b in slide.bullets)
    assert len(deck.slides) >= fewest_slides(paper) >= 4


@pytest.mark.parametrize(
    "bullet",
    [
        "Install the reader on your laptop Go to the project page and follow the instructions",
        "Add the package to your library Start the console and type load(reader)",
    ],
)
def test_two_steps_of_a_list_run_together_are_a_broken_sentence(bullet):
    assert_found_and_dropped("broken_sentence", bullet)


def test_a_capitalised_name_after_a_word_is_no_second_step():
    bullet = "The cleaned readings were saved in R and loaded into the viewer"
    assert "broken_sentence" not in dict(defects.text_defects(bullet))


def test_a_sentence_is_never_cut_between_the_halves_of_a_pair():
    from apps.decks.pipeline import text

    sentence = (
        "Such models are called mixed models because they hold both fixed parameters, which "
        "apply to the whole population of the study, and random effects, which apply to the "
        "particular units observed in the study."
    )
    condensed = text.condense(sentence)
    assert condensed is None or " and random effects" in condensed


def test_short_words_of_a_heading_in_capitals_are_set_in_sentence_case_too():
    assert (
        title_style.restyle("PREPARATION OF A PAPER FOR THE FBX ARCHIVE", BODY)
        == "Preparation of a paper for the FBX archive"
    )


def test_a_bullet_of_two_sentences_whose_first_has_no_verb_is_a_fragment():
    bullet = "Either wide or narrow paper rolls. Single-spaced text in two columns of equal width"
    assert_found_and_dropped("verbless_fragment", bullet)


def test_a_second_slide_on_a_section_is_titled_as_continued():
    sentences = [
        "The survey counted households with a well of their own in every district.",
        "Deep wells were dug mostly in the northern districts after the dry summer.",
        "Shallow wells dried out twice as often as the deep ones during droughts.",
        "Water from shared pumps was tested for nitrates once every spring.",
        "Villages near the river relied on filtered surface water instead of wells.",
        "Repair costs fell by a third once the pumps had standard parts.",
        "Women carried most of the water where no pump stood within a kilometre.",
        "Rainwater tanks supplemented the wells on farms with large metal roofs.",
        "Salinity rose in coastal wells where the aquifer was pumped too fast.",
        "Records of each well list its depth, its yield and its last repair.",
        "School attendance improved in villages that gained a pump near the school.",
        "Most broken pumps were fixed within a week by trained local mechanics.",
        "Cattle troughs were fed from separate wells to keep the drinking water clean.",
        "The yield of a well was measured by pumping for one hour at full rate.",
    ]
    paper = Paper(
        title="Wells",
        sections=[Section(title="Data structure: wells", paragraphs=[" ".join(sentences)])],
        pages=4,
        source_name="wells.pdf",
    )
    first = BuiltinProposer().text_slide_for(paper.sections[0], set())
    deck = SlideDeck(title="Wells", slides=[Slide(kind="title", title="Wells"), first])
    issue = Issue(slide=0, type="slide_count", severity="medium", message="the deck has 2 slides")
    titles = [s.title for s in BuiltinProposer().revise(paper, deck, [issue]).deck.slides]
    assert titles[:3] == ["Wells", "Data structure: wells", "Data structure: wells (continued)"]
    assert len(set(titles)) == len(titles)


def test_a_tex_logo_read_as_a_formula_is_written_as_the_logo():
    from apps.decks.pipeline import text

    paragraph = (
        "The $L^{A}\\mathrm{TEX}$ template of the series uses the booktabs package for its "
        "tables. Authors keep the column rules of the template unchanged in every table."
    )
    chosen = text.key_sentences([paragraph], text.Scorer([paragraph]), 2)
    assert chosen[0].startswith("The LaTeX template of the series uses the booktabs package")


def test_a_step_that_leans_on_the_step_before_is_an_unresolved_reference():
    bullet = "If that doesn't work, download the archive and install it from the file"
    assert "unresolved_reference" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) is None  # no sentence before it to merge with


@pytest.mark.parametrize(
    "bullet, fixed",
    [
        (
            "The E system fonts that the loader needs are listed",
            "The system fonts that the loader needs are listed",
        ),
        (
            "The loader reads fonts E that are installed on the system",
            "The loader reads fonts that are installed on the system",
        ),
    ],
)
def test_a_tex_logo_e_fallen_between_words_is_stray_and_removed(bullet, fixed):
    assert "stray_glyph" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) == fixed


def test_a_letter_that_names_something_is_no_stray_e():
    assert "stray_glyph" not in dict(
        defects.text_defects("Deficiency of vitamin E is rare in adults")
    )


def test_a_caption_in_capitals_is_set_in_sentence_case_for_its_slide():
    paper = _paper()
    paper.figures[0].caption = "GLYPHS PER SCRIPT USED BY ZedTeX"
    styled = title_style.styled_paper(paper)
    assert styled.figures[0].caption == "Glyphs per script used by ZedTeX"


def test_a_tex_logo_hyphenated_at_a_line_break_is_found_and_joined():
    from apps.decks.pipeline import text

    bullet = "Sections should be typeset with the standard La-TeX commands of the class"
    assert "stray_glyph" in dict(defects.text_defects(bullet))
    assert (
        text.condense(bullet)
        == "Sections should be typeset with the standard LaTeX commands of the class"
    )


@pytest.mark.parametrize(
    "tex",
    [
        r"c_{R}(\theta , \sigma |y) = -2 \log L(u|y, \theta , \beta , \sigma ) d\beta",
        r"m(\lambda ; y) = \exp(-\lambda ) p(\lambda ) \mathrm{d}\lambda",
    ],
)
def test_a_display_whose_integrand_lost_its_integral_reads_broken(tex):
    from apps.decks.pipeline import display_math

    assert display_math.display_problem(tex) == "an integral without its sign"
    assert display_math.display_problem(r"m(y) = \int \exp(-\lambda ) \mathrm{d}\lambda") is None
