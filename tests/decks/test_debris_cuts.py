"""Text cut by the deck's own fixes or by the page: a title cut to a noun's modifiers, a list item
run into the next item's number, a sentence whose main clause is in a relative clause's object,
panel labels left where a figure pointer was removed, a figure's axis label read into its
caption, and an aims heading over an introduction's background."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import clause_shape, defects, role_titles, title_defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide

# ------------------------------------------------------------------------------------- titles


@pytest.mark.parametrize(
    "bullet",
    [
        # a plural noun before a preposition is no verb: "Comparing the station" is no subject
        "Comparing the station forecasts with the ones that the agency publishes in its bulletin",
        # an -s word after an article is a noun ("the ones")
        "Weighting the stations by their distance and the ones near the coast by their depth",
    ],
)
def test_a_title_is_never_cut_before_a_noun_taken_for_a_verb(bullet):
    title = title_defects.subject_title(bullet)
    assert not title or title_defects.title_fragment(title)


@pytest.mark.parametrize(
    ("bullet", "subject"),
    [
        ("The weighted station model predicts the spring catches", "Weighted station model"),
        ("Using seasonal weights reduces the error of the forecasts", "Using seasonal weights"),
        ("The programming model of Faust combines two approaches", "Programming model of Faust"),
        # a verb in its base form after the plural noun the modifiers qualify
        ("The four different regions correspond to four masses", "Four different regions"),
        ("Kernel density estimation is a popular tool for visualising data", None),
    ],
)
def test_a_subject_that_stands_is_still_a_title(bullet, subject):
    expected = subject or bullet.split(" is ")[0]
    assert title_defects.subject_title(bullet) == expected
    assert not title_defects.title_fragment(expected)


@pytest.mark.parametrize(
    "title",
    [
        "Four different",
        "Several",
        "The two corresponding",
        "Four different (continued)",
        "Tide gauge stamps showing",  # a participle whose object was cut
    ],
)
def test_a_title_that_ends_on_a_nouns_modifier_is_a_fragment(title):
    assert title_defects.title_fragment(title)


@pytest.mark.parametrize(
    "title",
    ["Four regions of the plane", "Step 2", "Two different regimes", "What's new", "Model fitting"],
)
def test_a_title_that_ends_on_its_noun_stands(title):
    assert not title_defects.title_fragment(title)


def test_a_repeated_heading_is_not_replaced_by_a_bullets_cut_subject():
    from apps.decks.pipeline.propose.deck_level import _own_title

    slide = Slide(
        kind="bullets",
        title="Explaining the excess",
        bullets=[
            "The four different regions correspond to four values of the mass, 1, 2.5, 4 and 5 TeV",
            "Comparing the station forecasts with the ones that the agency publishes in ref",
        ],
    )
    paper = Paper(title="Tides", sections=[], pages=1, source_name="t.pdf")
    title = _own_title(slide, paper, {"Explaining the excess"}, "Explaining the excess")
    assert title == "Four different regions"


# ---------------------------------------------------------------------- list items, fragments

LIST_PAPER = Paper(
    title="Drawing tide charts",
    sections=[
        Section(
            title="Introduction",
            paragraphs=[
                "Tide charts are drawn by hand in most coastal offices. The chart package "
                "draws them from the station records within the plotting language itself.",
                "The package provides the following functionality:",
                "1. Automatic labelling of the tide levels on every chart",
                "2. Handling of station records outside the usual range of the gauges",
                "3. Arbitrary plotting symbols for the stations of each coast",
                "Charts drawn by the package match the hand-drawn ones of the coastal offices.",
            ],
        ),
        Section(
            title="Charts",
            paragraphs=[
                "The package reads the station records hourly and cleans them of gaps. "
                "It draws each station's tide curve against the time of day."
            ],
        ),
    ],
    pages=4,
    source_name="tides.pdf",
)


def test_a_list_item_without_a_stop_never_runs_into_the_next_items_number():
    deck = BuiltinProposer().propose(LIST_PAPER)
    shown = [b for s in deck.slides for b in s.bullets]
    assert shown
    paragraphs = [p for s in LIST_PAPER.sections for p in s.paragraphs]
    # each bullet is text of one paragraph: never an item with the next item's number or text
    assert all(any(b.rstrip(".") in p for p in paragraphs) for b in shown), shown


@pytest.mark.parametrize(
    "sentence",
    [
        # its only finite verb is in the relative clause; "counts" is that clause's object
        "For a histogram with lines which brings out the extremely large counts somewhat better",
        "With a second gauge which picks up the very short waves somewhat earlier",
    ],
)
def test_a_phrase_whose_only_verb_is_in_its_relative_clause_is_a_fragment(sentence):
    assert "fragment" in dict(defects.text_defects(sentence))
    assert bullets.rewrite(sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "For small samples the bootstrap brings out the skew of the counts",
        "Fitting the model works well for all forty stations",
        "With a second gauge the model picks up the short waves earlier",
    ],
)
def test_a_statement_with_an_object_after_its_verb_is_no_fragment(sentence):
    assert "fragment" not in dict(defects.text_defects(sentence))


def test_an_object_after_a_phrasal_verb_is_no_subject():
    shape = clause_shape.shape("which brings out the extremely large counts somewhat better")
    counts = shape.tokens.index("counts")
    assert counts not in shape.verbs


# ------------------------------------------------------------------ holes left by a removal


def test_a_removed_figure_pointer_takes_its_panel_labels_with_it():
    sentence = (
        "The break point method is applied to four chain-coded curves shown in Fig. 10(a1)–(a3)."
    )
    fixed = bullets.rewrite(sentence)
    assert fixed.rstrip(".") == "The break point method is applied to four chain-coded curves"


@pytest.mark.parametrize(
    "bullet",
    [
        "The Bézier approximations of the curves are plotted(b1)–(b3)",
        "The method is applied to four chain-coded curves shown(a1)–(a3)",
    ],
)
def test_panel_labels_glued_to_a_word_are_a_broken_sentence(bullet):
    assert "broken_sentence" in dict(defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet",
    [
        "The model $f(a)$ is fitted to the stations (a) and (b) of the northern coast",
        "The function rank(x) orders the stations by their depth",
    ],
)
def test_labels_and_calls_apart_from_a_word_are_no_hole(bullet):
    assert "broken_sentence" not in dict(defects.text_defects(bullet))


# ------------------------------------------------------------------------ captions and covers


def test_an_axis_label_under_a_finished_caption_is_not_read_into_it():
    from apps.decks.pipeline.ingest.captions import captions_find
    from tests.decks.test_unseen_ingest import _layout, _segment

    first = _segment("Figure 3: The tide curve, with equal time and height scales, and", 80, 400)
    second = _segment("appropriate annotations.", 80, 412)
    label = _segment("$z$", 100, 421)
    (caption,) = captions_find(_layout([first, second, label]))
    assert caption.text.endswith("appropriate annotations.")


def test_a_caption_line_that_goes_on_is_still_read():
    from apps.decks.pipeline.ingest.captions import captions_find
    from tests.decks.test_unseen_ingest import _layout, _segment

    first = _segment("Figure 3: The tide curve at the northern station for", 80, 400)
    second = _segment("2031.", 80, 412)
    (caption,) = captions_find(_layout([first, second]))
    assert caption.text.endswith("for 2031.")


def test_an_introduction_headed_objectives_opens_as_motivation():
    paper = Paper(
        title="A maximum test for tide gauges",
        abstract=(
            "We propose a maximum test over three gauge models. The test keeps its power "
            "under all three models and is exact in small samples."
        ),
        sections=[
            Section(
                title="Objectives",
                paragraphs=[
                    "Tide gauges drift with the temperature of the water around them. The "
                    "trend test is based on a set of scores assigned to the gauge readings. "
                    "If the drift model is known, the choice of the scores for the trend test "
                    "is obvious. Tests with good power under all three drift models are of "
                    "special interest to the coastal offices."
                ],
            ),
            Section(
                title="Maximum test",
                paragraphs=[
                    "The maximum test takes the largest of the three standardised trend "
                    "statistics. Its distribution follows from the joint normal limit of the "
                    "three statistics, and the test is exact under the permutation model."
                ],
            ),
            Section(
                title="Simulation experiments",
                paragraphs=[
                    "The maximum test keeps 95% of the best single test's power under every "
                    "drift model. The single trend tests lose up to 40% of their power when "
                    "their drift model is wrong."
                ],
            ),
        ],
        pages=8,
        source_name="gauges.pdf",
    )
    deck = BuiltinProposer().propose(paper)
    titles = [s.title for s in deck.slides]
    assert "Objectives" not in titles
    assert titles[1] == "Motivation"  # before "What this paper does"
    # and the reviewer leaves it: its bullets come from the section that introduces the paper
    assert role_titles.role_title_problem("Motivation", deck.slides[1].bullets, paper) is None


def test_a_compounds_hyphen_at_a_captions_line_end_stays():
    from apps.decks.pipeline.ingest.captions import captions_find
    from tests.decks.test_unseen_ingest import _layout, _segment

    first = _segment("Table 4: Maximum test for the gauge data with multiplicity-", 80, 400)
    second = _segment("adjusted p-values and their experi-", 80, 412)
    third = _segment("mental bounds.", 80, 424)
    (caption,) = captions_find(_layout([first, second, third]))
    assert "multiplicity-adjusted p-values" in caption.text
    assert "experimental bounds" in caption.text


def test_a_compounds_hyphen_at_an_abstracts_line_end_stays():
    from apps.decks.pipeline.ingest.structure import _labelled_abstract
    from tests.decks.test_unseen_ingest import _layout, _segment

    lines = [
        "Abstract",
        "We reformulate the test problem and propose a maximum test of scores-",
        "specific linear association tests for the gauges of the northern coast.",
    ]
    layout = _layout([_segment(line, 80, 300 + 12 * i) for i, line in enumerate(lines)])
    assert "scores-specific linear" in _labelled_abstract(layout, None)


@pytest.mark.parametrize(
    "sentence",
    [
        "The author has tried to make this paper as independent as possible of the user’s manual",
        "We have tried to keep the paper self-contained for readers new to tide gauges",
        "This paper is largely self-contained and needs no prior knowledge of gauges",
    ],
)
def test_the_authors_on_how_they_wrote_the_paper_is_meta_text(sentence):
    assert "meta_text" in dict(defects.text_defects(sentence))


def test_the_authors_on_their_method_is_no_meta_text():
    sentence = "We tried to make the model robust to gaps in the station records"
    assert "meta_text" not in dict(defects.text_defects(sentence))


@pytest.mark.parametrize("title", ["Case I", "Case II (continued)", "Example 2", "Scenario B"])
def test_a_bare_label_is_no_title(title):
    assert title_defects.title_fragment(title)


@pytest.mark.parametrize("title", ["Case studies", "Casework in the coastal offices"])
def test_a_generic_word_with_its_subject_is_a_title(title):
    assert not title_defects.title_fragment(title)


def test_a_figure_captioned_with_a_label_is_titled_with_what_it_shows():
    from apps.decks.pipeline.paper import Figure
    from apps.decks.pipeline.propose.captions import figure_title

    figure = Figure(
        id="fig-4",
        kind="figure",
        number=4,
        label="Figure 4",
        caption="Case I: (a) oscillating tide curve and (b) its chain code after smoothing.",
        page=3,
        bbox=(72.0, 100.0, 300.0, 250.0),
        image="fig-4.png",
        width_px=1200,
        height_px=800,
    )
    title = figure_title(figure)
    assert title.startswith("Case I: oscillating tide curve")
    assert not title_defects.title_fragment(title)


def test_a_figure_slides_bullet_loses_the_pointer_with_its_panels():
    from apps.decks.pipeline.propose.captions import mention_bullet

    bullet = mention_bullet(
        "The break point method is applied to four chain-coded tide curves shown in "
        "Fig. 10(a1)–(a3).",
        28,
    )
    assert bullet.rstrip(".") == "The break point method is applied to four chain-coded tide curves"
    # the pointer was the sentence's complement: no bullet rather than "… are plotted(b1)–(b3)"
    assert (
        mention_bullet("The fitted curves of the gauges are plotted in Fig. 10(b1)–(b3).", 28)
        is None
    )


def test_a_preposition_that_can_be_a_connector_keeps_its_object():
    sentence = "Besides further extensions we focus on the separable and metric covariance models."
    assert "dangling_connector" not in dict(defects.text_defects(sentence))
    assert not bullets.rewrite(sentence).startswith("Extensions")
    fixed = bullets.rewrite("Besides, the model fits the spring catches within eight percent.")
    assert fixed.startswith("The model fits")


@pytest.mark.parametrize(
    ("bullet", "kept"),
    [
        (
            "CR Weighted tide error $(WE_{2})$: The weighted tide error combines the ratio "
            "and the squared error of the gauges.",
            "Weighted tide error $(WE_{2})$: The weighted tide error combines",
        ),
        (
            "CR Figure of merit (FOM): The figure of merit combines the number of gauges "
            "with the squared error.",
            "Figure of merit (FOM): The figure of merit combines",
        ),
    ],
)
def test_a_displays_piece_before_a_run_in_term_is_stripped(bullet, kept):
    assert "stray_glyph" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet).startswith(kept)


def test_an_acronym_that_names_the_subject_stays():
    sentence = "NASA Researchers found that the ice sheets melt faster than the models predict"
    assert "stray_glyph" not in dict(defects.text_defects(sentence))


def test_a_sentence_is_never_cut_before_a_relative_clause_inside_its_subject():
    from apps.decks.pipeline import text

    sentence = (
        "Thus, by conditioning the likelihood onto the raw scores $r$ of all gauges, the drift "
        "parameters $\\theta$, which in this context are nuisance parameters, vanish from the "
        "likelihood equation, leading to consistent estimates of the tide levels."
    )
    condensed = text.condense(sentence, 24)
    assert condensed is None or "vanish" in condensed
    # (its tail carries no exception: "…, and it fails only for the two northern stations" is
    # the point of the sentence, and the sentence is then never cut before it, test_cut_points)
    whole = (
        "The station model predicts the spring catches of all forty stations on the coast, "
        "which lie between the fjords, and it was fitted on the catches of ten years."
    )
    assert text.condense(whole, 24) == (
        "The station model predicts the spring catches of all forty stations on the coast"
    )
