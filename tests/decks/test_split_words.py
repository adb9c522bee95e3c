"""Words the PDF's text layer split in two with a space (ingest/split_words.py): the paper's
own spelling of the joined word elsewhere tells the split from two words; a title set large,
kerned wide, on a paper made for these tests (tests/fixtures/papers/ingest/kernedtitle, CC0)."""

from __future__ import annotations

from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.split_words import rejoined, word_counts

PARAGRAPHS = [
    "Chloride was measured as chl oride after the samples were filtered twice.",
    "The chloride of each sample was read against a standard of known chloride.",
    "The opti mal dose is reached after ten days; the optimal dose depends on weight.",
    "The optimal interval was the same for every time steps setting and every timesteps one.",
    "Each of the $x y$ pairs and the `max imal` option are read as written.",
]


def test_a_word_split_by_a_space_is_joined_when_the_paper_writes_it_whole():
    counts = word_counts(PARAGRAPHS)
    assert rejoined(PARAGRAPHS[0], counts) == (
        "Chloride was measured as chloride after the samples were filtered twice."
    )
    assert rejoined(PARAGRAPHS[2], counts).startswith("The optimal dose is reached")


def test_two_words_formulas_and_code_stay_apart():
    counts = word_counts([*PARAGRAPHS, "The maximal value."])
    # "time steps": two English words the paper also writes joined; either reads right
    assert rejoined(PARAGRAPHS[3], counts) == PARAGRAPHS[3]
    assert rejoined(PARAGRAPHS[4], counts) == PARAGRAPHS[4]
    # a pair the paper never writes joined is two words
    assert rejoined("The gauges record the sea level", counts) == "The gauges record the sea level"


def test_a_capitalised_word_split_by_a_wide_kern_is_joined():
    # a title set large is kerned wide: "Software Dev elopment" where the body writes the
    # word whole
    counts = word_counts(
        ["The development of the tool took a year.", "Its development went on in parallel."]
    )
    title = "Parallel Software Dev elopment"
    assert rejoined(title, counts) == "Parallel Software Development"
    # two words of a sentence's opening stay two: "Each development" is no split "Eachdevelopment"
    assert rejoined("Each development took a year", counts) == "Each development took a year"


def test_a_titles_word_split_by_a_wide_kern_is_read_whole(tmp_path):
    pdf = settings.BASE_DIR / "tests/fixtures/papers/ingest/kernedtitle/tessera-kernedtitle.pdf"
    assert paper_read(pdf, tmp_path / "figures").title == "Parallel Software Development"
