"""Paper parts tests build by hand."""

from apps.decks.pipeline.paper import Figure


def figure(
    number: int = 1,
    caption: str = "",
    *,
    bbox: tuple[float, float, float, float] = (50, 50, 550, 350),
    width_px: int = 1000,
    height_px: int = 600,
    section: str = "",
    captioned: bool = True,
) -> Figure:
    """A figure of page 1 (a wide one unless told), its image named after its number."""
    return Figure(
        id=f"fig-{number}",
        kind="figure",
        number=number,
        label=f"Figure {number}",
        caption=caption,
        page=1,
        bbox=bbox,
        image=f"fig-{number}.png",
        width_px=width_px,
        height_px=height_px,
        section=section,
        captioned=captioned,
    )
