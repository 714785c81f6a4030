"""Mails written from what the public pages show, once per publication.

Each mail is about a ``scope`` of an event ("round:3", "evening",
"seating:4") and carries the ``digest`` of its figures. A new mail for a
scope is written only when its figures differ from the last one written
for that player: a round published again unchanged mails nothing, a
correction that changes a player's figures mails them a corrected one
(``corrected``, which the mail says), and a correction that does not
touch theirs mails them nothing.
"""

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import translation

from mailings.models import Mail
from mailings.tokens import unsubscribe_url
from tournaments.models import Entry, Tournament
from tournaments.subscriptions import Recipient, anyone_q, recipients


@dataclass
class Draft:
    """One mail before it is stored: ``figures`` go to the templates
    ``template``.txt and .html; ``key`` (the numbers and names only, no
    words of a language) decides the digest."""

    entry: Entry
    to: Recipient
    kind: str
    scope: str
    template: str
    subject: str
    figures: dict
    key: object


def language_of(to: Recipient, tournament: Tournament) -> str:
    return to.language or tournament.language


def subscribers(tournament: Tournament, flag: str) -> list[tuple[Entry, Recipient]]:
    """(entry, address) for every address that gets this mail (``flag``:
    ``mail_results``, ``mail_season``, ``mail_seating``) about a player of
    the event (``tournaments.subscriptions.recipients``)."""
    entries = tournament.entries.filter(anyone_q("player__")).distinct()
    return [
        (entry, to)
        for entry in entries.select_related("player")
        .prefetch_related("player__subscriptions")
        .order_by("pk")
        for to in recipients(entry.player, flag)
    ]


def digest(key: object) -> str:
    text = json.dumps(key, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def last_digest(entry: Entry, to: str, kind: str, scope: str) -> str | None:
    mails = Mail.objects.filter(
        player=entry.player,
        tournament_id=entry.tournament_id,
        kind=kind,
        scope=scope,
        to__iexact=to,
    )
    return mails.order_by("-created", "-pk").values_list("digest", flat=True).first()


def store(
    draft: Draft, tournament: Tournament, only_corrections: bool = False
) -> Mail | None:
    """Queue ``draft`` unless it repeats the last mail of its scope (or,
    ``only_corrections``, no mail of its scope went out before)."""
    new = digest(draft.key)
    address = draft.to.address
    before = last_digest(draft.entry, address, draft.kind, draft.scope)
    if before == new or (only_corrections and before is None):
        return None
    player = draft.entry.player
    language = language_of(draft.to, tournament)
    corrected = before is not None
    with translation.override(language):
        subject = draft.subject
        if corrected:
            subject = translation.gettext("Correction: %(subject)s") % {
                "subject": subject
            }
        subject = " ".join(subject.split())  # one header line, whatever a name holds
        context = {
            "subject": subject,
            "player": player,
            "tournament": tournament,
            "figures": draft.figures,
            "corrected": corrected,
            "unsubscribe_url": unsubscribe_url(player.pk, draft.kind, address),
            "unsubscribe_all_url": unsubscribe_url(player.pk, address=address),
        }
        text = render_to_string(f"mailings/{draft.template}.txt", context)
        html = render_to_string(f"mailings/{draft.template}.html", context)
    return Mail.objects.create(
        player=player,
        tournament=tournament,
        kind=draft.kind,
        scope=draft.scope,
        digest=new,
        corrected=corrected,
        to=address,
        subject=subject[:200],
        text=text,
        html=html,
        language=language,
    )


def per_language(build: Callable[[], object]) -> Callable[[str], object]:
    """``build`` run once per language asked for (labels, hidden names and
    words inside the figures are in the language they were built in)."""
    done: dict[str, object] = {}

    def get(language: str):
        if language not in done:
            with translation.override(language):
                done[language] = build()
        return done[language]

    return get
