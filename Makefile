# The two commands of the README: `make demo` and `make test`.
# Both create .venv and install the project into it on first use, with the studio, batch (Ray) and the dev tools.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench catalog clean lock

# the install's own chatter goes to a log, shown only when something fails
# every dependency at the version in requirements.lock (the versions the golden replays' bytes were
# verified with); `make lock` refreshes the lock
$(STAMP): pyproject.toml setup.py requirements.lock
	@echo "installing the project into $(VENV) (first run only; log: $(VENV)/install.log)"
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --upgrade pip > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	@$(BIN)/python -m pip install -c requirements.lock -e '.[dev,studio,batch]' >> $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
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
	$(BIN)/python bench/bench_startup.py
	$(BIN)/python bench/bench_video.py

catalog: $(STAMP)
	$(BIN)/python scripts/build_catalog.py

# newest versions the ranges of pyproject.toml allow, written to requirements.lock; then `make test`
# (the golden replays) says whether the same seeds still give the same bytes
lock:
	@test -x .lock-tools/bin/uv || { $(PYTHON) -m venv .lock-tools && .lock-tools/bin/python -m pip install -q uv; }
	.lock-tools/bin/uv pip compile pyproject.toml --extra dev --extra studio --extra batch \
		--python-version 3.11 --universal --upgrade -o requirements.lock

clean:
	rm -rf $(VENV) .lock-tools .pytest_cache .mypy_cache .ruff_cache .hypothesis
