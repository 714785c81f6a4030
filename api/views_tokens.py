"""The TD's page of an event's API tokens: the list, a new token (shown
once, right after it is made), revoking one. TD of the event only
(``td_required``, checked on the server); every change writes an audit
line (``api.tokens``)."""

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from api.models import ApiToken
from api.tokens import create_token, revoke_token
from core.site import absolute
from td.access import td_required


class TokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=80,
        help_text=gettext_lazy("Who or what uses it, e.g. “score pad table 3”."),
    )


def _shown_key(tournament) -> str:
    """Where the session keeps a new token until its page is shown once."""
    return f"api-token-new-{tournament.pk}"


def _page(request, tournament, form=None, status=200):
    new = request.session.pop(_shown_key(tournament), None)
    response = render(
        request,
        "api/tokens.html",
        {
            "tournament": tournament,
            "tokens": ApiToken.objects.filter(tournament=tournament),
            "form": form or TokenForm(),
            "new": new,
            "endpoint": absolute(
                reverse("api-v1:api-send-deal", args=[tournament.slug]), request
            ),
        },
        status=status,
    )
    return response


@never_cache
@td_required
def tokens(request, tournament):
    """GET: the tokens (and a new one, once). POST: make a token."""
    if request.method != "POST":
        return _page(request, tournament)
    form = TokenForm(request.POST)
    if not form.is_valid():
        return _page(request, tournament, form, status=400)
    token, secret = create_token(tournament, form.cleaned_data["name"], request.user)
    request.session[_shown_key(tournament)] = {"name": token.name, "secret": secret}
    return redirect("api-manage:tokens", tournament.slug)


@td_required
@require_POST
def revoke(request, tournament, pk: int):
    token = revoke_token(tournament, pk, request.user)
    if token is None:
        messages.error(request, _("This event has no such token."))
    else:
        messages.success(request, _("Token “%(name)s” revoked.") % {"name": token.name})
    return redirect("api-manage:tokens", tournament.slug)
