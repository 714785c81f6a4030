"""What the TD's pages and the public pages say about the road online."""

from django import template

from publishing.models import OnlineCopy, Outbox

register = template.Library()


@register.inclusion_tag("publishing/_status.html")
def online_status(tournament):
    """The hall: how many changes wait to be sent, and why (none: nothing)."""
    return {
        "outbox": Outbox.objects.filter(tournament=tournament)
        .select_related("destination")
        .first(),
        "tournament": tournament,
    }


@register.inclusion_tag("publishing/_origin.html")
def online_origin(tournament):
    """The site: where and when the results came from (an upload)."""
    return {"copy": OnlineCopy.objects.filter(tournament=tournament).first()}
