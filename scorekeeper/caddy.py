"""`make run HTTPS=1` and `make run DOMAIN=…`: Caddy in front of gunicorn, from one Caddyfile.

deploy/Caddyfile is the only Caddy configuration: a server's Caddy, `make run` and the
tests all fill in its ``{$…}`` placeholders from the environment (Caddy reads them when it
parses the file). This module says what to put in them, runs Caddy and gunicorn side by
side, and stops both when either stops.

At home Caddy signs its own certificates (``tls internal``) for this machine's address on
the Wi-Fi and for localhost; its authority's root, which a phone installs once from the
site's certificate page, is kept under instance/caddy/ so it outlives a restart. Caddy's
admin endpoint is off (two sites on one machine would fight over its port) and it never
adds its root to this machine's own trust store.
"""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CADDYFILE = ROOT / "deploy" / "Caddyfile"
CADDY = "caddy"
# Where Caddy keeps its authority under XDG_DATA_HOME (Caddy's own layout of its storage).
ROOT_CERT_IN_DATA = Path("caddy", "pki", "authorities", "local", "root.crt")
# Ports a user may bind without root: the certificate authority's site at home.
HOME_HTTPS_PORT, HOME_HTTP_PORT = 8443, 8080
# A public name's certificate (ACME) is obtained on the standard ports.
PUBLIC_HTTPS_PORT, PUBLIC_HTTP_PORT = 443, 80
STOP_SECONDS = 10


@dataclass(frozen=True)
class Proxy:
    """What Caddy serves: the site's addresses, how it gets their certificates, and where."""

    hosts: tuple[str, ...]  # names or addresses, the one to open first
    https_port: int
    http_port: int
    upstream: str  # gunicorn's host:port
    issuer: str  # "internal" (Caddy's own authority) or "acme" (a public certificate)
    state: Path  # Caddy's data and config folders live here
    bind: str = "::"  # every interface (IPv4 too); "127.0.0.1" for this machine only

    def origin(self, host: str) -> str:
        """The https address of one of the site's hosts, its port named unless it is 443."""
        shown = f"[{host}]" if ":" in host else host
        port = "" if self.https_port == PUBLIC_HTTPS_PORT else f":{self.https_port}"
        return f"https://{shown}{port}"

    @property
    def url(self) -> str:
        """The address to open: the first host's."""
        return self.origin(self.hosts[0]) + "/"

    @property
    def root_cert(self) -> Path | None:
        """The internal authority's root certificate (made by Caddy when it first starts);
        None when the certificates come from a public authority."""
        if self.issuer != "internal":
            return None
        return self.state / "data" / ROOT_CERT_IN_DATA

    def environment(self, base: Mapping[str, str]) -> dict[str, str]:
        """Caddy's environment: ``base`` with deploy/Caddyfile's placeholders and Caddy's
        own folders set."""
        environ = dict(base)
        environ.update(
            SITE_ADDRESS=", ".join(f"{self.origin(host)}" for host in self.hosts),
            HTTP_PORT=str(self.http_port),
            UPSTREAM=self.upstream,
            TLS_ISSUER=self.issuer,
            CADDY_BIND=self.bind,
            CADDY_ADMIN="off",
            XDG_DATA_HOME=str(self.state / "data"),
            XDG_CONFIG_HOME=str(self.state / "config"),
        )
        return environ


def caddy_command(action: str = "run", caddyfile: Path = CADDYFILE) -> list[str]:
    """``caddy run`` (or ``adapt``, ``validate``) on deploy/Caddyfile."""
    return [CADDY, action, "--config", str(caddyfile), "--adapter", "caddyfile"]


def wait_for_root(proxy: Proxy, process: subprocess.Popen, seconds: float = 30) -> None:
    """Wait until Caddy has made (or found) its authority's root certificate."""
    deadline = time.monotonic() + seconds
    while proxy.root_cert is not None and not proxy.root_cert.exists():
        if process.poll() is not None:
            raise RuntimeError(f"caddy stopped (exit {process.returncode}) before its root")
        if time.monotonic() > deadline:
            raise RuntimeError(f"caddy made no root certificate at {proxy.root_cert}")
        time.sleep(0.05)


def stop(processes: Sequence[subprocess.Popen]) -> None:
    """Ask each process still running to stop (SIGTERM), and kill it if it will not."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_side_by_side(processes: Sequence[subprocess.Popen]) -> int:
    """Wait until one of the processes stops (or this one is told to), stop the others,
    and return the first one's exit status."""
    stopping = []

    def on_signal(number: int, frame: object) -> None:
        stopping.append(number)

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        while not stopping:
            ended = [process for process in processes if process.poll() is not None]
            if ended:
                return ended[0].returncode
            time.sleep(0.2)
        return 0
    finally:
        stop(processes)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
