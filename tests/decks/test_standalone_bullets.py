"""Bullets that stand alone (context lost, the largest class of every audited deck): a part
named by its place in a whole only the paper's sentences before announced ("The first is that
…", "The third argument is …", "In the second case, …"), a particle that continues the sentence
before ("… either.", "If so, …"), a step after a definite subject ("The keeper then logs …"), a
shell noun for a property ("The property makes …"), and a figure or its panels talked about on
a slide that shows none ("The figure shows …", "Upper left: …"). The paper is the oracle: each
is found only when its sentence follows another of its paragraph that no slide shows. Bullet
selection asks the same detectors (antecedents.leaning) and prefers a candidate that stands,
keeping the count. Sentences are invented (lighthouses and tide gauges)."""

from __future__ import annotations

from apps.decks.pipeline import antecedents, defects, text
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues

KIND = "unintroduced_referent"
OPENING = "Coastal lighthouses have logged the height of the tide every hour since 1890"
TWO_THINGS = "There are two things to note about the tide logs kept by the keepers"
THE_FIRST = "The first is that every keeper wrote the height in feet until 1971"
CALL = "The gauge is read with the call read_gauge(site, hour, unit)"
THIRD_ARGUMENT = "The third argument is the unit in which the height is returned"
TWO_CASES = "A gauge may be flooded at high water or frozen in a cold winter"
SECOND_CASE = "In the second case, the keeper breaks the ice and reads the height by hand"
NEIGHBOURS = "Neighbouring lighthouses on one coast record nearly the same tide"
EITHER = "Distant lighthouses on opposite coasts do not record the same tide either"
DRIFT = "A gauge may drift by a few centimetres during a stormy month"
IF_SO = "If so, the month is flagged and its heights are corrected against the nearest harbour"
LOGGED = "Each gauge writes its readings to a paper roll at the foot of the tower"
THEN = "The keeper then copies the roll into the station ledger every evening"
HEXAGONAL = "A hexagonal stilling well damps the waves twice as well as a round one"
PROPERTY = "The property makes the readings steadier in a swell of more than a metre"
# sentences that stand: what they name they say themselves, or nothing is before them
MAY = "The highest tides of the year came in the second half of March"
STEP_OF = "The first step of the calibration is to level the gauge against a benchmark"
COLUMN = "The ledger lists the first column $h_0$ of the hourly table as the reference height"
RESULT = "Gauges in stilling wells lowered the error of the hourly heights by 40 %"
FACT = "Sea level at the ten lighthouses rose by 19 cm over the century"
ALSO = "The keepers also measured the air pressure at noon"
ALSO_BEFORE = "Every lighthouse measured the tide at the full hour"


def _paper() -> Paper:
    method = [
        f"{TWO_THINGS}. {THE_FIRST}.",
        f"{CALL}. {THIRD_ARGUMENT}.",
        f"{TWO_CASES}. {SECOND_CASE}.",
        f"{NEIGHBOURS}. {EITHER}.",
        f"{DRIFT}. {IF_SO}.",
        f"{LOGGED}. {THEN}.",
        f"{HEXAGONAL}. {PROPERTY}.",
        f"{OPENING}. {MAY}. {STEP_OF}. {COLUMN}.",
    ]
    return Paper(
        title="Tide logs of coastal lighthouses",
        abstract="We read a century of tide logs.",
        pages=6,
        source_name="tides.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{OPENING}. {FACT}."]),
            Section(title="Method", paragraphs=method),
            Section(title="Results", paragraphs=[f"{RESULT}. {FACT}."]),
        ],
    )


def _found(paper: Paper, bullet: str, *shown: str):
    return antecedents.dangling(bullet, [OPENING, *shown], antecedents.paper_context(paper))


def test_a_part_named_by_its_place_in_an_unshown_whole_is_found():
    paper = _paper()
    for bullet, part in (
        (THE_FIRST, "The first"),
        (THIRD_ARGUMENT, "The third argument"),
        (SECOND_CASE, "the second case"),
    ):
        found = _found(paper, bullet)
        assert found is not None, bullet
        assert (found.part, found.kind, found.certain) == (part, "part", True)
    assert _found(paper, THE_FIRST).antecedent.startswith("There are two things")
    # the whole on the deck: the reader knows which
    assert _found(paper, THE_FIRST, TWO_THINGS) is None


def test_a_place_that_says_whose_it_is_or_no_part_is_not_found():
    for bullet in (MAY, STEP_OF, COLUMN):  # "second half of March", "step of", "column $h_0$"
        assert antecedents.ordinal_part(bullet, [OPENING]) is None, bullet
    # the first sentence of its paragraph leans on nothing
    assert antecedents.ordinal_part(THE_FIRST, []) is None


def test_a_particle_or_a_step_that_continues_the_sentence_before_is_found():
    paper = _paper()
    either = _found(paper, EITHER)
    assert (either.part, either.kind, either.certain) == ("either", "particle", True)
    if_so = _found(paper, IF_SO)
    assert (if_so.part, if_so.kind, if_so.certain) == ("If so", "particle", True)
    step = _found(paper, THEN)
    assert (step.part, step.kind, step.certain) == ("then", "sequence", True)
    shell = _found(paper, PROPERTY)
    assert (shell.part, shell.kind, shell.certain) == ("The property makes", "shell", True)
    # "either … or" inside the sentence continues nothing
    assert antecedents.continuing_particle("It is either flooded or frozen", [OPENING]) is None


def test_a_soft_particle_is_left_to_bullet_selection():
    # "also" may say something of its own: never reported, but a selection prefers another
    assert antecedents.continuing_particle(ALSO, [ALSO_BEFORE]) is None
    assert antecedents.leaning(ALSO, [ALSO_BEFORE], set()) is not None


def test_the_reviewer_reports_them_as_certain():
    paper = _paper()
    deck = _deck(paper, Slide(kind="bullets", title="Method", bullets=[OPENING, THE_FIRST, IF_SO]))
    issues = _issues(deck, paper, 2, KIND)
    assert [(i.severity, i.evidence["kind"]) for i in issues] == [
        ("medium", "part"),
        ("medium", "particle"),
    ]


def test_a_figure_talked_about_on_a_slide_without_one_is_a_pointer():
    for bullet, part in (
        ("The figure shows three tide curves of one week in May", "The figure shows"),
        ("The second plot shows the curves after smoothing", "The second plot shows"),
        ("Upper left: the raw heights, upper right: the smoothed ones", "Upper left:"),
    ):
        assert defects.figure_deixis(bullet) == part
    # a graph of nodes or a figure of merit is no figure of the paper
    assert defects.figure_deixis("The graph contains 20 nodes and 31 edges") is None
    assert defects.figure_deixis("The figure of merit is the hourly error") is None
    paper = _paper()
    bullet = "The figure shows three tide curves of one week in May"
    deck = _deck(paper, Slide(kind="bullets", title="Method", bullets=[OPENING, bullet]))
    found = _issues(deck, paper, 2, "dangling_pointer")
    assert [(i.severity, i.evidence["part"]) for i in found] == [("medium", "The figure shows")]


def test_the_sentence_announcing_the_whole_comes_onto_the_slide_before_the_part():
    paper = _paper()
    deck = _deck(paper, Slide(kind="bullets", title="Method", bullets=[OPENING, THE_FIRST]))
    found = _issues(deck, paper, 2, KIND)
    revised = deck_repair(BuiltinProposer(), paper, deck, found[:1])
    assert revised.deck.slides[1].bullets == [OPENING, TWO_THINGS, THE_FIRST]
    assert revised.changes[0].type == KIND


def _leans(bullet: str, before: list[str], _sentence: str = "") -> str:
    found = antecedents.leaning(bullet, before, set())
    return "" if found is None else "certain" if found.certain else "maybe"


def test_selection_prefers_a_sentence_that_stands_and_keeps_the_count():
    # the leaning sentence carries the most of the section's words and a number: it scores best
    paragraphs = [
        f"{TWO_THINGS}. The first is that every keeper wrote the tide logs in feet until 1971.",
        f"{FACT}. {RESULT}.",
    ]
    scorer = text.Scorer(paragraphs)
    leaning = "The first is that every keeper wrote the tide logs in feet until 1971"
    plain = text.key_sentences(paragraphs, scorer, 2)
    assert leaning in plain  # without the judgement it is chosen
    chosen = text.key_sentences(paragraphs, scorer, 2, leans=_leans)
    assert leaning not in chosen and len(chosen) == 2
    # too few sentences stand: the leaning one fills the slot rather than leaving it empty
    chosen = text.key_sentences(paragraphs, scorer, 4, leans=_leans)
    assert leaning in chosen and len(chosen) == 4

    # one that may lean (a reader may know what it names) still competes, at half its score,
    # ahead of one that certainly leans
    def judged(bullet: str, _before: list[str], _sentence: str = "") -> str:
        return "maybe" if bullet == leaning else "certain" if bullet.startswith("Gauges") else ""

    maybe = text.key_sentences(paragraphs, scorer, 3, leans=judged)
    assert leaning in maybe and not any(b.startswith("Gauges") for b in maybe)


def test_the_proposer_chooses_standing_bullets_for_a_section():
    paragraphs = [
        f"{TWO_THINGS}. The first is that every keeper wrote the tide logs in feet until 1971.",
        f"{FACT}. {RESULT}.",
    ]
    scorer = text.Scorer(paragraphs)
    chosen = BuiltinProposer._bullets(paragraphs, scorer, set(), 2)
    assert len(chosen) == 2
    assert not any(b.startswith("The first is that") for b in chosen)
    # shown on an earlier slide, the whole is known: the part stands
    used = {TWO_THINGS.lower()}
    chosen = BuiltinProposer._bullets(paragraphs, scorer, used, 2)
    assert any(b.startswith("The first is that") for b in chosen)


def test_selection_counts_a_code_name_the_sentence_before_introduced_as_leaning():
    before = ["The heights are read into a table called `tide_log2` for each station"]
    bullet = "Rows of `tide_log2` with a missing hour are dropped before smoothing"
    assert antecedents.leaning(bullet, before, set()).kind == "name"
    # the bullet says what it is, or an earlier slide showed it: it stands
    said = "The table `tide_log2` keeps one row per hour and station"
    assert antecedents.leaning(said, before, set()) is None
    assert antecedents.leaning(bullet, before, set(), [before[0]]) is None
    # never a reviewer's finding (product names read as names)
    assert antecedents.pointing_back(bullet, before, set()) is None


def test_a_product_name_or_an_abbreviation_is_no_code_name_to_introduce():
    before = ["Release 3 of the TideReader4 toolkit reads `tide_log2` tables, e.g. from ledgers"]
    for bullet in (
        "TideReader4 scores the stations in the reverse order of their latitude",
        "Old ledgers, e.g. handwritten ones, are scanned first",
    ):
        assert antecedents.unintroduced_name(bullet, before, []) is None, bullet


def test_a_bullet_another_one_leans_on_is_not_taken_away_from_it():
    unusable = "This is described below."  # the sentence before the part: it cannot come in
    part = "The second and third arguments give the station and the hour of the reading"
    after = "If the second or the third argument is empty, the latest reading is returned"
    paper = Paper(
        title="Tide logs of coastal lighthouses",
        abstract="We read a century of tide logs.",
        pages=6,
        source_name="tides.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{OPENING}. {FACT}."]),
            Section(title="Method", paragraphs=[f"{unusable} {part}. {after}."]),
            Section(title="Results", paragraphs=[f"{RESULT}. {MAY}."]),
        ],
    )
    slide = Slide(kind="bullets", title="Method", bullets=[OPENING, part, after, FACT])
    deck = _deck(paper, slide)
    found = _issues(deck, paper, 2, KIND)
    assert [i.evidence["part"] for i in found] == ["The second and third arguments"]
    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    # taking the part away would leave the bullet after it leaning: the slide stays
    assert revised.deck.slides[1].bullets == [OPENING, part, after, FACT]
