"""The planner's colors (apps/studio/planner/colors.toml) keep the promises its comments make,
and a broken colors file is refused with a clear error."""

import pytest

from apps.studio.contrast import AA_BODY, contrast_ratio
from apps.studio.planner import palette
from apps.studio.planner.palette import SWATCHES, TINTS, color_hex, same_tone
from apps.studio.preferences import MODE_COLORS

TEXT_ON_TINTS = 13.0  # colors.toml: "body text of the mode stays above 13:1"


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_every_swatch_reads_on_the_modes_page_panels_and_with_its_button_text(mode):
    colors = MODE_COLORS[mode]
    for name, swatch in SWATCHES[mode].items():
        for against in (colors["background"], colors["surface"], colors["primary_ink"]):
            assert contrast_ratio(swatch, against) >= AA_BODY, (mode, name, against)


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_every_tint_keeps_body_text_well_above_aa(mode):
    for name, tint in TINTS[mode].items():
        assert contrast_ratio(tint, MODE_COLORS[mode]["text"]) >= TEXT_ON_TINTS, (mode, name)


def test_basic_words_get_tessera_tones_and_other_names_are_taken_as_given():
    assert color_hex("blue", "primary", "dark") == SWATCHES["dark"]["blue"]
    assert color_hex("blue", "background", "light") == TINTS["light"]["blue"]
    assert color_hex("gold", "primary", "light") == SWATCHES["light"]["yellow"]  # an alias
    assert color_hex("dark blue", "text", "light") == palette.CSS_NAMED_COLORS["darkblue"]
    assert color_hex("#123abc", "primary", "light") == "#123abc"
    assert color_hex("sparkly", "primary", "light") is None


def test_a_swatch_keeps_its_name_across_modes():
    assert (
        same_tone(SWATCHES["light"]["blue"], "primary", "light", "dark")
        == (SWATCHES["dark"]["blue"])
    )
    assert same_tone("#123abc", "primary", "light", "dark") == "#123abc"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[swatches.light]\nblue = 'blue'\n", "needs exactly the modes"),
        (
            "[swatches.light]\n[swatches.dark]\n[tints.light]\n[tints.dark]\n[aliases]\n"
            "[css]\nred = 'red; background: url(x)'\n",
            "is not a lowercase #rrggbb",
        ),
        (
            "[swatches.light]\n[swatches.dark]\n[tints.light]\n[tints.dark]\n[css]\n"
            "[aliases]\nsky = 'nowhere'\n",
            "names an unknown color",
        ),
    ],
)
def test_a_broken_colors_file_is_refused_with_the_reason(tmp_path, text, message):
    path = tmp_path / "colors.toml"
    path.write_text(text)
    with pytest.raises(ValueError, match=message):
        palette.colors_load(path)
