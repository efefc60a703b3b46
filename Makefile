# The two commands of the README: `make demo` and `make test`.
# Both create .venv and install the project into it on first use.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench catalog clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/trek demo

test: $(STAMP) lint
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/bench_geometry.py
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_replay.py
	$(BIN)/python bench/bench_odds.py
	$(BIN)/python bench/bench_studio.py
	$(BIN)/python bench/bench_viewer.py
	$(BIN)/python bench/bench_video.py

catalog: $(STAMP)
	$(BIN)/python scripts/build_catalog.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
