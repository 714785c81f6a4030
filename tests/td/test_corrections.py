"""Published results never change without a trace the public sees: a
published round reopens only with a reason; the public pages then say it
was corrected, when and why (tournaments.corrections)."""

import pytest
from django.urls import reverse
from django.utils import translation

from demo.events import realistic_record
from scoring.models import Deal
from scoring.services import save_deal, table_view
from tournaments.models import AuditLog, Round, TableRound
from tournaments.rounds import RoundRefusedError, reopen_round

pytestmark = pytest.mark.django_db


def reopen_url(event, number=1):
    return reverse("td:round-reopen", args=[event.slug, number])


def correct_first_deal(event, number=1):
    import random

    table = TableRound.objects.select_related("round__tournament").get(
        round__tournament=event, round__number=number, number=1
    )
    deal = Deal.objects.get(table=table, number=1)
    record = realistic_record(table_view(table).players_for(1), random.Random(4))
    save_deal(table, 1, record, expected_version=deal.version)


def test_a_published_round_reopens_only_with_a_reason(small_event):
    round_ = small_event.round_set.get(number=1)
    assert round_.published and round_.status == Round.Status.CLOSED
    with translation.override("en"), pytest.raises(RoundRefusedError, match="say why"):
        reopen_round(round_, None, "   ")
    reopen_round(round_, None, "Spel 1\x00 verkeerd\n overgenomen")
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED
    assert round_.correction_reason == "Spel 1 verkeerd overgenomen"
    line = AuditLog.objects.filter(action="round.reopen").latest("id")
    assert line.detail["reason"] == "Spel 1 verkeerd overgenomen"


def test_the_td_is_asked_for_the_reason_and_the_public_reads_it(td_client, small_event):
    url = reopen_url(small_event)
    asked = td_client.post(url, HTTP_ACCEPT_LANGUAGE="en")
    assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()
    empty = td_client.post(
        url, {"confirmed": "1", "reason": " "}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert empty.status_code == 400 and "say why" in empty.content.decode()
    assert small_event.round_set.get(number=1).status == Round.Status.CLOSED
    done = td_client.post(url, {"confirmed": "1", "reason": "Tafel 1 spel 1 fout"})
    assert done.status_code == 302
    assert small_event.round_set.get(number=1).corrected_at is None  # not yet
    correct_first_deal(small_event)
    round_ = small_event.round_set.get(number=1)
    assert round_.corrected_at is not None
    td_client.logout()
    page = td_client.get(
        reverse("public:standings", args=[small_event.slug]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Round 1 was corrected after its results were published" in page
    assert "Tafel 1 spel 1 fout" in page


def test_a_round_not_yet_published_changes_without_a_trace(td_client, small_event):
    Round.objects.filter(tournament=small_event, number=2).update(published=False)
    assert td_client.post(reopen_url(small_event, 2)).status_code == 302
    correct_first_deal(small_event, 2)
    round_ = small_event.round_set.get(number=2)
    assert round_.status == Round.Status.SEATED and round_.corrected_at is None


def test_a_table_of_a_published_round_reopens_only_with_a_reason(
    td_client, small_event
):
    table = TableRound.objects.get(
        round__tournament=small_event, round__number=1, number=1
    )
    url = reverse("td:entry-reopen", args=[small_event.slug, 1, 1])
    asked = td_client.post(url)
    assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()
    table.refresh_from_db()
    assert table.closed
    done = td_client.post(url, {"confirmed": "1", "reason": "Score verkeerd"})
    assert done.status_code == 302
    table.refresh_from_db()
    assert not table.closed
    line = AuditLog.objects.filter(action="table.reopen").latest("id")
    assert line.detail["reason"] == "Score verkeerd"


def test_the_audit_log_reads_the_reason(td_client, small_event):
    td_client.post(reopen_url(small_event), {"confirmed": "1", "reason": "Typfout"})
    page = td_client.get(
        reverse("td:audit", args=[small_event.slug]),
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()
    assert "Round 1 reopened" in page and "reason: Typfout" in page


def test_a_round_hidden_until_the_prize_giving_needs_no_reason(small_event):
    type(small_event).objects.filter(pk=small_event.pk).update(hide_last_rounds=1)
    round_ = Round.objects.select_related("tournament").get(
        tournament=small_event, number=2
    )
    reopen_round(round_, None, "")  # the public never saw it
    correct_first_deal(small_event, 2)
    assert Round.objects.get(pk=round_.pk).corrected_at is None


def test_paper_totals_stored_later_are_no_correction(small_event):
    from scoring.services.table_actions import store_sheet

    table = TableRound.objects.select_related("round__tournament").get(
        round__tournament=small_event, round__number=1, number=1
    )
    store_sheet(table, {"1": 0, "2": 0, "3": 0, "4": 0, "5": 0})
    assert Round.objects.get(pk=table.round_id).corrected_at is None


# -- a round published while its tables still play (issue 36, finding 17) -----
def published_while_playing(event):
    """Round 2 published while its tables play on: table 1 has no deal yet,
    table 2 has all of them and was closed (its results seen)."""
    Round.objects.filter(tournament=event, number=2).update(
        status=Round.Status.SEATED, published=True
    )
    tables = TableRound.objects.select_related("round__tournament").filter(
        round__tournament=event, round__number=2
    )
    first, second = tables.get(number=1), tables.get(number=2)
    Deal.objects.filter(table=first).delete()
    TableRound.objects.filter(pk=first.pk).update(closed=False)
    first.closed = False
    assert second.closed
    return first, second


def enter_deal(table, number: int, seed: int = 4):
    import random

    record = realistic_record(
        table_view(table).players_for(number), random.Random(seed)
    )
    current = Deal.objects.filter(table=table, number=number).first()
    save_deal(table, number, record, expected_version=current and current.version)


def test_deals_entered_at_a_table_still_playing_are_no_correction(small_event):
    playing, _done = published_while_playing(small_event)
    for number in (1, 2, 3, 4):
        enter_deal(playing, number)
    round_ = small_event.round_set.get(number=2)
    assert round_.published and round_.corrected_at is None


def test_a_deal_changed_at_a_table_reopened_after_publication_is_one(small_event):
    from scoring.services.table_actions import reopen_table

    playing, done = published_while_playing(small_event)
    enter_deal(playing, 1)
    reopen_table(done, None, "Spel 2 verkeerd overgenomen")
    assert small_event.round_set.get(number=2).corrected_at is None  # not yet
    enter_deal(done, 2, seed=9)
    round_ = small_event.round_set.get(number=2)
    assert round_.corrected_at is not None
    assert round_.correction_reason == "Spel 2 verkeerd overgenomen"


def test_a_deal_deleted_at_a_reopened_table_is_one(small_event):
    from scoring.services import delete_deal
    from scoring.services.table_actions import reopen_table

    _playing, done = published_while_playing(small_event)
    reopen_table(done, None, "Spel 4 hoort er niet bij")
    delete_deal(done, 4)
    assert small_event.round_set.get(number=2).corrected_at is not None


def test_a_reopened_round_reopens_every_table_for_corrections(small_event):
    round_ = small_event.round_set.get(number=1)
    reopen_round(round_, None, "Tafel 2 fout")
    table = TableRound.objects.select_related("round__tournament").get(
        round=round_, number=2
    )
    enter_deal(table, 3, seed=11)
    assert Round.objects.get(pk=round_.pk).corrected_at is not None
