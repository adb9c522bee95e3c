"""A paper's reference entries in the shapes an author-year list keyed by name prints them, or
an example list of a paper about bibliographies shows them, are reference entries — never a
bullet: a key in brackets before a surname and an initial, or before the entry's authors; a
volume with its issue and pages; an edition after an author with initials. Prose that cites
("[Okafor, 2029] counted …", "in 2029 (3) sites") is none."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import defects, lost_text


@pytest.mark.parametrize(
    "entry",
    [
        "Entries sorted by year [Okafor, 2029: 4] Okafor, A",
        "[Sato and Lund, 2027: 2] Sato, B. and Lund, C. Counting marsupials",
        "[2: Sato and Lund, 2027] Ben Sato and Cy Lund",
        "Island Fauna Society Meeting, 12(3):101–117, 2028",
        "Lund, C. and Sato, Field Methods, 3rd edition",
    ],
)
def test_an_entry_of_a_keyed_reference_list_is_a_reference_entry(entry):
    assert lost_text.reference_entry(entry)
    assert "reference_entry" in [kind for kind, _ in defects.text_defects(entry)]


@pytest.mark.parametrize(
    "sentence",
    [
        "[Okafor, 2029] counted quokkas on three islands with camera traps",
        "Traps found 12 (3) more animals on the windiest day than walkers did",
        "The ratio 3:1 held on islands with 10 (2) traps per hectare",
        "Ann Okafor and Ben Sato wrote the 2nd part of the field guide",
    ],
)
def test_prose_that_cites_or_counts_is_no_reference_entry(sentence):
    assert lost_text.reference_entry(sentence) is None
