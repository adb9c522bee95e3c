"""One reading of a sentence that leads into what its slide shows under it.

A display's or a listing's introduction ("… is given by:", "… by adding the following to the
file:", "Substituting (2) into (1) gives:") carries what would be defects anywhere else: it
ends on its object, its "the following" points ahead, it names displays by number. Under the
display or listing it announces, they are what it says of that display. The reviewer, the
repairs that put a lead over a display or listing, and the loop's guards that reread every new
or lost bullet used to each decide this with their own code; where the codes differed, a
guard undid a lead a repair had put there on purpose (a listing's introduction taken back as
a dangling pointer), or a repair turned down a lead the reviewer reads as sound. They all ask
here:

- `leads_shown(slide, index)`: bullet `index` is the colon-ended introduction of the display
  or listing the slide shows right under it;
- `LISTING_POINTERS`: what a listing's introduction may point at (the listing under it);
- `excused(kind, part, tex)`: a text defect of a lead that is only what leads into the display
  `tex` (or the listing) under it;
- `lead_defects(lead, tex)`: a lead's text defects once it stands over its display;
- `bullet_defects(slide, index)`: the text defects of bullet `index` where it stands.
"""

from __future__ import annotations

from apps.decks.pipeline import defects, display_math
from apps.decks.pipeline.slide_deck import Slide

# what a listing's introduction may point at, said or not with a colon: the listing under it
# (the listing repair keeps such a pointer on purpose, repair._introducing)
LISTING_POINTERS = frozenset({"dangling_pointer"})


def leads_listing(slide: Slide, bullet: str) -> bool:
    """Is `bullet` the introduction the slide's listing stands under (its code lead)?"""
    return bool(slide.code.strip()) and bullet == slide.code_lead


def leads_shown(slide: Slide, index: int) -> bool:
    """Is bullet `index` the colon-ended introduction of the display the slide shows (the last
    bullet over it) or of the listing it shows (its code lead)?"""
    if not 0 <= index < len(slide.bullets):
        return False
    bullet = slide.bullets[index]
    if not bullet.rstrip().endswith(":"):
        return False
    if leads_listing(slide, bullet):
        return True
    return bool(slide.equation) and index == slide.bullets_over_equation() - 1


def excused(kind: str, part: str, tex: str = "") -> bool:
    """Is a text defect of a lead only what leads into the display `tex` (or a listing) under
    it: its cut-looking end or pointer ahead, or a display number the display shows as a tag?"""
    from apps.decks.pipeline.propose import displays  # displays reads leads through here

    return display_math.announces_display(kind, part) or (
        kind == "equation_number" and bool(tex) and displays.names_shown_displays(part, tex)
    )


def lead_defects(lead: str, tex: str = "") -> list[tuple[str, str]]:
    """The text defects of `lead` standing over the display `tex` (a listing when empty)."""
    return [(k, p) for k, p in defects.text_defects(lead) if not excused(k, p, tex)]


def bullet_defects(slide: Slide, index: int) -> list[tuple[str, str]]:
    """The text defects (defects.text_defects) of bullet `index` of `slide` as the reviewer
    reads it there: a lead over what the slide shows keeps only its other defects; a listing's
    introduction that ends without a colon still points at the listing under it."""
    bullet = slide.bullets[index]
    found = defects.text_defects(bullet)
    if leads_listing(slide, bullet):
        found = [(k, p) for k, p in found if k not in LISTING_POINTERS]
        return [(k, p) for k, p in found if not (leads_shown(slide, index) and excused(k, p))]
    if leads_shown(slide, index):
        return [(k, p) for k, p in found if not excused(k, p, slide.equation)]
    return found


def text_defects_on(slide: Slide, bullet: str) -> list[tuple[str, str]]:
    """`bullet_defects` for a bullet given by its text; a text not on the slide is read alone."""
    if bullet in slide.bullets:
        return bullet_defects(slide, slide.bullets.index(bullet))
    return defects.text_defects(bullet)
