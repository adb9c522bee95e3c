"""Load a built deck in Chromium, screenshot and measure every slide.

The build is served to the page through Playwright's request interception from a made-up
origin, so no port is opened and every other request (fonts, favicons, trackers) is refused:
the deck that passes review is the deck that works offline.
"""

from __future__ import annotations

import mimetypes
import re
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PIL import Image, ImageChops, ImageDraw, ImageStat
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, sync_playwright

from apps.decks import errors, limits
from apps.decks.pipeline.render.measure import Pixels, SlideMeasure
from renderers import browser

MEASURE_JS = (
    Path(__file__).resolve().parents[4] / "renderers" / "slidev" / "measure.js"
).read_text()
ORIGIN = "http://deck.tessera.invalid/"
CANVAS = (980, 552)
SLIDE_TIMEOUT_MS = 20_000
WAIT_READY_JS = """(n) => {
  const layout = document.querySelector(`.slidev-page-${n} .slidev-layout`);
  if (!layout) return false;
  return [...layout.querySelectorAll("img")].every((img) => img.complete);
}"""


class Renderer:
    """One Chromium for all rounds of a deck: `with Renderer() as r: r.render(...)`."""

    def __init__(self, device_scale: float = 2.0):
        self.device_scale = device_scale
        self._playwright = None
        self._browser = None

    def __enter__(self) -> Renderer:
        self._playwright = sync_playwright().start()
        try:
            self._browser = browser.launch(self._playwright)
        except browser.BrowserUnavailable as exc:
            self._playwright.stop()
            raise errors.RendererError(str(exc)) from exc
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._browser is not None:
            self._browser.close()
        if self._playwright is not None:
            self._playwright.stop()

    def render(
        self,
        build_dir: Path,
        slide_count: int,
        shots_dir: Path,
        figures_dir: Path,
        on_slide: Callable[[int, int], None] | None = None,
    ) -> list[SlideMeasure]:
        """Screenshot slide k to shots_dir/kk.png and measure it, for k = 1..slide_count."""
        assert self._browser is not None, "use Renderer as a context manager"
        shots_dir.mkdir(parents=True, exist_ok=True)
        context = self._browser.new_context(
            viewport={"width": CANVAS[0], "height": CANVAS[1]},
            device_scale_factor=self.device_scale,
            color_scheme="light",
            reduced_motion="reduce",
        )
        try:
            page = context.new_page()
            page.route("**/*", lambda route: _serve(route, build_dir))
            try:
                page.goto(f"{ORIGIN}index.html#/1", wait_until="load", timeout=SLIDE_TIMEOUT_MS)
            except PlaywrightError as exc:
                raise errors.RendererError(f"The built deck did not load: {exc}") from exc
            measures = []
            for number in range(1, slide_count + 1):
                if on_slide is not None:
                    on_slide(number, slide_count)
                measures.append(self._slide(page, number, shots_dir, figures_dir))
            return measures
        finally:
            context.close()

    def _slide(self, page: Page, number: int, shots_dir: Path, figures_dir: Path) -> SlideMeasure:
        page.evaluate(f"location.hash = '#/{number}'")
        try:
            page.wait_for_function(WAIT_READY_JS, arg=number, timeout=SLIDE_TIMEOUT_MS)
            page.evaluate("document.fonts.ready.then(() => true)")
        except PlaywrightError:
            return SlideMeasure(slide=number, missing=True)
        raw = page.evaluate(MEASURE_JS, number)
        measure = SlideMeasure.model_validate(raw)
        name = f"{number:02d}.png"
        path = shots_dir / name
        page.screenshot(path=str(path), animations="disabled", caret="hide")
        measure.screenshot = name
        measure.pixels = pixels_check(path, measure, figures_dir, self.device_scale)
        return measure


def _serve(route: Route, build_dir: Path) -> None:
    url = route.request.url
    if not url.startswith(ORIGIN):
        route.abort()
        return
    relative = url[len(ORIGIN) :].split("#", 1)[0].split("?", 1)[0] or "index.html"
    root = build_dir.resolve()
    path = (root / relative).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        path = root / "index.html"
    content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    route.fulfill(status=200, body=path.read_bytes(), content_type=content_type)


def pixels_check(
    path: Path, measure: SlideMeasure, figures_dir: Path, device_scale: float
) -> Pixels:
    """Ink at the edges, how much of the slide is inked, and whether each figure's pixels
    match the figure cropped from the paper."""
    with Image.open(path) as opened:
        shot = opened.convert("RGB")
    width, height = shot.size
    ink = _ink_mask(shot, (255, 255, 255))
    # Decorative bands (a coloured stripe along a whole side) are design, not content.
    columns = _full_lines(ink.resize((width, 1), Image.Resampling.BOX), (width, height))
    rows = _full_lines(ink.resize((1, height), Image.Resampling.BOX), (width, height))
    content = ImageChops.subtract(ink, ImageChops.lighter(columns, rows))
    ink_fraction = ImageStat.Stat(content).mean[0] / 255

    margin = max(1, round(limits.get("edge_margin_px") * device_scale))
    strips = {
        "top": (0, 0, width, margin),
        "bottom": (0, height - margin, width, height),
        "left": (0, 0, margin, height),
        "right": (width - margin, 0, width, height),
    }
    edges = {side: int(sum(content.crop(box).histogram()[1:])) for side, box in strips.items()}

    diffs: dict[str, float] = {}
    for image in measure.images:
        if not image.figure or image.visible.area < 400:
            continue
        # a part of a figure (fig-7-part2.png) is compared with the part's own image
        part = re.search(rf"{re.escape(image.figure)}-part\d+", image.src)
        source = figures_dir / f"{part.group(0) if part else image.figure}.png"
        if not source.exists():
            continue
        diffs[image.figure] = round(_figure_difference(shot, image, source, device_scale), 3)
    empty_width, empty_height = _empty_bands(content, measure, device_scale)
    return Pixels(
        ink_fraction=round(ink_fraction, 4),
        edges=edges,
        figure_diff=diffs,
        empty_width=empty_width,
        empty_height=empty_height,
    )


def _empty_bands(content: Image.Image, measure: SlideMeasure, scale: float) -> tuple[float, float]:
    """Longest empty column run and row run in the slide's body (below the title, inside the
    margins), with every figure and text box counted as filled."""
    filled = content.copy()
    draw = ImageDraw.Draw(filled)
    boxes = [t.rect for t in measure.texts] + [i.drawn for i in measure.images]
    for r in boxes:
        draw.rectangle([r.x * scale, r.y * scale, (r.x + r.w) * scale, (r.y + r.h) * scale], 255)
    titles = [t.rect.y + t.rect.h for t in measure.texts if t.role == "title"]
    top = (max(titles) + 8 if titles else 60) * scale
    left, right = 40 * scale, (measure.canvas.w - 40) * scale
    bottom = (measure.canvas.h - 16) * scale
    if bottom - top < 20 or right - left < 20:
        return 0.0, 0.0
    body = filled.crop((int(left), int(top), int(right), int(bottom)))
    columns = list(body.resize((body.width, 1), Image.Resampling.BOX).tobytes())
    rows = list(body.resize((1, body.height), Image.Resampling.BOX).tobytes())
    width = _longest_run(columns) / (measure.canvas.w * scale)
    height = _longest_run(rows) / (measure.canvas.h * scale)
    return round(width, 3), round(height, 3)


def _longest_run(profile: list[int]) -> int:
    best = run = 0
    for value in profile:
        run = run + 1 if value == 0 else 0
        best = max(best, run)
    return best


def _ink_mask(image: Image.Image, background: tuple[int, int, int]) -> Image.Image:
    plain = Image.new("RGB", image.size, background)
    difference = ImageChops.difference(image, plain).convert("L")
    return difference.point(lambda v: 255 if v > 40 else 0)


def _full_lines(profile: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A row or column profile of an ink mask → mask of the lines that are inked end to end."""
    return profile.point(lambda v: 255 if v > 242 else 0).resize(size, Image.Resampling.NEAREST)


def _figure_difference(shot: Image.Image, image, source: Path, device_scale: float) -> float:
    visible, drawn = image.visible, image.drawn
    crop_box = tuple(
        round(v * device_scale)
        for v in (visible.x, visible.y, visible.x + visible.w, visible.y + visible.h)
    )
    seen = shot.crop(crop_box).convert("L").resize((64, 64))
    with Image.open(source) as opened:
        original = opened.convert("L")
    # The part of the source picture that should be visible.
    fx0 = (visible.x - drawn.x) / drawn.w
    fy0 = (visible.y - drawn.y) / drawn.h
    fx1 = (visible.x + visible.w - drawn.x) / drawn.w
    fy1 = (visible.y + visible.h - drawn.y) / drawn.h
    expected = original.crop(
        (
            round(fx0 * original.width),
            round(fy0 * original.height),
            round(fx1 * original.width),
            round(fy1 * original.height),
        )
    ).resize((64, 64))
    return ImageStat.Stat(ImageChops.difference(seen, expected)).mean[0] / 255
