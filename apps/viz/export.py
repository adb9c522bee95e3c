"""Static PNG export of figure JSON for reports, through one kaleido browser reused per process.

Starting Chromium costs about a second; the first export starts kaleido's sync server and later
exports reuse it. Exported images get a white page, since a transparent PNG pasted into a
document with a dark background would lose its text.
"""

import atexit
import copy
import threading
from typing import Any

import kaleido

EXPORT_WIDTH = 960  # CSS pixels; a slide or report column
EXPORT_HEIGHT = 540
EXPORT_SCALE = 2  # device pixel ratio: sharp when printed
EXPORT_BACKGROUND = "#ffffff"

_lock = threading.Lock()
_started = False


def figure_png(
    figure: dict[str, Any],
    *,
    width: int = EXPORT_WIDTH,
    height: int = EXPORT_HEIGHT,
    scale: float = EXPORT_SCALE,
) -> bytes:
    """PNG bytes of a figure built by figure_build."""
    figure = copy.deepcopy(figure)
    layout = figure.setdefault("layout", {})
    layout["paper_bgcolor"] = EXPORT_BACKGROUND
    opts = {"format": "png", "width": width, "height": height, "scale": scale}
    with _lock:
        _server_start()
        return kaleido.calc_fig_sync(figure, opts=opts)


def _server_start() -> None:
    global _started
    if not _started:
        kaleido.start_sync_server(silence_warnings=True)
        atexit.register(kaleido.stop_sync_server, silence_warnings=True)
        _started = True
