"""Personal results by mail, delivered to a real SMTP server: one per
subscribed player after a round is published, with the figures the public
standings show, text and HTML, a one-click unsubscribe; none for a round
not published, none twice for one publication, a corrected one after a
published deal changes."""

import random

import pytest
from django.utils import translation

from demo.events import realistic_record
from mailings.models import Mail
from mailings.queue import work_off
from scoring.models import Deal
from scoring.rowsource import standings_rows
from scoring.services import save_deal, table_view
from tournaments.models import Player, Round, TableRound
from tournaments.rounds import close_round, publish_round, reopen_round

pytestmark = pytest.mark.django_db


def publish(event, number, capture, published=True):
    with capture(execute=True):
        publish_round(event.round_set.get(number=number), published)


def parts(message) -> tuple[str, str]:
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    return text, html


def test_a_published_round_mails_each_subscriber_their_figures(
    smtp, unpublished_event, django_capture_on_commit_callbacks
):
    event = unpublished_event
    publish(event, 1, django_capture_on_commit_callbacks)
    assert len(smtp.messages) == 8
    with translation.override("en"):
        rows = standings_rows(event, up_to_round=1, public=True).rows
    by_address = {m["To"]: m for m in smtp.messages}
    for row in rows:
        player = Player.objects.get(entries__pk=row["entry"])
        message = by_address[player.email]
        assert "Your results after round 1" in message["Subject"]
        text, html = parts(message)
        assert f"Your rank: {row['rank']} of 8" in text
        assert f"Total: {row['points']}" in text
        assert f"R1: {row['r1']}" in text
        assert f"<strong>{row['rank']}</strong>" in html
        assert f"/t/{event.slug}/player/{row['entry']}/" in text
        assert "Deal 1:" in text or "Deal 2:" in text  # the deals they played
        assert (
            message["List-Unsubscribe"]
            .strip()
            .startswith("<https://rik.example/mail/unsubscribe/")
        )
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert set(Mail.objects.values_list("status", flat=True)) == {"sent"}


def test_no_mail_for_an_unpublished_round_nor_twice_for_one_publication(
    smtp, unpublished_event, django_capture_on_commit_callbacks
):
    event = unpublished_event
    with django_capture_on_commit_callbacks(execute=True):
        work_off()  # nothing published: nothing due
    assert smtp.messages == []
    publish(event, 1, django_capture_on_commit_callbacks)
    assert len(smtp.messages) == 8
    publish(event, 1, django_capture_on_commit_callbacks, published=False)
    publish(event, 1, django_capture_on_commit_callbacks)
    assert len(smtp.messages) == 8  # the same figures again: nothing new
    assert not any("round 2" in m["Subject"] for m in smtp.messages)


def test_hidden_last_rounds_mail_once_shown(
    smtp, unpublished_event, django_capture_on_commit_callbacks
):
    from tournaments.result_events import EventEdited, announce

    event = unpublished_event
    event.hide_last_rounds = 1
    event.save()
    publish(event, 2, django_capture_on_commit_callbacks)
    assert smtp.messages == []  # published but hidden until the prize-giving
    publish(event, 1, django_capture_on_commit_callbacks)
    assert len(smtp.messages) == 8
    event.hide_last_rounds = 0
    event.save()
    with django_capture_on_commit_callbacks(execute=True):
        announce(EventEdited(event.pk, frozenset({"hide_last_rounds"})))
    subjects = [m["Subject"] for m in smtp.messages]
    assert len(subjects) == 16
    assert sum("after round 2" in s for s in subjects) == 8


def test_a_corrected_deal_mails_a_correction_that_says_so(
    smtp, unpublished_event, django_capture_on_commit_callbacks
):
    event = unpublished_event
    publish(event, 1, django_capture_on_commit_callbacks)
    first = len(smtp.messages)
    round_ = event.round_set.get(number=1)
    assert round_.status == Round.Status.CLOSED
    with django_capture_on_commit_callbacks(execute=True):
        reopen_round(round_, None, "Spel 1 verkeerd overgenomen")
    assert len(smtp.messages) == first  # reopening changes no figure
    table = TableRound.objects.select_related("round__tournament").get(
        round=round_, number=1
    )
    deal = Deal.objects.get(table=table, number=1)
    for seed in range(20):  # a record that changes somebody's points
        record = realistic_record(table_view(table).players_for(1), random.Random(seed))
        if record != deal.record:
            break
    with django_capture_on_commit_callbacks(execute=True):
        save_deal(table, 1, record, expected_version=deal.version)
    assert len(smtp.messages) == first  # the round is open: mailed once closed
    with django_capture_on_commit_callbacks(execute=True):
        close_round(event.round_set.get(number=1))
    corrections = smtp.messages[first:]
    assert corrections, "the changed figures are mailed again"
    for message in corrections:
        assert message["Subject"].startswith("Correction: Your results after round 1")
        text, _html = parts(message)
        assert "this mail corrects an earlier one" in text
        assert "Spel 1 verkeerd overgenomen" in text
    assert Mail.objects.filter(corrected=True).count() == len(corrections)


def test_seats_are_mailed_when_a_round_is_seated(
    smtp, unpublished_event, django_capture_on_commit_callbacks
):
    from mailings.queue import write

    write(unpublished_event.pk, "seating", 2)
    with django_capture_on_commit_callbacks(execute=True):
        work_off()
    assert len(smtp.messages) == 8
    text, _html = parts(smtp.messages[0])
    assert "Your place: table" in text and "At your table" in text
    write(unpublished_event.pk, "seating", 2)  # the same seats again
    assert Mail.objects.filter(kind="seating").count() == 8


def test_the_mail_is_in_the_players_language_else_the_events(
    smtp, unpublished_event, django_capture_on_commit_callbacks
):
    event = unpublished_event  # a Dutch event
    Player.objects.filter(entries__tournament=event).update(mail_language="")
    publish(event, 1, django_capture_on_commit_callbacks)
    assert set(Mail.objects.values_list("language", flat=True)) == {"nl"}
    text, _html = parts(smtp.messages[0])
    assert "Totaal:" in text and "Ronde 1" in text


def test_others_are_named_as_the_public_sees_them_the_recipient_by_name(
    smtp, unpublished_event, django_capture_on_commit_callbacks
):
    event = unpublished_event
    table = TableRound.objects.get(round__tournament=event, round__number=1, number=1)
    hidden, *mates = [
        s.entry.player for s in table.seats.select_related("entry__player")
    ]
    Player.objects.filter(pk=hidden.pk).update(public_name="hidden")
    publish(event, 1, django_capture_on_commit_callbacks)
    by_address = {m["To"]: parts(m)[0] for m in smtp.messages}
    assert f"Dear {hidden.name}," in by_address[hidden.email]
    for mate in mates:
        text = by_address[mate.email]
        assert hidden.name not in text
        assert f"Player {hidden.pk}" in text  # named as the public sees them


def test_a_round_published_in_play_mails_once_its_last_table_closes(
    smtp, unpublished_event, django_capture_on_commit_callbacks
):
    event = unpublished_event
    TableRound.objects.filter(round__tournament=event, round__number=1).update(
        closed=False
    )
    Round.objects.filter(tournament=event, number=1).update(status=Round.Status.SEATED)
    publish(event, 1, django_capture_on_commit_callbacks)
    assert smtp.messages == []  # the public follows it live; no mail yet
    with django_capture_on_commit_callbacks(execute=True):
        close_round(event.round_set.get(number=1))
    assert len(smtp.messages) == 8
    assert not any(m["Subject"].startswith("Correction") for m in smtp.messages)
