"""A bullet that takes up an item of the paper's numbered list by its number ("For 3, …"), or
that opens with a subsection's number read into its sentence ("4.2 Removed Because …"), points
at what the slide does not show: the reviewer finds it and the proposer makes no bullet of it.
Plain sentences that open with a year, a count or a decimal stand."""

import pytest

from apps.decks.pipeline import defects
from apps.decks.pipeline.propose import bullets


@pytest.mark.parametrize(
    "bullet, kind",
    [
        ("For 2, the fitted weights come from the training folds of the model", "dangling_pointer"),
        (
            "As for 4, the kernel width is chosen by cross-validation on the grid",
            "dangling_pointer",
        ),
        ("Regarding item 3, the solver stops once the residual norm is small", "dangling_pointer"),
        ("Concerning step 1, each sample is drawn from the prior of the model", "dangling_pointer"),
        (
            "4.2 Removed Because the old option clashed with the new layout, it was dropped",
            "stray_glyph",
        ),
        ("1.3. Tables Since version two the tables are set with rules only", "stray_glyph"),
    ],
)
def test_a_numbered_back_reference_or_section_number_lead_is_found_and_dropped(bullet, kind):
    assert kind in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) is None


@pytest.mark.parametrize(
    "bullet",
    [
        "In 2019, the network carried twice the traffic of the year before",
        "For 12 of the 40 stations the trend reverses after the storm",
        "2.5 million records were matched against the registry in one pass",
        "For small samples, the bootstrap interval is too narrow by a third",
    ],
)
def test_a_sentence_opening_with_a_year_a_count_or_a_decimal_stands(bullet):
    found = dict(defects.text_defects(bullet))
    assert "dangling_pointer" not in found and "stray_glyph" not in found
