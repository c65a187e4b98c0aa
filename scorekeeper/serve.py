"""`make run`: serve the site to the phones on this machine's Wi-Fi, and say where.

``python -m scorekeeper.serve [--host 0.0.0.0] [--port 5000]`` prints the address a phone
should open (this machine's address on the local network) with a QR code of it, then
becomes gunicorn, with threads so that one slow phone never holds up the others. The
address is read from the network interfaces themselves; nothing is sent anywhere to find
it. ``--host 127.0.0.1`` keeps the site on this machine only.
"""

from __future__ import annotations

import argparse
import fcntl
import ipaddress
import os
import socket
import struct
import sys
from pathlib import Path
from typing import TextIO

import segno

ROOT = Path(__file__).resolve().parents[1]
EVERY_INTERFACE = "0.0.0.0"
# Linux's ioctl that reads an interface's IPv4 address (netdevice(7)).
SIOCGIFADDR = 0x8915
# Interfaces no phone on the Wi-Fi reaches: containers, bridges for them, tunnels (VPNs).
NOT_FOR_PHONES = ("lo", "docker", "br-", "veth", "virbr", "cni", "flannel", "tun", "tap", "wg")
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


def main(argv: list[str] | None = None) -> None:
    """Print the address and its QR code, then run gunicorn in this process's place."""
    parser = argparse.ArgumentParser(prog="python -m scorekeeper.serve", description=__doc__)
    parser.add_argument("--host", default=EVERY_INTERFACE, help="0.0.0.0: every interface")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--threads", type=int, default=8)
    options = parser.parse_args(argv)
    announce(options.host, options.port, sys.stdout)
    command = gunicorn_command(options.host, options.port, options.threads)
    os.execv(command[0], command)


if __name__ == "__main__":
    main()
