"""The loop on decks made to have problems: the reviewer finds overflow, density and a cropped
figure, and the next round fixes them."""

import pytest

from apps.decks.pipeline.issues import blocking
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.run import review_loop
from apps.decks.pipeline.slide_deck import Slide

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LONG = (
    "Sentence {n} explains at length why the scheduler keeps every worker thread inside its own "
    "slice of the last-level cache while the graph grows"
)


@pytest.fixture(scope="module")
def loop(generated_paper, tmp_path_factory):
    paper, figures = generated_paper
    staging = tmp_path_factory.mktemp("loop")
    (staging / "figures").symlink_to(figures, target_is_directory=True)
    good = BuiltinProposer().propose(paper)
    planted = [
        Slide(
            kind="bullets",
            title="Everything about the method",
            bullets=[LONG.format(n=n) for n in range(8)],
        ),
        Slide(
            kind="figure",
            title="Runtime",
            figure="fig-1",
            layout="figure-right",
            bullets=[LONG.format(n=n) for n in range(3)],
            figure_height=300,
        ),
        Slide(kind="figure", title="Speedups", figure="fig-3", fit="cover", figure_height=404),
    ]
    deck = good.model_copy(update={"slides": [good.slides[0], *planted, *good.slides[1:]]})
    records, _ = review_loop(
        paper=paper, deck=deck, proposer=BuiltinProposer(), staging=staging, rounds=3
    )
    return records


def _types(record, slide):
    return {i.type: i.severity for i in record.issues if i.slide == slide}


def test_reviewer_finds_the_planted_problems(loop):
    first = loop[0]
    assert _types(first, 2).get("overflow") == "high"
    assert _types(first, 2).get("density") in ("medium", "high")
    assert _types(first, 3).get("density") == "medium"
    assert _types(first, 4).get("figure_cropped") == "high"
    overflow = next(i for i in first.issues if i.slide == 2 and i.type == "overflow")
    assert (
        overflow.message.startswith("text runs ") and overflow.suggestion == "split into two slides"
    )


def test_next_round_fixes_them(loop):
    assert len(loop) >= 2
    second = loop[1]
    assert blocking(second.issues) == [], [i.model_dump() for i in blocking(second.issues)]
    titles = [s.title for s in second.deck.slides]
    assert "Everything about the method (continued)" in titles  # split, not cut
    speedups = next(s for s in second.deck.slides if s.figure == "fig-3")
    assert speedups.fit == "contain"
    runtime = next(s for s in second.deck.slides if s.title == "Runtime")
    assert sum(len(b.split()) for b in runtime.bullets) <= 40


def test_the_loop_stops_when_nothing_blocks(loop):
    assert blocking(loop[-1].issues) == []
    assert len(loop) < 3 or blocking(loop[-2].issues)
