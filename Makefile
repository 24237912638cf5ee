# gameshelf: two commands on a fresh machine.
#   make play   creates .venv when missing, installs, opens the game menu
#   make test   creates .venv with the test extras, runs ruff, mypy on src/ and pytest
#   make web    the same menu served to web browsers (gameshelf web), same store
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-test

.PHONY: play web test lint typecheck pytest test-slow bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/gameshelf

web: $(STAMP)
	$(BIN)/gameshelf web

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -q -n auto --maxprocesses=4

test-slow: $(STAMP)
	$(BIN)/pytest -q -m slow

bench: $(STAMP)
	@for f in benchmarks/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
