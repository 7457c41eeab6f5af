# Everything runs in a virtual environment in .venv, made on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test lint docs bench screenshots mutation compiled pure clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/cardtable play drump

serve: $(STAMP)
	$(BIN)/cardtable serve

test: $(STAMP) lint
	$(BIN)/pytest -n auto

lint: $(STAMP)
	$(BIN)/ruff check cardtable tests benchmarks
	$(BIN)/mypy

docs: $(STAMP)
	for game in $$($(BIN)/cardtable games --names); do $(BIN)/cardtable rules $$game > docs/rules/$$game.md; done

screenshots: $(STAMP)
	CARDTABLE_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/web -n 2

bench: $(STAMP)
	$(BIN)/python benchmarks/speed.py
	$(BIN)/python benchmarks/strength.py

# Mutation testing of the rules modules, outside CI (docs/testing.md): every game, or one with GAME=drump;
# ONE_IN=10 tries one mutant in ten (1, 2, 5 or 10).
GAME ?=
ONE_IN ?= 1
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[mutation]'
	$(BIN)/python tools/mutation.py --one-in $(ONE_IN) $(GAME)

# The optional compiled build of the hot modules (mypyc; about 45 CPU seconds); `make pure` removes it.
compiled: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[compiled]'
	$(BIN)/python tools/build_compiled.py

pure: $(STAMP)
	$(BIN)/python tools/build_compiled.py --clean

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache mutants
