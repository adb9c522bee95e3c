"""A title differs from its neighbours by what differs (set 10's class [4]): two figure slides
in a row titled with the opening their captions share ("Daily river levels at three gauges" and
"Daily river levels at three gauges with the rain recorded") are told apart by the words their
captions go on with; slides whose titles differ already, or whose captions differ only after a
long clause, are left alone. A paper made here, in memory."""

from __future__ import annotations

from apps.decks.pipeline import complement_cuts, title_defects
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

UPSTREAM = "Daily river levels at three gauges with the rain recorded at the upstream station."
COASTAL = "Daily river levels at three gauges with the rain recorded at the coastal station."


def _figure(number: int, caption: str) -> Figure:
    return Figure(
        id=f"fig-{number}",
        kind="figure",
        number=number,
        label=f"Figure {number}",
        caption=caption,
        page=2,
        bbox=(50, 100, 550, 400),
        image=f"fig-{number}.png",
        width_px=1200,
        height_px=700,
        section="River levels",
    )


def _paper(*captions: str) -> Paper:
    return Paper(
        title="Rivers after rain",
        pages=4,
        source_name="r.pdf",
        authors=["Ada Lindqvist"],
        sections=[
            Section(
                title="River levels",
                level=1,
                paragraphs=["The gauges read the river every hour over the whole autumn."],
            )
        ],
        figures=[_figure(n, c) for n, c in enumerate(captions, start=1)],
    )


def _figure_slide(number: int, title: str) -> Slide:
    return Slide(kind="figure", title=title, figure=f"fig-{number}", layout="figure-full")


def _issues(deck: SlideDeck, paper: Paper, number: int):
    context = SlideContext(number, deck.slides[number - 1], SlideMeasure(slide=number), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == "title_indistinct"]


def _deck(paper: Paper, *slides: Slide) -> SlideDeck:
    return deck_of(paper, [Slide(kind="title", title=paper.title), *slides])


def test_two_figure_slides_titled_with_their_shared_opening_are_told_apart_by_what_differs():
    paper = _paper(UPSTREAM, COASTAL)
    deck = _deck(
        paper,
        _figure_slide(1, "Daily river levels at three gauges"),
        _figure_slide(2, "Daily river levels at three gauges with the rain recorded"),
    )
    found = [*_issues(deck, paper, 2), *_issues(deck, paper, 3)]
    assert [(i.slide, i.evidence["neighbour"]) for i in found] == [(2, 3), (3, 2)]

    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    # each caption's own words, whole, through the phrase where it parts from the other: no
    # bracketed tail of a few words
    assert [s.title for s in revised.slides[1:]] == [
        "Daily river levels at three gauges with the rain recorded at the upstream station",
        "Daily river levels at three gauges with the rain recorded at the coastal station",
    ]
    assert _issues(revised, paper, 2) == [] and _issues(revised, paper, 3) == []


def test_the_same_title_twice_over_different_captions_is_found_too():
    paper = _paper(UPSTREAM, COASTAL)
    title = "Daily river levels at three gauges"
    deck = _deck(paper, _figure_slide(1, title), _figure_slide(2, f"{title} (continued)"))
    assert len(_issues(deck, paper, 3)) == 1


def test_titles_that_differ_already_or_captions_that_differ_late_are_left_alone():
    paper = _paper(UPSTREAM, COASTAL)
    apart = _deck(
        paper,
        _figure_slide(1, "River levels under upstream rain"),
        _figure_slide(2, "River levels under coastal rain"),
    )
    assert _issues(apart, paper, 2) == [] and _issues(apart, paper, 3) == []
    # what differs comes after a long clause: a few of its words would be a cut, not a title
    long_a = (
        "Daily river levels at three gauges with the rain recorded at the station that the "
        "regional water board moved uphill in the spring of the second year of the study."
    )
    long_b = (
        "Daily river levels at three gauges with the rain recorded at the station that the "
        "national weather service keeps at the harbour mouth for its own forecasts of storms."
    )
    assert title_defects.caption_difference(long_a, long_b) == ""


def test_figure_slides_far_apart_are_no_neighbours():
    paper = _paper(UPSTREAM, COASTAL)
    text = [
        Slide(kind="bullets", title=f"Gauge {n}", bullets=["The gauge reads hourly"]) for n in "ABC"
    ]
    deck = _deck(
        paper,
        _figure_slide(1, "Daily river levels at three gauges"),
        *text,
        _figure_slide(2, "Daily river levels at three gauges with the rain recorded"),
    )
    assert _issues(deck, paper, 2) == []


def test_a_title_that_goes_on_with_what_its_caption_says_apart_is_told_apart():
    # one slide retitled "… (coastal station)" beside the other's shared opening: the two are
    # told apart; finding it again would retitle it the same, and leave it open every round
    paper = _paper(UPSTREAM, COASTAL)
    deck = _deck(
        paper,
        _figure_slide(1, "Daily river levels at three gauges"),
        _figure_slide(2, "Daily river levels at three gauges (coastal station)"),
    )
    assert _issues(deck, paper, 3) == []


def test_captions_that_part_after_an_abbreviation_are_told_apart_by_whole_names():
    # both titles cut at "Mt." by an older splitter; the captions part at the name after it
    # ("Mt. Ko" / "Mt. St. Ora"): the new titles hold each name whole, never "Mt (St)"
    paper = _paper(
        "Field map of the Mt. Ko survey plots, drawn with the default grid layout.",
        "Field map of the Mt. St. Ora survey plots, drawn with a hand-placed layout.",
    )
    deck = _deck(
        paper,
        _figure_slide(1, "Field map of the Mt"),
        _figure_slide(2, "Field map of the Mt (continued)"),
    )
    found = [*_issues(deck, paper, 2), *_issues(deck, paper, 3)]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert [s.title for s in revised.slides[1:]] == [
        "Field map of the Mt. Ko survey plots",
        "Field map of the Mt. St. Ora survey plots",
    ]


def test_a_whole_opening_too_long_is_never_cut_inside_its_phrase():
    # the phrase that tells the captions apart ends past 16 words: no title ends on
    # "… using seasonal", the noun of its phrase cut off
    long_a = (
        "Three rivers with their levels and the 50% and 90% flood bands estimated using "
        "seasonal rainfall runoff storage models."
    )
    long_b = (
        "Three rivers with their levels and the 50% and 90% flood bands estimated using "
        "gauge averages."
    )
    assert title_defects.distinct_opening(long_a, long_b) == ""
    assert title_defects.distinct_opening(long_b, long_a).endswith("using gauge averages")


def _fragments(deck: SlideDeck, paper: Paper, number: int):
    context = SlideContext(number, deck.slides[number - 1], SlideMeasure(slide=number), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == "title_fragment"]


def test_a_caption_title_cut_at_an_abbreviation_or_inside_a_range_is_found_and_completed():
    # titles another proposer might make: cut at "Mt." and after a range's first bound
    paper = _paper(
        "Field map of the Mt. Ko survey plots, drawn with the default grid layout.",
        "Pebble sizes ranging from 1.5 to 3.2 cm across the sampled river beds.",
    )
    deck = _deck(
        paper,
        _figure_slide(1, "Field map of the Mt"),
        Slide(kind="bullets", title="Sampling", bullets=["The plots were walked in May"]),
        _figure_slide(2, "Pebble sizes ranging from 1.5"),
    )
    found = [*_fragments(deck, paper, 2), *_fragments(deck, paper, 4)]
    assert [i.slide for i in found] == [2, 4]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert [revised.slides[1].title, revised.slides[3].title] == [
        "Field map of the Mt. Ko survey plots",
        "Pebble sizes ranging from 1.5 to 3.2 cm",
    ]
    assert _fragments(revised, paper, 2) == [] and _fragments(revised, paper, 4) == []


def test_a_title_that_tells_slides_apart_is_never_cut_before_its_complement():
    # what differs ends on a participle within the few words a title takes ("… ranging"):
    # the cut title would be refused by the loop's guard and leave the two slides alike, so
    # the modifier goes when its complement ("from 2 to 9 mm") makes the title too long
    ranged = "Peak heights of the river level plotted against rainfall ranging from 2 to 9 mm."
    coastal = "Peak heights of the river level for the coastal gauge over the whole autumn."
    paper = _paper(ranged, coastal)
    title = "Peak heights of the river level"
    deck = _deck(paper, _figure_slide(1, title), _figure_slide(2, title))
    found = _issues(deck, paper, 2)
    assert [i.evidence["part"] for i in found] == [f"{title} plotted against rainfall"]

    revised = deck_repair(BuiltinProposer(), paper, deck, [*found, *_issues(deck, paper, 3)]).deck
    assert [s.title for s in revised.slides[1:]] == [
        f"{title} plotted against rainfall",
        f"{title} for the coastal gauge",
    ]
    assert all(complement_cuts.complement_cut(s.title, paper) is None for s in revised.slides)
    # nor is it read as a caption cut inside its phrase: a participle's clause follows
    assert title_defects.caption_cut(revised.slides[1].title, ranged) is None
    # a compound noun ending in -ing is a phrase the title cuts
    compound = "Throughput of the signal processing in the new pipeline."
    assert title_defects.caption_cut("Throughput of the signal", compound) == "signal processing"
