"""A figure slide shows what a reader needs to read its plot (round 24, `caption_keys.py`):

- the caption's reading key — what its colours, line styles, marks, reference lines and panels
  mean — is shown with the caption's opening, shortened at a clause's end, within the caption's
  room; a caption part about the method, or one reading an equation, is no key;
- a figure whose caption opens word for word like another figure's shows the sentence that
  tells the two apart;
- a slide whose caption was cut before its key is `caption_key_dropped`, repaired through the
  loop's revision with the key added; a slide that says the key, or has no room, is not reported.

On captions written for these tests (a hydrology paper; every name and number invented).
"""

from __future__ import annotations

from apps.decks.pipeline import caption_keys, text
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.captions import caption_text
from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.review.object_rules import caption_key_dropped
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks import factories
from tests.decks.test_review_rules import measure

OPENING = (
    "Daily discharge of the Lindau river at its three gauges over the wet season of 2019, "
    "measured upstream and downstream of the new weir and compared with the catchment model."
)
KEY = "Solid lines are the gauge readings and dashed lines the model; the grey band is its 90% interval."
METHOD = "The gauges were calibrated twice during the season."
PANELS = "Left, the upper gauge; right, the lower gauge."
DISCHARGE = f"{OPENING} {METHOD} {KEY}"

SHARED = "Water level of Lake Orm at the outlet, in centimetres above the datum of the 1950 survey."
BEFORE = f"{SHARED} Levels read before the outlet was dredged. Red dots are the daily means."
AFTER = f"{SHARED} Levels read after the outlet was dredged. Red dots are the daily means."


def _figure(number: int, caption: str, **kwargs):
    return factories.figure(number, caption, section="Results", **kwargs)


def _paper(*figures) -> Paper:
    return Paper(
        title="Discharge below the Lindau weir",
        pages=6,
        source_name="lindau.pdf",
        sections=[
            Section(number="1", title="Introduction", paragraphs=["We study a weir."]),
            Section(
                number="2",
                title="Results",
                paragraphs=[
                    "Figure 1 shows that the discharge below the weir fell by a third in July.",
                    "Figure 2 shows the lake before dredging and Figure 3 after it.",
                ],
            ),
        ],
        figures=list(figures),
    )


def test_a_captions_key_is_found_and_its_method_sentences_are_not():
    assert caption_keys.reading_keys(DISCHARGE) == [KEY]
    assert caption_keys.reading_keys(f"{OPENING} {PANELS}") == [PANELS]
    # a sentence about how the data were made names no mark of the plot
    assert caption_keys.reading_keys(f"{OPENING} {METHOD}") == []
    # a part that reads an equation or another figure reads what the slide does not show
    assert caption_keys.reading_keys(f"{OPENING} The dashed line is the fit of Eq. 4.") == []
    assert caption_keys.reading_keys(f"{OPENING} Red dots are as in Figure 2.") == []
    # a key clause is kept with its sentence's other key clauses, the method clause left out
    mixed = f"{OPENING} The weir was built in 2017; the vertical line marks its opening day."
    assert caption_keys.reading_keys(mixed) == ["The vertical line marks its opening day."]


def test_the_figure_slide_shows_the_caption_with_its_key():
    figure = _figure(1, DISCHARGE)
    # the caption's opening fills the caption's usual length: its key did not fit before
    assert KEY not in caption_text(figure)
    slide = BuiltinProposer().figure_slide(figure, set(), paper=_paper(figure))
    assert slide.caption.startswith(OPENING)
    assert slide.caption.endswith(KEY)
    assert METHOD not in slide.caption
    assert text.word_count(slide.caption) <= caption_keys.KEYED_CAPTION_WORDS
    # and the whole deck shows it under the figure
    deck = BuiltinProposer().propose(_paper(figure))
    shown = deck_markdown(deck, _paper(figure))
    assert "the grey band is its 90% interval" in shown


def test_a_key_that_does_not_fit_or_a_bullet_says_is_left_out():
    long_key = (
        "Solid lines are the gauge readings taken every fifteen minutes at the three stations "
        "along the river, while dashed lines are the values the catchment model computed."
    )
    shown = caption_keys.keyed_caption(f"{OPENING} {long_key}", OPENING, max_words=40)
    assert shown == OPENING
    # a key a bullet of the slide says already is not said twice; the one it lacks is added
    both = f"{OPENING} {KEY} {PANELS}"
    assert caption_keys.keyed_caption(both, OPENING, said=KEY) == f"{OPENING} {PANELS}"


def test_a_figure_whose_caption_opens_like_anothers_shows_what_tells_it_apart():
    before, after = _figure(2, BEFORE), _figure(3, AFTER)
    paper = _paper(before, after)
    first = BuiltinProposer().figure_slide(before, set(), paper=paper)
    second = BuiltinProposer().figure_slide(after, set(), paper=paper)
    assert "Levels read before the outlet was dredged." in first.caption
    assert "Levels read after the outlet was dredged." in second.caption
    assert first.caption.endswith("Red dots are the daily means.")
    # alone in its paper, the caption's second sentence is no key and tells nothing apart
    assert caption_keys.wanted_parts(BEFORE, []) == ["Red dots are the daily means."]


def _review(paper: Paper, slide: Slide):
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    return deck, list(caption_key_dropped(context))


def test_a_caption_cut_before_its_key_is_reported_and_the_loop_shows_the_key():
    figure = _figure(1, DISCHARGE)
    paper = _paper(figure)
    slide = Slide(kind="figure", title="Discharge below the weir", figure="fig-1", caption=OPENING)
    deck, issues = _review(paper, slide)
    assert [(i.type, i.severity, i.evidence["where"]) for i in issues] == [
        ("caption_key_dropped", "medium", "caption")
    ]
    assert issues[0].evidence["part"] == KEY
    revised, changes = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    assert revised.slides[1].caption == f"{OPENING} {KEY}"
    assert changes
    assert _review(paper, revised.slides[1])[1] == []


def test_a_slide_that_says_the_key_or_has_no_room_for_it_is_not_reported():
    figure = _figure(1, DISCHARGE)
    paper = _paper(figure)
    said = Slide(
        kind="figure",
        title="Discharge below the weir",
        figure="fig-1",
        caption=OPENING,
        bullets=[KEY.rstrip(".")],
    )
    assert _review(paper, said)[1] == []
    # a caption at its room's end: the key has no room (density's business, not this one's)
    full = f"{OPENING} {OPENING}"
    assert _review(paper, said.model_copy(update={"caption": full, "bullets": []}))[1] == []
    # a caption with no key
    plain = _figure(1, f"{OPENING} {METHOD}")
    slide = said.model_copy(update={"bullets": []})
    assert _review(_paper(plain), slide)[1] == []
