"""Screenshot pages of a running Tessera, logged in as a demo user (for looking at the UI).

usage: python scripts/screenshot.py BASE_URL OUT_DIR PATH [PATH ...] [--user ana]
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderers.browser import launch  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("base_url")
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--user", default="ana")
    parser.add_argument("--password", default="tessera-demo")
    parser.add_argument("--width", type=int, default=1440)
    parser.add_argument("--height", type=int, default=900)
    args = parser.parse_args()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": args.width, "height": args.height})
        page.on(
            "console", lambda m: print(f"console {m.type}: {m.text}") if m.type == "error" else None
        )
        page.goto(f"{args.base_url}/login/")
        page.screenshot(path=str(args.out_dir / "login.png"))
        page.fill("#id_username", args.user)
        page.fill("#id_password", args.password)
        page.click("button[type=submit]")
        page.wait_for_load_state("networkidle")
        for path in args.paths:
            page.goto(f"{args.base_url}{path}")
            page.wait_for_timeout(800)
            name = path.strip("/").replace("/", "_") or "home"
            page.screenshot(path=str(args.out_dir / f"{name}.png"), full_page=True)
            print(args.out_dir / f"{name}.png")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
