"""Bullets and captions that lean on a displayed object or a cited source the slide does not
carry: a bullet reading a table or a listing no slide shows, or a figure's marks on a slide
without the figure (object_not_shown); a sentence of earlier work without its citation under a
results heading, a quotation with no speaker (source_not_shown); a caption whose symbol list lost
its meanings (bare_legend). Each is reported and answered: the object shown, the paper's own
words, or another sentence. On a paper and slides made up here."""

from __future__ import annotations

from apps.decks.pipeline import text
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import caption_text
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.object_rules import (
    bare_legend,
    object_not_shown,
    source_not_shown,
)
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories
from tests.decks.test_review_rules import measure

TABLE_PARAGRAPH = (
    "The yields of the four orchards are listed in Table 3. The last two columns report the "
    "lowest and the highest yield of each orchard. The northern orchard gave the most fruit in "
    "every season."
)
TABLE_BULLET = "The last two columns report the lowest and the highest yield of each orchard"
YIELD_BULLET = "The northern orchard gave the most fruit in every season"
LISTING_PARAGRAPH = (
    "The build reads its settings from one file. A settings file such as this `orchard.cfg` is "
    "read once when the program starts. The program then checks every path it names."
)
LISTING_BULLET = "A settings file such as this `orchard.cfg` is read once when the program starts"
MARKS_PARAGRAPH = (
    "Figure 1 maps the trees of the northern orchard. Apple trees (red dots) stand along the "
    "river, while pear trees (blue dots) fill the slope. The map was drawn in the spring."
)
MARKS_BULLET = (
    "Apple trees (red dots) stand along the river, while pear trees (blue dots) fill the slope"
)
CITED_PARAGRAPH = (
    "Our orchards were pruned in February. Pruning in late winter raises the yield of old apple "
    "trees by a fifth [14]. The pruned trees of our northern orchard gave 30% more fruit."
)
CITED_BULLET = "Pruning in late winter raises the yield of old apple trees by a fifth"
OWN_BULLET = "The pruned trees of our northern orchard gave 30% more fruit"
QUOTE_PARAGRAPH = (
    "Orchards have been defined in several ways. The survey defines an orchard as “a planting of "
    "fruit trees kept for the production of fruit” [3]. We use this definition."
)
QUOTE_BULLET = "“a planting of fruit trees kept for the production of fruit”"
LEGEND = (
    "Features of the four orchards. Symbol definition: T (Trees), A (Area in hectares), "
    "Y (Yield in tonnes), Ro (Rows), Ag (Average age of the trees), Ir (Irrigated share), "
    "Sl (Slope in degrees)."
)


def _figure(kind: str, number: int, caption: str) -> Figure:
    return factories.figure(
        number,
        caption,
        kind=kind,
        page=2,
        bbox=(100.0, 100.0, 400.0, 250.0),
        width_px=1200,
        height_px=600,
        section="Results",
    )


def _paper(*paragraphs: str) -> Paper:
    return Paper(
        title="Yields of four orchards",
        pages=4,
        source_name="orchards.pdf",
        sections=[
            Section(number="1", title="Orchards", paragraphs=["We grow apples and pears."]),
            Section(number="2", title="Results", paragraphs=list(paragraphs)),
        ],
        figures=[
            _figure("figure", 1, "Map of the northern orchard."),
            _figure("table", 3, "Yields of the four orchards."),
            _figure("table", 4, LEGEND),
        ],
    )


def _deck(*slides: Slide) -> SlideDeck:
    return SlideDeck(
        title="Yields of four orchards",
        slides=[Slide(kind="title", title="Yields of four orchards"), *slides],
    )


def _found(rule, deck: SlideDeck, paper: Paper, number: int = 2) -> list[Issue]:
    context = SlideContext(number, deck.slides[number - 1], measure(slide=number), deck, paper)
    return list(rule(context))


def _results(bullets: list[str], notes: str) -> Slide:
    return Slide(kind="bullets", title="Results", bullets=bullets, notes=notes, role="result")


def test_a_bullet_reading_a_table_no_slide_shows_brings_the_table_onto_the_deck():
    paper = _paper(TABLE_PARAGRAPH)
    deck = _deck(_results([YIELD_BULLET, TABLE_BULLET], TABLE_PARAGRAPH))
    found = _found(object_not_shown, deck, paper)
    assert [(i.type, i.evidence["object"], i.evidence["number"]) for i in found] == [
        ("object_not_shown", "table", 3)
    ]
    assert "table 3 is on no slide" in found[0].message
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[1].bullets == [YIELD_BULLET]
    assert revised.slides[2].figure == "tab-3"
    assert revised.slides[2].bullets[0] == TABLE_BULLET
    assert _found(object_not_shown, revised, paper, 3) == []


def test_a_bullet_beside_its_table_or_reading_no_table_is_not_reported():
    paper = _paper(TABLE_PARAGRAPH)
    beside = Slide(kind="figure", title="Yields", figure="tab-3", bullets=[TABLE_BULLET], notes="x")
    assert _found(object_not_shown, _deck(beside), paper) == []
    plain = _results(["The rows of the matrix are sorted by yield", YIELD_BULLET], "")
    assert _found(object_not_shown, _deck(plain), paper) == []


def test_a_bullet_pointing_at_a_listing_no_slide_shows_gives_way():
    paper = _paper(LISTING_PARAGRAPH)
    deck = _deck(_results([LISTING_BULLET], LISTING_PARAGRAPH))
    found = _found(object_not_shown, deck, paper)
    assert [(i.type, i.evidence["object"]) for i in found] == [("object_not_shown", "listing")]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert LISTING_BULLET not in revised.slides[1].bullets
    # "in cases such as this one" points at nothing shown beside it
    alone = _results(["In cases such as this one the program stops at once"], "")
    assert _found(object_not_shown, _deck(alone), paper) == []


def test_a_bullet_reading_a_figures_marks_on_a_slide_without_it_is_reported():
    paper = _paper(MARKS_PARAGRAPH)
    deck = _deck(_results([MARKS_BULLET], MARKS_PARAGRAPH))
    found = _found(object_not_shown, deck, paper)
    assert [(i.evidence["object"], i.evidence["number"]) for i in found] == [("figure", 1)]
    assert "figure 1 is on no slide" in found[0].message
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[-1].figure == "fig-1"
    assert MARKS_BULLET in revised.slides[-1].bullets


def test_a_cited_finding_without_its_citation_under_results_gives_way():
    paper = _paper(CITED_PARAGRAPH)
    deck = _deck(_results([CITED_BULLET, OWN_BULLET], CITED_PARAGRAPH))
    found = _found(source_not_shown, deck, paper)
    assert [(i.type, i.evidence["index"], i.evidence["kind"]) for i in found] == [
        ("source_not_shown", 0, "citation")
    ]
    assert "[14]" in found[0].message
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert CITED_BULLET not in revised.slides[1].bullets
    assert OWN_BULLET in revised.slides[1].bullets


def test_a_cited_sentence_that_says_it_is_earlier_work_or_stands_under_background_stays():
    said = "Earlier work found that pruning in late winter raises the yield of old apple trees"
    assert _found(source_not_shown, _deck(_results([said], "")), _paper(said + " [14].")) == []
    paper = _paper(CITED_PARAGRAPH)
    background = Slide(kind="bullets", title="Orchards", bullets=[CITED_BULLET], role="motivation")
    assert _found(source_not_shown, _deck(background), paper) == []


def test_a_cited_sentence_of_the_papers_own_work_stays_under_results():
    # the citation names a method used or a source of a figure: the finding is the paper's own
    own = "We prune the trees with the method of Ames and compare the yields of four orchards"
    cited = own + " [9]."
    assert _found(source_not_shown, _deck(_results([own], cited)), _paper(cited)) == []
    named = "Pomona's late pruning raised the yield of old trees by a factor of 1.4"
    paper = _paper(named + " [12].").model_copy(update={"title": "Pomona: Pruning Old Orchards"})
    deck = _deck(_results([named], named + " [12]."))
    assert _found(source_not_shown, deck, paper) == []
    # the same sentence in a paper about something else reports earlier work
    assert _found(source_not_shown, deck, _paper(named + " [12].")) != []


def test_a_bare_quotation_becomes_the_papers_sentence_that_says_whose_it_is():
    paper = _paper(QUOTE_PARAGRAPH)
    deck = _deck(
        Slide(kind="bullets", title="Orchards", bullets=[QUOTE_BULLET], notes=QUOTE_PARAGRAPH)
    )
    found = _found(source_not_shown, deck, paper)
    assert [(i.type, i.evidence["kind"]) for i in found] == [("source_not_shown", "quotation")]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[1].bullets[0].startswith("The survey defines an orchard as “a planting")
    assert "[3]" not in revised.slides[1].bullets[0]
    assert _found(source_not_shown, revised, paper) == []


def test_a_legend_shortened_to_bare_symbols_is_reported_and_given_its_meanings():
    paper = _paper(TABLE_PARAGRAPH)
    bare = "Features of the four orchards. T, A, Y, Ro, Ag, Ir, Sl."
    deck = _deck(Slide(kind="figure", title="Features", figure="tab-4", caption=bare))
    found = _found(bare_legend, deck, paper)
    assert [i.type for i in found] == ["bare_legend"]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert "Ro (Rows)" in revised.slides[1].caption
    assert _found(bare_legend, revised, paper) == []
    # a caption's list of named things is no bare legend
    named = "Yields of the apple, pear, plum and cherry trees."
    assert _found(bare_legend, _deck(Slide(kind="figure", title="Y", caption=named)), paper) == []


def test_a_long_legend_caption_keeps_its_meanings_instead_of_a_bare_list():
    caption = caption_text(_figure("table", 4, LEGEND))
    assert "T (Trees)" in caption and "Sl (Slope in degrees)" in caption


def test_marks_of_a_figure_named_paragraphs_back_on_the_next_slide_are_reported_not_moved():
    """figure_reading_apart looks two paragraphs back; a reading further on is this rule's. The
    message says where the figure is; the bullet is not moved under it (the crop may not show
    what a sentence that far on reads)."""
    filler = ["The orchard lies on a south slope.", "Its soil is a sandy loam.", "It is fenced."]
    paper = _paper(
        "Figure 1 maps the trees of the northern orchard.", *filler, MARKS_PARAGRAPH[50:]
    )
    figure = Slide(kind="figure", title="Map", figure="fig-1", caption="Map of the orchard.")
    deck = _deck(_results([MARKS_BULLET, OWN_BULLET], MARKS_PARAGRAPH), figure)
    found = _found(object_not_shown, deck, paper)
    assert [i.evidence["number"] for i in found] == [1]
    assert "figure 1 is on slide 3" in found[0].message
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert MARKS_BULLET not in revised.slides[1].bullets + revised.slides[2].bullets


def test_marks_of_a_figure_named_paragraphs_back_do_not_bring_the_figure_onto_the_deck():
    filler = ["The orchard lies on a south slope.", "Its soil is a sandy loam.", "It is fenced."]
    paper = _paper(
        "Figure 1 maps the trees of the northern orchard.", *filler, MARKS_PARAGRAPH[50:]
    )
    deck = _deck(_results([MARKS_BULLET, OWN_BULLET], MARKS_PARAGRAPH))
    found = _found(object_not_shown, deck, paper)
    assert [(i.evidence["number"], i.evidence["sure"]) for i in found] == [(1, False)]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert "fig-1" not in revised.figures_used()
    assert MARKS_BULLET not in revised.slides[1].bullets


def test_a_leaning_bullet_is_not_removed_when_the_slide_would_be_left_empty():
    paper = _paper(LISTING_PARAGRAPH)
    deck = _deck(Slide(kind="bullets", title="Settings", bullets=[LISTING_BULLET]))
    found = _found(object_not_shown, deck, paper)
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[1].bullets == [LISTING_BULLET]


# A sentence of earlier work whose citation the bullet lost, in the forms papers write it.
FROST_FINDING = "Under a late frost, the blossoms of young pear trees were shown to fall early"


def test_a_passive_cited_finding_reads_as_the_papers_own_and_is_reported():
    # "were shown" names no one: without "[8]" it is this paper's result
    deck = _deck(_results([FROST_FINDING], FROST_FINDING + " [8]."))
    found = _found(source_not_shown, deck, _paper(FROST_FINDING + " [8]."))
    assert [(i.evidence["index"], i.evidence["kind"]) for i in found] == [(0, "citation")]


def test_author_year_and_keyed_citations_are_seen():
    for cited in (" (e.g., Ames, 1998).", " [Ames98].", " [3; 5]."):
        deck = _deck(_results([FROST_FINDING], FROST_FINDING + cited))
        assert _found(source_not_shown, deck, _paper(FROST_FINDING + cited)) != [], cited


def test_a_cited_finding_under_a_discussion_heading_is_reported():
    discussion = Slide(kind="bullets", title="Discussion", bullets=[FROST_FINDING])
    paper = _paper(FROST_FINDING + " [8].")
    assert [i.evidence["kind"] for i in _found(source_not_shown, _deck(discussion), paper)] == [
        "citation"
    ]


def test_a_named_source_a_suggestion_or_this_study_keep_their_bullet():
    named = "Ames says that a late frost ruins the blossoms of young pear trees"
    paper = _paper(named.replace("Ames", "Ames [3]") + ".")
    assert _found(source_not_shown, _deck(_results([named], "")), paper) == []
    narrative = "Ames and Bell found that a late frost ruins the blossoms of young trees"
    paper = _paper(narrative.replace("Bell", "Bell (1998)") + ".")
    assert _found(source_not_shown, _deck(_results([narrative], "")), paper) == []
    suggestion = "Netting could be applied to keep the frost off the blossoms of young trees"
    paper = _paper(suggestion + " [4].")
    assert _found(source_not_shown, _deck(_results([suggestion], "")), paper) == []
    own = "In this study, a late frost cost the young pear trees half of their blossoms"
    paper = _paper(own + " [4].")
    assert _found(source_not_shown, _deck(_results([own], "")), paper) == []


def _discussed(*paragraphs: str) -> Paper:
    """A paper whose `paragraphs` stand in its discussion, where it reports others' work."""
    paper = _paper("Our pear trees kept their blossoms.")
    discussion = Section(number="3", title="Discussion", paragraphs=list(paragraphs))
    return paper.model_copy(update={"sections": [*paper.sections, discussion]})


def _repaired(paper: Paper, bullet: str) -> list[str]:
    deck = _deck(_results([bullet], ""))
    return (
        deck_repair(BuiltinProposer(), paper, deck, _found(source_not_shown, deck, paper))
        .deck.slides[1]
        .bullets
    )


def test_a_results_slide_of_cited_findings_says_they_are_earlier_work():
    # the only bullet: removing it would empty the slide, so it is said to be earlier work
    paper = _discussed(FROST_FINDING + " [8].")
    assert _repaired(paper, FROST_FINDING) == [
        "A previous study reports that under a late frost, the blossoms of young pear trees "
        "were shown to fall early"
    ]
    revised = _deck(_results(_repaired(paper, FROST_FINDING), ""))
    assert _found(source_not_shown, revised, paper) == []
    several = _repaired(_discussed(FROST_FINDING + " [8, 9]."), FROST_FINDING)
    assert several[0].startswith("Previous studies report that under a late")


def test_a_cited_sentence_is_not_said_to_be_earlier_work_where_it_may_be_the_papers_own():
    # a name's capital may be its own: not rewritten
    named = "Bosc pears were shown to lose their blossoms early under a late frost"
    assert not _repaired(_discussed(named + " [8]."), named)[0].startswith(
        ("Previous", "A previous")
    )
    # in the paper's own results (or methods) the citation may name what the paper used
    assert not _repaired(_paper(FROST_FINDING + " [8]."), FROST_FINDING)[0].startswith("A previous")
    # a citation after a name, or inside the clause, cites a tool the paper may have used
    used = "Under the netting, the blossoms were shown to fall early, as read by Frostguard [8]."
    assert not _repaired(_discussed(used), text.clean(used).rstrip("."))[0].startswith("A previous")
    used = "Under the netting, the Frostguard [8] sensors were shown to read the frost early."
    assert not _repaired(_discussed(used), text.clean(used).rstrip("."))[0].startswith("A previous")


def test_a_cited_finding_is_not_replaced_by_another_cited_finding():
    second = "Frost in early spring thins the blossoms of old pear trees by half"
    paragraph = CITED_PARAGRAPH.replace(" The pruned", f" {second} [15]. The pruned")
    paper = _paper(paragraph)
    deck = _deck(_results([CITED_BULLET, OWN_BULLET], paragraph))
    revised = deck_repair(BuiltinProposer(), paper, deck, _found(source_not_shown, deck, paper))
    assert second not in revised.deck.slides[1].bullets
    assert OWN_BULLET in revised.deck.slides[1].bullets


def test_a_citation_after_the_noun_naming_the_cited_work_leaves_whose_work_it_is():
    from apps.decks.pipeline.shown_objects import dropped_citation

    # a replication's own finding: the marker names the paper it replicates, inside the clause
    own = "The replication of paper [2] shows that the kiln cools evenly under every load."
    assert dropped_citation(own.replace(" [2]", "").rstrip("."), own) is None
    said = "The original article [5] reported a crack in one pot of ten."
    assert dropped_citation(said.replace(" [5]", "").rstrip("."), said) is None
    # a citation closing the clause still marks another study's finding
    others = "Glazes fired twice were shown to craze less [5]."
    assert dropped_citation(others.replace(" [5]", "").rstrip("."), others) == "[5]"


def test_a_sentence_citing_the_papers_own_authors_is_their_work_not_a_previous_study():
    # the paper's authors cite their own software or earlier paper: the bullet is their own
    # statement, and "A previous study reports that …" would give it to someone else
    own = "Under a late frost, the blossoms of young pear trees were shown to fall early"
    for marker in ("(Rokeby et al., 2009)", "(Rokeby and Ortiz, 2009)", "[Rok09]"):
        paper = _discussed(f"{own} {marker}.").model_copy(
            update={"authors": ["Ada M. Rokeby", "Ben Ortiz"]}
        )
        assert _found(source_not_shown, _deck(_results([own], "")), paper) == [], marker
        assert _repaired(paper, own) == [own]
    # another author's study is still reported as earlier work
    other = _discussed(f"{own} (Hallam et al., 2009).").model_copy(
        update={"authors": ["Ada M. Rokeby", "Ben Ortiz"]}
    )
    assert _repaired(other, own)[0].startswith("A previous study reports that")
