# Everything runs in a virtual environment in .venv, made on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# pyproject.toml gives the ranges of versions the package accepts; constraints.txt pins the ones installed.
CONSTRAINTS := constraints.txt

.PHONY: play serve test lint docs bench bench-docs screenshots mutation compiled pure clean lowest interop constraints

$(STAMP): pyproject.toml $(CONSTRAINTS)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]' -c $(CONSTRAINTS)
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

# The current figures of docs/benchmarks.md: every figure's program at bounded sizes, the page's section rewritten.
bench-docs: $(STAMP)
	$(BIN)/python tools/benchmark_figures.py

# Mutation testing of the rules modules, outside CI (docs/testing.md): every game, or one with GAME=drump;
# ONE_IN=10 tries one mutant in ten (1, 2, 5 or 10).
GAME ?=
ONE_IN ?= 1
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[mutation]' -c $(CONSTRAINTS)
	$(BIN)/python tools/mutation.py --one-in $(ONE_IN) $(GAME)

# The optional compiled build of the hot modules (mypyc; about 45 CPU seconds); `make pure` removes it.
compiled: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[compiled]' -c $(CONSTRAINTS)
	$(BIN)/python tools/build_compiled.py

pure: $(STAMP)
	$(BIN)/python tools/build_compiled.py --clean

# The lowest versions pyproject.toml's ranges allow (tools/lowest.py), in a fresh environment of their
# own, with the RL and core tests run on them (the test tools at the versions of constraints.txt).
LOWEST := .venv-lowest
LOWEST_TESTS := tests/rl tests/test_conformance.py tests/test_match.py tests/test_replay.py tests/test_cli.py \
	tests/test_screens.py
lowest:
	rm -rf $(LOWEST)
	$(PYTHON) -m venv $(LOWEST)
	$(PYTHON) tools/lowest.py rl > $(LOWEST)/lowest.txt
	$(LOWEST)/bin/python -m pip install --quiet -c $(CONSTRAINTS) pytest pytest-xdist hypothesis jsonschema
	$(LOWEST)/bin/python -m pip install --quiet -e '.[rl]' -c $(LOWEST)/lowest.txt
	$(LOWEST)/bin/python -m pip list 2>/dev/null | grep -Ei '^(numpy|gymnasium|pettingzoo|click|rich|matplotlib) '
	$(LOWEST)/bin/pytest -n auto -p no:cacheprovider $(LOWEST_TESTS)

# Each training library trains on each game and prints figures (benchmarks/interop.py, docs/rl.md),
# outside CI: an environment of its own, since the libraries bring torch (the CPU wheel on this disk)
# and RLlib asks for gymnasium 1.2.2.  STEPS=4096 learner steps per library and game.
INTEROP := .venv-interop
STEPS ?= 4096
$(INTEROP)/.installed: pyproject.toml
	$(PYTHON) -m venv $(INTEROP)
	$(INTEROP)/bin/python -m pip install --quiet torch==2.13.0
	$(INTEROP)/bin/python -m pip install --quiet -e '.[rl]' sb3-contrib==2.9.2 tianshou==2.0.1 'ray[rllib]==2.60.0'
	touch $@
interop: $(INTEROP)/.installed
	$(INTEROP)/bin/python benchmarks/interop.py --steps $(STEPS)

# constraints.txt again from a fresh install of the ranges (after changing one in pyproject.toml).
constraints:
	rm -rf .venv-constraints
	$(PYTHON) -m venv .venv-constraints
	.venv-constraints/bin/python -m pip install --quiet -e '.[dev]'
	head -3 $(CONSTRAINTS) > .venv-constraints/header.txt
	cat .venv-constraints/header.txt > $(CONSTRAINTS)
	.venv-constraints/bin/python -m pip freeze --exclude-editable >> $(CONSTRAINTS)
	rm -rf .venv-constraints

clean:
	rm -rf $(VENV) $(LOWEST) $(INTEROP) .pytest_cache .mypy_cache .ruff_cache mutants
