"""What a pointer to a figure, table or section leaves when it is taken out of a sentence
badly (garbled): the comma that closed it as an aside, the rest of the phrase it opened, two
commas in a row. The figure slide's sentence is drafted without them; the reviewer finds them
on any bullet (`pointer_remnant`) and the proposer takes them out. Sentences of several fields,
and sound ones whose commas are the paper's own: a rule that takes those fails here too."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import pointer_remnants
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.captions import mention_bullet
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

# (the paper's sentence, the claim a figure slide shows of it)
MENTIONS = [
    (
        "The example sorter, shown in Figure 2, reads the whole input file before writing.",
        "The example sorter reads the whole input file before writing",
    ),
    (
        "The gauge network, as illustrated in Fig. 4, covers every tributary above the dam.",
        "The gauge network covers every tributary above the dam",
    ),
    (
        "In Table 4 rows (C), we see that a larger buffer pool shortens the merge phase.",
        "We see that a larger buffer pool shortens the merge phase",
    ),
    (
        "In Figure 3 (left), the queue length grows linearly with the arrival rate.",
        "The queue length grows linearly with the arrival rate",
    ),
    # a clause of its own after the aside keeps its comma
    (
        "The queue grows, as shown in Figure 5, which limits the throughput of the server.",
        "The queue grows, which limits the throughput of the server",
    ),
]


@pytest.mark.parametrize(("sentence", "claim"), MENTIONS)
def test_a_figure_slide_claim_keeps_no_remnant_of_its_pointer(sentence, claim):
    assert mention_bullet(sentence, 24) == claim


def test_a_leading_pointer_without_a_comma_leaves_its_clause():
    # the pointer is an adverbial before a whole clause: the clause is the claim
    claim = mention_bullet("In Figure 5 the error of the probes falls with depth.", 24)
    assert claim == "The error of the probes falls with depth"


def _paper(*sentences: str) -> Paper:
    return Paper(
        title="Sorting large files",
        sections=[Section(title="Results", paragraphs=[" ".join(sentences)])],
        pages=1,
        source_name="paper.pdf",
    )


PAPER_SENTENCES = (
    "The example sorter, shown in Figure 2, reads the whole input file before writing.",
    "In Table 4 rows (C), we see that a larger buffer pool shortens the merge phase.",
    "The inputs, outputs and temporary files share one disk in every run.",
    "Our parser, like the one of Section 3, reads every page twice.",
)


@pytest.mark.parametrize(
    ("bullet", "form", "repaired"),
    [
        (
            "The example sorter, reads the whole input file before writing",
            "aside_comma",
            "The example sorter reads the whole input file before writing",
        ),
        (
            "Rows (C), we see that a larger buffer pool shortens the merge phase",
            "lead_phrase",
            "We see that a larger buffer pool shortens the merge phase",
        ),
        (
            "The sorter reads the input, , and writes the runs to disk",
            "double_comma",
            "The sorter reads the input, and writes the runs to disk",
        ),
    ],
)
def test_a_remnant_is_found_and_taken_out(bullet, form, repaired):
    remnant = pointer_remnants.pointer_remnant(bullet, _paper(*PAPER_SENTENCES))
    assert remnant is not None and remnant.form == form
    assert pointer_remnants.without_remnant(bullet, remnant) == repaired


@pytest.mark.parametrize(
    "bullet",
    [
        # the paper's own commas: a list, an aside that is no pointer
        "The inputs, outputs and temporary files share one disk in every run",
        "Our parser, like the one of Section 3, reads every page twice",
        # the pointer taken out whole with its commas
        "The example sorter reads the whole input file before writing",
        "We see that a larger buffer pool shortens the merge phase",
    ],
)
def test_a_sound_bullet_has_no_remnant(bullet):
    assert pointer_remnants.pointer_remnant(bullet, _paper(*PAPER_SENTENCES)) is None


def test_the_reviewer_flags_a_remnant_and_the_proposer_takes_it_out():
    from django.conf import settings

    paper = _paper(*PAPER_SENTENCES)
    sound = "The inputs, outputs and temporary files share one disk in every run"
    slide = Slide(
        kind="bullets",
        title="Results",
        bullets=["The example sorter, reads the whole input file before writing", sound],
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    issues = review(deck, [measure(slide=1), measure(slide=2)], paper)
    found = [i for i in issues if i.type == "pointer_remnant"]
    assert [i.evidence["index"] for i in found] == [0]
    revised = deck_repair(BuiltinProposer(), paper, deck, issues)
    assert revised.deck.slides[1].bullets == [
        "The example sorter reads the whole input file before writing",
        sound,
    ]
    documented = (settings.BASE_DIR / "docs" / "decks.md").read_text()
    assert "| `pointer_remnant` |" in documented
