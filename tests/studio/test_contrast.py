"""WCAG contrast against hand-computed values.

Relative luminance L = 0.2126 R + 0.7152 G + 0.0722 B, each channel c = v/255 linearized as
c/12.92 when c <= 0.04045, else ((c + 0.055) / 1.055) ** 2.4; ratio = (L1 + 0.05) / (L2 + 0.05).
The expected values below were worked out by hand from that formula.
"""

import colorsys

import pytest

from apps.studio.contrast import (
    AA_BODY,
    AA_LARGE,
    PAIRS,
    contrast_ratio,
    lightness_shift,
    mix,
    nearest_passing,
    nearest_passing_all,
    passes_aa,
    preferences_contrast_check,
    ratio_text,
    relative_luminance,
)
from apps.studio.preferences import DEFAULT_DARK, DEFAULT_LIGHT


@pytest.mark.parametrize(
    ("color", "luminance"),
    [
        ("#000000", 0.0),
        ("#ffffff", 1.0),
        ("#ff0000", 0.2126),  # only the red channel, fully on
        ("#00ff00", 0.7152),
        ("#0000ff", 0.0722),
        ("#ffff00", 0.9278),  # 0.2126 + 0.7152
        # 118/255 = 0.46275 → ((0.46275 + 0.055) / 1.055) ** 2.4 = 0.18116
        ("#767676", 0.18116),
        # 128/255 = 0.50196 → ((0.50196 + 0.055) / 1.055) ** 2.4 = 0.21586
        ("#808080", 0.21586),
        # 89/255 = 0.34902 → ((0.34902 + 0.055) / 1.055) ** 2.4 = 0.09989
        ("#595959", 0.09989),
        # 8/255 = 0.03137 is below 0.04045, so it is divided by 12.92: 0.002428
        ("#080808", 0.002428),
    ],
)
def test_relative_luminance(color, luminance):
    assert relative_luminance(color) == pytest.approx(luminance, abs=5e-5)


@pytest.mark.parametrize(
    ("foreground", "background", "ratio"),
    [
        ("#000000", "#ffffff", 21.0),  # 1.05 / 0.05
        ("#ffffff", "#000000", 21.0),  # order does not matter
        ("#ffffff", "#ffffff", 1.0),
        ("#767676", "#ffffff", 4.54),  # 1.05 / 0.23116: the lightest gray passing AA on white
        ("#777777", "#ffffff", 4.48),  # one step lighter fails
        ("#595959", "#ffffff", 7.0),  # 1.05 / 0.14989
        ("#0000ff", "#ffffff", 8.59),  # 1.05 / 0.1222
        ("#ff0000", "#ffffff", 4.0),  # 1.05 / 0.2626 = 3.998
        ("#ffff00", "#ffffff", 1.07),  # 1.05 / 0.9778
        ("#00ff00", "#000000", 15.3),  # 0.7652 / 0.05
        ("#808080", "#000000", 5.32),  # 0.26586 / 0.05
    ],
)
def test_contrast_ratio(foreground, background, ratio):
    assert contrast_ratio(foreground, background) == pytest.approx(ratio, abs=0.005)


def test_aa_thresholds_are_not_rounded():
    assert passes_aa("#767676", "#ffffff")
    assert not passes_aa("#777777", "#ffffff")
    assert not passes_aa("#ff0000", "#ffffff")  # 3.998 < 4.5 for body text…
    assert passes_aa("#ff0000", "#ffffff", large=True)  # …but ≥ 3 for large text and controls
    assert (AA_BODY, AA_LARGE) == (4.5, 3.0)


def test_ratios_are_shown_rounded_down():
    assert ratio_text(contrast_ratio("#777777", "#ffffff")) == "4.47"
    assert ratio_text(4.4999) == "4.49"
    assert ratio_text(21.0) == "21.00"


def test_invalid_colors_are_refused():
    with pytest.raises(ValueError):
        relative_luminance("red")
    with pytest.raises(ValueError):
        relative_luminance("#fff")


def test_nearest_passing_gray_on_white():
    assert nearest_passing("#777777", "#ffffff", AA_BODY) == "#767676"
    assert nearest_passing("#767676", "#ffffff", AA_BODY) == "#767676"  # already passes


def hue(color: str) -> float:
    rgb = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hls(*rgb)[0]


@pytest.mark.parametrize(
    ("color", "against", "ratio"),
    [
        ("#ffff00", "#ffffff", AA_BODY),  # yellow on white → a darker yellow
        ("#1e90ff", "#ffffff", AA_BODY),
        ("#0f5f66", "#14171c", AA_BODY),  # teal on a dark page → a lighter teal
        ("#ff0000", "#ffffff", AA_LARGE),  # passes already
        ("#3a6ea5", "#000000", 7.0),
    ],
)
def test_nearest_passing_keeps_hue_and_moves_as_little_as_it_can(color, against, ratio):
    found = nearest_passing(color, against, ratio)
    assert found is not None
    assert contrast_ratio(found, against) >= ratio
    assert hue(found) == pytest.approx(hue(color), abs=0.01)
    # a smaller move in the same direction would not pass
    direction = 1 if relative_luminance(found) > relative_luminance(color) else -1
    closer = lightness_shift(found, -direction * 0.01)
    if found != color:
        assert contrast_ratio(closer, against) < ratio


def test_nearest_passing_may_be_impossible():
    assert nearest_passing("#777777", "#777777", 7.0) is None  # mid gray: 21:1 is not reachable
    darkest_needed = nearest_passing("#777777", "#777777", 4.5)
    assert darkest_needed == "#060606"  # black is 4.69:1; the nearest passing gray is not black
    assert contrast_ratio(darkest_needed, "#777777") >= 4.5


def test_nearest_passing_all_satisfies_every_constraint():
    found = nearest_passing_all("#ffff00", [("#ffffff", AA_BODY), ("#f6f5f1", AA_BODY)])
    assert contrast_ratio(found, "#ffffff") >= AA_BODY
    assert contrast_ratio(found, "#f6f5f1") >= AA_BODY


def test_mix_and_lightness_shift():
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert mix("#ff0000", "#0000ff", 1.0) == "#ff0000"
    assert lightness_shift("#808080", 0.5) == "#ffffff"
    assert lightness_shift("#808080", -1) == "#000000"


# --- the guard --------------------------------------------------------------------------------


def theme_with(**colors):
    base = DEFAULT_LIGHT
    return base.model_copy(update={"theme": base.theme.model_copy(update=colors)})


def test_defaults_pass_every_pair():
    assert preferences_contrast_check(DEFAULT_LIGHT) == []
    assert preferences_contrast_check(DEFAULT_DARK) == []


def test_every_pair_names_theme_fields():
    fields = set(type(DEFAULT_LIGHT.theme).model_fields)
    for pair in PAIRS:
        assert {pair.foreground, pair.background} <= fields


def test_unreadable_text_is_reported_with_its_ratio():
    failures = preferences_contrast_check(theme_with(text="#777777", surface="#ffffff"))
    by_pair = {failure.pair.label: failure for failure in failures}
    failure = by_pair["Body text on panels"]
    assert failure.ratio == pytest.approx(4.48, abs=0.005)
    assert failure.field == "text"
    assert contrast_ratio(failure.suggestion, "#ffffff") >= AA_BODY
    assert contrast_ratio(failure.suggestion, "#f6f5f1") >= AA_BODY  # and on the page
    assert "4.47:1" in failure.message and "4.5:1" in failure.message
    assert failure.as_dict()["path"] == "/theme/text"


def test_button_text_on_yellow_buttons():
    failures = preferences_contrast_check(theme_with(primary="#ffff00"), changed=["primary"])
    labels = {failure.pair.label for failure in failures}
    assert {"Button text on buttons", "Links on the page", "Links on panels"} <= labels
    suggestion = failures[0].suggestion
    assert {failure.field for failure in failures} == {"primary"}
    assert contrast_ratio(suggestion, "#ffffff") >= AA_BODY  # white button text and panels
    assert contrast_ratio(suggestion, "#f6f5f1") >= AA_BODY


def test_the_changed_side_is_the_one_adjusted():
    dark_page = theme_with(background="#303030")
    (failure,) = [
        f
        for f in preferences_contrast_check(dark_page, changed=["background"])
        if f.pair.label == "Body text on the page"
    ]
    assert failure.field == "background"
    assert contrast_ratio(failure.suggestion, "#1b2029") >= AA_BODY


def test_accent_marks_need_three_to_one():
    assert preferences_contrast_check(theme_with(accent="#888888")) == []  # 3.25:1 on the page…
    failures = preferences_contrast_check(theme_with(accent="#aaaaaa"))  # …2.13:1 is too faint
    assert {f.pair.required for f in failures} == {AA_LARGE}
