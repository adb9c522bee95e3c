"""A deck as proposers write it: structured slides that `markdown.py` turns into Slidev.

Proposers never write Slidev markdown themselves. A model's deck arrives as this JSON, is
validated here, and trusted code renders it: a model cannot add scripts, remote images, web
fonts or Vue components to a deck.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

SlideKind = Literal["title", "bullets", "figure"]
# figure-right/left: text column beside the figure; figure-full: figure across the slide with
# one line of text under it.
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
    layout: FigureLayout = "figure-right"
    caption: str = Field(default="", max_length=400)
    figure_height: int = Field(default=380, ge=120, le=470)  # CSS px on the 552 px canvas
    text_size: int = Field(default=22, ge=12, le=30)  # CSS px
    # "cover" fills a fixed box and crops the figure (Slidev's image-right look). No proposer
    # should choose it; it exists so that decks with that mistake can be represented, found
    # by the reviewer and repaired.
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


class SlideDeck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str
    authors: list[str] = Field(default_factory=list)
    venue: str = ""
    year: str = ""
    doi: str = ""
    footer: str = ""  # short citation shown at the bottom of every slide
    slides: list[Slide] = Field(min_length=1, max_length=40)

    def figures_used(self) -> list[str]:
        seen: list[str] = []
        for slide in self.slides:
            if slide.figure and slide.figure not in seen:
                seen.append(slide.figure)
        return seen
