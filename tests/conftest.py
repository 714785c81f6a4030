"""Shared fixtures. Pure tests need none of these and stay off the database.

Data several tests read (``small_event``; ``season`` in tests/seasons) is
built once and shared through an open transaction (``tests.shared``,
docs/testing.md); Chromium is started once per test process
(``tests.browser``)."""

import pytest

from tests import browser as _browser
from tests import shared
from tests.examples import PROFILE as _HYPOTHESIS_PROFILE


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """After pytest-django's order (transactional tests last): the tests of a
    module that share a build next to each other."""
    shared.order_items(items)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before any fixture of ``item``: roll back the shared builds it does
    not use (all of them for a transactional test), stop Chromium if it uses
    none."""
    _browser.before_test(item)
    shared.before_test(item)


def pytest_report_header(config):
    """Which hypothesis profile runs (``tests/examples.py``)."""
    return f"hypothesis profile: {_HYPOTHESIS_PROFILE}"


def pytest_sessionfinish(session):
    _browser.CHROMIUM_PROCESS.stop()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """A test database on PostgreSQL commits without waiting for the disk
    (``synchronous_commit=off``): nothing of it is worth keeping after a
    crash, and the tests that commit (live server, races, flushes) wait
    less. What a commit makes visible to other connections is unchanged."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("postgresql"):
        options = database.setdefault("OPTIONS", {})
        options["options"] = "-c synchronous_commit=off"


#: Passwords hashed cheaply: a test's users log in with "pw"; the cost of
#: the production hasher is no part of what is tested (one test that times
#: the check sets PBKDF2 itself: tests/security/test_login_burst.py).
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing():
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=FAST_HASHERS):
        yield


@pytest.fixture
def players():
    return ["Anna", "Bert", "Cor", "Dirk"]


def organisers_group():
    """The "Organisers" group (tournaments migration 0005), made again when a
    transactional test before this one flushed it away with the data."""
    from django.contrib.auth.models import Group, Permission

    group, created = Group.objects.get_or_create(name="Organisers")
    if created:
        group.permissions.add(
            *Permission.objects.filter(
                content_type__app_label="tournaments", codename="add_tournament"
            )
        )
    return group


@pytest.fixture
def make_user(db, django_user_model):
    """A user; ``organiser=True`` puts them in the Organisers group (who may
    create events), ``clubs=[...]`` makes them organiser of those clubs."""

    def make(username="td", organiser=False, clubs=(), **extra):
        from tournaments.models import ClubRole

        user = django_user_model.objects.create_user(username, password="pw", **extra)
        if organiser:
            user.groups.add(organisers_group())
        for club in clubs:
            ClubRole.objects.create(club=club, user=user)
        return user

    return make


#: The shared builds' session fixtures (``tests.shared``), here to be seen
#: by every folder: ``season`` is imported outside tests/seasons too.
_shared_small_event = shared.shared_fixture(shared.build_small_event)
_shared_season = shared.shared_fixture(shared.build_season)


@pytest.fixture
def small_event(request, db, _shared_small_event):
    """A scored event: 10 players (two tables of five), 2 rounds × 4 deals, nl.

    Built once for the tests that run one after another (``tests.shared``):
    change it freely, the change is rolled back after the test."""
    from tournaments.models import Tournament

    pk = shared.shared_value(request, _shared_small_event) or shared.build_small_event()
    return Tournament.objects.get(pk=pk)


@pytest.fixture
def td_client(client, make_user, small_event):
    """A client logged in as TD of ``small_event``, who is also an organiser:
    of the event's clubs, and in the group that may create events."""
    from tournaments.models import Club, TournamentRole

    clubs = Club.objects.filter(player__entries__tournament=small_event).distinct()
    user = make_user("td", organiser=True, clubs=clubs)
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    client.force_login(user)
    client.user = user
    return client


#: Where a test does not ask for the worker, a job runs when its
#: transaction commits (``core.background``), as the worker would a moment
#: later: tests read the mails and ratings a change causes right after it.
TASKS_AT_ONCE = {
    "default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}
}


@pytest.fixture(autouse=True, scope="session")
def _tasks_at_once():
    from django.test import override_settings

    with override_settings(TASKS=TASKS_AT_ONCE):
        yield


@pytest.fixture
def worker_queue(settings):
    """The real queue (the database backend): jobs wait for a worker, as on
    a served site (``manage.py run_worker``)."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture(autouse=True)
def _language_of_a_fresh_process():
    """Every test starts in the language a fresh process has (the site's,
    ``LANGUAGE_CODE``), whatever the test before it in this worker left
    active: a test that reads English words asks for English itself."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The public pages' cache lives across tests in one process: start empty."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def page(live_server):
    """A Chromium page on the live server (tests.browser; English), in a
    context of its own."""
    from tests.browser import browser_page

    with browser_page(live_server.url) as page:
        yield page


@pytest.fixture(autouse=True)
def _postgres_marked(request):
    """Tests marked ``postgres`` (real row locks, threads) skip elsewhere."""
    if request.node.get_closest_marker("postgres") is None:
        return
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: set DATABASE_URL=postgres://…")


@pytest.fixture
def browser():
    """Chromium for a test that opens several contexts (phone sizes, two
    players at one table): this process's one (tests.browser); the contexts
    a test leaves open are closed after it."""
    yield _browser.CHROMIUM_PROCESS.get()
    _browser.CHROMIUM_PROCESS.close_contexts()
