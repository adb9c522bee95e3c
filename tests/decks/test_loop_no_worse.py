"""The loop never makes a deck worse: a proposer's revision (the builtin one's or a language
model's) that swaps a bullet for one the reviewer's text checks fault — a sentence cut before its
end, two sentences glued together, one that leans on a sentence the slide does not show — or a
specific title for a word that only names the slide's kind ("Results"), is not applied: the slide
keeps what it had, and review.json records what was refused and which issue it would have
answered. The proposer here returns a fixed revision (as a model might); paper and slides are
made up here."""

from __future__ import annotations

from apps.decks.pipeline.issues import Change, Issue, Revision
from apps.decks.pipeline.loop import RoundRecord, revise_round
from apps.decks.pipeline.paper import Figure, Mention, Paper, Section
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

HIVES = (
    "Twelve hives were weighed every morning from May to August. Hives fed with sugar syrup in "
    "spring gained four kilograms more honey than unfed hives. Unfed hives lost a third of "
    "their brood in the June gap."
)
FEEDING = [
    "Hives fed with sugar syrup in spring gained four kilograms more honey than unfed hives",
    "Unfed hives lost a third of their brood in the June gap",
]


class FixedProposer:
    """A proposer whose revision is given: what a model might answer."""

    def __init__(self, revision: Revision):
        self.revision = revision

    def propose(self, paper: Paper) -> SlideDeck:  # pragma: no cover - not used by the loop
        return self.revision.deck

    def revise(self, paper: Paper, deck: SlideDeck, issues: list[Issue]) -> Revision:
        return self.revision


def _paper() -> Paper:
    return Paper(
        title="Spring feeding of honey bee colonies",
        pages=3,
        source_name="hives.pdf",
        sections=[
            Section(number="2", title="Honey yield after spring feeding", paragraphs=[HIVES])
        ],
    )


def _deck(paper: Paper, title: str, bullets: list[str]) -> SlideDeck:
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title=title, bullets=bullets, notes=HIVES),
        ],
    )


def _issue(kind: str, text: str = "") -> Issue:
    return Issue(
        slide=2,
        type=kind,
        severity="medium",
        message=f"bullet 1 {kind}",
        evidence={"text": text} if text else {},
    )


def _revise(paper, deck, revised, change_type, action, issue=None):
    issues = [issue or _issue(change_type, deck.slides[1].bullets[0])]
    proposer = FixedProposer(
        Revision(deck=revised, changes=[Change(issue=0, slide=2, type=change_type, action=action)])
    )
    refused: list[dict] = []
    result, changes = revise_round(proposer, paper, [], deck, issues, refused)
    return result, changes, refused


def test_a_replacement_cut_before_its_end_is_refused_and_recorded():
    paper = _paper()
    leaning = ["However, this gained four kilograms more honey than unfed hives", FEEDING[1]]
    deck = _deck(paper, "Honey yield after spring feeding", leaning)
    cut = "Hives fed with sugar syrup in spring gained four kilograms more honey than"
    revised = _deck(paper, "Honey yield after spring feeding", [cut, FEEDING[1]])
    result, changes, refused = _revise(
        paper, deck, revised, "leaning_reference", "replaced bullet 1 with the paper's sentence"
    )
    assert result == deck  # the old bullet stays
    assert changes == []
    assert [r["guard"] for r in refused] == ["no_worse_bullets"]
    assert refused[0]["changes"][0]["type"] == "leaning_reference"
    assert "broken_sentence" in refused[0]["why"]


def test_two_bullets_glued_into_one_are_refused():
    paper = _paper()
    deck = _deck(paper, "Honey yield after spring feeding", FEEDING)
    glued = FEEDING[0] + "." + FEEDING[1]
    revised = _deck(paper, "Honey yield after spring feeding", [glued])
    result, changes, refused = _revise(paper, deck, revised, "repeated_bullet", "merged 1 and 2")
    assert result.slides[1].bullets == FEEDING
    assert changes == []
    assert "glued_words" in refused[0]["why"]


def test_a_replacement_that_leans_on_what_the_slide_lacks_is_refused():
    paper = _paper()
    deck = _deck(paper, "Honey yield after spring feeding", FEEDING)
    leaning = "However, this cost the unfed hives a third of their brood"
    revised = _deck(paper, "Honey yield after spring feeding", [FEEDING[0], leaning])
    result, _changes, refused = _revise(paper, deck, revised, "broken_sentence", "rewrote 2")
    assert result.slides[1].bullets == FEEDING
    assert refused and refused[0]["slide"] == 2


def test_a_replacement_that_mends_its_bullet_is_made():
    paper = _paper()
    leaning = ["However, this gained four kilograms more honey than unfed hives", FEEDING[1]]
    deck = _deck(paper, "Honey yield after spring feeding", leaning)
    revised = _deck(paper, "Honey yield after spring feeding", FEEDING)
    result, changes, refused = _revise(
        paper, deck, revised, "leaning_reference", "replaced bullet 1 with the paper's sentence"
    )
    assert result == revised
    assert len(changes) == 1
    assert refused == []


def test_the_papers_heading_is_not_replaced_by_a_kind_word():
    paper = _paper()
    deck = _deck(paper, "Honey yield after spring feeding", FEEDING)
    revised = _deck(paper, "Results", FEEDING)
    result, changes, refused = _revise(
        paper, deck, revised, "title_mismatch", "retitled the slide “Results”"
    )
    assert result.slides[1].title == "Honey yield after spring feeding"
    assert changes == []
    assert refused[0]["guard"] == "no_generic_retitles"
    assert "own heading" in refused[0]["why"]
    assert refused[0]["changes"][0]["type"] == "title_mismatch"


def test_a_sound_title_is_not_replaced_by_a_kind_word():
    paper = _paper()
    deck = _deck(paper, "Syrup and the June gap", FEEDING)
    revised = _deck(paper, "Method", FEEDING)
    result, _changes, refused = _revise(
        paper, deck, revised, "title_role", "retitled the slide “Method”"
    )
    assert result.slides[1].title == "Syrup and the June gap"
    assert "no fault" in refused[0]["why"]


def test_a_faulted_title_may_become_a_kind_word():
    paper = _paper()
    # a subordinate clause cut from its sentence: the title checks fault it
    deck = _deck(paper, "Once fed in spring", FEEDING)
    revised = _deck(paper, "Results", FEEDING)
    result, changes, refused = _revise(
        paper, deck, revised, "title_fragment", "retitled the slide “Results”"
    )
    assert result.slides[1].title == "Results"
    assert len(changes) == 1
    assert refused == []


def test_review_json_names_what_was_refused():
    paper = _paper()
    deck = _deck(paper, "Honey yield after spring feeding", FEEDING)
    record = RoundRecord(1, deck, [_issue("title_mismatch")], folder=None)
    record.refused.append({"guard": "no_generic_retitles", "slide": 2, "why": "x", "changes": []})
    assert record.as_review()["refused"][0]["guard"] == "no_generic_retitles"


WEIGHING = (
    "Figure 1 shows the scale each hive stood on through the season. The weight curves in "
    "Figure 2 rise steeply after the first syrup feed and stay flat for unfed hives."
)


def _figure(number: int, caption: str) -> Figure:
    return Figure(
        id=f"fig-{number}",
        kind="figure",
        number=number,
        label=f"Figure {number}",
        caption=caption,
        page=2,
        bbox=(72.0, 100.0, 520.0, 400.0),
        image=f"fig-{number}.png",
        width_px=900,
        height_px=600,
    )


def _figure_paper() -> Paper:
    return Paper(
        title="Spring feeding of honey bee colonies",
        pages=3,
        source_name="hives.pdf",
        sections=[Section(number="3", title="Weighing", paragraphs=[WEIGHING, HIVES])],
        figures=[
            _figure(1, "The hive scale and its logger."),
            _figure(2, "Daily weight of fed and unfed hives."),
        ],
    )


def _figure_deck(paper: Paper, caption: str) -> SlideDeck:
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(
                kind="figure",
                title="Daily weight of fed and unfed hives",
                figure="fig-2",
                caption=caption,
            ),
        ],
    )


def _caption_revision(paper: Paper, caption: str):
    deck = _figure_deck(paper, "")
    issue = Issue(slide=2, type="thin_slide", severity="medium", message="a bare figure")
    return _revise(paper, deck, _figure_deck(paper, caption), "thin_slide", "stated", issue)


def test_a_caption_about_another_figure_is_refused():
    paper = _figure_paper()
    result, changes, refused = _caption_revision(
        paper, "Figure 1 shows the scale each hive stood on through the season."
    )
    assert result.slides[1].caption == ""
    assert changes == []
    assert refused[0]["guard"] == "no_foreign_captions"
    assert "figure 1" in refused[0]["why"]
    assert refused[0]["changes"][0]["type"] == "thin_slide"


def test_a_caption_no_sentence_of_the_paper_says_is_refused():
    paper = _figure_paper()
    # a model's own reading: the figure shows no such thing
    result, _changes, refused = _caption_revision(
        paper, "Queen cells multiply in colonies that swarm early in the season."
    )
    assert result.slides[1].caption == ""
    assert "no sentence of the paper" in refused[0]["why"]


def test_a_caption_from_a_sentence_citing_the_figure_is_made():
    paper = _figure_paper()
    reading = "The weight curves rise steeply after the first syrup feed."
    result, changes, refused = _caption_revision(paper, reading)
    assert result.slides[1].caption == reading
    assert len(changes) == 1 and refused == []
    # and the figure's own caption
    own = "Daily weight of fed and unfed hives."
    result, _changes, refused = _caption_revision(paper, own)
    assert result.slides[1].caption == own and refused == []


def test_a_heading_that_says_little_stays_but_a_broken_one_may_go():
    paper = _paper()
    paper.sections.append(Section(number="4", title="Examples", paragraphs=[HIVES]))
    deck = _deck(paper, "Examples", FEEDING)
    result, _changes, refused = _revise(
        paper, deck, _deck(paper, "Results", FEEDING), "title_indistinct", "retitled “Results”"
    )
    assert result.slides[1].title == "Examples" and refused
    # a title that says nothing and is no heading of the paper may become the kind word
    deck = _deck(paper, "Key points", FEEDING)
    result, _changes, refused = _revise(
        paper, deck, _deck(paper, "Results", FEEDING), "title_indistinct", "retitled “Results”"
    )
    assert result.slides[1].title == "Results" and refused == []


def _display_deck(
    paper: Paper, with_display: bool, lead: str = "The daily gain of a hive is modelled as"
) -> SlideDeck:
    display = Slide(
        kind="bullets",
        title="The weight model",
        bullets=[lead],
        equation=r"g_t = a + b\,s_t + \varepsilon_t",
        notes="The daily gain of a hive is modelled as",
    )
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Syrup and the June gap", bullets=FEEDING, notes=HIVES),
            *([display] if with_display else []),
            Slide(kind="bullets", title="Weighing", bullets=[FEEDING[1]], notes=WEIGHING),
        ],
    )


def _removal(paper, deck, revised, number, kind, severity, evidence=None):
    issue = Issue(slide=number, type=kind, severity=severity, message="m", evidence=evidence or {})
    proposer = FixedProposer(
        Revision(
            deck=revised,
            changes=[Change(issue=0, slide=number, type=kind, action="removed the slide")],
        )
    )
    refused: list[dict] = []
    result, changes = revise_round(proposer, paper, [], deck, [issue], refused)
    return result, changes, refused


def test_a_display_equation_is_not_removed_for_a_thin_slide():
    paper = _figure_paper()
    deck = _display_deck(paper, True)
    thinned = _display_deck(paper, False)
    result, changes, refused = _removal(paper, deck, thinned, 3, "thin_slide", "medium")
    assert result == deck  # the slide and its display are back, in their place
    assert changes == []
    assert refused[0]["guard"] == "no_thinning_removals"
    assert refused[0]["changes"][0]["type"] == "thin_slide"
    # a high issue, or one about the display itself, may take it off
    result, _changes, refused = _removal(paper, deck, thinned, 3, "overflow", "high")
    assert result == thinned and refused == []
    result, _changes, refused = _removal(
        paper, deck, thinned, 3, "broken_math", "medium", {"where": "equation"}
    )
    assert result == thinned and refused == []


def test_a_display_whose_lead_lost_a_formula_may_go_for_a_thin_slide():
    """Kept, a display brings back its lead with the hole of an inline formula ("… as where
    …"): seen on unseen papers, where restored display slides added defects. It may go."""
    paper = _figure_paper()
    lead = "The daily gain of a hive is modelled as where the season enters linearly"
    deck = _display_deck(paper, True, lead)
    thinned = _display_deck(paper, False, lead)
    result, _changes, refused = _removal(paper, deck, thinned, 3, "thin_slide", "medium")
    assert result == thinned and refused == []


def _result_figure_deck(paper: Paper, with_figure: bool) -> SlideDeck:
    figure = Slide(kind="figure", title="Daily weight of fed and unfed hives", figure="fig-2")
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            *([figure] if with_figure else []),
            Slide(kind="bullets", title="Syrup and the June gap", bullets=FEEDING, notes=HIVES),
        ],
    )


def test_the_figure_of_the_result_is_not_removed_for_a_medium_issue():
    paper = _figure_paper()
    # the sentence citing Figure 2 states the finding it shows
    paper.figures[1].mentions = [
        Mention(
            text="Figure 2 shows that fed hives gained 40% more weight than unfed hives.",
            section="3 Weighing",
        )
    ]
    deck = _result_figure_deck(paper, True)
    without = _result_figure_deck(paper, False)
    result, changes, refused = _removal(paper, deck, without, 2, "slide_count", "medium")
    assert result == deck and changes == []
    assert "Figure 2" in refused[0]["why"]
    # a figure of the result whose crop is cut stays, whatever the severity: a re-crop or a
    # slide of its own repairs it, its removal would take the result off the deck
    for kind, severity in [("figure_cropped", "medium"), ("crop_cut", "high")]:
        result, changes, refused = _removal(paper, deck, without, 2, kind, severity)
        assert result == deck and changes == [], kind
        assert refused[0]["guard"] == "no_thinning_removals"
    # a figure the reviewer finds not to be the paper's may go
    result, _changes, refused = _removal(paper, deck, without, 2, "figure_mismatch", "medium")
    assert result == without and refused == []


def test_a_bullet_moved_from_another_slide_is_no_new_text():
    paper = _paper()
    leaning = "However, this cost the unfed hives a third of their brood"
    deck = SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Syrup", bullets=[FEEDING[0]], notes=HIVES),
            Slide(kind="bullets", title="Brood", bullets=[leaning, FEEDING[1]], notes=WEIGHING),
        ],
    )
    moved = deck.model_copy(
        update={
            "slides": [
                deck.slides[0],
                deck.slides[1].model_copy(update={"bullets": [FEEDING[0], leaning]}),
                deck.slides[2].model_copy(update={"bullets": [FEEDING[1]]}),
            ]
        }
    )
    result, changes, refused = _revise(
        paper, deck, moved, "figure_reading_apart", "moved bullet 1 onto slide 2"
    )
    assert result == moved  # refusing it on slide 2 would lose it from both slides
    assert refused == []
