"""QR codes of the site's links, for a phone across the table to scan."""

from __future__ import annotations

import io

import segno
from werkzeug.wrappers import Response


def qr_svg(url: str) -> Response:
    """A QR code of a link, as an SVG image a phone across the table can scan."""
    svg = io.BytesIO()
    segno.make(url, error="m").save(svg, kind="svg", scale=5, dark="#000", light="#fff")
    return Response(svg.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private"})
