# `make run` serves the site and `make test` runs every check, starting from nothing but
# python3 (3.11+): the virtualenv and its pinned packages are made here on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One stamp per install, so pip runs again only when the pins change.
RUN_STAMP := $(VENV)/.make-stamp-run
DEV_STAMP := $(VENV)/.make-stamp-dev

.PHONY: run test bench browser-deps postgres-deps bench-deps trace-deps https-deps \
	translations messages

# init-db runs the migrations: it builds a new database and upgrades an existing one.
# The site is served on every interface, for the phones on this Wi-Fi: it prints the
# address to open and its QR code. `make run HOST=127.0.0.1` keeps it on this machine.
HOST ?= 0.0.0.0
PORT ?= 5000
# `make run HTTPS=1`: Caddy in front (deploy/Caddyfile) with its own certificate authority,
# on ports that need no root; gunicorn moves to 127.0.0.1:$(PORT). `make run DOMAIN=name`:
# a public name, its certificate obtained by Caddy, on 443 and 80 (root, or caddy allowed
# CAP_NET_BIND_SERVICE). Caddy's state, its authority's root too, is kept in instance/caddy/.
HTTPS ?=
DOMAIN ?=
HTTPS_PORT ?= $(if $(DOMAIN),443,8443)
HTTP_PORT ?= $(if $(DOMAIN),80,8080)
PROXY := $(if $(DOMAIN),--domain $(DOMAIN),$(if $(HTTPS),--https))
run: $(RUN_STAMP) translations $(if $(HTTPS)$(DOMAIN),https-deps)
	$(BIN)/flask --app wsgi init-db
	$(BIN)/python -m scorekeeper.serve --host $(HOST) --port $(PORT) \
		$(if $(PROXY),$(PROXY) --https-port $(HTTPS_PORT) --http-port $(HTTP_PORT))

# The whole suite on SQLite, then its database tests on a throwaway PostgreSQL that
# scripts/with-postgres.sh starts on a free loopback port and removes afterwards (which
# tests: tests/conftest.py, runs_on_postgres).
test: $(DEV_STAMP) translations browser-deps postgres-deps trace-deps https-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest
	scripts/with-postgres.sh $(BIN)/pytest

# The site's words in each language (issue 26, scorekeeper/i18n.py): each catalogue
# (messages.po, kept in git) compiled to the messages.mo the site reads; `make messages`
# collects the marked words of the code and templates again into messages.pot and brings
# every catalogue up to date with it (a new word arrives untranslated, a changed one fuzzy:
# tests/test_languages.py says which an offered language still lacks).
TRANSLATIONS := scorekeeper/translations
CATALOGUES := $(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po)
translations: $(CATALOGUES:.po=.mo)

$(TRANSLATIONS)/%/LC_MESSAGES/messages.mo: $(TRANSLATIONS)/%/LC_MESSAGES/messages.po | $(BIN)/python
	$(BIN)/pybabel -q compile -i $< -o $@ -l $*

messages: $(DEV_STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg --no-location --sort-output --add-comments=Translators: \
		--project Scorekeeper --copyright-holder Scorekeeper -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel -q update -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) \
		--no-wrap --ignore-obsolete --ignore-pot-creation-date --no-fuzzy-matching

# Every benchmark, then the performance budget as one table (exit 1 if one is not kept).
# The load test drives gunicorn with Debian's wrk; the first visit is measured in chromium;
# the live followers are measured against a throwaway PostgreSQL cluster.
bench: $(DEV_STAMP) translations browser-deps bench-deps postgres-deps
	$(BIN)/python -m bench

# Browser tests (tests/e2e/) drive Debian's chromium through playwright; installing it
# needs root (or sudo).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser-deps:
	@test -x /usr/bin/chromium || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; }

# tests/test_serve.py watches `make run`'s server with strace: it connects nowhere.
trace-deps:
	@test -x /usr/bin/strace || { $(SUDO) apt-get update && $(SUDO) apt-get install -y strace; }

# HTTPS: Debian's caddy in front of gunicorn; certutil (libnss3-tools) puts Caddy's root
# into a browser test's own NSS store (tests/e2e/test_https_caddy.py).
https-deps:
	@{ command -v caddy && command -v certutil; } >/dev/null || \
		{ $(SUDO) apt-get update && $(SUDO) apt-get install -y caddy libnss3-tools; }

bench-deps:
	@command -v wrk >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y wrk; }

# The PostgreSQL run needs Debian's server (no cluster of its own is used or started).
postgres-deps:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
		{ $(SUDO) apt-get update && $(SUDO) apt-get install -y postgresql; }

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/pip install -c constraints.txt -e .
	touch $@

$(DEV_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/pip install -c constraints.txt -e '.[dev]'
	touch $@
