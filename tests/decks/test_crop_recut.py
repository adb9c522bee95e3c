"""A crop the checks find cut is re-cropped from the page, not dropped: the page number an edge
grazes is painted out (the edge does not move into the drawing), the rest of a listing the edge
cuts is taken in, and only a region no re-cropping makes clean stays defective (the reviewer
reports it and the figure goes)."""

from __future__ import annotations

from apps.decks.pipeline.crops import box_findings, crop_clean, crop_final, crop_masks, crop_recut
from apps.decks.pipeline.paper import PageText

DRAWING = (40.0, 81.0, 277.0, 188.0)  # a plot at the top of a page, under its page number
PAGE_NUMBER = PageText(bbox=(93.0, 72.0, 97.0, 80.0), kind="header", text="2")
AXIS_TITLE = PageText(bbox=(130.0, 186.0, 190.0, 196.0), kind="label", text="iterations")


def _clean(box, nearby) -> bool:
    return not any(box_findings(box, nearby, crop_masks(box, nearby)))


def test_a_page_number_grazed_by_the_margin_is_painted_out():
    nearby = [PAGE_NUMBER, AXIS_TITLE]
    first = crop_clean(DRAWING, nearby)
    assert not _clean(first, nearby)  # what ingestion used to keep: the page number cut
    box, masks = crop_final(DRAWING, nearby)
    assert not any(box_findings(box, nearby, masks))
    # the page number's piece is painted out; the top edge stays where the drawing starts
    assert box[:3] == DRAWING[:3]
    assert any(m[0] <= 93 and m[2] >= 97 and m[1] <= 77 <= m[3] for m in masks)
    assert box[3] >= AXIS_TITLE.bbox[3]  # the axis title the bottom edge cut is in, whole


def test_the_rest_of_a_listing_cut_by_an_edge_is_taken_in():
    lines = [
        PageText(bbox=(60.0, 100.0 + 10 * n, 240.0, 108.0 + 10 * n), kind="label", text=f"x{n}")
        for n in range(4)
    ]
    region = (55.0, 95.0, 250.0, 115.0)  # shows two of the four lines, the edge between
    assert not _clean(crop_clean(region, lines), lines)
    box, _ = crop_final(region, lines)
    assert _clean(box, lines)
    assert box[3] >= lines[-1].bbox[3]


def test_no_clean_crop_exists_when_text_runs_through_the_middle():
    body = PageText(
        bbox=(30.0, 120.0, 290.0, 150.0), kind="body", text="the sentence across the drawing"
    )
    assert crop_recut(DRAWING, [body]) is None
    box, _ = crop_final(DRAWING, [body])
    assert not _clean(box, [body])  # kept as it was, for the reviewer to report
