"""A guard undoes only the change that made a worse bullet (round 23): `no_worse_bullets` gave a
slide back its whole batch of fixes when one rewritten bullet was worse than the one it replaced,
and the slide kept every defect the other fixes had answered. Now the change that made the worse
bullet (the one answering the issue about the bullet it replaced, or the slide-level change that
added it) is undone and recorded; the slide's other fixes stand. Through the loop's own revise
step (`revise_round`) with a given revision, as a language model might answer; the paper and its
sentences are invented here."""

from __future__ import annotations

from apps.decks.pipeline.bullet_reverts import aligned, partly_reverted
from apps.decks.pipeline.issues import Change, Issue, Revision
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

NORTH = "Lichen grew twice as fast on north-facing roof tiles as on south-facing ones"
COVER = "The lichen cover reached half of each tile within five years of laying"
RAIN = "Tiles washed by rain every week carried a third less lichen than sheltered tiles"
PARAGRAPH = f"{NORTH}. {COVER}. {RAIN}."
TITLE = "Lichen growth on roof tiles"

LEANING_NORTH = "However, this grew twice as fast on north-facing roof tiles"
LEANING_COVER = "So it reached half of each tile within five years of laying"
CUT_COVER = "The lichen cover reached half of each tile within"  # cut before its end


class GivenProposer:
    """A proposer whose revision is given."""

    name = "given"

    def __init__(self, revision: Revision):
        self.revision = revision

    def propose(self, paper: Paper) -> SlideDeck:  # pragma: no cover - not used here
        return self.revision.deck

    def revise(self, paper: Paper, deck: SlideDeck, issues: list[Issue]) -> Revision:
        return self.revision


def _paper() -> Paper:
    return Paper(
        title="Lichen on clay roofs",
        pages=2,
        source_name="lichen.pdf",
        sections=[Section(number="3", title=TITLE, paragraphs=[PARAGRAPH])],
    )


def _deck(paper: Paper, bullets: list[str]) -> SlideDeck:
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title=TITLE, bullets=bullets, notes=PARAGRAPH),
        ],
    )


def _about(kind: str, bullet: str, index: int) -> Issue:
    return Issue(
        slide=2,
        type=kind,
        severity="medium",
        message=f"bullet {index + 1}: {kind}",
        evidence={"text": bullet, "index": index},
    )


def _thin() -> Issue:
    return Issue(slide=2, type="thin_slide", severity="medium", message="thin", evidence={})


def _revise(deck, revised, issues, changes):
    refused: list[dict] = []
    proposer = GivenProposer(Revision(deck=revised, changes=changes))
    result, kept = revise_round(proposer, _paper(), [], deck, issues, refused)
    return result, kept, refused


def test_one_worse_rewrite_leaves_the_slides_other_fix_standing():
    paper = _paper()
    deck = _deck(paper, [LEANING_NORTH, LEANING_COVER, RAIN])
    revised = _deck(paper, [NORTH, CUT_COVER, RAIN])
    issues = [
        _about("leaning_reference", LEANING_NORTH, 0),
        _about("leaning_reference", LEANING_COVER, 1),
    ]
    changes = [
        Change(issue=0, slide=2, type="leaning_reference", action="rewrote bullet 1"),
        Change(issue=1, slide=2, type="leaning_reference", action="rewrote bullet 2"),
    ]
    result, kept, refused = _revise(deck, revised, issues, changes)
    # the good rewrite stands; the cut one is undone, its bullet as it was
    assert result.slides[1].bullets == [NORTH, LEANING_COVER, RAIN]
    assert kept == [changes[0]]
    assert [r["guard"] for r in refused] == ["no_worse_bullets"]
    assert [c["issue"] for c in refused[0]["changes"]] == [1]
    assert "other fixes stand" in refused[0]["why"]


def test_a_worse_bullet_added_for_a_thin_slide_goes_and_the_rewrite_stays():
    paper = _paper()
    deck = _deck(paper, [LEANING_NORTH, RAIN])
    revised = _deck(paper, [NORTH, RAIN, CUT_COVER])
    issues = [_about("leaning_reference", LEANING_NORTH, 0), _thin()]
    changes = [
        Change(issue=0, slide=2, type="leaning_reference", action="rewrote bullet 1"),
        Change(issue=1, slide=2, type="thin_slide", action="added 1 sentence of the same part"),
    ]
    result, kept, refused = _revise(deck, revised, issues, changes)
    assert result.slides[1].bullets == [NORTH, RAIN]
    assert kept == [changes[0]]
    assert refused[0]["changes"][0]["type"] == "thin_slide"


def test_the_whole_slide_goes_back_when_its_only_fix_made_the_worse_bullet():
    paper = _paper()
    deck = _deck(paper, [NORTH, LEANING_COVER, RAIN])
    revised = _deck(paper, [NORTH, CUT_COVER, RAIN])
    issues = [_about("leaning_reference", LEANING_COVER, 1)]
    changes = [Change(issue=0, slide=2, type="leaning_reference", action="rewrote bullet 2")]
    result, kept, refused = _revise(deck, revised, issues, changes)
    assert result == deck
    assert kept == []
    assert "other fixes stand" not in refused[0]["why"]


def test_a_worse_bullet_no_change_owns_gives_the_whole_slide_back():
    """A bullet rewritten with no issue about it and no slide-level change to own it cannot be
    traced: the slide's whole batch goes back, as before."""
    paper = _paper()
    deck = _deck(paper, [LEANING_NORTH, COVER, RAIN])
    revised = _deck(paper, [NORTH, CUT_COVER, RAIN])
    issues = [_about("leaning_reference", LEANING_NORTH, 0)]
    changes = [Change(issue=0, slide=2, type="leaning_reference", action="rewrote bullet 1")]
    result, kept, _refused = _revise(deck, revised, issues, changes)
    assert result == deck
    assert kept == []


def test_bullets_align_one_for_one_and_a_merge_is_one_block():
    blocks = aligned(["a", "b", "c"], ["A", "B", "c"])
    assert [(b.old, b.new) for b in blocks] == [
        (("a",), ("A",)),
        (("b",), ("B",)),
        (("c",), ("c",)),
    ]
    merged = aligned(["a", "b", "c"], ["a+b", "c"])
    assert [(b.old, b.new) for b in merged] == [(("a", "b"), ("a+b",)), (("c",), ("c",))]


def test_only_the_bullet_the_culprit_made_is_given_back():
    before = Slide(kind="bullets", title=TITLE, bullets=[LEANING_NORTH, LEANING_COVER, RAIN])
    after = Slide(kind="bullets", title=TITLE, bullets=[NORTH, "merged", RAIN.upper()])
    issues = [
        _about("leaning_reference", LEANING_NORTH, 0),
        _about("leaning_reference", LEANING_COVER, 1),
        _about("glued_words", RAIN, 2),
    ]
    changes = [Change(issue=i, slide=2, type=issues[i].type, action="x") for i in range(3)]
    slide, culprits = partly_reverted(before, after, {"merged"}, changes, issues)
    assert slide.bullets == [NORTH, LEANING_COVER, RAIN.upper()]
    assert culprits == [changes[1]]


def test_the_last_reading_undoes_only_the_change_that_repeats_another_slide():
    """`no_unsound_new_bullets` (the revision read as a whole) gave a slide back whole too: a
    rewrite that says what another slide's new bullet says is undone alone."""
    from apps.decks.pipeline.revision_audit import no_unsound_new_bullets

    paper = _paper()
    moss = "Moss grew in the gutters of every house in the survey"
    kept_bullet = "Sheltered tiles were never cleaned by their owners"
    current = SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title=TITLE, bullets=[LEANING_NORTH, moss], notes=PARAGRAPH),
            Slide(
                kind="bullets",
                title="Rain and shelter",
                bullets=["So it spread", LEANING_COVER, kept_bullet],
                notes=PARAGRAPH,
            ),
        ],
    )
    slides = [
        current.slides[0],
        current.slides[1].model_copy(update={"bullets": [NORTH, moss]}),
        current.slides[2].model_copy(update={"bullets": [NORTH, COVER, kept_bullet]}),
    ]
    revised = current.model_copy(update={"slides": slides})

    def about(slide: int, bullet: str, index: int) -> Issue:
        return _about("leaning_reference", bullet, index).model_copy(update={"slide": slide})

    issues = [about(2, LEANING_NORTH, 0), about(3, "So it spread", 0), about(3, LEANING_COVER, 1)]
    changes = [
        Change(issue=i, slide=issue.slide, type=issue.type, action=f"rewrote bullet {i}")
        for i, issue in enumerate(issues)
    ]
    refused: list[dict] = []
    result, kept = no_unsound_new_bullets(paper, current, revised, changes, issues, refused)
    assert result.slides[1].bullets == [NORTH, moss]
    assert result.slides[2].bullets == ["So it spread", COVER, kept_bullet]
    assert kept == [changes[0], changes[2]]
    assert [c["issue"] for c in refused[0]["changes"]] == [1]
    assert "other fixes stand" in refused[0]["why"]
