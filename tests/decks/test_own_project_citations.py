"""A citation of the paper's own project page ("[2] Kelpwatch: a toolkit for counting kelp.
https://…", no author) is the paper's own work: a bullet made of the sentence citing it is no
"previous study" of someone else, and the reviewer does not report it as earlier work shown
without its citation. A web page with no author (a program's site) is no study either: a
bullet citing it is never rewritten as "A previous study reports that …". The reference list
is read by the ingest (on the workshop paper of tests/fixtures/papers/ingest/headerblock) and
the rules and the repair read it; the paper and slides here are made up."""

from __future__ import annotations

from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review.object_rules import source_not_shown
from apps.decks.pipeline.shown_objects import (
    attributed,
    cited_entries,
    cites_own_project,
    unauthored_web_entry,
)
from tests.decks.test_shown_objects import _deck, _discussed, _found, _repaired, _results

FINDING = "Under a late frost, the blossoms of young pear trees were shown to fall early"
REFERENCES = {
    "1": "I. Moss and P. Reed. Pear blossoms under frost. Annals of Orchards, 12:4–19, 2029.",
    "2": "Frostguard: a sensor network for orchards. https://frostguard.example.org/docs, 2031.",
    "3": "Tileserve. http://tileserve.example.net/, 2030.",
    "4": "Moss, I. Frost maps online. https://moss.example.org/maps, 2030.",
}
TITLE = "Frostguard: sensing late frosts in pear orchards"


def _paper(marker: str):
    return _discussed(f"{FINDING} {marker}.").model_copy(
        update={"title": TITLE, "references": REFERENCES}
    )


def test_the_entries_a_sentence_cites_are_found_by_their_markers():
    assert cited_entries("As found [1, 3–4].", REFERENCES) == [
        REFERENCES["1"],
        REFERENCES["3"],
        REFERENCES["4"],
    ]
    assert cited_entries("No marker here.", REFERENCES) == []
    assert unauthored_web_entry(REFERENCES["2"]) and unauthored_web_entry(REFERENCES["3"])
    assert not unauthored_web_entry(REFERENCES["1"])  # a study: no web address, authors
    assert not unauthored_web_entry(REFERENCES["4"])  # a web page with its author


def test_the_papers_own_project_page_is_told_from_another_site_and_a_study():
    assert cites_own_project(f"{FINDING} [2].", TITLE, REFERENCES)
    assert not cites_own_project(f"{FINDING} [3].", TITLE, REFERENCES)
    assert not cites_own_project(f"{FINDING} [1].", TITLE, REFERENCES)
    # a title naming no system of its own has no project page to cite
    assert not cites_own_project(f"{FINDING} [2].", "Late frosts in pear orchards", REFERENCES)


def test_a_bullet_citing_the_papers_own_project_is_its_own_statement():
    paper = _paper("[2]")
    assert _found(source_not_shown, _deck(_results([FINDING], "")), paper) == []
    assert _repaired(paper, FINDING) == [FINDING]


def test_a_bullet_citing_a_site_with_no_author_is_never_said_to_be_a_previous_study():
    paper = _paper("[3]")
    deck = _deck(_results([FINDING], ""))
    issues = _found(source_not_shown, deck, paper)
    assert [i.type for i in issues] == ["source_not_shown"]  # still not the paper's finding
    revised, _ = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    bullets = revised.slides[1].bullets
    assert not any(b.startswith(("A previous study", "Previous studies")) for b in bullets)
    assert attributed(FINDING, f"{FINDING} [3].", REFERENCES) is None


def test_a_study_with_authors_is_still_earlier_work():
    paper = _paper("[1]")
    assert _repaired(paper, FINDING)[0].startswith("A previous study reports that")
    assert attributed(FINDING, f"{FINDING} [1].", REFERENCES).startswith("A previous study")


def test_the_reference_list_read_from_a_pdf_tells_the_own_project(tmp_path):
    pdf = (
        settings.BASE_DIR
        / "tests/fixtures/papers/ingest/headerblock/tessera-headerblock-workshop.pdf"
    )
    paper = paper_read(pdf, tmp_path / "figures")
    own = next(p for s in paper.sections for p in s.paragraphs if "[2]" in p)
    sentence = next(s for s in own.split(". ") if "[2]" in s)
    assert cites_own_project(sentence, paper.title, paper.references)
    others = [p for s in paper.sections for p in s.paragraphs if "[1]" in p]
    other = next(s for p in others for s in p.split(". ") if "[1]" in s and "[2]" not in s)
    assert not cites_own_project(other, paper.title, paper.references)
