"""Text classes of the sixth round of unseen papers, on synthetic text: a bullet must be a whole
statement the slide can stand behind (no question without its answer, no printed row numbers
before it, no sentence cut at its verb, no fragment)."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import defects
from apps.decks.pipeline.propose import bullets


@pytest.mark.parametrize(
    "bullet",
    [
        "How do I convert the readings into a weekly series?",
        "Why is the index stored as a number rather than a string?",
        "Can the filter be used on irregular data?",
        'What does the option "strict" change?”',
    ],
)
def test_a_question_as_a_bullet_is_found_and_dropped(bullet):
    assert "unanswered_question" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) is None


@pytest.mark.parametrize(
    "bullet",
    [
        "The filter answers the question of which readings are late",
        "Which readings are late is decided by the filter",  # a statement, not a question
    ],
)
def test_a_statement_about_a_question_is_no_question(bullet):
    assert "unanswered_question" not in dict(defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet, lead, fixed",
    [
        (
            "4 I have a table with repeated dates in it",
            "4",
            "I have a table with repeated dates in it",
        ),
        ("0 There’s no method for reshape, so the default one runs", "0", None),
        ("NA 3 Readings in the index are stored as decimal values", "NA 3", None),
        ("6 Sub-second values are kept with microsecond precision", "6", None),
    ],
)
def test_row_numbers_of_code_output_before_a_sentence_are_stray(bullet, lead, fixed):
    assert defects.stray_glyph(bullet) == lead
    rewritten = bullets.rewrite(bullet)
    assert rewritten is not None and not rewritten.startswith(lead)
    assert rewritten == (fixed or bullet[len(lead) :].strip())


@pytest.mark.parametrize(
    "bullet",
    ["12 subjects were tested on each of ten days", "3 of the 20 sites were dry in May"],
)
def test_a_sentence_that_opens_with_a_number_keeps_it(bullet):
    assert defects.stray_glyph(bullet) is None


@pytest.mark.parametrize(
    "bullet",
    [
        "The status columns indicate",
        "The weight column is the sampling weight. The status columns denote",
        "Each row of the result represents",
    ],
)
def test_a_sentence_cut_at_its_verb_is_broken(bullet):
    assert "broken_sentence" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) is None


@pytest.mark.parametrize(
    "bullet",
    [
        "The flags are set where the readings are late, as the status column indicates",
        "The colour follows what the status column indicates",
        "The status column indicates whether a reading is late",
    ],
)
def test_a_sentence_whose_verb_has_its_object_is_whole(bullet):
    assert "broken_sentence" not in dict(defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet",
    [
        "In case of more detailed transmission designs",
        "The admissible weights larger than $|2.5|$",
        "For highly structured survey designs",
    ],
)
def test_a_fragment_with_an_adjective_for_a_verb_is_verbless(bullet):
    assert "verbless_fragment" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) is None


@pytest.mark.parametrize(
    "bullet",
    [
        "Weights larger than $2.5$ are trimmed",
        "A more detailed design costs twice as much",
        "Sampling frames grow with the survey",
    ],
)
def test_a_sentence_with_a_comparative_or_participle_keeps_its_verb(bullet):
    assert "verbless_fragment" not in dict(defects.text_defects(bullet))
