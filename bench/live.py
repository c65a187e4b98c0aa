"""How soon a save reaches the phones that follow a match: gunicorn on PostgreSQL, 25 tables.

Run with ``make bench`` (or ``python -m bench.live --seconds 20``; ``--poll-every 2`` polls
at another interval than the pages draw, to compare). A throwaway PostgreSQL
cluster is made by scripts/with-postgres.sh (unless TEST_DATABASE_URL names one already),
gunicorn serves it on loopback, and every one of 25 matches has five followers: three
phones holding the edit link, one the view link, one the table display. Each follower does
what its page does: it reads the page's poller (``#live``: its address and its
``hx-trigger="every …"``), asks that address at that interval, and on an answer with a
body takes the poller drawn in it, with the version it now shows, as htmx swaps it in.
One writer per match saves a hand every 5 s (the matches staggered) through the service
layer, straight into the database, as the phone's post does.

Measured: for every save and every follower, the time from the save's commit until the
follower holds that version or a newer one; p50, p95 and the longest, with any save a
follower never saw. The cost: each follower's requests per second, gunicorn's CPU time per
follower, the connections open to gunicorn and the requests in flight (the threads a
follower holds, by Little's law: answered requests/s × time each took). The budget: p95 at
most 1 s, every save seen, every request answered.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import html
import json
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import gunicorn  # noqa: E402
from bench.report import Check, print_checks  # noqa: E402
from bench.seed import add_match  # noqa: E402
from scorekeeper import create_app, database  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import Hand, Match  # noqa: E402
from scorekeeper.services import hands  # noqa: E402

MATCHES = 25
# Three phones at the table (the edit link), one view link, one table display.
FOLLOWERS = ("phone", "phone", "phone", "view link", "display")
HANDS = 10  # already played in each match
SAVE_EVERY = 5.0  # s between one match's saves (a fast table: a hand takes minutes)
SECONDS = 30  # of saves, after the followers have settled
SETTLE_SECONDS = 2.0
DRAIN_SECONDS = 4.0  # after the last save, for the followers to see it
LIMIT_P95 = 1.0  # s
# One process per core, with threads, as `make run` serves (scorekeeper/serve.py).
GUNICORN_OPTIONS = ("-w", "2", "--worker-class", "gthread", "--threads", "4")
POSTGRES_MISSING = (
    "PostgreSQL is not installed: `make bench` installs Debian's postgresql "
    "(apt-get install postgresql)."
)

POLLER = re.compile(
    r'<div id="live"[^>]*?hx-get="([^"]+)"[^>]*?hx-trigger="every (\d+)(ms|s)\b[^"]*"'
)
SINCE = re.compile(r"[?&]since=(\d+)")


def poller_of(body: str) -> tuple[str, float, int]:
    """The poller a page or an answer draws: its address, its interval (s) and version."""
    found = POLLER.search(body)
    if found is None:
        raise RuntimeError(f"no poller (#live with hx-get and hx-trigger) in:\n{body[:400]}")
    url = html.unescape(found[1])
    interval = int(found[2]) / (1000 if found[3] == "ms" else 1)
    return url, interval, int(SINCE.search(url)[1])


@dataclass
class Follower:
    """One page following one match: what it saw (version → when) and what it cost."""

    match: int
    kind: str
    page: str
    seen: dict[int, float] = field(default_factory=dict)
    interval: float = 0.0  # s, as the page's poller says
    requests: int = 0
    busy: float = 0.0  # s spent waiting for answers
    failures: list[str] = field(default_factory=list)


class Client:
    """A keep-alive HTTP/1.1 connection to the site, opened again when the site closes it.

    asyncio rather than a thread per follower: 125 threads fighting for the interpreter
    lock would add their own waits to the delays measured.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def get(self, path: str) -> tuple[int, str]:
        """The status and the (decompressed) body of a GET, as htmx sends it."""
        for attempt in (1, 2):
            if self.streams is None:
                self.streams = await asyncio.open_connection("127.0.0.1", self.port)
            try:
                return await self._exchange(path)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                # The server closed a kept-alive connection: a browser opens another.
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, path: str) -> tuple[int, str]:
        reader, writer = self.streams
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nHX-Request: true\r\n"
            "Accept-Encoding: gzip\r\n\r\n".encode()
        )
        await writer.drain()
        status_line = await reader.readuntil(b"\r\n")
        if not status_line.startswith(b"HTTP/1.1 "):
            raise ValueError(f"not an HTTP answer: {status_line!r}")
        status = int(status_line.split()[1])
        headers = {}
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding") == "chunked":
            body = b""
            while size := int((await reader.readuntil(b"\r\n")).strip(), 16):
                body += (await reader.readexactly(size + 2))[:-2]
            await reader.readuntil(b"\r\n")
        else:
            body = await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        if headers.get("content-encoding") == "gzip":
            body = gzip.decompress(body)
        return status, body.decode()

    def close(self) -> None:
        """Let go of the connection, if one is open."""
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def follow(
    follower: Follower, port: int, stop: asyncio.Event, every: float | None = None
) -> None:
    """Poll as the page's htmx does until ``stop``; note when each version arrived.

    htmx fires an ``every`` trigger on a fixed beat, whatever the answer; an answer with
    a body swaps in a new poller, whose beat starts from the swap. ``every`` (s) replaces
    the page's interval, to compare intervals on one site.
    """
    client = Client(port)
    try:
        status, body = await client.get(follower.page)
        url, interval, version = poller_of(body)
        interval = every or interval
        follower.interval = interval
        follower.seen[version] = time.monotonic()
        beat = time.monotonic() + interval
        while not stop.is_set():
            pause = beat - time.monotonic()
            if pause > 0:
                try:
                    await asyncio.wait_for(stop.wait(), pause)
                    break
                except TimeoutError:
                    pass
            beat += interval
            asked = time.monotonic()
            status, body = await client.get(url)
            answered = time.monotonic()
            follower.requests += 1
            follower.busy += answered - asked
            if status == 200:
                url, _, version = poller_of(body)
                follower.seen.setdefault(version, answered)
                beat = answered + interval
            elif status != 204:
                follower.failures.append(f"{url} answered {status}")
            beat = max(beat, answered)
    except (RuntimeError, OSError, ValueError, asyncio.IncompleteReadError) as error:
        follower.failures.append(f"{follower.page}: {error}")
    finally:
        client.close()


def next_hand(played: dict, version: int) -> dict:
    """The next hand's entries, as the hand form sends them: a hand like one played, bid by
    the next player round."""
    return {**played, "bidder": version % 4}


def write(app, tokens: list[str], saves: list[tuple[int, int, float]], until: float) -> None:
    """One writer per match, saving a hand every SAVE_EVERY s, the matches staggered
    evenly; each save noted as (match, version, commit time)."""
    with app.app_context():
        versions = {
            token: db.session.execute(
                db.select(Match.version).where(Match.edit_token == token)
            ).scalar_one()
            for token in tokens
        }
        played = {
            token: db.session.scalars(db.select(Hand).join(Match).where(Match.edit_token == token))
            .first()
            .entries()
            for token in tokens
        }
        start = time.monotonic()
        beat = 0
        while True:
            for number, token in enumerate(tokens):
                due = start + beat * SAVE_EVERY + number * SAVE_EVERY / len(tokens)
                if due > until:
                    return
                time.sleep(max(0.0, due - time.monotonic()))
                hands.add_hand(
                    db.session,
                    token,
                    next_hand(played[token], versions[token]),
                    version=versions[token],
                    form_token=secrets.token_urlsafe(16),
                )
                committed = time.monotonic()
                versions[token] = db.session.execute(
                    db.select(Match.version).where(Match.edit_token == token)
                ).scalar_one()
                saves.append((number, versions[token], committed))
                db.session.remove()
            beat += 1


def write_noting(app, tokens, saves, until, failures: list[str]) -> None:
    """``write``, with the reason it stopped early, if it did, among the failures."""
    try:
        write(app, tokens, saves, until)
    except Exception as error:  # any refusal ends the run's saves: say which
        failures.append(f"the writer stopped: {error!r}")


def cpu_seconds(bind: str) -> float:
    """The CPU time (user and system) of every gunicorn process serving ``bind``."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            if bind.encode() not in command or not any(b"gunicorn" in part for part in command):
                continue
            # Fields after the command's name (in parentheses): utime and stime are 14, 15.
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:  # the process ended meanwhile
            continue
    return total / tick


def connections_to(port: int) -> int:
    """How many TCP connections to ``port`` on loopback are open right now."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:  # ESTABLISHED
                count += 1
    return count


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def measure(database_url: str, seconds: float, every: float | None = None) -> dict:
    """Serve 25 matches on ``database_url`` with gunicorn, follow them, save; the figures."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-live-") as name:
        folder = Path(name)
        config = {
            "INSTANCE_PATH": folder,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "bench",
        }
        app = create_app(config)
        with app.app_context():
            database.upgrade()
        tokens = [add_match(app, HANDS, seed) for seed in range(MATCHES)]
        with app.app_context():
            views = dict(db.session.execute(db.select(Match.edit_token, Match.view_token)).all())
            db.engine.dispose()
        with gunicorn(folder, None, database_url, GUNICORN_OPTIONS) as base:
            port = int(base.rsplit(":", 1)[1])
            pages = {
                "phone": "/matches/{edit}",
                "view link": "/matches/watch/{view}",
                "display": "/matches/watch/{view}/display",
            }
            followers = [
                Follower(number, kind, pages[kind].format(edit=token, view=views[token]))
                for number, token in enumerate(tokens)
                for kind in FOLLOWERS
            ]
            loop = asyncio.new_event_loop()
            stop = asyncio.Event()

            async def follow_all() -> None:
                await asyncio.gather(*(follow(f, port, stop, every) for f in followers))

            followed = threading.Thread(target=loop.run_until_complete, args=(follow_all(),))
            followed.start()
            time.sleep(SETTLE_SECONDS)
            bind = base.removeprefix("http://")
            requests_before = sum(f.requests for f in followers)
            busy_before = sum(f.busy for f in followers)
            cpu_before = cpu_seconds(bind)
            started = time.monotonic()
            saves: list[tuple[int, int, float]] = []
            writer_failures: list[str] = []
            writer = threading.Thread(
                target=write_noting,
                args=(app, tokens, saves, started + seconds, writer_failures),
                daemon=True,
            )
            writer.start()
            open_connections = []
            while writer.is_alive():
                open_connections.append(connections_to(port))
                writer.join(0.5)
            time.sleep(DRAIN_SECONDS)
            elapsed = time.monotonic() - started
            load_average = os.getloadavg()[0]
            cpu = cpu_seconds(bind) - cpu_before
            requests = sum(f.requests for f in followers) - requests_before
            busy = sum(f.busy for f in followers) - busy_before
            loop.call_soon_threadsafe(stop.set)
            followed.join(15)
            loop.close()
            with app.app_context():
                db.engine.dispose()
    delays: dict[str, list[float]] = {kind: [] for kind in FOLLOWERS}
    missed = 0
    for number, version, committed in saves:
        for follower in followers:
            if follower.match != number:
                continue
            arrived = [at for seen, at in follower.seen.items() if seen >= version]
            if arrived:
                delays[follower.kind].append(max(0.0, min(arrived) - committed))
            else:
                missed += 1
    every = [delay for kind in delays.values() for delay in kind]
    return {
        "interval": max(follower.interval for follower in followers),
        "saves": len(saves),
        "followers": len(followers),
        "seconds": elapsed,
        "delays": {kind: summary(values) for kind, values in delays.items() if values},
        "all": summary(every),
        "missed": missed,
        "failures": [*writer_failures, *(failure for f in followers for failure in f.failures)][:5],
        "requests_per_follower": requests / elapsed / len(followers),
        "cpu_ms_per_follower": 1000 * cpu / elapsed / len(followers),
        "in_flight": busy / elapsed,
        "connections": max(open_connections, default=0),
        "load_average": load_average,
        "cores": os.cpu_count(),
    }


def summary(values: list[float]) -> dict:
    """The median, the 95th percentile and the longest of ``values`` (s), and how many."""
    if not values:
        return {"count": 0, "p50": float("nan"), "p95": float("nan"), "max": float("nan")}
    return {
        "count": len(values),
        "p50": statistics.median(values),
        "p95": percentile(values, 0.95),
        "max": max(values),
    }


def describe(figures: dict) -> None:
    """Print what one run measured, follower by follower."""
    print(
        f"{figures['followers']} followers of {MATCHES} matches, polling every "
        f"{figures['interval']:g} s; {figures['saves']} saves in {figures['seconds']:.1f} s "
        f"(load average {figures['load_average']:.1f} on {figures['cores']} cores)"
    )
    print(f"{'follower':<10}  {'saves seen':>10}  {'p50 s':>6}  {'p95 s':>6}  {'max s':>6}")
    for kind, row in [*figures["delays"].items(), ("every one", figures["all"])]:
        print(
            f"{kind:<10}  {row['count']:>10}  {row['p50']:>6.2f}  {row['p95']:>6.2f}  "
            f"{row['max']:>6.2f}"
        )
    print(
        f"missed: {figures['missed']}; per follower {figures['requests_per_follower']:.2f} "
        f"requests/s and {figures['cpu_ms_per_follower']:.2f} ms of gunicorn's CPU per s; "
        f"{figures['in_flight']:.2f} requests in flight on average (threads held, and "
        "waits for one), "
        f"at most {figures['connections']} connections open"
    )
    for failure in figures["failures"]:
        print(f"FAILED: {failure}")
    print()


def checks(figures: dict) -> list[Check]:
    """The live budget: p95 at most 1 s with every save seen; the cost, every poll answered."""
    every = figures["all"]
    missed = f", {figures['missed']} not seen" if figures["missed"] else ""
    return [
        Check(
            f"save → every follower ({figures['followers']}, {MATCHES} matches), p95",
            f"{every['p95']:.2f} s (p50 {every['p50']:.2f}, max {every['max']:.2f}){missed}",
            f"≤ {LIMIT_P95:g} s",
            every["count"] > 0 and every["p95"] <= LIMIT_P95 and not figures["missed"],
        ),
        Check(
            f"live cost per follower (poll every {figures['interval']:g} s), all went well",
            f"{figures['requests_per_follower']:.2f} req/s, "
            f"{figures['cpu_ms_per_follower']:.2f} ms CPU/s, "
            f"{figures['in_flight'] / figures['followers']:.3f} requests in flight",
            "no failed request or save",
            not figures["failures"],
        ),
    ]


def run(seconds: float = SECONDS, every: float | None = None) -> list[Check]:
    """Measure on TEST_DATABASE_URL, or on a throwaway cluster made for the run; the checks.

    ``every`` (s) makes the followers poll at that interval instead of the page's.
    """
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        figures = measure(url, seconds, every)
    else:
        options = ["--poll-every", str(every)] if every else []
        figures = on_throwaway_postgres("bench.live", seconds, options)
    describe(figures)
    return checks(figures)


def on_throwaway_postgres(module: str, seconds: float, options: list[str]) -> dict:
    """The figures of ``python -m module --json`` (its inner run), run inside a
    PostgreSQL cluster that scripts/with-postgres.sh makes for it and removes afterwards."""
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        raise SystemExit(POSTGRES_MISSING)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as name:
        result = Path(name) / "figures.json"
        command = [str(ROOT / "scripts/with-postgres.sh"), sys.executable, "-m", module]
        command += ["--seconds", str(seconds), "--json", str(result), *options]
        subprocess.run(command, cwd=ROOT, check=True)
        return json.loads(result.read_text())


def main() -> None:
    """Print the figures and the budget; exit 1 if it is not kept."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=SECONDS, help=f"of saves (default {SECONDS})"
    )
    parser.add_argument("--json", type=Path, help="write the figures here instead (inner run)")
    parser.add_argument(
        "--poll-every", type=float, help="poll at this interval (s), not at the page's"
    )
    arguments = parser.parse_args()
    if arguments.json:
        url = os.environ.get("TEST_DATABASE_URL")
        if not url:
            sys.exit("bench/live.py --json: TEST_DATABASE_URL is not set")
        figures = measure(url, arguments.seconds, arguments.poll_every)
        arguments.json.write_text(json.dumps(figures))
        return
    found = run(arguments.seconds, arguments.poll_every)
    print_checks(found)
    sys.exit(0 if all(check.ok for check in found) else 1)


if __name__ == "__main__":
    main()
