"""Draw the app's PNG icons from static/icon.svg, once, with Debian's headless chromium.

Run ``.venv/bin/python scripts/make_icons.py`` after changing the SVG and commit the PNGs:
the site serves them as files and needs no image library. Three kinds are made: the
icon as drawn (rounded corners, transparent outside) at 192 and 512 pixels, a maskable
one (the mark inside the safe circle a launcher may crop to, on a full-bleed background)
at 512, and the 180-pixel apple-touch-icon (full bleed: iOS rounds the corners itself).
"""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "static" / "icon.svg"
OUT = ROOT / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
BACKGROUND = "#0172ad"  # the SVG's own fill, also the manifest's theme colour

# name: (size in pixels, how much of the square the mark takes, full-bleed background)
ICONS = {
    "icon-192.png": (192, 1.0, False),
    "icon-512.png": (512, 1.0, False),
    # The maskable safe zone is a centred circle of 80% of the size; 70% keeps a margin.
    "icon-maskable-512.png": (512, 0.7, True),
    "apple-touch-icon.png": (180, 0.8, True),
}


def page_html(svg: str, size: int, scale: float, full_bleed: bool) -> str:
    """A page of exactly ``size`` pixels showing the SVG at ``scale`` of it, centred."""
    if full_bleed:
        # The rounded square's own corners would show on the background: draw it square.
        svg = re.sub(r'\s+rx="[^"]*"', "", svg, count=1)
    data = base64.b64encode(svg.encode()).decode()
    mark = round(size * scale)
    background = BACKGROUND if full_bleed else "transparent"
    return (
        "<!doctype html><html><body style='margin:0'>"
        f"<div style='width:{size}px;height:{size}px;background:{background};"
        "display:flex;align-items:center;justify-content:center'>"
        f"<img src='data:image/svg+xml;base64,{data}' width='{mark}' height='{mark}'>"
        "</div></body></html>"
    )


def main() -> int:
    """Write every icon in ICONS into static/icons/."""
    svg = SVG.read_text()
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--headless"])
        for name, (size, scale, full_bleed) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, scale, full_bleed))
            page.screenshot(path=OUT / name, omit_background=not full_bleed)
            page.close()
            print(f"wrote {OUT / name}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
