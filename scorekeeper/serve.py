"""`make run`: serve the site to the phones on this machine's Wi-Fi, and say where.

``python -m scorekeeper.serve [--host 0.0.0.0] [--port 5000]`` prints the address a phone
should open (this machine's address on the local network) with a QR code of it, then
becomes gunicorn, with threads so that one slow phone never holds up the others. The
address is read from the network interfaces themselves; nothing is sent anywhere to find
it. ``--host 127.0.0.1`` keeps the site on this machine only.

``--https`` puts Caddy in front (scorekeeper/caddy.py): gunicorn then listens on
127.0.0.1 only, Caddy serves the site over HTTPS with certificates of its own authority,
and the address printed is the https one, with the page where a phone gets that
authority's root. ``--domain NAME`` serves a public name with a certificate Caddy obtains.
"""

from __future__ import annotations

import argparse
import fcntl
import ipaddress
import os
import socket
import struct
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

import segno

from . import caddy
from .config import inherited_environment

ROOT = Path(__file__).resolve().parents[1]
EVERY_INTERFACE = "0.0.0.0"
# Linux's ioctl that reads an interface's IPv4 address (netdevice(7)).
SIOCGIFADDR = 0x8915
# Interfaces no phone on the Wi-Fi reaches: containers, bridges for them, tunnels (VPNs).
NOT_FOR_PHONES = ("lo", "docker", "br-", "veth", "virbr", "cni", "flannel", "tun", "tap", "wg")
# One process of this many threads: one slow phone never holds up the others.
THREADS = 8
# gunicorn's own limits on a request's head, above what a phone sends, so the site answers
# (with its headers and its words), never gunicorn's bare 414 or 431 page: a request line
# of up to 8,190 bytes (gunicorn's most; its default, 4,094, refuses a long query), 100
# header fields, 32 kB for one field (a phone's Cookie header holds other sites' cookies
# for this address too). The body's limits are the site's (MAX_CONTENT_LENGTH, config.py).
REQUEST_HEAD_LIMITS = {
    "--limit-request-line": 8190,
    "--limit-request-fields": 100,
    "--limit-request-field_size": 32768,
}


def interface_addresses() -> list[tuple[str, str]]:
    """Each network interface's IPv4 address, as (interface, address), read from the kernel.

    The socket is only a handle for the ioctl: it is never connected, and sends nothing.
    """
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as handle:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(handle.fileno(), SIOCGIFADDR, request)
            except OSError:  # no IPv4 address on this interface
                continue
            found.append((name, socket.inet_ntoa(answer[20:24])))
    return found


def lan_addresses() -> list[str]:
    """The addresses a phone on the same network may open, the likeliest first
    (a home network's private address before any other)."""
    candidates = []
    for name, text in interface_addresses():
        address = ipaddress.ip_address(text)
        if name.startswith(NOT_FOR_PHONES) or address.is_loopback or address.is_link_local:
            continue
        candidates.append(address)
    home_networks = [ipaddress.ip_network(net) for net in ("192.168.0.0/16", "10.0.0.0/8")]
    home_networks.append(ipaddress.ip_network("172.16.0.0/12"))

    def likeliness(address: ipaddress.IPv4Address) -> int:
        return next((i for i, net in enumerate(home_networks) if address in net), 3)

    return [str(address) for address in sorted(candidates, key=likeliness)]


def site_url(host: str, port: int) -> str:
    """The address to open: this machine's on the network when serving every interface."""
    if host == EVERY_INTERFACE:
        found = lan_addresses()
        if found:
            return f"http://{found[0]}:{port}/"
        host = "127.0.0.1"
    return f"http://{host}:{port}/"


def announce(host: str, port: int, out: TextIO) -> str:
    """Print where the site is and a QR code of it for the phones; return the address."""
    url = site_url(host, port)
    if host == EVERY_INTERFACE and "127.0.0.1" not in url:
        out.write(f"\nOn a phone on this Wi-Fi, open {url}\n(or scan this code):\n\n")
        out.flush()
        segno.make(url).terminal(out=out, compact=True)
        out.write(
            "\nAnyone on this network can open the site and start a match; a match itself"
            "\nopens only from its own unguessable link. For this machine only:"
            " make run HOST=127.0.0.1\n\n"
        )
    elif host == EVERY_INTERFACE:
        out.write(f"\nNo network address found; the site is at {url} on this machine.\n\n")
    else:
        out.write(f"\nThe site is at {url} (this machine only).\n\n")
    out.flush()
    return url


def gunicorn_command(host: str, port: int, threads: int) -> list[str]:
    """gunicorn with one process of ``threads`` threads, serving wsgi:app from the repo."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "--chdir",
        str(ROOT),
        "--worker-class",
        "gthread",
        "--threads",
        str(threads),
        "--bind",
        f"{host}:{port}",
        # gunicorn's control socket is one path per user (~/.gunicorn/gunicorn.ctl): a
        # second site on another port would take it over, and nothing here uses it.
        "--no-control-socket",
        *[str(part) for limit in REQUEST_HEAD_LIMITS.items() for part in limit],
        "wsgi:app",
    ]


def https_proxy(options: argparse.Namespace) -> caddy.Proxy:
    """What Caddy serves for these options: a public name (ACME), or this machine's
    addresses with Caddy's own authority, in front of gunicorn on 127.0.0.1."""
    state = Path(options.caddy_state)
    upstream = f"127.0.0.1:{options.port}"
    if options.domain:
        return caddy.Proxy(
            hosts=(options.domain,),
            https_port=options.https_port or caddy.PUBLIC_HTTPS_PORT,
            http_port=options.http_port or caddy.PUBLIC_HTTP_PORT,
            upstream=upstream,
            issuer="acme",
            state=state,
        )
    local = ("localhost", "127.0.0.1")
    if options.host == EVERY_INTERFACE:
        hosts, bind = (*lan_addresses()[:1], *local), "::"
    else:
        others = [name for name in local if name != options.host]
        hosts, bind = (options.host, *others), options.host
    return caddy.Proxy(
        hosts=hosts,
        https_port=options.https_port or caddy.HOME_HTTPS_PORT,
        http_port=options.http_port or caddy.HOME_HTTP_PORT,
        upstream=upstream,
        issuer="internal",
        state=state,
        bind=bind,
    )


def announce_https(proxy: caddy.Proxy, out: TextIO) -> None:
    """Print the https address, its QR code, and where a phone gets the root certificate."""
    out.write(f"\nOpen {proxy.url}\n(or scan this code):\n\n")
    out.flush()
    segno.make(proxy.url).terminal(out=out, compact=True)
    if proxy.root_cert is not None:
        out.write(
            f"\nOn each phone, once: open {proxy.url}certificate and install this site's"
            "\ncertificate (the page says how), so the phone trusts the https address."
            f"\nPlain http on port {proxy.http_port} is sent on to https.\n\n"
        )
    else:
        out.write(f"\nCaddy obtains the certificate for {proxy.hosts[0]} itself.\n\n")
    out.flush()


def serve_https(options: argparse.Namespace) -> int:
    """Start Caddy, then gunicorn behind it on 127.0.0.1, and keep both until one stops."""
    proxy = https_proxy(options)
    proxy.state.mkdir(parents=True, exist_ok=True)
    front = subprocess.Popen(caddy.caddy_command(), env=proxy.environment(inherited_environment()))
    caddy.wait_for_root(proxy, front)
    announce_https(proxy, sys.stdout)
    command = gunicorn_command("127.0.0.1", options.port, options.threads)
    back = subprocess.Popen(command, env=site_environment(proxy, inherited_environment()))
    return caddy.run_side_by_side([front, back])


def site_environment(proxy: caddy.Proxy, base: Mapping[str, str]) -> dict[str, str]:
    """gunicorn's environment behind Caddy: one proxy to believe (the phone's address for
    the write limit, https for HSTS and Secure cookies), and the root for /certificate."""
    site = dict(base, TRUSTED_PROXY_HOPS="1")
    if proxy.root_cert is not None:
        site["CADDY_ROOT_CERT"] = str(proxy.root_cert)
    return site


def arguments() -> argparse.ArgumentParser:
    """`python -m scorekeeper.serve`'s options (the Makefile's run target passes them)."""
    parser = argparse.ArgumentParser(prog="python -m scorekeeper.serve", description=__doc__)
    parser.add_argument("--host", default=EVERY_INTERFACE, help="0.0.0.0: every interface")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--threads", type=int, default=THREADS)
    parser.add_argument("--https", action="store_true", help="Caddy in front, its own CA")
    parser.add_argument("--domain", help="a public name: Caddy obtains its certificate")
    parser.add_argument("--https-port", type=int, help="8443 (443 with --domain)")
    parser.add_argument("--http-port", type=int, help="8080 (80 with --domain)")
    parser.add_argument(
        "--caddy-state", default=ROOT / "instance" / "caddy", help="Caddy's data and config"
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    """Print the address and its QR code, then run gunicorn in this process's place (or
    Caddy and gunicorn side by side, with ``--https`` or ``--domain``)."""
    options = arguments().parse_args(argv)
    if options.https or options.domain:
        sys.exit(serve_https(options))
    announce(options.host, options.port, sys.stdout)
    command = gunicorn_command(options.host, options.port, options.threads)
    os.execv(command[0], command)


if __name__ == "__main__":
    main()
