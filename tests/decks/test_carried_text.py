"""Bullets that carry something on from the paper's sentence before them: another study ("In
another study, …", "Smith et al. also report …"), a second claim ("There are also …"), a set the
slide never names ("compare the two models", "Either may fail"), a numbered place in a listing
or a lettered instance of an example ("the loop at line 4", "for article B"). The reviewer names
each (true positives), leaves the sentences that name what they need (false positives), and the
builtin proposer merges the short sentence before, drops the named study's "also", or drops the
bullet. Synthetic text only."""

import pytest

from apps.decks.pipeline import carried_text, defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import SENTENCE, measure, slide_review


def _kinds(bullet: str, before: str = SENTENCE, title: str = "Method") -> set[str]:
    """The issue types of `bullet`, the second bullet of a slide under `before`."""
    page = Slide(kind="bullets", title=title, bullets=[before, bullet])
    return {i.type for i in slide_review(page, measure()) if i.evidence.get("index") == 1}


@pytest.mark.parametrize(
    "bullet, kind",
    [
        # another study carried on from the sentence before
        ("Moreau et al. also report a rise in cache misses on larger inputs", "leaning_reference"),
        ("In another study, a rise in latency was seen under heavy load", "leaning_reference"),
        ("A further trial found no effect of the prefetch depth", "leaning_reference"),
        ("Using a larger cache, they achieve a 12% lower median latency", "leaning_reference"),
        ("The authors also showed that the bound is tight for small queues", "leaning_reference"),
        # a second claim whose first is not on the slide
        ("There are also some new options that control the flush interval", "leaning_reference"),
        ("The remark also applies to the reader threads and their buffers", "leaning_reference"),
        (
            "The median wait is also slightly higher for requests from remote disks",
            "leaning_reference",
        ),
        ("The greedy schedule is again not optimal for long queues", "leaning_reference"),
        ("The bound holds for the second workload as well", "leaning_reference"),
        # a set the slide never names
        ("We could not formally compare the two allocators on real traffic", "leaning_reference"),
        (
            "Good throughput under all three access patterns is of special interest",
            "leaning_reference",
        ),
        ("The speed of both versions of the merge is the same", "leaning_reference"),
        ("Either may fail when the disk is nearly full", "leaning_reference"),
        ("If either has a stalled writer, the flush waits for it", "leaning_reference"),
        ("Neither converges in fewer than ten iterations on the large input", "leaning_reference"),
        # a place in a program, a list of rules or an example the slide does not show
        ("The loop at line 4 becomes hot under the profiler", "dangling_pointer"),
        ("The call in step 2 allocates a new buffer for every request", "dangling_pointer"),
        ("Perform the scan of the queue and apply Rule 1", "dangling_pointer"),
        ("For article B we obtain a score of 0.4 on the full index", "dangling_pointer"),
    ],
)
def test_each_kind_is_named(bullet, kind):
    assert kind in _kinds(bullet), (defects.text_defects(bullet), carried_text.counted_set(bullet))


@pytest.mark.parametrize(
    "bullet, before",
    [
        # the sentence, or the slide before it, names what it counts, pairs or points at
        ("The two schedulers differ only in how they order writes", SENTENCE),
        ("We compare both estimators on simulated queues", "Two estimators of the wait are used"),
        ("Both queues drain in order", "The read queue is short and the write queue is long"),
        ("Mixed requests appear in both the read and the write queue", SENTENCE),
        ("The compiler has two new schemes: the vector and the parallel schemes", SENTENCE),
        ("Either may fail when the disk is nearly full", "We use a lock or a lock-free queue"),
        ("The ten most important parameters are listed by the tool", SENTENCE),
        ("The cache helps sparse and dense inputs as well", SENTENCE),
        ("Rule 1 then removes every idle worker", "Rule 1: a worker idle for a second is stopped"),
        # an "also" that states its own further use or aside, not a second claim
        ("The tool can also be used to index technical reports", SENTENCE),
        ("The core is a QZ decomposition (also known as a generalized Schur form)", SENTENCE),
        ("We can also set the flush interval to change the latency", SENTENCE),
        ("The measured latency is also higher than the bound predicts", SENTENCE),
        ("A sample of item $i$ is drawn from the queue", SENTENCE),
    ],
)
def test_sentences_that_name_what_they_need_stand(bullet, before):
    assert not _kinds(bullet, before) & {"leaning_reference", "dangling_pointer"}, (
        defects.text_defects(bullet),
        carried_text.counted_set(bullet),
        carried_text.program_place(bullet),
    )


def test_one_of_a_kind_on_the_slide_names_no_set_of_two():
    kinds = _kinds("We could not compare the two models on real traffic", "The trained model works")
    assert "leaning_reference" in kinds


def test_a_named_study_keeps_its_finding_without_its_also():
    bullet = "Moreau et al. also report a rise in cache misses on larger inputs"
    assert bullets.fix("leaning_reference", bullet) == (
        "Moreau et al. report a rise in cache misses on larger inputs"
    )
    # a pronoun or a second claim has no such certain rewrite: without its antecedent it goes
    assert bullets.rewrite("There are also some new options that control the flush") is None


def test_a_claim_is_merged_with_the_short_sentence_before_it():
    previous = "Local requests wait less than a millisecond"
    bullet = "The median wait is also slightly higher for remote requests"
    merged = bullets.rewrite(bullet, bullets.Source(previous=previous))
    assert merged == f"{previous}; the median wait is also slightly higher for remote requests"
    assert defects.text_defects(merged) == []


def _paper(paragraph: list[str]) -> Paper:
    filler = [f"{s} in part {n}." for n in range(4) for s in (SENTENCE,)]
    return Paper(
        title="P",
        pages=1,
        source_name="p.pdf",
        sections=[
            Section(title="Method", paragraphs=[" ".join(paragraph)]),
            Section(title="Other", paragraphs=[" ".join(filler)]),
        ],
    )


def _leaning(deck, paper, number):
    context = SlideContext(number, deck.slides[number - 1], measure(slide=number), deck, paper)
    return [
        i
        for rule in SLIDE_RULES
        for i in rule(context)
        if i.type in ("leaning_reference", "dangling_pointer")
    ]


def test_a_counted_set_is_merged_with_the_sentence_that_names_it_or_dropped():
    names = "We ran a lock-based and a lock-free queue"
    counted = "We compared the two queues on real traffic"
    unnamed = "Good throughput under all three access patterns matters most"
    paper = _paper([f"{names}.", f"{counted}.", "The disks were new.", f"{unnamed}."])
    deck = deck_of(
        paper,
        [
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Method", bullets=[SENTENCE, counted, unnamed]),
        ],
    )
    found = _leaning(deck, paper, 2)
    assert sorted(i.evidence["index"] for i in found) == [1, 2]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    shown = revised.slides[1].bullets
    assert f"{names}; we compared the two queues on real traffic" in shown
    # "The disks were new" names no pattern: the bullet goes, never merged with it
    assert not any("access patterns" in b for b in shown)
    assert _leaning(revised, paper, 2) == []
