"""What a software paper's subject is, found where the paper says it, and what is no result
(round 13, second wave): the name of the sentence "NAME is a/an …" when the title does not name
the subject ("A tool for …"); that sentence in an "About X" or first
body section; a what-it-is sentence that announces a display ("…, given by:") stated without
its announcing clause; a remark about the effort of use never a result; a finding of the body
placed on its own section's slide. Every sentence and paper here is made up for the test."""

from __future__ import annotations

from apps.decks.pipeline import main_points, software_points
from apps.decks.pipeline.paper import Section
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_software_points import _methods, _paper, _results

# ------------------------------------------------------------------ the subject's name


def test_the_subject_named_by_a_sentence_saying_what_it_is_when_the_title_does_not():
    paper = _paper(
        "A tool for aligning mass spectra",
        "specalign is a command-line tool for aligning mass spectra of peptide mixtures. "
        "Spectra drift over a run of the instrument.",
    )
    assert "specalign" in software_points.names(paper)
    assert _methods(paper)[0] == (
        "Specalign is a command-line tool for aligning mass spectra of peptide mixtures"
    )
    code_font = _paper(
        "Notes on tidy quantiles",
        "`tidyq` is an R package for computing quantiles of grouped data frames in one call.",
    )
    assert "tidyq" in software_points.names(code_font)
    # a generic word the paper writes in lower case elsewhere names nothing
    generic = _paper(
        "Notes on smoothing",
        "Smoothing is a tool for removing noise from series. Kernel smoothing of a series "
        "replaces each value by a weighted mean of its neighbours.",
    )
    assert software_points.defined_names(generic) == set()


def test_what_the_subject_is_is_found_in_an_about_section_or_the_first_body_section():
    sections = [
        Section(
            title="Introduction", paragraphs=["Bird songs are recorded at dawn by volunteers."]
        ),
        Section(title="Recording sites", paragraphs=["Forty sites were chosen along two rivers."]),
        Section(
            title="Data sets",
            paragraphs=["Each site gave about nine hours of songs, labelled with Warbler."],
        ),
        Section(
            title="About Warbler",
            paragraphs=[
                "Warbler is a collection of programs for labelling bird songs in long field "
                "recordings. Its programs read WAV files."
            ],
        ),
    ]
    paper = _paper(
        "Labelling bird songs",
        "We describe the programs we wrote to label bird songs in long recordings.",
        sections,
    )
    methods = main_points.method_statements(paper)
    assert methods[0].bullet == (
        "Warbler is a collection of programs for labelling bird songs in long field recordings"
    )
    assert methods[0].origin == "About Warbler"
    assert main_points.missing([], paper)[0].bullet == methods[0].bullet
    # the first body section, under no telling heading
    first = _paper(
        "Labelling bird songs",
        "We describe the programs we wrote to label bird songs in long recordings.",
        [
            Section(
                title="Labelling songs",
                paragraphs=["Warbler is a toolkit for labelling bird songs in field recordings."],
            ),
            *sections[:3],
        ],
    )
    assert _methods(first)[0] == (
        "Warbler is a toolkit for labelling bird songs in field recordings"
    )


def test_a_what_it_is_sentence_announcing_a_display_is_stated_without_its_announcing_clause():
    paper = _paper(
        "Kestrel: smoothing irregular series",
        "Kestrel is an implementation of the penalised smoothing of Whittaker for irregularly "
        "spaced series, given by:",
    )
    assert _methods(paper) == [
        "Kestrel is an implementation of the penalised smoothing of Whittaker for irregularly "
        "spaced series"
    ]
    follows = _paper(
        "Kestrel: smoothing irregular series",
        "Kestrel is a library of penalised smoothers for irregularly spaced ecological series "
        "as follows:",
    )
    assert _methods(follows) == [
        "Kestrel is a library of penalised smoothers for irregularly spaced ecological series"
    ]
    # a participle left at the end: its clause was cut, the sentence stays refused
    participle = _paper(
        "Kestrel: smoothing irregular series",
        "Kestrel is a library whose smoother for irregularly spaced series is defined as follows:",
    )
    assert _methods(participle) == []
    # what is left would not stand alone: the sentence stays refused
    short = _paper("Kestrel: smoothing irregular series", "The Kestrel weights are given by:")
    assert _methods(short) == []


# ------------------------------------------------------------------ what is not a result


def test_a_remark_on_the_effort_of_use_is_never_a_result():
    usage = Section(
        title="Fitting a smoother",
        paragraphs=[
            "Smoothers are fitted to each series. Using the Kestrel smoothers is not much more "
            "involved than using the basic smoothing functions of base R."
        ],
    )
    paper = _paper(
        "Kestrel: smoothing irregular series",
        "Irregular series are common in ecology.",
        [Section(title="Introduction", paragraphs=["Series are irregular."]), usage],
    )
    assert _results(paper) == []
    for remark in (
        "Kestrel is easy to use and is much faster than the base smoothers at fitting series.",
        "With Kestrel a smoother is fitted in only a few lines, far fewer than with base R.",
    ):
        assert main_points._not_a_finding(remark)
    # what the package makes easy is still its main point
    easy = _paper(
        "Kestrel: smoothing irregular series",
        "Kestrel makes it easy to use irregular series in penalised smoothing models.",
    )
    assert _results(easy) == [
        "Kestrel makes it easy to use irregular series in penalised smoothing models"
    ]


def test_a_finding_of_the_body_goes_on_its_own_sections_slide():
    timings = Section(
        title="Timing comparison",
        paragraphs=[
            "Table 2 lists the timings of five variants. The compiled filter in Quill is about "
            "40 times faster than the fastest interpreted variant on every spectrum."
        ],
    )
    paper = _paper(
        "Quill: Fast Spectral Filters",
        "Spectral filters are slow in interpreted languages.",
        [
            Section(title="Introduction", paragraphs=["Spectra are recorded by the hour."]),
            Section(title="Filters", paragraphs=["A filter removes the baseline of a spectrum."]),
            timings,
        ],
    )
    slides = [
        Slide(kind="title", title="Quill", role="title"),
        Slide(
            kind="bullets",
            title="Motivation",
            role="motivation",
            bullets=[
                "Spectral filters are slow in interpreted languages",
                "Spectra are recorded by the hour at every station",
            ],
        ),
        Slide(
            kind="bullets",
            title="Filters",
            role="method",
            bullets=["A filter removes the baseline of a spectrum before it is stored"],
        ),
        Slide(
            kind="bullets",
            title="Five filter variants timed",
            role="result",
            bullets=["Table 2 lists the timings of five variants of the filter"],
            notes=" ".join(timings.paragraphs),
        ),
        Slide(
            kind="bullets",
            title="Installing Quill",
            role="method",
            bullets=["Quill is installed from the package index with its compiler"],
        ),
    ]
    original = [s.model_copy() for s in slides]
    assert "result" in main_points.ensure(slides, paper, set())
    assert len(slides) == 5
    assert slides[3].bullets[-1].startswith("The compiled filter in Quill is about 40 times")
    assert not any("40 times" in b for i, s in enumerate(slides) if i != 3 for b in s.bullets)
    # no slide of its section: never the opening "Motivation" slide, two sections away
    without = [s for s in original if s.title != "Five filter variants timed"]
    assert "result" in main_points.ensure(without, paper, set())
    assert not any("40 times" in b for b in without[1].bullets)
