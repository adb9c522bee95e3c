"""Round 20's sentences tied to the one before by a word inside their own clause
(linked_clauses.py): a consequence or contrast adverb after the subject or between commas ("The
rye loaf therefore needs …", "…, in contrast, …"), and a definite phrase whose participle or comparative only the sentence before
makes sense of ("the delayed batch", "the larger oven"). Each is found by the reviewer, refused
by the text gate, avoided by bullet selection and answered by the reviser from the paper; the
forms that carry their own base are not. Sentences are invented (a village bakery)."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import antecedents, linked_clauses, text
from apps.decks.pipeline.propose import bullets, text_gate
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues
from tests.decks.test_introduced_anchors import KIND, KITCHEN, OPENING, _found, _paper

RYE = "Rye flour holds little gluten and traps less gas than wheat flour"
THEREFORE = "Rye bread therefore needs a longer proof in a warm cupboard"
WHEAT = "Wheat loaves are baked on the stone floor of the oven"
CONTRAST = "For the festival, the spelt loaves, in contrast, go into tins on the upper rack"
DELAY = "On Mondays the second batch is delayed by an hour while the oven heats up"
DELAYED = "The delayed batch is sold at a discount after four o'clock"
OVENS = "The bakery runs a wood oven and a small electric oven in the back room"
LARGER = "The larger oven takes forty loaves at once"
ASH = "The fine ash from the old wood oven hence covers the lower rack every morning"
CRUST = "Wet dough that rests on linen forms a thin and sticky crust"
THIS_CRUST = "This sticky crust keeps the loaf moist for two days"
STICKY = "The sticky crust keeps the loaf moist for two days"


@pytest.mark.parametrize(
    ("before", "bullet", "part", "kind"),
    [
        (RYE, THEREFORE, "therefore", "link"),
        (WHEAT, CONTRAST, "in contrast", "link"),
        (DELAY, DELAYED, "The delayed batch", "modifier"),
        (OVENS, LARGER, "The larger oven", "modifier"),
        # a subject of six words before the adverb; a plural verb in its base form
        (OVENS, ASH, "hence", "link"),
        (WHEAT, "Some loaves of the spelt batch however need a tin", "however", "link"),
    ],
)
def test_a_bullet_linked_to_the_sentence_before_is_found(before, bullet, part, kind):
    paper = _paper(f"{before}. {bullet}.")
    (issue,) = _found(paper, OPENING, bullet)
    assert issue.severity == "medium" and issue.evidence["certain"] is True
    assert issue.evidence["part"] == part and issue.evidence["kind"] == kind
    assert issue.evidence["antecedent"].startswith(before)


def _mine(before: str, bullet: str):
    paper = _paper(f"{before}. {bullet}.")
    context = antecedents.paper_context(paper)
    sentence, window = context.window(bullet)
    return linked_clauses.linked_clause(bullet, window) or linked_clauses.modifier_from_before(
        bullet, window, set(), context, sentence
    )


@pytest.mark.parametrize(
    ("before", "bullet"),
    [
        # the bullet states its own cause, condition or other side
        (RYE, "Rye holds little gluten, and the loaf therefore needs a longer proof"),
        (RYE, "If the dough is rye, the loaf therefore needs a longer proof"),
        (WHEAT, "Wheat loaves rise high, whereas the spelt loaves, in contrast, stay flat"),
        (WHEAT, "Spelt loaves in contrast to wheat ones go into tins"),
        (WHEAT, "Spelt loaves are baked in tins instead of on a stone"),
        (WHEAT, "A tin holds the dough, which in turn keeps its shape"),
        # a clause of its own before the commas
        (WHEAT, "Spelt can be used, however, note that it needs a tin"),
        # a consequence of its own clause
        (WHEAT, "Bakers fire a kiln at dawn, thus reaching full heat by six"),
        # a comparative with its base; a participle the sentence before did to another noun
        (OVENS, "The larger oven takes more loaves than an electric one"),
        (DELAY, "The delayed payment of the flour bill costs a fee"),
        # a name, not a participle
        (DELAY, "The Delayed Batch Cafe sells day-old bread"),
    ],
)
def test_a_bullet_that_carries_its_own_base_is_not_found(before, bullet):
    assert _mine(before, bullet) is None


def test_a_participle_the_paper_used_as_its_vocabulary_is_not_leaning():
    # "delayed" was the paper's word long before the sentence just before the bullet
    paper = _paper(
        f"Deliveries are often delayed in winter. {KITCHEN}. The flour arrives at noon. "
        f"{DELAY}. {DELAYED}."
    )
    context = antecedents.paper_context(paper)
    sentence, before = context.window(DELAYED)
    assert linked_clauses.modifier_from_before(DELAYED, before, set(), context, sentence) is None


def test_what_the_deck_already_carries_is_not_found():
    paper = _paper(f"{DELAY}. {DELAYED}.")
    earlier = Slide(kind="bullets", title="Mondays", bullets=["Monday batches are delayed"])
    assert _found(paper, OPENING, DELAYED, before=(earlier,)) == []
    paper = _paper(f"{RYE}. {THEREFORE}.")
    assert _found(paper, RYE, THEREFORE) == []


def test_the_text_gate_refuses_a_candidate_that_leans_and_takes_one_that_stands():
    paper = _paper(f"{RYE}. {THEREFORE}. Bread is sold from eight until noon.")
    slide = Slide(kind="bullets", title="Baking", bullets=[OPENING])
    deck = _deck(paper, slide)

    def place(candidate):
        return slide.model_copy(update={"bullets": [OPENING, candidate]})

    assert KIND in text_gate.flagged(THEREFORE, place(THEREFORE), deck, paper, 2)
    stands = "Bread is sold from eight until noon"
    assert text_gate.first_passing([THEREFORE, stands], place, deck, paper, 2) == stands


def test_bullet_selection_avoids_the_shapes_before_any_slide_exists():
    leans = antecedents.leans_on_paper(set())
    assert leans(THEREFORE, [KITCHEN, RYE]) == "certain"
    assert leans(CONTRAST, [KITCHEN, WHEAT]) == "certain"
    assert antecedents.leans_on_paper({RYE})(THEREFORE, [KITCHEN, RYE]) == ""


@pytest.mark.parametrize(
    ("before", "bullet"), [(RYE, THEREFORE), (WHEAT, CONTRAST), (DELAY, DELAYED)]
)
def test_the_reviser_answers_from_the_paper_and_never_leaves_the_bullet_leaning(before, bullet):
    paper = _paper(f"{before}. {bullet}.")
    deck = _deck(paper, Slide(kind="bullets", title="Baking", bullets=[OPENING, bullet]))
    assert _issues(deck, paper, 2, KIND)
    revised = deck_repair(BuiltinProposer(), paper, deck, _issues(deck, paper, 2, KIND)).deck
    bullets = revised.slides[1].bullets
    assert _issues(revised, paper, 2, KIND) == []
    # the sentence it leans on comes with it, or the link word goes, or the bullet goes: never
    # invented words
    paragraph = paper.sections[1].paragraphs[0]
    for b in bullets:
        assert (
            b == OPENING or before[:30] in b or all(w in paragraph for w in b.rstrip(".").split())
        )


def test_a_link_adverb_goes_when_the_sentence_before_does_not_fit():
    paper = _paper(f"{RYE}. {THEREFORE}.")
    full = [OPENING, KITCHEN, "Four people work in the bakery", "Bread is sold until noon"]
    slide = Slide(kind="bullets", title="Baking", bullets=[*full, THEREFORE])
    deck = _deck(paper, slide)
    issues = _issues(deck, paper, 2, KIND)
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck
    bullets = revised.slides[1].bullets
    assert THEREFORE not in bullets
    assert "Rye bread needs a longer proof in a warm cupboard" in bullets or any(
        RYE[:30] in b for b in bullets
    )


def test_a_demonstrative_the_bullet_turned_into_the_is_found():
    # the paper wrote "This sticky crust …"; the bullet's "The sticky crust …" hides the lean
    paper = _paper(f"{CRUST}. {THIS_CRUST}.")
    (issue,) = _found(paper, OPENING, STICKY)
    assert issue.evidence["kind"] == "demonstrative" and issue.evidence["certain"] is True
    assert issue.evidence["part"] == "The sticky crust"
    assert issue.evidence["antecedent"].startswith(CRUST)
    # the bullet that keeps the paper's "This" is the text rules' (leaning_reference)
    assert _found(paper, OPENING, THIS_CRUST) == []


def test_a_demonstrative_the_slide_answers_or_the_bullet_says_which_is_not_found():
    paper = _paper(f"{CRUST}. {THIS_CRUST}.")
    # its own slide names the sticky crust before it
    assert _found(paper, "Resting dough forms a sticky crust", STICKY) == []
    named = "This baker we call the night baker shapes every loaf"
    paper = _paper(f"{CRUST}. {named}.")
    context = antecedents.paper_context(paper)
    bullet = "The baker we call the night baker shapes every loaf"
    sentence, before = context.window(bullet)
    assert linked_clauses.rewritten_demonstrative(bullet, sentence, before, set()) is None
    # the document itself: "This paper …" leans on nothing
    paper = _paper(f"{CRUST}. This paper describes the crust.")
    context = antecedents.paper_context(paper)
    sentence, before = context.window("The paper describes the crust")
    found = linked_clauses.rewritten_demonstrative(
        "The paper describes the crust", sentence, before, set()
    )
    assert found is None


def test_the_reviser_answers_a_rewritten_demonstrative_from_the_paper():
    paper = _paper(f"{CRUST}. {THIS_CRUST}.")
    deck = _deck(paper, Slide(kind="bullets", title="Baking", bullets=[OPENING, STICKY]))
    issues = _issues(deck, paper, 2, KIND)
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck
    bullets = revised.slides[1].bullets
    assert _issues(revised, paper, 2, KIND) == []
    assert STICKY not in bullets or any(CRUST[:30] in b for b in bullets)


def test_bullet_selection_reads_the_paper_s_demonstrative_behind_the_rewrite():
    leans = antecedents.leans_on_paper(set())
    # the bullet alone looks plain; with the paper's sentence it was made from, it leans
    assert leans(STICKY, [KITCHEN, CRUST]) == ""
    assert leans(STICKY, [KITCHEN, CRUST], THIS_CRUST) == "certain"
    # a first deck's selection: the rewritten "The sticky crust …" gives way to one that stands
    paragraphs = [f"{KITCHEN}. {CRUST}. {THIS_CRUST}. Bread is sold from eight until noon."]
    scorer = text.Scorer(paragraphs)

    def rewrite(bullet, previous):
        return bullets.rewrite(bullet, bullets.Source(previous))

    plain = text.key_sentences(paragraphs, scorer, 3, rewrite=rewrite)
    assert STICKY in plain  # without the paper's sentence the rewrite hides the lean
    chosen = text.key_sentences(paragraphs, scorer, 3, rewrite=rewrite, leans=leans)
    assert STICKY not in chosen and len(chosen) == 3
