"""A result figure whose reading the paper gives before a bare pointer ("… we remove 290 (97 %).
See Figure 5 for a visual comparison.") or after "As you can see in Figure 6," says on its slide
what it shows (round 15). Every sentence and paper here is made up for the test."""

from apps.decks.pipeline import figure_findings, text
from apps.decks.pipeline.ingest import _attach_mentions
from apps.decks.pipeline.paper import Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import mention_bullet
from tests.decks.factories import figure

READ = (
    "When we run the plain filter on the gauge file, 120 (40%) of the spikes are removed. "
    "When we add the despiker with default settings, we remove 290 (97%). "
    "Switching to the strict filter, we can only remove 36 (12%) of the spikes. "
    "See figure 5 for a visual comparison."
)


def _slide_bullets(paragraph: str) -> list[str]:
    wide = figure(5, "The number of spikes removed by each filter.", bbox=(50, 50, 550, 250))
    _attach_mentions([wide], [Section(title="Spikes removed", paragraphs=[paragraph])])
    return BuiltinProposer().figure_slide(wide, used=set()).bullets


def test_a_bare_pointer_reads_the_sentences_before_it_in_its_paragraph():
    sentences = text.sentences(READ)
    # the comparison the paragraph opens with (the baseline, then the paper's own), not the
    # variant after it
    assert figure_findings.pointed_readings(sentences, 3) == sentences[:2]
    bullets = _slide_bullets(READ)
    assert len(bullets) == 1
    assert bullets[0] in [s.rstrip(".") for s in sentences[:2]]


def test_a_pointer_that_says_more_or_a_sentence_of_no_finding_reads_nothing():
    sentences = text.sentences(
        "The gauges sit on the eastern bank. Figure 5 has a comparison of these filters, which "
        "we discuss below."
    )
    assert figure_findings.pointed_readings(sentences, 1) == []
    background = text.sentences("The gauges sit on the eastern bank. See figure 5.")
    assert figure_findings.pointed_readings(background, 1) == []


def test_as_you_can_see_in_a_figure_is_taken_off_its_claim():
    claim = "The stretched rows tend to have much higher costs than the natural rows"
    sentence = "As you can see in figure 6, the stretched rows tend to have much higher costs "
    sentence += "than the natural rows."
    assert mention_bullet(sentence, 24) == claim
    assert figure_findings.SHOWS_THAT.search(sentence)
