"""Requests per second and p99 latency under gunicorn: a match page, its poll, a trivial route.

Run with ``make bench`` (or ``python bench/load.py --seconds 3``). Two gunicorn workers
serve a bench database on loopback, and wrk loads each route in turn for a bounded time,
sending the cookies and Accept-Encoding of a phone that has opened the match before. The
budgets: a 20-hand match page serves at least a third of the requests/s of the trivial
route (/health), and a poll of an unchanged match at least as many.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from http.cookiejar import CookieJar
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import Check, print_checks  # noqa: E402
from bench.seed import add_match, bench_site  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import Match  # noqa: E402

HANDS = 20
WORKERS = 2
THREADS = 2
CONNECTIONS = 16
WARM_UP_SECONDS = 1
START_SECONDS = 15
GUNICORN = Path(sys.executable).parent / "gunicorn"
# What Chrome sends over HTTPS, where a phone reaches the site.
ACCEPT_ENCODING = "gzip, deflate, br, zstd"
MATCH_SHARE = 0.4  # of the trivial route's requests/s (1/3 before issue 24)
POLL_SHARE = 1.0
WRK_MISSING = "wrk is not installed: `make bench` installs Debian's wrk (apt-get install wrk)."

REQUESTS_PER_SECOND = re.compile(r"^Requests/sec:\s+([\d.]+)\s*$", re.M)
P99 = re.compile(r"^\s*99%\s+([\d.]+)(us|ms|s|m|h)\s*$", re.M)
NOT_2XX_OR_3XX = re.compile(r"^\s*Non-2xx or 3xx responses:\s+(\d+)\s*$", re.M)
SOCKET_ERRORS = re.compile(r"^\s*Socket errors:\s+(.*?)\s*$", re.M)
MILLISECONDS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}

# Loopback only: a proxy from the environment must not stand between the bench and the site.
DIRECT = urllib.request.ProxyHandler({})


class Load(NamedTuple):
    """What wrk measured on one route; ``problem`` is empty when every request went well."""

    route: str
    requests_per_second: float
    p99_ms: float
    problem: str


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def log_tail(log: Path, lines: int = 20) -> str:
    """The last lines gunicorn wrote, to explain why it did not start."""
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


def status_of(url: str, headers: dict[str, str], opener=None) -> int:
    """The status a GET of ``url`` answers with (no redirect is expected, none is followed)."""
    opener = opener or urllib.request.build_opener(DIRECT)
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def wait_until_healthy(process: subprocess.Popen, base: str, log: Path) -> None:
    """Wait for /health to answer 200; fail with gunicorn's own words if it never does."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"gunicorn exited with status {process.returncode}:\n{log_tail(log)}"
            )
        try:
            if status_of(f"{base}/health", {}) == 200:
                return
        except OSError:  # not listening yet
            pass
        time.sleep(0.1)
    raise RuntimeError(
        f"gunicorn did not answer /health with 200 within {START_SECONDS} s:\n{log_tail(log)}"
    )


def stop(process: subprocess.Popen) -> None:
    """Stop gunicorn: politely, then for good if it lingers."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def gunicorn(
    folder: Path,
    config: dict | None = None,
    database_url: str | None = None,
    options: Sequence[str] = ("-w", str(WORKERS)),
) -> Iterator[str]:
    """Serve the database in ``folder`` with gunicorn on loopback; yield the site's address.

    With ``config``, gunicorn calls the app factory with it instead of loading wsgi.py;
    with ``database_url``, it serves that database instead; ``options`` are gunicorn's
    workers (two sync workers by default).
    """
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url or f"sqlite:///{folder / 'bench.sqlite3'}",
        "SECRET_KEY": "bench",
    }
    log = folder / "gunicorn.log"
    # gunicorn reads the factory's argument as a Python literal.
    target = f"scorekeeper:create_app({config!r})" if config else "wsgi:app"
    command = [str(GUNICORN), *options, "-b", f"127.0.0.1:{port}", target]
    with log.open("wb") as output:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_healthy(process, base, log)
        yield base
    finally:
        stop(process)


def returning_phone(match_url: str) -> dict[str, str]:
    """The headers of a phone that has opened the match before: its cookies, its encodings.

    The match page is opened once, as a phone first does; the cookies it sets (the device
    cookie and Flask's session) then go with every request, so the site neither greets a
    new device nor writes anything while it is loaded.
    """
    jar = CookieJar()
    opener = urllib.request.build_opener(DIRECT, urllib.request.HTTPCookieProcessor(jar))
    status = status_of(match_url, {"Accept-Encoding": ACCEPT_ENCODING}, opener)
    if status != 200:
        raise RuntimeError(f"the match page answered {status}, not 200")
    cookies = {cookie.name: cookie.value for cookie in jar}
    if "device" not in cookies:
        raise RuntimeError(f"the match page set no device cookie (it set {sorted(cookies)})")
    return {
        "Cookie": "; ".join(f"{name}={value}" for name, value in cookies.items()),
        "Accept-Encoding": ACCEPT_ENCODING,
    }


def wrk(url: str, headers: dict[str, str], seconds: int) -> str:
    """wrk's report of loading ``url`` for ``seconds`` (its latency distribution included)."""
    # wrk reads whole seconds only: "-d1.5s" is refused.
    command = ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    finished = subprocess.run(
        [*command, url], capture_output=True, text=True, timeout=seconds + 30, check=False
    )
    if finished.returncode != 0:
        raise RuntimeError(f"wrk failed on {url}:\n{finished.stdout}{finished.stderr}")
    return finished.stdout


def read_wrk(route: str, report: str) -> Load:
    """The requests/s, the p99 latency in ms and any failed requests in a wrk report."""
    rate = REQUESTS_PER_SECOND.search(report)
    p99 = P99.search(report)
    if rate is None or p99 is None:
        raise RuntimeError(f"no Requests/sec or 99% line in wrk's report on {route}:\n{report}")
    problems = []
    if not_ok := NOT_2XX_OR_3XX.search(report):
        problems.append(f"{not_ok[1]} responses not 2xx or 3xx")
    if socket_errors := SOCKET_ERRORS.search(report):
        problems.append(f"socket errors: {socket_errors[1]}")
    return Load(route, float(rate[1]), float(p99[1]) * MILLISECONDS[p99[2]], "; ".join(problems))


def load(route: str, url: str, headers: dict[str, str], seconds: int) -> Load:
    """Warm the route up for a second, then measure it for ``seconds``."""
    wrk(url, headers, WARM_UP_SECONDS)
    return read_wrk(route, wrk(url, headers, seconds))


def share_check(name: str, route: Load, trivial: Load, least: float, least_text: str) -> Check:
    """Does ``route`` serve at least ``least`` times the trivial route's requests/s?"""
    most = trivial.requests_per_second
    share = route.requests_per_second / most if most else 0.0
    failed = [f"{load.route}: {load.problem}" for load in (route, trivial) if load.problem]
    measured = f"{share:.2f}" + (f" ({'; '.join(failed)})" if failed else "")
    return Check(name, measured, f"≥ {least_text}", not failed and share >= least)


def print_loads(loads: list[Load]) -> None:
    """An aligned table of each route's requests/s and p99 latency."""
    width = max(len(load.route) for load in loads)
    print(f"{'route':<{width}}  {'requests/s':>10}  {'p99 ms':>8}")
    for load in loads:
        line = f"{load.route:<{width}}  {load.requests_per_second:>10.1f}  {load.p99_ms:>8.2f}"
        print(f"{line}  FAILED: {load.problem}" if load.problem else line)


def run(seconds: int = 5, config: dict | None = None) -> list[Check]:
    """Load the three routes under gunicorn, print what was measured, return the budgets.

    ``config`` goes to the site under test (bench/seed.py's ``without`` turns devices off).
    """
    if shutil.which("wrk") is None:
        raise SystemExit(WRK_MISSING)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as name:
        folder = Path(name)
        app = bench_site(folder, config)
        token = add_match(app, HANDS)
        with app.app_context():
            version = db.session.execute(
                db.select(Match.version).where(Match.edit_token == token)
            ).scalar_one()
            db.engine.dispose()
        with gunicorn(folder, config) as base:
            match_url = f"{base}/matches/{token}"
            poll_url = f"{match_url}/live?since={version}"
            headers = returning_phone(match_url)
            for url, expected in ((match_url, 200), (poll_url, 204)):
                if (status := status_of(url, headers)) != expected:
                    raise RuntimeError(f"{url} answered {status}, not {expected}")
            trivial = load("trivial route /health", f"{base}/health", headers, seconds)
            match = load(f"match page, {HANDS} hands", match_url, headers, seconds)
            poll = load("poll of the unchanged match", poll_url, headers, seconds)
    print_loads([trivial, match, poll])
    print()
    return [
        share_check("match page ÷ trivial route, requests/s", match, trivial, MATCH_SHARE, "0.4"),
        share_check("poll ÷ trivial route, requests/s", poll, trivial, POLL_SHARE, "1"),
    ]


def main() -> None:
    """Print the routes' measures and the budgets; exit 1 if a budget is not kept."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=int, default=5, help="whole seconds wrk loads each route (default 5)"
    )
    arguments = parser.parse_args()
    if arguments.seconds < 1:
        parser.error("--seconds must be at least 1")
    print(
        f"gunicorn, {WORKERS} workers on loopback; wrk, {THREADS} threads, "
        f"{CONNECTIONS} connections, {arguments.seconds} s per route"
    )
    try:
        checks = run(arguments.seconds)
    except RuntimeError as error:
        sys.exit(f"bench/load.py: {error}")
    print_checks(checks)
    sys.exit(0 if all(check.ok for check in checks) else 1)


if __name__ == "__main__":
    main()
