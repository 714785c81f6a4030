"""The TD's token page: a token is shown once and stored as its digest;
revoking keeps the row; only the event's TD may do either."""

import hashlib

import pytest
from django.urls import reverse
from django.utils import translation

from api.models import ApiToken
from api.tokens import create_token
from tournaments.models import AuditLog, TournamentRole


def page(event) -> str:
    return reverse("api-manage:tokens", args=[event.slug])


def revoke_url(event, pk) -> str:
    return reverse("api-manage:revoke", args=[event.slug, pk])


def test_a_new_token_is_shown_once_and_only_its_digest_is_kept(td_client, small_event):
    response = td_client.post(page(small_event), {"name": "pad 3"})
    assert response.status_code == 302
    token = ApiToken.objects.get(tournament=small_event)
    shown = td_client.get(page(small_event))
    secret = shown.context["new"]["secret"]
    assert len(secret) >= 40
    assert secret.encode() in shown.content
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest()
    assert token.hint == secret[:6]
    assert token.created_by == td_client.user
    assert secret not in str(ApiToken.objects.values_list().get(pk=token.pk))
    assert shown["Cache-Control"].startswith("max-age=0")
    again = td_client.get(page(small_event))
    assert secret.encode() not in again.content
    assert b"pad 3" in again.content
    line = AuditLog.objects.get(action="api.token_create")
    assert line.user == td_client.user
    assert line.detail == {"name": "pad 3", "hint": token.hint}


def test_revoking_keeps_the_row_and_writes_an_audit_line(td_client, small_event):
    token, _secret = create_token(small_event, "pad", td_client.user)
    response = td_client.post(revoke_url(small_event, token.pk))
    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert AuditLog.objects.filter(action="api.token_revoke").count() == 1
    td_client.post(revoke_url(small_event, token.pk))  # again: nothing new
    assert AuditLog.objects.filter(action="api.token_revoke").count() == 1
    assert td_client.get(revoke_url(small_event, token.pk)).status_code == 405


def test_a_token_of_another_event_is_not_revoked_from_here(
    td_client, small_event, make_user
):
    from demo.events import generate_event

    other = generate_event("other", 8, 1, 4, rules="nl", seed=3)
    token, _secret = create_token(other, "theirs", None)
    response = td_client.post(revoke_url(small_event, token.pk), follow=True)
    assert response.status_code == 200
    token.refresh_from_db()
    assert token.revoked_at is None


@pytest.mark.parametrize("name", ["", " ", "x" * 81, "a\x00b"])
def test_junk_names_get_a_message(td_client, small_event, name):
    with translation.override("en"):
        response = td_client.post(page(small_event), {"name": name})
    assert response.status_code == 400  # a NUL: refused before any view
    if response.context:
        assert response.context["form"].errors
    assert not ApiToken.objects.exists()


def test_another_events_td_may_not_see_or_make_tokens(client, small_event, make_user):
    from demo.events import generate_event

    other = generate_event("other", 8, 1, 4, rules="nl", seed=3)
    user = make_user("elsewhere")
    TournamentRole.objects.create(tournament=other, user=user, role="td")
    client.force_login(user)
    token, _secret = create_token(small_event, "pad", None)
    assert client.get(page(small_event)).status_code == 403
    assert client.post(page(small_event), {"name": "mine"}).status_code == 403
    assert client.post(revoke_url(small_event, token.pk)).status_code == 403
    assert ApiToken.objects.filter(tournament=small_event).count() == 1
    token.refresh_from_db()
    assert token.revoked_at is None


def test_the_jury_may_not_make_tokens(client, small_event, make_user):
    user = make_user("jury")
    TournamentRole.objects.create(tournament=small_event, user=user, role="jury")
    client.force_login(user)
    assert client.post(page(small_event), {"name": "mine"}).status_code == 403


def test_an_anonymous_visitor_is_sent_to_log_in(client, small_event):
    for response in (
        client.get(page(small_event)),
        client.post(page(small_event), {"name": "x"}),
    ):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    assert not ApiToken.objects.exists()


def test_the_event_page_links_to_the_tokens(td_client, small_event):
    response = td_client.get(reverse("td:event", args=[small_event.slug]))
    assert page(small_event).encode() in response.content
