# Two commands for a fresh clone: `make run` and `make test` (Python 3.11+ and make are enough).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# The optional compiled engine (spades/engine/compiled.py), rebuilt when an engine source changes.
ENGINE_STAMP := spades/engine/.build-stamp
PYTEST_ARGS ?=
# Test workers (pytest-xdist): most of the suite waits on sockets, browsers and child processes,
# so four workers on two cores take under half the time of one (bench/README.md, "The test
# suite's time"). `--dist load` hands the tests out in pytest-django's order, so each worker still
# runs the transactional tests (which empty the tables) after the others. PYTEST_WORKERS=0 runs
# them in this one process.
PYTEST_WORKERS ?= 4

.PHONY: run test test-fast lint format messages migrate static bench engine clean

$(STAMP): requirements.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	@touch $@

# The engine's modules compiled by mypyc (it comes with mypy) where a C compiler and Python's
# headers are; elsewhere it says why and the engine stays pure Python: never an error.
engine: $(ENGINE_STAMP)

$(ENGINE_STAMP): $(STAMP) $(wildcard spades/engine/*.py)
	-$(BIN)/python -m spades.engine compile
	@touch $@

messages: $(STAMP)
	$(BIN)/python -m config.translations compile

migrate: messages
	$(BIN)/python manage.py migrate --noinput

# Hashed, compressed copies of the static files in staticfiles/, served by WhiteNoise.
static: $(STAMP)
	STATIC_MANIFEST=true $(BIN)/python manage.py collectstatic --noinput --verbosity 0

run: migrate static engine
	$(BIN)/python -m config.launcher run

test: messages engine
	$(BIN)/python -m config.launcher exec -- $(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist load $(PYTEST_ARGS)

# The quick tier for the loop: no browser, no whole matches (about a third of the suite's time).
test-fast: messages engine
	$(BIN)/python -m config.launcher exec -- $(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist load -m "not browser and not slow" $(PYTEST_ARGS)

# Style, the direction of the imports (the contracts in pyproject.toml) and the types.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: engine
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-bench.lock
	@echo "Benchmarks: see bench/README.md"

clean:
	rm -rf $(VENV) .run staticfiles $(ENGINE_STAMP) spades/engine/*.so spades/engine/.compiled.json
