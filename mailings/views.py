"""Mail pages: subscribe (the public player page's link), confirm the
address, unsubscribe (a button, or the mail program's one click, RFC
8058; no login), and the organiser's outbox of an event with "retry
now". No page changes anything on a GET: mail scanners open links."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from core.background import after_change
from mailings import subscription, throttle
from mailings.forms import SubscribeForm
from mailings.models import Mail
from mailings.sending import retry
from mailings.tokens import read_unsubscribe
from publicpages.views import entry_or_404, event_or_404
from seasons.models import Evening
from seasons.permissions import can_run
from tournaments import subscriptions
from tournaments.models import Player, Tournament
from tournaments.people import event_names
from tournaments.permissions import is_td


def _invalid(request, status: int = 400):
    return render(request, "mailings/invalid.html", status=status)


def subscribe(request, slug: str, entry_id: int):
    """The public player page's form. Only for a player the public sees
    (``entry_or_404``: a player of a public round, else 404 as for no
    player). Whatever is posted, the answer is the same ("check your mail")
    and the only thing it causes is a mail to that address that confirms
    the address (``tournaments.subscriptions``)."""
    tournament = event_or_404(slug)
    entry = entry_or_404(tournament, entry_id)
    form = SubscribeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]
        if not throttle.allowed(request, email):
            form.add_error("email", _("Too many requests: try again in an hour."))
        else:
            subscription.request_confirmation(
                entry, email, form.choices(), form.cleaned_data["language"]
            )
            after_change()
            return redirect("mailings:subscribe-sent")
    name = event_names(tournament, public=True).get(entry.pk, "?")
    context = {"form": form, "entry": entry, "tournament": tournament, "name": name}
    status = 400 if form.errors else 200
    return render(request, "mailings/subscribe.html", context, status=status)


def subscribe_sent(request):
    return render(request, "mailings/subscribe_sent.html")


def confirm(request, token: str):
    """The link in the confirmation mail. Opening it (GET) only shows a
    button: mail scanners that follow links confirm nothing. The button
    (POST) confirms the address, once."""
    data = subscriptions.read_confirm(token)
    if data is None:
        return _invalid(request)
    if request.method != "POST":
        return render(request, "mailings/confirm_page.html", {"email": data["e"]})
    done = subscriptions.confirm(data)
    if done is None:
        return _invalid(request)
    outcome, sub = done
    context = {"email": sub.email, "outcome": outcome}
    return render(request, "mailings/confirmed.html", context)


@csrf_exempt  # RFC 8058: the mail program posts, with no cookie and no token
def unsubscribe(request, token: str):
    """The link in every mail. A GET (a person, or a mail scanner following
    links) only shows the button; a POST turns the mail off: the button,
    or the mail program's one-click unsubscribe (RFC 8058)."""
    found = read_unsubscribe(token)
    player = found and Player.objects.filter(pk=found[0]).first()
    if not player:
        return _invalid(request)
    _player, kind, address = found
    if request.method != "POST":
        return render(request, "mailings/unsubscribe_page.html", {"kind": kind})
    undo_token = subscriptions.unsubscribe(player, kind, address)
    context = {"kind": kind, "undo_token": undo_token}
    return render(request, "mailings/unsubscribed.html", context)


@require_POST
def undo_unsubscribe(request, token: str):
    found = subscriptions.read_undo(token)
    player = found and Player.objects.filter(pk=found[0]).first()
    if not player:
        return _invalid(request)
    subscriptions.undo(player, found[1])
    messages.success(request, _("You are subscribed again."))
    return redirect("mailings:subscribe-sent-back")


def subscribed_again(request):
    return render(request, "mailings/subscribed_again.html")


def can_see_mail(user, tournament: Tournament) -> bool:
    """The event's TD, or an organiser of the club whose evening it is."""
    if is_td(user, tournament):
        return True
    evening = Evening.objects.filter(tournament=tournament).first()
    return evening is not None and can_run(user, evening.competition)


def _organiser_view(view):
    """Log in first (as every /manage/ page), then the event's TD or an
    organiser of its club; the view receives the event."""

    @wraps(view)
    def wrapper(request, slug: str):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        tournament = get_object_or_404(Tournament, slug=slug)
        if not can_see_mail(request.user, tournament):
            raise PermissionDenied
        return view(request, tournament)

    return wrapper


@_organiser_view
def outbox(request, tournament: Tournament):
    mails = tournament.mails.select_related("player").order_by("-created", "-pk")
    counts = {s: mails.filter(status=s).count() for s in Mail.Status.values}
    context = {"tournament": tournament, "mails": mails[:500], "counts": counts}
    return render(request, "mailings/outbox.html", context)


@_organiser_view
@require_POST
def retry_now(request, tournament: Tournament):
    count = retry(tournament.mails.all())
    after_change()
    messages.success(request, _("%(n)s mails will be sent again now.") % {"n": count})
    return redirect(reverse("mailings:outbox", args=[tournament.slug]))
