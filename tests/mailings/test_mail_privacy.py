"""Mail and an erased member (issue 28, docs/privacy.md): their own mails
go, table mates' mails keep their figures without the name; a year-old
mail is deleted by the queue's command; the API's kept answers go."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.utils import timezone

from api.models import ApiWrite
from mailings.models import Mail
from seasons.privacy import erase_player


def _mail(tournament, player, text, **extra):
    return Mail.objects.create(
        tournament=tournament,
        player=player,
        kind=Mail.Kind.RESULTS,
        to="someone@example.org",
        subject="Results",
        text=text,
        html=f"<p>{text}</p>",
        language="en",
        **extra,
    )


@pytest.mark.django_db
def test_an_erased_member_leaves_no_name_in_the_mails(small_event, make_user):
    erased, mate = [e.player for e in small_event.entries.order_by("pk")[:2]]
    own = _mail(small_event, erased, f"Dear {erased.name}")
    other = _mail(small_event, mate, f"Your table: {erased.name}, 12 points")
    ApiWrite.objects.create(
        tournament=small_event, key="k1", status=201, body={"name": erased.name}
    )
    name = erased.name
    erase_player(erased, make_user("staff", is_staff=True))
    assert not Mail.objects.filter(pk=own.pk).exists()
    other.refresh_from_db()
    assert name not in other.text and name not in other.html
    assert "12 points" in other.text
    assert not ApiWrite.objects.filter(tournament=small_event).exists()


@pytest.mark.django_db
def test_the_queue_command_deletes_mails_older_than_a_year(small_event):
    player = small_event.entries.first().player
    old = _mail(small_event, player, "old", status=Mail.Status.SENT)
    new = _mail(small_event, player, "new", status=Mail.Status.SENT)
    year_ago = timezone.now() - datetime.timedelta(days=366)
    Mail.objects.filter(pk=old.pk).update(created=year_ago)
    call_command("send_mail_queue", stdout=io.StringIO())
    assert list(Mail.objects.values_list("pk", flat=True)) == [new.pk]
