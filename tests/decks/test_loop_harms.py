"""Revisions must do no harm (round 19): a slide added for a count finding stands alone or is
not added; the slide that says what the paper does is never merged away; a bullet shortened by
cutting its opening keeps its subject. Papers and sentences are invented for these tests."""

from __future__ import annotations

from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose import bullets as bullet_index
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.deck_level import deck_level_repair
from apps.decks.pipeline.propose.repair import Work, deck_repair
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from apps.decks.pipeline.subject_cuts import drops_subject
from tests.decks import factories

METHOD = (
    "The sampler draws one thousand points from the posterior of every hive model. "
    "Each chain starts at the estimate of the simpler model and runs until it mixes. "
    "The weights of the hives enter the model as a smooth function of the day. "
    "Colonies that swarmed are modelled with a break in their weight curve. "
)
SCALES = (
    "Every scale was checked against a known weight before the season began. "
    "Readings taken in rain were dropped because wet lids add weight to a hive. "
    "The scales report the weight of a hive to the nearest ten grams each hour. "
    "Batteries in the scales were changed every second week during the summer. "
)
AIM = "This paper shows that hives near clover store twice the honey of hives near pine."
WHY = "Beekeepers move hives to clover fields each spring without knowing the gain."


def _paper(*sections: Section, figures: list[Figure] | None = None) -> Paper:
    return Paper(
        title="Honey yield of hives near clover",
        abstract=f"{WHY} {AIM}",
        sections=list(sections),
        figures=figures or [],
        pages=3,
        source_name="hives.pdf",
    )


def _deck(paper: Paper, *slides: Slide) -> SlideDeck:
    return SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), *slides])


def _count_repair(paper: Paper, deck: SlideDeck, kind: str) -> SlideDeck:
    issue = Issue(slide=0, type=kind, severity="medium", message="too few")
    work = Work(BuiltinProposer(), paper, bullet_index.SentenceIndex(paper))
    work.deck = deck
    return deck_level_repair(work, deck, [(0, issue)], [])


def test_a_slide_added_for_too_few_slides_is_never_titled_with_a_fragment():
    # the extraction took a sentence's start for the second section's heading
    paper = _paper(
        Section(title="Model", paragraphs=[METHOD * 3]),
        Section(title="The scales were read by the", paragraphs=[SCALES * 3]),
    )
    revised = _count_repair(paper, _deck(paper), "slide_count")
    titles = [s.title for s in revised.slides]
    assert any(t.startswith("Model") for t in titles)  # the deck still grows where it can
    assert not any("read by the" in t for t in titles)


def _figure(number: int, caption: str) -> Figure:
    return factories.figure(
        number,
        caption,
        captioned=bool(caption),
        page=2,
        bbox=(100, 100, 400, 300),
        width_px=600,
        height_px=400,
        section="Model",
    )


def test_a_figure_slide_added_for_too_few_figures_says_what_it_shows_or_is_not_added():
    paper = _paper(
        Section(title="Model", paragraphs=[METHOD * 3]),
        figures=[
            _figure(1, ""),  # a plot the paper neither captions nor discusses
            _figure(2, "Daily weight of the forty hives near clover across the season."),
        ],
    )
    model = Slide(kind="bullets", title="Model", bullets=METHOD.split(". ")[:2])
    revised = _count_repair(paper, _deck(paper, model), "too_few_figures")
    shown = [s for s in revised.slides if s.kind == "figure"]
    assert [s.figure for s in shown] == ["fig-2"]
    assert all(s.bullets or s.caption for s in shown)


def _purpose_deck(paper: Paper) -> SlideDeck:
    why = Slide(kind="bullets", title="Motivation", role="motivation", bullets=[WHY], notes=WHY)
    aim = Slide(
        kind="bullets",
        title="What this paper does",
        role="contributions",
        bullets=[AIM],
        notes=AIM,
    )
    model = Slide(kind="bullets", title="Model", bullets=METHOD.split(". ")[:2], notes=METHOD)
    return _deck(paper, why, aim, model)


def test_the_thin_fix_never_merges_the_slide_saying_what_the_paper_does():
    paper = _paper(Section(title="Model", paragraphs=[METHOD]))
    deck = _purpose_deck(paper)
    thin = Issue(slide=3, type="thin_slide", severity="medium", message="thin", evidence={})
    revision = deck_repair(BuiltinProposer(), paper, deck, [thin])
    purpose = [s for s in revision.deck.slides if s.role == "contributions"]
    assert purpose and AIM in purpose[0].bullets
    assert AIM not in revision.deck.slides[1].bullets  # not said again on the motivation slide


def test_the_loop_puts_back_a_purpose_slide_any_proposer_merged_away():
    from apps.decks.pipeline.revision_harms import no_lost_purpose

    paper = _paper(Section(title="Model", paragraphs=[METHOD]))
    current = _purpose_deck(paper)
    title, why, _aim, model = current.slides
    merged = why.model_copy(update={"bullets": [WHY, AIM]})
    revised = current.model_copy(update={"slides": [title, merged, model]})
    change = Change(issue=0, slide=3, type="thin_slide", action="merged it into the slide before")
    thin = Issue(slide=3, type="thin_slide", severity="medium", message="thin", evidence={})
    refused: list = []
    kept, changes = no_lost_purpose(current, revised, [change], [thin], refused)
    assert [s.title for s in kept.slides] == [s.title for s in current.slides]
    assert kept.slides[1].bullets == [WHY]  # said once, on its own slide
    assert changes == [] and refused[0]["guard"] == "no_lost_purpose"
    # a high finding on the slide itself may still take it off
    high = thin.model_copy(update={"severity": "high"})
    kept, changes = no_lost_purpose(current, revised, [change], [high], [])
    assert len(kept.slides) == 3 and changes == [change]


LONG = "Our sampler, which we call Comb, reduces mixing time by half on every hive we weighed."
OPENED = "In the second summer, the clover colonies swarmed less often than the pine colonies."


def test_a_cut_that_drops_the_subject_is_told_from_one_that_drops_an_opening_phrase():
    assert drops_subject(LONG, "Reduces mixing time by half on every hive we weighed")
    assert drops_subject(
        "The scales report weight to ten grams and need no calibration.", "Need no calibration"
    )
    assert not drops_subject(OPENED, "The clover colonies swarmed less often than the pine ones")
    assert not drops_subject(
        "Moreover, Hastings reports the same swarming rate.", "Hastings reports the same rate"
    )
    assert not drops_subject(LONG, LONG)


def test_the_loop_refuses_a_shortened_bullet_without_its_subject():
    from apps.decks.pipeline.loop_guard import no_worse_bullets

    paper = _paper(Section(title="Model", paragraphs=[f"{LONG} {OPENED}"]))
    slide = Slide(kind="bullets", title="Comb", bullets=[LONG, OPENED], notes=LONG)
    current = _deck(paper, slide)
    change = Change(issue=0, slide=2, type="text_overflow", action="shortened bullet 1")
    for short, refused_it in (
        ("Reduces mixing time by half on every hive we weighed", True),
        ("Our sampler reduces mixing time by half on every hive", False),
    ):
        revised = _deck(paper, slide.model_copy(update={"bullets": [short, OPENED]}))
        refused: list = []
        kept, changes = no_worse_bullets(current, revised, [change], refused, paper)
        if refused_it:
            assert kept.slides[1].bullets == [LONG, OPENED] and changes == []
            assert "subject" in refused[0]["why"]
        else:
            assert kept.slides[1].bullets == [short, OPENED] and changes == [change]


def test_one_tall_chart_is_not_sliced_into_strips_at_its_white_rows(tmp_path):
    """A bar chart whose groups are set apart by white rows, its labels too small to read
    whole: the white rows are no panel gutters (no panel labels, a caption naming one chart),
    so the figure stays whole; the labelled panels of test_figure_parts.py are still cut."""
    from pathlib import Path

    from apps.decks.pipeline.ingest import paper_read
    from apps.decks.pipeline.ingest.panel_parts import several_shown

    pdf = Path(__file__).parents[1] / "fixtures/papers/ingest/tallchart/tessera-tallchart.pdf"
    figure = paper_read(pdf, tmp_path).figures[0]
    assert figure.text_pt and figure.height_px > figure.width_px
    assert figure.parts == []
    assert several_shown("Counts of each night. (a) Hedgehogs. (b) Badgers.")
    assert several_shown("Four goodness-of-fit plots of the fitted distributions.")
    assert not several_shown(figure.caption)


class _HarmfulProposer:
    """A proposer (a language model, say) that answers each finding the harmful way: it merges
    the thin purpose slide into the motivation, pads the deck with a fragment-titled slide and
    a bare figure for "too few slides", and shortens a long bullet by cutting its subject."""

    name = "harmful"

    def propose(self, paper: Paper) -> SlideDeck:  # pragma: no cover - the loop revises only
        raise NotImplementedError

    def revise(self, paper: Paper, deck: SlideDeck, issues: list[Issue]):
        from apps.decks.pipeline.issues import Revision

        title, why, _aim, model = deck.slides
        shortened = model.model_copy(
            update={"bullets": ["Reduces mixing time by half on every hive we weighed", CLEAN]}
        )
        padding = Slide(
            kind="bullets", title="The scales were read by the", bullets=SCALES.split(". ")[:3]
        )
        bare = Slide(kind="figure", title="Weights", figure="fig-1")
        slides = [title, why.model_copy(update={"bullets": [WHY, AIM]}), shortened, padding, bare]
        changes = [
            Change(issue=0, slide=3, type="thin_slide", action="merged into the slide before"),
            Change(issue=1, slide=4, type="text_overflow", action="shortened bullet 1"),
            Change(issue=2, slide=0, type="slide_count", action="added 2 slides"),
        ]
        return Revision(deck=deck.model_copy(update={"slides": slides}), changes=changes)


CLEAN = "Hives on the clover side lost fewer queens during the cold spring than the others did."


def test_a_round_keeps_none_of_the_harms_any_proposer_makes():
    from apps.decks.pipeline.loop import revise_round

    paper = _paper(
        Section(title="Model", paragraphs=[f"{LONG} {CLEAN} {METHOD}"]),
        figures=[_figure(1, "")],
    )
    deck = _purpose_deck(paper)
    model = deck.slides[3].model_copy(update={"bullets": [LONG, CLEAN], "notes": LONG})
    deck = deck.model_copy(update={"slides": [*deck.slides[:3], model]})
    issues = [
        Issue(slide=3, type="thin_slide", severity="medium", message="thin", evidence={}),
        Issue(slide=4, type="text_overflow", severity="medium", message="long", evidence={}),
        Issue(slide=0, type="slide_count", severity="medium", message="too few", evidence={}),
    ]
    refused: list = []
    revised, changes = revise_round(_HarmfulProposer(), paper, [], deck, issues, refused)
    titles = [s.title for s in revised.slides]
    assert "What this paper does" in titles  # never merged away
    assert not any("read by the" in t for t in titles)  # no fragment-titled padding
    assert not any(s.kind == "figure" and not (s.bullets or s.caption) for s in revised.slides)
    assert LONG in revised.slides[titles.index("Model")].bullets  # the subject stays
    assert changes == []  # each of the three harms was refused, and its change with it
    assert {r["guard"] for r in refused} >= {"no_lost_purpose", "no_unsound_added_slides"}


def test_a_closing_slide_another_fix_adds_in_a_counting_round_is_no_padding():
    from apps.decks.pipeline.revision_harms import no_unsound_added_slides

    paper = _paper(Section(title="Model", paragraphs=[METHOD]))
    current = _purpose_deck(paper)
    closing = "Clover near an apiary doubles the honey a colony stores in one season."
    close = Slide(kind="bullets", title="Conclusions", role="conclusion", bullets=[closing])
    padding = Slide(kind="bullets", title="Model (continued)", bullets=[CLEAN])
    revised = current.model_copy(update={"slides": [*current.slides, padding, close]})
    changes = [Change(issue=0, slide=0, type="slide_count", action="added a slide on Model")]
    kept, _changes = no_unsound_added_slides(paper, current, revised, changes, [])
    titles = [s.title for s in kept.slides]
    assert titles[-1] == "Conclusions" and "Model (continued)" not in titles
