"""Junk into every entry form: never a 500, nothing half-stored, zero-sum always."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Deal
from scoring.services import table_view
from td.forms_deal import MAX_PLAYS, MAX_SANCTIONS, PLAY_FIELDS, SANCTION_FIELDS
from tests.entry.conftest import url
from tests.examples import examples
from tournaments.models import AuditLog

FIELDS = (
    ["version", "thrown_in", "ap_tricks", "ap_queen", "ap_last"]
    + [f"ap_t{i}" for i in range(5)]
    + [f"p{r}_{f}" for r in range(MAX_PLAYS) for f in PLAY_FIELDS]
    + [f"s{r}_{f}" for r in range(MAX_SANCTIONS) for f in SANCTION_FIELDS]
)
JUNK = [
    "",
    "x" * 5000,
    "9" * 5000,
    "-1",
    "99999999999999999999",
    "\x00",
    "<script>",
    "☃",
    "rik",
    "schoppen-mie",
    "no-such-contract",
    "approved",
    "13",
]
SHEET = ["seat1", "seat2", "seat3", "seat4", "seat5", "seat9"]


def snapshot(table):
    table.refresh_from_db()
    deals = list(table.deals.values_list("number", "version", "record"))
    return deals, table.sheet_totals, table.closed


def test_it_survives_junk_in_every_field_of_every_form(td_client, table):
    before = snapshot(table)
    posts = [
        (url("entry-deal", table, 4), FIELDS),
        (url("entry-deal", table, 2), FIELDS),
        (url("entry-preview", table, 4), FIELDS),
        (url("entry-sheet", table), SHEET),
        (url("entry-close", table), FIELDS),
        (url("entry-delete", table, 4), FIELDS),
    ]
    for target, fields in posts:
        response = td_client.post(target, {})  # every key missing
        assert response.status_code < 500, target
        for junk in JUNK:
            if target.endswith("sheet/") and junk.strip().lstrip("-").isdigit():
                continue  # a whole number is a valid paper total, not junk
            response = td_client.post(target, dict.fromkeys(fields, junk))
            assert response.status_code < 500, (target, junk)
            assert snapshot(table) == before, (target, junk)


def test_it_survives_repeated_keys_and_odd_urls(td_client, table):
    data = {"p0_contract": ["rik", "piek"], "p0_tricks": ["1", "2"]}
    assert td_client.post(url("entry-deal", table, 4), data).status_code < 500
    base = url("entry-table", table)
    for path in ["deal/99/", "deal/-1/", "deal/abc/", "deal/4/preview/"]:
        assert td_client.get(base + path).status_code < 500
    assert td_client.get(base.replace("/table/1/", "/table/77/")).status_code == 404
    assert not Deal.objects.filter(table=table, number=4).exists()


def _values(labels):
    sensible = [
        "",
        "rik",
        "Rik",
        "misere",
        "piek",
        "solo-8",
        "een-of-vijf",
        "schoppen-mie",
        "penalty",
        "approved",
        "not_called",
        "hearts",
        "none",
        "1",
        "2",
        "3",
        "4",
        "5",
        "0",
        "8",
        "9",
        "13",
        "6",
        *labels,
    ]
    return st.one_of(
        st.sampled_from(sensible),
        st.text(max_size=12),
        st.integers(-(10**30), 10**30).map(str),
    )


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_it_never_fails_and_every_stored_deal_sums_to_zero(td_client, table, data):
    labels = table_view(table).labels
    form = data.draw(
        st.dictionaries(st.sampled_from(FIELDS), _values(labels), max_size=12)
    )
    number = data.draw(st.integers(1, 4))
    endpoint = data.draw(st.sampled_from(["entry-deal", "entry-preview"]))
    logged = AuditLog.objects.filter(action="deal.save").count()
    response = td_client.post(url(endpoint, table, number), form)
    assert response.status_code < 500
    for deal in Deal.objects.filter(table=table):
        assert sum(deal.seat_scores) == 0
    stored = AuditLog.objects.filter(action="deal.save").count() - logged
    assert stored in (0, 1) and (endpoint == "entry-deal" or stored == 0)
    seats = table.seats.all()
    assert sum(s.points for s in seats) == 0
