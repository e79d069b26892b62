# camelcade: every target sets up what it needs (a virtual environment in .venv).
# Newcomers: `make play` to play, `make test` to run every check.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
GAME ?= a-dos-de-chameau
PLAYERS ?= 3
ARGS ?=

.PHONY: play serve test lint typecheck unit web-test axe bench clean help extract catalogues compile docs

help:
	@echo "make play    set up and play $(GAME) in the terminal against bots (GAME=, PLAYERS=, ARGS=)"
	@echo "make test    set up and run ruff, mypy and the whole test suite"
	@echo "make bench   run the benchmarks, figures to benchmarks/results/"
	@echo "make serve   set up and start the game server and web app on http://127.0.0.1:8000/"
	@echo "make web-test  only the browser tests (Debian's chromium; part of make test)"
	@echo "make axe     axe in every state, size, scheme and language of every game (minutes; not in make test)"
	@echo "make extract     write each domain's message template (shared, and each game's) from the sources"
	@echo "make catalogues  extract, then merge each template into each language's .po"
	@echo "make compile     compile each domain's .po (every install does it too; docs/i18n.md)"
	@echo "make docs        write the generated documentation (docs/rl-encodings.md)"

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "camelcade needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[fast]'
	touch $@

$(VENV)/.installed-server: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[server,fast]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-dev: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-server

play: $(VENV)/.installed
	$(BIN)/camelcade play $(GAME) --players $(PLAYERS) $(ARGS)

serve: $(VENV)/.installed-server
	$(BIN)/camelcade serve $(ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/lint-imports

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

unit: $(VENV)/.installed-dev
	$(BIN)/pytest -n 2 -p no:cacheprovider

web-test: $(VENV)/.installed-dev
	$(BIN)/pytest -n 2 -p no:cacheprovider -m browser tests/web

axe: $(VENV)/.installed-dev
	CAMELCADE_AXE_MATRIX=1 $(BIN)/pytest -n 2 -p no:cacheprovider -m axe_matrix tests/web

test: lint typecheck unit

extract: $(VENV)/.installed-dev
	$(BIN)/python -m camelcade.i18n.build extract

catalogues: extract
	$(BIN)/python -m camelcade.i18n.build update

compile: $(VENV)/.installed-dev
	$(BIN)/python -m camelcade.i18n.build compile

docs: $(VENV)/.installed-dev
	$(BIN)/python -m camelcade.rl.docs --out docs/rl-encodings.md

bench: $(VENV)/.installed-dev
	$(BIN)/python benchmarks/run.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
