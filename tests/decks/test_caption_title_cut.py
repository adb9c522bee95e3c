"""A caption too long for a title was cut after its tenth word, mid-phrase ("Balanced sample
from the artificial example with the two theoretical", "A time series shown of magnetic field
that does not"). The title is the longest head that ends before a preposition or a clause."""

import pytest

from apps.decks.pipeline.paper import Figure
from apps.decks.pipeline.propose.captions import figure_title


def _figure(caption: str) -> Figure:
    return Figure(
        id="fig-1",
        kind="figure",
        number=1,
        label="Figure 1",
        caption=caption,
        page=1,
        bbox=(100, 100, 400, 300),
        image="fig-1.png",
        width_px=400,
        height_px=300,
    )


@pytest.mark.parametrize(
    ("caption", "title"),
    [
        (
            "Scatter plot of the simulated sample from the mixture model with the two true "
            "regression lines drawn in grey.",
            "Scatter plot of the simulated sample from the mixture model",
        ),
        (
            "Hourly readings of the pressure sensor that do not vary because the valve stays "
            "shut all night long.",
            "Hourly readings of the pressure sensor that do not vary",
        ),
        (
            "Fitted hazard of relapse over the whole follow-up period while adjusting the "
            "model for age and sex.",
            "Fitted hazard of relapse over the whole follow-up period",
        ),
    ],
)
def test_a_long_caption_is_cut_before_a_phrase_never_inside_one(caption, title):
    assert figure_title(_figure(caption)) == title


def test_a_short_caption_is_its_own_title():
    assert figure_title(_figure("Runtime of the solver.")) == "Runtime of the solver"
