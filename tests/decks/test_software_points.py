"""Software papers' method and main result in words (round 13): a finding named by its change
rather than a clause ("timings indicate a speedup of …"), a size said in words ("orders of
magnitude", "several-fold"), what the package is and what it makes possible, a finding stated
in the body where its timings are; and never a plan, a hypothetical or another study's finding.
Every sentence and paper here is made up for the test."""

from __future__ import annotations

from apps.decks.pipeline import main_points, software_points
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide


def _paper(title: str, abstract: str, sections: list[Section] | None = None) -> Paper:
    return Paper(
        title=title,
        pages=8,
        source_name="tool.pdf",
        abstract=abstract,
        sections=sections
        or [Section(title="Introduction", paragraphs=["Spectra are recorded by the hour."])],
    )


def _results(paper: Paper) -> list[str]:
    return [s.bullet for s in main_points.result_statements(paper)]


def _methods(paper: Paper) -> list[str]:
    return [s.bullet for s in main_points.method_statements(paper)]


# ------------------------------------------------------------------ findings without "that"


def test_a_finding_named_by_its_change_is_a_result_statement():
    paper = _paper(
        "Quill: Fast Spectral Filters",
        "Spectral filters are slow in interpreted languages. Quill compiles the filters to "
        "native code. Benchmarks of interpreted and compiled versions of a spectral filter "
        "indicate a speedup of several orders of magnitude.",
    )
    assert _results(paper) == [
        "Benchmarks of interpreted and compiled versions of a spectral filter indicate a "
        "speedup of several orders of magnitude"
    ]
    reduction = _paper(
        "Quill: Fast Spectral Filters",
        "Spectral filters need much memory. The measurements show a twofold reduction in the "
        "memory of each filter.",
    )
    assert _results(reduction) == [
        "The measurements show a twofold reduction in the memory of each filter"
    ]
    # the article "a" and a language's name ("C++") are words, not loose symbols of a formula
    languages = _paper(
        "Quill: Fast Spectral Filters",
        "Spectral filters are slow. Timings of the R and C++ versions of a filter on a laptop "
        "indicate a speedup of several orders of magnitude.",
    )
    assert _results(languages) == [
        "Timings of the R and C++ versions of a filter on a laptop indicate a speedup of "
        "several orders of magnitude"
    ]


def test_a_size_said_in_words_is_a_finding_and_a_plan_or_hypothetical_is_none():
    conclusion = Section(
        title="Conclusion",
        paragraphs=[
            "Orders of magnitude of gains in speed are obtained by compiling the spectral "
            "filters to native code."
        ],
    )
    paper = _paper("Quill: Fast Spectral Filters", "Spectral filters are slow.", [conclusion])
    assert _results(paper) == [
        "Orders of magnitude of gains in speed are obtained by compiling the spectral filters "
        "to native code"
    ]
    # "several-fold" as a predicate counts parts, it measures nothing
    assert not main_points.MEASURE.search("The reasons for the new compiler are several-fold")
    for sentence in (
        # a plan, a hypothetical, another study's finding: never the paper's result
        "In a later release we will obtain a speedup of several orders of magnitude.",
        "A compiled filter would run an order of magnitude faster than the interpreted one.",
        "Smith et al. (2019) report a tenfold speedup of compiled spectral filters.",
    ):
        assert _results(_paper("Quill: Fast Spectral Filters", sentence)) == [], sentence


def test_a_comparison_stated_where_the_timings_are_is_the_result_when_the_abstract_has_none():
    timings = Section(
        title="Timing comparison",
        paragraphs=[
            "Table 2 lists the timings of five variants. The compiled filter in Quill is about "
            "40 times faster than the fastest interpreted variant on every spectrum."
        ],
    )
    paper = _paper(
        "Quill: Fast Spectral Filters",
        "Spectral filters are slow in interpreted languages. Quill compiles them to native code.",
        [Section(title="Introduction", paragraphs=["Spectra are recorded."]), timings],
    )
    assert _results(paper) == [
        "The compiled filter in Quill is about 40 times faster than the fastest interpreted "
        "variant on every spectrum"
    ]


# ------------------------------------------------------------------ what the package is and does


def test_the_title_names_the_papers_subject_never_its_generic_words():
    paper = _paper(
        "Writing concurrent programs with driftwood",
        "driftwood is a Python library for concurrent programs. driftwood runs tasks on threads.",
    )
    assert software_points.names(paper) == {"driftwood"}
    assert software_points.names(_paper("Introduction to the qsar Package", "")) == {"qsar"}
    assert "quill" in software_points.names(_paper("Quill: Fast Spectral Filters", ""))


def test_what_the_package_is_is_its_first_method_statement():
    paper = _paper(
        "Writing concurrent programs with driftwood",
        "driftwood is a Python library for writing concurrent programs with message queues. "
        "Concurrent programs are hard to write. We present the library and its scheduler.",
    )
    assert _methods(paper)[0] == (
        "Driftwood is a Python library for writing concurrent programs with message queues"
    )
    # a generic word of the title as the subject is background, not the paper's method
    background = _paper(
        "Writing concurrent programs with driftwood",
        "Concurrent programs are a collection of tasks that share memory and run on threads.",
    )
    assert _methods(background) == []


def test_what_the_software_makes_possible_is_its_main_point_when_it_states_no_finding():
    paper = _paper(
        "Using the Lantern module of Harbor",
        "Since its 2.0 release, the Harbor map server contains a module called Lantern which "
        "allows the user to draw tiles from vector data without a database.",
    )
    statement = "The Harbor map server contains a module called Lantern which allows the user "
    assert _methods(paper)[0].startswith(statement)
    assert _results(paper)[0].startswith(statement)
    # the history of the field is no contribution of the paper
    history = _paper(
        "Using the Lantern module of Harbor",
        "Tile servers have been subsequently introduced in other packages to draw vector maps.",
    )
    assert _methods(history) == []


def test_a_self_subject_with_a_second_verb_agrees_with_we():
    paper = _paper(
        "Quill: Fast Spectral Filters",
        "This article introduces Quill, and illustrates with several examples how its "
        "compiler turns spectral filters into native code.",
    )
    assert _methods(paper) == [
        "We introduce Quill, and illustrate with several examples how its compiler turns "
        "spectral filters into native code"
    ]


def test_the_deck_of_a_software_paper_states_what_it_is_and_its_result_once():
    body = [
        Section(
            title="Introduction",
            paragraphs=[
                "Spectra of the river stations are recorded every hour and filtered before "
                "they are stored. The filters were written in an interpreted language."
            ],
        ),
        Section(
            title="Usage",
            paragraphs=[
                "A filter is declared with a decorator on a plain function. The function is "
                "compiled when it is first called, and its result is cached on disk."
            ],
        ),
    ]
    paper = _paper(
        "Quill: Fast Spectral Filters",
        "Spectral filters of long records are slow in interpreted languages. Quill is a "
        "compiler package that turns spectral filters into native code. Timing comparisons "
        "of interpreted and compiled filters indicate a speedup of several orders of "
        "magnitude.",
        body,
    )
    deck = BuiltinProposer().propose(paper)
    shown = [b for s in deck.slides for b in s.bullets]
    assert any(b.startswith("Quill is a compiler package") for b in shown), shown
    assert len([b for b in shown if "several orders of magnitude" in b]) == 1, shown
    # a deck that lost both is thin, and one repair states both, once
    bare = deck.model_copy(
        update={
            "slides": [
                s.model_copy(
                    update={
                        "bullets": [
                            b
                            for b in s.bullets
                            if "Quill is" not in b and "orders of magnitude" not in b
                        ]
                    }
                )
                for s in deck.slides
            ]
        }
    )
    found = list(deck_rules.thin_deck(DeckContext(bare, paper, [])))
    assert [i.type for i in found] == ["thin_deck"]
    assert found[0].evidence["missing"] == ["method", "result"]
    repaired = BuiltinProposer().revise(paper, bare, found).deck
    shown = [b for s in repaired.slides for b in s.bullets]
    assert len([b for b in shown if b.startswith("Quill is a compiler package")]) == 1, shown
    assert len([b for b in shown if "several orders of magnitude" in b]) == 1, shown
    assert not list(deck_rules.thin_deck(DeckContext(repaired, paper, [])))


def test_what_the_package_is_is_wanted_even_when_the_deck_states_what_it_does():
    paper = _paper(
        "Writing concurrent programs with driftwood",
        "driftwood is a Python library for writing concurrent programs with message queues. "
        "Concurrent programs are hard to write. We present the scheduler of the library and "
        "its message queues.",
    )
    does = "We present the scheduler of the library and its message queues"
    assert does in _methods(paper)
    slides = [
        Slide(kind="title", title="Writing concurrent programs with driftwood", role="title"),
        Slide(
            kind="bullets",
            title="What this paper does",
            role="contributions",
            bullets=[does, "Concurrent programs are hard to write without message queues"],
        ),
    ]
    wanted = main_points.missing(slides, paper)
    assert [s.bullet for s in wanted] == [
        "Driftwood is a Python library for writing concurrent programs with message queues"
    ]
    main_points.ensure(slides, paper, set())
    assert slides[1].bullets[0].startswith("Driftwood is a Python library")
    assert not main_points.missing(slides, paper)


def test_what_the_package_is_opens_the_first_slide_of_a_deck_without_an_opening():
    paper = _paper(
        "kestrel - A Package for Ring Buffers",
        "kestrel is an extensible package for ring buffers in shared memory.",
    )
    slides = [
        Slide(kind="title", title="kestrel - A Package for Ring Buffers", role="title"),
        Slide(
            kind="bullets",
            title="Buffers",
            bullets=[
                "A buffer holds a fixed number of records written by one process",
                "Readers of a buffer never block the process that writes to it",
            ],
        ),
    ]
    assert main_points.ensure(slides, paper, set()) == ["method"]
    assert len(slides) == 2  # no slide of one bullet
    assert slides[1].bullets[0] == (
        "Kestrel is an extensible package for ring buffers in shared memory"
    )
