# precog. Two commands do everything; both set up .venv themselves on first use.
#   make app    serve the app (Voila on 127.0.0.1:$PORT, default 8866) and print its URL
#   make test   install what is missing (Debian's chromium included) and run every check
# `make help` lists the other targets.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.NOTPARALLEL:

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --disable-pip-version-check --quiet
# Install stamps live inside .venv: deleting .venv resets them; editing pyproject.toml re-installs.
APP_STAMP := $(VENV)/.stamp-app
TEST_STAMP := $(VENV)/.stamp-test
LINT_PATHS := $(wildcard precog tests benchmarks)
NOTEBOOK_DIRS := notebooks tutorials

.PHONY: app test help lint typecheck unit notebooks browser wheel-check bench chromium clean

app: $(APP_STAMP) ## Set up .venv and serve the app; prints the landing page URL (PORT=8866)
	$(BIN)/python scripts/serve_app.py

test: $(TEST_STAMP) chromium lint typecheck unit notebooks browser wheel-check ## Set up everything, run every check
	@echo "make test: all checks passed"

help: ## List the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

lint: $(TEST_STAMP) ## ruff on the package, tests and benchmarks
	$(BIN)/ruff check $(LINT_PATHS)

typecheck: $(TEST_STAMP) ## mypy (strict on precog.engine, see pyproject.toml)
	$(BIN)/mypy precog

unit: $(TEST_STAMP) ## Unit tests on 2 workers (everything not marked browser or wheel)
	$(BIN)/pytest -q -m "not browser and not wheel" -n 2

# Only folders that hold notebooks are passed to nbval: an empty or missing folder is skipped
# here rather than tolerated as pytest's "no tests collected" (exit code 5).
notebooks: $(TEST_STAMP) ## Run every cell of the app and tutorial notebooks (nbval, lax)
	@dirs=(); \
	for d in $(NOTEBOOK_DIRS); do \
	  if [ -n "$$(find "$$d" -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | head -n 1)" ]; \
	  then dirs+=("$$d"); else echo "notebooks: no notebooks in $$d/, skipped"; fi; \
	done; \
	if [ $${#dirs[@]} -gt 0 ]; then set -x; $(BIN)/pytest -q --nbval-lax "$${dirs[@]}"; fi

browser: $(TEST_STAMP) chromium ## Real-browser tests: Voila + headless Chromium (screenshots in tests/artifacts)
	$(BIN)/pytest -q -m browser tests/browser

wheel-check: $(TEST_STAMP) ## Build the wheel, install it outside the checkout, serve every page
	$(BIN)/pytest -q -m wheel tests/test_wheel_app.py

bench: $(APP_STAMP) ## Speed figures (benchmarks/engine.py)
	@if [ -f benchmarks/engine.py ]; then $(BIN)/python benchmarks/engine.py; \
	else echo "bench: benchmarks/engine.py not written yet"; fi

clean: ## Remove .venv, caches, build output and test artifacts
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .hypothesis .pytest_cache tests/artifacts
	find . -path ./.git -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

# Debian's chromium for Playwright (which cannot download a browser of its own here). apt-get
# only where it exists; elsewhere the browser tests need a Chromium at $CHROMIUM (say which).
chromium:
	@if [ ! -x "$${CHROMIUM:-/usr/bin/chromium}" ]; then \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "chromium: no Chromium at $${CHROMIUM:-/usr/bin/chromium} and no apt-get to install it;" \
	         "install Chromium and run: CHROMIUM=/path/to/chromium make test" >&2; \
	    exit 1; \
	  fi; \
	  echo "chromium: installing Debian's chromium"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  $$sudo apt-get update; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(APP_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e '.[app]'
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e '.[app,test,openspiel,cluster]'
	touch $@
