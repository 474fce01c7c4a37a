# The two commands a newcomer types: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: previews help run test install browser lint typecheck check-migrations prod-check packs worker \
	bench backup restore clean
.DEFAULT_GOAL := help

## make help: list the targets
help:
	@grep -E '^## make ' $(MAKEFILE_LIST) | sed 's/^## //' | \
	  awk '{ i = index($$0, ": "); printf "  %-34s %s\n", substr($$0, 1, i - 1), substr($$0, i + 2) }'

# A folder of wheels (pip wheel -w var/wheels -e '.[dev]') is used first when there is one;
# pip's own download cache is used in any case.
WHEELS ?= var/wheels

$(PY):
	@echo "Creating $(VENV), the project's own Python environment (first run only)"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	@echo "Installing Muster, its pinned packages and its test tools into $(VENV)"
	@echo "(the first time takes a few minutes; later runs skip this until pyproject.toml changes)"
	$(PY) -m pip install --quiet $(if $(wildcard $(WHEELS)/*.whl),--find-links $(WHEELS)) -e '.[dev]'
	touch $(STAMP)

## make install: create .venv and install Muster with its test tools
install: $(STAMP)

# Everything the embedded services write stays under var/ (ignored by git).
var:
	@mkdir -p var/broker var/broker-processed var/broker-control

## make run: set everything up and serve on http://127.0.0.1:8000 with a Celery worker (PORT=8001 for another port)
# Share links and the roster's QR code name the address this serves on (or SITE_URL if set).
run: export SITE_URL ?= http://$(HOST):$(PORT)
run: install var
	@$(PY) -c "import socket; s = socket.socket(); \
	  s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('$(HOST)', $(PORT)))" \
	  2>/dev/null || { echo "Port $(PORT) on $(HOST) is already in use (another make run?)."; \
	  echo "Stop it, or use another port:  make run PORT=$$(( $(PORT) + 1 ))"; exit 1; }
	@echo "Starting a Celery worker (embedded broker under var/) while the database is brought up to date"
	@: > var/worker.log; \
	  $(PY) -m celery -A builder worker --loglevel=warning --concurrency=1 >> var/worker.log 2>&1 & \
	  worker=$$!; server=; tailer=; \
	  trap 'kill $$server $$tailer $$worker 2>/dev/null' EXIT INT TERM; \
	  $(PY) manage.py prepare --login-file var/admin-login.txt || exit 1; \
	  echo "Starting the site: open http://$(HOST):$(PORT)/"; \
	  echo "API: http://$(HOST):$(PORT)/api/v1/ (docs at http://$(HOST):$(PORT)/api/docs/; tokens at http://$(HOST):$(PORT)/accounts/)"; \
	  echo "Share links and QR codes point at $$SITE_URL"; \
	  for _ in $$(seq 120); do grep -q '\[queues\]' var/worker.log && break; \
	    kill -0 $$worker 2>/dev/null || { cat var/worker.log; echo "The worker did not start."; exit 1; }; \
	    sleep 0.5; done; \
	  cat var/worker.log; tail -n 0 -f var/worker.log & tailer=$$!; \
	  $(PY) manage.py runserver $(HOST):$(PORT) & server=$$!; \
	  for _ in $$(seq 120); do $(PY) -c "import socket; socket.create_connection(('$(HOST)', $(PORT)), 1)" \
	    2>/dev/null && break; kill -0 $$server 2>/dev/null || exit 1; sleep 0.5; done; \
	  echo; cat var/admin-login.txt; echo "Open http://$(HOST):$(PORT)/ (the admin is at /admin/; Ctrl-C stops everything)"; \
	  wait $$server

## make test: install what the tests need and run them all on two workers (SQLite, or DATABASE_URL)
# Each pytest-xdist worker has its own test database, Redis databases and file folders
# (tests/conftest.py). TEST_WORKERS=1 runs them in one process.
TEST_WORKERS ?= 2
test: install browser lint typecheck check-migrations
	$(PY) -m pytest -q -p no:cacheprovider $(if $(filter 1,$(TEST_WORKERS)),,-n $(TEST_WORKERS))

## make browser: install Debian's Chromium for the page tests (Playwright's downloads are not used)
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && \
	      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; \
	  else \
	    echo "chromium is not installed: page tests will be skipped (sudo apt-get install chromium)"; \
	  fi; }

## make lint: ruff
lint: install
	$(VENV)/bin/ruff check .

## make typecheck: mypy, strict, on rules_engine, builder and content (Django and DRF plugins)
typecheck: install
	$(VENV)/bin/mypy

## make check-migrations: Django's checks, and no model change without its migration
check-migrations: install
	DJANGO_SETTINGS_MODULE=builder.settings.test $(PY) manage.py check
	DJANGO_SETTINGS_MODULE=builder.settings.test $(PY) manage.py makemigrations --check --dry-run

## make prod-check: gunicorn with the production settings on PostgreSQL and Redis serves pages, static files and API docs
prod-check: install
	PROD_CHECK_REQUIRED=1 $(PY) -m pytest -q -p no:cacheprovider -rs tests/builder/settings/test_prod_check.py

## make packs: load every content pack (all or nothing)
packs: install
	$(PY) manage.py loadpack

## make worker: a Celery worker on its own
worker: install var
	$(PY) -m celery -A builder worker --loglevel=info

## make bench: every benchmark under bench/, one table of figures and targets (ONLY=printing for one)
# Results are appended to bench/results/; bench/report.py draws docs/bench/history.png.
bench: install
	@$(PY) bench/run.py $(ONLY)

## make previews: redraw docs/printing/*.png from the docs/examples lists (PDFs to PNG with pdftoppm)
PREVIEW_DB := sqlite:///$(CURDIR)/var/previews.sqlite3
PRINT = DATABASE_URL=$(PREVIEW_DB) $(PY) manage.py printsheet
PREVIEW = pdftoppm -r 100 -png -singlefile
previews: install var
	@command -v pdftoppm >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends poppler-utils; } || \
	  { echo "pdftoppm is missing: apt-get install poppler-utils"; exit 1; }
	@rm -f var/previews.sqlite3; DATABASE_URL=$(PREVIEW_DB) $(PY) manage.py migrate -v0 --noinput
	@DATABASE_URL=$(PREVIEW_DB) $(PY) manage.py loadpack > /dev/null
	@d=$$(mktemp -d); \
	$(PRINT) cards --list docs/examples/cs-air-action/aces-300.json --out $$d/aa.pdf && \
	$(PRINT) cards --list docs/examples/cs-air-action/aces-300.json --greyscale --out $$d/aa-grey.pdf && \
	$(PRINT) cards --list docs/examples/cs-aces/genghis-gang.json --out $$d/aces.pdf && \
	$(PRINT) cards --list docs/examples/crimson-dust/dust-devils-500.json --out $$d/cd.pdf && \
	$(PRINT) cards --list docs/examples/black-skies/tiger-squadron.squadron.json --out $$d/bs.pdf && \
	$(PRINT) roster --list docs/examples/crimson-dust/dust-devils-500.json --out $$d/roster.pdf && \
	$(PRINT) schematic --list docs/examples/cs-hex/heavy-fighter-turret-legal.json --out $$d/hex.pdf && \
	$(PRINT) navigation --out $$d/nav.pdf && \
	$(PRINT) cards --list docs/examples/cs-air-action/bloodhawks-200.json --backs duplex-long-edge --out $$d/duplex.pdf && \
	$(PREVIEW) $$d/aa.pdf docs/printing/cards-air-action && \
	$(PREVIEW) $$d/aa-grey.pdf docs/printing/cards-air-action-greyscale && \
	$(PREVIEW) $$d/aces.pdf docs/printing/cards-aces && \
	$(PREVIEW) $$d/cd.pdf docs/printing/cards-crimson-dust && \
	$(PREVIEW) $$d/bs.pdf docs/printing/cards-black-skies && \
	$(PREVIEW) $$d/roster.pdf docs/printing/roster && \
	$(PREVIEW) $$d/hex.pdf docs/printing/schematic && \
	$(PREVIEW) $$d/nav.pdf docs/printing/navigation && \
	$(PREVIEW) -f 2 -l 2 $$d/duplex.pdf docs/printing/duplex-back && \
	rm -rf $$d && echo "docs/printing/*.png redrawn"

## make backup FILE=var/backup.json: the whole database to one file (see docs/operations.md)
backup: install
	$(PY) manage.py backup $(or $(FILE),var/backup.json)

## make restore FILE=var/backup.json: replace the whole database with a backup
restore: install
	$(PY) manage.py restore $(or $(FILE),var/backup.json)

## make clean: remove var/ (database, broker, admin password) and caches
clean:
	rm -rf var .pytest_cache .ruff_cache
