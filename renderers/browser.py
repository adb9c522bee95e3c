"""The one way Tessera starts a browser: the system Chromium, driven by Playwright.

Playwright cannot download browsers on these machines (ENVIRONMENT.md, "Browser"), so every
caller goes through `launch()`, which points Playwright at the system binary with flags that
keep it headless, sandbox-free in containers and silent on the network.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import Browser, Playwright

from project import env

env.declare(
    "TESSERA_CHROMIUM",
    "/usr/bin/chromium",
    "Chromium binary used for slide rendering, screenshots and exports.",
)

CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

MISSING_CHROMIUM = (
    "Chromium was not found at {path}. Install it (`apt-get install -y chromium`) or set "
    "TESSERA_CHROMIUM to its path."
)


class BrowserUnavailable(RuntimeError):
    """The system Chromium is missing or cannot start."""


def chromium_path() -> Path:
    """Path of the Chromium binary; raises BrowserUnavailable when it is not there."""
    configured = env.read("TESSERA_CHROMIUM")
    path = Path(configured) if os.sep in configured else Path(shutil.which(configured) or "")
    if not path.is_file() or not os.access(path, os.X_OK):
        raise BrowserUnavailable(MISSING_CHROMIUM.format(path=configured))
    return path


def launch(playwright: Playwright, *, timeout_ms: float = 30_000) -> Browser:
    """A launched headless Chromium; the caller closes it (`with launch(p) as browser:`)."""
    try:
        return playwright.chromium.launch(
            executable_path=str(chromium_path()),
            args=list(CHROMIUM_ARGS),
            timeout=timeout_ms,
        )
    except BrowserUnavailable:
        raise
    except Exception as exc:
        raise BrowserUnavailable(f"Chromium could not start: {exc}") from exc
