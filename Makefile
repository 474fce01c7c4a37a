# The two commands a newcomer types: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install browser lint typecheck check-migrations packs worker bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

var:
	mkdir -p var/broker var/broker-processed

## make run: set everything up and serve on http://127.0.0.1:8000 with a Celery worker
run: install var
	$(PY) manage.py migrate --noinput
	$(PY) manage.py loadpack
	$(PY) manage.py ensureadmin
	@echo "Starting a Celery worker (embedded broker) and the site on http://$(HOST):$(PORT)/admin/"
	@echo "API: http://$(HOST):$(PORT)/api/v1/ (docs at http://$(HOST):$(PORT)/api/docs/)"
	@$(PY) -m celery -A builder worker --loglevel=warning --concurrency=1 & \
	  worker=$$!; trap "kill $$worker 2>/dev/null" EXIT INT TERM; \
	  $(PY) manage.py runserver $(HOST):$(PORT)

## make test: install what the tests need and run them all (SQLite, or DATABASE_URL)
test: install browser lint typecheck check-migrations
	$(PY) -m pytest -q -p no:cacheprovider

# Page tests drive Debian's Chromium (Playwright's own browser downloads are not used).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "chromium is not installed: page tests will be skipped (sudo apt-get install chromium)"; \
	  fi; }

lint: install
	$(VENV)/bin/ruff check .

typecheck: install
	$(VENV)/bin/mypy

check-migrations: install
	DJANGO_SETTINGS_MODULE=builder.settings.test $(PY) manage.py check
	DJANGO_SETTINGS_MODULE=builder.settings.test $(PY) manage.py makemigrations --check --dry-run

packs: install
	$(PY) manage.py loadpack

worker: install var
	$(PY) -m celery -A builder worker --loglevel=info

bench: install
	@for script in bench/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

clean:
	rm -rf var .pytest_cache .ruff_cache
