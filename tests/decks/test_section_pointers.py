"""Bullets about which section of the paper does what, when the section is named by its place
("In the fourth section we describe …") or its number was lost ("Section we describe …"), are
about the paper's structure (meta_text) and dropped; sections of other things are no pointer."""

import pytest

from apps.decks.pipeline import defects
from tests.decks.test_unseen_round6 import assert_found_and_dropped


@pytest.mark.parametrize(
    "bullet",
    [
        "In the third section we compare the estimators on the census data of two regions",
        "In the final section, we fit the model to the survey data collected in 2019",
        "Section we define the hazard model and its likelihood for censored observations",
    ],
)
def test_a_section_named_by_its_place_or_without_its_number_is_meta_text(bullet):
    assert_found_and_dropped("meta_text", bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "The last section of the pipe is cooled by water drawn from the river",
        "Sections of the river we sampled were shallow and slow in the summer",
    ],
)
def test_sections_of_other_things_are_no_pointer(bullet):
    assert "meta_text" not in dict(defects.text_defects(bullet))
