"""Run-in headings: a bold, numbered heading that starts a paragraph's first line ("7.9 Federal
Copyright Notices. Several types of copyright …", as ASME and many journals set their
lowest headings). The line is split in two segments, the heading and the text after it, so
that the heading names its section and the text stays in the paragraph."""

from __future__ import annotations

from apps.decks.pipeline.ingest.layout import BOLD_FONT, Layout, Segment
from apps.decks.pipeline.ingest.structure import NUMBERED


def run_in_split(layout: Layout) -> None:
    for page in layout.pages:
        for index in range(len(page) - 1, -1, -1):
            parts = _split(page[index])
            if parts is not None:
                page[index : index + 1] = parts


def _split(segment: Segment) -> list[Segment] | None:
    if segment.role != "text" or len(segment.words) < 4:
        return None
    bold = [bool(BOLD_FONT.search(w.font)) for w in segment.words]
    if not bold[0] or all(bold):
        return None
    cut = bold.index(False)
    if any(bold[cut:]):
        return None  # bold again later: emphasis inside the text, not a run-in heading
    head, rest = segment.words[:cut], segment.words[cut:]
    if not head[-1].text.endswith(".") or len(rest) < 2:
        return None
    title = " ".join(w.text for w in head)
    if not NUMBERED.match(title.rstrip(".")):
        return None
    return [
        Segment(segment.page, head, role=segment.role, column=segment.column),
        Segment(segment.page, rest, role=segment.role, column=segment.column),
    ]
