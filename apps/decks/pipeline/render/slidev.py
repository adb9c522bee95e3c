"""Drive the Slidev CLI installed in renderers/slidev/ (build and export), offline."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from pathlib import Path

from apps.decks import errors, limits
from apps.decks.pipeline.render.markdown import FIGURES_DIR, style_css
from renderers.browser import chromium_path

logger = logging.getLogger(__name__)

SLIDEV_DIR = Path(__file__).resolve().parents[4] / "renderers" / "slidev"
# How long Slidev waits for each print page to settle; the retry's wait is for a loaded machine.
PAGE_TIMEOUT_MS = 60_000
RETRY_PAGE_TIMEOUT_MS = 180_000


def slidev_bin() -> Path:
    binary = SLIDEV_DIR / "node_modules" / ".bin" / "slidev"
    if not binary.exists():
        raise errors.RendererError(errors.RENDERER_MISSING.format(path=binary))
    return binary


def workspace_write(workspace: Path, markdown: str, figures: Path) -> Path:
    """Write slides.md, style.css and the figures a build needs; returns slides.md."""
    workspace.mkdir(parents=True, exist_ok=True)
    (workspace / "style.css").write_text(style_css())
    target = workspace / FIGURES_DIR
    if not target.exists():
        shutil.copytree(figures, target)
    entry = workspace / "slides.md"
    entry.write_text(markdown)
    return entry


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "CI": "1",  # no interactive prompts
            "NO_COLOR": "1",
            "FORCE_COLOR": "0",
            "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1",
            "NODE_OPTIONS": (env.get("NODE_OPTIONS", "") + " --max-old-space-size=2048").strip(),
        }
    )
    return env


def _run(step: str, arguments: list[str], cwd: Path, timeout: int) -> None:
    try:
        completed = subprocess.run(
            [str(slidev_bin()), *arguments],
            cwd=cwd,
            env=_environment(),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise errors.RendererError(
            errors.RENDERER_TIMEOUT.format(step=step, seconds=timeout)
        ) from exc
    if completed.returncode != 0:
        output = (completed.stderr or completed.stdout or "").strip().splitlines()
        detail = " / ".join(line.strip() for line in output[-6:] if line.strip()) or "no output"
        raise errors.RendererError(
            errors.RENDERER_FAILED.format(step=step, code=completed.returncode, detail=detail[:800])
        )


def build(entry: Path, out_dir: Path) -> Path:
    """`slidev build` into `out_dir` (a static single-page app with relative asset paths)."""
    if out_dir.exists():
        shutil.rmtree(out_dir)
    _run(
        "build",
        ["build", str(entry), "--out", str(out_dir), "--base", "./"],
        cwd=entry.parent,
        timeout=limits.get("slidev_build_timeout_s"),
    )
    if not (out_dir / "index.html").exists():
        raise errors.RendererError(
            errors.RENDERER_FAILED.format(step="build", code=0, detail="no index.html written")
        )
    return out_dir


def export(entry: Path, output: Path, *, fmt: str = "pdf", scale: float = 1.0) -> Path:
    """`slidev export` with the system Chromium. For png, `output` is a folder. A print page
    that does not settle in time (a loaded machine: Slidev's page waits for "networkidle") is
    tried once more with a longer wait before the export counts as failed."""
    try:
        _export(entry, output, fmt, scale, PAGE_TIMEOUT_MS)
    except errors.RendererError as error:
        if "timeout" not in str(error).lower():
            raise  # a failure of another kind, or the whole command out of time: no retry
        logger.warning("slidev export timed out once, trying again: %s", error)
        return _written(_export(entry, output, fmt, scale, RETRY_PAGE_TIMEOUT_MS), fmt)
    if not _wrote(output, fmt):
        # seen on a machine under load 10+: the command exits 0 and writes no file
        logger.warning("slidev export wrote nothing, trying again: %s", output)
        _export(entry, output, fmt, scale, RETRY_PAGE_TIMEOUT_MS)
    return _written(output, fmt)


def _wrote(output: Path, fmt: str) -> bool:
    """Did the export write its file (pdf) or at least one slide image (a png folder)?"""
    if fmt == "png":
        return output.is_dir() and any(output.rglob("*.png"))
    return output.is_file() and output.stat().st_size > 0


def _written(output: Path, fmt: str) -> Path:
    if not _wrote(output, fmt):
        raise errors.RendererError(f"slidev export --format {fmt} wrote nothing to {output}")
    return output


def _export(entry: Path, output: Path, fmt: str, scale: float, page_timeout_ms: int) -> Path:
    _run(
        f"export --format {fmt}",
        [
            "export",
            str(entry),
            "--format",
            fmt,
            "--output",
            str(output),
            "--executable-path",
            str(chromium_path()),
            "--timeout",
            str(page_timeout_ms),
            "--scale",
            str(scale),
        ],
        cwd=entry.parent,
        timeout=limits.get("slidev_export_timeout_s"),
    )
    return output
