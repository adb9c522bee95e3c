"""The deck ends on the paper's conclusions (round 17, issue #14): a deck whose last slide is a
mechanism slide after a retitled or moved "Conclusions" slide is reported
(`conclusions_missing`, medium) and the repair puts the conclusions slide last, or makes one
from the conclusions' findings. On hand-made papers and decks (our own text)."""

from __future__ import annotations

from apps.decks.pipeline import closing_slide
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

FINDING = "Our merge sorts 100 GB of records in 14 minutes, three times faster than the plain merge"
CONCLUSIONS = [
    f"{FINDING}. The tournament tree keeps every disk busy during the merge. Larger buffers "
    "did not shorten the sort any further once the disk was saturated."
]


def _paper(conclusions: list[str] | None = CONCLUSIONS) -> Paper:
    sections = [
        Section(
            title="Introduction",
            paragraphs=["Sorting data larger than memory writes sorted runs and merges them."],
        ),
        Section(
            title="Merging runs",
            paragraphs=[
                "The merge reads the heads of all runs into a tournament tree. Each step removes "
                "the smallest key at the root and replays the matches along its path."
            ],
        ),
    ]
    if conclusions:
        sections.append(Section(title="Conclusions", paragraphs=conclusions))
    return Paper(title="Merging", pages=5, source_name="merge.pdf", abstract="", sections=sections)


def _slides(last_role: str = "method") -> list[Slide]:
    return [
        Slide(kind="title", title="Merging", role="title"),
        Slide(
            kind="bullets",
            title="Conclusions",
            role="conclusion",
            bullets=[FINDING, "The tournament tree keeps every disk busy during the merge"],
        ),
        Slide(
            kind="bullets",
            title="Merging runs",
            role=last_role,
            bullets=[
                "The merge reads the heads of all runs into a tournament tree",
                "Each step removes the smallest key at the root",
            ],
        ),
    ]


def _issues(slides: list[Slide], paper: Paper):
    deck = SlideDeck(title="Merging", slides=slides)
    return list(deck_rules.conclusions_missing(DeckContext(deck, paper, [])))


def test_a_deck_ending_on_a_mechanism_slide_is_reported_and_repaired():
    paper = _paper()
    slides = _slides()
    found = _issues(slides, paper)
    assert [(i.type, i.severity) for i in found] == [("conclusions_missing", "medium")]
    assert closing_slide.close_with_conclusions(slides, paper, set())
    assert slides[-1].role == "conclusion" and slides[-1].bullets[0] == FINDING
    assert not _issues(slides, paper)


def test_a_deck_without_a_conclusions_slide_gets_one_from_the_conclusions():
    paper = _paper()
    slides = [s for s in _slides() if s.role != "conclusion"]
    assert _issues(slides, paper)
    closing_slide.close_with_conclusions(slides, paper, set())
    assert slides[-1].title == "Conclusions"
    assert FINDING in slides[-1].bullets[0]
    assert len(slides[-1].bullets) >= 2
    assert not _issues(slides, paper)


def test_no_finding_without_conclusions_or_when_the_deck_ends_on_them():
    assert not _issues(_slides(), _paper(conclusions=None))
    assert not _issues(_slides()[:2], _paper())
    # a last slide of which half states the paper's result closes the deck, whatever its
    # title; one result bullet among more of the mechanism does not (round 18)
    ending = _slides()
    ending[-1] = ending[-1].model_copy(update={"bullets": [ending[-1].bullets[0], FINDING]})
    assert not _issues(ending, _paper())
    ending[-1] = ending[-1].model_copy(update={"bullets": [*_slides()[-1].bullets, FINDING]})
    assert _issues(ending, _paper())


def test_the_builtin_deck_ends_on_the_conclusions():
    paper = _paper()
    deck = BuiltinProposer().propose(paper)
    assert deck.slides[-1].role == "conclusion"
    assert not list(deck_rules.conclusions_missing(DeckContext(deck, paper, [])))


def test_conclusions_the_deck_already_states_elsewhere_need_no_closing_slide():
    # one sentence of conclusions, its finding on a slide before the last: nothing is missing
    # that a closing slide could carry (one bullet would be a thin slide)
    paper = _paper(conclusions=[f"{FINDING}."])
    slides = [s for s in _slides() if s.role != "conclusion"]
    slides.insert(1, Slide(kind="bullets", title="Results", role="result", bullets=[FINDING]))
    assert not _issues(slides, paper)
    # conclusions of two sentences and more that no slide states are reported as before
    assert _issues(slides, _paper())
