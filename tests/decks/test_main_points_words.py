"""The method and the main result in words (round 15): the abstract's measured claim with its unit
("… in 40 frames per second, improving on the state of the art …") is the main result, never a
side result of the body; the contribution said by a guide or coordinated after a first verb, and
what a package does in its own verb, are method statements; a mechanism's passive ("each gauge
is introduced by a command") and the effort of coding are neither. Every sentence and paper here
is made up for the test."""

from __future__ import annotations

from apps.decks.pipeline import main_points
from apps.decks.pipeline.paper import Paper, Section


def _paper(abstract: str, sections: list[Section] | None = None, title: str = "Gauges") -> Paper:
    return Paper(
        title=title,
        pages=8,
        source_name="gauges.pdf",
        abstract=abstract,
        sections=sections
        or [Section(title="Introduction", paragraphs=["Reservoirs store water."])],
    )


def _results(paper: Paper) -> list[str]:
    return [s.bullet for s in main_points.result_statements(paper)]


def _methods(paper: Paper) -> list[str]:
    return [s.bullet for s in main_points.method_statements(paper)]


# a side result of the body, with a comparison and a measure: the headline when the abstract
# states none in so many words
SIDE_RESULT = Section(
    title="Buffering",
    paragraphs=[
        "Our first buffered reader was faster than the plain reader, but the improvement was "
        "in the 10-15% range."
    ],
)


def test_the_abstracts_measured_rate_is_the_main_result_never_a_side_result_of_the_body():
    paper = _paper(
        "This paper describes a new streaming decoder for run-length images which decodes "
        "scanned pages on common laptops in 40 frames per second, improving on the state of "
        "the art (25 frames per second) and on plain decoders (9 frames per second). Scanned "
        "archives are large.",
        [Section(title="Introduction", paragraphs=["Archives scan pages."]), SIDE_RESULT],
    )
    results = _results(paper)
    assert results[0] == (
        "We describe a new streaming decoder for run-length images which decodes scanned pages "
        "on common laptops in 40 frames per second, improving on the state of the art and on "
        "plain decoders"
    )
    assert not any("10-15%" in r for r in results)


def test_a_rate_alone_is_no_finding():
    # background with a unit, said of no contribution of the paper: no main result
    paper = _paper("Scanners deliver pages at 30 frames per second. Archives are large.")
    assert _results(paper) == []


def test_a_contribution_coordinated_after_a_first_verb_is_stated_alone():
    paper = _paper(
        "Operators read gauges by the hour or by the day. We question this usual split, and "
        "describe a tide table, comprising hourly, daily, and also monthly readings of the "
        "gauges."
    )
    assert _methods(paper) == [
        "We describe a tide table, comprising hourly, daily, and also monthly readings of the "
        "gauges"
    ]


def test_a_guide_saying_what_it_explains_is_a_method_statement():
    paper = _paper(
        "Reservoir operators read many gauges. This guide explains how reservoir operators "
        "read the upstream gauges during a flood."
    )
    assert _methods(paper) == [
        "We explain how reservoir operators read the upstream gauges during a flood"
    ]


def test_what_the_package_does_in_its_own_verb_is_a_method_statement():
    paper = _paper(
        "Gauge records have spikes. The floodgate package, for R and Python, removes spikes "
        "from gauge records without any user intervention.",
        title="floodgate: spike removal for gauge records",
    )
    assert _methods(paper) == [
        "The floodgate package, for R and Python, removes spikes from gauge records without "
        "any user intervention"
    ]


def test_a_mechanisms_passive_and_the_effort_of_coding_are_no_main_points():
    paper = _paper(
        "",
        [
            Section(
                title="Introduction",
                paragraphs=["Each gauge is introduced by a named command in the record file."],
            ),
            Section(
                title="Hourly readings",
                paragraphs=[
                    "Compared to the other parts of the reader, the hourly part was very easy "
                    "to code."
                ],
            ),
        ],
    )
    assert _methods(paper) == []
    assert _results(paper) == []


def test_a_size_of_change_without_than_and_a_count_of_a_whole_state_a_finding():
    # "N times faster" with no "than" after it compares; "N of M" is a measure
    faster = _paper(
        "Gauge records are long. The buffered reader is 1.5-2.0 times faster on the hourly "
        "records of the eastern gauges."
    )
    assert _results(faster) == [
        "The buffered reader is 1.5-2.0 times faster on the hourly records of the eastern gauges"
    ]
    counted = _paper(
        "Gauge records are long. The despiker achieves a clean record on 29 of the 30 eastern "
        "gauges."
    )
    assert _results(counted) == [
        "The despiker achieves a clean record on 29 of the 30 eastern gauges"
    ]


def test_of_equal_body_findings_the_results_sections_comes_first():
    # no finding in the abstract: the body's, and a side result met on the way gives way to
    # the one its results section reports
    paper = _paper(
        "Gauge records are long.",
        [
            Section(title="Introduction", paragraphs=["Reservoirs store water."]),
            Section(
                title="Reading records in pairs",
                paragraphs=[
                    "The paired reader was faster than the plain reader by 10% on short records."
                ],
            ),
            Section(
                title="Performance",
                paragraphs=[
                    "The streaming reader was faster than the plain reader by 60% on all records."
                ],
            ),
        ],
    )
    assert _results(paper)[0] == (
        "The streaming reader was faster than the plain reader by 60% on all records"
    )
