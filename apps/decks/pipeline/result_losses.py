"""What of the paper's results a deck carries, and what a later round lost of round 1's.

The loop answers findings by revising slides; a revision that answers a finding by deleting
(a results table whose crop was flagged, a bullet with the abstract's number) makes the deck
score better and read worse: the result is gone. This module names the deck's carriers of a
result so that the loop can tell, round by round, what round 1 carried and a later round no
longer does (`lost_results`), and choose its final round among those that lost nothing.

A carrier is:
- a figure or table that shows the paper's result (`carries_result`): one the abstract or
  conclusions name, a table of numbers or results, or one whose caption or a sentence citing
  it states a finding;
- a number the abstract states (a decimal or a percentage, "93.2 %", "0.87"), shown in a
  slide's text: counts and years are left out, they are rarely the result;
- a figure or table set in the paper's evaluation (`in_results_part`);
- the paper's headline (headline.py), stated by a bullet.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import headline, main_points
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import SlideDeck

# a decimal ("0.87", "12.5") or a percentage ("45%", "45 %", "3.5 percent")
_RESULT_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?\s?(?:%|percent\b)|\d+\.\d+(?!\d|\.\d))")


def carries_result(figure, paper: Paper, results: set[tuple[str, int]] | None = None) -> bool:
    """Does the figure or table show the paper's result: one its abstract or conclusions name
    (main_points.result_figures), or one a sentence citing it, or its caption, states a
    finding of? `results` is result_figures(paper), passed when already known."""
    if results is None:
        results = set(main_points.result_figures(paper))
    if (figure.kind, figure.number) in results:
        return True
    if figure.kind == "table" and figure.carries_results:
        return True  # numbers or results vocabulary: a results table
    return any(
        main_points.states_finding(s) for s in [figure.caption, *(m.text for m in figure.mentions)]
    )


def in_results_part(figure, paper: Paper) -> bool:
    """Is the figure or table set in the paper's evaluation (its section, or the top-level
    section that section belongs to, is titled as results: "Evaluation", "Experiments")? A
    measurement there ("GCS fault tolerance", a plot of recovery over time) is a result even
    when its caption names only what it measures: a later round that dropped it for a second
    method slide lost the result (loop-made, round 18)."""
    from apps.decks.pipeline.propose.builtin import RESULTS

    at = next((i for i, s in enumerate(paper.sections) if s.title == figure.section), None)
    if at is None:
        return False
    top = next((i for i in range(at, -1, -1) if paper.sections[i].level <= 1), at)
    return any(RESULTS.search(paper.sections[i].title) for i in {at, top})


def _number_key(number: str) -> str:
    return re.sub(r"\s+", "", number.lower()).replace("percent", "%")


def abstract_numbers(paper: Paper) -> set[str]:
    """The result-like numbers the abstract states, normalised ("45 %" → "45%")."""
    return {_number_key(n) for n in _RESULT_NUMBER.findall(paper.abstract or "")}


def _deck_numbers(deck: SlideDeck) -> set[str]:
    found = set()
    for slide in deck.slides:
        for part in (slide.title, slide.caption, *slide.bullets):
            found.update(_number_key(n) for n in _RESULT_NUMBER.findall(part))
    return found


def result_carriers(paper: Paper, deck: SlideDeck) -> dict[str, str]:
    """The deck's carriers of a result, each by a key ("figure:tab-1", "number:93.2%") with
    what it is in words ("Table 1", "the abstract's 93.2%")."""
    results = set(main_points.result_figures(paper))
    carriers: dict[str, str] = {}
    for figure_id in deck.figures_used():
        figure = paper.figure(figure_id)
        if figure is not None and (
            carries_result(figure, paper, results) or in_results_part(figure, paper)
        ):
            carriers[f"figure:{figure_id}"] = figure.label
    for number in abstract_numbers(paper) & _deck_numbers(deck):
        carriers[f"number:{number}"] = f"the abstract's {number}"
    found = headline.headline(paper)
    if found is not None and any(
        main_points.makes(b, found) for slide in deck.slides for b in slide.bullets
    ):
        # a headline of counts and times ("sorted 1 TB in 9 minutes, 2.5 times faster") has
        # no decimal or percentage to carry it: its statement is the carrier
        carriers["headline"] = "the paper's main result"
    return carriers


def lost_results(paper: Paper, first: SlideDeck, deck: SlideDeck) -> list[dict]:
    """Each carrier of a result `first` (round 1's deck) shows and `deck` no longer does, as
    {"key", "what"}: a later round that lost it lost the result, whatever finding it answered."""
    before = result_carriers(paper, first)
    after = result_carriers(paper, deck)
    return [{"key": key, "what": what} for key, what in before.items() if key not in after]
