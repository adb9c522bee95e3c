"""Shapes of an author block that its words alone do not tell (authors_find in structure.py).

- **Names in bold, addresses in the text face.** A conference class sets each author's name in
  bold over their affiliation and e-mail in the regular face of the same size ("Quokka
  Systems" reads like a person's name): a line not bold under bold names is an address.
- **A grid of author blocks.** Three or more rows of name / affiliation / e-mail blocks run
  further down the page than a byline does; a line past the byline's usual reach still
  belongs to the block when it follows the block closely and is set in the names' face.
- **A name wrapped over two lines.** A paragraph of names ("Ann Lee, Bo Sun, Ann Marie
  Louise" / "Okafor, Carla Diaz") may break inside a name: a line of several names that ends
  with no comma or "and" goes on with the first word of the next line.
- **An institute's block above the byline.** A report may set its institute's name and
  address (a logo's word, then smaller lines) between the title and the author's name: the
  name is the next line of names only, set larger than those address lines.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.layout import Segment

# How far under the title a byline usually reaches; a grid of author blocks goes on past it.
BYLINE_REACH = 90
GRID_REACH = 260
OPEN_END = re.compile(r"(?:,|;|&|\band)\s*$", re.I)


def address_by_face(segment: Segment, name_segment: Segment | None) -> bool:
    """A line in the regular face under names set in bold, in their size: an address."""
    return (
        name_segment is not None
        and name_segment.bold
        and not segment.bold
        and abs(segment.size - name_segment.size) <= 0.5
    )


def past_reach(segment: Segment, title_bottom: float) -> bool:
    """A line further under the title than a byline reaches: only a grid of blocks gets there."""
    return segment.top >= title_bottom + BYLINE_REACH


def in_names_face(segment: Segment, name_segment: Segment | None) -> bool:
    """A line set in the face and size of the block's first line of names."""
    return (
        name_segment is not None
        and segment.font == name_segment.font
        and abs(segment.size - name_segment.size) <= 0.5
    )


def name_goes_on(
    previous: Segment, previous_count: int, segment: Segment, found: list[str]
) -> bool:
    """Whether the first entry of a line of names ends the last name of the line before: that
    line listed several names and ended with no separator, this one is set right under it at
    a line's spacing and lists names too, and the entry is one word (a date under the names,
    "Jan 2015", is one entry after a wider gap)."""
    return (
        previous_count >= 2
        and segment.top - previous.top > 0.5 * segment.size  # the next printed line
        and segment.top - previous.bottom < 0.5 * segment.size
        and not OPEN_END.search(previous.text)
        and len(found) >= 2
        and len(found[0].split()) == 1
        and found[0][:1].isupper()
    )


def logo_word(text: str, found: list[str]) -> bool:
    """A short line with no name in it before any name (an institute's logo word)."""
    return len(text.split()) <= 3 and not any(len(n.split()) > 1 for n in found)
