"""A figure's title taken from its caption is cut where a phrase ends, never at a shortened
word's full stop ("… of the Mt" of "… of the Mt. Ko survey") nor between the bounds of a range
("… ranging from 1.5" of "… from 1.5 to 3.2 cm"); the reviewer reads such a cut as a fragment,
and a title that merely holds an abbreviation as whole. Captions invented here."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import text
from apps.decks.pipeline.paper import Figure
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.title_defects import title_fragment


def _figure(caption: str) -> Figure:
    return Figure(
        id="fig-1",
        kind="figure",
        number=1,
        label="Figure 1",
        caption=caption,
        page=2,
        bbox=(50, 100, 550, 400),
        image="fig-1.png",
        width_px=1200,
        height_px=700,
        section="Field work",
    )


@pytest.mark.parametrize(
    ("caption", "title"),
    [
        (
            "Field map of the Mt. Ko survey plots, drawn with the default grid layout.",
            "Field map of the Mt. Ko survey plots",
        ),
        (
            "Nest counts near St. Ora Bay. Dots mark the visited sites.",
            "Nest counts near St. Ora Bay",
        ),
        (
            "Growth of the seedlings after approx. 14 days under shade.",
            "Growth of the seedlings after approx. 14 days under shade",
        ),
        (
            "Yield per plot vs. sowing depth. Bars give one standard error.",
            "Yield per plot vs. sowing depth",
        ),
        (
            "Lake levels logged by the U.S. Weather Office each spring. Gaps are winters.",
            "Lake levels logged by the U.S. Weather Office each spring",
        ),
        (
            "Plot layout of J. R. Olsen, with the later extension to the east.",
            "Plot layout of J. R. Olsen",
        ),
        (
            "E.g. a single transect of the ridge, walked twice. Flags mark the stops.",
            "E.g. a single transect of the ridge",
        ),
        (
            "Histogram of pebble diameters ranging from 1.5 to 3.2 cm across all sampled river "
            "beds of the northern valley.",
            "Histogram of pebble diameters ranging from 1.5 to 3.2 cm",
        ),
        (
            "Error curves of the solver for step sizes from 10 to 100 iterations per sweep of "
            "the grid.",
            "Error curves of the solver for step sizes",
        ),
    ],
)
def test_a_caption_title_ends_where_a_phrase_ends(caption, title):
    made = figure_title(_figure(caption))
    assert made == title
    assert title_fragment(made) is None


def test_the_sentence_splitter_knows_abbreviations_initials_and_acronyms():
    assert text.sentences("We met Dr. Aho at Mt. Ko. Then it rained.") == [
        "We met Dr. Aho at Mt. Ko.",
        "Then it rained.",
    ]
    assert text.sentences("Approx. 40 % were wet. Cf. the dry year.") == [
        "Approx. 40 % were wet.",
        "Cf. the dry year.",
    ]
    assert text.sentences("Data of the U.K. Met Office. The rest is ours.") == [
        "Data of the U.K. Met Office.",
        "The rest is ours.",
    ]
    # a sentence that ends on a capital still ends there when a sentence opens after it
    assert text.sentences("The samples came from site B. The next site was dry.") == [
        "The samples came from site B.",
        "The next site was dry.",
    ]


@pytest.mark.parametrize(
    "title",
    [
        "Pebble diameters ranging from 1.5",
        "Wave heights between 0.2",
        "Seed mass varying from 12 mg",
        "Yields from 0.5 kg",
    ],
)
def test_a_title_cut_inside_a_range_is_a_fragment(title):
    assert title_fragment(title)


@pytest.mark.parametrize(
    "title",
    [
        "Census counts from 2010",
        "Field map of the Mt. Ko survey plots",
        "Lake levels logged by the U.S. Weather Office",
        "Yield per plot vs. sowing depth",
    ],
)
def test_a_whole_title_with_a_number_or_an_abbreviation_is_no_fragment(title):
    assert title_fragment(title) is None
