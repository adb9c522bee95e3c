"""Text classes of the sixth round of unseen papers, on synthetic text: a bullet must be a whole
statement the slide can stand behind (no question without its answer, no printed row numbers
before it, no sentence cut at its verb, no fragment)."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import defects, title_defects
from apps.decks.pipeline.propose import bullets


def assert_found_and_dropped(kind: str, bullet: str) -> None:
    """The reviewer finds the class, and the builtin proposer can make no bullet of it."""
    assert kind in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) is None


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
    assert_found_and_dropped("unanswered_question", bullet)


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
    assert_found_and_dropped("broken_sentence", bullet)


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
    assert_found_and_dropped("verbless_fragment", bullet)


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


@pytest.mark.parametrize(
    "bullet",
    [
        "We fit the plainest mixture model as a first example",
        "We only look at the first 20 rows",
        "Here we look at last 5 records of the panel",
    ],
)
def test_a_bullet_about_code_or_output_the_slide_does_not_show_is_found(bullet):
    assert_found_and_dropped("dangling_pointer", bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "We use the weather data as a first example of a mixture",
        "Readers look at the first page of a report longest",
    ],
)
def test_an_example_named_in_the_sentence_is_no_pointer(bullet):
    assert "dangling_pointer" not in dict(defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet",
    [
        "The tutorial is in progress and will be extended",
        "This guide is still a work in progress",
        "The document is not yet complete, so some sections are short",
    ],
)
def test_the_document_about_its_own_state_is_meta_text(bullet):
    assert_found_and_dropped("meta_text", bullet)


def test_the_state_of_the_subject_is_no_meta_text():
    assert not defects.text_defects("The survey of the coast is still in progress")


@pytest.mark.parametrize(
    "bullet, kept",
    [
        (
            "(The boxed environment resets the font size.) Note that boxes are centred",
            "Boxes are centred",
        ),
        (
            "(Margins follow the journal's rules.) Wide tables are set across both columns",
            "Wide tables are set across both columns",
        ),
    ],
)
def test_a_parenthesised_aside_before_the_sentence_is_dropped(bullet, kept):
    assert defects.dangling_connector(bullet)
    assert bullets.rewrite(bullet) == kept


def test_a_parenthesis_inside_the_sentence_is_kept():
    bullet = "The method (described in the appendix) converges for every start value"
    assert not defects.text_defects(bullet)
    assert bullets.rewrite(bullet) == bullet


@pytest.mark.parametrize(
    "title", ["Pass show.bands = FALSE", "Set colour_scale = 'grey'", "Use legend = NULL"]
)
def test_code_as_a_title_is_a_fragment(title):
    assert title_defects.title_fragment(title)


@pytest.mark.parametrize("title", ["Mixtures with k = 2 components", "Samples of n = 100"])
def test_mathematics_in_a_title_is_no_code(title):
    assert title_defects.title_fragment(title) is None


@pytest.mark.parametrize(
    "title", ["How do I install the package?", "Why is the index stored as a number?"]
)
def test_a_question_is_a_title(title):
    assert title_defects.title_fragment(title) is None
    assert title_defects.title_text_defects(title) == []


@pytest.mark.parametrize(
    "bullet", ["The bound $omega_{h}$ is reported", "The variance $sigma^{2}$ is estimated first"]
)
def test_a_greek_letter_that_lost_its_backslash_is_broken_math(bullet):
    assert_found_and_dropped("broken_math", bullet)


@pytest.mark.parametrize(
    "bullet",
    ["The variance $\\sigma^{2}$ is estimated first", "The rates $\\beta$ and $\\eta$ are fixed"],
)
def test_a_greek_letter_with_its_backslash_is_whole(bullet):
    assert defects.broken_math(bullet) is None
