# Rikscore: the two commands a newcomer needs are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
CHROMIUM ?= /usr/bin/chromium

.PHONY: run serve test bench load lint format messages clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	$(PY) -c "from tournaments.seating import warm; warm()"  # compile numba once
	touch $@

$(DEVSTAMP): $(STAMP)
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

# The development secret key, made once per checkout (not in git) so that
# sessions survive a restart; settings only read it. Production takes
# DJANGO_SECRET_KEY instead.
.secret_key:
	umask 077 && $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $@.tmp
	mv $@.tmp $@

# Install, migrate, load demo data into an empty database, serve on :8000,
# with the worker that sends mail and updates ratings beside it (stopped
# with the server).
run: $(STAMP) .secret_key
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo --if-empty
	DJANGO_DEBUG=1 $(PY) manage.py run_worker --no-reload -v 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	DJANGO_DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

# Production mode (README, "Running a championship"): granian (WSGI) behind
# the environment's settings; DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS are
# needed. One worker process per core; HOST=0.0.0.0 to serve the hall's LAN.
# The task worker (mail, ratings: core/background.py) runs beside granian
# and stops with it.
WORKERS ?= 2
THREADS ?= 4
HOST ?= 127.0.0.1
PORT ?= 8000
# A restart with nothing changed answers within seconds: the static files
# are collected (hashed and compressed: the slow part) only when a source
# file or the installed packages changed since the last collection; a
# migrate with nothing to do costs one start of Django.
STATIC_SOURCES := $(shell find static -type f 2>/dev/null)
STATIC_MANIFEST := staticfiles/staticfiles.json
$(STATIC_MANIFEST): $(STAMP) $(STATIC_SOURCES)
	DJANGO_PRODUCTION=1 $(PY) manage.py collectstatic --noinput -v0
	touch $@

serve: $(STAMP) $(STATIC_MANIFEST)
	DJANGO_PRODUCTION=1 $(PY) manage.py migrate --noinput
	DJANGO_PRODUCTION=1 $(PY) manage.py run_worker --no-reload -v 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	DJANGO_PRODUCTION=1 $(VENV)/bin/granian --interface wsgi --workers $(WORKERS) \
		--blocking-threads $(THREADS) --blocking-threads-idle-timeout 600 \
		--backlog 4096 --backpressure 2048 \
		--host $(HOST) --port $(PORT) --no-ws \
		--log-level warning rikscore.wsgi:application

# Chromium for the browser test comes from Debian when it is missing.
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "chromium missing: sudo apt-get install chromium" >&2; \
	fi

# Two workers (pytest-xdist): one per core of the project's machine; each has
# its own test database (TEST_WORKERS=0 runs in one process). Each worker
# takes a half of the tests in order and, once done, steals from the end of
# the other's (worksteal: the long browser tests at the end even out). The
# bytecode of the tests and of their rewritten asserts is kept between runs
# even where the environment says PYTHONDONTWRITEBYTECODE (13.8 s of
# collecting per worker, 7 s with it kept). HYPOTHESIS_PROFILE=ci (.ci/run)
# tries every example count the tests name; a developer's run a fifth
# (tests/examples.py).
TEST_WORKERS ?= 2
test: $(DEVSTAMP) $(CHROMIUM)
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal

bench: $(DEVSTAMP)
	$(PY) -m bench

# The round-release spike against the production setup on PostgreSQL
# (docs/performance.md): LOAD_SECONDS, LOAD_PHONES, LOAD_DATABASE_URL.
load: $(DEVSTAMP)
	$(PY) -m bench.load.run

# The same with table-side entry: 300 phones while 100 tables
# enter and confirm their deals on their own links (docs/performance.md).
.PHONY: load-tables
load-tables: $(DEVSTAMP)
	LOAD_ENTRY=table $(PY) -m bench.load.run

# Pages while the mail server hangs: 48 subscriptions against a server
# that never answers, a visitor timing public pages (docs/performance.md).
.PHONY: load-mail
load-mail: $(DEVSTAMP)
	$(PY) -m bench.load.hung_mail

# The public pages' capacity: phones under wrk in growing steps
# until p99 passes 250 ms or a request fails (docs/performance.md).
.PHONY: load-capacity
load-capacity: $(DEVSTAMP)
	$(PY) -m bench.load.capacity

lint: $(DEVSTAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(DEVSTAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Regenerate and compile translations (needs GNU gettext).
messages: $(STAMP)
	$(PY) manage.py makemessages -l nl -l en --ignore=.venv --ignore=tests
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) db.sqlite3
