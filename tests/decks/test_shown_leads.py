"""One reading of a lead over what its slide shows (shown_leads.py), for the reviewer, the
repairs and the loop's guards alike: where each had its own code, a guard undid or failed to
keep what the reviewer reads as sound. Papers and sentences are invented for these tests."""

from __future__ import annotations

from apps.decks.pipeline import shown_leads
from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_loop_audit import GivenRevision, _deck

INTRO = "The tally is kept by adding the following lines to the top of the survey file:"
LISTING = "tally: on\nspecies: [alder, willow]\nplots: 12"
COUNTS = [
    "Volunteers walk each of the twelve plots once a month from April to October.",
    "Every alder and willow seedling taller than ten centimetres is counted.",
]
SUBST = "Substituting (2) into (1) gives:"
DISPLAY = r"s = \frac{a}{b} \tag{1} \\ b = c + d \tag{2} \\ s = \frac{a}{c + d}"


def _paper() -> Paper:
    return Paper(
        title="Seedlings on the river terraces",
        abstract=" ".join(COUNTS),
        sections=[
            Section(title="Counting", paragraphs=[" ".join(COUNTS)]),
            Section(title="Keeping the tally", paragraphs=[INTRO]),
        ],
        pages=3,
        source_name="terraces.pdf",
    )


def _listing_slide() -> Slide:
    return Slide(
        kind="bullets",
        title="Keeping the tally",
        bullets=[INTRO],
        code=LISTING,
        code_lang="yaml",
        code_lead=INTRO,
    )


def test_a_listing_and_its_introduction_said_nowhere_else_are_not_taken_off_for_a_title():
    # the loop's last guard judged the introduction alone ("the following" points at nothing)
    # and let a medium title finding take the listing's only slide off the deck
    paper = _paper()
    counting = Slide(kind="bullets", title="Counting", bullets=COUNTS)
    deck = _deck(paper, counting, _listing_slide())
    issue = Issue(slide=3, type="title_mismatch", severity="medium", message="title")
    change = Change(issue=0, slide=3, type=issue.type, action="removed the slide")
    refused: list[dict] = []
    result, changes = revise_round(
        GivenRevision(_deck(paper, counting), [change]), paper, [], deck, [issue], refused
    )
    assert [s.code for s in result.slides] == ["", "", LISTING]
    assert changes == [] and refused[-1]["guard"] == "no_lost_points"


def test_a_lead_naming_the_displays_shown_under_it_is_kept_by_the_guard_as_the_reviewer_reads_it():
    # the reviewer reads "(2)" and "(1)" as the tags of the display under the lead; the guard
    # on new bullets read them as stray equation numbers and took the lead back
    paper = _paper()
    bare = Slide(kind="bullets", title="The ratio", bullets=[COUNTS[0]], equation=DISPLAY)
    led = bare.model_copy(update={"bullets": [COUNTS[0], SUBST], "equation_lead": SUBST})
    assert shown_leads.leads_shown(led, 1)
    assert shown_leads.bullet_defects(led, 1) == []
    deck = _deck(paper, bare)
    issue = Issue(slide=2, type="display_without_lead", severity="medium", message="no lead")
    change = Change(issue=0, slide=2, type=issue.type, action="put the lead over the display")
    refused: list[dict] = []
    result, changes = revise_round(
        GivenRevision(_deck(paper, led), [change]), paper, [], deck, [issue], refused
    )
    assert [r["guard"] for r in refused if "Substituting" in r["why"]] == []
    assert result.slides[1].bullets == [COUNTS[0], SUBST]
    # a display number the display under it does not show is the text's defect still
    other = led.model_copy(update={"equation": r"s = \frac{a}{b} \tag{1}"})
    assert ("equation_number", "(2)") in shown_leads.bullet_defects(other, 1)


def test_a_listings_introduction_points_at_the_listing_with_or_without_a_colon():
    # the reviewer read any pointer of a listing's introduction as the listing; the first
    # shared reading took that back for an introduction ending on a colon
    lead = "The tally is kept by adding the lines shown below to the survey file"
    slide = _listing_slide().model_copy(update={"bullets": [lead], "code_lead": lead})
    assert [k for k, _ in shown_leads.bullet_defects(slide, 0)] == []
    colon = slide.model_copy(update={"bullets": [f"{lead}:"], "code_lead": f"{lead}:"})
    assert [k for k, _ in shown_leads.bullet_defects(colon, 0)] == []
    # without the listing under it, "below" points at nothing the slide shows
    bare = slide.model_copy(update={"code": "", "code_lead": ""})
    assert "dangling_pointer" in [k for k, _ in shown_leads.bullet_defects(bare, 0)]
