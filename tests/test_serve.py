"""`make run` serves the phones on this Wi-Fi: every interface, threads, the address to
open and its QR code, found without sending anything anywhere.

The server is started as `make run` starts it (init-db, then ``python -m
scorekeeper.serve``) on a free port, under strace, which records every address the
server and its workers connect or send to. The test itself talks to 127.0.0.1 only.
"""

from __future__ import annotations

import io
import ipaddress
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import serve

ROOT = Path(__file__).resolve().parents[1]
STRACE = "/usr/bin/strace"
START_SECONDS = 30
# strace's rendering of a network address in connect(), sendto() and sendmsg().
TRACED_ADDRESS = re.compile(r'sin6?_addr=inet_(?:addr|pton)\((?:AF_INET6, )?"([^"]+)"\)')
# The calls that reach out (a reply on an accepted connection names no address: it goes
# back to whoever connected, here the test on 127.0.0.1).
OUTGOING = re.compile(r"\b(?:connect|sendto|sendmsg)\(")
# Half blocks: a QR code drawn in a terminal (segno's compact rendering).
QR_BLOCKS = re.compile(r"[▀▄█]{20,}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening_addresses(port: int) -> set[str]:
    """The local addresses of the sockets listening on ``port``, from /proc/net/tcp{,6}."""
    found = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, _, port_hex = local.partition(":")
            if state == "0A" and int(port_hex, 16) == port:  # 0A: LISTEN
                packed = bytes.fromhex(address)
                # The kernel prints each 32-bit word in host (little-endian) order.
                words = [packed[i : i + 4][::-1] for i in range(0, width // 2, 4)]
                family = socket.AF_INET if width == 8 else socket.AF_INET6
                found.add(socket.inet_ntop(family, b"".join(words)))
    return found


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=5) as answer:
        return answer.status, answer.read().decode()


@pytest.fixture
def site_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a served site with its own database in a temporary folder."""
    return {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}",
        "SECRET_KEY": "serve-test",
    }


@pytest.fixture
def served(tmp_path: Path, site_env: dict[str, str]) -> Iterator[tuple[int, Path, Path]]:
    """`make run` on a free port under strace: (port, its output file, the trace file)."""
    init = [sys.executable, "-m", "flask", "--app", "wsgi", "init-db"]
    subprocess.run(init, cwd=ROOT, env=site_env, check=True, capture_output=True)
    port = free_port()
    output, trace = tmp_path / "output.txt", tmp_path / "trace.txt"
    command = [sys.executable, "-m", "scorekeeper.serve", "--port", str(port)]
    traced = [STRACE, "-f", "-qq", "-e", "trace=bind,connect,sendto,sendmsg", "-o", str(trace)]
    with output.open("w") as out:
        server = subprocess.Popen(
            traced + command,
            cwd=ROOT,
            env=site_env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stopped as one below
        )
    try:
        deadline = time.monotonic() + START_SECONDS
        while not listening_addresses(port):
            assert server.poll() is None, output.read_text()
            assert time.monotonic() < deadline, output.read_text()
            time.sleep(0.1)
        yield port, output, trace
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=START_SECONDS)


def test_make_run_listens_on_every_interface_and_answers_on_loopback(served) -> None:
    port, output, _ = served

    assert listening_addresses(port) <= {"0.0.0.0", "::"}
    assert get(f"http://127.0.0.1:{port}/health") == (200, "ok\n")
    status, home = get(f"http://127.0.0.1:{port}/")
    assert status == 200 and "Scorekeeper" in home


def test_make_run_prints_the_address_to_open_and_its_qr_code(served) -> None:
    port, output, _ = served

    printed = output.read_text()
    addresses = re.findall(rf"open (http://([0-9.]+):{port}/)", printed)
    assert addresses, printed
    assert addresses[0][1] in serve.lan_addresses() or addresses[0][1] == "127.0.0.1"
    assert QR_BLOCKS.search(printed), printed
    assert "gthread" in printed  # gunicorn's log: the threaded worker


def test_make_run_sends_nothing_to_any_address_but_loopback(served) -> None:
    port, _, trace = served
    get(f"http://127.0.0.1:{port}/")  # a page served, as well as the start
    time.sleep(0.5)  # let strace write out what it saw

    traced = trace.read_text()
    outgoing = [line for line in traced.splitlines() if OUTGOING.search(line)]
    addresses = [address for line in outgoing for address in TRACED_ADDRESS.findall(line)]
    assert not [a for a in addresses if not ipaddress.ip_address(a).is_loopback], traced
    # strace did watch the server: it saw the listening socket bound.
    assert re.search(rf'bind\(.*htons\({port}\).*inet_addr\("0\.0\.0\.0"\)', traced), traced


def test_the_addresses_found_are_the_kernels_own_for_this_machine() -> None:
    listed = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True)
    kernel = set(re.findall(r"inet ([0-9.]+)/", listed.stdout))

    found = serve.interface_addresses()

    assert {address for _, address in found} == kernel
    assert "127.0.0.1" not in serve.lan_addresses()
    assert set(serve.lan_addresses()) <= kernel


def test_on_loopback_it_says_so_and_shows_no_code() -> None:
    out = io.StringIO()

    url = serve.announce("127.0.0.1", 5123, out)

    assert url == "http://127.0.0.1:5123/"
    assert "this machine only" in out.getvalue()
    assert not QR_BLOCKS.search(out.getvalue())


def test_gunicorn_runs_threads_on_the_asked_address() -> None:
    command = serve.gunicorn_command("0.0.0.0", 5000, 8)

    assert command[command.index("--worker-class") + 1] == "gthread"
    assert command[command.index("--threads") + 1] == "8"
    assert command[command.index("--bind") + 1] == "0.0.0.0:5000"
    assert "--no-control-socket" in command
    assert command[-1] == "wsgi:app"
