"""What ingestion extracts from a PDF: the paper as the proposers see it."""

from typing import Literal

from pydantic import BaseModel, Field


class Mention(BaseModel):
    """A sentence of the paper that refers to a figure or table."""

    text: str
    section: str


class PageText(BaseModel):
    """A line of text on a figure's page near its crop (crop checks look at these)."""

    bbox: tuple[float, float, float, float]  # x0, top, x1, bottom in PDF points
    kind: Literal["body", "header", "caption", "heading", "label"]
    text: str


class FigurePart(BaseModel):
    """One panel (or row of panels) of a figure, cropped on its own: a slide shows it at full
    size when the whole figure's labels would be too small to read (ingest/panel_parts.py)."""

    image: str  # file name, relative to the figures folder ("fig-7-part1.png")
    width_px: int
    height_px: int
    bbox: tuple[float, float, float, float]  # its region of the page, in PDF points


class Figure(BaseModel):
    """A figure or table cropped from the page, with its caption."""

    id: str  # "fig-3", "tab-1": also the image's file stem
    kind: Literal["figure", "table"]
    number: int
    label: str  # "Figure 3", "Table 1"
    caption: str  # without the label
    page: int  # 1-based
    bbox: tuple[float, float, float, float]  # x0, top, x1, bottom in PDF points
    image: str  # file name, relative to the figures folder
    width_px: int
    height_px: int
    mentions: list[Mention] = Field(default_factory=list)
    section: str = ""  # section of the first mention, else of the figure itself
    carries_results: bool = True  # tables: numeric content or results vocabulary
    text_pt: float = 0.0  # smallest font size of the text inside the crop (axis labels), 0: none
    nearby: list[PageText] = Field(default_factory=list)  # page text in and around the crop
    # pieces of foreign lines reaching into the crop (page points), painted white (crops.py)
    masks: list[tuple[float, float, float, float]] = Field(default_factory=list)
    panels: int = 1  # stacked panels laid out side by side in the image (see ingest/panels.py)
    # False: a drawing the paper gives no caption (a Sweave plot); its label is only "Figure"
    # and its caption the sentence that introduces it, or "" (ingest/drawings.py)
    captioned: bool = True
    # the caption's own box on the page (x0, top, x1, bottom), or None: the crop must stand
    # next to it (crops.off_caption)
    caption_bbox: tuple[float, float, float, float] | None = None
    # its panels cropped apart, in reading order, when each alone is drawn with labels large
    # enough to read and the whole is not (empty otherwise)
    parts: list[FigurePart] = Field(default_factory=list)

    @property
    def aspect(self) -> float:
        return self.width_px / max(1, self.height_px)


class Equation(BaseModel):
    """A display equation, rebuilt as TeX from the glyphs (see ingest/equations.py)."""

    number: str = ""  # "3" for "(3)"; empty when unnumbered
    tex: str
    section: str = ""
    page: int
    # The sentence that introduces it, ending with a colon ("Local conservation requires:"),
    # or "" when the text before it is no sentence leading into it.
    lead: str = ""
    # How many glyphs the PDF draws at the display's size, a script's and a script of a
    # script's: a formula shown for it must set as many that small (script_levels.py).
    levels: list[int] = Field(default_factory=list)


class Listing(BaseModel):
    """A block of program code or its printed output, as the paper sets it between paragraphs
    (ingest/listings.py): kept so that a slide whose bullet talks about it can show it."""

    after: int  # how many of its section's paragraphs come before it
    text: str  # its lines, indentation kept
    page: int = 0


class Section(BaseModel):
    number: str = ""  # "2.1"
    title: str
    level: int = 1
    paragraphs: list[str] = Field(default_factory=list)
    listings: list[Listing] = Field(default_factory=list)
    # the whole text under a placeholder title, when no heading was found: no slide's title
    untitled: bool = False

    @property
    def heading(self) -> str:
        return f"{self.number} {self.title}".strip()

    @property
    def words(self) -> int:
        return sum(len(p.split()) for p in self.paragraphs)


class Paper(BaseModel):
    title: str
    authors: list[str] = Field(default_factory=list)
    doi: str = ""
    venue: str = ""
    year: str = ""
    abstract: str = ""
    sections: list[Section] = Field(default_factory=list)
    figures: list[Figure] = Field(default_factory=list)
    equations: list[Equation] = Field(default_factory=list)
    # The last line of text before each display equation the text runs on into without a
    # number to point at ("… does not change at all" + display): the sentence ending with it
    # lost its mathematics (ingest/cut_at_display.py). For detectors of holes (lost_text.py).
    lost_math: list[str] = Field(default_factory=list)
    pages: int
    source_name: str  # the PDF's file name
    # What the PDF's text layer lost and ingestion could not read back (a font's letter with no
    # text: ingest/lost_letters.py); the deck's summary says so.
    text_layer: list[str] = Field(default_factory=list)
    # The words of the PDF's lines at the body's size, and those of them ingestion kept out of
    # the paragraphs, by what it took them for (ingest/set_aside.py): why a deck stays thin.
    body_words: int = 0
    set_aside: dict[str, int] = Field(default_factory=dict)
    # The reference list's entries by the marker the text cites them with ("8" for "[8]"):
    # no slide shows them; they say what a citation cites (shown_objects.cites_own_project).
    references: dict[str, str] = Field(default_factory=dict)

    def figure(self, figure_id: str) -> Figure | None:
        return next((f for f in self.figures if f.id == figure_id), None)

    def equation(self, number: str) -> Equation | None:
        return next((e for e in self.equations if e.number == number), None)

    def outline(self) -> str:
        """A compact text outline (headings and word counts) for model prompts and logs."""
        lines = [f"{self.title} — {', '.join(self.authors)}"]
        for section in self.sections:
            indent = "  " * (section.level - 1)
            lines.append(f"{indent}{section.heading} ({section.words} words)")
        return "\n".join(lines)
