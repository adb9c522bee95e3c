# The two set-up commands of the README: `make run` and `make test`.
SHELL := /bin/bash
PY := .venv/bin/python
HOST ?= $(or $(TESSERA_HOST),127.0.0.1)
PORT ?= $(or $(TESSERA_PORT),8000)

.PHONY: run test test-fast setup lint format lock stop db

setup:
	@scripts/setup.sh

db: setup
	@$(PY) manage.py provision_db
	@$(PY) manage.py seed_demo --if-empty

run: db
	@scripts/serve.sh $(HOST) $(PORT)

test: setup
	@scripts/test.sh

test-fast: setup
	@scripts/test.sh -m "not slow"

lint: setup
	@.venv/bin/ruff check . && .venv/bin/ruff format --check .

format: setup
	@.venv/bin/ruff format . && .venv/bin/ruff check --fix .

lock: setup
	@.venv/bin/python -m pip install -q -r requirements.in && .venv/bin/python -m pip freeze --exclude-editable > requirements.lock

stop:
	@$(PY) -m project.pgserver stop
