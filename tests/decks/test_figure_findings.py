"""A figure slide showing its figure and caption and nothing else, while the paper says in its
text what the figure shows: the slide states it (the sentence that points at the figure with a
finding, without the pointer). A plot the paper gives no caption is shown under a statement
with a verb, never under a bare noun phrase."""

from apps.decks.pipeline.paper import Mention
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import caption_text, mention_bullet
from tests.decks.factories import figure

FINDING = "Figure 2 shows that the error of the probes grows with depth below the root zone."
DESCRIPTION = "Figure 2 presents the probes installed along the eastern transect of the plot."


def _with_mentions(fig, *sentences: str):
    return fig.model_copy(
        update={"mentions": [Mention(text=s, section="Results") for s in sentences]}
    )


def _tall(*sentences: str):
    # printed 240 × 300 pt: drawn as tall as the slide, its caption's column beside it
    fig = figure(2, "Error by depth.", bbox=(50, 50, 290, 350), width_px=800, height_px=1000)
    return _with_mentions(fig, *sentences)


def _slide(fig):
    return BuiltinProposer().figure_slide(fig, used=set())


def test_a_tall_figure_states_what_the_paper_says_it_shows():
    slide = _slide(_tall(DESCRIPTION, FINDING))
    assert slide.bullets == ["The error of the probes grows with depth below the root zone"]


def test_a_tall_figure_the_paper_only_describes_keeps_its_caption_alone():
    assert _slide(_tall(DESCRIPTION)).bullets == []


def test_a_wide_figure_states_the_finding_rather_than_the_description():
    wide = figure(2, "Error by depth.", bbox=(50, 50, 550, 250), width_px=1000, height_px=400)
    described = "The probes were read every hour along the eastern transect (Figure 2)."
    found = "In Figure 2, the probes read 3 % wetter than the gravimetric samples after rain."
    slide = _slide(_with_mentions(wide, described, found))
    assert slide.bullets == ["The probes read 3 % wetter than the gravimetric samples after rain"]


def test_pointers_that_open_a_sentence_are_taken_off_its_claim():
    claim = "The error of the probes grows with depth below the root zone"
    for sentence in (
        "As Figure 2 shows, the error of the probes grows with depth below the root zone.",
        "From Figure 2 we see that the error of the probes grows with depth below the root zone.",
        "Figure 2 reveals that the error of the probes grows with depth below the root zone.",
    ):
        assert mention_bullet(sentence, 24) == claim


def _plot(introduction: str, *sentences: str):
    fig = figure(4, introduction, bbox=(50, 50, 550, 300), captioned=False)
    return _with_mentions(fig, *sentences)


def test_an_uncaptioned_plot_is_not_captioned_with_a_bare_noun_phrase():
    plot = _plot("Residuals of the fitted model.")
    assert caption_text(plot) == ""
    assert _slide(plot).bullets == []


def test_an_uncaptioned_plot_takes_a_statement_with_a_verb_from_the_text():
    plot = _plot(
        "Residuals of the fitted model.",
        "The residuals of the fitted model spread wider as the fitted counts grow.",
    )
    slide = _slide(plot)
    assert slide.caption == ""
    assert slide.bullets == [
        "The residuals of the fitted model spread wider as the fitted counts grow"
    ]


def test_a_pointer_that_is_its_clause_s_predicate_leaves_no_claim():
    """ "… was shown in Fig. 2" taken off leaves a subject without its verb ("… and the
    curve w", when "as shown in" was read inside "was shown in"): no bullet."""
    for sentence in (
        "The probes were read at noon on each day, and the current curve was shown in Fig. 2.",
        "The error of the probes below the root zone is given in Table 2 for every season.",
    ):
        assert mention_bullet(sentence, 24) is None
    kept = "The error of the probes grows with depth below the root zone, as shown in Figure 2."
    assert (
        mention_bullet(kept, 24) == "The error of the probes grows with depth below the root zone"
    )
