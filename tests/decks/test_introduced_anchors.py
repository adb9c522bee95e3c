"""Round 19's anchors a bullet needs that the paper introduced only in the sentences just
before its own (introduced_anchors.py): the result of a step the bullet does not state ("The
resulting loaves …"), a back-reference to the paper's text ("… reported above", "… described
earlier …"), a later member of a series no slide began ("In the second pass …", "Step 3 …") and a
compound the sentence before brought in ("The dummy tray …"). Each is found by the reviewer,
refused by the text gate, and answered by the reviser from the paper; each form that says
which thing it is, or that the deck already carries, is not. Sentences are invented (a
village bakery)."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import antecedents, introduced_anchors
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import text_gate
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues

KIND = "unintroduced_referent"
OPENING = "The bakery opens at six in the morning"
KITCHEN = "The bakery has one kitchen with a wood oven and two mixers"

BAKE = "The dough is divided into pieces and baked at a high heat for twenty minutes"
RESULTING = "The resulting loaves are cooled on wire racks before packing"
WEIGH = "We weighed every loaf of the morning batch on a kitchen scale"
REPORTED = "The weights reported above vary by less than five grams"
SOUR = "Rye doughs turn sour when they rest for more than a day"
DISCUSSED = "The cellar described earlier slows the souring of the dough"
GLAZE = "Each loaf is glazed in two passes with an egg wash"
SECOND_PASS = "In the second pass the baker brushes only the crust edges"
TRAY = "A dummy tray is placed at the bottom of the oven to even out the heat"
DUMMY = "The dummy tray holds no bread and is never cleaned"
PLAN = "Step 1 lists the orders of the day and step 2 sorts them by bread type"
STEP = "Step 3 assigns each oven a shift of two hours"


def _paper(*paragraphs: str) -> Paper:
    return Paper(
        title="Running a village bakery",
        abstract="We describe how a village bakery plans and bakes its bread.",
        pages=3,
        source_name="bakery.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{OPENING}. Four people work in it."]),
            Section(title="Baking", paragraphs=[f"{KITCHEN}. {p}" for p in paragraphs]),
        ],
    )


def _found(paper: Paper, *bullets: str, code: str = "", before: tuple = ()):
    slide = Slide(kind="bullets", title="Baking", bullets=list(bullets), code=code)
    deck = _deck(paper, *before, slide)
    return [
        i for i in _issues(deck, paper, len(deck.slides), KIND) if i.evidence["text"] in bullets
    ]


@pytest.mark.parametrize(
    ("before", "bullet", "part", "kind"),
    [
        (BAKE, RESULTING, "The resulting loaves", "result"),
        (WEIGH, REPORTED, "reported above", "backref"),
        (GLAZE, SECOND_PASS, "the second pass", "part"),
        (TRAY, DUMMY, "The dummy tray", "phrase"),
        (PLAN, STEP, "Step 3", "step"),
    ],
)
def test_a_bullet_leaning_on_what_the_sentence_before_introduced_is_found(
    before, bullet, part, kind
):
    paper = _paper(f"{before}. {bullet}.")
    (issue,) = _found(paper, OPENING, bullet)
    assert issue.severity == "medium" and issue.evidence["certain"] is True
    assert issue.evidence["part"] == part and issue.evidence["kind"] == kind
    assert issue.evidence["antecedent"].startswith(before)


@pytest.mark.parametrize(
    ("bullet", "part"),
    [
        (REPORTED, "reported above"),
        (DISCUSSED, "described earlier"),
        ("As discussed, the cellar slows the souring of the dough", "As discussed"),
        ("As we have noted, rye needs a longer rest", "As we have noted"),
        ("The above-mentioned cellar is cold", "above-mentioned"),
    ],
)
def test_a_back_reference_to_the_paper_s_text_is_read_by_its_shape(bullet, part):
    found = introduced_anchors.back_reference(bullet, [SOUR])
    assert found is not None and found.part == part and found.antecedent == SOUR


@pytest.mark.parametrize(
    ("before", "bullet"),
    [
        # the bullet states the step itself
        (BAKE, "We bake the dough twice, and the resulting loaves keep for a week"),
        # a display or a source, not the paper's text before; the world's "never seen before"
        (WEIGH, "The weights shown in Figure 2 vary by less than five grams"),
        (WEIGH, "Such a light crust was never seen before."),
        (WEIGH, "Our loaves are lighter than previously reported loaves of this kind"),
        # the series begins in the bullet; a member that says which; a time of the world
        (GLAZE, "The first and the second pass use the same egg wash"),
        (GLAZE, "The second pass of the glaze dries in a minute"),
        (GLAZE, "The loaves are sold the next day"),
        # a term used as known there too (not brought in), and a heading's term
        (
            "On a busy day the wall clock time of a bake is longer than its oven time",
            "The wall clock time includes the cooling of the loaves",
        ),
        ("A baking plan is written every evening", "The baking plan lists every order"),
    ],
)
def test_a_bullet_that_says_which_or_needs_nothing_before_is_not_found(before, bullet):
    paper = _paper(f"{before}. {bullet}.")
    paper.sections[1].title = "Baking plan" if "plan" in bullet else "Baking"
    assert _found(paper, OPENING, bullet) == []


def test_what_the_deck_already_carries_is_not_found():
    # the slide names the passes, states the baking step, shows the tray: nothing is missing
    paper = _paper(f"{GLAZE}. {SECOND_PASS}.")
    assert _found(paper, "Each loaf is glazed twice, in two passes", SECOND_PASS) == []
    paper = _paper(f"{BAKE}. {RESULTING}.")
    assert _found(paper, "Loaves are baked at a high heat", RESULTING) == []
    paper = _paper(f"{TRAY}. {DUMMY}.")
    earlier = Slide(kind="bullets", title="The oven", bullets=["An empty tray evens the heat"])
    assert _found(paper, OPENING, DUMMY, before=(earlier,)) == []
    # a numbered step beside the listing (or figure, or display) that may show the plan
    paper = _paper(f"{PLAN}. {STEP}.")
    listing = "step 1: orders\nstep 2: sort\nstep 3: assign ovens"
    assert _found(paper, OPENING, STEP, code=listing) == []


def test_the_check_reads_only_when_the_sentence_before_is_not_on_the_deck():
    paper = _paper(f"{GLAZE}. {SECOND_PASS}.")
    assert _found(paper, GLAZE, SECOND_PASS) == []
    context = antecedents.paper_context(paper)
    assert introduced_anchors.introduced_anchor(SECOND_PASS, [], set(), context, "") is None


def test_the_text_gate_refuses_a_candidate_that_leans_and_takes_one_that_stands():
    paper = _paper(f"{TRAY}. {DUMMY}. Bread is sold from eight until noon.")
    slide = Slide(kind="bullets", title="Baking", bullets=[OPENING])
    deck = _deck(paper, slide)

    def place(candidate):
        return slide.model_copy(update={"bullets": [OPENING, candidate]})

    assert KIND in text_gate.flagged(DUMMY, place(DUMMY), deck, paper, 2)
    stands = "Bread is sold from eight until noon"
    assert text_gate.first_passing([DUMMY, stands], place, deck, paper, 2) == stands


@pytest.mark.parametrize(("before", "bullet"), [(GLAZE, SECOND_PASS), (WEIGH, REPORTED)])
def test_the_reviser_answers_from_the_paper_and_never_leaves_the_bullet_leaning(before, bullet):
    paper = _paper(f"{before}. {bullet}.")
    deck = _deck(paper, Slide(kind="bullets", title="Baking", bullets=[OPENING, bullet]))
    issues = _issues(deck, paper, 2, KIND)
    assert issues
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck
    bullets = revised.slides[1].bullets
    # the sentence it leans on comes before it, or the bullet goes: never invented words
    assert bullet not in bullets or any(before[:30] in b for b in bullets)
    assert all(b in paper.sections[1].paragraphs[0] or b == OPENING for b in bullets)
    assert _issues(revised, paper, 2, KIND) == []


def test_bullet_selection_reads_the_shapes_before_any_slide_exists():
    # a first deck prefers another sentence of the paragraph to one that leans on the one before
    leans = antecedents.leans_on_paper(set())
    assert leans(SECOND_PASS, [KITCHEN, GLAZE]) == "certain"
    assert leans(RESULTING, [KITCHEN, BAKE]) == "certain"
    assert leans(REPORTED, [KITCHEN, WEIGH]) == "certain"
    # once the sentence before is shown, nothing is hidden
    assert antecedents.leans_on_paper({GLAZE})(SECOND_PASS, [KITCHEN, GLAZE]) == ""


def test_a_compound_named_as_an_item_of_a_list_is_a_kind_known_by_its_name():
    # "two trays: a steel tray and a dummy tray" names kinds; the bullet leans on no one tray
    listed = "Two trays were tried in the oven: a steel tray and a dummy tray"
    paper = _paper(f"{listed}. {DUMMY}.")
    context = antecedents.paper_context(paper)
    sentence, before = context.window(DUMMY)
    assert introduced_anchors.introduced_compound(DUMMY, before, set(), context, sentence) is None
    paper = _paper(f"{TRAY}. {DUMMY}.")
    context = antecedents.paper_context(paper)
    sentence, before = context.window(DUMMY)
    found = introduced_anchors.introduced_compound(DUMMY, before, set(), context, sentence)
    assert found is not None and found.part == "The dummy tray"


# ------------------------------------------ a compound whose head is the paper's vocabulary
# Round 22: a deck that shows the compound's head ("tray") was taken to show its thing. When the
# head is the paper's working vocabulary — used in eight sentences over two sections before —
# every slide of the deck may say it, and none of them says which one the compound names: "the
# relief oven" of a paper about ovens is still the one thing the sentence before brought in.

OVEN_USES = [
    "The oven is lit at four in the morning",
    "Wood for the oven is cut in the autumn",
    "The oven holds forty loaves at a time",
    "Its oven was built by the baker's grandfather",
    "The oven is swept after every firing",
    "A hot oven bakes rye bread in an hour",
    "The oven cools slowly over the night",
    "Bakers judge the oven by the colour of its bricks",
]
RELIEF = "A relief oven is kept warm beside the wood oven for busy days"
RELIEF_USED = "The relief oven takes the loaves that the wood oven cannot hold"
OVEN_SLIDE = Slide(kind="bullets", title="The oven", bullets=OVEN_USES[:2])


def _oven_paper(*paragraphs: str) -> Paper:
    paper = _paper(*paragraphs)
    uses = [f"{u}." for u in OVEN_USES]
    paper.sections[0].paragraphs.append(" ".join(uses[:4]))
    paper.sections.insert(1, Section(title="Firing", paragraphs=[" ".join(uses[4:])]))
    return paper


def test_a_compound_is_found_on_a_deck_that_shows_only_its_vocabulary_head():
    paper = _oven_paper(f"{RELIEF}. {RELIEF_USED}.")
    (issue,) = _found(paper, OPENING, RELIEF_USED, before=(OVEN_SLIDE,))
    assert issue.evidence["part"] == "The relief oven" and issue.evidence["certain"] is True
    assert issue.evidence["antecedent"].startswith("A relief oven is kept warm")
    # a deck that says the compound's own word has shown it; a head the paper does not use
    # all over (the tray of two sentences) shown on a slide still counts as shown
    said = Slide(kind="bullets", title="Ovens", bullets=["A relief oven takes the extra loaves"])
    assert _found(paper, OPENING, RELIEF_USED, before=(said,)) == []
    paper = _paper(f"{TRAY}. {DUMMY}.")
    tray = Slide(kind="bullets", title="The oven", bullets=["An empty tray evens the heat"])
    assert _found(paper, OPENING, DUMMY, before=(tray,)) == []


def test_the_loop_brings_the_compound_s_sentence_before_it_or_drops_the_bullet():
    from apps.decks.pipeline.loop import revise_round

    paper = _oven_paper(f"{RELIEF}. {RELIEF_USED}.")
    slide = Slide(kind="bullets", title="Baking", bullets=[OPENING, KITCHEN, RELIEF_USED])
    deck = _deck(paper, OVEN_SLIDE, slide)
    issues = [i for i in _issues(deck, paper, 3, KIND) if i.evidence["text"] == RELIEF_USED]
    assert len(issues) == 1
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    bullets = [b for s in revised.slides for b in s.bullets]
    # the paper's own sentence comes before the bullet, or the bullet goes: never invented words
    assert RELIEF_USED not in bullets or any(
        "relief oven is kept" in b for b in bullets[: bullets.index(RELIEF_USED)]
    ), bullets
    assert not [
        i
        for n in range(1, len(revised.slides) + 1)
        for i in _issues(revised, paper, n, KIND)
        if i.evidence["text"] == RELIEF_USED
    ]
