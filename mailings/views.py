"""Mail pages: subscribe (the public player page's link), confirm the
address, unsubscribe in one click (RFC 8058, no login), and the
organiser's outbox of an event with "retry now"."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from mailings import subscription, throttle
from mailings.forms import SubscribeForm
from mailings.models import Mail
from mailings.sending import retry, send_due
from mailings.tokens import read_confirm, read_unsubscribe
from seasons.models import Evening
from seasons.permissions import can_run
from tournaments.after_response import after_response
from tournaments.models import Entry, Player, Tournament
from tournaments.permissions import is_td
from tournaments.public_names import shown_player


def _invalid(request, status: int = 400):
    return render(request, "mailings/invalid.html", status=status)


def subscribe(request, slug: str, entry_id: int):
    entry = get_object_or_404(
        Entry.objects.select_related("player", "tournament"),
        pk=entry_id,
        tournament__slug=slug,
    )
    form = SubscribeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]
        if subscription.holds_other_address(entry.player, email):
            form.add_error("email", _address_taken())
        elif not throttle.allowed(email):
            form.add_error(
                "email",
                _("Too many requests for this address: try again in an hour."),
            )
        else:
            subscription.request_confirmation(
                entry, email, form.choices(), form.cleaned_data["language"]
            )
            after_response(send_due)
            return redirect("mailings:subscribe-sent")
    context = {
        "form": form,
        "entry": entry,
        "tournament": entry.tournament,
        "name": shown_player(entry.player),
    }
    status = 400 if form.errors else 200
    return render(request, "mailings/subscribe.html", context, status=status)


def _address_taken() -> str:
    return _(
        "The club already has another e-mail address for this player. Ask "
        "your club's secretary to change it."
    )


def subscribe_sent(request):
    return render(request, "mailings/subscribe_sent.html")


def confirm(request, token: str):
    data = read_confirm(token)
    player = data and Player.objects.filter(pk=data["p"]).first()
    if not player:
        return _invalid(request)
    try:
        subscription.confirm(player, data)
    except subscription.AddressTakenError:
        return render(
            request, "mailings/invalid.html", {"message": _address_taken()}, status=409
        )
    return render(request, "mailings/confirmed.html", {"email": data["e"]})


@csrf_exempt  # RFC 8058: the mail program posts, with no cookie and no token
def unsubscribe(request, token: str):
    found = read_unsubscribe(token)
    player = found and Player.objects.filter(pk=found[0]).first()
    if not player:
        return _invalid(request)
    undo_token = subscription.unsubscribe(player, found[1])
    if request.method == "POST":
        return redirect(request.path)
    context = {"kind": found[1], "undo_token": undo_token, "email": player.email}
    return render(request, "mailings/unsubscribed.html", context)


@require_POST
def undo_unsubscribe(request, token: str):
    found = subscription.read_undo(token)
    player = found and Player.objects.filter(pk=found[0]).first()
    if not player:
        return _invalid(request)
    subscription.undo(player, found[1])
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
    after_response(send_due)
    messages.success(request, _("%(n)s mails will be sent again now.") % {"n": count})
    return redirect(reverse("mailings:outbox", args=[tournament.slug]))
