"""The what-if of a finished event, for everyone: its standings rescored
under another preset or house-rule set (``scoring.whatif``; nothing stored).

Only a finished event has one: every round public (published, none hidden
until the prize-giving: ``tournaments.visibility.every_round_public``), so
the what-if shows nothing the standings do not. The rendered content is
cached per version of the event, rules chosen and version of that
house-rule set: the same question costs one cache read.
"""

import hashlib

from django.core.cache import cache
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from publicpages.cache import KEEP_SECONDS, cache_key, reads
from publicpages.views import event_or_404, page_context
from rules.models import HouseRuleSet
from td.views_whatif import page_context as whatif_context
from tournaments.models import Tournament
from tournaments.page_versions import page_token
from tournaments.visibility import every_round_public

CONTENT = "public/whatif_content.html"


@reads("rules", "order")
def whatif(request, slug: str):
    tournament = event_or_404(slug)
    code = request.GET.get("rules", "").strip()[:60]
    order = "whatif" if request.GET.get("order") == "whatif" else ""
    finished = every_round_public(tournament)
    key = _key(tournament, code, order) if finished else None
    html = cache.get(key) if key else None
    if html is None:
        context = page_context(request, tournament, finished=finished)
        if finished:
            context.update(whatif_context(tournament, code, order))
        html = render_to_string(CONTENT, context, request=request)
        if key:
            cache.set(key, html, KEEP_SECONDS)
    title = f"{tournament.name} · {_('What if')}"
    return render(
        request,
        "public/page.html",
        {"tournament": tournament, "content": mark_safe(html), "page_title": title},
        status=200 if finished else 403,
    )


def _key(tournament: Tournament, code: str, order: str) -> str:
    """The cache key: the event's version, the language, the rules asked for
    and when that house-rule set last changed (a preset never does)."""
    changed = HouseRuleSet.objects.filter(slug=code).values_list("updated", flat=True)
    stamp = str(changed.first() or "") if code else ""
    digest = hashlib.sha256(f"{code}\0{stamp}".encode()).hexdigest()[:24]
    return cache_key("whatif", page_token(tournament), order, digest)
