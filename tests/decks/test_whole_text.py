"""Text that is whole and grammatical (issue #14, round 17), on sentences written for these
tests (every name, species and journal invented):

- no sentence ends at a genus's initial before its species ("P. quillana"), set as a formula
  too ("$P$. quillana"), nor at a journal's abbreviated words ("J. Moth Biol. 12"); a species
  is never read as the paper's lower-case name, which split its sentence at the genus;
- a bullet that ends at a shortened name's full stop, or inside a subordinate clause before
  its verb, while the paper's sentence goes on, is `cut_short`, repaired whole;
- a bullet that opens inside a phrase of the paper's sentence ("Promising results, …" of
  "Despite these promising results, …") is `broken_opening`; the connector drop no longer
  makes one;
- a caption is never cut inside a phrase with an ellipsis: cut where a clause ends, else shown
  whole, else its next sentence; a caption so cut is `cut_caption`, repaired whole;
- a caption never goes on with a sentence that lost its first words ("… of the traps. night
  (grey), …"), and one that does is `cut_caption` too;
- a coded item of a long list ("(T7) Lamp traps …") alone on a slide is a `lone_list_item`.
"""

from __future__ import annotations

import pytest

from apps.decks.pipeline import cut_points, defects, lone_items, lowercase_names, text
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.captions import caption_text
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

SPECIES = (
    "The wax content, measured in the cocoon of P. quillana rose steadily with the storage "
    "time of the eggs but the cold period had no effect on the wax of $P$. quillana."
)
SPECIES_PARAGRAPHS = [
    f"{SPECIES} The larvae were fed twice a day.",
    "Larvae of P. quillana spin at night. The moth P. quillana spins a pale cocoon. "
    "Eggs of P. quillana hatch in spring.",
]


@pytest.mark.parametrize(
    ("paragraph", "parts"),
    [
        (SPECIES_PARAGRAPHS[0], [SPECIES, "The larvae were fed twice a day."]),
        (
            "Cells of Q. lorica grew fast on cold plates. Then they stopped.",
            ["Cells of Q. lorica grew fast on cold plates.", "Then they stopped."],
        ),
        (
            "Wax in northern moths. J. Moth Biol. Res. 12, 3-9. Next entry.",
            ["Wax in northern moths.", "J. Moth Biol. Res. 12, 3-9.", "Next entry."],
        ),
    ],
)
def test_no_sentence_ends_at_a_genus_initial_or_a_journal_word(paragraph, parts):
    assert text.sentences(paragraph) == parts


def test_a_species_is_no_lower_case_name_and_never_splits_its_sentence():
    with lowercase_names.known_in(SPECIES_PARAGRAPHS) as names:
        assert "quillana" not in names
        assert text.sentences(SPECIES_PARAGRAPHS[0])[0] == SPECIES


def test_a_variable_at_a_sentences_end_still_ends_it():
    assert text.sentences("We call the variable X. Then it grows.") == [
        "We call the variable X.",
        "Then it grows.",
    ]


MOTHS = Paper(
    title="Wax of the pale moth",
    sections=[
        Section(
            title="Results",
            paragraphs=[
                SPECIES_PARAGRAPHS[0],
                "One reason to prefer the packed solver is that it calls a tuned kernel so on "
                "sufficiently large grids, and with a fast kernel library installed, it could "
                "beat the plain solver. The grids were square.",
                "The sorter reads nine labels in ten. Despite these promising results, the new "
                "sorter still misreads wet labels on cold mornings.",
                "The survey of the traps, and so on. Traps were emptied weekly so that no moth "
                "was counted twice, and the counts were summed.",
            ],
        )
    ],
    pages=2,
    source_name="moths.pdf",
)


def test_a_bullet_cut_at_a_genus_initial_is_cut_short_repaired_whole():
    found = cut_points.cut_points("The wax content, measured in the cocoon of P", MOTHS, [])
    assert found is not None and found.kind == "cut_short"
    assert found.part.startswith("name: P. quillana")
    assert found.repair.startswith("The wax content, measured in the cocoon of P. quillana rose")


def test_a_bullet_cut_inside_its_last_subordinate_clause_is_cut_short():
    bullet = (
        "One reason to prefer the packed solver is that it calls a tuned kernel so on "
        "sufficiently large grids"
    )
    found = cut_points.cut_points(bullet, MOTHS, [])
    assert found is not None and found.kind == "cut_short"
    assert found.part.startswith("clause: and with a fast kernel library installed")
    assert found.repair.endswith("it could beat the plain solver")


@pytest.mark.parametrize(
    "bullet",
    [
        "The wax content, measured in the cocoon of P. quillana rose steadily",
        "Traps were emptied weekly so that no moth was counted twice",  # the clause has its verb
        "The new sorter still misreads wet labels on cold mornings",  # dropped to its comma
    ],
)
def test_a_bullet_that_ends_or_opens_where_a_clause_does_is_no_cut(bullet):
    assert cut_points.cut_points(bullet, MOTHS, []) is None


def test_a_bullet_opening_inside_a_phrase_is_a_broken_opening_repaired_whole():
    bullet = "Promising results, the new sorter still misreads wet labels on cold mornings"
    found = cut_points.cut_points(bullet, MOTHS, [])
    assert found is not None and found.kind == "broken_opening"
    assert found.part == "Despite these"
    assert found.repair == "The new sorter still misreads wet labels on cold mornings"


@pytest.mark.parametrize(
    ("sentence", "dropped"),
    [
        (
            "Despite these promising results, the new sorter still misreads wet labels",
            "The new sorter still misreads wet labels",
        ),
        ("Apart from this step, the sorter works alone", "The sorter works alone"),
        ("Despite this, the sorter misreads wet labels", "The sorter misreads wet labels"),
    ],
)
def test_a_connector_with_a_demonstrative_goes_with_its_noun(sentence, dropped):
    assert defects.text_defects(sentence)
    assert bullets.drop_connector(sentence) == dropped


def _figure(caption: str) -> Figure:
    return Figure(
        id="fig-1",
        kind="figure",
        number=1,
        label="Figure 1",
        caption=caption,
        page=2,
        bbox=(50, 100, 300, 300),
        image="fig-1.png",
        width_px=800,
        height_px=600,
    )


LONG_CAPTION = (
    "Trap layout drawn for the northern meadow of the survey: lamp traps set in two rows, a "
    "near and a far row with 15 and 12 traps respectively, and 3 pan traps for the beetles "
    "found on the same nights."
)
NO_CLAUSE_END = (
    "Weekly counts of the pale moth in the lamp traps of the northern meadow over the three "
    "summers of the survey from the first week of May to the last week of September as "
    "counted by the volunteers of the county moth group on their evening rounds with "
    "the red lamps and the white lamps of the county."
)


def test_a_long_caption_is_shown_whole_never_cut_inside_a_phrase():
    shown = caption_text(_figure(LONG_CAPTION))
    assert not shown.endswith("…")
    assert shown.rstrip(".") == LONG_CAPTION.rstrip(".")


def test_a_caption_too_long_to_show_whole_gives_way_to_its_next_sentence():
    caption = f"{NO_CLAUSE_END} Counts rose in the warm summer."
    assert caption_text(_figure(caption)) == "Counts rose in the warm summer."
    assert caption_text(_figure(NO_CLAUSE_END)) == ""


def _review(paper: Paper, slide: Slide, types: set[str]):
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    return deck, [i for rule in SLIDE_RULES for i in rule(context) if i.type in types]


def test_a_caption_cut_with_an_ellipsis_is_reported_and_shown_whole():
    paper = MOTHS.model_copy(update={"figures": [_figure(LONG_CAPTION)]})
    cut = "Trap layout drawn for the northern meadow of the survey: lamp traps set in two rows…"
    slide = Slide(kind="figure", title="Trap layout", figure="fig-1", caption=cut)
    deck, issues = _review(paper, slide, {"cut_caption"})
    assert [(i.type, i.evidence["part"]) for i in issues] == [("cut_caption", "set in two rows")]
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck.slides[1]
    assert revised.caption.rstrip(".") == LONG_CAPTION.rstrip(".")
    assert _review(paper, revised, {"cut_caption"})[1] == []


def test_the_loop_shows_the_cut_and_broken_bullets_whole():
    cut = "The wax content, measured in the cocoon of P"
    broken = "Promising results, the new sorter still misreads wet labels on cold mornings"
    slide = Slide(kind="bullets", title="Wax and labels", bullets=[cut, broken])
    kinds = {"cut_short", "broken_opening"}
    deck, issues = _review(MOTHS, slide, kinds)
    assert sorted(i.type for i in issues) == sorted(kinds)
    revised = deck_repair(BuiltinProposer(), MOTHS, deck, issues).deck.slides[1]
    assert revised.bullets[0].startswith("The wax content, measured in the cocoon of P. quillana")
    assert revised.bullets[1] == "The new sorter still misreads wet labels on cold mornings"
    assert _review(MOTHS, revised, kinds)[1] == []


PANELS_LOST = (
    "Moths caught per lamp trap over the summer. night (grey), including the nights of full "
    "moon (black). (b): Moths per night."
)


def test_a_caption_never_goes_on_with_a_sentence_that_lost_its_opening():
    assert caption_text(_figure(PANELS_LOST)) == "Moths caught per lamp trap over the summer."
    kept = "Counts of P. quillana in the traps. Values in mg."
    assert caption_text(_figure(kept)) == kept


def test_a_caption_with_a_sentence_that_lost_its_opening_is_reported_and_cut_before_it():
    paper = MOTHS.model_copy(update={"figures": [_figure(PANELS_LOST)]})
    slide = Slide(kind="figure", title="Catches", figure="fig-1", caption=PANELS_LOST)
    deck, issues = _review(paper, slide, {"cut_caption"})
    assert [i.evidence["part"][:12] for i in issues] == ["night (grey)"]
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck.slides[1]
    assert revised.caption == "Moths caught per lamp trap over the summer."


def test_a_coded_item_of_a_long_list_alone_is_a_lone_item():
    item = "(T7) Lamp traps set along the hedges of the northern meadow"
    assert lone_items.lone_items([item, "The meadow is cut twice a year."]) == [0]
    assert lone_items.item_label("(T7) Lamp traps and (T8) pan traps were set") is None


def test_an_entrys_last_piece_with_its_pages_is_a_reference_entry():
    from apps.decks.pipeline import lost_text

    assert lost_text.reference_entry("Proc. 12 meeting Northern Moth Society, pp: 54-61")
    assert lost_text.reference_entry("The lamp traps caught 54-61 moths a night") is None
