# The two commands of the README: `make demo` and `make test`.
# Both create .venv and install the project into it on first use, with the studio, batch (Ray) and the dev tools.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench catalog clean

# the install's own chatter goes to a log, shown only when something fails
$(STAMP): pyproject.toml
	@echo "installing the project into $(VENV) (first run only; log: $(VENV)/install.log)"
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --upgrade pip > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	@$(BIN)/python -m pip install -e '.[dev,studio,batch]' >> $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	@touch $(STAMP)

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
