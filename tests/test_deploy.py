"""deploy/ and `make run HTTPS=1`: the systemd unit runs what `make run` runs, the one
Caddyfile says what each way of serving means (read by Caddy itself, `caddy adapt`), and
`make run HTTPS=1` serves HTTPS from Caddy's own authority, on loopback here.

A public name's certificate (ACME) needs the network, so `make run DOMAIN=…` is checked
through the configuration Caddy makes of it (and `caddy validate`), not end to end.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from scorekeeper import caddy, serve

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
QR_BLOCKS = re.compile(r"[▀▄█]{20,}")
START_SECONDS = 30


def unit_settings(path: Path) -> dict[str, dict[str, list[str]]]:
    """A systemd unit file as systemd reads it: each section's keys, every value given
    (a key may be set more than once), a line ending in a backslash joined to the next."""
    sections: dict[str, dict[str, list[str]]] = {}
    section = None
    joined = re.sub(r"\\\n", " ", path.read_text())
    for line in joined.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = sections.setdefault(line.strip("[]"), {})
            continue
        key, _, value = line.partition("=")
        section.setdefault(key.strip(), []).append(value.strip())
    return sections


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# ------------------------------------------------------------------ the systemd unit


@pytest.fixture(scope="module")
def unit() -> dict[str, list[str]]:
    return unit_settings(DEPLOY / "scorekeeper.service")["Service"]


def test_the_unit_runs_gunicorn_as_make_run_does_on_loopback(unit):
    command = shlex.split(unit["ExecStart"][0])
    home = unit["WorkingDirectory"][0]

    bind = command[command.index("--bind") + 1]
    host, port = bind.rsplit(":", 1)
    threads = int(command[command.index("--threads") + 1])
    expected = serve.gunicorn_command(host, int(port), threads)
    # serve.py runs this checkout's python on this checkout; the unit names the server's.
    expected[0] = f"{home}/.venv/bin/python"
    expected[expected.index("--chdir") + 1] = home
    assert command == expected
    assert host == "127.0.0.1"
    assert threads == serve.THREADS
    for flag, limit in serve.REQUEST_HEAD_LIMITS.items():
        assert command[command.index(flag) + 1] == str(limit)


def test_the_unit_believes_one_proxy_and_reads_its_settings_from_a_file(unit):
    assert "TRUSTED_PROXY_HOPS=1" in unit["Environment"]
    assert unit["EnvironmentFile"] == ["/etc/scorekeeper/scorekeeper.env"]
    settings = (DEPLOY / "scorekeeper.env").read_text()
    assert re.search(r"^#?SECRET_KEY=", settings, re.MULTILINE)
    assert re.search(r"^#?DATABASE_URL=", settings, re.MULTILINE)


def test_the_unit_runs_as_its_own_user_with_hardening(unit):
    assert unit["User"] == ["scorekeeper"] and unit["Group"] == ["scorekeeper"]
    assert unit["NoNewPrivileges"] == ["yes"]
    assert unit["ProtectSystem"] == ["strict"]
    assert unit["ReadWritePaths"] == [f"{unit['WorkingDirectory'][0]}/instance"]
    assert unit["CapabilityBoundingSet"] == [""]
    assert unit["PrivateTmp"] == ["yes"] and unit["ProtectHome"] == ["yes"]


def test_the_unit_upgrades_the_database_before_it_serves(unit):
    home = unit["WorkingDirectory"][0]
    assert shlex.split(unit["ExecStartPre"][0]) == [
        f"{home}/.venv/bin/flask",
        "--app",
        "wsgi",
        "init-db",
    ]


# ---------------------------------------------------------------------- the Caddyfile


def adapted(tmp_path: Path, environment: dict[str, str]) -> dict:
    """The JSON configuration Caddy makes of deploy/Caddyfile in this environment."""
    answer = subprocess.run(
        caddy.caddy_command("adapt"),
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    return json.loads(answer.stdout)


def home_proxy(tmp_path: Path, *flags: str) -> caddy.Proxy:
    """What `python -m scorekeeper.serve --https` serves with these flags (``--domain``
    instead of ``--https`` for a public name), Caddy's state in the test's folder."""
    if "--domain" not in flags:
        flags = ("--https", *flags)
    return serve.https_proxy(
        serve.arguments().parse_args([*flags, "--caddy-state", str(tmp_path / "caddy")])
    )


def caddy_only(tmp_path: Path) -> dict[str, str]:
    """An environment that keeps whatever Caddy writes (adapt and validate make its
    authority) in the test's folder."""
    return {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }


def server(config: dict) -> dict:
    (only,) = config["apps"]["http"]["servers"].values()
    return only


def test_at_home_caddy_signs_for_this_machine_with_its_own_authority(tmp_path):
    proxy = home_proxy(tmp_path)
    config = adapted(tmp_path, proxy.environment(caddy_only(tmp_path)))

    (policy,) = config["apps"]["tls"]["automation"]["policies"]
    assert sorted(policy["subjects"]) == sorted(proxy.hosts)
    assert policy["issuers"] == [{"module": "internal"}]
    assert proxy.hosts[1:] == ("localhost", "127.0.0.1")
    assert proxy.hosts[:1] == tuple(serve.lan_addresses()[:1])
    assert config["admin"] == {"disabled": True}
    assert config["apps"]["pki"]["certificate_authorities"]["local"]["install_trust"] is False
    assert server(config)["listen"] == ["[::]:8443"]
    assert config["apps"]["http"]["http_port"] == 8080
    assert '"dial": "127.0.0.1:5000"' in json.dumps(server(config)["routes"])


def test_at_home_the_authority_is_kept_in_the_instance_folder(tmp_path):
    proxy = home_proxy(tmp_path)

    environment = proxy.environment({})
    assert environment["XDG_DATA_HOME"] == str(tmp_path / "caddy" / "data")
    assert environment["XDG_CONFIG_HOME"] == str(tmp_path / "caddy" / "config")
    assert proxy.root_cert == tmp_path / "caddy/data/caddy/pki/authorities/local/root.crt"
    assert serve.site_environment(proxy, {})["CADDY_ROOT_CERT"] == str(proxy.root_cert)


def test_make_run_keeps_caddy_in_the_instance_folder_by_default():
    options = serve.arguments().parse_args(["--https"])

    assert serve.https_proxy(options).state == ROOT / "instance" / "caddy"


def test_on_this_machine_only_caddy_listens_on_loopback(tmp_path):
    proxy = home_proxy(
        tmp_path, "--host", "127.0.0.1", "--https-port", "9443", "--http-port", "9080"
    )
    config = adapted(tmp_path, proxy.environment(caddy_only(tmp_path)))

    assert proxy.hosts == ("127.0.0.1", "localhost")
    assert server(config)["listen"] == ["127.0.0.1:9443"]
    assert config["apps"]["http"]["http_port"] == 9080


def test_a_public_name_gets_a_certificate_from_acme_on_443_and_80(tmp_path):
    proxy = home_proxy(tmp_path, "--domain", "scores.example.org")
    environment = proxy.environment(caddy_only(tmp_path))
    config = adapted(tmp_path, environment)

    (policy,) = config["apps"]["tls"]["automation"]["policies"]
    assert policy["subjects"] == ["scores.example.org"]
    assert [issuer["module"] for issuer in policy["issuers"]] == ["acme"]
    assert server(config)["listen"] == ["[::]:443"]
    assert config["apps"]["http"]["http_port"] == 80
    assert proxy.url == "https://scores.example.org/"
    assert proxy.root_cert is None
    assert "CADDY_ROOT_CERT" not in serve.site_environment(proxy, {})
    validated = subprocess.run(
        caddy.caddy_command("validate"), env=environment, capture_output=True, text=True
    )
    assert validated.returncode == 0, validated.stderr
    assert "Valid configuration" in validated.stdout + validated.stderr


def test_behind_caddy_the_site_believes_one_proxy(tmp_path):
    site = serve.site_environment(home_proxy(tmp_path), {"DATABASE_URL": "sqlite://"})

    assert site["TRUSTED_PROXY_HOPS"] == "1"
    assert site["DATABASE_URL"] == "sqlite://"


def test_a_servers_caddy_drop_in_fills_the_same_caddyfile(tmp_path):
    drop_in = unit_settings(DEPLOY / "caddy.service.d" / "scorekeeper.conf")["Service"]
    environment = dict(caddy_only(tmp_path))
    environment.update(line.split("=", 1) for line in drop_in["Environment"])
    config = adapted(tmp_path, environment)

    (policy,) = config["apps"]["tls"]["automation"]["policies"]
    assert policy["subjects"] == [environment["SITE_ADDRESS"]]
    assert [issuer["module"] for issuer in policy["issuers"]] == ["acme"]
    assert config["admin"]["listen"] == "localhost:2019"  # systemctl reload caddy
    assert '"dial": "127.0.0.1:8000"' in json.dumps(server(config)["routes"])
    unit = unit_settings(DEPLOY / "scorekeeper.service")["Service"]
    assert "--bind 127.0.0.1:8000" in unit["ExecStart"][0]


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ([], []),
        (["HTTPS=1"], ["--https", "--https-port", "8443", "--http-port", "8080"]),
        (["HTTPS=1", "HTTPS_PORT=9443", "HTTP_PORT=9080"], ["--https", "--https-port", "9443"]),
        (["DOMAIN=scores.example.org"], ["--domain", "scores.example.org", "--https-port", "443"]),
    ],
)
def test_make_run_passes_https_only_when_asked(variables, expected):
    dry = subprocess.run(
        ["make", "-n", "run", *variables], cwd=ROOT, capture_output=True, text=True, check=True
    )
    (line,) = [line for line in dry.stdout.replace("\\\n", " ").splitlines() if "serve" in line]
    command = shlex.split(line)
    after = command[command.index("scorekeeper.serve") + 1 :]
    proxy_flags = [part for part in after if part.startswith("--") and "port" in part]
    if not expected:
        assert after == ["--host", "0.0.0.0", "--port", "5000"]
        assert "https-deps" not in dry.stdout
    else:
        assert " ".join(expected) in " ".join(after)
        assert len(proxy_flags) == 3  # --port, --https-port, --http-port


# ---------------------------------------------------------------- make run HTTPS=1


class Served:
    def __init__(self, process: subprocess.Popen, output: Path, proxy: caddy.Proxy):
        self.process, self.output, self.proxy = process, output, proxy

    def https(self, path: str | urllib.request.Request):
        """Open a path (or a request) on the site, trusting Caddy's root and nothing else."""
        context = ssl.create_default_context(cafile=str(self.proxy.root_cert))
        if isinstance(path, str):
            path = self.proxy.url.rstrip("/") + path
        return urllib.request.urlopen(path, context=context, timeout=5)


@pytest.fixture(scope="module")
def site_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The served site's environment: its own database, upgraded as `make run` does."""
    folder = tmp_path_factory.mktemp("https-site")
    site = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'site.sqlite3'}"}
    site["SECRET_KEY"] = "https-test"
    init = [sys.executable, "-m", "flask", "--app", "wsgi", "init-db"]
    subprocess.run(init, cwd=ROOT, env=site, check=True, capture_output=True)
    return site


def serve_https(folder: Path, site: dict[str, str], ports: tuple[int, int, int]) -> Served:
    """`make run HTTPS=1 HOST=127.0.0.1` on these ports, Caddy's state in ``folder``."""
    port, https_port, http_port = ports
    command = [sys.executable, "-m", "scorekeeper.serve", "--https", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--https-port", str(https_port)]
    command += ["--http-port", str(http_port), "--caddy-state", str(folder / "caddy")]
    output = folder / f"output-{time.monotonic_ns()}.txt"
    with output.open("w") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=site, stdout=out, stderr=subprocess.STDOUT
        )
    proxy = serve.https_proxy(serve.arguments().parse_args(command[3:]))
    served = Served(process, output, proxy)
    deadline = time.monotonic() + START_SECONDS
    while True:
        assert process.poll() is None, output.read_text()
        assert time.monotonic() < deadline, output.read_text()
        try:
            with served.https("/health") as answer:
                if answer.status == 200:
                    return served
        except (OSError, urllib.error.URLError):
            time.sleep(0.2)


def stop(served: Served) -> None:
    served.process.send_signal(signal.SIGTERM)
    served.process.wait(timeout=START_SECONDS)


def ports() -> tuple[int, int, int]:
    """Free loopback ports for gunicorn, Caddy's https and its plain http."""
    return free_port(), free_port(), free_port()


@pytest.fixture(scope="module")
def https_site(tmp_path_factory: pytest.TempPathFactory, site_env) -> Iterator[Served]:
    served = serve_https(tmp_path_factory.mktemp("https"), site_env, ports())
    yield served
    stop(served)


def test_make_run_https_prints_the_https_address_its_qr_code_and_the_certificate_page(
    https_site,
):
    printed = https_site.output.read_text()
    url = https_site.proxy.url

    assert f"Open {url}\n" in printed
    assert QR_BLOCKS.search(printed), printed
    assert f"open {url}certificate " in printed


def test_make_run_https_serves_the_site_and_its_root_over_https(https_site):
    with https_site.https("/health") as health:
        assert health.read() == b"ok\n"
        assert "Strict-Transport-Security" not in health.headers  # an address: none
    with https_site.https("/certificate/scorekeeper-root.crt") as root:
        assert root.headers["Content-Type"] == "application/x-x509-ca-cert"
        assert root.read() == https_site.proxy.root_cert.read_bytes()


def test_make_run_https_sends_plain_http_on_to_https(https_site):
    http_port = https_site.proxy.http_port
    connection = socket.create_connection(("127.0.0.1", http_port), timeout=5)
    with connection:
        connection.sendall(b"GET /matches/new HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        head = connection.recv(4096).decode()
    assert head.startswith("HTTP/1.1 308")
    assert f"Location: {https_site.proxy.url}matches/new\r\n" in head


def test_stopping_stops_caddy_and_gunicorn_and_the_authority_outlives_a_restart(tmp_path, site_env):
    chosen = ports()
    first = serve_https(tmp_path, site_env, chosen)
    root = first.proxy.root_cert.read_bytes()

    stop(first)

    assert first.process.returncode == 0
    for port in chosen[:2]:  # gunicorn's and Caddy's https
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
    again = serve_https(tmp_path, site_env, chosen)
    try:
        assert again.proxy.root_cert.read_bytes() == root
    finally:
        stop(again)


class EchoHeaders(BaseHTTPRequestHandler):
    """An upstream that answers with the request's headers, as gunicorn would see them."""

    def do_GET(self) -> None:
        body = json.dumps(dict(self.headers.items())).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        """Quiet."""


def test_caddy_hands_the_site_the_phones_own_address_whatever_the_phone_claims(tmp_path):
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), EchoHeaders)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    _, https_port, http_port = ports()
    flags = ("--host", "127.0.0.1", "--port", str(upstream.server_port))
    flags += ("--https-port", str(https_port), "--http-port", str(http_port))
    proxy = home_proxy(tmp_path, *flags)
    front = subprocess.Popen(
        caddy.caddy_command(),
        env=proxy.environment(caddy_only(tmp_path)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        caddy.wait_for_root(proxy, front)
        served = Served(front, tmp_path / "unused", proxy)
        claims = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "http"}
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                request = urllib.request.Request(proxy.url, headers=claims)
                with served.https(request) as answer:
                    seen = json.loads(answer.read())
                break
            except (OSError, urllib.error.URLError):
                assert time.monotonic() < deadline
                time.sleep(0.2)
    finally:
        caddy.stop([front])
        upstream.shutdown()
        upstream.server_close()

    # One hop, the one TRUSTED_PROXY_HOPS=1 believes: this phone (here on loopback), https.
    assert seen["X-Forwarded-For"] == "127.0.0.1"
    assert seen["X-Forwarded-Proto"] == "https"
