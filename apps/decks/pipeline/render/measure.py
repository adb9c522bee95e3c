"""What the renderer measures on each slide (DOM) and on its screenshot (pixels)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Rect(BaseModel):
    x: float
    y: float
    w: float
    h: float

    @property
    def area(self) -> float:
        return max(0.0, self.w) * max(0.0, self.h)


class Size(BaseModel):
    w: float
    h: float


class TextBox(BaseModel):
    text: str
    words: int
    role: str  # title | body | caption | chrome | code (a listing's text)
    font_px: float
    contrast: float
    opacity: float
    rect: Rect


class ImageBox(BaseModel):
    src: str
    figure: str = ""
    natural: Size
    loaded: bool
    fit: str
    frame: Rect  # the <img> element's box
    drawn: Rect  # where the picture is painted (object-fit applied; may exceed the frame)
    visible: Rect  # the painted part that can be seen
    visible_fraction: float
    distortion: float = 0.0
    opacity: float = 1.0
    filter: str = ""


class Background(BaseModel):
    size: str
    rect: Rect


class Overflow(BaseModel):
    bottom_px: float = 0.0
    right_px: float = 0.0
    left_px: float = 0.0
    scroll_px: float = 0.0
    lowest: dict[str, float] = Field(default_factory=dict)  # role → bottom edge of its lowest box


class Overlap(BaseModel):
    a: str
    b: str
    area_px: float


class Pixels(BaseModel):
    ink_fraction: float
    edges: dict[str, int] = Field(default_factory=dict)  # ink pixels in each edge strip
    figure_diff: dict[str, float] = Field(default_factory=dict)  # figure id → mean difference
    # Widest run of empty columns and tallest run of empty rows below the title, as shares of
    # the slide's width and height (figures and text boxes count as filled).
    empty_width: float = 0.0
    empty_height: float = 0.0


class MathRendered(BaseModel):
    rendered: int = 0  # KaTeX formulas on the slide
    errors: list[str] = Field(default_factory=list)  # formulas KaTeX could not parse


class SlideMeasure(BaseModel):
    slide: int
    missing: bool = False
    canvas: Size = Size(w=980, h=552)
    scale: float = 1.0
    overflow: Overflow = Field(default_factory=Overflow)
    texts: list[TextBox] = Field(default_factory=list)
    images: list[ImageBox] = Field(default_factory=list)
    backgrounds: list[Background] = Field(default_factory=list)
    overlaps: list[Overlap] = Field(default_factory=list)
    math: MathRendered = Field(default_factory=MathRendered)
    pixels: Pixels | None = None
    screenshot: str = ""  # file name in the round's slides/ folder

    def words(self, *roles: str) -> int:
        wanted = roles or ("title", "body", "caption")
        return sum(t.words for t in self.texts if t.role in wanted)
