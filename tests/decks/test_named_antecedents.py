"""A thing the paper named in a sentence the deck left out ("The function fixAnomaly removes …")
and a later bullet calls by its noun alone ("The function is only useful …"): a slide that says
"functions" in general, or shows the sentence in between, does not say which one. The paper is
the oracle (antecedents.thing_name); the reviser names it as the paper did. Sentences invented
here about terrain grids."""

from __future__ import annotations

from apps.decks.pipeline import antecedents
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues, _repaired

KIND = "unintroduced_referent"
OFFERS = "The toolkit offers functions to compute the slope, aspect and curvature of a terrain grid"
NAMED = "The function fixAnomaly removes spikes from a terrain grid before any slope is computed"
BETWEEN = "Spikes are found by comparing each cell with the median of its eight neighbours"
AFTER = "The function is only useful for grids measured by airborne laser scanners"
PAIR = "The functions `trim_edges` and `fill_gaps` repair the border of a grid cut from a map"
PAIR_BETWEEN = "Cells outside the map are marked as missing before the repair"
PAIR_AFTER = "The functions are safe to call on a grid of any size"


def _paper() -> Paper:
    return Paper(
        title="A toolkit for terrain grids",
        abstract="We describe a toolkit for terrain grids.",
        pages=6,
        source_name="terrain.pdf",
        sections=[
            Section(title="Introduction", paragraphs=["Terrain grids come from many sources."]),
            Section(
                title="Functions",
                paragraphs=[
                    f"{OFFERS}. {NAMED}. {BETWEEN}. {AFTER}.",
                    f"{PAIR}. {PAIR_BETWEEN}. {PAIR_AFTER}.",
                ],
            ),
        ],
    )


def _slide(*bullets: str) -> Slide:
    return Slide(kind="bullets", title="Cleaning a grid", bullets=list(bullets))


def _found(paper: Paper, *slides: Slide):
    deck = _deck(paper, *slides)
    return _issues(deck, paper, len(deck.slides), KIND)


def test_a_thing_named_two_sentences_before_is_not_introduced_by_its_noun_on_the_slide():
    paper = _paper()
    # "functions" is on the slide, and so is the sentence just before the bullet: neither says
    # which function the paper meant
    (issue,) = _found(paper, _slide(OFFERS, BETWEEN, AFTER))
    assert issue.severity == "medium"
    assert issue.evidence["part"] == "The function"
    assert issue.evidence["named"] == "function fixAnomaly"
    assert issue.evidence["antecedent"].startswith("The function fixAnomaly")


def test_a_thing_whose_name_the_slide_shows_is_introduced():
    paper = _paper()
    assert _found(paper, _slide(NAMED, BETWEEN, AFTER)) == []
    assert _found(paper, _slide("Spikes are removed by fixAnomaly", BETWEEN, AFTER)) == []


def test_a_name_on_an_earlier_slide_does_not_say_which_thing_a_later_slide_means():
    paper = _paper()
    earlier = Slide(kind="bullets", title="Spikes", bullets=["We can call fixAnomaly on any grid"])
    (issue,) = _found(paper, earlier, _slide(OFFERS, BETWEEN, AFTER))
    assert issue.evidence["part"] == "The function"


def test_a_plural_phrase_is_not_one_named_thing():
    assert antecedents.thing_name(NAMED, "functions") == ""
    assert antecedents.thing_name(NAMED, "function") == "function fixAnomaly"
    # the names joined to it belong to a plural noun; a name before the noun counts too
    assert antecedents.thing_name(PAIR, "functions") == "functions `trim_edges` and `fill_gaps`"
    assert antecedents.thing_name("set by the x_scale and y_scale macros", "macros") == (
        "x_scale and y_scale macros"
    )
    # an English word beside the noun is no name
    assert antecedents.thing_name("The function returns a grid", "function") == ""


def _repair(paper: Paper, slide: Slide):
    return _repaired(paper, slide, KIND)


def test_the_reviser_names_the_thing_as_the_paper_did():
    paper = _paper()
    fixed, action, deck, number = _repair(paper, _slide(OFFERS, BETWEEN, AFTER))
    assert fixed.bullets == [
        OFFERS,
        BETWEEN,
        "The function fixAnomaly is only useful for grids measured by airborne laser scanners",
    ]
    assert "named as the paper's sentence before it does" in action
    assert _issues(deck, paper, number, KIND) == []


def test_the_reviser_names_every_thing_a_plural_noun_stood_for():
    paper = _paper()
    fixed, _, _, _ = _repair(paper, _slide(OFFERS, PAIR_BETWEEN, PAIR_AFTER))
    assert fixed.bullets[-1] == (
        "The functions `trim_edges` and `fill_gaps` are safe to call on a grid of any size"
    )


def test_bullet_selection_counts_the_lean_when_only_the_sentence_between_is_shown():
    leans = antecedents.leans_on_paper({BETWEEN.lower()})
    assert leans(AFTER, [OFFERS, NAMED, BETWEEN]) == "certain"
    assert (
        antecedents.leans_on_paper({BETWEEN.lower(), NAMED.lower()})(
            AFTER, [OFFERS, NAMED, BETWEEN]
        )
        == ""
    )


SIMILAR = (
    "The cleaning step here is similar to the fixAnomaly filter described above, however it "
    "adds a new pass for the edge filter"
)
OWN_PHRASE = (
    "The edge filter, the median pass and the gap filling are applied to every tile in turn"
)


def test_a_phrase_the_sentence_before_writes_beside_the_name_is_not_renamed():
    """Round 23: "The posture control" after "… similar to the UR10 control …, a new task for
    posture control" became "The posture UR10 control": the phrase is a thing of its own."""
    paper = Paper(
        title="A toolkit for terrain grids",
        pages=6,
        source_name="terrain.pdf",
        sections=[
            Section(title="Introduction", paragraphs=["Terrain grids come from many sources."]),
            Section(title="Cleaning", paragraphs=[f"{OFFERS}. {SIMILAR}. {OWN_PHRASE}."]),
        ],
    )
    deck = _deck(paper, _slide(OFFERS, OWN_PHRASE))
    found = _issues(deck, paper, len(deck.slides), KIND)
    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    shown = [b for s in revised.deck.slides for b in s.bullets]
    assert not any("edge fixAnomaly" in b for b in shown)
