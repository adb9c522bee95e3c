"""The reference list where it begins in the middle of a column, the back matter a journal
asks for (competing interests, data availability, contributions, ethics), and one item of a
list shown alone: none of them is a finding.

The two papers (tests/fixtures/papers/ingest/refsmid, CC0) are two-column articles whose
reference list begins in the middle of page 2's left column and runs on into the right one,
after the conclusions and the back matter set as paragraphs without their labels; one names
the list with a plain "References" line at the text's size and weight, the other not at all.
"""

from pathlib import Path

import pytest
from django.conf import settings

from apps.decks.pipeline import back_matter, defects, lone_items, lost_text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.structure import SKIPPED, declaration
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import SENTENCES, _paper, measure, slide_review

REFSMID = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "refsmid"
CONCLUSION = "Dry soil delays germination most in grasses with large seeds."


@pytest.fixture(scope="module", params=["tessera-refsmid.pdf", "tessera-refsmid-unheaded.pdf"])
def paper(request, tmp_path_factory):
    return paper_read(REFSMID / request.param, Path(tmp_path_factory.mktemp("f")))


def test_the_last_section_keeps_its_text_and_nothing_of_the_reference_list(paper):
    last = paper.sections[-1]
    assert last.title == "Conclusions"
    assert len(last.paragraphs) == 1 and last.paragraphs[0].startswith(CONCLUSION)
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    for entry in ("Seed weight in relation", "Ecology", "997", "Westoby", "Maun"):
        assert entry not in text


def test_the_back_matter_after_the_conclusions_is_no_paragraph(paper):
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    for statement in ("conflict of interest", "Meadow Trust", "designed the experiment"):
        assert statement not in text
    assert "reasonable request" not in text and "ethics committee" not in text


def test_the_body_before_the_list_is_whole(paper):
    titles = [s.title for s in paper.sections]
    assert titles[-4:] == ["Results", "Discussion", "Limitations", "Conclusions"]
    assert sum(len(s.paragraphs) for s in paper.sections) >= 10


@pytest.mark.parametrize(
    "title",
    [
        "Conflict of interest",
        "Conflicts of Interest",
        "Declaration of competing interest",
        "Data availability",
        "Data and code availability",
        "Availability of data and materials",
        "Author contributions",
        "Authors' contributions",
        "Ethics approval",
        "Consent for publication",
        "Copying",
        "Licence",
        "Copyright notice",
    ],
)
def test_the_back_matter_headings_are_no_section(title):
    assert SKIPPED.match(title)


@pytest.mark.parametrize(
    "title",
    [
        "Contributions",
        "Ethics of automated grading",
        "Data",
        "Results and availability",
        "Copying data between regions",
        "Licences of the crawled pages",
    ],
)
def test_headings_of_the_body_are_kept(title):
    assert not SKIPPED.match(title)


DECLARATIONS = [
    "The authors declare that they have no conflict of interest.",
    "The authors declare no competing interests.",
    "There are no conflicts of interest to declare.",
    "The data that support the findings of this study are available from the corresponding "
    "author on reasonable request.",
    "Code and data are openly available at https://example.org/meadow.",
    "A.L. designed the experiment and collected the data; T.R. analysed the data and wrote the "
    "paper.",
    "All authors read and approved the final manuscript.",
    "The study was approved by the ethics committee of the University of Tessera.",
    "Informed consent was obtained from all participants.",
    # the document's licence, copyright and warranty
    "These notes are licensed under a Creative Commons Attribution 4.0 International License.",
    "The guide is distributed ‘as is’, in the hope that it will be useful, but WITHOUT ANY "
    "WARRANTY; without even the implied warranty of FITNESS FOR A PARTICULAR PURPOSE.",
    "The meadow scripts are released under the terms of the GNU GPL, version 3.",
    "Copyright © 2024 the Tessera Meadow Group.",
    "The software is presented to the world under the Gnu General Public License version 2.",
    "Permission is granted to copy and distribute this document without changes.",
]
FINDINGS = [
    "The conflict of interest between growers and millers sets the price of the harvest.",
    "The data are noisy at low moisture, and the model fits them less well there.",
    "Large seeds were available in every tray from the first day.",
    "The committee approved nine of the twelve proposals in the first round.",
    "Participants gave consent more often when the form was short.",
    "We designed the experiment so that each seed saw one level of moisture.",
    "AB designs are balanced when every block holds each treatment once.",
    "The data set is available in package mlbench via the function below.",
    "The data is available in the strucchange package: it can be loaded directly.",
    "Seed weights are distributed as a gamma variable under the null hypothesis.",
    "The licence under which a farm sells its seed varies by country.",
    "We hand the sorted seeds to growers as they are, without washing them.",
]


@pytest.mark.parametrize("sentence", DECLARATIONS)
def test_a_declaration_is_back_matter_and_never_a_finding(sentence):
    assert back_matter.back_matter(sentence)
    assert ("meta_text", back_matter.back_matter(sentence)) in defects.text_defects(sentence)
    assert declaration(sentence)


@pytest.mark.parametrize("sentence", FINDINGS)
def test_a_finding_about_interests_data_or_consent_is_no_declaration(sentence):
    assert back_matter.back_matter(sentence) is None
    assert not declaration(sentence)


def test_funding_received_is_an_acknowledgement():
    sentence = "This work received funding from the Tessera Meadow Trust under award 4471."
    assert ("meta_text", "received funding") in defects.text_defects(sentence)


ENTRIES = [
    "Seed weight in relation to environmental conditions in California. Ecology 53, "
    "997–1010 (1972).",
    "A brief history of seed size. Science 307, 576–580 (2005).",
    "J. Smith and A. Jones, Phys. Rev. Lett. 85, 1234 (2000).",
    "Smith J, Jones A. Germination of meadow grasses in dry soil. Lancet. 2005;365:123–9.",
    "Seed dormancy and germination, Journal of Ecology, vol. 54, pp. 151-166, 1966.",
    "The behaviour of seeds in soil. Journal of Ecology, 54, 151–166.",
    "Crop water deficits. Advances in Agronomy, 39, 1–51. doi:10.1016/S0065-2113(08)60464-2",
]
PROSE = [
    "The model of Baker (1972) predicts that large seeds wait longer in dry soil.",
    "In 2005, 30 of the 120 plots (25%) were sown after the first rain.",
    "Germination took 4 to 19 days, 9 days on average (SD 3).",
    "Seed mass ranged from 0.4 to 2.1 mg, 1.2 mg on average in 2019.",
    "Results from Table 2, 10–20 days, agree with the field survey.",
]


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_reference_entry_without_its_authors_is_never_a_finding(entry):
    assert lost_text.reference_entry(entry)


@pytest.mark.parametrize("sentence", PROSE)
def test_prose_with_numbers_and_citations_is_no_reference_entry(sentence):
    assert lost_text.reference_entry(sentence) is None


ITEM = "(iv) Trays were rotated daily so that light fell evenly on every tray."


@pytest.mark.parametrize(
    "bullet", [ITEM, "3. Seeds were counted on the day the radicle showed.", "Step 4: Fit it."]
)
def test_one_item_of_a_list_shown_alone_is_found(bullet):
    slide = Slide(kind="bullets", title="Method", bullets=[SENTENCES[0], bullet])
    found = [i for i in slide_review(slide, measure()) if i.type == "lone_list_item"]
    assert [i.evidence["index"] for i in found] == [1]


@pytest.mark.parametrize(
    "shown",
    [
        ["1. Seeds are sown.", "2. Trays are weighed.", "3. Seeds are counted."],
        ["The three steps are (i) sowing, (ii) weighing and (iii) counting the seeds."],
        [SENTENCES[0], "3.5 percent of the seeds did not germinate."],
    ],
)
def test_a_list_shown_whole_or_a_decimal_is_no_lone_item(shown):
    slide = Slide(kind="bullets", title="Method", bullets=shown)
    assert not [i for i in slide_review(slide, measure()) if i.type == "lone_list_item"]


def test_a_lone_item_loses_its_label_and_a_lead_in_item_goes():
    assert lone_items.without_label(ITEM) == ITEM[5:]
    assert lone_items.without_label("(c) the delay grows with seed mass.") is None
    slide = Slide(kind="bullets", title="Method", bullets=[SENTENCES[0], ITEM])
    issues = [i for i in slide_review(slide, measure()) if i.type == "lone_list_item"]
    paper = _paper(1)
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    issues = [i.model_copy(update={"slide": 2}) for i in issues]
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck
    assert revised.slides[1].bullets == [SENTENCES[0], ITEM[5:]]


@pytest.mark.parametrize("name", ["References", "5 REFERENCES", "Literature Cited:"])
def test_a_plain_line_naming_the_list_ends_the_body(name):
    lines = (
        "Dry soil delays germination most in grasses with large seeds.",
        name,
        "Baker, H. G. (1972). Seed weight in relation to environmental conditions.",
        "Rees, M. (1996). Evolutionary ecology of seed dormancy and seed size.",
    )
    assert _read(lines) == [lines[0]]


def test_a_line_ending_a_sentence_with_the_word_is_no_list_name():
    lines = (
        "Dry soil delays germination most, as in the",
        "references.",
        "It is so in every tray.",
    )
    assert _read(lines) == [
        "Dry soil delays germination most, as in the references.",
        lines[2],
        AFTER,
    ]


AFTER = "A section after the list is no part of the body."


def _read(lines: tuple[str, ...]) -> list[str]:
    from tests.decks.test_ingest_reference_list import _paragraphs

    return _paragraphs(lines, after=AFTER)
