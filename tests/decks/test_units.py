"""Fast checks of the pieces: sentences, markdown, limits, progress, the deck schema."""

import io
import re

import pytest
from pydantic import ValidationError

from apps.decks import limits
from apps.decks.pipeline import text
from apps.decks.pipeline.progress import Progress, TerminalBar, fraction_for
from apps.decks.pipeline.propose.builtin import (
    BuiltinProposer,
    figure_title,
    footer_text,
    mention_bullet,
)
from apps.decks.pipeline.render.markdown import deck_markdown, esc, headmatter
from apps.decks.pipeline.slide_deck import Slide, SlideDeck


def test_every_limit_has_help_text():
    for limit in limits.LIMITS.values():
        assert limit.help.strip().endswith("."), limit.name
        assert limit.value >= 0


@pytest.mark.parametrize(
    "sentence, expected",
    [
        (
            "However, the scheduler halves the runtime [12].",
            "The scheduler halves the runtime of every run",
        ),
        (
            "In this paper, we show that caches matter for graph workloads (Smith et al., 2020).",
            "We show that caches matter for graph workloads",
        ),
    ],
)
def test_condense_removes_markers_and_citations(sentence, expected):
    condensed = text.condense(sentence.replace("runtime [12]", "runtime of every run [12]"), 24)
    assert condensed is not None
    assert condensed.startswith(expected.split(" of every")[0])
    assert "[" not in condensed and "et al" not in condensed


@pytest.mark.parametrize(
    "sentence",
    [
        "As described in [1], the order is computed greedily by the authors of the study.",
        "We compute for each node u the sum q = d(u) over all of its neighbours in the graph.",
        "The code is at https://example.org/code and runs on every machine we have.",
        "Too short.",
    ],
)
def test_condense_rejects_what_cannot_be_a_bullet(sentence):
    assert text.condense(sentence, 24) is None


def test_sentences_keep_abbreviations_together():
    parts = text.sentences(
        "Results agree with Fig. 3 of Smith et al. on all graphs. Next sentence here."
    )
    assert parts == [
        "Results agree with Fig. 3 of Smith et al. on all graphs.",
        "Next sentence here.",
    ]


def test_figure_refs_ignore_figures_of_other_papers():
    assert text.figure_refs("Figure 2 and Table 1 show it.") == [("figure", 2), ("table", 1)]
    assert text.figure_refs("Original Fig. 3 of Hastings and Powell shows it.") == []


def test_shorten_cuts_at_clauses_and_never_mid_sentence_without_ellipsis():
    sentence = (
        "The scheduler keeps every worker inside its own cache slice, which avoids most misses"
    )
    assert (
        text.shorten(sentence, 12) == "The scheduler keeps every worker inside its own cache slice"
    )
    unbreakable = "one two three four five six seven eight nine ten eleven twelve thirteen"
    assert text.shorten(unbreakable, 5) == unbreakable
    assert text.shorten(unbreakable, 5, ellipsis=True).endswith("five…")


def test_mention_bullet_drops_the_pointer_to_the_figure():
    bullet = mention_bullet(
        "Figure 3 shows that the speedup reaches 3.2 times on the web graph.", 24
    )
    assert bullet == "The speedup reaches 3.2 times on the web graph"
    assert mention_bullet("The parameter values used are given in Table 1 (b = 3).", 24) is None


def test_figure_title_is_short_and_free_of_panel_labels(generated_paper):
    paper, _ = generated_paper
    figure = paper.figure("fig-1").model_copy(
        update={
            "caption": "(a) and (b) Runtime of five graph algorithms with the baseline and the "
            "cache-aware scheduler on all graphs we used. Second sentence."
        }
    )
    title = figure_title(figure)
    assert title.startswith("Runtime of five graph algorithms")
    assert len(title.split()) <= 10


def test_footer_names_first_author_and_venue(generated_paper):
    paper, _ = generated_paper
    assert footer_text(paper) == "Lovelace et al. · Journal of Reproducible Tests 2026"


def _deck(slides):
    return SlideDeck(title="T", authors=["A B"], doi="10.1/x", slides=slides)


def test_markdown_escapes_paper_text(generated_paper):
    paper, _ = generated_paper
    hostile = "<script>alert(1)</script> {{ $slidev.nav }} costs $5 --- and <b>more</b>"
    deck = _deck(
        [
            Slide(kind="title", title="T"),
            Slide(kind="bullets", title=hostile, bullets=[hostile, "---"]),
            Slide(kind="figure", title="F", figure="fig-1", bullets=[hostile], caption=hostile),
        ]
    )
    markdown = deck_markdown(deck, paper)
    assert "<script>" not in markdown and "<b>more" not in markdown
    assert "{{" not in markdown and "$slidev" not in markdown
    separators = re.findall(r"^---\s*$", markdown, re.M)
    assert len(separators) == 2 + 2 * (len(deck.slides) - 1), "paper text became a separator"
    assert esc("{x}") == "&#123;x&#125;"


def test_headmatter_works_offline():
    head = headmatter(_deck([Slide(kind="title", title="T")]))
    assert "fonts:\n  provider: none" in head
    assert "http" not in head
    assert "routerMode: hash" in head


def test_slides_reference_only_local_figures(generated_paper):
    paper, _ = generated_paper
    deck = BuiltinProposer().propose(paper)
    markdown = deck_markdown(deck, paper)
    sources = re.findall(r'src="([^"]+)"', markdown)
    assert sources and all(s.startswith("./figures/") for s in sources)
    assert "http://" not in markdown and "https://" not in markdown


def test_deck_schema_refuses_unknown_fields_and_oversized_content():
    with pytest.raises(ValidationError):
        Slide.model_validate({"kind": "bullets", "title": "x", "script": "alert(1)"})
    with pytest.raises(ValidationError):
        Slide(kind="bullets", title="x", bullets=["word " * 200])
    with pytest.raises(ValidationError):
        Slide(kind="figure", title="x", figure_height=5000)


def test_progress_fractions_grow_through_a_run():
    steps = [
        fraction_for("ingest", part=0.0),
        fraction_for("propose"),
        fraction_for("build", 1, 3),
        fraction_for("render", 1, 3, 0.5),
        fraction_for("review", 1, 3),
        fraction_for("build", 2, 3),
        fraction_for("render", 3, 3, 1.0),
        fraction_for("export", part=0.5),
        fraction_for("done"),
    ]
    assert steps == sorted(steps)
    assert steps[-1] == 1.0


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_terminal_bar_draws_on_a_tty_only():
    event = Progress(phase="render", message="round 1 of 5: rendering slide 3/12", fraction=0.3)
    tty = _Tty()
    bar = TerminalBar(tty)
    bar(event)
    bar.close()
    assert "rendering slide 3/12" in tty.getvalue() and "\r" in tty.getvalue()
    plain = io.StringIO()
    TerminalBar(plain)(event)
    assert plain.getvalue() == ""
