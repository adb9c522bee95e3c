"""The guard against reversals tells apart two text slides of one title.

Two slides titled "Field notes (continued)" share the key `no_reversals` knows a text slide by.
It kept the later one for both: a revision that only retitled the later slide (a count fix
had added a slide after it) "restored" the earlier, unchanged one to the later one's bullets,
because that earlier slide's own state had been seen in a round before. The deck then showed
the same three bullets twice in a row and lost three others.
"""

from __future__ import annotations

from apps.decks.pipeline.issues import Change
from apps.decks.pipeline.loop_guard import no_reversals
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

TITLE = "Field notes (continued)"
WINTER = [
    "The ponds froze for six weeks in the first winter of the survey.",
    "Frogs left the shallow ponds before the ice closed over them.",
]
SPRING = [
    "Spawn appeared in the deep ponds a fortnight after the thaw.",
    "Counts of egg masses doubled between the two springs.",
]


def _deck(*slides: Slide) -> SlideDeck:
    return SlideDeck(title="Ponds", slides=[Slide(kind="title", title="Ponds"), *slides])


def test_an_unchanged_slide_is_never_restored_to_its_twin_of_the_same_title():
    winter = Slide(kind="bullets", title=TITLE, bullets=WINTER)
    spring = Slide(kind="bullets", title=TITLE, bullets=SPRING)
    earlier = [_deck(winter)]  # the round before showed the winter slide as it is now
    current = _deck(winter, spring)
    retitled = spring.model_copy(update={"title": "Spawning after the thaw"})
    added = Slide(kind="bullets", title="Ice cover", bullets=WINTER[:1] + SPRING[:1])
    revised = _deck(winter, retitled, added)
    changes = [Change(issue=0, slide=3, type="repeated_title", action="retitled slide 3")]

    kept, kept_changes = no_reversals(earlier, current, revised, changes)

    assert kept == revised
    assert kept_changes == changes
    assert [s.bullets for s in kept.slides[1:3]] == [WINTER, SPRING]
