"""Season pieces a page shows without its view knowing: the prize lists
of the prize evenings (the TD's season page)."""

from django import template

from seasons.month import prize_lists

register = template.Library()


@register.inclusion_tag("public/season/month_prizes.html")
def month_prizes(competition, public=False, lists=None):
    """Each prize evening's month ranking with its prizes; ``lists`` when
    the view has them already (``seasons.month.prize_lists``)."""
    if lists is None:
        lists = prize_lists(competition, public=public)
    return {"prize_lists": lists, "competition": competition}
