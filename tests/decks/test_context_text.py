"""Bullets that lean on what the slide does not show: a comparison with an earlier sentence, a
figure's labels or a formula the slide lacks, a second half the extraction cut, an author's
note, a reference entry, the same claim on an earlier slide. The reviewer names each (true
positives), leaves the sentences that stand alone (false positives), and the builtin proposer
merges, drops or replaces. Synthetic text only."""

import pytest

from apps.decks.pipeline import context_text, defects, text
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import (
    SENTENCE,
    SENTENCES,
    _paper,
    image_box,
    measure,
    slide_review,
)


def _kinds(bullet: str, **slide) -> set[str]:
    page = Slide(**{"kind": "bullets", "title": "Method", "bullets": [bullet, SENTENCE], **slide})
    return {i.type for i in slide_review(page, measure()) if i.evidence.get("index") == 0}


@pytest.mark.parametrize(
    "bullet, kind",
    [
        # 1. leaning on an earlier sentence
        (
            "Shard totals can be merged in a similar manner by reusing the same hash tables",
            "leaning_reference",
        ),
        (
            "In the batch mode, partial sums are likewise kept per worker thread",
            "leaning_reference",
        ),
        ("The situation can be eased by caching the decoded blocks on disk", "leaning_reference"),
        ("We run for that a single pass over the sorted input records", "leaning_reference"),
        ("The problem can be avoided by sorting the keys before the merge", "leaning_reference"),
        (
            "One can think of this as every worker reading from one shared queue",
            "leaning_reference",
        ),
        # 2. a pointer whose number was lost
        ("The block size is then chosen from the cache size using Eqn", "dangling_pointer"),
        ("The measured latencies of all four queues are listed in Table.", "dangling_pointer"),
        ("The pipeline is illustrated, where the letters mark its four stages", "dangling_pointer"),
        ("The index after formatting with the new style file is shown.d", "dangling_pointer"),
        # 3. a sentence cut before its second half
        ("Every reported failure can be sent to the maintainers through", "broken_sentence"),
        ("We compared the default round-robin scheduler", "broken_sentence"),
        ("A stable schedule of the queues should therefore satisfy", "broken_sentence"),
        ("Depend strongly on the length of the queue and the cache size", "lost_opening"),
        ("The cache saves time not just in the decoding step itself", "broken_sentence"),
        # 4. not content
        ("TO BE WRITTEN ONCE THE BENCHMARKS OF THE NEW DISK ARE DONE", "draft_note"),
        ("TODO: rerun the scaling test with the larger input files", "draft_note"),
        ("Knuth and R. Graham, Concrete mathematics (Addison-Wesley, 1994)", "reference_entry"),
        ("Moreau and P. Vidal, “Fast merging of sorted runs,” J. Algorithms", "reference_entry"),
        ("In Section III we describe the scheduler and its three queues", "meta_text"),
        ("Actually, the first version of the scheduler used a single queue", "dangling_connector"),
    ],
)
def test_each_class_is_named(bullet, kind):
    assert kind in _kinds(bullet), defects.text_defects(bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        # a comparison that names what it compares with, or whose antecedent is in the bullet
        "The merge step works in the same way as the split step of the sort",
        "Partial sums are kept per thread, and similarly for the final totals of every shard",
        "Read requests are handled similarly to write requests by the queue",
        "The reason is that every worker keeps its own copy of the table",
        # pointers with their numbers
        "Eqn. 4 gives the block size as a function of the cache size",
        # second halves present, or a phrase that stands
        "The cache saves time not only in decoding but also in parsing",
        "Speed is not only a matter of bandwidth: the order of requests matters",
        "The rule applies to every node of the tree, and not just to its leaves",
        "We compared three schedulers on sixteen machines",
        "We compared the new scheduler with the default one",
        "The queue lengths depend strongly on the cache size",
        "We think of the cache as a second, faster disk",
        "The L1 and L2 penalties shrink the weights of the rare features",
        # formulas in the bullet, or named by what they do
        "The model takes a formula specifying the response and the grouping factor",
        "With $\\zeta = 0.31$ the formula gives an underdamped system",
        # capitals that are acronyms, a sentence citing a name
        "The GPU and CPU versions of the FFT kernel agree to machine precision",
        "Knuth showed in 1973 that the merge needs at most n log n comparisons",
    ],
)
def test_sentences_that_stand_are_not_flagged(bullet):
    assert _kinds(bullet) == set(), defects.text_defects(bullet)


def test_a_formula_or_a_figure_label_needs_its_display_on_the_slide():
    formula = "One may note that the formula is satisfiable for every choice of weights"
    labels = "The two hidden edges change the positions of B1, B2, and B3"
    timings = "The timings refer to wall-clock time on a four-core laptop"
    example = "In the example, the hash sign separates the sort key from the printed entry"
    for bullet in (formula, labels, timings, example):
        assert "dangling_pointer" in _kinds(bullet), bullet
    # shown: the display equation on the slide, the figure beside the bullets
    assert "dangling_pointer" not in _kinds(formula, equation="x_1 \\lor x_2")
    figure_slide = Slide(kind="figure", title="Layout", figure="fig-1", bullets=[labels, SENTENCE])
    found = slide_review(figure_slide, measure(images=[image_box()]), _paper(1))
    assert "dangling_pointer" not in {i.type for i in found if i.evidence.get("index") == 0}


def test_the_same_claim_on_an_earlier_slide_is_a_repeated_bullet():
    first = "The resulting tool has been used to index several books and many technical reports"
    again = (
        "The resulting tool has proved very useful to index books, technical reports and manuals"
    )
    paper = _paper(1)
    deck = deck_of(
        paper,
        [
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Method", bullets=[first, *SENTENCES[1:3]]),
            Slide(kind="bullets", title="Results", bullets=[again, SENTENCES[3]]),
        ],
    )
    from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext

    def issues(deck, number):
        context = SlideContext(number, deck.slides[number - 1], measure(slide=number), deck, paper)
        return [i for rule in SLIDE_RULES for i in rule(context) if i.type == "repeated_bullet"]

    found = issues(deck, 3)
    assert [(i.evidence["index"], i.evidence["part"]) for i in found] == [(0, first[:80])]
    assert issues(deck, 2) == []  # the first saying of it is no repetition
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert again not in revised.slides[2].bullets
    assert issues(revised, 3) == []


def test_a_comparison_is_merged_with_its_antecedent():
    previous = "Group forces are computed from the group structure factors"
    bullet = "Group energies can be obtained in a similar manner"
    merged = bullets.rewrite(bullet, bullets.Source(previous=previous))
    assert merged == f"{previous}; group energies can be obtained in a similar manner"
    assert defects.text_defects(merged) == []
    # without the sentence before it, the bullet cannot stand: another sentence takes its place
    assert bullets.rewrite(bullet) is None


def test_a_draft_note_and_an_open_pair_never_become_bullets():
    assert bullets.rewrite("TO BE COMPLETED FOR THE CASE WHERE THE DISK IS FULL") is None
    assert bullets.rewrite("Actually, the first version used a single queue for all requests") == (
        "The first version used a single queue for all requests"
    )


def test_condensing_never_cuts_the_second_half_a_sentence_needs():
    pair = (
        "In our system, a great deal of time is saved not just in typing the entries, but also "
        "in the many small decisions that indexing an entire book requires of its author"
    )
    restricted = (
        "Though the constraints have no special form, the routine is currently efficient mainly "
        "for problems, where most rows of the matrix fall into one of three simple classes"
    )
    for sentence in (pair, restricted):
        shortened = text.condense(sentence, 22)
        assert shortened is None or shortened.rstrip(".").endswith("classes"), shortened
    assert context_text.cut_second_half("The time is saved not just in typing the entries")


def test_a_pointer_keeps_its_number_through_its_abbreviation():
    assert context_text.lost_pointer_number("The latency grows with the queue (Fig. 3)") is None
    assert context_text.lost_pointer_number("The latency grows with the queue, Fig") == "Fig"


def test_a_slide_never_drafts_a_claim_an_earlier_slide_makes_in_other_words():
    said = "the resulting tool has been used to index several books and many technical reports"
    paragraph = (
        "The resulting tool has proved very useful to index books, technical reports and manuals. "
        "Each index entry is written once and sorted by the processor in a single pass."
    )
    scorer = text.Scorer([paragraph])
    chosen = text.key_sentences([paragraph], scorer, 2, exclude={said})
    assert chosen == [
        "Each index entry is written once and sorted by the processor in a single pass"
    ]
    assert len(text.key_sentences([paragraph], scorer, 2, exclude=set())) == 2


def test_parallel_findings_with_other_numbers_are_two_claims():
    assert text.same_claim(
        "The tool has been used to index several books and many technical reports",
        "The tool has proved useful to index books, technical reports and manuals",
    )
    assert not text.same_claim(
        "The example 3 estimator reaches a variance 20% lower than the bootstrap",
        "The example 5 estimator reaches a variance 20% lower than the bootstrap",
    )


def test_a_chapter_numbered_equation_number_read_as_a_formula_is_removed():
    bullet = "$(1.2)$ Here $x_{1}, x_{2}$ are Boolean variables, and $\\neg$ means negation"
    assert ("equation_number", "$(1.2)$") in defects.text_defects(bullet)
    assert (
        bullets.rewrite(bullet)
        == "$x_{1}, x_{2}$ are Boolean variables, and $\\neg$ means negation"
    )
