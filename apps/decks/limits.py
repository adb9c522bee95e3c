"""Every limit and threshold of the decks pipeline: a named value, its default and why.

`tests/decks/test_units.py` fails when a limit has no help text. Values are module constants
(not environment variables): they describe what the pipeline is built and tested for.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    name: str
    value: float
    help: str


_ALL = [
    # Input
    Limit("max_pdf_mb", 50, "Largest PDF accepted, in megabytes."),
    Limit("max_pages", 100, "Most pages a paper may have; longer documents are refused."),
    Limit("max_page_side_pt", 3000, "Largest page side in points (about 1 m); posters above it."),
    Limit("max_image_megapixels", 60, "Largest embedded image, in megapixels (decoding cost)."),
    Limit(
        "max_drawing_mb",
        64,
        "Most drawing instructions a paper's pages may inflate to, in megabytes (contents, "
        "form XObjects, patterns, Type 3 glyphs, each once): seen papers hold up to 23 MB "
        "(dense maps); a 600 kB file inflating to 200 MB held the upload check 4 minutes "
        "and 3 GB.",
    ),
    Limit(
        "max_open_s",
        5,
        "Longest the upload request may take to open a PDF and read its page tree, in seconds "
        "(a child process, stopped past it): papers open in under 0.1 s; a 68 kB file whose "
        "cross-reference declares ten million entries held PDFium 32 s.",
    ),
    Limit("min_words", 150, "Fewest words of text a paper needs to make a deck."),
    # Figures
    Limit(
        "figure_target_width_px",
        2000,
        "Width a figure is rendered at: sharp across a slide (1960 px on the 2× screenshots).",
    ),
    Limit("figure_max_px", 3600, "Longest side of a cropped figure, in pixels."),
    Limit("figure_min_dpi", 150, "Lowest resolution a figure is cropped at."),
    Limit("figure_max_dpi", 2000, "Highest resolution a figure is cropped at (a small table)."),
    # Deck shape
    Limit("min_slides", 10, "Fewest slides in a deck."),
    Limit("max_slides", 20, "Most slides in a deck."),
    Limit(
        "min_figures", 3, "Fewest of the paper's figures a deck shows (when the paper has them)."
    ),
    Limit("max_rounds", 10, "Most review rounds a caller may ask for."),
    Limit("default_rounds", 5, "Review rounds when the caller does not say."),
    # Renderer: a 15-slide `slidev build` takes ~5 s on a quiet machine and was seen taking
    # over 180 s at a load of 22 on two cores; a deck that fails only because the machine is
    # busy loses all its work, so the limits are for a loaded machine, not a quiet one.
    Limit("slidev_build_timeout_s", 900, "Longest a `slidev build` may run, in seconds."),
    Limit("slidev_export_timeout_s", 1200, "Longest a `slidev export` may run, in seconds."),
    # Reviewer thresholds (slide canvas is 980×552 CSS px)
    Limit("overflow_px", 2, "Content this far past the slide's edge is overflow."),
    Limit("overflow_high_px", 24, "Overflow beyond this many pixels is high severity."),
    Limit("words_text_slide", 75, "Words on a text slide above which it is dense (medium)."),
    Limit("words_text_slide_high", 110, "Words on a text slide above which density is high."),
    Limit("words_beside_figure", 40, "Words beside a figure (title and caption excluded)."),
    Limit("min_font_px", 14, "Smallest body text size; smaller text is hard to read (medium)."),
    Limit("min_chrome_font_px", 11, "Smallest size for captions and footers (medium below)."),
    Limit(
        "figure_min_fill",
        0.4,
        "Smallest figure area, as a share of the largest it could be drawn on a slide.",
    ),
    Limit("figure_min_fill_high", 0.2, "Figure fill below which figure_small is high."),
    Limit(
        "caption_words",
        64,
        "Words of a caption above which it is too long (low): a caption with its reading key "
        "(caption_keys.KEYED_CAPTION_WORDS, 60) and its label stays within it.",
    ),
    Limit("figure_visible_min", 0.98, "Share of a figure that must be visible (not cropped)."),
    Limit("figure_min_opacity", 0.95, "Opacity below which a figure or text counts as faded."),
    Limit(
        "figure_min_width_share",
        0.6,
        "Share of the slide's width a figure is drawn at, unless its printed width is smaller.",
    ),
    Limit(
        "figure_text_min_px",
        8.5,
        "Smallest size the text inside a figure may be drawn at, in CSS px of the 980 px wide "
        "slide (about 8.5 pt on a 13.3-inch slide): labels a reader saw as too small were drawn "
        "at 5–8.3 px, the smallest read without complaint at 9.2 px; the limit lies between.",
    ),
    Limit("empty_band_max", 0.34, "Widest empty column or band, as a share of the slide."),
    Limit(
        "repeated_figure_max_diff",
        0.35,
        "Ink unlikeness (1 − overlap of the two figures' ink) below which figures in a row are "
        "near-identical.",
    ),
    Limit("figure_match_max_diff", 0.16, "Mean pixel difference above which a figure mismatches."),
    Limit("overlap_min_px", 60, "Overlap between two boxes, in px², that counts."),
    Limit("contrast_min", 4.5, "Smallest text contrast ratio (WCAG AA)."),
    Limit("contrast_high", 3.0, "Contrast ratio below which contrast is high severity."),
    Limit("edge_margin_px", 6, "Ink closer than this to a slide edge touches it."),
    Limit("near_empty_ink", 0.004, "Share of inked pixels below which a slide is near-empty."),
]

LIMITS: dict[str, Limit] = {limit.name: limit for limit in _ALL}


def get(name: str) -> float:
    return LIMITS[name].value


def get_int(name: str) -> int:
    return int(LIMITS[name].value)
