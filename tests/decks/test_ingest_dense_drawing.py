"""A map-like figure drawn with tens of thousands of vector strokes is read in bounded time.

A climate paper's coastline maps (40,000 strokes on a page) kept a deck build busy for over half
an hour: finding the panels beside a drawing compared every stroke of the page with every
stroke it had already taken, once per growth step. The reading runs in a child process, so a
return to that behaviour fails the test instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from reportlab.graphics.shapes import Drawing, PolyLine
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import cm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from tests.decks.paperfactory import _BODY, _CAPTION, _H1, _TITLE

STROKES = 15_000  # per map; two maps share the page
# Generous: the reading takes seconds; the quadratic search took hours on this figure.
READ_LIMIT_S = 240


def _coastline(seed: int) -> Drawing:
    """A random-walk coastline of short separate strokes, like a map exported from a GIS."""
    drawing = Drawing(420, 260)
    walk = random.Random(seed)
    x, y = 20.0, 130.0
    for _ in range(STROKES):
        nx = min(400.0, max(20.0, x + walk.uniform(-1.5, 1.8)))
        ny = min(250.0, max(10.0, y + walk.uniform(-1.6, 1.6)))
        drawing.add(PolyLine([x, y, nx, ny], strokeWidth=0.3))
        x, y = (20.0, walk.uniform(10, 250)) if nx >= 400 else (nx, ny)
    return drawing


def _map_paper(path: Path) -> Path:
    body = (
        "Regional sea level differs from the global mean because of ocean dynamics and the "
        "gravitational response of the solid earth to melting ice. We scale each contribution "
        "to the regions and show the resulting patterns on maps of the coast. "
    )
    story = [
        Paragraph("Regional Patterns of Coastal Change", _TITLE),
        Paragraph("1 Introduction", _H1),
        Paragraph(body, _BODY),
        Spacer(1, 6),
        _coastline(7),
        Paragraph("<b>Figure 1:</b> Coastline segments of the northern survey.", _CAPTION),
        _coastline(8),
        Paragraph("<b>Figure 2:</b> Coastline segments of the southern survey.", _CAPTION),
        Paragraph("2 Results", _H1),
        Paragraph(body * 4, _BODY),
    ]
    SimpleDocTemplate(str(path), pagesize=A4, topMargin=2 * cm, bottomMargin=2 * cm).build(story)
    return path


READ_FIGURES = """
import json, sys
from pathlib import Path
from apps.decks.pipeline.ingest import paper_read
paper = paper_read(Path(sys.argv[1]), Path(sys.argv[2]))
print(json.dumps([f.number for f in paper.figures]))
"""


def test_a_figure_of_many_strokes_is_read_in_bounded_time(tmp_path):
    pdf = _map_paper(tmp_path / "map.pdf")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    try:
        reading = subprocess.run(
            [sys.executable, "-c", READ_FIGURES, str(pdf), str(tmp_path / "figures")],
            capture_output=True,
            text=True,
            timeout=READ_LIMIT_S,
            env=env,
            cwd=root,
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(
            f"reading a {STROKES}-stroke figure took over {READ_LIMIT_S} s"
        ) from None
    assert reading.returncode == 0, reading.stderr[-2000:]
    assert json.loads(reading.stdout.strip().splitlines()[-1]) == [1, 2]
