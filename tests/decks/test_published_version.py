"""A paper with no masthead that says in words where it was published: a vignette, a preprint
or an author's copy ("This note is a revised version of Okafor and Sato (2031), published in
the Journal of Coastal Kelp"; "This vignette is based on Okafor (2030a)", whose reference entry
under the paper's title names the journal). The cover says where and when, as the paper does;
a sentence about another work ("the model published in …") gives no venue. Papers and
sentences are invented (kelp mapping)."""

from __future__ import annotations

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.published_version import published_venue

TITLE = "Tracing Kelp from the Air"
REFERENCES = (
    "Okafor A (2030a). “Tracing kelp from the air.” Marine Mapping Letters, 4(2), 11–19. "
    "Okafor A (2030b). “Counting otters.” Coastal Notes, 2(1), 1–5."
)


def test_a_version_published_in_a_named_venue_gives_venue_and_year():
    said = "This note is a revised version of Okafor and Sato (2031), published in the Journal of Coastal Kelp."
    assert published_venue([said], TITLE, "") == ("Journal of Coastal Kelp", "2031")
    updated = "This document is an updated version of the paper published in Kelp News 3(2)."
    assert published_venue([updated], TITLE, "") == ("Kelp News 3(2)", "")
    # glued by the reading order after a display's remains, as a footnote of page 1 may be
    glued = f"The matrix is 3 1 $\\tfrac{{3}}{{5}}$ 1 {updated}"
    assert published_venue([glued], TITLE, "") == ("Kelp News 3(2)", "")
    accepted = "This is the accepted version of an article published in Ocean Optics 12."
    assert published_venue([accepted], TITLE, "") == ("Ocean Optics 12", "")


def test_a_cited_version_is_read_from_its_entry_under_the_papers_title():
    based = "This vignette is based on Okafor (2030a)."
    assert published_venue([based], TITLE, REFERENCES) == ("Marine Mapping Letters, 4(2)", "2030")
    # the authors' other work of the year, under another title, is not this paper's version
    other = "This vignette is based on Okafor (2030b)."
    assert published_venue([other], TITLE, REFERENCES) == ("", "")


def test_another_works_venue_is_not_the_papers():
    for sentence in (
        "We use the model published in Ocean Review (2019).",
        "This paper extends the model published in Ocean Review.",
        "The survey is based on Okafor (2030a).",  # not the document itself
    ):
        assert published_venue([sentence], TITLE, REFERENCES) == ("", "")


def _vignette(path):
    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=10, leading=13)
    heading = ParagraphStyle("heading", fontName="Times-Bold", fontSize=12, leading=15)
    title = ParagraphStyle("title", fontName="Times-Bold", fontSize=18, leading=22)
    story = [
        Paragraph(TITLE, title),
        Paragraph("Ada Okafor", body),
        Spacer(1, 12),
        Paragraph("Abstract", heading),
        Paragraph(
            "This vignette is based on Okafor (2030a). It shows how kelp canopies are traced "
            "from aerial photographs with a small R package.",
            body,
        ),
        Paragraph("1. Introduction", heading),
        Paragraph(
            "Kelp forests shrink and grow with the sea's temperature. Surveys by boat are slow, "
            "so we trace the canopies on photographs taken from light aircraft. The package "
            "reads each photograph, marks the floating fronds and sums their area.",
            body,
        ),
        Paragraph(
            "Each photograph is first corrected for the angle of the sun, since glare on the "
            "water hides the fronds near the aircraft's shadow. The fronds are then told from "
            "the water by their colour in the near infrared band, where kelp is bright and the "
            "sea is dark, and the marked pixels are joined into patches.",
            body,
        ),
        Paragraph("2. Results", heading),
        Paragraph(
            "On forty photographs of one bay the traced area differed from the divers' count by "
            "four percent on average. The tracing took two minutes a photograph.",
            body,
        ),
        Paragraph("References", heading),
        Paragraph(REFERENCES.split(" Okafor A (2030b)")[0], body),
        Paragraph("Okafor A (2030b). “Counting otters.” Coastal Notes, 2(1), 1–5.", body),
    ]
    SimpleDocTemplate(str(path), pagesize=A4).build(story)
    return path


def test_the_cover_of_a_vignette_gets_the_venue_its_abstract_names(tmp_path):
    paper = paper_read(_vignette(tmp_path / "kelp.pdf"), tmp_path / "figures")
    assert paper.venue == "Marine Mapping Letters, 4(2)"
    assert paper.year == "2030"
