"""Bullets cut before their point (pipeline/cut_points.py, review/cut_rules.py, text._clause):
a contrast or concession cut off, a concession whose answer is the next sentence, a list's
last member dropped, a list's lead without its items; glued quotes and list labels. Every
sentence and paper here is invented."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import cut_points, cut_sentences, text
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.captions import caption_text, figure_title
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

# ------------------------------------------------------------------ shortening keeps the point

CONTRAST = (
    "Most glass bottles collected at the kerb are cleaned and refilled within a month in the "
    "northern districts of the city, but the bottles collected in the southern districts are "
    "crushed and melted down"
)
LISTED = (
    "The depot sorts the returned crates by their colour and size, weighs the broken glass "
    "and the plastic caps, and sends the damaged crates back to their maker"
)


def test_shortening_never_cuts_off_the_point_of_a_contrast():
    # cut at ", but", the bullet would say every bottle is refilled: the paper says the opposite
    assert text.shorten(CONTRAST, 24) == CONTRAST
    assert text.condense(CONTRAST, 24) is None  # too long whole: another sentence is used


@pytest.mark.parametrize("separator", [", whereas", "; however,", ", although"])
def test_no_cut_leaves_a_concession_without_its_answer(separator):
    sentence = (
        "The refill line washes nine thousand bottles of every colour an hour in summer"
        f"{separator} in winter the line stops for two days every week for repairs"
    )
    assert text.condense(sentence, 16) is None


def test_shortening_never_drops_a_lists_last_member():
    assert text.condense(LISTED, 20) is None
    assert text.shorten(LISTED, 20) == LISTED


# ------------------------------------------------------------------ the paper as the oracle

BOTTLES_PAPER = Paper(
    title="Refilling glass bottles in a city",
    sections=[
        Section(
            title="Collection",
            paragraphs=[
                f"{CONTRAST}. The crates are collected twice a week.",
                "Refilled bottles need less energy than new ones in every district we measured. "
                "However, the savings vanish when the bottles travel more than 300 km.",
                "There are two kinds of crates in the depot. The first holds twelve bottles. "
                "The second holds twenty small bottles.",
                "Sorting the bottles is extremely simple; 1. the crates are emptied onto a belt.",
                "2. a camera reads the colour of each bottle.",
                "3. an arm pushes each bottle into its bin.",
                "The reasons for the scheme are several-fold: 1. Refilling saves energy.",
                "2. Refilling saves money.",
                "3. Refilling keeps the glass works busy.",
                "The depot is made up of three parts. The first serves the lorries of the north. "
                "The second serves the trains.",
            ],
        ),
    ],
    pages=2,
    source_name="bottles.pdf",
)
CUT_CONTRAST = CONTRAST.split(", but")[0]
CONCESSION = "Refilled bottles need less energy than new ones in every district we measured"
JOINED = (
    "Refilled bottles need less energy than new ones in every district we measured; however, "
    "the savings vanish when the bottles travel more than 300 km"
)


def test_a_bullet_cut_before_its_contrast_is_a_lost_point_repaired_whole():
    found = cut_points.cut_points(CUT_CONTRAST, BOTTLES_PAPER, [])
    assert found is not None and found.kind == "lost_point"
    assert found.part.startswith("but the bottles collected in the southern districts")
    assert found.repair == CONTRAST


def test_a_concession_whose_answer_is_the_next_sentence_is_joined_with_it():
    found = cut_points.cut_points(CONCESSION, BOTTLES_PAPER, [])
    assert found is not None and found.kind == "lost_point"
    assert found.repair == JOINED
    # the answer on the slide after it: nothing is lost
    assert cut_points.cut_points(CONCESSION, BOTTLES_PAPER, [JOINED.split("; ")[1]]) is None


def test_a_whole_sentence_or_one_followed_by_no_answer_is_no_lost_point():
    assert cut_points.cut_points(CONTRAST, BOTTLES_PAPER, []) is None
    # the next sentence does not answer it: "The crates are collected twice a week"
    assert cut_points.cut_points("The crates are collected twice a week", BOTTLES_PAPER, []) is None


def test_a_list_lead_without_its_items_gets_them_when_they_are_short():
    found = cut_points.cut_points("There are two kinds of crates in the depot", BOTTLES_PAPER, [])
    assert found is not None and found.kind == "list_lead"
    assert found.repair == (
        "There are two kinds of crates in the depot: the first holds twelve bottles; "
        "the second holds twenty small bottles"
    )
    shown = ["The first holds twelve bottles", "The second holds twenty small bottles"]
    assert (
        cut_points.cut_points("There are two kinds of crates in the depot", BOTTLES_PAPER, shown)
        is None
    )


def test_a_list_shown_without_its_last_items_gets_them_after_the_ones_shown():
    lead, first = "There are two kinds of crates in the depot", "The first holds twelve bottles"
    slide = Slide(
        kind="bullets",
        title="Crates",
        bullets=[lead, first, "The crates are collected twice a week"],
        notes=" ".join(BOTTLES_PAPER.sections[0].paragraphs),
    )
    deck = deck_of(BOTTLES_PAPER, [Slide(kind="title", title=BOTTLES_PAPER.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, BOTTLES_PAPER)
    issues = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "list_lead"]
    assert [i.evidence["added"] for i in issues] == [["The second holds twenty small bottles"]]

    revised = deck_repair(BuiltinProposer(), BOTTLES_PAPER, deck, issues).deck.slides[1]
    assert revised.bullets == [
        lead,
        first,
        "The second holds twenty small bottles",
        "The crates are collected twice a week",
    ]
    again = SlideContext(2, revised, measure(slide=2), deck, BOTTLES_PAPER)
    assert not [i for rule in SLIDE_RULES for i in rule(again) if i.type == "list_lead"]


def test_a_lead_cut_from_its_numbered_items_gets_all_of_them():
    # the splitter ended the lead's sentence after the first item; the others are paragraphs
    found = cut_points.cut_points("Sorting the bottles is extremely simple", BOTTLES_PAPER, [])
    assert found is not None and found.kind == "list_lead"
    assert found.repair == (
        "Sorting the bottles is extremely simple: the crates are emptied onto a belt; a camera "
        "reads the colour of each bottle; an arm pushes each bottle into its bin"
    )


def test_a_lead_left_with_its_first_items_number_gets_the_numbered_items():
    found = cut_points.cut_points(
        "The reasons for the scheme are several-fold: 1", BOTTLES_PAPER, []
    )
    assert found is not None and found.kind == "list_lead"
    assert found.repair == (
        "The reasons for the scheme are several-fold: refilling saves energy; refilling saves "
        "money; refilling keeps the glass works busy"
    )


def test_a_lead_whose_items_are_fewer_than_announced_is_left_out():
    found = cut_points.cut_points("The depot is made up of three parts", BOTTLES_PAPER, [])
    assert found is not None and found.kind == "list_lead" and found.repair == ""


# ------------------------------------------------------------------ the loop repairs them


def test_the_loop_shows_each_bullet_with_its_point_and_the_reviewer_is_satisfied():
    slide = Slide(
        kind="bullets",
        title="Collecting and sorting bottles",
        bullets=[CUT_CONTRAST, CONCESSION, "There are two kinds of crates in the depot"],
        notes=" ".join(BOTTLES_PAPER.sections[0].paragraphs),
    )
    deck = deck_of(BOTTLES_PAPER, [Slide(kind="title", title=BOTTLES_PAPER.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, BOTTLES_PAPER)
    kinds = {"lost_point", "list_lead"}
    issues = [i for rule in SLIDE_RULES for i in rule(context) if i.type in kinds]
    assert sorted(i.type for i in issues) == ["list_lead", "lost_point", "lost_point"]
    assert {i.severity for i in issues if i.type == "lost_point"} == {"high"}

    revision = deck_repair(BuiltinProposer(), BOTTLES_PAPER, deck, issues)
    revised = revision.deck.slides[1]
    assert revised.bullets[:2] == [CONTRAST, JOINED]
    assert revised.bullets[2].startswith("There are two kinds of crates in the depot: the first")
    assert {c.type for c in revision.changes} == kinds
    again = SlideContext(2, revised, measure(slide=2), revision.deck, BOTTLES_PAPER)
    assert not [i for rule in SLIDE_RULES for i in rule(again) if i.type in kinds]


# ------------------------------------------------------------------ glued quotes, list labels


@pytest.mark.parametrize(
    ("glued", "clean"),
    [
        ("Cobalt”blue” bottles fetch the best price", "Cobalt “blue” bottles fetch the best price"),
        ("The “green”bottles are sorted by hand", "The “green” bottles are sorted by hand"),
        ("(b) The camera rejects every cracked bottle", "The camera rejects every cracked bottle"),
        ("(iii) Each crate is weighed twice", "Each crate is weighed twice"),
    ],
)
def test_a_quote_that_lost_its_space_and_a_list_label_are_cleaned(glued, clean):
    assert text.clean(glued) == clean


@pytest.mark.parametrize(
    "sentence",
    ['The label says "blue" and "green" in two languages', "The (a) case is rare in the depot"],
)
def test_quotes_with_their_spaces_and_labels_inside_a_sentence_stay(sentence):
    assert text.clean(sentence) == sentence


# ------------------------------------------------------------------ a caption keeps its point


def _figure(caption: str) -> Figure:
    return Figure(
        id="fig-2",
        kind="figure",
        number=2,
        label="Figure 2",
        caption=caption,
        page=3,
        bbox=(50, 100, 300, 300),
        image="fig-2.png",
        width_px=800,
        height_px=600,
    )


def test_a_short_captions_next_sentence_that_says_what_to_see_is_shown():
    caption = (
        "Bottles returned per district in the first year of the scheme. "
        "The blue bars mark the districts that refill their bottles."
    )
    assert caption_text(_figure(caption)).rstrip(".") == caption.rstrip(".")


def test_a_long_captions_later_sentences_are_left_for_its_length():
    first = "Bottles returned per district in the first year of the scheme, by colour and size"
    caption = (
        f"{first}. The blue bars mark the districts that refill their bottles, the grey ones "
        "those that crush them, and the dashed line the city's average of all districts."
    )
    assert caption_text(_figure(caption)).startswith(first)
    assert "blue bars" not in caption_text(_figure(caption))


# ------------------------------------------------------------------ a setting keeps its value


@pytest.mark.parametrize(
    "sentence",
    [
        "The sorter takes an optional speed, in case you want another speed than the default 9",
        "A crate is sent back when its count of cracked bottles is above the threshold 5",
    ],
)
def test_a_settings_value_at_the_end_is_no_glued_mark(sentence):
    # read as a footnote's number, the value went and the bullet stopped at "the default"
    assert cut_sentences.trailing_mark(sentence) is None
    assert cut_sentences.without_trailing_mark(sentence) == sentence


def test_a_title_from_a_caption_puts_back_the_space_a_quote_lost():
    figure = _figure("Cobalt”blue” bottles returned per district in the first year.")
    assert figure_title(figure).startswith("Cobalt “blue” bottles")


def test_a_sentence_is_not_cut_before_its_subjects_second_claim():
    sentence = (
        "In recent years the depot has grown beyond the sorting of glass bottles, and has taken "
        "on the washing of plastic crates for the whole region"
    )
    assert text.condense(sentence, 16) is None
    assert text.shorten(sentence, 16) == sentence
