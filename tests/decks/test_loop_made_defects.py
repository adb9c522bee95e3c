"""The loop must not make defects (round 18): what a repair puts on a slide passes the
reviewer's text checks first; a thin slide holding the deck's close or its "why" is never
deleted; the revision log names a change only where the flagged bullet changed; a figure a
slide shows is never reported missing. Papers and sentences are invented for these tests."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import text_gate
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair, flagged_bullet
from apps.decks.pipeline.render.measure import ImageBox, Rect, Size, SlideMeasure
from apps.decks.pipeline.review.figure_rules import figure_missing
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

FINDING = (
    "Weighing the hives every morning showed that colonies near clover gained twice as much "
    "honey as colonies near pine forest."
)
# the sentence the paper writes after it, and the caption of the figure another slide shows
CAPTION = (
    "The forty hives near clover fields gained weight faster each day than the forty hives "
    "near pine forest across the season."
)
LEANING = "It also explains why the clover colonies swarmed less often in the second summer."
CLEAN = "Hives on the clover side lost fewer queens during the cold spring than the others did."
CLOSE = "Clover sown near an apiary doubles the honey a colony stores in one season."


def _paper(*paragraphs: str, conclusion: str = CLOSE) -> Paper:
    return Paper(
        title="Honey yield of hives near clover",
        sections=[
            Section(title="Results", paragraphs=list(paragraphs)),
            Section(title="Conclusions", paragraphs=[conclusion]),
        ],
        pages=1,
        source_name="hives.pdf",
    )


def _deck(paper: Paper, *slides: Slide) -> SlideDeck:
    return SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), *slides])


def _figure_slide() -> Slide:
    return Slide(kind="figure", title="Weight gain", figure="fig-1", caption=CAPTION)


def _thin(slide_number: int) -> Issue:
    return Issue(
        slide=slide_number, type="thin_slide", severity="medium", message="thin", evidence={}
    )


def test_the_gate_flags_what_the_reviewer_would_flag_and_passes_a_sentence_that_stands():
    paper = _paper(f"{FINDING} {LEANING}")
    slide = Slide(kind="bullets", title="Yield", bullets=[FINDING, LEANING])
    assert "unresolved_reference" in text_gate.flagged(LEANING, slide, None, paper)
    assert text_gate.flagged(FINDING, slide, None, paper) == []
    deck = _deck(paper, slide, _figure_slide())
    assert "repeats another slide" in text_gate.flagged(CAPTION, slide, deck, paper, 2)


def test_a_thin_slide_is_not_padded_with_another_slides_caption():
    notes = f"{FINDING} {CAPTION}"
    paper = _paper(notes)
    thin = Slide(kind="bullets", title="Yield", bullets=[FINDING], notes=notes)
    deck = _deck(paper, thin, _figure_slide())
    revision = deck_repair(BuiltinProposer(), paper, deck, [_thin(2)])
    shown = [b for s in revision.deck.slides for b in s.bullets]
    assert not any(CAPTION.rstrip(".") in b for b in shown)
    assert not any(c.action.startswith("added") for c in revision.changes)


def test_a_thin_slide_is_padded_with_the_sentence_that_passes():
    notes = f"{FINDING} {CAPTION} {CLEAN}"
    paper = _paper(notes)
    thin = Slide(kind="bullets", title="Yield", bullets=[FINDING], notes=notes)
    deck = _deck(paper, thin, _figure_slide())
    revision = deck_repair(BuiltinProposer(), paper, deck, [_thin(2)])
    assert revision.deck.slides[1].bullets[0] == FINDING
    assert [b.rstrip(".") for b in revision.deck.slides[1].bullets[1:]] == [CLEAN.rstrip(".")]


@pytest.mark.parametrize("role,title", [("conclusion", "What we found"), ("", "Conclusions")])
def test_a_thin_conclusion_slide_is_never_deleted(role, title):
    paper = _paper(FINDING)
    closing = Slide(kind="bullets", title=title, role=role, bullets=[CLOSE], notes=CLOSE)
    deck = _deck(paper, _figure_slide(), closing)
    revision = deck_repair(BuiltinProposer(), paper, deck, [_thin(3)])
    assert revision.deck.slides[-1].bullets == [
        CLOSE
    ]  # no sentence to fill it, no slide to take it
    assert revision.changes == []  # left open: no "removed the slide" logged


def test_a_thin_slide_of_another_part_still_goes():
    paper = _paper(FINDING)
    thin = Slide(kind="bullets", title="Hive scales", bullets=[FINDING], notes=FINDING)
    revision = deck_repair(
        BuiltinProposer(), paper, _deck(paper, _figure_slide(), thin), [_thin(3)]
    )
    assert [s.title for s in revision.deck.slides] == [paper.title, "Weight gain"]


LONG = (
    "However, the hives that stood within two hundred metres of the clover fields, which the "
    "farmers had sown in early April after the frost, gained on average three kilograms more "
    "honey each month than the hives that stood at the edge of the pine forest on the hill, "
    "whatever the weather of that month."
)


def test_a_long_flagged_bullet_is_known_by_the_prefix_the_finding_keeps():
    assert len(LONG) > 200
    slide = Slide(kind="bullets", title="Yield", bullets=[FINDING, LONG])
    assert flagged_bullet(slide, {"text": LONG[:200], "index": 1}) == LONG
    assert flagged_bullet(slide, {"text": LONG[:200]}) == LONG
    assert flagged_bullet(slide, {"text": "A bullet the slide no longer has."}) is None


def test_a_long_flagged_bullet_is_rewritten_not_logged_fixed_unchanged():
    paper = _paper(f"{FINDING} {LONG} {CLEAN}")
    slide = Slide(kind="bullets", title="Yield", bullets=[FINDING, LONG, CLEAN], notes=FINDING)
    issue = Issue(
        slide=2,
        type="dangling_connector",
        severity="medium",
        message="opens with However",
        evidence={"where": "bullet", "index": 1, "text": LONG[:200], "part": "However"},
    )
    revision = deck_repair(BuiltinProposer(), paper, _deck(paper, slide), [issue])
    assert LONG not in revision.deck.slides[1].bullets
    assert [c.action for c in revision.changes] != ["answered by the rewrite of the same bullet"]


def _image(src: str, figure: str) -> ImageBox:
    box = Rect(x=380, y=100, w=500, h=300)
    return ImageBox(
        src=src,
        figure=figure,
        natural=Size(w=1000, h=600),
        loaded=True,
        fit="contain",
        frame=box,
        drawn=box,
        visible=box,
        visible_fraction=1.0,
    )


def _missing(slide: Slide, *images: ImageBox) -> list[Issue]:
    paper = _paper(FINDING)
    measure = SlideMeasure(slide=2, images=list(images))
    context = SlideContext(2, slide, measure, _deck(paper, slide), paper)
    return list(figure_missing(context))


@pytest.mark.parametrize(
    "image",
    [
        _image("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA", ""),  # Vite inlined it
        _image("./assets/fig-2-Bq3x.png", "fig-2"),  # Rollup emitted its twin's file
    ],
)
def test_a_figure_the_slide_shows_is_not_reported_missing(image):
    slide = Slide(kind="figure", title="Weight gain", figure="fig-3", caption=CAPTION)
    assert _missing(slide, image) == []


def test_a_figure_the_slide_does_not_show_is_still_missing():
    slide = Slide(kind="figure", title="Weight gain", figure="fig-3", caption=CAPTION)
    assert [i.evidence["figure"] for i in _missing(slide)] == ["fig-3"]
    pair = slide.model_copy(update={"figure_pair": "fig-4"})
    shown = _image("./assets/fig-3-Aa1.png", "fig-3")
    assert [i.evidence["figure"] for i in _missing(pair, shown)] == ["fig-4"]


def test_the_loop_refuses_a_new_bullet_any_repair_made_that_the_reviewer_would_flag():
    from apps.decks.pipeline.issues import Change
    from apps.decks.pipeline.loop_guard import no_worse_bullets

    paper = _paper(f"{FINDING} {CAPTION} {CLEAN}")
    slide = Slide(kind="bullets", title="Yield", bullets=[FINDING, LONG], notes=FINDING)
    current = _deck(paper, slide, _figure_slide())
    for new, refused_kind in ((CAPTION, "repeats another slide"), (CLEAN, None)):
        swapped = slide.model_copy(update={"bullets": [FINDING, new]})
        revised = current.model_copy(
            update={"slides": [current.slides[0], swapped, *current.slides[2:]]}
        )
        change = Change(issue=0, slide=2, type="dangling_connector", action="replaced the bullet")
        refused: list = []
        kept, changes = no_worse_bullets(current, revised, [change], refused, paper)
        if refused_kind is None:
            assert kept.slides[1].bullets == [FINDING, new] and changes == [change]
        else:
            assert kept.slides[1].bullets == [FINDING, LONG] and changes == []
            # the reviewer names a caption said again as a repeated bullet (or the gate's repeat)
            assert refused_kind in refused[0]["why"] or "repeated_bullet" in refused[0]["why"]


def _report_paper() -> Paper:
    method = (
        "The sampler draws one thousand points from the posterior of every hive model. "
        "Each chain starts at the estimate of the simpler model and runs until it mixes. "
        "The weights of the hives enter the model as a smooth function of the day. "
        "Colonies that swarmed are modelled with a break in their weight curve. "
    )
    files = (
        "The sampler is written in src/sampler/draw.cpp and its header src/sampler/draw.hpp. "
        "The plotting routines live in scripts/plot_weights.py and scripts/plot_chains.py. "
        "Raw scale readings are stored in data/raw/weights.csv for each apiary. "
        "The build writes its logs to build/out/sampler.log when it finishes. "
    )
    return Paper(
        title="A sampler for hive weight models",
        sections=[
            Section(title="Model", paragraphs=[method * 3]),
            Section(title="Implementation notes", paragraphs=[files * 3]),
        ],
        pages=3,
        source_name="report.pdf",
    )


def test_too_few_slides_is_not_answered_with_slides_of_notes_about_files():
    from apps.decks.pipeline.file_notes import file_notes
    from apps.decks.pipeline.propose import bullets as bullet_index
    from apps.decks.pipeline.propose.deck_level import deck_level_repair
    from apps.decks.pipeline.propose.repair import Work

    paper = _report_paper()
    assert file_notes("Implementation notes", paper.sections[1].paragraphs[0].split(". ")[:4])
    assert not file_notes("Model", paper.sections[0].paragraphs[0].split(". ")[:4])
    deck = _deck(paper)
    issue = Issue(slide=0, type="slide_count", severity="medium", message="too few slides")
    work = Work(BuiltinProposer(), paper, bullet_index.SentenceIndex(paper))
    work.deck = deck
    revised = deck_level_repair(work, deck, [(0, issue)], [])
    titles = [s.title for s in revised.slides]
    assert any("Model" in t for t in titles)  # the deck still grows where it can
    assert not any("Implementation" in t for t in titles)


def test_a_section_named_after_a_file_is_notes_about_files_whatever_its_extension():
    from apps.decks.pipeline.file_notes import file_notes

    # a report's sections on its parameter files: the bullets explain settings, the heading
    # is the file ("hive.par"), and no slide of such notes answers "too few slides"
    settings_text = ["The step size sets how far each update moves", "Lower values converge slowly"]
    assert file_notes("hive.par", settings_text)
    assert file_notes("sampler.cfgx (continued)", settings_text)
    assert not file_notes("Step size", settings_text)
    assert not file_notes("Results in 2.5 seconds", settings_text)
    assert not file_notes("3.2", settings_text)


def test_an_expansion_wrapped_round_an_earlier_one_is_flagged():
    paper = _paper(FINDING)
    nested = (
        "The counts were made by a weight logging unit (weight logging unit (WLU)) on each hive."
    )
    once = "The counts were made by a weight logging unit (WLU) on each hive."
    slide = Slide(kind="bullets", title="Yield", bullets=[FINDING, nested])
    assert "repeats itself" in text_gate.flagged(nested, slide, None, paper)
    assert "repeats itself" not in text_gate.flagged(once, slide, None, paper)


def test_the_long_form_goes_into_the_flagged_bullet_not_its_neighbour():
    long_form = "A weight logging unit (WLU) was fixed under every hive before the season began."
    used = "Each WLU sent one reading an hour to the farm's server."
    neighbour = "Each WLU was checked by hand once a week for drift."
    paper = _paper(f"{long_form} {used} {neighbour}")
    # an earlier fix this round put a sentence before the flagged bullet: its index is stale
    slide = Slide(kind="bullets", title="Scales", bullets=[FINDING, used, neighbour])
    issue = Issue(
        slide=2,
        type="undefined_abbreviation",
        severity="medium",
        message="WLU undefined",
        evidence={"index": 0, "text": used, "abbreviations": ["WLU"]},
    )
    revision = deck_repair(BuiltinProposer(), paper, _deck(paper, slide), [issue])
    bullets = revision.deck.slides[1].bullets
    assert bullets[0] == FINDING and bullets[2] == neighbour
    assert "weight logging unit (WLU)" in bullets[1]


def test_a_change_claimed_on_a_bullet_left_as_it_was_is_not_logged():
    from apps.decks.pipeline.issues import Change
    from apps.decks.pipeline.repair_guard import no_unchanged_claims

    paper = _paper(FINDING)
    slide = Slide(kind="bullets", title="Yield", bullets=[FINDING, LEANING])
    other = Slide(kind="bullets", title="Queens", bullets=[CLEAN, CLOSE])
    current = _deck(paper, slide, other)
    issues = [
        Issue(
            slide=2,
            type="unresolved_reference",
            severity="medium",
            message="It",
            evidence={"where": "bullet", "index": 1, "text": LEANING},
        ),
        Issue(
            slide=3,
            type="unresolved_reference",
            severity="medium",
            message="x",
            evidence={"where": "bullet", "index": 0, "text": CLEAN},
        ),
    ]
    # slide 2 left as it was; slide 3 rewritten
    revised = current.model_copy(
        update={"slides": [*current.slides[:2], other.model_copy(update={"bullets": [CLOSE]})]}
    )
    claimed = [
        Change(issue=0, slide=2, type="unresolved_reference", action="rewrote bullet 2"),
        Change(issue=1, slide=3, type="unresolved_reference", action="removed the bullet"),
    ]
    refused: list = []
    kept = no_unchanged_claims(current, revised, claimed, issues, refused)
    assert kept == claimed[1:]
    assert refused[0]["guard"] == "no_unchanged_claims" and refused[0]["slide"] == 2


def test_a_sentence_pointing_at_our_plot_is_flagged_on_a_slide_without_it():
    paper = _paper(FINDING)
    pointing = "The dashed mark in our plot shows where the weight of the hives peaks in summer."
    slide = Slide(kind="bullets", title="Yield", bullets=[FINDING, pointing])
    assert "dangling_pointer" in text_gate.flagged(pointing, slide, None, paper)


def test_a_slide_added_for_too_few_slides_keeps_only_bullets_that_pass():
    from apps.decks.pipeline.propose import bullets as bullet_index
    from apps.decks.pipeline.propose.deck_level import deck_level_repair
    from apps.decks.pipeline.propose.repair import Work

    paper = _report_paper()
    said = "Every chain starts at the estimate of the simpler model and runs on until it mixes"
    chains = Slide(kind="bullets", title="Chains", bullets=[said, CLEAN])
    deck = _deck(paper, chains)
    issue = Issue(slide=0, type="slide_count", severity="medium", message="too few slides")
    work = Work(BuiltinProposer(), paper, bullet_index.SentenceIndex(paper))
    work.deck = deck
    revised = deck_level_repair(work, deck, [(0, issue)], [])
    added = [s for s in revised.slides if "Model" in s.title]
    assert added and len(added[0].bullets) >= 2
    assert not any("Each chain starts" in b for b in added[0].bullets)


def test_a_leaning_bullet_does_not_take_the_motivation_slide_with_it():
    # the sentence it leans on cannot be brought in: it leans and points at a table itself
    before = (
        "This is why, as Table 7 shows, a first colony of forty hives was set up near the river "
        "in the spring."
    )
    leaning = "The original colony was moved twice before the weighing began that year."
    paper = _paper(f"{before} {leaning}")
    motivation = Slide(
        kind="bullets", title="Motivation", role="motivation", bullets=[leaning], notes=leaning
    )
    deck = _deck(paper, motivation, _figure_slide())
    from tests.decks.test_context_symbols import _issues

    found = _issues(deck, paper, 2, "unintroduced_referent")
    assert found, "the reviewer reads the bullet as leaning on the sentence before"
    revision = deck_repair(BuiltinProposer(), paper, deck, found)
    assert [s.title for s in revision.deck.slides][:2] == [paper.title, "Motivation"]


def test_two_fixes_bringing_in_like_sentences_on_two_slides_are_not_both_undone():
    from apps.decks.pipeline.issues import Change
    from apps.decks.pipeline.loop_guard import no_worse_bullets

    twin = "Weighing the hives every morning showed that clover colonies gained twice the honey"
    paper = _paper(f"{FINDING} {CLEAN}", f"{twin}.")
    first = Slide(kind="bullets", title="Yield", bullets=[CLOSE])
    second = Slide(kind="bullets", title="Weights", bullets=[CLEAN])
    current = _deck(paper, first, second)
    revised = _deck(
        paper,
        first.model_copy(update={"bullets": [CLOSE, FINDING]}),
        second.model_copy(update={"bullets": [CLEAN, twin]}),
    )
    changes = [
        Change(issue=0, slide=2, type="thin_slide", action="added 1 sentence of the same part"),
        Change(issue=1, slide=3, type="thin_slide", action="added 1 sentence of the same part"),
    ]
    refused: list = []
    kept, left = no_worse_bullets(current, revised, changes, refused, paper)
    # each is judged against the deck as it stood: neither slide loses its fix for the other's
    assert kept.slides[1].bullets == [CLOSE, FINDING] and kept.slides[2].bullets == [CLEAN, twin]
    assert left == changes and refused == []


def test_a_thin_motivation_slide_nothing_can_fill_goes_a_thin_close_stays():
    paper = _paper(f"{FINDING} {CLEAN}")
    why = Slide(kind="bullets", title="Motivation", role="motivation", bullets=[CLEAN], notes=CLEAN)
    close = Slide(
        kind="bullets", title="Conclusions", role="conclusion", bullets=[CLOSE], notes=CLOSE
    )
    results = Slide(kind="bullets", title="Yield", bullets=[FINDING, LEANING], notes=FINDING)
    deck = _deck(paper, why, results, close)
    revision = deck_repair(BuiltinProposer(), paper, deck, [_thin(2), _thin(4)])
    titles = [s.title for s in revision.deck.slides]
    # a one-bullet slide is a defect of its own: only the deck's close is kept thin
    assert "Motivation" not in titles and titles[-1] == "Conclusions"
