"""Data built once and shared by consecutive tests (docs/testing.md).

A shared fixture (``small_event``, ``season``, …) is built inside a
transaction opened *around* the tests that use it: each test's own
transaction (pytest-django's ``db``) is then a savepoint inside it and is
rolled back as always, so every test starts from the same rows, and the
function-scoped fixture hands each test a freshly read object.

The outer transaction is open only while the tests that run ask for the
data: before each test (``before_test``, a hook in ``tests/conftest.py``)
every shared build the test does not use is rolled back, and so is every
build before a transactional test (``transactional_db``, ``live_server``,
``django_db(transaction=True)``), which flushes the database and reads it
through other connections, and before a test with a module-scoped build of
its own (a fixture on ``django_db_blocker``): such tests get fresh data of
their own, as does a test that runs while a module's own transaction is
open. A build a test needs again later is made again before that test's own
transaction opens. ``order_items`` puts the tests of a module that share a build next to
each other so that it is built as few times as possible.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

#: The builds whose transaction is open, innermost last.
_OPEN: list[SharedData] = []
#: The builds of this session, by fixture name (open or not).
_KNOWN: dict[str, SharedData] = {}
#: Every shared fixture's name (set at import by ``shared_fixture``).
NAMES: list[str] = []


def is_transactional(item: pytest.Item) -> bool:
    """As pytest-django decides it (``_django_db_helper``): the test runs
    without a transaction around it, and flushes the database after."""
    names = getattr(item, "fixturenames", ())
    if {
        "transactional_db",
        "live_server",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
    } & set(names):
        return True
    marker = item.get_closest_marker("django_db")
    if marker is None:
        return False
    from pytest_django.plugin import validate_django_db

    transaction, reset_sequences, *_rest = validate_django_db(marker)
    return bool(transaction or reset_sequences)


class SharedData:
    """One build, kept in an open transaction on every database."""

    def __init__(self, name: str, build: Callable[[], Any], blocker) -> None:
        self.name = name
        self.build = build
        self.blocker = blocker
        self.value: Any = None
        self._atomics: list | None = None

    @property
    def is_open(self) -> bool:
        return self._atomics is not None

    def open(self) -> None:
        from django.db import connections, transaction

        assert not self.is_open
        with self.blocker.unblock():
            self._atomics = []
            _OPEN.append(self)
            try:
                for alias in connections:
                    atomic = transaction.atomic(using=alias)
                    atomic.__enter__()
                    self._atomics.append(atomic)
                self.value = self.build()
            except BaseException:
                self.close()
                raise

    def close(self) -> None:
        """Roll this build back, and every build opened after it."""
        while self in _OPEN:
            _OPEN.pop()._roll_back()

    def _roll_back(self) -> None:
        from django.db import transaction

        atomics, self._atomics, self.value = self._atomics or [], None, None
        with self.blocker.unblock():
            for atomic in reversed(atomics):
                transaction.set_rollback(True, using=atomic.using)
                atomic.__exit__(None, None, None)


def builds_its_own(item: pytest.Item) -> bool:
    """Whether ``item`` uses a module- or class-scoped fixture of its own
    that opens a transaction around its tests (``django_db_blocker``): no
    shared build may then be open, neither under it (the test would see the
    build) nor around it (the build could not be rolled back before it)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    for name in item.fixturenames:
        if name in _KNOWN or name in NAMES or name.startswith("django_db"):
            continue
        defs = info.name2fixturedefs.get(name)
        if (
            defs
            and defs[-1].scope != "function"
            and "django_db_blocker" in defs[-1].argnames
        ):
            return True
    return False


def _others_open() -> bool:
    """A transaction open that no shared build opened (a module's own)."""
    from django.db import connections

    for alias in connections:
        mine = sum(1 for h in _OPEN for a in h._atomics or () if a.using == alias)
        if len(connections[alias].atomic_blocks) != mine:
            return True
    return False


def may_open(item: pytest.Item) -> bool:
    return not (is_transactional(item) or builds_its_own(item) or _others_open())


def before_test(item: pytest.Item) -> None:
    """Roll back what ``item`` does not share, open again what it shares."""
    alone = is_transactional(item) or builds_its_own(item)
    names = set(getattr(item, "fixturenames", ()))
    for handle in reversed(_OPEN[:]):
        if alone or handle.name not in names:
            handle.close()
    if alone:
        return
    for name, handle in _KNOWN.items():
        if name in names and not handle.is_open and may_open(item):
            handle.open()


def shared_fixture(build: Callable[[], Any]):
    """A session fixture named ``_shared_<build's name>``: the handle of a
    build ``build()`` (returning primary keys, not model objects). The
    function-scoped fixture asks for it and reads ``shared_value(...)``."""
    name = f"_shared_{build.__name__.removeprefix('build_')}"
    NAMES.append(name)

    @pytest.fixture(scope="session", name=name)
    def _fixture(request, django_db_setup, django_db_blocker):
        handle = SharedData(name, build, django_db_blocker)
        _KNOWN[name] = handle
        if may_open(request._pyfuncitem):
            handle.open()
        try:
            yield handle
        finally:
            handle.close()
            del _KNOWN[name]

    return _fixture


def shared_value(request: pytest.FixtureRequest, handle: SharedData):
    """The shared build's value for this test, or ``None`` where the test
    must build its own (a transactional test; the build was rolled back)."""
    if handle.is_open and not is_transactional(request.node):
        return handle.value
    return None


def order_items(items: list[pytest.Item]) -> None:
    """Within each run of a module's tests, those sharing the same builds
    next to each other (a stable sort: otherwise the order stays)."""

    def uses(item) -> tuple[str, ...]:
        names = set(getattr(item, "fixturenames", ()))
        return tuple(n for n in NAMES if n in names)

    out, run = [], []

    def flush():
        first = {}
        for item in run:
            first.setdefault(uses(item), len(first))
        out.extend(sorted(run, key=lambda i: first[uses(i)]))
        run.clear()

    for item in items:
        if run and (
            getattr(item, "module", None) is not getattr(run[-1], "module", None)
            or is_transactional(item) != is_transactional(run[-1])
        ):
            flush()
        run.append(item)
    flush()
    items[:] = out


# -- the builds ---------------------------------------------------------------
def build_small_event() -> int:
    """``small_event`` (tests/conftest.py)."""
    from demo.events import generate_event

    return generate_event("small", 10, 2, 4, rules="nl", seed=7).pk


def build_season() -> int:
    """``season`` (tests/seasons/conftest.py; other folders import it)."""
    from demo.season import generate_season

    return generate_season(
        "club", players=14, evenings=4, deals=8, seed=3, attendance=(10, 14), teams=2
    ).pk
