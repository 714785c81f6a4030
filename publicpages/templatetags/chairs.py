"""``{% if seats|has_blind_man %}``: whether a table's players (a list of
seats, names or rows) sit with the blind man's hand, asked of
``tournaments.dealing`` (the one rule), never counted in a template."""

from django import template

from tournaments import dealing

register = template.Library()


@register.filter
def has_blind_man(players) -> bool:
    return dealing.has_blind_man(len(players))
