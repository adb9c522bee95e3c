"""Choosing bullets whose symbols the deck can say (unexplained_symbols.py): a sentence that
uses a letter the paper introduced only by a display the text layer lost, or by an earlier
step no slide shows, is chosen only when too few other sentences of its part stand; one whose
letter the paper introduces in words is left to context_fix (which brings the sentence), and
one that says what its letters are, or writes a letter the paper first writes there, stands.
The papers are made up here (hydrology, robotics), not read from the dev set."""

from __future__ import annotations

from apps.decks.pipeline import text, unexplained_symbols
from apps.decks.pipeline.paper import Equation, Paper, Section
from apps.decks.pipeline.propose import context_fix
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.symbol_context import definitions

# step 1 announces a display the text layer lost (the paragraph ends there); step 2 uses
# what it computed
FLOOD = [
    "The river model is calibrated on ten years of daily gauge readings from four stations.",
    "Each station reports the water level every fifteen minutes and the discharge every hour.",
    "First compute the storage anomaly of every sub-basin as:",
    "Routing carries $\\kappa_{b}$ to the four gauge stations as flood discharge, 35 percent of it within two days.",
    "The calibrated model reproduces the timing of the spring floods within half a day.",
    "Peak discharges are underestimated by twelve percent at the upper station.",
]


def _split(sentences: list[str]) -> list[str]:
    """The sentences as the paper's paragraphs: one ends at each announced display."""
    paragraphs, current = [], []
    for sentence in sentences:
        current.append(sentence)
        if sentence.endswith(":"):
            paragraphs.append(" ".join(current))
            current = []
    return [*paragraphs, " ".join(current)] if current else paragraphs


def _paper(paragraphs: list[str], equations: list[Equation] = ()) -> Paper:
    return Paper(
        title="Routing spring floods through a mountain catchment",
        authors=["Ada Lind", "Piet Roos"],
        sections=[
            Section(title="Introduction", level=1, paragraphs=["Floods are costly."]),
            Section(title="Flood routing", level=1, paragraphs=paragraphs),
        ],
        equations=list(equations),
        pages=1,
        source_name="flood.pdf",
    )


def _chosen(paper: Paper, count: int, used: set[str] | None = None) -> list[str]:
    section = paper.sections[1]
    scorer = text.Scorer(section.paragraphs)
    return BuiltinProposer._bullets(
        section.paragraphs, scorer, set() if used is None else used, count, paper
    )


def test_a_letter_only_a_lost_display_introduced_is_not_chosen_while_others_stand():
    paper = _paper(_split(FLOOD))
    use = "Routing carries $\\kappa_{b}$ to the four gauge stations as flood discharge, 35 percent of it within two days"
    # without the judgement it is one of the part's key sentences (it scores high)
    scorer = text.Scorer(paper.sections[1].paragraphs)
    unjudged = text.key_sentences(paper.sections[1].paragraphs, scorer, 3)
    assert any("\\kappa" in b for b in unjudged), unjudged

    chosen = _chosen(paper, 3)
    assert len(chosen) == 3  # the slide keeps its bullets
    assert not any("\\kappa" in b for b in chosen), chosen
    assert unexplained_symbols.lost_symbols(paper, use, use, set()) == ["\\kappa"]


def test_the_slot_is_still_filled_when_no_other_sentence_stands():
    paper = _paper(_split(FLOOD[2:4]))
    chosen = _chosen(paper, 2)
    assert any("\\kappa" in b for b in chosen)  # a leaning bullet rather than an empty slot


def test_a_letter_the_deck_already_shows_is_no_lean():
    paper = _paper(_split(FLOOD))
    shown = {"the storage anomaly $\\kappa_{b}$ of each sub-basin is its excess volume"}
    chosen = _chosen(paper, 3, used=shown)
    assert any("\\kappa" in b for b in chosen), chosen


def test_a_letter_the_paper_introduces_in_words_is_left_to_context_fix():
    paragraph = " ".join(
        [
            *FLOOD[:2],
            "Let $\\kappa_{b}$ be the storage anomaly of sub-basin $b$ in millimetres.",
            *FLOOD[3:],
        ]
    )
    paper = _paper([paragraph])
    use = FLOOD[3]
    assert definitions(paper).introducing("\\kappa", definitions(paper).position(use))
    assert unexplained_symbols.lost_symbols(paper, use, use, set()) == []


def test_a_letter_the_paper_first_writes_in_the_sentence_itself_stands():
    paragraph = " ".join(
        [
            *FLOOD[:2],
            "The routing step propagates $\\kappa_{b}$ downstream with a delay of two days.",
            *FLOOD[4:],
        ]
    )
    paper = _paper([paragraph])
    use = "The routing step propagates $\\kappa_{b}$ downstream with a delay of two days"
    assert unexplained_symbols.lost_symbols(paper, use, use, set()) == []


def test_a_letter_of_a_display_before_is_context_the_deck_lacks():
    paragraphs = _split(
        [
            "The arm's controller tracks each joint with a proportional-derivative law:",
            "The gain matrix $K_{d}$ is tuned per joint on the bench.",
            "Saturation of $\\tau_{j}$ above the motor's rated torque is logged and clipped.",
        ]
    )
    display = Equation(
        tex="\\tau_{j} = K_{p} e_{j} + K_{d} \\dot{e}_{j}",
        section="Flood routing",
        page=1,
        lead="The arm's controller tracks each joint with a proportional-derivative law:",
    )
    paper = _paper(paragraphs, [display])
    use = "Saturation of $\\tau_{j}$ above the motor's rated torque is logged and clipped"
    assert unexplained_symbols.lost_symbols(paper, use, use, set()) == ["\\tau"]
    # shown with the display on its slide, it leans on nothing
    shown = unexplained_symbols.shown_keys(set(), (display.tex,))
    assert unexplained_symbols.lost_symbols(paper, use, use, shown) == []


def test_what_a_bullet_says_its_letters_are_counts():
    shown: set[str] = set()
    for bullet in (
        "The number of sweeps, $S$, and the step length, $\\eta$, depend on each other",
        "Consider the two surface vectors, $\\vec{t}_{1}$ and $\\vec{t}_{3}$",
        "We compare $H_{0}$: the gauges drift and $H_{1}$: they do not",
        "A $v$-fold split of the stations keeps the calibration honest",
        "The residual is $\\chi_{\\nu}$ distributed under the null",
        "The controller outputs joint forces $f_{p}$ at every tick",
        "A significance level of $p < 0.05$ was used throughout",
    ):
        assert unexplained_symbols.unexplained(bullet, shown) == [], bullet
    assert unexplained_symbols.unexplained("The spread of $W$ grows with depth", shown) == ["W"]
    # a part of a shown symbol is no new letter: $\beta_1$ of $\beta$
    assert unexplained_symbols.unexplained("$\\beta_{1}$ is negative", {"\\beta"}) == []


def test_a_definition_that_announces_a_display_is_not_brought_as_a_bullet():
    sentence = "Under the null hypothesis, we need the distribution of the statistic:"
    paper = _paper([sentence])
    assert context_fix.definition_bullet(sentence, definitions(paper)) is None


def test_a_degree_is_not_a_definition():
    from apps.decks.pipeline.symbol_context import predicated_in

    # "$\eta$ is as small as possible" says how big it is, not what it is
    assert predicated_in("Drift is least when $\\eta$ is as small as possible") == set()
    assert predicated_in("$\\eta$ is the step length of the sweep") == {"\\eta"}
    assert predicated_in("$\\eta$ and $S$ are tuning constants") == {"\\eta", "S"}
