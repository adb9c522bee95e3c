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
    kind: str = "figure",
    page: int = 1,
) -> Figure:
    """A figure (or a table, `kind="table"`) of page 1 unless told, a wide one unless told,
    its id and image named after its number."""
    prefix, label = ("tab", "Table") if kind == "table" else ("fig", "Figure")
    return Figure(
        id=f"{prefix}-{number}",
        kind=kind,
        number=number,
        label=f"{label} {number}",
        caption=caption,
        page=page,
        bbox=bbox,
        image=f"{prefix}-{number}.png",
        width_px=width_px,
        height_px=height_px,
        section=section,
        captioned=captioned,
    )
