# `make run` serves the site and `make test` runs every check, starting from nothing but
# python3 (3.11+): the virtualenv and its pinned packages are made here on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One stamp per install, so pip runs again only when the pins change.
RUN_STAMP := $(VENV)/.make-stamp-run
DEV_STAMP := $(VENV)/.make-stamp-dev

.PHONY: run test bench browser-deps

run: $(RUN_STAMP)
	$(BIN)/flask --app wsgi init-db
	$(BIN)/flask --app wsgi run --host 127.0.0.1 --port 5000

test: $(DEV_STAMP) browser-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest

bench: $(DEV_STAMP)
	$(BIN)/python bench/rules.py
	$(BIN)/python bench/pages.py

# Browser tests (tests/e2e/) drive Debian's chromium through playwright; installing it
# needs root (or sudo).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser-deps:
	@test -x /usr/bin/chromium || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; }

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/pip install -c constraints.txt -e .
	touch $@

$(DEV_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/pip install -c constraints.txt -e '.[dev]'
	touch $@
