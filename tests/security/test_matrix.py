"""The permission matrix: every URL the resolver knows, GET and POST, as each
kind of visitor (docs/roles.md). A new URL is covered without editing this
test: its arguments are made from its converters and names.

Checked for every URL and visitor: never a 500; and nobody who may not write
there changes the database (a fingerprint of every table before and after).
"""

import re

import pytest
from django.apps import apps
from django.db import connection
from django.urls import URLPattern, URLResolver, get_resolver

from scoring.models import Deal
from tournaments.models import Club, Player, TournamentRole

VISITORS = ("anonymous", "stranger", "other_td", "event_td", "staff", "admin")
#: Staff may do everything (docs/roles.md): the admin site's staff flag is
#: enough, a superuser is staff too. Neither is ever refused (403).
STAFF = ("staff", "admin")
SKIP = ("admin/", "accounts/", "i18n/")  # Django's own views
#: Who may write through a URL (by name); everything else under /manage/ is
#: the event's TD's, the register and new events are staff's (and
#: organisers', whom this test leaves out).
WRITERS = {
    "td:rule-edit": {"other_td", "event_td", *STAFF},
    "td:home": set(),
}
#: Pages an anonymous visitor is sent to log in for (with ?next=), never 403.
LOGIN_FIRST = ("manage/", "rules/<slug:code>/edit/")
LOGIN = "/accounts/login/?next=/"
PAYLOAD = {
    "action": "withdraw",
    "publish": "1",
    "choice": "reseat",
    "name": "Hacker",
    "slug": "hacked",
    "p0_contract": "rik",
    "thrown_in": "on",
    "byes": "on",
    "players": "1",
    "username": "admin",
    "role": "td",
    "mode": "clone",
    "version": "",
    "seat1": "0",
    "a": "1",
    "b": "2",
}


def patterns(resolver=None, prefix="", namespace=""):
    resolver = resolver or get_resolver()
    for p in resolver.url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            ns = p.namespace or namespace
            yield from patterns(p, route, ns)
        elif isinstance(p, URLPattern) and not route.startswith(SKIP):
            yield f"{namespace}:{p.name}" if namespace else p.name, route


def concrete(route: str, ids: dict) -> str:
    """A path for ``route``: its slug, and ids of real rows by the param name
    (``pk`` by the segment before it)."""

    def fill(match):
        kind, name = match.group(1), match.group(2)
        if kind == "slug":
            return ids["slug"]
        if kind == "str":
            return "seating"
        if name == "pk":
            before = route[: match.start()].rstrip("/").rsplit("/", 1)[-1]
            return str(ids.get(before, 1))
        return str(ids.get(name, 1))

    return "/" + re.sub(r"<(\w+):(\w+)>", fill, route)


#: Bookkeeping that a visit writes by design: sessions, login attempts.
NOT_DATA = ("sessions.", "axes.")


def fingerprint() -> tuple:
    """Every row of every data model, hashed: any write shows."""
    out = []
    for model in apps.get_models():
        if model._meta.label.startswith(NOT_DATA):
            continue
        rows = model.objects.order_by("pk").values_list()
        out.append((model._meta.label, hash(tuple(map(repr, rows)))))
    return tuple(out)


#: Statements that change no row.
READS = re.compile(r"\s*(?:SELECT|SAVEPOINT|RELEASE|ROLLBACK\s+TO)\b", re.IGNORECASE)
#: A statement that writes one table: INSERT, UPDATE, DELETE.
WRITES_TO = re.compile(
    r'\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?\s', re.IGNORECASE
)


class Writes:
    """Counts the statements sent (an ``execute_wrapper``) that may change a
    row ``fingerprint`` reads: every statement but a read, a savepoint and a
    write to a NOT_DATA table. While the count stays the same, no row can
    have changed, and the fingerprint taken before still holds: it is taken
    again only after such a statement (the checks stay the same, the
    fingerprints read far fewer times)."""

    def __init__(self):
        self.count = 0
        self.not_data = {
            m._meta.db_table
            for m in apps.get_models()
            if m._meta.label.startswith(NOT_DATA)
        }

    def __call__(self, execute, sql, params, many, context):
        if not READS.match(sql):
            table = WRITES_TO.match(sql)
            if not (table and table[1] in self.not_data):
                self.count += 1
        return execute(sql, params, many, context)


@pytest.fixture
def world(small_event, make_user):
    from demo.events import generate_event

    other_event = generate_event("other", 8, 1, 1, seed=2)
    users = {
        "stranger": make_user("stranger"),
        "other_td": make_user("other_td"),
        "event_td": make_user("event_td"),
        "staff": make_user("staff", is_staff=True),
        "admin": make_user("admin", is_staff=True, is_superuser=True),
    }
    TournamentRole.objects.create(
        tournament=other_event, user=users["other_td"], role="td"
    )
    role = TournamentRole.objects.create(
        tournament=small_event, user=users["event_td"], role="td"
    )
    entry = small_event.entries.first()
    ids = {
        "slug": small_event.slug,
        "players": Player.objects.first().pk,
        "clubs": Club.objects.first().pk,
        "roles": role.pk,
        "entries": entry.pk,
        "entry_id": entry.pk,
        "number": 1,
        "round": 1,
        "table": 1,
        "deal": Deal.objects.filter(table__round__tournament=small_event)
        .first()
        .number,
    }
    return users, ids


@pytest.mark.django_db
@pytest.mark.parametrize("visitor", VISITORS)
def test_every_url_answers_every_visitor_without_a_500_or_a_foreign_write(
    client, world, visitor
):
    users, ids = world
    if visitor != "anonymous":
        client.force_login(users[visitor])
    seen, before, writes = 0, None, Writes()
    with connection.execute_wrapper(writes):
        for name, route in patterns():
            path = concrete(route, ids)
            for method in ("get", "post"):
                if before is None:
                    before = fingerprint()
                count = writes.count
                response = getattr(client, method)(path, PAYLOAD)
                assert response.status_code < 500, (name, path, method)
                if visitor in STAFF:
                    assert response.status_code != 403, (name, path, method)
                wrote = writes.count != count  # else the rows are as before
                writers = WRITERS.get(name, _default_writers(route))
                if visitor not in writers:
                    after = fingerprint() if wrote else before
                    assert after == before, (name, path, method, visitor)
                elif wrote:
                    before = None  # a writer's change: read the rows again
                if route.startswith(LOGIN_FIRST) and visitor == "anonymous":
                    assert response.status_code == 302, (name, path, method)
                    assert response["Location"].startswith(LOGIN), (name, path)
                seen += 1
    assert seen > 80  # every URL, both methods


def _default_writers(route: str) -> set[str]:
    if route.startswith("manage/<slug:slug>/"):
        return {"event_td", *STAFF}
    return set(STAFF)  # the register, new events, imports, rules
