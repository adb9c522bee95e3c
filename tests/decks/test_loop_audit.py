"""The loop's last reading of a revision (revision_audit.py): the deck as it will be against the
deck before it. A slide whose point no other slide says is never taken off for a finding that did
not ask; a new bullet is read after the slides before it as they will be; two figures are put
side by side only when both still read. Papers and sentences are invented for these tests."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from apps.decks import limits
from apps.decks.pipeline import revision_audit
from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.base import Revision
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.bullets import SentenceIndex
from apps.decks.pipeline.propose.deck_level import _says_alone, deck_level_repair
from apps.decks.pipeline.propose.repair import Work
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories

SUBJECT = [
    "Kelpwatch is a survey of kelp forests that divers run along the northern coast.",
    "Divers count the stipes of giant kelp along fixed lines each autumn.",
]
COUNTING = [
    "Each line is fifty metres long and marked with pegs driven into the rock.",
    "Two divers swim every line together and compare their counts at the surface.",
]
KPS = "The Kelp Plot Survey (KPS) marks each line with pegs driven into the rock."
KPS_DIVERS = "Every line of the KPS is swum by two divers who compare their counts."
SUMMARY = "Stipes are counted along fixed lines in each forest."
CLOSE = "Sheltered forests recover; exposed ones need help from people who replant them."
RESULTS = [
    "Forests on the sheltered lines grew back within three years of the storm.",
    "Forests on the exposed lines had not grown back after six years.",
]


def _paper(**extra) -> Paper:
    return Paper(
        title="Kelp forests after the storm",
        abstract=f"{SUBJECT[0]} {SUMMARY} {RESULTS[0]}",
        sections=[
            Section(title="Introduction", paragraphs=[" ".join(SUBJECT)]),
            Section(title="Counting", paragraphs=[" ".join(COUNTING)]),
            Section(title="Results", paragraphs=[" ".join(RESULTS)]),
        ],
        pages=4,
        source_name="kelp.pdf",
        **extra,
    )


def _deck(paper: Paper, *slides: Slide) -> SlideDeck:
    return SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), *slides])


class GivenRevision:
    """A proposer whose revision is given: what a model, or a faulty fixer, might answer."""

    def __init__(self, deck: SlideDeck, changes: list[Change]):
        self.revision = Revision(deck=deck, changes=changes)

    def revise(self, paper: Paper, deck: SlideDeck, issues: list[Issue]) -> Revision:
        return self.revision


def _round(paper, deck, revised, issue: Issue, action="removed the slide"):
    change = Change(issue=0, slide=issue.slide, type=issue.type, action=action)
    refused: list[dict] = []
    result, changes = revise_round(
        GivenRevision(revised, [change]), paper, [], deck, [issue], refused
    )
    return result, changes, refused


def test_a_title_repair_never_takes_off_the_only_slide_introducing_the_subject():
    paper = _paper()
    subject = Slide(kind="bullets", title="Motivation", bullets=SUBJECT)
    counting = Slide(kind="bullets", title="Counting", bullets=COUNTING)
    deck = _deck(paper, subject, counting)
    issue = Issue(slide=2, type="title_mismatch", severity="medium", message="title")
    result, changes, refused = _round(paper, deck, _deck(paper, counting), issue)
    assert [s.title for s in result.slides] == [
        "Kelp forests after the storm",
        *["Motivation", "Counting"],
    ]
    assert changes == [] and refused[-1]["guard"] == "no_lost_points"
    # the change that took it off is reported refused: the finding stays open, not silently
    assert refused[-1]["changes"][0]["type"] == "title_mismatch"
    # a high finding on it may take it off; so may a count finding asking for a shorter deck
    high = issue.model_copy(update={"severity": "high"})
    assert _round(paper, deck, _deck(paper, counting), high)[0] == _deck(paper, counting)
    # a slide whose bullets another slide says is no point lost
    merged = Slide(kind="bullets", title="Counting", bullets=[*COUNTING, *SUBJECT])
    result, _changes, refused = _round(paper, deck, _deck(paper, merged), issue)
    assert result == _deck(paper, merged) and refused == []


def test_a_thin_slide_stating_the_method_is_not_removed_when_its_point_is_said_nowhere_else():
    paper = _paper()
    method = Slide(kind="bullets", title="Counting", bullets=COUNTING[:1])
    results = Slide(kind="bullets", title="Results", bullets=RESULTS)
    deck = _deck(paper, method, results)
    issue = Issue(slide=2, type="thin_slide", severity="medium", message="thin")
    result, _changes, refused = _round(paper, deck, _deck(paper, results), issue)
    assert result == deck
    assert [r["guard"] for r in refused] == ["no_lost_points"]
    # a one-bullet slide of no method part may go when nothing takes its bullet
    thin = Slide(kind="bullets", title="Results", bullets=RESULTS[:1])
    method = method.model_copy(update={"bullets": COUNTING})
    deck = _deck(paper, method, thin)
    on_results = issue.model_copy(update={"slide": 3})
    result, _changes, refused = _round(paper, deck, _deck(paper, method), on_results)
    assert result == _deck(paper, method) and refused == []


def test_a_new_bullet_is_read_against_the_deck_as_it_will_be():
    paper = _paper()
    paper.sections[1].paragraphs = [f"{KPS} {KPS_DIVERS}"]
    defines = Slide(kind="bullets", title="Counting", bullets=[KPS, COUNTING[0]])
    results = Slide(kind="bullets", title="Results", bullets=RESULTS)
    deck = _deck(paper, defines, results)
    added = results.model_copy(update={"bullets": [*RESULTS, KPS_DIVERS]})
    change = Change(issue=0, slide=3, type="thin_slide", action="added a sentence")
    # with the slide saying what "KPS" is kept before it, the new sentence reads
    kept = _deck(paper, defines, added)
    assert revision_audit.no_unsound_new_bullets(paper, deck, kept, [change]) == (kept, [change])
    # the same sentence in a deck another fix took that slide off: it leans on nothing
    refused: list[dict] = []
    without = _deck(paper, added)
    thin = Issue(slide=3, type="thin_slide", severity="medium", message="thin")
    result, changes = revision_audit.no_unsound_new_bullets(
        paper, deck, without, [change], [thin], refused
    )
    assert result == _deck(paper, results) and changes == []
    assert refused[0]["guard"] == "no_unsound_new_bullets"
    # a repair answering a high finding (the slide says what the paper does not) stays
    high = thin.model_copy(update={"severity": "high"})
    assert revision_audit.no_unsound_new_bullets(paper, deck, without, [change], [high]) == (
        without,
        [change],
    )


def _plots(tall: bool) -> list:
    size = dict(bbox=(50, 50, 300, 700), width_px=500, height_px=1300) if tall else {}
    return [
        factories.figure(1, "Stipe counts on the sheltered lines by year.", **size),
        factories.figure(2, "Stipe counts on the exposed lines by year.", **size),
    ]


def test_two_figures_are_not_squeezed_side_by_side_below_the_legibility_bound():
    for tall, squeezed in ((True, True), (False, False)):
        paper = _paper(figures=_plots(tall))
        one = Slide(kind="figure", title="Sheltered lines", figure="fig-1", bullets=RESULTS[:1])
        two = Slide(kind="figure", title="Exposed lines", figure="fig-2", bullets=RESULTS[1:])
        deck = _deck(paper, one, two)
        pair = one.model_copy(
            update={"figure_pair": "fig-2", "title": "Stipe counts", "bullets": RESULTS}
        )
        issue = Issue(slide=3, type="repeated_figures", severity="medium", message="alike")
        result, changes, refused = _round(paper, deck, _deck(paper, pair), issue, "paired")
        if squeezed:
            assert result == deck and changes == []
            assert refused[-1]["guard"] == "no_squeezed_pairs"
        else:
            assert result == _deck(paper, pair) and len(changes) == 1


def test_the_builtin_title_repair_keeps_a_slide_it_cannot_title():
    """`_match_titles`: a slide titled after a part its bullets do not come from, whose own
    part's heading another slide has, keeps its bullets: it is the only one saying them."""
    paper = _paper()
    paper.sections.append(Section(title="Conclusions", paragraphs=[CLOSE]))
    counting = Slide(kind="bullets", title="Counting", bullets=COUNTING[:1])
    wrong = Slide(kind="bullets", title="Conclusions", bullets=COUNTING[1:] + SUBJECT[1:])
    deck = _deck(
        paper, Slide(kind="bullets", title="Introduction", bullets=SUBJECT[:1]), counting, wrong
    )
    issue = Issue(
        slide=0, type="title_mismatch", severity="medium", message="t", evidence={"slides": [4]}
    )
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, [issue], [])
    said = [b for s in revised.slides for b in s.bullets]
    assert COUNTING[1] in said and SUBJECT[1] in said
    # nor does the builtin repair claim the slide's removal (the finding stays open)
    work = Work(BuiltinProposer(), paper, SentenceIndex(paper))
    work.deck = deck
    assert deck_level_repair(work, deck, [(0, issue)], []) == deck
    # a slide another slide says the same of may still go
    copy = counting.model_copy(update={"title": "Lines", "bullets": wrong.bullets})
    assert not _says_alone(wrong, [*deck.slides, copy], 3)
    assert _says_alone(wrong, deck.slides, 3)


def _thin_plot(path, function) -> None:
    """A frame with ticks and one thin curve y = function(t): most of its pixels are the
    frame's and the white inside it."""
    image = Image.new("RGB", (500, 400), "white")
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = 60, 20, 480, 350
    draw.rectangle((x0, y0, x1, y1), outline="black", width=2)
    for i in range(6):
        tx, ty = x0 + i * (x1 - x0) / 5, y1 - i * (y1 - y0) / 5
        draw.line((tx, y1, tx, y1 + 6), fill="black")
        draw.line((x0 - 6, ty, x0, ty), fill="black")
    steps = [k / 400 for k in range(401)]
    draw.line([(x0 + t * (x1 - x0), y1 - function(t) * (y1 - y0)) for t in steps], "black", 1)
    image.save(path)


def test_two_thin_curves_in_one_frame_are_not_near_identical_for_their_few_differing_pixels(
    tmp_path,
):
    """The pixel difference of two thin curves in one frame is small however unlike they are:
    what each draws apart from the frame decides (a false finding paired them, squeezed)."""
    figures = [
        factories.figure(1, "Stipe counts decay after the storm on exposed lines."),
        factories.figure(2, "Holdfast area over a season of regrowth."),
    ]
    curves = (lambda t: 0.9 * math.exp(-4 * t), lambda t: 0.9 * (2 * t - 1) ** 2)
    for figure, curve in zip(figures, curves, strict=True):
        _thin_plot(tmp_path / figure.image, curve)
    one, two = (tmp_path / f.image for f in figures)
    assert deck_rules.figure_difference(one, two) < limits.get("repeated_figure_max_diff")
    paper = _paper(figures=figures)
    deck = _deck(paper, *(Slide(kind="figure", title=f.caption, figure=f.id) for f in figures))
    context = DeckContext(deck=deck, paper=paper, measures=[], figures_dir=tmp_path)
    assert list(deck_rules.repeated_figures(context)) == []
    # one curve drawn twice, shifted a little, is still one figure's worth
    _thin_plot(tmp_path / figures[0].image, lambda t: 0.5 + 0.4 * math.sin(9 * t))
    _thin_plot(tmp_path / figures[1].image, lambda t: 0.5 + 0.4 * math.sin(9 * t + 0.2))
    assert [i.type for i in deck_rules.repeated_figures(context)] == ["repeated_figures"]


def test_a_slide_given_back_keeps_the_citation_its_title_repair_took_out():
    """Round 23: a slide titled by a citation ("Walker et al [4]") had its title repaired and
    was removed for being thin in the same revision; the removal was refused and the slide came
    back with its citation in the title, the finding never answered. The slide now comes back
    with the title its repair gave it, and that change stands."""
    paper = _paper()
    cited = Slide(kind="bullets", title="Walker et al [4]", bullets=[COUNTING[0]])
    results = Slide(kind="bullets", title="Results", bullets=RESULTS)
    deck = _deck(paper, cited, results)
    issues = [
        Issue(slide=2, type="title_citation", severity="medium", message="citation"),
        Issue(slide=2, type="near_empty", severity="medium", message="empty"),
    ]
    changes = [
        Change(issue=0, slide=2, type="title_citation", action="retitled “Pegged survey lines”"),
        Change(issue=1, slide=2, type="near_empty", action="removed the slide"),
    ]
    refused: list[dict] = []
    result, kept = revise_round(
        GivenRevision(_deck(paper, results), changes), paper, [], deck, issues, refused
    )
    assert [s.title for s in result.slides][1:] == ["Pegged survey lines", "Results"]
    assert result.slides[1].bullets == [COUNTING[0]]
    assert kept == [changes[0]]
    assert refused[-1]["guard"] == "no_lost_points"
    assert [c["type"] for c in refused[-1]["changes"]] == ["near_empty"]
