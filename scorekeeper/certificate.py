"""The certificate page: a phone gets the root of the authority this site's HTTPS
certificate comes from (Caddy's own, with `make run HTTPS=1`), with the steps to trust it."""

from __future__ import annotations

import hashlib
import ssl
from pathlib import Path

from flask import Blueprint, abort, current_app, render_template, url_for
from werkzeug.wrappers import Response

from .rules import said
from .sharing import qr_svg

bp = Blueprint("certificate", __name__)

# What Android and iOS recognise as a certificate authority to install (a PEM .crt).
CA_CERT_TYPE = "application/x-x509-ca-cert"
DOWNLOAD_NAME = "scorekeeper-root.crt"
NO_CERTIFICATE = said("This site is not using a certificate of its own.")


def root_cert() -> bytes | None:
    """The root certificate (PEM) that CADDY_ROOT_CERT names, if the file is there.

    Read at each request: Caddy makes its root when it first starts, which may be after
    the site."""
    path = current_app.config.get("CADDY_ROOT_CERT")
    if not path:
        return None
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return None


def fingerprint(pem: bytes) -> str:
    """The certificate's SHA-256 fingerprint in groups of four hex digits, to compare with
    what a phone shows before trusting it."""
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem.decode("ascii"))).hexdigest().upper()
    return " ".join(digest[i : i + 4] for i in range(0, len(digest), 4))


@bp.get("/certificate")
def page() -> str:
    """Offer the root certificate with a QR code of its address and the steps to trust it,
    or say plainly that this site has no certificate of its own."""
    pem = root_cert()
    return render_template(
        "certificate/page.html",
        has_root=pem is not None,
        fingerprint=fingerprint(pem) if pem is not None else None,
        DOWNLOAD_NAME=DOWNLOAD_NAME,
    )


@bp.get(f"/certificate/{DOWNLOAD_NAME}")
def download() -> Response:
    """The root certificate itself, as a file a phone offers to install."""
    pem = root_cert()
    if pem is None:
        abort(404, description=NO_CERTIFICATE)
    return Response(
        pem,
        mimetype=CA_CERT_TYPE,
        headers={
            "Content-Disposition": f'inline; filename="{DOWNLOAD_NAME}"',
            "Cache-Control": "no-cache",
        },
    )


@bp.get("/certificate/qr.svg")
def qr() -> Response:
    """A QR code of the certificate's download address, for a phone to scan."""
    if root_cert() is None:
        abort(404, description=NO_CERTIFICATE)
    return qr_svg(url_for(".download", _external=True))
