"""A finding the loop brings onto the deck is never cut inside an aside (round 23): the claim
after a leading concession ("Although …, the measured …") was taken from the concession's first
comma that a clause follows, and an aside set off by commas ("…, say, 2 mm, …") was read as that
clause — the repair for a deck missing its measured findings added a slide whose bullet opened
"Say, 2 mm, in practice …". Sentences and paper are invented."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import main_points, main_results
from apps.decks.pipeline.paper import Paper, Section


@pytest.mark.parametrize("aside", ["say, one week,", "e.g., one week,", "that is, one week,"])
def test_a_concession_ends_after_its_aside_not_inside_it(aside):
    sentence = (
        f"Although a short window, {aside} looks enough, the monthly window cut the error by "
        "12 % on every station."
    )
    assert main_points.shorter(sentence)[0] == (
        "The monthly window cut the error by 12 % on every station."
    )


def test_a_concession_whose_only_commas_are_an_aside_gives_no_shorter_claim():
    sentence = (
        "Although it may seem wise to pick one step for the window, say, 0.4 days, a longer "
        "window is better to smooth out the effects of holidays."
    )
    assert not any(c.lower().startswith(("say", "0.4")) for c in main_points.shorter(sentence))


def test_no_measured_finding_bullet_opens_inside_an_aside():
    paper = Paper(
        title="Smoothing station temperatures",
        pages=2,
        source_name="stations.pdf",
        sections=[
            Section(
                title="Results",
                paragraphs=[
                    "Although intuitively it may seem sensible to choose the smoothing window "
                    "to be as short as one sampling interval of the station network, say, "
                    "0.4 days, in practice it is better to choose a longer window in order to "
                    "offset the effects of public holidays and of the weekly cycle of traffic."
                ],
            )
        ],
    )
    bullets = [f.bullet for f in main_results.result_sentences(paper)]
    assert not any(b.lower().startswith(("say", "0.4")) for b in bullets)
