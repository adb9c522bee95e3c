"""One example per slide (round 23, issue #14): a section that runs its first example into
the next ("Field survey data Our second example …", its heading read run-in) made a slide
whose bullets glued the two — the second example's data under the first one's heading, a wrong
statement about it. Reported as `examples_mixed` (high); the repair leaves the other example's
bullets out, or titles the slide by the example its bullets come from. Our own text."""

from __future__ import annotations

from apps.decks.pipeline import example_parts
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

FIRST = [
    "We draw two hundred counts from a negative binomial law with a known dispersion of two.",
    "The fitted dispersion is 2.1, close to the true dispersion of the counts.",
]
SECOND = [
    "Field survey data Our second example fits the counts of moths caught in forty light "
    "traps over one summer.",
    "Each trap was emptied every morning by volunteers of the county's naturalist society.",
    "The traps near the river caught three times as many moths as those on the ridge.",
]
HEADING = "Fitting synthetic counts"


def _paper() -> Paper:
    return Paper(
        title="Counting moths",
        pages=8,
        source_name="moths.pdf",
        sections=[
            Section(
                title="Introduction",
                paragraphs=["Counts of insects vary more than a Poisson law allows."],
            ),
            Section(title=HEADING, paragraphs=[*FIRST, *SECOND]),
            Section(
                title="Conclusions",
                paragraphs=["The negative binomial fit recovers the dispersion of both data."],
            ),
        ],
    )


def _deck(bullets: list[str], title: str = HEADING) -> SlideDeck:
    return SlideDeck(
        title="Counting moths",
        slides=[
            Slide(kind="title", title="Counting moths", role="title"),
            Slide(kind="bullets", title=title, role="result", bullets=bullets),
        ],
    )


def _review(deck: SlideDeck, paper: Paper):
    measures = [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    return review(deck, measures, paper)


# what the blank measures of these tests report (no slide was rendered): left to the loop's
# other tests
UNRENDERED = {"empty", "slide_count"}


def _issues(deck: SlideDeck, paper: Paper):
    return [i for i in _review(deck, paper) if i.type not in UNRENDERED]


def _mixed(deck: SlideDeck, paper: Paper):
    return [i for i in _review(deck, paper) if i.type == "examples_mixed"]


def _b(sentence: str) -> str:
    return sentence.rstrip(".")


SURVEY_OPENING = (
    "Our second example fits the counts of moths caught in forty light traps over one summer"
)


def test_the_next_example_begins_where_its_paragraph_opens_it():
    paper = _paper()
    found = example_parts.boundaries(paper.sections[1])
    assert [(b.paragraph, b.heading, b.ordinal) for b in found] == [
        (2, "Field survey data", "second")
    ]
    # a mention inside a sentence is no boundary, nor a paragraph's later words
    section = Section(
        title="Fits",
        paragraphs=[
            FIRST[0],
            "The dispersion is the same as in the second example of Section 2.",
            "For the record, our second example came later.",
        ],
    )
    assert example_parts.boundaries(section) == []


def test_a_slide_gluing_two_examples_loses_the_other_ones_bullets_through_the_loop():
    paper = _paper()
    deck = _deck([_b(FIRST[0]), _b(FIRST[1]), _b(SECOND[1])])
    issues = _issues(deck, paper)
    found = [i for i in issues if i.type == "examples_mixed"]
    assert [(i.slide, i.severity, i.evidence["others"]) for i in found] == [
        (2, "high", [_b(SECOND[1])])
    ]
    revised, changes = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    assert revised.slides[1].title == HEADING
    assert revised.slides[1].bullets == [_b(FIRST[0]), _b(FIRST[1])]
    assert [c.type for c in changes if c.type == "examples_mixed"] == ["examples_mixed"]
    assert not _mixed(revised, paper)


def test_a_slide_of_the_next_example_under_the_first_ones_heading_is_titled_by_it():
    paper = _paper()
    deck = _deck([_b(SECOND[1]), _b(SECOND[2])])
    found = _mixed(deck, paper)
    assert [i.evidence["others"] for i in found] == [[_b(SECOND[1]), _b(SECOND[2])]]
    issues = _issues(deck, paper)
    revised, _ = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    assert revised.slides[1].title == "Field survey data"
    # the example's opening says which example the slide shows (and a title the guards take:
    # the run-in heading alone shares no word with the bullets)
    assert revised.slides[1].bullets == [SURVEY_OPENING, _b(SECOND[1]), _b(SECOND[2])]
    assert revised.slides[1].notes.startswith("Field survey data Our second example")
    assert not set(revised.slides[1].bullets) & {_b(s) for s in FIRST}
    assert not _mixed(revised, paper)


def test_one_example_per_slide_is_not_reported():
    paper = _paper()
    assert not _mixed(_deck([_b(FIRST[0]), _b(FIRST[1])]), paper)
    assert not _mixed(_deck([_b(SECOND[1]), _b(SECOND[2])], title="Field survey data"), paper)
    # a closing paragraph about both examples belongs to neither
    closing = _paper().model_copy(deep=True)
    closing.sections[1].paragraphs.append(
        "Both examples show that the dispersion is estimated well from a few hundred counts."
    )
    both = "Both examples show that the dispersion is estimated well from a few hundred counts"
    assert not _mixed(_deck([_b(FIRST[0]), _b(FIRST[1]), both]), closing)
    # a section without a second example: nothing to mix
    plain = _paper().model_copy(deep=True)
    plain.sections[1].paragraphs = list(FIRST)
    assert not _mixed(_deck([_b(FIRST[0]), _b(FIRST[1])]), plain)


def test_a_slide_the_repair_would_leave_thin_keeps_its_bullets():
    paper = _paper()
    slide = _deck([_b(FIRST[0]), _b(SECOND[1]), _b(SECOND[2])]).slides[1]
    # two of the survey, one of the synthetic counts: the heading's example has one bullet,
    # which alone would be a thin slide — nothing is left out, the finding stays open
    revised, action = example_parts.separated(slide, paper)
    assert action == "" and revised == slide
