"""Claims carried from where the paper makes them. Inside the scope of another study ("In our
earlier work [4], …" and the sentences after it, until the paper turns to itself: "In this
paper …") a sentence is that study's, not the paper's: it is never a main point, and a bullet
made of it is borrowed_claim — dropped under a title for the paper's own work, else given the
study's name. Invented paragraphs only."""

import pytest

from apps.decks.pipeline import carried_text, main_points
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

OPENER = "In our earlier work [4], a ring buffer was placed in front of the flash log."
DEVELOPED = "We developed a ring buffer that batches the small writes of the log."
OBTAINED = "We obtained a median latency of 41 microseconds, 20% lower than the disk log."
OWN = (
    "In this paper we present a lock-free index that removes the buffer and lowers the median "
    "latency by 30% compared with the ring buffer."
)
RELATED = " ".join([OPENER, DEVELOPED, OBTAINED, OWN])


def test_the_scope_runs_from_the_opener_to_the_papers_own_turn():
    found = carried_text.study_scopes([OPENER, DEVELOPED, OBTAINED, OWN])
    assert [s is not None for s in found] == [True, True, True, False]
    assert [s.names_it for s in found[:3]] == [True, False, False]
    assert found[1].lead == "In our earlier work"


@pytest.mark.parametrize(
    "paragraph, inside",
    [
        # a third party's scope ends where the paper speaks for itself
        (
            [
                "Moreau et al. [7] proposed a log-structured cache for flash disks.",
                "The cache reached 2 GB/s of writes on a single disk.",
                "We extend the cache to arrays of many disks.",
            ],
            [True, True, False],
        ),
        (
            [
                "Previous studies of flash logs measured only sequential writes.",
                "Random writes were slower by a factor of four.",
                "Here the index is measured under random writes as well.",
            ],
            [True, True, False],
        ),
        # no other study: nothing is in a scope
        (
            ["The buffer batches small writes.", "It flushes them once per millisecond."],
            [False, False],
        ),
    ],
)
def test_scopes_of_other_openers(paragraph, inside):
    assert [s is not None for s in carried_text.study_scopes(paragraph)] == inside


def test_a_paragraph_cut_by_a_figure_stays_in_the_scope():
    scopes = carried_text.paper_scopes([f"{OPENER} We measured the log on three", "devices."])
    assert "devices." in scopes


def _paper() -> Paper:
    return Paper(
        title="A lock-free flash index",
        pages=2,
        source_name="p.pdf",
        abstract=RELATED,
        sections=[
            Section(title="Introduction", paragraphs=[RELATED]),
            Section(
                title="Design",
                paragraphs=[
                    "The index keeps one sorted run per core. Runs are merged when the log "
                    "fills. Each merge writes whole erase blocks. Readers never wait for a merge."
                ],
            ),
        ],
    )


def test_a_sentence_in_another_studys_scope_is_never_a_main_point():
    paper = _paper()
    methods = [s.bullet for s in main_points.method_statements(paper)]
    results = [s.bullet for s in main_points.result_statements(paper)]
    assert not any("ring buffer that batches" in b for b in methods), methods
    assert not any("41 microseconds" in b for b in results), results
    assert any("lock-free index" in b for b in methods + results)


def _borrowed(deck, paper, number):
    context = SlideContext(number, deck.slides[number - 1], measure(slide=number), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == "borrowed_claim"]


def test_a_borrowed_claim_is_reported_then_dropped_or_attributed():
    paper = _paper()
    developed, obtained = DEVELOPED.rstrip("."), OBTAINED.rstrip(".")
    own = "The index keeps one sorted run per core"
    deck = deck_of(
        paper,
        [
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Background", bullets=[own, developed]),
            Slide(
                kind="bullets",
                title="What this paper does",
                role="contributions",
                bullets=[own.replace("one", "a"), obtained],
            ),
        ],
    )
    background, contribution = _borrowed(deck, paper, 2), _borrowed(deck, paper, 3)
    assert [(i.severity, i.evidence["index"]) for i in background] == [("medium", 1)]
    assert [(i.severity, i.evidence["index"]) for i in contribution] == [("high", 1)]
    revised = deck_repair(BuiltinProposer(), paper, deck, background + contribution).deck
    assert (
        "In our earlier work, we developed a ring buffer that batches the small writes of "
        "the log" in revised.slides[1].bullets
    )
    assert not any("41 microseconds" in b for s in revised.slides for b in s.bullets)
    # the slide of the paper's own work keeps two bullets: the paper's own statement comes in
    assert any("lock-free index" in b for b in revised.slides[2].bullets), revised.slides[2]
    assert _borrowed(revised, paper, 2) == [] and _borrowed(revised, paper, 3) == []


def test_a_borrowed_claim_gives_way_to_no_second_wording_of_a_result_the_deck_states():
    # the conclusions say the abstract's 30% again in other words: the slide that makes the
    # paper's point already loses the borrowed claim, and the second wording does not come in
    paper = _paper()
    paper.sections.append(
        Section(
            title="Conclusions",
            paragraphs=["The new design reduces the median write latency by 30% on all disks."],
        )
    )
    assert len(main_points.result_statements(paper)) == 2
    deck = deck_of(
        paper,
        [
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Background", bullets=["The index keeps runs per core"]),
            Slide(
                kind="bullets",
                title="What this paper does",
                role="contributions",
                bullets=["W" + OWN.rstrip(".").removeprefix("In this paper w"), OBTAINED],
            ),
        ],
    )
    revised = deck_repair(BuiltinProposer(), paper, deck, _borrowed(deck, paper, 3)).deck
    bullets = revised.slides[2].bullets
    assert not any("41 microseconds" in b for b in bullets), bullets
    assert [b for b in bullets if "30%" in b] == [deck.slides[2].bullets[0]], bullets


# Two methods in two subsections: a restriction the paper states of one, in a paragraph of the
# other's subsection, is misattributed_claim under the other's title.
BRANDT = "The Brandt filter smooths each reading with the one before it. Its output lags by a step."
OKAFOR = (
    "The Okafor estimator weights each reading by its variance. For comparison the traces were "
    "also smoothed with the Brandt filter. The Brandt filter assumes a fixed sampling rate. Thus, "
    "readings must arrive at equal intervals, or be dropped."
)
RESTRICTION = "Readings must arrive at equal intervals, or be dropped"


def _two_methods() -> Paper:
    return Paper(
        title="Smoothing irregular traces",
        pages=2,
        source_name="p.pdf",
        sections=[
            Section(title="The Brandt filter", paragraphs=[BRANDT]),
            Section(title="The Okafor estimator", paragraphs=[OKAFOR]),
        ],
    )


def _misattributed(deck, paper, number):
    context = SlideContext(number, deck.slides[number - 1], measure(slide=number), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == "misattributed_claim"]


def _okafor_deck(paper, with_brandt: bool):
    slides = [Slide(kind="title", title=paper.title)]
    if with_brandt:
        slides.append(
            Slide(
                kind="bullets",
                title="The Brandt filter",
                bullets=["The Brandt filter smooths each reading with the one before it"],
            )
        )
    slides.append(
        Slide(
            kind="bullets",
            title="The Okafor estimator",
            bullets=["The Okafor estimator weights each reading by its variance", RESTRICTION],
        )
    )
    return deck_of(paper, slides)


@pytest.mark.parametrize("with_brandt", [True, False])
def test_a_claim_of_one_method_under_anothers_title_is_moved_or_given_its_subject(with_brandt):
    paper = _two_methods()
    deck = _okafor_deck(paper, with_brandt)
    number = len(deck.slides)
    found = _misattributed(deck, paper, number)
    assert [(i.evidence["index"], i.evidence["name"]) for i in found] == [(1, "brandt")]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    okafor = next(s for s in revised.slides if s.title == "The Okafor estimator")
    assert RESTRICTION not in okafor.bullets
    if with_brandt:
        brandt = next(s for s in revised.slides if s.title == "The Brandt filter")
        assert RESTRICTION in brandt.bullets
    else:
        assert (
            "For the Brandt filter, readings must arrive at equal intervals, or be dropped"
            in okafor.bullets
        )
    assert _misattributed(revised, paper, len(revised.slides)) == []


@pytest.mark.parametrize(
    "paragraph",
    [
        # both methods named before the claim: whose it is, is not certain
        "Unlike the Brandt filter, the Okafor estimator needs no fixed rate. Readings must "
        "arrive at equal intervals, or be dropped.",
        # the claim names its subject itself
        "The Brandt filter assumes a fixed sampling rate. With the Brandt filter, readings must "
        "arrive at equal intervals, or be dropped.",
        # the authors' own voice is the paper's method
        "The Brandt filter assumes a fixed sampling rate. In our estimator, readings must "
        "arrive at equal intervals, or be dropped.",
    ],
)
def test_claims_whose_subject_is_certain_stand(paragraph):
    paper = _two_methods()
    paper.sections[1].paragraphs = [paragraph]
    bullet = [s for s in paragraph.split(". ") if "intervals" in s][0].rstrip(".")
    deck = deck_of(
        paper,
        [
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="The Okafor estimator", bullets=[bullet]),
        ],
    )
    assert _misattributed(deck, paper, 2) == []


# A second claim by its grammar (subject, perhaps an auxiliary, "also", the predicate) whose
# first claim — the paper's sentence before — the slide does not show.
FIRST = "The Okafor estimator converges in four steps on every trace of the benchmark."
SECOND = "The estimator also gives a tighter bound on the tail of each trace"
SECOND_IS = "The bound is also tight for traces with long gaps between readings"


def _also_paper() -> Paper:
    return Paper(
        title="Smoothing irregular traces",
        pages=1,
        source_name="p.pdf",
        sections=[
            Section(title="Method", paragraphs=[f"{FIRST} {SECOND}. {SECOND_IS}."]),
            Section(title="Data", paragraphs=["Traces were logged by forty field sensors."]),
        ],
    )


def _second_claims(deck, paper, number):
    context = SlideContext(number, deck.slides[number - 1], measure(slide=number), deck, paper)
    return [
        i
        for rule in SLIDE_RULES
        for i in rule(context)
        if i.type == "leaning_reference" and "also" in i.evidence.get("part", "")
    ]


@pytest.mark.parametrize(
    "bullet, rewritten",
    [
        ("The estimator also gives a tighter bound", "The estimator gives a tighter bound"),
        ("Our index has also been ported to ARM", "Our index has been ported to ARM"),
        ("We also obtained a latency of 41 µs", "We obtained a latency of 41 µs"),
        ("The bound is also tight for long gaps", None),  # "is also": its other side is lost
        # after a modal, and after a fronted phrase: the same second claim (round 13)
        ("The tool can also be used to index reports", "The tool can be used to index reports"),
        ("A ledger may also hold the unit prices", "A ledger may hold the unit prices"),
        (
            "For quokkas, the survey has also published nest counts",
            "For quokkas, the survey has published nest counts",
        ),
        ("In 2031, the agency could also recount nests", "In 2031, the agency could recount nests"),
        ("The survey and also the census ran in spring", None),
        ("The method is fast and also robust", None),  # both claims in the sentence
        ("The QZ form, also known as the Schur form, is used", None),
    ],
)
def test_also_after_a_subject_is_read_by_grammar(bullet, rewritten):
    assert carried_text.without_subject_also(bullet) == rewritten


def test_a_second_claim_without_its_first_on_the_slide_is_merged_or_loses_its_also():
    paper = _also_paper()
    other = "Traces were logged by forty field sensors"
    deck = deck_of(
        paper,
        [
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Method", bullets=[other, SECOND]),
            Slide(kind="bullets", title="Convergence", bullets=[FIRST.rstrip("."), SECOND]),
            Slide(kind="bullets", title="Bounds", bullets=[other, SECOND_IS]),
        ],
    )
    found = _second_claims(deck, paper, 2)
    assert [i.evidence["index"] for i in found] == [1]
    assert _second_claims(deck, paper, 3) == []  # the first claim is the bullet before
    assert [i.evidence["index"] for i in _second_claims(deck, paper, 4)] == [1]  # "is also"
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    shown = revised.slides[1].bullets
    merged = (
        f"{FIRST.rstrip('.')}; the estimator also gives a tighter bound on the tail of each trace"
    )
    assert (
        merged in shown or "The estimator gives a tighter bound on the tail of each trace" in shown
    )
    assert _second_claims(revised, paper, 2) == []
