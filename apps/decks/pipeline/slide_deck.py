"""A deck as proposers write it: structured slides that `render/markdown.py` turns into Slidev.

Proposers never write Slidev markdown themselves. A model's deck arrives as this JSON, is
validated here, and trusted code renders it: a model cannot add scripts, remote images, web
fonts or Vue components to a deck.

Text fields are plain text in which `$…$` is inline math (TeX, rendered by KaTeX) and `\\$` a
literal dollar sign; the markdown writer escapes everything else.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

SlideKind = Literal["title", "bullets", "figure"]
# figure-right/left: a text column beside the figure (Slidev's two-cols-header layout);
# figure-full: the figure across the slide with one line of text under it.
FigureLayout = Literal["figure-right", "figure-left", "figure-full"]
Role = Literal[
    "title", "motivation", "contributions", "method", "result", "discussion", "conclusion", ""
]

MAX_BULLETS = 8
MAX_BULLET_CHARS = 400


class Slide(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: SlideKind
    title: str = Field(max_length=160)
    bullets: list[str] = Field(default_factory=list, max_length=MAX_BULLETS)
    figure: str | None = None  # a figure id from the paper ("fig-3", "tab-1")
    # A second figure shown beside the first: one slide comparing two near-identical figures.
    figure_pair: str | None = None
    # 1-based: the slide shows that part of its figure (Figure.parts), not the whole; 0: whole
    panel: int = 0
    equation: str = Field(default="", max_length=600)  # a display equation (TeX) the slide shows
    # The bullet the display is shown under (the sentence that introduces it), so that the
    # slide keeps the paper's order: the bullets up to it, the display, the bullets after it.
    # "" (or a bullet no longer on the slide): the display goes under the last bullet.
    equation_lead: str = Field(default="", max_length=MAX_BULLET_CHARS)
    # A listing of the paper (program code, a console session) the slide shows as a fenced
    # code block, under the bullet that talks about it (`code_lead`; "" or a bullet no longer
    # on the slide: under the last bullet). code_narration.py cuts it to fit.
    code: str = Field(default="", max_length=1500)
    code_lang: str = Field(default="", max_length=20)
    code_lead: str = Field(default="", max_length=MAX_BULLET_CHARS)
    layout: FigureLayout = "figure-right"
    caption: str = Field(default="", max_length=400)
    compact: bool = False  # the stylesheet's smaller text class, for a slide that is nearly full
    # "cover" draws the figure as Slidev's image-right background, which crops it. No proposer
    # should choose it; it exists so that decks with that mistake can be represented, found by
    # the reviewer and repaired.
    fit: Literal["contain", "cover"] = "contain"
    notes: str = Field(default="", max_length=4000)
    role: Role = ""

    @field_validator("bullets")
    @classmethod
    def _bullets(cls, value: list[str]) -> list[str]:
        cleaned = [b.strip() for b in value if b.strip()]
        for bullet in cleaned:
            if len(bullet) > MAX_BULLET_CHARS:
                raise ValueError(f"a bullet is {len(bullet)} characters; keep each under 400")
        return cleaned

    def figures(self) -> list[str]:
        return [f for f in (self.figure, self.figure_pair) if f]

    def bullets_over_equation(self) -> int:
        """How many of the bullets are shown over the display: those up to its lead."""
        if self.equation_lead in self.bullets:
            return self.bullets.index(self.equation_lead) + 1
        return len(self.bullets)

    def display_lead(self) -> str:
        """The bullet that leads into the display ("… is given by:"), or "" when none does."""
        over = self.bullets_over_equation()
        lead = self.bullets[over - 1] if over else ""
        return lead if lead.rstrip().endswith(":") else ""

    def without_equation(self, bullets: list[str] | None = None) -> Slide:
        """The slide without its display (and with `bullets`, when given). The sentence that
        led into the display ("… with probability density function:") goes with it: left
        alone it leads into the next bullet, which then reads as the formula's statement."""
        kept = list(self.bullets if bullets is None else bullets)
        lead = self.display_lead() if self.equation else ""
        if lead and lead in kept:
            kept.remove(lead)
        return self.model_copy(update={"bullets": kept, "equation": "", "equation_lead": ""})


class SlideDeck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str
    authors: list[str] = Field(default_factory=list)
    venue: str = ""
    year: str = ""
    doi: str = ""
    footer: str = ""  # short citation: the cover's venue line
    slides: list[Slide] = Field(min_length=1, max_length=40)

    def figures_used(self) -> list[str]:
        seen: list[str] = []
        for slide in self.slides:
            for figure in slide.figures():
                if figure not in seen:
                    seen.append(figure)
        return seen
