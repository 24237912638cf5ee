# gameshelf: two commands on a fresh machine.
#   make play   creates .venv when missing, installs gameshelf alone (light), opens the game menu
#   make test   installs the test, rl (OpenSpiel, PettingZoo, Gymnasium) and cluster (Ray)
#               extras too, runs ruff, mypy on src/ (strict) and benchmarks/, and pytest
#               (their tests included)
#   make web    the game page served on this machine and opened in the browser (gameshelf web);
#               ARGS passes options on: make web ARGS="--no-open --port 8080"
#   make help   this list
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
STAMP_TEST := $(VENV)/.installed-test
EXTRAS_TEST := test,rl,cluster

.PHONY: help play web test lint typecheck pytest test-slow bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.'
	touch $(STAMP)

# the extras on top of the base install (which is then up to date as well)
$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS_TEST)]'
	touch $(STAMP) $(STAMP_TEST)

play: $(STAMP)
	$(BIN)/gameshelf $(ARGS)

# options for `gameshelf web` (and `gameshelf` itself for play): make web ARGS="--no-open"
ARGS ?=

help:
	@sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' Makefile

web: $(STAMP)
	$(BIN)/gameshelf web $(ARGS)

# pytest keeps compiled modules (__pycache__, ignored by git) even where the environment says
# not to write them (PYTHONDONTWRITEBYTECODE): else each worker compiles every test module,
# and each child process the modules it imports, again in every run
test: $(STAMP_TEST)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/mypy --config-file benchmarks/mypy.ini benchmarks/*.py
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -q -n auto --maxprocesses=4 --dist loadgroup

# the slow checks, and every property test with its full count of examples (tests/examples.py)
test-slow: $(STAMP_TEST)
	$(BIN)/pytest -q -m 'slow or hypothesis' --hypothesis-profile slow

bench: $(STAMP_TEST)
	@for f in benchmarks/[!_]*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
