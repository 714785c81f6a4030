"""``{{ mapping|of:key }}``: the value a view's mapping holds for a key the
template has in hand, e.g. ``{{ names|of:seat.entry_id }}`` with a read
model's {entry id: name as shown} (``tournaments.people``), so a template
never shapes a value the model already gave."""

from django import template

register = template.Library()


@register.filter
def of(mapping, key):
    """``mapping[key]``, or "" where the mapping has no such key."""
    return mapping.get(key, "") if mapping else ""
