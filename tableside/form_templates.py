"""The table page's empty deal forms, one per set of players, made once and
kept a while (issue 40: the page costs a phone's round-trip on weak hall
Wi-Fi, and 30 phones open it at once when a round starts).

Those forms are most of the page (a table of five has four of them, each
with its selects of players and contracts) and they are the same for every
phone at the table and every load of the page: the players at the table,
the event's rules (frozen once play starts) and the language decide them.
So they are rendered once, kept in the cache under what decides them, and
each answer only puts its own CSRF token in (Django masks a token afresh
per answer: a kept page gives away nothing a fresh one would not). A name
changed by the TD makes a new key at once; anything else is made afresh
after ``KEEP_SECONDS`` at the latest (docs/decisions.md). The page's own
form of the next deal is kept the same way while it is empty (a change of
a waiting entry is filled in, and made each time).
"""

import hashlib
import secrets

from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tableside import page_state

#: How long a made set of forms is used before it is made again.
KEEP_SECONDS = 300
#: What stands for the CSRF token in a kept form.
TOKEN_MARK = "rikscore-csrf-token-of-this-answer"
#: What stands for the idempotency key a browser without script sends: each
#: answer its own, or two deals sent from two loads would count as one.
KEY_MARK = "rikscore-idempotency-key-of-this-answer"


def _decides(key, table, view, per_round: int, *more) -> str:
    """What a kept form depends on, hashed: the table's link, the players
    and who sits out each deal, the event's rules, the language."""
    tournament = table.round.tournament
    shapes = [
        (view.players_for(n), view.sitting_out_for(n)) for n in range(1, per_round + 1)
    ]
    decides = repr(
        (
            key.pk,
            key.slot,
            key.secret,
            get_language(),
            shapes,
            tournament.rules,
            bool(tournament.rules_snapshot),
            tournament.entry_mode,
            *more,
        )
    )
    return hashlib.sha256(decides.encode()).hexdigest()


def _kept(request, name: str, make) -> str:
    html = cache.get(name)
    if html is None:
        html = make()
        cache.set(name, html, KEEP_SECONDS)
    html = html.replace(TOKEN_MARK, get_token(request))
    return mark_safe(html.replace(KEY_MARK, secrets.token_hex(16)))


def variants_html(request, context: dict, key, table, view, per_round: int) -> str:
    """The ``<template>`` forms of the page (``tableside/_variants.html``),
    kept for the same table, players, rules and language."""

    def make():
        variants, _ = page_state.form_variants(key, table, view, per_round)
        return render_to_string(
            "tableside/_variants.html",
            {**context, "variants": variants, **_MARKS},
            request,
        )

    name = "tableside-forms:" + _decides(key, table, view, per_round)
    return _kept(request, name, make)


def empty_form_html(request, context: dict, key, table, view, per_round: int) -> str:
    """The page's own empty form of deal ``context["number"]`` (the one a
    browser without script fills in), kept likewise per deal number."""
    number = context["number"]

    def make():
        return render_to_string("td/entry/_form.html", {**context, **_MARKS}, request)

    name = "tableside-form:" + _decides(key, table, view, per_round, number)
    return _kept(request, name, make)


_MARKS = {"csrf_token": TOKEN_MARK, "idem_key": KEY_MARK}
