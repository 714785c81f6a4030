"""Every field of every form the site shows, posted with each value that
broke something once: a 5,000-digit number, digits that are not
ASCII, NaN and Infinity, JSON of the wrong type, bidi and control
characters, text far too long. Never a 500; a refusal stores nothing.

The forms are found by reading the pages, as a browser does: a new form is
covered without editing this test. Each post runs in a savepoint that is
rolled back, so one accepted post does not change what the next one sees.
At a desk a fifth of the posts are made, every value still tried
(``tests.examples.spread``); CI makes them all.
"""

from html.parser import HTMLParser
from urllib.parse import urljoin

import pytest
from django.db import connection, transaction

from tests.examples import examples, spread
from tests.security.test_matrix import Writes, concrete, fingerprint, patterns
from tournaments.models import TableRound, TournamentRole

#: The values that broke a form or an import once.
HOSTILE = [
    "9" * 5000,  # past Python's limit for turning text into a number
    "99999999999999999999",  # past a database id
    # digits to str.isdigit(), not to int()
    "²",
    "٣",
    "NaN",
    "-1e309",
    "[]",
    "Eve\u202egnp.exe",  # right-to-left override
    "\x00",
    "x" * 20_000,
]
#: A form with more fields than this (the rule editor, the deal form) gets
#: every field hostile at once, per value; smaller ones one field at a time.
FIELD_BY_FIELD = 25
#: Pages whose forms end a session or are Django's own.
SKIP_FORMS = ("/accounts/logout/", "/i18n/", "/language/")
#: Forms that end the session too, wherever they are: making a device a
#: table's tablet logs the TD out on it (and has no field to post into).
SKIP_FORM_ENDINGS = ("/tablet/",)


class Forms(HTMLParser):
    """The POST forms of a page: action and {field: a value it offers}."""

    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._fields: dict[str, str] | None = None
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("method") or "").lower() == "post":
            self.forms.append((a.get("action") or "", {}))
            self._fields = self.forms[-1][1]
        elif self._fields is None:
            return
        elif tag in ("input", "textarea") and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                self._fields.setdefault(a["name"], "")
            elif a.get("type") != "file":
                self._fields[a["name"]] = a.get("value") or ""
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
            self._fields.setdefault(self._select, "")
        elif tag == "button" and a.get("name"):
            self._fields.setdefault(a["name"], a.get("value") or "")
        elif tag == "option" and self._select and not self._fields[self._select]:
            self._fields[self._select] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self._fields = None
        elif tag == "select":
            self._select = None


def forms_of(client, path: str) -> list[tuple[str, dict[str, str]]]:
    response = client.get(path)
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return []
    parser = Forms()
    parser.feed(response.content.decode())
    found = []
    for action, fields in parser.forms:
        target = urljoin(path, action) if action else path
        if not target.startswith(SKIP_FORMS) and not target.endswith(SKIP_FORM_ENDINGS):
            fields.pop("csrfmiddlewaretoken", None)
            found.append((target, fields))
    return found


@pytest.fixture
def td(client, make_user, small_event):
    """Staff and the event's TD: every form of the site is theirs to post."""
    from tournaments.models import Round

    user = make_user("hostile", is_staff=True, is_superuser=True)
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    Round.objects.filter(tournament=small_event, number=2).update(
        status=Round.Status.SEATED, published=False
    )
    TableRound.objects.filter(round__tournament=small_event, round__number=2).update(
        closed=False
    )
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.raise_request_exception = False  # a 500 is a status to count
    client.user = user
    return client


@pytest.fixture
def site(small_event, td):
    """The event, a club season with a team, and a house-rule set: what the
    forms of the site work on. The pages to read, their ids filled in."""
    from demo.season import generate_season
    from rules.models import HouseRuleSet
    from seasons.models import Team
    from tournaments.models import Club, Player

    season = generate_season(
        "club", players=10, evenings=2, deals=4, seed=3, attendance=(8, 10), teams=1
    )
    HouseRuleSet.objects.create(slug="house", name="House", preset="nl", owner=td.user)
    entry = small_event.entries.first()
    ids = {
        "slug": small_event.slug,
        "players": Player.objects.first().pk,
        "clubs": Club.objects.first().pk,
        "roles": 1,
        "entries": entry.pk,
        "entry_id": entry.pk,
        "number": 2,
        "round": 2,
        "table": 1,
        "deal": 1,
        "team": Team.objects.first().pk,
        "player_id": Player.objects.first().pk,
        "club_id": Club.objects.first().pk,
    }
    seen, out = set(), [table_link(small_event, td)]
    for _name, route in patterns():
        if route.startswith(("manage/season/", "s/")):
            path = concrete(route, {**ids, "slug": season.slug})
            path = path.replace("<slug:competition_slug>", season.slug)
        elif route.startswith("rules/"):
            path = concrete(route, {**ids, "slug": "house"})
        else:
            path = concrete(route, ids)
        if path not in seen:
            seen.add(path)
            out.append(path)
    return out


def table_link(event, client) -> str:
    """The players' page of table 1 of round 2, a seat taken by ``client``."""
    from scoring.tableside import services
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=event.pk).update(entry_mode="confirm")
    table = TableRound.objects.get(round__tournament=event, round__number=2, number=1)
    key = services.key_for(table)
    base = f"/k/{key.slot}/{key.secret}/"
    client.post(base + "seat/", {"seat": 1})
    return base


def hostile_posts(fields: dict[str, str], form: int = 0):
    """(what changed, the data) for every post form number ``form`` gets:
    in CI every value in every field at once, then in each field alone; at
    a desk a fifth of that, shifted from form to form and from field to
    field so that every value is still tried (``tests.examples.spread``)."""
    for value in spread(HOSTILE, offset=form):
        yield "every field", {name: value for name in fields}
    if len(fields) <= FIELD_BY_FIELD:
        for number, name in enumerate(fields):
            for value in spread(HOSTILE, offset=form + number):
                yield name, {**fields, name: value}


@pytest.mark.django_db
def test_every_form_field_refuses_hostile_values_without_a_500(td, site):
    failures, posted, forms = [], 0, 0
    before, writes = None, Writes()  # fingerprints taken again only after a write
    with connection.execute_wrapper(writes):
        for page in site:
            count = writes.count
            found = forms_of(td, page)
            if before is None or writes.count != count:
                # after the page's own GET (keys made on first view)
                before = fingerprint()
            for action, fields in found:
                forms += 1
                posted += post_each(td, action, fields, before, writes, failures, forms)
    assert not failures, sorted(set(failures))[:60]
    assert forms > 45 and posted > examples(1500), (forms, posted)


def post_each(td, action, fields, before, writes, failures, form) -> int:
    """Every hostile post to form number ``form``, each rolled back; how
    many."""
    posted = 0
    for name, data in hostile_posts(fields, form):
        with transaction.atomic():
            count = writes.count
            response = td.post(action, data)
            redirected = response.status_code in (302, 303)
            wrote = writes.count != count  # else the rows are as ``before``
            stored = not redirected and wrote and fingerprint() != before
            transaction.set_rollback(True)
        posted += 1
        value = next(iter(data.values()), "")[:12] if data else ""
        if response.status_code >= 500:
            failures.append((action, name, value, "500"))
        elif stored:
            failures.append((action, name, value, "stored"))
    return posted
